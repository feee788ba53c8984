/**
 * Wires the comparison page (compare.html): one set-up through the event-driven, soft
 * (Hunt–Crossley) and NSCD (Moreau–Jean) engines side by side — three canvases, the plots with
 * the three engines overlaid, the four-sphere row's table — with the scenario panel, the play
 * controls, the share link and the embed API shared with the other pages. The physics runs in
 * compare/worker.ts (the run) and compare/table-worker.ts (the table).
 */
import guideText from '../../../docs/guides/compare.md?raw';
import { mountGuide } from '../guide/guide-panel';
import type { CompareEngineStatus } from '../sim/granular-wasm';
import { getPath, type JsonObject } from '../sim/scenario';
import { byId, el, formatCount, formatNumber } from '../ui/dom';
import { prefersReducedMotion } from '../ui/motion';
import { layOutPage } from '../ui/page-layout';
import { connectPage } from '../ui/page-session';
import { bundledPresets, DEFAULT_COMPARE_PRESET_ID } from '../ui/presets';
import { ReadoutTable } from '../ui/readout-table';
import { parseLoadedScenario } from '../ui/scenario-source';
import { installTestHook } from '../ui/test-hook';
import { CanvasReadout, canvasProbe, discTarget } from '../ui/canvas-readout';
import { parsePageParams } from '../ui/url-params';
import { CompareClient, TableClient } from './client';
import { COMPARE_FORM } from './compare-form';
import { COMPARE_PLOT_KINDS, ComparePlot } from './compare-plots';
import { CompareView } from './compare-view';
import { ENGINES, ENGINE_NAMES, engineMessage, type CompareFrameMessage, type CompareLoadedMessage } from './protocol';
import { parseRowTable, runLengthText } from './row-table';
import { COMPONENTS, CompareSeries, type Component } from './series';
import { TableCard } from './table-card';

const READOUT_ROWS = [
  ['time', 'time t', 's'],
  ['duration', 'run length', 's'],
  ['discs', 'discs (diameter 1 m, mass 1 kg)', ''],
  ['restitution', 'restitution e (every engine)', ''],
  ['event', 'event-driven: events processed', ''],
  ['soft', 'soft: integrator steps (rejected)', ''],
  ['nscd', 'NSCD: steps (mean iterations)', ''],
] as const;

class CompareReadout extends ReadoutTable<(typeof READOUT_ROWS)[number][0]> {
  constructor(container: HTMLElement) {
    super(container, READOUT_ROWS);
  }

  loaded(duration: number, discs: number, restitution: number, lastExact = -1): void {
    this.set('duration', runLengthText(duration, lastExact));
    this.set('discs', formatCount(discs));
    this.set('restitution', formatNumber(restitution, 6));
  }

  update(time: number, status: readonly CompareEngineStatus[]): void {
    this.set('time', formatNumber(time, 6));
    const [ev, soft, nscd] = status;
    if (ev) this.set('event', formatCount(ev.work));
    if (soft) this.set('soft', `${formatCount(soft.work)} (${formatCount(soft.iterations)})`);
    if (nscd) this.set('nscd', `${formatCount(nscd.work)} (${formatNumber(nscd.iterations, 3)})`);
  }
}

/** what each engine's caption says now */
function captionText(k: number, s: CompareEngineStatus, walls: boolean): string {
  const key = ENGINES[k] ?? 'event';
  const name = ENGINE_NAMES[key];
  if (s.stopped) return `${name} — stopped: ${engineMessage(s.message)}`;
  const made = formatCount(s.contacts);
  // "and wall hits" only where there are walls: the row and the pair have none
  if (key === 'event') return `${name} — ${made} collision${s.contacts === 1 ? '' : 's'}${walls ? ' and wall hits' : ''}${s.iterations > 0 ? `, ${formatCount(s.iterations)} made elastic by TC` : ''}`;
  return `${name} — ${made} contact${s.contacts === 1 ? '' : 's'} made, ${formatCount(s.active)} active`;
}

/** the short engine names of the compact captions */
const SHORT_NAMES = { event: 'event-driven', soft: 'soft', nscd: 'NSCD' } as const;

/**
 * The caption in a column narrower than about 10rem (compare.css), where the full one took up to
 * nine rows above a 69 px canvas (480 x 360 frame) and five on a phone: the short name and the
 * count alone, or that the engine stopped (the full caption stays for screen readers).
 */
function captionShort(k: number, s: CompareEngineStatus): [string, string] {
  const key = ENGINES[k] ?? 'event';
  if (s.stopped) return [SHORT_NAMES[key], 'stopped'];
  const noun = key === 'event' ? 'collision' : 'contact';
  return [SHORT_NAMES[key], `${formatCount(s.contacts)} ${noun}${s.contacts === 1 ? '' : 's'}`];
}

