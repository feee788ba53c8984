/**
 * The comparison's samples on the page (pure): time, and per engine the kinetic energy, the
 * centre-of-mass height, collisions or contacts made, and every disc's velocity.
 */
import type { CompareSamples } from '../sim/granular-wasm';
import { ENGINE_COUNT } from './protocol';

export type Component = 'vx' | 'vy' | 'speed';

export const COMPONENTS: ReadonlyArray<readonly [Component, string, string]> = [
  ['vx', 'v_x', 'velocity v_x (m/s)'],
  ['vy', 'v_y', 'velocity v_y (m/s)'],
  ['speed', '|v|', 'speed |v| (m/s)'],
];

export class CompareSeries {
  readonly time: number[] = [];
  readonly kinetic: number[][] = [[], [], []];
  readonly height: number[][] = [[], [], []];
  readonly contacts: number[][] = [[], [], []];
  /** per sample: ENGINE_COUNT x 2N velocities */
  private readonly velocities: Float64Array[] = [];

  constructor(readonly count: number) {}

  get length(): number {
    return this.time.length;
  }

  push(s: CompareSamples): void {
    const per = ENGINE_COUNT * 2 * this.count;
    for (let k = 0; k < s.time.length; k++) {
      this.time.push(s.time[k] ?? NaN);
      for (let e = 0; e < ENGINE_COUNT; e++) {
        this.kinetic[e]?.push(s.kinetic[ENGINE_COUNT * k + e] ?? NaN);
        this.height[e]?.push(s.height[ENGINE_COUNT * k + e] ?? NaN);
        this.contacts[e]?.push(s.contacts[ENGINE_COUNT * k + e] ?? NaN);
      }
      this.velocities.push(s.velocities.slice(per * k, per * (k + 1)));
    }
  }

  /** one engine's velocity component of disc i (0-based) at every sample; NaN where it stopped */
  velocity(engine: number, disc: number, component: Component): number[] {
    const base = engine * 2 * this.count + 2 * disc;
    return this.velocities.map((v) => {
      const vx = v[base] ?? NaN;
      const vy = v[base + 1] ?? NaN;
      return component === 'vx' ? vx : component === 'vy' ? vy : Math.hypot(vx, vy);
    });
  }
}

/** NaN (an engine that stopped) as a gap in the plot; with `positive`, also values <= 0 (log axes). */
export function plotted(values: readonly number[], positive = false): Array<number | null> {
  return values.map((v) => (Number.isFinite(v) && (!positive || v > 0) ? v : null));
}
