/**
 * Wires the page: URL parameters, the worker client, the canvas, the plots, the panel,
 * the controls and the share link. The simulation itself runs in the worker (sim/).
 */
import guideText from '../../../docs/guides/gas.md?raw';
import { mountGuide } from '../guide/guide-panel';
import { EnergyPlot } from '../plot/energy-plot';
import { HistogramPlot } from '../plot/histogram-plot';
import { RatePlot } from '../plot/rate-plot';
import { SeriesStore } from '../plot/series';
import {
  coolingEnergy, coolingKinds, discGroups, enskogCoefficient, groupTemperatures, haffObstacle, kindGeometry, kindsEnskogRate, massKinds,
  mixtureCompressibility, temperatureKinds, type MassKinds,
} from '../plot/theory';
import { DiscRenderer } from '../render/disc-renderer';
import { mixtureSpeedScaleMax, speedScaleMax } from '../render/colormap';
import { SpeedLegend } from '../render/legend';
import { SimClient } from '../sim/client';
import type { Observation, Theory } from '../sim/granular-wasm';
import type { FrameMessage, LoadedMessage } from '../sim/protocol';
import { gravityMagnitude, hasGravity, vibratingWall, wallRestitution } from '../sim/scenario';
import { EVENT_LOG_MAX } from '../sim/protocol';
import { CanvasReadout, canvasProbe, discTarget } from './canvas-readout';
import { CanvasView } from './canvas-view';
import { downloadCsv } from './csv';
import { byId } from './dom';
import { eventLogCsv, eventLogNote } from './event-log';
import { layOutPage } from './page-layout';
import { connectPage } from './page-session';
import { bundledPresets, DEFAULT_PRESET_ID } from './presets';
import { Readout, theoryConstants } from './readout';
import { exportFileName, reproduce, runStem, runSubject } from './reproduce';
import { SCENARIO_LOADING_EVENT, type ScenarioLoadingDetail } from './scenario-panel';
import { parseLoadedScenario } from './scenario-source';
import { installTestHook } from './test-hook';
import { prefersReducedMotion } from './motion';
import { parsePageParams, PLOT_KINDS } from './url-params';

