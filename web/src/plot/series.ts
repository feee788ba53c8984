/** Time series of the observables, one point per output instant (pure). */
import { everyOther } from './thin';
import type { Observation } from '../sim/granular-wasm';

/**
 * The time axis of a plot over the run (s), given its x values and the range uPlot proposes: the
 * data's span; with one instant or none (t = 0 on a paused page, after Reset, an empty rate plot)
 * from 0 to one output interval past it. (uPlot made a lone point's axis 0–100 s before asking, and
 * drew an empty plot's axis with no ticks at all.)
 */
export function runTimeRange(x: ArrayLike<number>, min: number | null, max: number | null, interval: number): [number, number] {
  const step = Number.isFinite(interval) && interval > 0 ? interval : 1;
  if (x.length < 2) {
    const t = x.length === 1 ? x[0] : undefined;
    return t === undefined || !Number.isFinite(t) ? [0, step] : [Math.min(0, t), t + step];
  }
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max) || !(max > min)) return [0, step];
  return [min, max];
}

/** beyond this many points, every other point is dropped (the last is always kept) */
export const MAX_POINTS = 20_000;

export class SeriesStore {
  time: number[] = [];
  /** J */
  energy: number[] = [];
  /** J */
  temperature: number[] = [];
  /** 1/s per disc */
  rate: number[] = [];
  /** bumps whenever the data change, so views can skip redraws */
  version = 0;

  constructor(private readonly maxPoints = MAX_POINTS) {}

  clear(): void {
    this.time = [];
    this.energy = [];
    this.temperature = [];
    this.rate = [];
    this.version += 1;
  }

  get length(): number {
    return this.time.length;
  }

  push(observations: readonly Observation[]): void {
    if (observations.length === 0) return;
    for (const o of observations) {
      const last = this.time[this.time.length - 1];
      if (last !== undefined && o.time <= last) continue; // an instant already recorded
      this.time.push(o.time);
      this.energy.push(o.kineticEnergy);
      this.temperature.push(o.temperature);
      this.rate.push(o.collisionRate);
    }
    if (this.time.length > this.maxPoints) this.thin();
    this.version += 1;
  }

  private thin(): void {
    this.time = everyOther(this.time);
    this.energy = everyOther(this.energy);
    this.temperature = everyOther(this.temperature);
    this.rate = everyOther(this.rate);
  }
}
