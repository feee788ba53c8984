/**
 * The quantities of the coordinate plot and their history (pure). A snapshot holds, per
 * disc, 6 coordinates (x, y, angle, vx, vy, spin) then, after all discs, 2 observer
 * coordinates: time, coords (6 x N), observers (2 x N) — see soft/protocol.ts.
 */
import { EvenThinning, everyOther } from '../plot/thin';

export const QUANTITIES = [
  ['x', 'x', 'm'],
  ['y', 'y', 'm'],
  ['angle', 'angle θ', 'rad'],
  ['vx', 'v_x', 'm/s'],
  ['vy', 'v_y', 'm/s'],
  ['spin', 'spin ω', 'rad/s'],
  ['ox', 'observer x', 'm'],
  ['oy', 'observer y', 'm'],
] as const;

export type Quantity = (typeof QUANTITIES)[number][0];

export function quantityLabel(q: Quantity): string {
  const entry = QUANTITIES.find(([key]) => key === q);
  return entry ? `${entry[1]} (${entry[2]})` : q;
}

export function quantityUnit(q: Quantity): string {
  return QUANTITIES.find(([key]) => key === q)?.[2] ?? '';
}

export function isQuantity(value: string): value is Quantity {
  return QUANTITIES.some(([key]) => key === value);
}

/** Position of quantity q of disc i in a snapshot block (after the time at index 0). */
export function snapshotIndex(q: Quantity, i: number, count: number): number {
  const k = QUANTITIES.findIndex(([key]) => key === q);
  if (k < 6) return 1 + 6 * i + k;
  return 1 + 6 * count + 2 * i + (k - 6);
}

export const MAX_HISTORY_POINTS = 20_000;

/**
 * The history of every quantity of a set of tracked discs, one row per output instant:
 * all discs when there are few, else the ones chosen (their history starts when chosen).
 */
export class CoordinateHistory {
  time: number[] = [];
  /** disc -> quantity index (0..7) -> values */
  private readonly values = new Map<number, number[][]>();
  private tracked: number[] = [];
  version = 0;
  private readonly thinning: EvenThinning;

  /** one output kept in `every` (EvenThinning): 1 until the run passes `atMost` points */
  kept(): { every: number; atMost: number } {
    return this.thinning.kept();
  }

  constructor(private readonly count: number, maxPoints = MAX_HISTORY_POINTS) {
    this.thinning = new EvenThinning(maxPoints);
  }

  /** Track these discs (history of newly tracked ones starts now, padded with NaN). */
  track(discs: readonly number[]): void {
    this.tracked = [...new Set(discs.filter((i) => i >= 0 && i < this.count))];
    for (const i of this.tracked) {
      if (!this.values.has(i)) this.values.set(i, QUANTITIES.map(() => this.time.map(() => NaN)));
    }
    for (const i of [...this.values.keys()]) if (!this.tracked.includes(i)) this.values.delete(i);
    this.version += 1;
  }

  /** Appends `n` snapshot blocks of `stride` numbers. */
  push(snapshots: Float64Array, n: number, stride: number): void {
    for (let s = 0; s < n; s++) {
      const base = s * stride;
      const t = snapshots[base] ?? NaN;
      const last = this.time[this.time.length - 1];
      if (last !== undefined && t <= last) continue;
      if (this.thinning.offer() === 'replace') {
        this.time.pop();
        for (const rows of this.values.values()) for (const row of rows) row.pop();
      }
      this.time.push(t);
      for (const [i, rows] of this.values) {
        QUANTITIES.forEach(([q], k) => rows[k]!.push(snapshots[base + snapshotIndex(q, i, this.count)] ?? NaN));
      }
    }
    if (this.thinning.over(this.time.length)) this.thin();
    this.version += 1;
  }

  /** Values of quantity q of disc i, aligned with `time` (NaN where not tracked). */
  series(i: number, q: Quantity): number[] {
    const k = QUANTITIES.findIndex(([key]) => key === q);
    return this.values.get(i)?.[k]?.slice() ?? this.time.map(() => NaN);
  }

  clear(): void {
    this.thinning.reset();
    this.time = [];
    for (const rows of this.values.values()) for (const row of rows) row.length = 0;
    this.version += 1;
  }

  private thin(): void {
    this.thinning.halved();
    this.time = everyOther(this.time);
    for (const rows of this.values.values()) rows.forEach((row, k) => (rows[k] = everyOther(row)));
  }
}
