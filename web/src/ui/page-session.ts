/**
 * Connects a page to its simulation worker: the family's client with its messages routed,
 * the status line, the share button, the scenario source and panel, and the play controls.
 */
import type { FatalMessage, RejectedMessage } from '../sim/protocol';
import type { Controls } from './controls';
import { byId } from './dom';
import type { ScenarioFamily } from './family';
import { wireControls, type ControlledClient } from './page-controls';
import type { Preset } from './presets';
import type { FormModel } from './scenario-form';
import { ScenarioPanel } from './scenario-panel';
import { ScenarioSource, type ScenarioClient } from './scenario-source';
import { ShareButton } from './share-button';
import { StatusLine } from './status-line';
import type { PageParams } from './url-params';
import { routeMessages } from './worker-messages';

export type PageListener<L, F> = (msg: { type: 'ready'; defaultScenario: string } | FatalMessage | RejectedMessage | L | F) => void;

export interface PageSessionOptions<C, L, F> {
  family: ScenarioFamily;
  params: PageParams<string>;
  presets: readonly Preset[];
  defaultPreset: Preset | null;
  /** the panel's form (the gas form when absent) */
  form?: FormModel;
  /** the family's worker client, built around the page's listener */
  client(listener: PageListener<L, F>): C;
  loaded(msg: L): void;
  frame(msg: F): void;
  /** whether the latest frame was running (reset keeps running) */
  running(): boolean;
}

export interface PageSession<C> {
  client: C;
  status: StatusLine;
  source: ScenarioSource;
  controls: Controls;
}

export function connectPage<C extends ScenarioClient & ControlledClient, L extends { type: 'loaded' }, F extends { type: 'frame' }>(
  o: PageSessionOptions<C, L, F>,
): PageSession<C> {
  const { params } = o;
  const status = new StatusLine(byId('status', HTMLElement));
  const client = o.client(
    routeMessages<L, F>({
      ready: (json) => source.ready(json, controls.speed()),
      fatal: (message) => status.fatal(message),
      loaded: (msg) => o.loaded(msg),
      rejected: (msg) => source.rejected(msg),
      frame: (msg) => o.frame(msg),
    }),
  );
  const share = params.embed
    ? null
    : new ShareButton(byId('copy-link', HTMLButtonElement), byId('share-url', HTMLInputElement), byId('share-status', HTMLElement));
  const linkError = byId('link-error', HTMLElement);
  const source = new ScenarioSource({ family: o.family, client, params, defaultPreset: o.defaultPreset, status, linkError, share });
  const panel = params.embed
    ? null
    : new ScenarioPanel(byId('scenario-panel', HTMLElement), o.presets, { apply: source.load }, o.form);
  source.attach(panel);
  const controls = wireControls(client, o.running);
  return { client, status, source, controls };
}
