/** Time series of the observables, one point per output instant (pure). */
import type uPlot from 'uplot';
import { EvenThinning, everyOther } from './thin';
import type { Observation } from '../sim/granular-wasm';
import { sameObservation } from '../sim/observation';

/**
 * The time axis of a plot over the run (s), given its x values and the range uPlot proposes: the
 * data's span; with one instant or none (t = 0 on a paused page, after Reset, an empty rate plot,
 * two records of t = 0 after a collapse there) from 0 to one output interval past it. (uPlot made
 * a lone instant's axis 0–100 s before asking, and drew an empty plot's axis with no ticks at all.)
 * `start`, the run's first instant, is where the axis begins when the data begin later: the rate
 * plot's first point is one interval in, and its axis had no 0 tick beside the other plots'.
 */
export function runTimeRange(x: ArrayLike<number>, min: number | null, max: number | null, interval: number, start?: number): [number, number] {
  const step = Number.isFinite(interval) && interval > 0 ? interval : 1;
  let range: [number, number];
  if (x.length < 2 || x[0] === x[x.length - 1]) {
    const t = x.length > 0 ? x[0] : undefined;
    range = t === undefined || !Number.isFinite(t) ? [0, step] : [Math.min(0, t), t + step];
  } else if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max) || !(max > min)) range = [0, step];
  else range = [min, max];
  if (start !== undefined && Number.isFinite(start) && start < range[0]) range[0] = start;
  return range;
}

/**
 * A plot's time scale following runTimeRange; `interval` (and `start`, when given) are read at each
 * layout (a new load may change them).
 */
export function runTimeScale(interval: () => number, start?: () => number | undefined): uPlot.Scale {
  return { time: false, range: (u, min, max) => runTimeRange(u.data[0], min, max, interval(), start?.()) };
}

/** The instants with an interval behind them (indices into `time`): each later than the one before. */
export function measuredIntervals(time: readonly number[]): number[] {
  const kept: number[] = [];
  for (let k = 1; k < time.length; k++) if ((time[k] as number) > (time[k - 1] as number)) kept.push(k);
  return kept;
}

/** beyond this many points, every other point is dropped (the last is always kept), and one sample in twice as many is kept from then on (EvenThinning) */
export const MAX_POINTS = 20_000;

export class SeriesStore {
  time: number[] = [];
  /** J */
  energy: number[] = [];
  /** J */
  temperature: number[] = [];
  /**
   * 1/s per disc, over the interval that ends at the instant; a second record of an instant has no
   * interval behind it (the engine leaves the previous interval's rate there), so it is no measurement
   */
  rate: number[] = [];
  /**
   * √J, the mean of √T over that interval (the mean of its ends' √T; at t = 0, √T): the Enskog rate,
   * ∝ √T, over the interval the measured rate counts. (At the interval's end, T of a gas that cooled
   * to 40 % in one interval made the curve fall 20 % under the measured rate.)
   */
  rootTemperature: number[] = [];
  /**
   * J, the temperatures of the discs' kinds of mass at the instant (empty: one kind), and at the
   * record before it as pushed (the interval's start, as rootTemperature takes it; the instant's own
   * for the first): the Enskog rate of a mixture whose kinds have temperatures of their own
   */
  kinds: (readonly number[])[] = [];
  kindsBefore: (readonly number[])[] = [];
  /** bumps whenever the data change, so views can skip redraws */
  version = 0;
  /** the latest record pushed, and its kinds' temperatures (the next record's interval starts there) */
  private last: Observation | null = null;
  private lastKinds: readonly number[] | null = null;
  private readonly thinning: EvenThinning;

  /** one output kept in `every` (EvenThinning): 1 until the run passes `atMost` points */
  kept(): { every: number; atMost: number } {
    return this.thinning.kept();
  }

  constructor(maxPoints = MAX_POINTS) {
    this.thinning = new EvenThinning(maxPoints);
  }

  clear(): void {
    this.time = [];
    this.energy = [];
    this.temperature = [];
    this.rate = [];
    this.rootTemperature = [];
    this.kinds = [];
    this.kindsBefore = [];
    this.last = null;
    this.lastKinds = null;
    this.thinning.reset();
    this.version += 1;
  }

  get length(): number {
    return this.time.length;
  }

  /** the records, with the temperatures of the discs' kinds at each (`kinds[k]` for `observations[k]`; none: one kind) */
  push(observations: readonly Observation[], kinds: readonly (readonly number[])[] = []): void {
    if (observations.length === 0) return;
    for (const [k, o] of observations.entries()) {
      // a record already kept is skipped; a second record of the same instant is kept (a collapse
      // at that instant: the energy drops at one time, a vertical step in the energy plot)
      if (this.last && (sameObservation(o, this.last) || o.time < this.last.time)) continue;
      const before = this.last;
      const own = kinds[k] ?? [];
      const kindsBefore = this.lastKinds ?? own;
      this.last = o;
      this.lastKinds = own;
      if (this.thinning.offer() === 'replace') this.dropLast();
      this.time.push(o.time);
      this.energy.push(o.kineticEnergy);
      this.temperature.push(o.temperature);
      this.rate.push(o.collisionRate);
      const root = Math.sqrt(Math.max(0, o.temperature));
      this.rootTemperature.push(before === null ? root : (Math.sqrt(Math.max(0, before.temperature)) + root) / 2);
      this.kindsBefore.push(kindsBefore);
      this.kinds.push(own);
    }
    if (this.thinning.over(this.time.length)) this.thin();
    this.version += 1;
  }

  /** the last point, a sample off the thinning's stride that the next one replaces */
  private dropLast(): void {
    this.time.pop();
    this.energy.pop();
    this.temperature.pop();
    this.rate.pop();
    this.rootTemperature.pop();
    this.kinds.pop();
    this.kindsBefore.pop();
  }

  private thin(): void {
    this.thinning.halved();
    this.time = everyOther(this.time);
    this.energy = everyOther(this.energy);
    this.temperature = everyOther(this.temperature);
    this.rate = everyOther(this.rate);
    this.rootTemperature = everyOther(this.rootTemperature);
    this.kinds = everyOther(this.kinds);
    this.kindsBefore = everyOther(this.kindsBefore);
  }
}
