/**
 * Wires the soft-disc page (soft.html): URL parameters, the worker client, the canvas with
 * observer traces, the three plots (energy ledger, hysteresis, a coordinate vs time), the
 * scenario panel, the controls and the share link. The physics runs in soft/worker.ts.
 */
import guideText from '../../../docs/guides/soft.md?raw';
import { mountGuide } from '../guide/guide-panel';
import type { HysteresisLoop, SoftLedger } from '../sim/granular-wasm';
import { CanvasReadout, canvasProbe, discTarget } from '../ui/canvas-readout';
import { CanvasView } from '../ui/canvas-view';
import { byId } from '../ui/dom';
import { layOutPage } from '../ui/page-layout';
import { connectPage } from '../ui/page-session';
import { bundledPresets, DEFAULT_SOFT_PRESET_ID } from '../ui/presets';
import { parseLoadedScenario } from '../ui/scenario-source';
import { installTestHook } from '../ui/test-hook';
import { prefersReducedMotion } from '../ui/motion';
import { parsePageParams } from '../ui/url-params';
import { CoordinateHistory, type Quantity } from './coordinates';
import { CoordinatePlot } from './coordinate-plot';
import { HysteresisPlot } from './hysteresis-plot';
import { LedgerPlot } from './ledger-plot';
import { LedgerSeries } from './ledger-series';
import { pairKey, type Pair } from './pairs';
import { CoordinatePicker, PairPicker } from './pickers';
import { SoftClient } from './client';
import { snapshotStride, type SoftFrameMessage, type SoftLoadedMessage } from './protocol';
import { SoftReadout } from './readout';
import { SoftRenderer } from './soft-renderer';
import { SOFT_FORM } from './soft-form';
import { TraceBuffer, traceCapacity } from './trace-buffer';

export const SOFT_PLOT_KINDS = ['ledger', 'hysteresis', 'coordinate'] as const;

/** seconds of observer trace drawn */
const TRACE_SECONDS = 3;
/** no traces beyond this many discs (too many lines to read, and to draw) */
const TRACE_MAX_DISCS = 200;
/** loops kept on the page (the oldest are dropped beyond) */
const MAX_LOOPS_KEPT = 5000;