export function startApp(): void {
  const params = parsePageParams(window.location.search, window.location.hash, PLOT_KINDS, prefersReducedMotion());

  // ---- plots: all of them, or in embed mode only the one asked for
  const wanted = layOutPage(params, PLOT_KINDS);
  mountGuide(guideText, params.embed);
  const energyPlot = wanted('energy') ? new EnergyPlot(byId('plot-energy', HTMLElement)) : null;
  const histogramPlot = wanted('histogram') ? new HistogramPlot(byId('plot-histogram', HTMLElement)) : null;
  const ratePlot = wanted('rate') ? new RatePlot(byId('plot-rate', HTMLElement)) : null;
  const logToggle = byId('energy-log', HTMLInputElement);
  logToggle.addEventListener('change', () => energyPlot?.setLog(logToggle.checked));

  // ---- canvas
  const canvas = byId('sim-canvas', HTMLCanvasElement);
  const renderer = new DiscRenderer(canvas);
  const view = new CanvasView(canvas, byId('canvas-wrap', HTMLElement), renderer, params.embed);
  const legend = new SpeedLegend(byId('legend', HTMLElement));
  // the disc under the pointer, as drawn
  const canvasReadout = new CanvasReadout(byId('canvas-wrap', HTMLElement), [discTarget(canvas, renderer)], params.embed);
  view.onDraw = () => canvasReadout.refresh();

  // ---- readout
  const readout = params.embed ? null : new Readout(byId('readout', HTMLElement));

  // ---- state from the worker
  const series = new SeriesStore();
  let theory: Theory | null = null;
  // the discs' masses and kinds of mass, for the speed colour scale and the histogram's Maxwell curve
  // of a mixture (a polydisperse gas)
  let discMasses: ArrayLike<number> = [];
  let speedKinds: MassKinds = { mass: [], share: [], index: new Int32Array(0) };
  // the kinds of mass whose temperatures the worker measures (temperatureKinds), and theirs at the latest record
  let kindsMeasured: MassKinds = { mass: [], share: [], index: new Int32Array(0) };
  let lastKinds: readonly number[] = [];
  let lastObservation: Observation | null = null;
  let histogram: Float64Array | null = null;
  let histogramMax = 1;
  /** s: the instant of the histogram shown (its exports name it) */
  let histogramTime = 0;
  let plotsDirty = false;

  // A large scenario applied in the panel: the status line says it is loading until the engine has
  // answered (a frame of the run before, still on its way, does not put "Running — 400 discs" back)
  const statusLine = byId('status', HTMLElement);
  let loading: string | null = null;
  let statusBefore = '';
  document.addEventListener(SCENARIO_LOADING_EVENT, (event) => {
    if (!(event instanceof CustomEvent)) return;
    event.preventDefault();
    const detail = event.detail as ScenarioLoadingDetail;
    if (loading === null) statusBefore = statusLine.textContent ?? '';
    loading = detail.text;
    statusLine.textContent = detail.text;
  });

  const presets = bundledPresets('gas');
  const defaultPreset = presets.find((p) => p.id === DEFAULT_PRESET_ID) ?? null;

  const { client, source, state } = connectPage({
    family: 'gas',
    params,
    presets,
    defaultPreset,
    client: (listener) => new SimClient(listener),
    loaded: onLoaded,
    frame: onFrame,
    runningText: (count) => loading ?? `Running — ${count.toLocaleString('en-US')} disc${count === 1 ? '' : 's'}`,
    // turned down: the status line goes back to what it said (a paused run sends no frame to redo it)
    rejected: () => {
      if (loading !== null && statusLine.textContent === loading) statusLine.textContent = statusBefore;
      loading = null;
    },
    colourScale: () => legend.colourScale(),
    view,
    plotsDirty: () => plotsDirty,
    updatePlots: () => {
      updatePlots();
      plotsDirty = false;
    },
    // the latest observation (J, 1/s, N/m, counts) for the embedding page
    observables: () => {
      if (!lastObservation) return {};
      const { time: _time, ...rest } = lastObservation;
      return rest;
    },
  });

  function onLoaded(msg: LoadedMessage): void {
    loading = null;
    theory = msg.theory;
    discMasses = msg.masses;
    speedKinds = massKinds(msg.masses);
    kindsMeasured = temperatureKinds(msg.masses);
    lastKinds = [];
    const scenario = parseLoadedScenario(msg.scenarioJson);
    const vibrating = vibratingWall(scenario);
    renderer.setScene(msg.walls, msg.radii, vibrating);
    legend.setVibratingWall(vibrating);
    view.fit();
    series.clear();
    histogram = null;
    lastObservation = null;
    const gravity = hasGravity(scenario);
    energyPlot?.setOutputInterval(msg.outputInterval);
    ratePlot?.setOutputInterval(msg.outputInterval);
    // discs of several kinds cool each at its own temperature (equal discs: Haff's law with the engine's τ);
    // not with inelastic walls, which cool the gas too, nor under gravity or with a vibrating wall: the
    // plot then says which of them keeps the curve off
    const obstacle = haffObstacle({
      restitution: msg.theory.restitution,
      wallRestitution: wallRestitution(scenario, msg.theory.restitution),
      vibrating: vibrating >= 0,
      gravity: gravityMagnitude(scenario),
      tau: msg.theory.haffTau,
    });
    if (obstacle) {
      energyPlot?.setHaff(null, obstacle);
    } else {
      const cooling = coolingKinds(msg.radii, msg.masses, msg.energies);
      energyPlot?.setHaff({ energy: coolingEnergy(cooling, msg.theory, msg.count * msg.theory.temperature0), mixture: cooling.radius.length > 1 });
    }
    // Enskog's rate needs a uniform density: not under gravity; discs of several sizes or masses are a
    // mixture, whose kinds of mass each have a temperature of their own (heavy discs hotter)
    const kinds = discGroups(msg.radii, msg.masses);
    const coefficient = enskogCoefficient(kinds, msg.theory);
    const geometry = kindsMeasured.mass.length > 1 ? kindGeometry(kindsMeasured, msg.radii) : null;
    ratePlot?.setTheory(
      gravity
        ? null
        : { coefficient, mixture: kinds.radius.length > 1, ...(geometry ? { kinds: kindsEnskogRate(geometry, msg.theory, coefficient) } : {}) },
    );
    // the pressure depends on the sizes alone
    const sizes = discGroups(msg.radii, msg.radii);
    const eos = {
      theory: msg.theory, z: mixtureCompressibility(sizes, msg.theory), mixture: sizes.radius.length > 1,
      wallRestitution: wallRestitution(scenario, msg.theory.restitution),
    };
    readout?.reset(msg.outputInterval, gravity ? null : eos, theoryConstants(msg.theory, obstacle === null, kinds.radius.length > 1));
    plotsDirty = true;
    source.show(scenario, msg.scenarioJson, msg.origin);
  }

  function onFrame(msg: FrameMessage): void {
    if (msg.positions && msg.speeds) {
      histogramMax = msg.histogramMax;
      const current = msg.observations[msg.observations.length - 1] ?? lastObservation;
      // several masses: each kind's speeds at its own temperature (the mean mass's let light discs saturate)
      const mixtureMax = speedKinds.mass.length > 1 ? mixtureSpeedScaleMax(msg.speeds, discMasses, speedKinds) : 0;
      const speedMax =
        mixtureMax > 0
          ? mixtureMax
          : current && theory && current.temperature > 0 && theory.meanMass > 0
            ? speedScaleMax(current.temperature, theory.meanMass)
            : histogramMax;
      renderer.setFrame(msg.positions, msg.speeds, speedMax, msg.velocities);
      legend.setMax(speedMax);
      view.invalidate();
    }
    if (msg.histogram) {
      histogram = msg.histogram;
      histogramTime = msg.time;
    }
    if (msg.observations.length > 0) {
      series.push(msg.observations, msg.kindTemperatures);
      lastKinds = msg.kindTemperatures[msg.kindTemperatures.length - 1] ?? lastKinds;
      readout?.observe(msg.observations);
      lastObservation = msg.observations[msg.observations.length - 1] ?? lastObservation;
      plotsDirty = true;
    }
    readout?.update(msg.time, lastObservation, msg.stats);
  }

  function updatePlots(): void {
    energyPlot?.update(series);
    ratePlot?.update(series);
    if (histogramPlot && histogram && theory) {
      // each kind of mass at its own temperature (one kind, or no measurement yet: the gas's T for all)
      const T = lastObservation?.temperature ?? theory.temperature0;
      const temperatures =
        lastKinds.length > 0 && kindsMeasured.mass.length > 1
          ? groupTemperatures(speedKinds.index, speedKinds.mass.length, kindsMeasured.index, lastKinds)
          : speedKinds.mass.map(() => T);
      histogramPlot.update(histogram, histogramMax, speedKinds, temperatures, histogramTime);
    }
  }

  // ---- the per-collision log, on request
  const logButton = byId('event-log-csv', HTMLButtonElement);
  const logNote = byId('event-log-note', HTMLElement);
  logNote.textContent = `Every collision (time, disc, partner), the last ${EVENT_LOG_MAX.toLocaleString('en-US')} of the run.`;
  logButton.addEventListener('click', () => {
    logButton.disabled = true;
    void client.eventLog().then((log) => {
      logButton.disabled = false;
      const held = log.time.length;
      logNote.textContent = eventLogNote(log, held);
      // named as the plots' files are (runStem, runSubject): an edited run's log apart from the preset's
      const run = reproduce.get();
      if (held > 0) downloadCsv(exportFileName(runStem(run), 'events', 'csv'), eventLogCsv(log, runSubject(run)));
    });
  });

  installTestHook(
    state,
    () => ({
      energy: energyPlot?.points() ?? 0,
      histogram: histogramPlot?.points() ?? 0,
      rate: ratePlot?.points() ?? 0,
    }),
    undefined,
    undefined,
    undefined,
    canvasProbe([canvas], [renderer]),
  );
}
