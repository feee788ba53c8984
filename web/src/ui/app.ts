/**
 * Wires the page: URL parameters, the worker client, the canvas, the plots, the panel,
 * the controls and the share link. The simulation itself runs in the worker (sim/).
 */
import { EnergyPlot } from '../plot/energy-plot';
import { HistogramPlot } from '../plot/histogram-plot';
import { RatePlot } from '../plot/rate-plot';
import { SeriesStore } from '../plot/series';
import { haffApplies } from '../plot/theory';
import { DiscRenderer } from '../render/disc-renderer';
import { speedScaleMax } from '../render/colormap';
import { SpeedLegend } from '../render/legend';
import { SimClient } from '../sim/client';
import type { Observation, Theory } from '../sim/granular-wasm';
import { AdvanceStatus, type FrameMessage, type FromWorker, type LoadedMessage, type LoadOrigin, type RejectedMessage } from '../sim/protocol';
import { isJsonObject, vibratingWall, type JsonObject } from '../sim/scenario';
import { Controls } from './controls';
import { byId, formatNumber } from './dom';
import { scenarioFamilyOf } from './family';
import { goToFamilyPage, openScenarioInFamilyPage } from './family-redirect';
import { bundledPresets, DEFAULT_PRESET_ID } from './presets';
import { Readout } from './readout';
import { ScenarioPanel } from './scenario-panel';
import { decodeScenario, SHARE_PARAM } from './share';
import { ShareButton } from './share-button';
import { installTestHook, type GranularState } from './test-hook';
import { parsePageParams, type PlotKind } from './url-params';

/** redraw the plots at most this often (ms): uPlot redraws are the costly part */
const PLOT_INTERVAL_MS = 100;
/** ask again when a tick was not answered within this time (ms) */
const TICK_TIMEOUT_MS = 1000;
/** the canvas never gets taller than this fraction of the window */
const MAX_CANVAS_HEIGHT = 0.72;

