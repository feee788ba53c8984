/**
 * Wires the chain lab page (chain.html): the four panels, the share link (every panel's last
 * run inputs as JSON in #s=, which the address follows from the start of a run of the user's) and a
 * read-only test hook, window.__chain.
 */
import guideText from '../../../docs/guides/chain.md?raw';
import { mountGuide } from '../guide/guide-panel';
import { AddressFollower, replaceAddress } from '../ui/address';
import { byId, el, setClippedText } from '../ui/dom';
import { goToFamilyPage } from '../ui/family-redirect';
import { panelLastWhenStacked } from '../ui/page-layout';
import { reproduce } from '../ui/reproduce';
import { reproduceLine } from '../ui/reproduce-line';
import { shareLinkFor } from '../ui/share';
import { ShareButton } from '../ui/share-button';
import { parsePageParams, showAddressProblems } from '../ui/url-params';
import { McPanel } from './mc-panel';
import { NewtonPanel } from './newton-panel';
import { decodeState, defaultState, rowHeading, stateToJson, type ChainState } from './state';
import { SweepPanel } from './sweep-panel';
import { TimePanel } from './time-panel';
import type { RunStarted } from './widgets';

export const CHAIN_PANELS = ['time', 'sweep', 'newton', 'mc'] as const;
export type ChainPanelKind = (typeof CHAIN_PANELS)[number];
/** the widths (CSS px) at or under which chain.css stacks a panel's form and its results, and a table and its chart, in one column */
const FORM_STACKED = 900;
const TABLE_STACKED = 1200;

export interface ChainProbe {
  time: ReturnType<TimePanel['probe']>;
  sweep: ReturnType<SweepPanel['probe']>;
  newton: ReturnType<NewtonPanel['probe']>;
  mc: ReturnType<McPanel['probe']>;
  /** the state the share link carries now */
  state: ChainState;
}

declare global {
  interface Window {
    __chain?: { probe(): ChainProbe };
  }
}

