/**
 * Contact pairs for the hysteresis plot (pure): a pair is (disc i, other) with other a disc
 * index, or -(k+1) for wall k (box: 0 bottom, 1 right, 2 top, 3 left; circle: -1).
 */
import type { HysteresisLoop } from '../sim/granular-wasm';

export interface Pair {
  i: number;
  other: number;
}

export const BOX_WALL_NAMES = ['bottom', 'right', 'top', 'left'] as const;

/** The same pair whichever disc comes first: the smaller disc index first, walls last. */
export function normalizePair(i: number, other: number): Pair {
  if (other >= 0 && other < i) return { i: other, other: i };
  return { i, other };
}

export function pairKey(p: Pair): string {
  const n = normalizePair(p.i, p.other);
  return `${n.i}:${n.other}`;
}

export function parsePairKey(key: string): Pair | null {
  const m = /^(\d+):(-?\d+)$/.exec(key);
  if (!m) return null;
  return normalizePair(Number(m[1]), Number(m[2]));
}

/** "disc 0 – disc 1", "disc 2 – wall 3 (left)", "disc 0 – circular wall" */
export function pairLabel(p: Pair, domainKind: string): string {
  const n = normalizePair(p.i, p.other);
  if (n.other >= 0) return `disc ${n.i} – disc ${n.other}`;
  if (domainKind === 'circle') return `disc ${n.i} – circular wall`;
  const k = -n.other - 1;
  const name = BOX_WALL_NAMES[k];
  return name ? `disc ${n.i} – wall ${k} (${name})` : `disc ${n.i} – wall ${k}`;
}

/** decimals tried for the impact times, beyond which they are written in exponent form */
const MAX_LABEL_DECIMALS = 9;

/**
 * Series labels of loops drawn together: their impact times with 3 decimals, or as many more as
 * make every label different and give every time at least two significant digits (impacts of
 * micrometre discs a few microseconds apart all read "t = 0.000 s" with 3). A time too small for
 * that within MAX_LABEL_DECIMALS is written in exponent form on its own (one impact in the first
 * 10 ns turned every label of a bouncing disc into "t = 2.77000e+0 s").
 */
export function loopLabels(loops: ReadonlyArray<Pick<HysteresisLoop, 'startTime'>>): string[] {
  const times = loops.map((l) => l.startTime);
  const tiny = (t: number): boolean => t !== 0 && Math.abs(t) < 10 ** (1 - MAX_LABEL_DECIMALS);
  for (let d = 3; d <= MAX_LABEL_DECIMALS; d++) {
    const labels = times.map((t) => `t = ${tiny(t) ? t.toExponential(2) : t.toFixed(d)} s`);
    const readable = times.every((t) => t === 0 || tiny(t) || Math.abs(t) >= 10 ** (1 - d));
    if (readable && new Set(labels).size === labels.length) return labels;
  }
  return times.map((t) => `t = ${t.toExponential(5)} s`);
}

/**
 * The compact legend's line: the first and last impact times of the loops drawn ("t = 2.770 … 15.248 s"),
 * and how many of them are switched on when not all are ("…, 8 of 10 shown").
 */
export function loopSpan(labels: readonly string[], shown: readonly boolean[]): string {
  const time = (label: string): string => /^t = (.*) s$/.exec(label)?.[1] ?? label;
  const first = labels[0] ?? '';
  const last = labels[labels.length - 1] ?? '';
  const span = labels.length > 1 ? `t = ${time(first)} … ${time(last)} s` : first;
  const on = labels.filter((_, k) => shown[k] !== false).length;
  return on === labels.length ? span : `${span}, ${on} of ${labels.length} shown`;
}

/**
 * The loops a legend switched off, each by its pair and impact time: the plot is rebuilt whenever a
 * loop grows or a new impact comes, and each rebuild showed every loop again (a loop switched off
 * while two discs were in contact came back at the next output instant).
 */
export class HiddenLoops {
  private readonly off = new Set<string>();

  private static key(pair: string, startTime: number): string {
    return `${pair}|${startTime}`;
  }

  shown(pair: string, startTime: number): boolean {
    return !this.off.has(HiddenLoops.key(pair, startTime));
  }

  set(pair: string, startTime: number, shown: boolean): void {
    const key = HiddenLoops.key(pair, startTime);
    if (shown) this.off.delete(key);
    else this.off.add(key);
  }

  /** forgets every loop but these (the ones drawn now): a pair chosen again, or a Reset, starts with all shown */
  keepOnly(pair: string, startTimes: readonly number[]): void {
    const drawn = new Set(startTimes.map((t) => HiddenLoops.key(pair, t)));
    for (const key of [...this.off]) if (!drawn.has(key)) this.off.delete(key);
  }

  /** how many loops are switched off */
  get size(): number {
    return this.off.size;
  }
}

/**
 * The pairs that have loops, in order of their first impact, with how many each has.
 * Loops are given in impact order (the engine's).
 */
export function pairsWithLoops(loops: Iterable<Pick<HysteresisLoop, 'i' | 'other'>>): Array<{ pair: Pair; count: number }> {
  const seen = new Map<string, { pair: Pair; count: number }>();
  for (const loop of loops) {
    const pair = normalizePair(loop.i, loop.other);
    const key = pairKey(pair);
    const entry = seen.get(key);
    if (entry) entry.count += 1;
    else seen.set(key, { pair, count: 1 });
  }
  return [...seen.values()];
}

/**
 * Text typed by the user for a pair when every pair cannot be listed (many discs):
 * "3-7" (discs 3 and 7), "3-w2" (disc 3 and wall 2), "3-wall" (the circular wall).
 * Null when it is not of that form or the indices are out of range.
 */
export function parsePairText(text: string, count: number, walls: number): Pair | null {
  const m = /^\s*(\d+)\s*[-–,:]\s*(?:(\d+)|w(\d+)|(wall))\s*$/i.exec(text);
  if (!m) return null;
  const i = Number(m[1]);
  const other = m[2] !== undefined ? Number(m[2]) : -((m[3] !== undefined ? Number(m[3]) : 0) + 1);
  const pair = normalizePair(i, other);
  return pairExists(pair, count, walls) ? pair : null;
}

/** Whether a scenario of `count` discs and `walls` walls has this pair. */
export function pairExists(p: Pair, count: number, walls: number): boolean {
  const n = normalizePair(p.i, p.other);
  if (n.i < 0 || n.i >= count) return false;
  return n.other >= 0 ? n.other < count && n.other !== n.i : -n.other - 1 < walls;
}

/** Number of walls of a domain kind. */
export function wallCount(domainKind: string): number {
  return domainKind === 'box' ? 4 : domainKind === 'circle' ? 1 : 0;
}
