/**
 * Connects a page to its simulation worker: the family's client with its messages routed,
 * the status line, the share button, the scenario source and panel, the play controls and
 * the animation loop. The session keeps what both pages track of the worker (which load is
 * current, the latest frame); the page handles its family's loaded and frame messages.
 */
import { AdvanceStatus, type CrashedMessage, type FatalMessage, type FrameCommon, type LoadOrigin, type RejectedMessage } from '../sim/protocol';
import { CanvasExport, type ColourScale } from './canvas-export';
import { byId, el } from './dom';
import { EmbedApi, parseAllowList } from './embed-api';
import { wrongPageProblem, type ScenarioFamily } from './family';
import { FrameLoop, type FrameView } from './frame-loop';
import { KnownPresets } from './known-presets';
import { frameState, wireControls, type ControlledClient } from './page-controls';
import type { Preset } from './presets';
import type { FormModel } from './scenario-form';
import { ScenarioPanel } from './scenario-panel';
import { reproduce, reproduceText, runStem } from './reproduce';
import { reproduceLine } from './reproduce-line';
import { ScenarioSource, type ScenarioClient } from './scenario-source';
import { PaceMeter } from './pace';
import { ShareButton } from './share-button';
import { StatusLine } from './status-line';
import { setCrashTrigger, type GranularState } from './test-hook';
import { showAddressProblems, type PageParams } from './url-params';
import { routeMessages } from './worker-messages';

export type PageListener<L, F> = (
  msg: { type: 'ready'; defaultScenario: string; version: string } | FatalMessage | CrashedMessage | RejectedMessage | L | F,
) => void;

export interface PageSessionOptions<C, L, F> {
  family: ScenarioFamily;
  params: PageParams<string>;
  presets: readonly Preset[];
  defaultPreset: Preset | null;
  /** the panel's form (the gas form when absent) */
  form?: FormModel;
  /** the family's worker client, built around the page's listener */
  client(listener: PageListener<L, F>): C;
  /** a scenario was loaded (the session has taken its generation and count) */
  loaded(msg: L): void;
  /** a frame of the current load (the session updates the controls and status after) */
  frame(msg: F): void;
  /** the engine turned down a scenario applied on the page (after the panel has shown why) */
  rejected?(msg: RejectedMessage): void;
  /** the status line while running, e.g. "Running — 1,000 discs" */
  runningText(count: number): string;
  /**
   * The clock of a frame whose time is not yet the run's own, shown by the play controls and a
   * paused status line (the avalanche's "settling 0.34 s": its time counts from minus the longest
   * settling and jumps to 0 when the gate opens); null, or absent, for "t = … s". Like "t = … s", it
   * tells the picture's time (the frame's pictureTime), not the engine's progress.
   */
  clock?(msg: F): string | null;
  /** where Reset and Replay take the run, as their tooltips say it ("t = 0" when absent) */
  start?: string;
  view: FrameView;
  /** the canvas the PNG and WebM exports take (#sim-canvas by default) */
  exportCanvas?: HTMLCanvasElement;
  /** the colour scale the canvas is drawn in, which its PNG shows too (the gas's speed colours) */
  colourScale?(): ColourScale | null;
  plotsDirty(): boolean;
  /** redraws the plots and clears what plotsDirty() reports */
  updatePlots(): void;
  /** the family's observables of the latest frame for the postMessage API (SI units), besides time */
  observables?(): Record<string, number>;
}

export interface PageSession<C> {
  client: C;
  source: ScenarioSource;
  /** the scenario panel (none when embedded) */
  panel: ScenarioPanel | null;
  /** what the end-to-end test hook reports */
  state(): GranularState;
}

export function connectPage<
  C extends ScenarioClient & ControlledClient & { tick(dt: number): void; simulateCrash(): void },
  L extends { type: 'loaded'; generation: number; count: number; origin: LoadOrigin; scenarioJson: string },
  F extends FrameCommon,