export function startApp(): void {
  const params = parsePageParams(window.location.search, window.location.hash);
  document.body.classList.toggle('embed', params.embed);
  document.body.classList.toggle('with-plot', params.embed && params.plot !== null);

  // ---- plots: all of them, or in embed mode only the one asked for
  const plotCards = new Map<PlotKind, HTMLElement>([
    ['energy', byId('card-energy', HTMLElement)],
    ['histogram', byId('card-histogram', HTMLElement)],
    ['rate', byId('card-rate', HTMLElement)],
  ]);
  const wanted = (kind: PlotKind): boolean => !params.embed || params.plot === kind;
  for (const [kind, card] of plotCards) card.hidden = !wanted(kind);
  byId('plots', HTMLElement).hidden = params.embed && params.plot === null;
  const energyPlot = wanted('energy') ? new EnergyPlot(byId('plot-energy', HTMLElement)) : null;
  const histogramPlot = wanted('histogram') ? new HistogramPlot(byId('plot-histogram', HTMLElement)) : null;
  const ratePlot = wanted('rate') ? new RatePlot(byId('plot-rate', HTMLElement)) : null;
  const logToggle = byId('energy-log', HTMLInputElement);
  logToggle.addEventListener('change', () => energyPlot?.setLog(logToggle.checked));

  // ---- canvas
  const canvas = byId('sim-canvas', HTMLCanvasElement);
  const canvasWrap = byId('canvas-wrap', HTMLElement);
  const renderer = new DiscRenderer(canvas);
  const legend = new SpeedLegend(byId('legend', HTMLElement));
  let needsDraw = true;
  let dpr = window.devicePixelRatio || 1;
  const fitCanvas = (): void => {
    dpr = window.devicePixelRatio || 1;
    const width = canvasWrap.clientWidth;
    // embed: the canvas fits the frame below the controls (the plot sits beside it when wide)
    const maxHeight = Math.max(200, params.embed ? window.innerHeight - 150 : window.innerHeight * MAX_CANVAS_HEIGHT);
    let w = width;
    let h = width * renderer.aspect();
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

  // ---- status line, readout, link errors
  const statusLine = byId('status', HTMLElement);
  const linkError = byId('link-error', HTMLElement);
  const readout = params.embed ? null : new Readout(byId('readout', HTMLElement));
  const showLinkError = (reason: string): void => {
    linkError.textContent = `The shared link could not be read: ${reason}. The default scenario was loaded instead.`;
    linkError.hidden = false;
  };

  // ---- state from the worker
  const series = new SeriesStore();
  let generation = -1;
  let count = 0;
  let theory: Theory | null = null;
  let scenario: JsonObject | null = null;
  let lastObservation: Observation | null = null;
  let lastFrame: FrameMessage | null = null;
  let histogram: Float64Array | null = null;
  let histogramMax = 1;
  let plotsDirty = false;
  let running = false;
  let defaultJson: string | null = null;
  let engineDefault: string | null = null;
  let fatal = false;

  const presets = bundledPresets('gas');
  const defaultPreset = presets.find((p) => p.id === DEFAULT_PRESET_ID) ?? null;

  const client = new SimClient(onMessage);
  const load = (json: string, origin: LoadOrigin): void => {
    // a soft-disc scenario pasted or uploaded here runs on the soft-disc page
    if ((origin === 'json' || origin === 'file') && scenarioFamilyOf(json) === 'soft') {
      void openScenarioInFamilyPage(json, 'soft');
      return;
    }
    // the page's first scenario follows ?play=; a scenario the user applies starts running
    client.load(json, origin, origin === 'default' || origin === 'link' ? params.autoplay : true);
  };
  const loadDefault = (): void => {
    if (defaultJson === null) return;
    panel?.selectPreset(defaultPreset ? defaultPreset.id : null);
    load(defaultJson, 'default');
  };
  /** a share link: a soft-disc scenario goes to the soft-disc page with the same link */
  const loadShared = (payload: string): void => {
    decodeScenario(payload).then(
      (json) => {
        if (scenarioFamilyOf(json) === 'soft') goToFamilyPage('soft');
        else load(json, 'link');
      },
      (error: unknown) => {
        showLinkError(error instanceof Error ? error.message : String(error));
        loadDefault();
      },
    );
  };

  const panel = params.embed ? null : new ScenarioPanel(byId('scenario-panel', HTMLElement), presets, { apply: load });
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

  function onMessage(msg: FromWorker): void {
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
      const reasons = msg.errors.map((e) => e.text).join('; ');
      showLinkError(`the scenario in it is not valid (${reasons})`);
      loadDefault();
    } else if (msg.origin === 'default') {
      if (defaultJson !== engineDefault && engineDefault !== null) {
        // the bundled default preset did not validate: fall back to the engine's default
        defaultJson = engineDefault;
        load(engineDefault, 'default');
      }
      panel?.showErrors('json', msg.errors);
      statusLine.textContent = 'The default scenario could not be loaded.';
    } else {
      panel?.showErrors(msg.origin, msg.errors);
    }
  }

  function onLoaded(msg: LoadedMessage): void {
    generation = msg.generation;
    count = msg.count;
    theory = msg.theory;
    const parsed: unknown = JSON.parse(msg.scenarioJson);
    scenario = isJsonObject(parsed) ? parsed : {};
    const vibrating = vibratingWall(scenario);
    renderer.setScene(msg.walls, msg.radii, vibrating);
    legend.setVibratingWall(vibrating);
    fitCanvas();
    series.clear();
    histogram = null;
    lastObservation = null;
    energyPlot?.setHaff(
      haffApplies(msg.theory.restitution, vibrating >= 0, msg.theory.haffTau)
        ? { e0: msg.count * msg.theory.temperature0, tau: msg.theory.haffTau }
        : null,
    );
    ratePlot?.setTheory(msg.theory);
    plotsDirty = true;
    panel?.clearErrors();
    panel?.showScenario(scenario, msg.origin !== 'reset');
    if (msg.origin !== 'preset' && msg.origin !== 'default' && msg.origin !== 'reset') panel?.selectPreset(null);
    share?.setScenario(msg.scenarioJson);
    const title = typeof scenario['name'] === 'string' ? scenario['name'] : '';
    byId('scenario-name', HTMLElement).textContent = title;
    // an address that still names another scenario would mislead: drop its #s=
    if (msg.origin !== 'link' && msg.origin !== 'reset' && window.location.hash.includes(`${SHARE_PARAM}=`)) {
      history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    }
  }

  function onFrame(msg: FrameMessage): void {
    awaiting = false;
    if (msg.generation !== generation) return;
    lastFrame = msg;
    running = msg.running;
    if (msg.positions && msg.speeds) {
      histogramMax = msg.histogramMax;
      const current = msg.observations[msg.observations.length - 1] ?? lastObservation;
      const speedMax =
        current && theory && current.temperature > 0 && theory.meanMass > 0
          ? speedScaleMax(current.temperature, theory.meanMass)
          : histogramMax;
      renderer.setFrame(msg.positions, msg.speeds, speedMax);
      legend.setMax(speedMax);
      needsDraw = true;
    }
    if (msg.histogram) histogram = msg.histogram;
    if (msg.observations.length > 0) {
      series.push(msg.observations);
      lastObservation = msg.observations[msg.observations.length - 1] ?? lastObservation;
      plotsDirty = true;
    }
    controls.setRunning(msg.running);
    controls.setTime(msg.time);
    readout?.update(msg.time, lastObservation, msg.stats);
    updateStatus(msg);
  }

  function updateStatus(msg: FrameMessage): void {
    if (fatal) return;
    let text: string;
    if (msg.status === AdvanceStatus.Stopped) text = `Stopped at t = ${formatNumber(msg.time, 6)} s: ${msg.message}`;
    else if (msg.status === AdvanceStatus.Finished) text = `finished at t = ${formatNumber(msg.time, 6)} s`;
    // the status is a live region: it changes on play / pause / step / end, not every frame
    else if (msg.running) text = `Running — ${count.toLocaleString('en-US')} discs`;
    else text = `Paused at t = ${formatNumber(msg.time, 6)} s (output ${msg.outputIndex})`;
    if (statusLine.textContent !== text) statusLine.textContent = text;
    statusLine.classList.toggle('stopped', msg.status === AdvanceStatus.Stopped);
  }

  function updatePlots(): void {
    energyPlot?.update(series);
    ratePlot?.update(series);
    if (histogramPlot && histogram && theory) {
      histogramPlot.update(histogram, histogramMax, theory.meanMass, lastObservation?.temperature ?? theory.temperature0);
    }
  }

  // ---- the animation loop: ask the worker for a frame, draw what arrived
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
    if (plotsDirty && now - lastPlot > PLOT_INTERVAL_MS) {
      updatePlots();
      plotsDirty = false;
      lastPlot = now;
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);

  // ---- keyboard: space plays / pauses unless a form control has the focus
  document.addEventListener('keydown', (event) => {
    if (event.key !== ' ' || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest('input, textarea, select, button, summary, a')) return;
    event.preventDefault();
    controls.toggle();
  });

  // a share link pasted into this tab's address bar
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
    () => ({
      energy: energyPlot?.points() ?? 0,
      histogram: histogramPlot?.points() ?? 0,
      rate: ratePlot?.points() ?? 0,
    }),
  );
}