export function startSoftApp(): void {
  const params = parsePageParams(window.location.search, window.location.hash, SOFT_PLOT_KINDS, prefersReducedMotion());
  // fading observer traces are decorative motion: left out when the reader prefers reduced motion
  const showTraces = !prefersReducedMotion();

  // ---- plots
  const wanted = layOutPage(params, SOFT_PLOT_KINDS);
  mountGuide(guideText, params.embed);
  const ledgerPlot = wanted('ledger') ? new LedgerPlot(byId('plot-ledger', HTMLElement)) : null;
  const hysteresisPlot = wanted('hysteresis') ? new HysteresisPlot(byId('plot-hysteresis', HTMLElement)) : null;
  const coordinatePlot = wanted('coordinate') ? new CoordinatePlot(byId('plot-coordinate', HTMLElement)) : null;

  // ---- canvas
  const canvas = byId('sim-canvas', HTMLCanvasElement);
  const renderer = new SoftRenderer(canvas);
  const view = new CanvasView(canvas, byId('canvas-wrap', HTMLElement), renderer, params.embed);
  // the disc under the pointer, as drawn
  const canvasReadout = new CanvasReadout(byId('canvas-wrap', HTMLElement), [discTarget(canvas, renderer)], params.embed);
  view.onDraw = () => canvasReadout.refresh();

  const infoNote = byId('soft-info', HTMLElement);
  const readout = params.embed ? null : new SoftReadout(byId('readout', HTMLElement), byId('slip-warning', HTMLElement));

  // ---- state from the worker
  const ledger = new LedgerSeries();
  let coords = new CoordinateHistory(0);
  let traces: TraceBuffer | null = null;
  const loops = new Map<number, HysteresisLoop>();
  let loopsDirty = false;
  let count = 0;
  let domainKind = 'box';
  let latest: Float64Array | null = null;
  let plotsDirty = false;
  let lastLedger: SoftLedger | null = null;

  const presets = bundledPresets('soft');
  const defaultPreset = presets.find((p) => p.id === DEFAULT_SOFT_PRESET_ID) ?? presets[0] ?? null;

  const { client, source, state } = connectPage({
    family: 'soft',
    params,
    presets,
    defaultPreset,
    form: SOFT_FORM,
    client: (listener) => new SoftClient(listener),
    loaded: onLoaded,
    frame: onFrame,
    runningText: (n) => `Running — ${n.toLocaleString('en-US')} soft disc${n === 1 ? '' : 's'}`,
    view,
    plotsDirty: () => plotsDirty || loopsDirty,
    updatePlots: () => {
      if (plotsDirty) updatePlots();
      if (loopsDirty) updateLoops();
      plotsDirty = false;
      loopsDirty = false;
    },
    // the energy ledger (J) for the embedding page: the last output instant's (docs/embedding.md)
    observables: () => {
      if (!lastLedger) return {};
      const { time: _time, ...energies } = lastLedger;
      return energies;
    },
  });

  const pairPicker = new PairPicker(byId('pair-picker', HTMLElement), (pair: Pair | null, record: boolean) => {
    if (record && pair) client.recordPair(pair.i, pair.other);
    loopsDirty = true;
  });
  const coordinatePicker = new CoordinatePicker(byId('coord-picker', HTMLElement), (discs: number[], quantity: Quantity) => {
    if (count > 64) coords.track(discs);
    coordinatePlot?.choose(discs, quantity);
    plotsDirty = true;
  });

  function onLoaded(msg: SoftLoadedMessage): void {
    count = msg.count;
    domainKind = msg.domain.kind;
    const scenario = parseLoadedScenario(msg.scenarioJson);
    traces = showTraces && count <= TRACE_MAX_DISCS ? new TraceBuffer(count, traceCapacity(TRACE_SECONDS, msg.outputInterval)) : null;
    renderer.setScene(msg.domain, msg.radii, traces);
    ledgerPlot?.setOutputInterval(msg.outputInterval);
    coordinatePlot?.setOutputInterval(msg.outputInterval);
    view.fit();
    ledger.clear();
    lastLedger = null;
    coords = new CoordinateHistory(count);
    loops.clear();
    latest = null;
    // the pair chosen stays for the same scenario (Reset, Apply), not for another one (a preset, a
    // link, a file); a typed pair kept is recorded again: the worker starts each run on 0-1
    const sameScenario = msg.origin === 'reset' || msg.origin === 'form' || msg.origin === 'json';
    const typed = pairPicker.reset(count, domainKind, msg.recordAll, sameScenario);
    if (typed) client.recordPair(typed.i, typed.other);
    coordinatePicker.reset(count);
    const discs = coordinatePicker.chosenDiscs();
    coords.track(count <= 64 ? Array.from({ length: count }, (_, i) => i) : discs);
    coordinatePlot?.choose(discs, coordinatePicker.chosenQuantity());
    loopsDirty = true;
    plotsDirty = true;
    infoNote.textContent = msg.info.note;
    source.show(scenario, msg.scenarioJson, msg.origin);
  }

  function onFrame(msg: SoftFrameMessage): void {
    if (msg.snapshots && msg.snapshotCount > 0) {
      const stride = snapshotStride(count);
      for (let s = 0; s < msg.snapshotCount; s++) traces?.push(msg.snapshots, s * stride + 1 + 6 * count);
      coords.push(msg.snapshots, msg.snapshotCount, stride);
      const last = msg.snapshots.subarray((msg.snapshotCount - 1) * stride, msg.snapshotCount * stride);
      latest = last;
      renderer.setFrame(last, 1, 1 + 6 * count);
      view.invalidate();
      plotsDirty = true;
    }
    if (msg.ledger.length > 0) {
      ledger.push(msg.ledger);
      lastLedger = msg.ledger[msg.ledger.length - 1] ?? lastLedger;
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
    // the picture's time and counters (the worker reads them with the picture and repeats them
    // while it computes ahead: soft/protocol.ts); the ledger is the engine's at output instants only,
    // older than a picture a pause put between two, and the closure then says when it was read
    const ledgerTime = lastLedger?.time;
    const closureAt = ledgerTime !== undefined && msg.pictureTime > ledgerTime + 1e-9 ? ledgerTime : null;
    readout?.update(msg.pictureTime, msg.stats, ledger.closure(), closureAt);
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

  installTestHook(
    state,
    () => ({ energy: 0, histogram: 0, rate: 0 }),
    () => ({
      ledger: ledgerPlot?.points() ?? 0,
      ledgerTime: ledgerPlot?.timeRange() ?? null,
      coordinateTime: coordinatePlot?.timeRange() ?? null,
      loops: hysteresisPlot?.points() ?? 0,
      loopsHidden: hysteresisPlot?.hiddenLabels() ?? [],
      coordinate: coordinatePlot?.points() ?? 0,
      closure: ledger.closure(),
      coordinates: latest ? Array.from(latest.subarray(1, 1 + 6 * count)) : [],
      pair: pairPicker.label(),
      traces: traces?.length ?? 0,
    }),
    undefined,
    undefined,
    canvasProbe([canvas], [renderer]),
  );
}
