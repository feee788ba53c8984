/**
 * The published shape of granular column collapse (../shared/REFERENCE.md §5; Lube et al. 2005,
 * Lajeunesse et al. 2005, Staron & Hinch 2005): (L∞ − L0)/L0 ≈ 1.2 a for small aspect ratios
 * a = H0/L0 and ≈ 1.9 a^(2/3) for large ones. Pure.
 */

/** Lube et al.'s small-a line: 1.2 a */
export function lubeLinear(a: number): number {
  return 1.2 * a;
}

/** Lube et al.'s large-a line: 1.9 a^(2/3) */
export function lubePower(a: number): number {
  return 1.9 * Math.cbrt(a * a);
}

/**
 * Where Lube et al.'s two lines meet, 1.2 a = 1.9 a^(2/3): a = (1.9 / 1.2)^3 ≈ 3.969. The study's plot
 * draws each line on its own side of it (the linear one for squat columns, the power law for tall
 * ones), so that neither is read as a prediction in the other's regime.
 */
export const LUBE_CROSSOVER = (1.9 / 1.2) ** 3;

/** (L∞ − L0)/L0, the normalized runout; NaN when L0 is not positive */
export function relativeRunout(l0: number, lInf: number): number {
  return l0 > 0 ? (lInf - l0) / l0 : NaN;
}

export interface SlopeFit {
  /** d log y / d log x */
  slope: number;
  /** y = prefactor x^slope */
  prefactor: number;
  /** points used */
  points: number;
}

/**
 * Least-squares line through (log x, log y) of the points with lo <= x <= hi and x, y > 0;
 * null with fewer than two such points (or all at one x).
 */
export function logLogSlope(x: readonly number[], y: readonly number[], lo = 0, hi = Infinity): SlopeFit | null {
  const lx: number[] = [];
  const ly: number[] = [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (xi > 0 && yi > 0 && Number.isFinite(xi) && Number.isFinite(yi) && xi >= lo && xi <= hi) {
      lx.push(Math.log(xi));
      ly.push(Math.log(yi));
    }
  }
  const n = lx.length;
  if (n < 2) return null;
  const mx = lx.reduce((s, v) => s + v, 0) / n;
  const my = ly.reduce((s, v) => s + v, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (lx[i]! - mx) ** 2;
    sxy += (lx[i]! - mx) * (ly[i]! - my);
  }
  if (!(sxx > 0)) return null;
  const slope = sxy / sxx;
  return { slope, prefactor: Math.exp(my - slope * mx), points: n };
}

/** `n` points spaced evenly in log between lo and hi (lo, hi > 0) */
export function logSpace(lo: number, hi: number, n: number): number[] {
  if (n <= 1) return [lo];
  const a = Math.log(lo);
  const b = Math.log(hi);
  return Array.from({ length: n }, (_, k) => Math.exp(a + ((b - a) * k) / (n - 1)));
}