export function startChainApp(): void {
  const params = parsePageParams(window.location.search, window.location.hash, CHAIN_PANELS);
  document.body.classList.toggle('embed', params.embed);
  mountGuide(guideText, params.embed);
  const state = defaultState();
  const share = params.embed
    ? null
    : new ShareButton(byId('copy-link', HTMLButtonElement), byId('share-url', HTMLInputElement), byId('share-status', HTMLElement));
  const linkError = byId('link-error', HTMLElement);
  showAddressProblems(byId('address-error', HTMLElement), params.problems);
  // The address follows the runs the user starts, from their start: a reload or a bookmark keeps every
  // panel's inputs, also those of a long sweep or Monte Carlo run still under way (the address took
  // them only when the run finished, so a reload during it gave the inputs of the run before). A run
  // that ends without a result (cancelled, refused) puts back the address of the runs that finished.
  // The page's own start, the defaults or a link's, leaves the address as it is. An embed's address
  // is the embedding page's to set.
  const address = new AddressFollower();
  /** the inputs of the runs the user started that are still under way, by panel */
  let underWay: Partial<ChainState> = {};
  /** the page's start (defaults or a link): its state and the address it came with */
  let start = { json: stateToJson(state), url: currentAddress() };
  /** the state the address holds: the start's until a run of the user */
  let addressJson = start.json;
  const followAddress = (): void => {
    if (share === null) return;
    const json = stateToJson({ ...state, ...underWay });
    // Copy link shares what the address holds: it writes the address too, and with the finished runs
    // alone a copy during a long run put them back there for good (the run's end changes nothing more)
    share.setScenario(json);
    if (json === addressJson) return;
    addressJson = json;
    if (json === start.json) {
      // back to the start's inputs (its one run cancelled, say): its address as it came
      address.stop();
      replaceAddress(start.url);
    } else {
      address.follow(json, (payload) => (share.lastPayload = payload));
    }
  };
  const started = <K extends keyof ChainState>(kind: K): RunStarted<ChainState[K]> => (inputs, run) => {
    underWay[kind] = inputs;
    followAddress();
    const ended = (): void => {
      // a later run of the panel, or a new start of the page, has taken its place
      if (underWay[kind] !== inputs) return;
      delete underWay[kind];
      followAddress();
    };
    void run.then(ended, ended);
  };
  // Embedded, each panel ends with the line the other pages' embedded plots have: the lab's version
  // and a link to the full page with these inputs, in a new tab (reproduceLine); it follows the runs
  let linked = 0;
  let lineJson: string | null = null;
  const followLine = (json: string): void => {
    // the start's four panels report the same inputs one by one: one link for them
    if (!params.embed || json === lineJson) return;
    lineJson = json;
    reproduce.set({ scenario: rowHeading(state.time), engine: 'chain', precision: '' });
    const shown = ++linked;
    shareLinkFor(json, window.location.href).then(
      ({ url }) => {
        if (shown === linked) reproduce.set({ link: url });
      },
      () => undefined,
    );
  };
  const changed = (): void => {
    const json = stateToJson(state);
    followLine(json);
    followAddress();
  };

  // the header names the row panel (a) shows: set with its run, from the fields or a link
  const heading = byId('scenario-name', HTMLElement);
  const time = new TimePanel(byId('panel-time', HTMLElement), (v) => {
    state.time = v;
    setClippedText(heading, rowHeading(v));
    changed();
  }, started('time'));
  const sweep = new SweepPanel(byId('panel-sweep', HTMLElement), (v) => ((state.sweep = v), changed()), started('sweep'));
  const newton = new NewtonPanel(byId('panel-newton', HTMLElement), (v) => ((state.newton = v), changed()), started('newton'));
  const mc = new McPanel(byId('panel-mc', HTMLElement), (v) => ((state.mc = v), changed()), started('mc'));
  // after the panels' own content: the line is each panel's last
  const runContexts = { time: time.runContext, sweep: sweep.runContext, newton: newton.runContext, mc: mc.runContext };
  const formStacked = window.matchMedia(`(max-width: ${FORM_STACKED}px)`);
  const tableStacked = window.matchMedia(`(max-width: ${TABLE_STACKED}px)`);
  for (const kind of CHAIN_PANELS) {
    const panel = byId(`panel-${kind}`, HTMLElement);
    plotsFirstWhenStacked(panel, formStacked, tableStacked);
    // each panel's own run (its pictures' line: "Chain lab, Newton's method: …"), not the row's for all four
    if (params.embed) panel.append(el('div', { class: 'plot-foot chain-foot' }, reproduceLine(runContexts[kind], `the ${kind} panel`)));
  }

  // ?until=: the row animation (the page's only clock) pauses there
  time.setUntil(params.until);

  if (params.embed && params.plot !== null) {
    for (const kind of CHAIN_PANELS) byId(`panel-${kind}`, HTMLElement).hidden = kind !== params.plot;
  }

  const apply = (s: ChainState): void => {
    // the panels report their runs one by one: the state is the whole of s from the start, so no
    // mixture of it and the state before reaches the address
    Object.assign(state, structuredClone(s));
    underWay = {};
    start = { json: stateToJson(state), url: currentAddress() };
    addressJson = start.json;
    followLine(start.json);
    address.stop();
    time.set(s.time);
    sweep.set(s.sweep);
    newton.set(s.newton);
    mc.set(s.mc);
    void time.compute(s.time);
    void sweep.compute(s.sweep);
    void newton.compute(s.newton);
    void mc.compute(s.mc);
  };

  /** `pastedFrom`: the address before a link was put into it on this open page (its state is kept when the link cannot be read) */
  const loadShared = (payload: string, pastedFrom: string | null = null): void => {
    decodeState(payload).then(
      ({ state: s, problems, page }) => {
        // a scenario link of another page (one opened here by hand) goes to that page
        if (page !== null && page !== 'chain') {
          goToFamilyPage(page);
          return;
        }
        linkError.hidden = problems.length === 0;
        linkError.textContent = problems.length ? `Parts of the shared link were not used: ${problems.join('; ')}. Their defaults apply.` : '';
        apply(s);
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        linkError.hidden = false;
        if (pastedFrom !== null) {
          // the inputs the reader had stay, and the address goes back to them
          replaceAddress(pastedFrom);
          linkError.textContent = `The link put in the address could not be read: ${reason}. Your inputs are still loaded, and the address is back to them.`;
          return;
        }
        linkError.textContent = `The shared link could not be read: ${reason}. The defaults were loaded instead.`;
        apply(defaultState());
      },
    );
  };

  if (params.shared !== null) loadShared(params.shared);
  else apply(defaultState());

  window.addEventListener('hashchange', (event) => {
    const next = parsePageParams(window.location.search, window.location.hash).shared;
    if (next === null || next === share?.lastPayload) return;
    loadShared(next, event.oldURL);
  });

  const hook = Object.freeze({
    probe: (): ChainProbe => ({
      time: time.probe(),
      sweep: sweep.probe(),
      newton: newton.probe(),
      mc: mc.probe(),
      state: structuredClone(state),
    }),
  });
  Object.defineProperty(window, '__chain', { value: hook, writable: false, configurable: false });
}

/**
 * A panel stacked in one column (900 px or less) showed its form first and its plots below it: an
 * embedded one below the frame's bottom edge (at 640 x 480 the time panel's first chart ended at
 * 745 px), and on a 375 px phone the page's first chart came only after the time panel's whole form
 * and each panel's after its own. There the form follows the panel's results and plots, as the other pages' scenario
 * panel follows the simulation on a phone, still there to scroll or tab to (its Run button beside
 * its progress row, the result line above announced as it changes); beside them, wider, it is the
 * left column. Likewise the boundary value's and Monte Carlo's chart comes before its table where the
 * two are stacked (1200 px or less), embedded or not: the full page showed the table first and the
 * chart under it, while a reader looks at the chart first and the table holds its detail. Side by
 * side, wider, the table keeps the left. The elements move (panelLastWhenStacked), so the keyboard's
 * order is the order on screen.
 */
function plotsFirstWhenStacked(panel: HTMLElement, formStacked: MediaQueryList, tableStacked: MediaQueryList): void {
  const form = panel.querySelector<HTMLElement>('.panel-grid > .chain-form');
  if (form) panelLastWhenStacked(form, formStacked);
  const table = panel.querySelector<HTMLElement>('.plot-grid.two > .table-card');
  if (table) panelLastWhenStacked(table, tableStacked);
}

/** the tab's address as it is: path, query and fragment */
function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
