/** Time series of the observables, one point per output instant (pure). */
import { everyOther } from './thin';
import type { Observation } from '../sim/granular-wasm';

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
