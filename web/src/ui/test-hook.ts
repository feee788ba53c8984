/**
 * A tiny read-only window hook for end-to-end tests: the state of the worker's latest frame.
 *   window.__granular.state() -> { time, engineTime, hash, count, status, running, outputIndex }
 */
import type { DiscState } from '../render/disc-pick';
import type { AdvanceStatusCode } from '../sim/granular-wasm';

export interface GranularState {
  /**
   * s, the time of the picture on screen (FrameCommon.pictureTime): the last output instant drawn, or
   * where a pause, the load or the end left the run; what the t read-out says
   */
  time: number;
  /**
   * s, where the engine has got to (FrameCommon.time): ahead of `time` while the soft discs or the
   * avalanche compute a long output interval between two pictures; else equal to it
   */
  engineTime: number;
  /** world.hashState() at `time`: the state of the picture on screen */
  hash: string;
  /** number of discs */
  count: number;
  /** last advance() status: 0 Output, 1 Budget, 2 Finished, 3 Stopped */
  status: AdvanceStatusCode;
  running: boolean;
  outputIndex: number;
}

export interface PlotPoints {
  energy: number;
  histogram: number;
  rate: number;
}

/** The soft-disc page's extra read-outs. */
export interface SoftProbe {
  /** points in the energy-ledger plot */
  ledger: number;
  /** the ledger's and the coordinate plot's time axes, s ([min, max]; null: no chart) */
  ledgerTime: [number, number] | null;
  coordinateTime: [number, number] | null;
  /** loops drawn in the hysteresis plot */
  loops: number;
  /** the labels of those switched off in its legend (full or compact), e.g. ["t = 4.120 s"] */
  loopsHidden: string[];
  /** points in the coordinate plot */
  coordinate: number;
  /** the ledger closure now: |total − initial| / the largest energy so far (soft/ledger-series.ts) */
  closure: number;
  /** (6 x N) coordinates now: x, y, angle, vx, vy, spin per disc */
  coordinates: number[];
  /** the hysteresis plot's pair, e.g. "disc 0 – disc 1" ('' before any impact) */
  pair: string;
  /** instants held in the observers' fading traces (0: none drawn, e.g. with reduced motion) */
  traces: number;
}

/** The avalanche page's extra read-outs. */
export interface AvalancheProbe {
  /** 0 settling, 1 flowing, 2 stopped */
  phase: number;
  /** points in the runout, energy and iteration plots */
  runout: number;
  energy: number;
  iterations: number;
  /** contact lines drawn as force chains (0 when the toggle is off) */
  chains: number;
  /** m: settled width, runout now; s: collapse time (-1 while it flows) */
  l0: number;
  runoutNow: number;
  collapseTime: number;
  /** the canvas' x range now (m), and the floor's end: the view starts near the column and widens as the flow goes */
  view: { minX: number; maxX: number; floorEnd: number };
  /** the study panel */
  study: { running: boolean; rows: number; points: number; progress: number; slopeSmall: number | null; slopeLarge: number | null; text: string };
}

/** The comparison page's extra read-outs. */
export interface CompareProbe {
  /** setup.kind of the loaded scenario */
  kind: string;
  /** per engine (event, soft, NSCD): stopped, work done, collisions or contacts, and the latest kinetic energy (J) */
  engines: Array<{ stopped: boolean; message: string; work: number; contacts: number; kinetic: number }>;
  /** points in the energy, velocity, height and contacts plots */
  energy: number;
  velocity: number;
  height: number;
  contacts: number;
  /** the time axes of the energy, velocity, height and contacts plots, s ([min, max]; null: no chart) */
  timeRanges: Array<[number, number] | null>;
  /** the velocity plot's disc (1-based) and component */
  disc: number;
  component: string;
  /** the row's table */
  table: { state: string; rows: number; cells: string[][]; velocities: Record<string, number[]>; explanation: string };
  /** per canvas (event, soft, NSCD), in page px: the canvas, the region drawn in it, the 1 m scale bar with its label (null: not drawn) */
  views: Array<{ canvas: BoxRect; scene: BoxRect; bar: BoxRect | null }>;
}

export interface BoxRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** a disc on a simulation canvas as the last frame drew it: its values and its centre and radius in window (client) px */
export interface CanvasDiscProbe {
  state: DiscState;
  clientX: number;
  clientY: number;
  radiusPx: number;
  /** px from its centre to the outer edge of a mark drawn round it (the comparison's velocity-plot ring), else radiusPx: the pointer's ring goes round it */
  outlinePx: number;
}

/** the discs drawn on the page's canvas k (the comparison's: 0 event, 1 soft, 2 NSCD) */
export interface CanvasProbe {
  count(canvas: number): number;
  disc(canvas: number, i: number): CanvasDiscProbe | null;
}

export interface GranularTestHook {
  state(): GranularState;
  /** the gas page's plots (0 on the soft page, which has none of them) */
  plotPoints(): PlotPoints;
  /** soft-disc page only */
  soft?(): SoftProbe;
  /** avalanche page only */
  avalanche?(): AvalancheProbe;
  /** comparison page only */
  compare?(): CompareProbe;
  /** the discs as drawn, for the line under the canvas (ui/canvas-readout.ts) */
  canvasDiscs?(): CanvasProbe;
  /** make the simulation worker fail as if the engine had aborted (the page restarts it) */
  simulateCrash(): void;
}

let crashTrigger: (() => void) | null = null;
/** what simulateCrash() does on this page (page-session.ts sets it) */
export function setCrashTrigger(trigger: () => void): void {
  crashTrigger = trigger;
}

declare global {
  interface Window {
    __granular?: GranularTestHook;
  }
}

export function installTestHook(
  state: () => GranularState,
  plotPoints: () => PlotPoints,
  soft?: () => SoftProbe,
  avalanche?: () => AvalancheProbe,
  compare?: () => CompareProbe,
  canvasDiscs?: CanvasProbe,
): void {
  const hook: GranularTestHook = Object.freeze({
    state: () => ({ ...state() }),
    plotPoints: () => ({ ...plotPoints() }),
    ...(soft ? { soft: () => ({ ...soft() }) } : {}),
    ...(avalanche ? { avalanche: () => ({ ...avalanche() }) } : {}),
    ...(compare ? { compare: () => ({ ...compare() }) } : {}),
    ...(canvasDiscs ? { canvasDiscs: () => canvasDiscs } : {}),
    simulateCrash: () => crashTrigger?.(),
  });
  Object.defineProperty(window, '__granular', { value: hook, writable: false, configurable: false });
}
