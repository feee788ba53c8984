/**
 * Wires the avalanche page (avalanche.html): URL parameters, the worker client, the canvas
 * (grains by speed, rotation marks, floor, boundary, force chains), the three plots, the summary
 * and phase line, the scenario panel with the Gmsh import, the controls, the share link, and the
 * aspect-ratio study. The physics runs in avalanche/worker.ts (and study-worker.ts for the study).
 */
import guideText from '../../../docs/guides/avalanche.md?raw';
import { mountGuide } from '../guide/guide-panel';
import type { AvalanchePhaseCode, AvalancheSummary } from '../sim/granular-wasm';
import { AdvanceStatus } from '../sim/protocol';
import { getPath, numberAt, type JsonObject } from '../sim/scenario';
import { SpeedLegend } from '../render/legend';
import { CanvasReadout, canvasProbe, discTarget } from '../ui/canvas-readout';
import { CanvasView } from '../ui/canvas-view';
import { byId, clipText } from '../ui/dom';
import { layOutPage } from '../ui/page-layout';
import { connectPage } from '../ui/page-session';
import { bundledPresets, DEFAULT_AVALANCHE_PRESET_ID } from '../ui/presets';
import { parseLoadedScenario } from '../ui/scenario-source';
import { installTestHook } from '../ui/test-hook';
import { prefersReducedMotion } from '../ui/motion';
import { parsePageParams, showAddressProblems } from '../ui/url-params';
import { AVALANCHE_FORM } from './avalanche-form';
import { AVALANCHE_PLOT_KINDS, AvalanchePlot } from './avalanche-plots';
import { AvalancheRenderer, PAD, sceneBounds } from './avalanche-renderer';
import { AvalancheClient } from './client';
import { MshImport } from './msh-import';
import { CONTACT_STRIDE, type AvalancheFrameMessage, type AvalancheLoadedMessage } from './protocol';
import { SampleSeries } from './sample-series';
import { chainNote as chainNoteText, grainSpeedMax } from './scales';
import { parseAspects, STUDY_SIZES, type StudySize } from './study-cases';
import { StudyPanel } from './study-panel';
import { grainsReaching, phaseCaveat, phaseText, settlingClock, SummaryReadout } from './summary-readout';
import { initialViewMaxX } from './view-range';