export function startCompareApp(): void {
  const params = parsePageParams(window.location.search, window.location.hash, COMPARE_PLOT_KINDS, prefersReducedMotion());
  const wanted = layOutPage(params, COMPARE_PLOT_KINDS, 920);
  // Embedded for its table (?plot=table), the table is what the frame is for: it comes first, the
  // canvases and their controls after it (compare.css). In a narrow frame it sat under them, below a
  // 480 x 360 frame's edge with nothing in view saying it was there. The element moves, not a CSS
  // order, so the keyboard's order is the order on screen.
  if (params.embed && params.plot === 'table') {
    const stage = document.querySelector<HTMLElement>('.layout > .stage');
    stage?.before(byId('plots', HTMLElement));
  }
  mountGuide(guideText, params.embed);

  // ---- plots and the table
  const energyPlot = wanted('energy') ? new ComparePlot(byId('plot-energy', HTMLElement), 'energy') : null;
  const velocityPlot = wanted('velocity') ? new ComparePlot(byId('plot-velocity', HTMLElement), 'velocity') : null;
  const heightPlot = wanted('height') ? new ComparePlot(byId('plot-height', HTMLElement), 'height') : null;
  const contactsPlot = wanted('contacts') ? new ComparePlot(byId('plot-contacts', HTMLElement), 'contacts') : null;
  const plots = [energyPlot, velocityPlot, heightPlot, contactsPlot].filter((p): p is ComparePlot => p !== null);
  const tableCard = wanted('table') ? new TableCard(byId('card-table', HTMLElement)) : null;
  const tables = new TableClient();

  const energyLog = byId('energy-log', HTMLInputElement);
  energyLog.addEventListener('change', () => {
    energyPlot?.setLog(energyLog.checked);
    plotsDirty = true;
  });

  // the velocity plot's disc and component
  const discSelect = el('select', { id: 'disc-select' });
  const componentSelect = el('select', { id: 'component-select' }, ...COMPONENTS.map(([value, symbol]) => el('option', { value }, symbol)));
  byId('velocity-picker', HTMLElement).replaceChildren(
    el('label', { for: 'disc-select' }, 'Disc'),
    discSelect,
    el('label', { for: 'component-select' }, 'Component'),
    componentSelect,
    el('span', { class: 'hint' }, 'the disc is ringed in solid black on the canvases'),
  );
  const picked = (): { disc: number; component: Component } => ({
    disc: Math.max(0, Number(discSelect.value) - 1),
    component: (COMPONENTS.find((c) => c[0] === componentSelect.value)?.[0] ?? 'vx') as Component,
  });
  const repick = (): void => {
    const { disc, component } = picked();
    velocityPlot?.pick(disc, component);
    view.select(disc);
    plotsDirty = true;
  };
  discSelect.addEventListener('change', repick);
  componentSelect.addEventListener('change', repick);

  // ---- canvases
  const canvases = [byId('sim-canvas', HTMLCanvasElement), byId('canvas-soft', HTMLCanvasElement), byId('canvas-nscd', HTMLCanvasElement)];
  const captions = ENGINES.map((k) => byId(`caption-${k}`, HTMLElement));
  const shortCaptions = ENGINES.map((k) => byId(`caption-short-${k}`, HTMLElement));
  const view = new CompareView(canvases, byId('canvas-wrap', HTMLElement), params.embed);
  // the disc under the pointer, as drawn, on one line under the three canvases naming the engine
  const scenes = canvases.map((_, k) => view.drawnScene(k));
  const canvasReadout = new CanvasReadout(
    byId('canvas-wrap', HTMLElement),
    canvases.map((c, k) => discTarget(c, scenes[k]!, SHORT_NAMES[ENGINES[k] ?? 'event'])),
    params.embed,
  );
  view.onDraw = () => canvasReadout.refresh();
  const readout = params.embed ? null : new CompareReadout(byId('readout', HTMLElement));

  // ---- state from the worker
  let series = new CompareSeries(0);
  let kind = 'row';
  let sceneWalls = false;
  let plotsDirty = false;
  let lastStatus: CompareEngineStatus[] = [];
  let tableFor = '';

  const presets = bundledPresets('compare');
  const defaultPreset = presets.find((p) => p.id === DEFAULT_COMPARE_PRESET_ID) ?? presets[0] ?? null;

  const { source, state } = connectPage({
    family: 'compare',
    params,
    presets,
    defaultPreset,
    form: COMPARE_FORM,
    client: (listener) => new CompareClient(listener),
    loaded: onLoaded,
    frame: onFrame,
    runningText: (n) => `Running — ${n.toLocaleString('en-US')} disc${n === 1 ? '' : 's'} in each of the three engines`,
    view,
    exportCanvas: view.composite,
    plotsDirty: () => plotsDirty,
    updatePlots: () => {
      for (const plot of plots) plot.update(series);
      plotsDirty = false;
    },
    // for the embedding page (docs/embedding.md): J, m, counts, per engine
    observables: () => {
      const last = (columns: number[][], k: number): number => columns[k]?.[series.length - 1] ?? NaN;
      const out: Record<string, number> = {};
      ENGINES.forEach((key, k) => {
        const name = key.charAt(0).toUpperCase() + key.slice(1);
        out[`kinetic${name}`] = last(series.kinetic, k);
        out[`height${name}`] = last(series.height, k);
        out[`contacts${name}`] = last(series.contacts, k);
        out[`stopped${name}`] = lastStatus[k]?.stopped ? 1 : 0;
      });
      return out;
    },
  });

  function onLoaded(msg: CompareLoadedMessage): void {
    const scenario: JsonObject = parseLoadedScenario(msg.scenarioJson);
    const k = getPath(scenario, 'setup.kind');
    const previousKind = kind;
    kind = typeof k === 'string' ? k : 'row';
    const e = getPath(scenario, 'restitution');
    series = new CompareSeries(msg.count);
    for (const plot of plots) plot.setOutputInterval(msg.outputInterval);
    lastStatus = [];
    view.setScene(msg.count, msg.radii, msg.region, msg.walls, msg.positions);
    sceneWalls = msg.walls.length > 0;
    // the disc picker: the row's last disc is the one the benchmark asks about. A disc the reader
    // chose stays chosen through Apply, Reset and another scenario of the same set-up that has it
    // (changing e jumped the velocity plot back to disc 4 of the row)
    const chosen = Number(discSelect.value);
    const keep = kind === previousKind && Number.isInteger(chosen) && chosen >= 1 && chosen <= msg.count;
    discSelect.replaceChildren(...Array.from({ length: msg.count }, (_, i) => el('option', { value: String(i + 1) }, String(i + 1))));
    discSelect.value = keep ? String(chosen) : kind === 'row' ? String(msg.count) : '1';
    repick();
    // the centre-of-mass height says something only for the pile
    if (!params.embed) byId('card-height', HTMLElement).hidden = kind !== 'pile';
    heightPlot?.setKind(kind);
    readout?.loaded(msg.duration, msg.count, typeof e === 'number' ? e : NaN, msg.lastExactCollision);
    for (const c of captions) c.textContent = '';
    shortCaptions.forEach((c, k) => c.replaceChildren(el('b', {}, SHORT_NAMES[ENGINES[k] ?? 'event'])));
    plotsDirty = true;
    source.show(scenario, msg.scenarioJson, msg.origin);
    updateTable(scenario);
  }

  /** the table: the row run to its end by the table worker, again only when the scenario changed */
  function updateTable(scenario: JsonObject): void {
    if (!tableCard) return;
    if (kind !== 'row') {
      tableFor = '';
      tableCard.idle();
      return;
    }
    const json = JSON.stringify(scenario);
    if (json === tableFor) return;
    tableFor = json;
    tableCard.computing();
    tables.compute(json).then(
      (text) => {
        if (json !== tableFor) return;
        const parsed = parseRowTable(text);
        if (parsed.ok) tableCard.show(parsed.table);
        else tableCard.failed(parsed.message);
      },
      (error: unknown) => {
        if (json !== tableFor) return;
        const message = error instanceof Error ? error.message : String(error);
        if (message !== 'replaced') tableCard.failed(message);
      },
    );
  }

  function onFrame(msg: CompareFrameMessage): void {
    if (msg.positions) view.setPositions(msg.positions, msg.velocities);
    if (msg.samples && msg.samples.time.length > 0) {
      series.push(msg.samples);
      plotsDirty = true;
    }
    lastStatus = msg.engines;
    msg.engines.forEach((s, k) => {
      const text = captionText(k, s, sceneWalls);
      const caption = captions[k];
      if (caption && caption.textContent !== text) caption.textContent = text;
      const [name, count] = captionShort(k, s);
      const short = shortCaptions[k];
      if (short && short.textContent !== `${name} ${count}`) short.replaceChildren(el('b', {}, name), ` ${count}`);
    });
    readout?.update(msg.time, msg.engines);
  }

  installTestHook(
    state,
    () => ({ energy: energyPlot?.points() ?? 0, histogram: 0, rate: 0 }),
    undefined,
    undefined,
    () => ({
      kind,
      engines: ENGINES.map((_, k) => ({
        stopped: lastStatus[k]?.stopped ?? false,
        message: lastStatus[k]?.message ?? '',
        work: lastStatus[k]?.work ?? 0,
        contacts: lastStatus[k]?.contacts ?? 0,
        kinetic: series.kinetic[k]?.[series.length - 1] ?? NaN,
      })),
      energy: energyPlot?.points() ?? 0,
      velocity: velocityPlot?.points() ?? 0,
      height: heightPlot?.points() ?? 0,
      contacts: contactsPlot?.points() ?? 0,
      timeRanges: [energyPlot, velocityPlot, heightPlot, contactsPlot].map((p) => p?.timeRange() ?? null),
      disc: picked().disc + 1,
      component: picked().component,
      table: tableCard?.probe() ?? { state: 'hidden', rows: 0, cells: [], velocities: {}, explanation: '' },
      views: view.boxes(),
    }),
    canvasProbe(canvases, scenes),
  );
}
