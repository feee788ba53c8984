/** The avalanche canvas's scales (pure): axis ticks in m, the speed colour scale, force-chain line widths. */
import { niceCeil } from '../render/colormap';
import { formatCount, formatNumber } from '../ui/dom';

/** Ticks at a "nice" spacing (1, 2, 2.5, 5 × 10^k) covering [min, max] with about `target` of them. */
export function niceTicks(min: number, max: number, target = 6): number[] {
  if (!(max > min) || !Number.isFinite(min) || !Number.isFinite(max)) return [];
  const raw = (max - min) / Math.max(1, target);
  const decade = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * decade >= raw * (1 - 1e-9)) ?? 10) * decade;
  const ticks: number[] = [];
  for (let k = Math.ceil(min / step - 1e-9); k * step <= max + 1e-9 * step; k++) ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

/** Top of the grain-speed colour scale, m/s: the free-fall speed from the column top, sqrt(2 g H), rounded up. */
export function grainSpeedMax(gravity: number, height: number): number {
  return niceCeil(Math.sqrt(2 * Math.max(gravity, 0) * Math.max(height, 0)));
}

/** thinnest and thickest force-chain lines, CSS px */
export const CHAIN_WIDTH_MIN = 0.75;
export const CHAIN_WIDTH_MAX = 6;

/** Line width (CSS px) of a contact with normal impulse pn when the largest is pnMax: ∝ pn, at least CHAIN_WIDTH_MIN. */
export function chainWidth(pn: number, pnMax: number): number {
  if (!(pnMax > 0) || !(pn > 0)) return 0;
  return Math.max(CHAIN_WIDTH_MIN, (CHAIN_WIDTH_MAX * Math.min(pn, pnMax)) / pnMax);
}

/** The largest normal impulse among contact lines (stride 5, impulse last), N s; 0 when none. */
export function largestImpulse(lines: ArrayLike<number>, stride = 5): number {
  let max = 0;
  for (let k = stride - 1; k < lines.length; k += stride) max = Math.max(max, lines[k] ?? 0);
  return max;
}

/**
 * The line under the canvas while force chains are on. `pnMax`: the largest normal impulse of the
 * last step (N s), `contacts` its contact count, `timeStep` h (s): p_n / h is the mean force over
 * the step, in N. A step without a pressed contact (the column's lattice before it falls, after
 * Reset) says so; it read "thickest = 0 N·s per step, 0 contacts" over faded grains.
 */
export function chainNote(pnMax: number, contacts: number, timeStep: number): string {
  if (!(pnMax > 0)) return 'Force chains: no contact carried a normal impulse in the last step (the grains do not press on each other yet).';
  const force = timeStep > 0 ? `, a mean force p_n/h of ${formatNumber(pnMax / timeStep, 3)} N` : '';
  return `Orange-red lines: contacts, width ∝ normal impulse p_n (thickest: ${formatNumber(pnMax, 3)} N·s over the last step${force}; ${formatCount(contacts)} contact${contacts === 1 ? '' : 's'}).`;
}