export function startAvalancheApp(): void {
  const params = parsePageParams(window.location.search, window.location.hash, AVALANCHE_PLOT_KINDS, prefersReducedMotion());

  // ---- plots
  const wanted = layOutPage(params, AVALANCHE_PLOT_KINDS);
  mountGuide(guideText, params.embed);
  const plots = AVALANCHE_PLOT_KINDS.filter(wanted).map((kind) => new AvalanchePlot(byId(`plot-${kind}`, HTMLElement), kind));

  // ---- canvas, legend, force chains
  const canvas = byId('sim-canvas', HTMLCanvasElement);
  const renderer = new AvalancheRenderer(canvas);
  const view = new CanvasView(canvas, byId('canvas-wrap', HTMLElement), renderer, params.embed);
  // the grain under the pointer, as drawn
  const canvasReadout = new CanvasReadout(byId('canvas-wrap', HTMLElement), [{ ...discTarget(canvas, renderer), insets: PAD }], params.embed);
  view.onDraw = () => canvasReadout.refresh();
  const legend = new SpeedLegend(byId('speed-legend', HTMLElement), 'Grain speed |v| (m/s)');
  const chainsBox = byId('chains', HTMLInputElement);
  const chainNote = byId('chain-legend', HTMLElement);
  const phaseLine = byId('phase-line', HTMLElement);
  const readout = params.embed ? null : new SummaryReadout(byId('readout', HTMLElement));

  // ---- state from the worker
  const series = new SampleSeries();
  let scenario: JsonObject | null = null;
  let settleMaxTime = 0;
  /** the scenario's time step h (s), for the force chains' mean force p_n / h */
  let timeStep = 0;
  let phase: AvalanchePhaseCode = 0;
  let summary: AvalancheSummary | null = null;
  /** the scenario's village, m from the left wall (null: none) */
  let village: number | null = null;
  /** the grains' radii (m), from the load; and how many loose grains reach the village (main mass short of it) */
  let radii: Float64Array | null = null;
  let looseAtVillage = 0;
  let chainsDrawn = 0;
  let plotsDirty = false;

  const presets = bundledPresets('avalanche');
  const defaultPreset = presets.find((p) => p.id === DEFAULT_AVALANCHE_PRESET_ID) ?? presets[0] ?? null;

  const { client, source, panel, state } = connectPage({
    family: 'avalanche',
    params,
    presets,
    defaultPreset,
    form: AVALANCHE_FORM,
    client: (listener) => new AvalancheClient(listener),
    loaded: onLoaded,
    frame: onFrame,
    // an import whose segments the engine refused says so beside the import, not only under Apply
    rejected: (msg) => {
      msh?.refused(msg.errors.map((e) => e.text).join('; '), msg.origin === 'form');
    },
    runningText: (n) => `Running — ${n.toLocaleString('en-US')} grain${n === 1 ? '' : 's'}`,
    // the picture's settling time; the phase changes only at an output instant (the gate opens at
    // one, the flow stops at the run's end), so the frame's phase is the picture's too
    clock: (msg) => (msg.phase === 0 ? settlingClock(msg.pictureTime, settleMaxTime) : null),
    // not "t = 0": that is the gate's opening, and Reset builds the column again to settle first
    start: 'the start: the column settles again behind the closed gate, which opens at t = 0',
    colourScale: () => legend.colourScale(),
    view,
    plotsDirty: () => plotsDirty,
    updatePlots: () => {
      for (const plot of plots) plot.update(series, phase !== 0 && summary ? summary.l0 : NaN);
      plotsDirty = false;
    },
    // for the embedding page (docs/embedding.md): m, J, s; phase 0 settling, 1 flowing, 2 stopped
    observables: () => {
      const last = (name: 'kineticEnergy' | 'frontVelocity'): number => series.column(name)[series.length - 1] ?? 0;
      return {
        phase,
        runout: summary?.runout ?? 0,
        l0: summary?.l0 ?? 0,
        h0: summary?.h0 ?? 0,
        aspect: summary?.aspect ?? 0,
        relativeRunout: summary && summary.l0 > 0 ? (summary.runout - summary.l0) / summary.l0 : 0,
        frontVelocity: last('frontVelocity'),
        kineticEnergy: last('kineticEnergy'),
        collapseTime: summary?.collapseTime ?? -1,
      };
    },
  });

  const showChainNote = (): void => {
    chainNote.textContent = chainsBox.checked ? chainNoteText(renderer.impulseMax(), chainsDrawn, timeStep) : '';
  };
  chainsBox.addEventListener('change', () => {
    client.setChains(chainsBox.checked);
    if (!chainsBox.checked) {
      renderer.setContacts(null);
      chainsDrawn = 0;
      view.invalidate();
    }
    showChainNote();
  });

  // the import edits the panel's scenario: no panel (an embed), no import
  const msh = panel === null
    ? null
    : new MshImport({
        current: () => scenario,
        read: (text, answer) => client.readMsh(text, answer),
        apply: (json) => source.load(json, 'form'),
        edited: (base, next) => panel.edited(base, next),
        withdrawRefusal: () => panel?.clearErrors(),
      });
  if (msh) {
    const form = byId('scenario-form', HTMLFormElement);
    form.insertBefore(msh.root, form.querySelector('.form-actions'));
  }

  const study = params.embed ? null : new StudyPanel(byId('study', HTMLElement), () => scenario);
  const query = new URLSearchParams(window.location.search);
  const wantedSize = query.get('study');
  const size = STUDY_SIZES.find((s) => s === wantedSize);
  if (study && size) study.setSize(size as StudySize);
  if (study && wantedSize !== null && !size) {
    // said like the address's other ignored parts (plot, until), not dropped without a word
    params.problems.push(`study = "${clipText(wantedSize, 40)}" is not a study size: ${STUDY_SIZES.join(', ')}`);
    showAddressProblems(byId('address-error', HTMLElement), params.problems);
  }
  const wantedAspects = query.get('aspects');
  if (study && wantedAspects !== null) {
    study.setAspects(wantedAspects);
    const parsed = parseAspects(wantedAspects);
    if ('error' in parsed) {
      // kept in the field to correct, and said at once, not only when Run study is pressed
      params.problems.push(`aspects = "${clipText(wantedAspects, 40)}" cannot run and waits in the study's field to be corrected: ${parsed.error}`);
      showAddressProblems(byId('address-error', HTMLElement), params.problems);
    }
  }

  function onLoaded(msg: AvalancheLoadedMessage): void {
    const loaded = parseLoadedScenario(msg.scenarioJson);
    scenario = loaded;
    settleMaxTime = numberAt(loaded, 'settle.maxTime', 0);
    timeStep = numberAt(loaded, 'solver.timeStep', 0);
    const segments = getPath(loaded, 'boundary.segments');
    const flat = Array.isArray(segments) ? segments.flatMap((s) => (Array.isArray(s) ? s.map(Number) : [])) : [];
    const height = numberAt(loaded, 'column.height', 0.2);
    const speedMax = grainSpeedMax(numberAt(loaded, 'gravity', 9.81), height);
    radii = msg.radii;
    looseAtVillage = 0;
    // the floor's discs: floor.radius, or grains.rmin while that is null
    const floorRadiusSet = getPath(loaded, 'floor.radius');
    const floorRadius = typeof floorRadiusSet === 'number' ? floorRadiusSet : numberAt(loaded, 'grains.rmin', 0);
    const bounds = sceneBounds(numberAt(loaded, 'floor.length', 1), height, floorRadius, flat);
    const villageX = getPath(loaded, 'village');
    village = typeof villageX === 'number' ? villageX : null;
    const firstView = initialViewMaxX(bounds, numberAt(loaded, 'column.width', 0.1), height, village, flat.length > 0);
    renderer.setScene(msg.count, msg.radii, msg.positions, bounds, firstView, speedMax);
    legend.setMax(speedMax);
    view.fit();
    series.clear();
    phase = 0;
    summary = null;
    renderer.setVillage(village, floorRadius);
    chainsDrawn = 0;
    plotsDirty = true;
    source.show(loaded, msg.scenarioJson, msg.origin);
    msh?.show(loaded);
  }

  function onFrame(msg: AvalancheFrameMessage): void {
    phase = msg.phase;
    summary = msg.summary;
    if (msg.grains && msg.walls) {
      renderer.setFrame(msg.grains, msg.walls);
      looseAtVillage = village !== null && msg.summary.villageReachedAt < 0 && radii ? grainsReaching(village, msg.grains, radii) : 0;
      renderer.setContacts(chainsBox.checked ? msg.contacts : null);
      chainsDrawn = chainsBox.checked && msg.contacts ? msg.contacts.length / CONTACT_STRIDE : 0;
      view.invalidate();
      showChainNote();
    }
    if (msg.samples && msg.samples.time.length > 0) {
      series.push(msg.samples);
      plotsDirty = true;
    }
    // the runout is measured at output instants only: older than a picture a pause put between two
    const times = series.column('time');
    const sampled = times[times.length - 1];
    const runoutAt = msg.phase === 1 && sampled !== undefined && msg.pictureTime > sampled + 1e-9 ? sampled : null;
    readout?.update(msg.summary, msg.phase, village, looseAtVillage, settleMaxTime, runoutAt);
    // the picture's time, as the t read-out says it, beside the summary read with the picture (its steps)
    const text = phaseText(msg.phase, msg.pictureTime, settleMaxTime, msg.summary, village, msg.status === AdvanceStatus.Finished ? msg.pictureTime : null, looseAtVillage);
    if (phaseLine.textContent !== text) phaseLine.textContent = text;
    phaseLine.dataset['phase'] = String(msg.phase);
    phaseLine.dataset['caveat'] = String(phaseCaveat(msg.phase, msg.summary, settleMaxTime));
  }

  installTestHook(
    state,
    () => ({ energy: 0, histogram: 0, rate: 0 }),
    undefined,
    () => {
      const points = (kind: string): number => plots.find((p) => p.kind === kind)?.points() ?? 0;
      return {
        phase,
        runout: points('runout'),
        energy: points('energy'),
        iterations: points('iterations'),
        chains: chainsDrawn,
        l0: summary?.l0 ?? 0,
        runoutNow: summary?.runout ?? 0,
        collapseTime: summary?.collapseTime ?? -1,
        view: renderer.viewRange(),
        study: study?.probe() ?? { running: false, rows: 0, points: 0, progress: 0, slopeSmall: null, slopeLarge: null, text: '' },
      };
    },
    undefined,
    canvasProbe([canvas], [renderer]),
  );
}