>(o: PageSessionOptions<C, L, F>): PageSession<C> {
  const { params } = o;
  let generation = -1;
  let count = 0;
  let lastFrame: F | null = null;
  let running = false;
  const pace = new PaceMeter();

  const status = new StatusLine(byId('status', HTMLElement), document.getElementById('canvas-wrap'));
  // The embedding page's load command waits for the engine's verdict on that load. The engine
  // answers loads in the order they were sent, so while loads it has not answered yet came before
  // the latest, its next answers are theirs: two loads sent at once had the answer to the first
  // taken for the second's (a refused scenario reported loaded, an accepted one refused).
  let apiLoad: ((problem: string | null) => void) | null = null;
  let apiUnanswered = 0;
  const apiAnswered = (problem: string | null): void => {
    apiUnanswered = Math.max(0, apiUnanswered - 1);
    if (apiUnanswered === 0) settleApiLoad(problem);
  };
  let announced = false;
  // the last scenario the engine accepted: loaded again, paused, into a restarted engine
  let lastScenario: string | null = null;
  // a restarted engine has the last scenario on its way: its 'ready' loads nothing more
  let reloading = false;
  const settleApiLoad = (problem: string | null): void => {
    const resolve = apiLoad;
    apiLoad = null;
    resolve?.(problem);
  };
  const client = o.client(
    routeMessages<L, F>({
      ready: (json, version) => {
        reproduce.set({ version });
        if (reloading) reloading = false;
        else source.ready(json, controls.speed());
      },
      fatal: (message) => {
        apiUnanswered = 0;
        settleApiLoad(message);
        status.fatal(message);
        controls.unavailable(message);
        panel?.unavailable(message);
      },
      crashed: (message) => {
        // The client has started a fresh worker; nothing the user had is lost. The last scenario
        // goes to it now, ahead of what the user applies while its engine loads (sent once the
        // engine was ready, it came after a scenario applied meanwhile and replaced it).
        reloading = lastScenario !== null;
        if (lastScenario !== null) client.load(lastScenario, 'reset', false);
        // the retired worker answers nothing more
        apiUnanswered = 0;
        settleApiLoad(message);
        status.notice(`${message} The engine was restarted${lastScenario !== null ? ' with the last scenario, paused' : ''}.`);
      },
      loaded: (msg) => {
        generation = msg.generation;
        count = msg.count;
        lastScenario = msg.scenarioJson;
        o.loaded(msg);
        if (msg.origin === 'api') apiAnswered(null);
      },
      rejected: (msg) => {
        if (msg.origin === 'api') apiAnswered(msg.errors.map((e) => e.text).join('; '));
        else {
          source.rejected(msg);
          o.rejected?.(msg);
        }
      },
      frame: (msg) => {
        frames.answered();
        if (msg.generation !== generation) return;
        lastFrame = msg;
        running = msg.running;
        o.frame(msg);
        controls.setRunning(msg.running);
        controls.setFinished(msg.status === AdvanceStatus.Finished ? 'finished' : msg.status === AdvanceStatus.Stopped ? 'stopped' : null);
        // the pace measures the engine's progress (msg.time); everything else here describes the
        // picture on screen, whose time is msg.pictureTime: between two output instants of the soft
        // discs or the avalanche the engine's time runs ahead while the picture, the plots, the hash
        // and the exports stay at the last instant, and "t = …" ran ahead of what it stood beside
        controls.setPace(pace.sample(performance.now(), msg.time, msg.running, msg.behind), msg.running ? { time: msg.pictureTime, next: msg.nextOutput } : null);
        const clock = o.clock?.(msg) ?? null;
        controls.setTime(msg.pictureTime, clock);
        // the status is a live region: it changes on play / pause / step / end, not every frame
        status.frame(msg, o.runningText(count), clock);
        api.frame(observables(), msg.status === AdvanceStatus.Finished || msg.status === AdvanceStatus.Stopped, msg.message);
        // the first frame with the family's observables: the embedding page may start talking
        if (!announced && window.parent !== window && Object.keys(observables()).length > 1) {
          announced = true;
          api.announce(window.parent, o.family);
        }
      },
    }),
  );
  const share = params.embed
    ? null
    : new ShareButton(byId('copy-link', HTMLButtonElement), byId('share-url', HTMLInputElement), byId('share-status', HTMLElement));
  const linkError = byId('link-error', HTMLElement);
  showAddressProblems(byId('address-error', HTMLElement), params.problems);
  // the bundled presets, which the panel lists and the source names a run by (embedded too)
  const known = new KnownPresets(o.presets);
  const source = new ScenarioSource({ family: o.family, client, params, defaultPreset: o.defaultPreset, known, status, linkError, share });
  const panel = params.embed
    ? null
    : new ScenarioPanel(byId('scenario-panel', HTMLElement), known, { apply: source.load }, o.form);
  source.attach(panel);
  const controls = wireControls(client, () => running, o.start);
  // the canvas's PNG and WebM recording, after the play controls
  if (!params.embed) {
    const canvasExport = new CanvasExport(
      o.exportCanvas ?? byId('sim-canvas', HTMLCanvasElement),
      () => runStem(reproduce.get()),
      // the clock as the controls show it ("t = 0.72 s", "settling 0.34 s"), then the reproduce line
      () => `${byId('sim-time', HTMLElement).textContent ?? ''} · ${reproduceText(reproduce.get())}`,
      undefined,
      () => o.colourScale?.() ?? null,
    );
    const bar = byId('controls', HTMLElement);
    bar.insertBefore(canvasExport.root, bar.querySelector('#sim-time'));
  }

  // Embedded without a plot, the page had no line saying what it showed nor leading to the full page,
  // which an embedded plot ends with: the same line, once, under the simulation (the stage's last row,
  // inside the column the canvas is fitted to; its short form in a small frame, styles.css)
  if (params.embed && params.plot === null) {
    const stage = byId('status', HTMLElement).closest<HTMLElement>('.stage');
    stage?.append(el('div', { class: 'plot-foot stage-foot' }, reproduceLine(reproduce, 'the simulation')));
  }

  // the animation loop: ask the worker for a frame, draw what arrived
  const frames = new FrameLoop(o.view, {
    loaded: () => generation >= 0,
    idle: () => lastFrame !== null && !lastFrame.running && !lastFrame.stepping,
    tick: (dt) => client.tick(dt),
    plotsDirty: () => o.plotsDirty(),
    updatePlots: () => o.updatePlots(),
  });

  // the postMessage API of an embedded page (docs/embedding.md). `time` is the picture's, as the page
  // shows it: the families' observables are all read at output instants (the avalanche's samples and
  // summary, the soft discs' ledger rows), and the engine's time between two of them, paired with
  // them, said e.g. "runout 0.21 m at t = 0.74 s" of a runout reached at 0.5 s
  const observables = (): Record<string, number> => ({ time: lastFrame?.pictureTime ?? 0, ...(o.observables?.() ?? {}) });
  const api = new EmbedApi(
    {
      load: (json) => {
        // a scenario of another page would only be refused by this engine's validator, less clearly
        const wrong = wrongPageProblem(json, o.family);
        if (wrong !== null) return Promise.resolve(wrong);
        return new Promise<string | null>((resolve) => {
          settleApiLoad('replaced by a later load');
          apiLoad = resolve;
          apiUnanswered += 1;
          source.load(json, 'api');
        });
      },
      play: () => client.play(),
      pause: () => client.pause(),
      reset: () => client.reset(false),
      step: () => client.step(),
      observables,
    },
    parseAllowList(params.origins, window.location.origin),
    (target, message, origin) => (target as Window).postMessage(message, origin),
  );
  window.addEventListener('message', (event) => void api.handle(event));
  setCrashTrigger(() => client.simulateCrash());

  return { client, source, panel, state: () => frameState(lastFrame, count) };
}
