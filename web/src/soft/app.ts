/**
 * Wires the soft-disc page (soft.html): URL parameters, the worker client, the canvas with
 * observer traces, the three plots (energy ledger, hysteresis, a coordinate vs time), the
 * scenario panel, the controls and the share link. The physics runs in soft/worker.ts.
 */
import type { HysteresisLoop } from '../sim/granular-wasm';
import { AdvanceStatus, type LoadOrigin, type RejectedMessage } from '../sim/protocol';
import { isJsonObject, type JsonObject } from '../sim/scenario';
import { Controls } from '../ui/controls';
import { byId, formatNumber } from '../ui/dom';
import { scenarioFamilyOf } from '../ui/family';
import { goToFamilyPage, openScenarioInFamilyPage } from '../ui/family-redirect';
import { bundledPresets, DEFAULT_SOFT_PRESET_ID } from '../ui/presets';
import { ScenarioPanel } from '../ui/scenario-panel';
import { decodeScenario, SHARE_PARAM } from '../ui/share';
import { ShareButton } from '../ui/share-button';
import { installTestHook, type GranularState } from '../ui/test-hook';
import { parsePageParams } from '../ui/url-params';
import { CoordinateHistory, type Quantity } from './coordinates';
import { CoordinatePlot } from './coordinate-plot';
import { HysteresisPlot } from './hysteresis-plot';
import { LedgerPlot } from './ledger-plot';
import { LedgerSeries } from './ledger-series';
import { pairKey, type Pair } from './pairs';
import { CoordinatePicker, PairPicker } from './pickers';
import { SoftClient } from './client';
import { snapshotStride, type SoftFrameMessage, type SoftFromWorker, type SoftLoadedMessage } from './protocol';
import { SoftReadout } from './readout';
import { SoftRenderer } from './soft-renderer';
import { SOFT_FORM } from './soft-form';
import { TraceBuffer, traceCapacity } from './trace-buffer';

export const SOFT_PLOT_KINDS = ['ledger', 'hysteresis', 'coordinate'] as const;
type SoftPlotKind = (typeof SOFT_PLOT_KINDS)[number];

const PLOT_INTERVAL_MS = 100;
const TICK_TIMEOUT_MS = 1000;
const MAX_CANVAS_HEIGHT = 0.72;
/** seconds of observer trace drawn */
const TRACE_SECONDS = 3;
/** no traces beyond this many discs (too many lines to read, and to draw) */
const TRACE_MAX_DISCS = 200;
/** loops kept on the page (the oldest are dropped beyond) */
const MAX_LOOPS_KEPT = 5000;

