/**
 * A tiny read-only window hook for end-to-end tests: the state of the worker's latest frame.
 *   window.__granular.state() -> { time, hash, count, status, running, outputIndex }
 */
import type { AdvanceStatusCode } from '../sim/granular-wasm';

export interface GranularState {
  /** s, time of the latest frame's output instant */
  time: number;
  /** world.hashState() at that time */
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

export interface GranularTestHook {
  state(): GranularState;
  plotPoints(): PlotPoints;
}

declare global {
  interface Window {
    __granular?: GranularTestHook;
  }
}

export function installTestHook(state: () => GranularState, plotPoints: () => PlotPoints): void {
  const hook: GranularTestHook = Object.freeze({
    state: () => ({ ...state() }),
    plotPoints: () => ({ ...plotPoints() }),
  });
  Object.defineProperty(window, '__granular', { value: hook, writable: false, configurable: false });
}