export function startSoftApp(): void {
  const params = parsePageParams(window.location.search, window.location.hash, SOFT_PLOT_KINDS);
  document.body.classList.toggle('embed', params.embed);
  document.body.classList.toggle('with-plot', params.embed && params.plot !== null);

  // ---- plots
  const cards = new Map<SoftPlotKind, HTMLElement>([
    ['ledger', byId('card-ledger', HTMLElement)],
    ['hysteresis', byId('card-hysteresis', HTMLElement)],
    ['coordinate', byId('card-coordinate', HTMLElement)],
  ]);
  const wanted = (kind: SoftPlotKind): boolean => !params.embed || params.plot === kind;
  for (const [kind, card] of cards) card.hidden = !wanted(kind);
  byId('plots', HTMLElement).hidden = params.embed && params.plot === null;
  const ledgerPlot = wanted('ledger') ? new LedgerPlot(byId('plot-ledger', HTMLElement)) : null;
  const hysteresisPlot = wanted('hysteresis') ? new HysteresisPlot(byId('plot-hysteresis', HTMLElement)) : null;
  const coordinatePlot = wanted('coordinate') ? new CoordinatePlot(byId('plot-coordinate', HTMLElement)) : null;

  // ---- canvas
  const canvas = byId('sim-canvas', HTMLCanvasElement);
  const canvasWrap = byId('canvas-wrap', HTMLElement);
  const renderer = new SoftRenderer(canvas);
  let needsDraw = true;
  let dpr = window.devicePixelRatio || 1;
  const fitCanvas = (): void => {
    dpr = window.devicePixelRatio || 1;
    const maxHeight = Math.max(200, params.embed ? window.innerHeight - 150 : window.innerHeight * MAX_CANVAS_HEIGHT);
    let w = canvasWrap.clientWidth;
    let h = w * renderer.aspect();
    if (h > maxHeight) {
      h = maxHeight;
      w = h / renderer.aspect();
    }
    canvas.style.width = `${Math.floor(w)}px`;
    canvas.style.height = `${Math.floor(h)}px`;
    renderer.resize(Math.floor(w), Math.floor(h), dpr);
    needsDraw = true;
  };
  new ResizeObserver(fitCanvas).observe(canvasWrap);
  window.addEventListener('resize', fitCanvas);

  const statusLine = byId('status', HTMLElement);
  const linkError = byId('link-error', HTMLElement);
  const infoNote = byId('soft-info', HTMLElement);
  const readout = params.embed ? null : new SoftReadout(byId('readout', HTMLElement));
  const showLinkError = (reason: string): void => {
    linkError.textContent = `The shared link could not be read: ${reason}. The default scenario was loaded instead.`;
    linkError.hidden = false;
  };

  // ---- state from the worker
  const ledger = new LedgerSeries();
  let coords = new CoordinateHistory(0);
  let traces: TraceBuffer | null = null;
  const loops = new Map<number, HysteresisLoop>();
  let loopsDirty = false;
  let generation = -1;
  let count = 0;
  let domainKind = 'box';
  let lastFrame: SoftFrameMessage | null = null;
  let latest: Float64Array | null = null;
  let plotsDirty = false;
  let running = false;
  let defaultJson: string | null = null;
  let engineDefault: string | null = null;
  let fatal = false;

  const presets = bundledPresets('soft');
  const defaultPreset = presets.find((p) => p.id === DEFAULT_SOFT_PRESET_ID) ?? presets[0] ?? null;

  const client = new SoftClient(onMessage);
  const load = (json: string, origin: LoadOrigin): void => {
    // a gas scenario pasted or uploaded here runs on the gas page
    if ((origin === 'json' || origin === 'file') && scenarioFamilyOf(json) === 'gas') {
      void openScenarioInFamilyPage(json, 'gas');
      return;
    }
    client.load(json, origin, origin === 'default' || origin === 'link' ? params.autoplay : true);
  };
  const loadDefault = (): void => {
    if (defaultJson === null) return;
    panel?.selectPreset(defaultPreset ? defaultPreset.id : null);
    load(defaultJson, 'default');
  };
  /** a decoded share link: a gas scenario goes to the gas page with the same link */
  const loadShared = (payload: string): void => {
    decodeScenario(payload).then(
      (json) => {
        if (scenarioFamilyOf(json) === 'gas') goToFamilyPage('gas');
        else load(json, 'link');
      },
      (error: unknown) => {
        showLinkError(error instanceof Error ? error.message : String(error));
        loadDefault();
      },
    );
  };

  const panel = params.embed
    ? null
    : new ScenarioPanel(byId('scenario-panel', HTMLElement), presets, { apply: load }, SOFT_FORM);
  const controls = new Controls(byId('controls', HTMLElement), {
    play: () => client.play(),
    pause: () => client.pause(),
    step: () => client.step(),
    reset: () => client.reset(running),
    speed: (value) => client.setSpeed(value),
  });
  const share = params.embed
    ? null
    : new ShareButton(byId('copy-link', HTMLButtonElement), byId('share-url', HTMLInputElement), byId('share-status', HTMLElement));

  const pairPicker = new PairPicker(byId('pair-picker', HTMLElement), (pair: Pair | null, record: boolean) => {
    if (record && pair) client.recordPair(pair.i, pair.other);
    loopsDirty = true;
  });
  const coordinatePicker = new CoordinatePicker(byId('coord-picker', HTMLElement), (discs: number[], quantity: Quantity) => {
    if (count > 64) coords.track(discs);
    coordinatePlot?.choose(discs, quantity);
    plotsDirty = true;
  });

  function onMessage(msg: SoftFromWorker): void {
    switch (msg.type) {
      case 'ready':
        onReady(msg.defaultScenario);
        break;
      case 'fatal':
        fatal = true;
        statusLine.textContent = msg.message;
        statusLine.classList.add('error');
        break;
      case 'loaded':
        onLoaded(msg);
        break;
      case 'rejected':
        onRejected(msg);
        break;
      case 'frame':
        onFrame(msg);
        break;
    }
  }

  function onReady(engineDefaultJson: string): void {
    engineDefault = engineDefaultJson;
    defaultJson = defaultPreset ? defaultPreset.json : engineDefaultJson;
    client.setSpeed(controls.speed());
    if (params.until !== null) client.setUntil(params.until);
    statusLine.textContent = 'Loading the scenario…';
    if (params.shared !== null) loadShared(params.shared);
    else loadDefault();
  }

  function onRejected(msg: RejectedMessage): void {
    if (msg.origin === 'link') {
      showLinkError(`the scenario in it is not valid (${msg.errors.map((e) => e.text).join('; ')})`);
      loadDefault();
    } else if (msg.origin === 'default') {
      if (defaultJson !== engineDefault && engineDefault !== null) {
        defaultJson = engineDefault;
        load(engineDefault, 'default');
      }
      panel?.showErrors('json', msg.errors);
      statusLine.textContent = 'The default scenario could not be loaded.';
    } else {
      panel?.showErrors(msg.origin, msg.errors);
    }
  }

  function onLoaded(msg: SoftLoadedMessage): void {
    generation = msg.generation;
    count = msg.count;
    domainKind = msg.domain.kind;
    const parsed: unknown = JSON.parse(msg.scenarioJson);
    const scenario: JsonObject = isJsonObject(parsed) ? parsed : {};
    traces = count <= TRACE_MAX_DISCS ? new TraceBuffer(count, traceCapacity(TRACE_SECONDS, msg.outputInterval)) : null;
    renderer.setScene(msg.domain, msg.radii, traces);
    fitCanvas();
    ledger.clear();
    coords = new CoordinateHistory(count);
    loops.clear();
    latest = null;
    pairPicker.reset(count, domainKind, msg.recordAll);
    coordinatePicker.reset(count);
    const discs = coordinatePicker.chosenDiscs();
    coords.track(count <= 64 ? Array.from({ length: count }, (_, i) => i) : discs);
    coordinatePlot?.choose(discs, coordinatePicker.chosenQuantity());
    loopsDirty = true;
    plotsDirty = true;
    infoNote.textContent = msg.info.note;
    panel?.clearErrors();
    panel?.showScenario(scenario, msg.origin !== 'reset');
    if (msg.origin !== 'preset' && msg.origin !== 'default' && msg.origin !== 'reset') panel?.selectPreset(null);
    share?.setScenario(msg.scenarioJson);
    byId('scenario-name', HTMLElement).textContent = typeof scenario['name'] === 'string' ? scenario['name'] : '';
    if (msg.origin !== 'link' && msg.origin !== 'reset' && window.location.hash.includes(`${SHARE_PARAM}=`)) {
      // an address that still names another scenario would mislead: drop its #s=
      history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    }
  }

  function onFrame(msg: SoftFrameMessage): void {
    awaiting = false;
    if (msg.generation !== generation) return;
    lastFrame = msg;
    running = msg.running;
    if (msg.snapshots && msg.snapshotCount > 0) {
      const stride = snapshotStride(count);
      for (let s = 0; s < msg.snapshotCount; s++) traces?.push(msg.snapshots, s * stride + 1 + 6 * count);
      coords.push(msg.snapshots, msg.snapshotCount, stride);
      const last = msg.snapshots.subarray((msg.snapshotCount - 1) * stride, msg.snapshotCount * stride);
      latest = last;
      renderer.setFrame(last, 1, 1 + 6 * count);
      needsDraw = true;
      plotsDirty = true;
    }
    if (msg.ledger.length > 0) {
      ledger.push(msg.ledger);
      plotsDirty = true;
    }
    if (msg.loops.length > 0) {
      for (const [k, loop] of msg.loops) loops.set(k, loop);
      if (loops.size > MAX_LOOPS_KEPT) {
        const oldest = [...loops.keys()].sort((a, b) => a - b).slice(0, loops.size - MAX_LOOPS_KEPT);
        for (const k of oldest) loops.delete(k);
      }
      loopsDirty = true;
    }
    controls.setRunning(msg.running);
    controls.setTime(msg.time);
    readout?.update(msg.time, msg.stats, ledger.closure());
    updateStatus(msg);
  }

  function updateStatus(msg: SoftFrameMessage): void {
    if (fatal) return;
    let text: string;
    if (msg.status === AdvanceStatus.Stopped) text = `Stopped at t = ${formatNumber(msg.time, 6)} s: ${msg.message}`;
    else if (msg.status === AdvanceStatus.Finished) text = `finished at t = ${formatNumber(msg.time, 6)} s`;
    else if (msg.running) text = `Running — ${count.toLocaleString('en-US')} soft disc${count === 1 ? '' : 's'}`;
    else text = `Paused at t = ${formatNumber(msg.time, 6)} s (output ${msg.outputIndex})`;
    if (statusLine.textContent !== text) statusLine.textContent = text;
    statusLine.classList.toggle('stopped', msg.status === AdvanceStatus.Stopped);
  }

  const sortedLoops = (): HysteresisLoop[] => [...loops.entries()].sort((a, b) => a[0] - b[0]).map(([, l]) => l);

  function updatePlots(): void {
    ledgerPlot?.update(ledger);
    coordinatePlot?.update(coords);
  }

  function updateLoops(): void {
    const all = sortedLoops();
    pairPicker.update(all);
    const pair = pairPicker.pair();
    const key = pair ? pairKey(pair) : '';
    const mine = pair ? all.filter((l) => pairKey({ i: l.i, other: l.other }) === key) : [];
    hysteresisPlot?.show(mine, mine.length > 0 ? pairPicker.label() : '');
  }

  // ---- animation loop
  let awaiting = false;
  let lastTick = performance.now();
  let lastPlot = 0;
  const loop = (now: number): void => {
    if (generation >= 0 && (!awaiting || now - lastTick > TICK_TIMEOUT_MS)) {
      client.tick((now - lastTick) / 1000);
      lastTick = now;
      awaiting = true;
    }
    if ((window.devicePixelRatio || 1) !== dpr) fitCanvas();
    if (needsDraw) {
      renderer.draw();
      needsDraw = false;
    }
    if ((plotsDirty || loopsDirty) && now - lastPlot > PLOT_INTERVAL_MS) {
      if (plotsDirty) updatePlots();
      if (loopsDirty) updateLoops();
      plotsDirty = false;
      loopsDirty = false;
      lastPlot = now;
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);

  document.addEventListener('keydown', (event) => {
    if (event.key !== ' ' || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest('input, textarea, select, button, summary, a')) return;
    event.preventDefault();
    controls.toggle();
  });

  window.addEventListener('hashchange', () => {
    const next = parsePageParams(window.location.search, window.location.hash).shared;
    if (next === null || next === share?.lastPayload) return;
    linkError.hidden = true;
    loadShared(next);
  });

  installTestHook(
    (): GranularState => ({
      time: lastFrame?.time ?? 0,
      hash: lastFrame?.hash ?? '',
      count,
      status: lastFrame?.status ?? AdvanceStatus.Output,
      running: lastFrame?.running ?? false,
      outputIndex: lastFrame?.outputIndex ?? 0,
    }),
    () => ({ energy: 0, histogram: 0, rate: 0 }),
    () => ({
      ledger: ledgerPlot?.points() ?? 0,
      loops: hysteresisPlot?.points() ?? 0,
      coordinate: coordinatePlot?.points() ?? 0,
      closure: ledger.closure(),
      coordinates: latest ? Array.from(latest.subarray(1, 1 + 6 * count)) : [],
      pair: pairPicker.label(),
    }),
  );
}
