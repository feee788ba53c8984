/**
 * Closed forms of the four-sphere row (pure), from ../shared/REFERENCE.md §1: for
 * 2 − √3 ≤ e < 1 there are six collisions and v4 = ((1 + e)/2)^3 v0.
 */

/** Lower end of the six-collision regime, 2 − √3. */
export const SIX_COLLISION_MIN = 2 - Math.sqrt(3);
/** Collapse threshold e_c ≈ 3 − 2√2 (below it the row collapses, velocities → v0/4). */
export const E_COLLAPSE = 0.171573;

/** Collapse threshold of three equal spheres, 7 − 4√3 ≈ 0.0717968 (Constantin, Grossman & Mungan 1995). */
export const E_COLLAPSE_THREE = 7 - 4 * Math.sqrt(3);

/**
 * The collapse threshold of the standard row of `spheres` equal spheres when the page knows it:
 * 7 − 4√3 for three spheres, e_c ≈ 0.171573 for four (REFERENCE §1); longer rows collapse at
 * larger e (twenty spheres at e = 0.5 already) with no closed form, so null for any other N.
 */
export function collapseThreshold(spheres: number): number | null {
  if (spheres === 3) return E_COLLAPSE_THREE;
  return spheres === 4 ? E_COLLAPSE : null;
}

/** A threshold as the result lines print it: six significant digits (0.0717968, 0.171573). */
export function thresholdText(ec: number): string {
  return String(Number(ec.toPrecision(6)));
}

export function v4Exact(e: number): number {
  return ((1 + e) / 2) ** 3;
}

/** e with v4(e) = target (m/s, v0 = 1): 2 target^(1/3) − 1; 4^(1/3) − 1 for target 1/2. */
export function eForV4(target: number): number {
  return 2 * Math.cbrt(target) - 1;
}

/** E[v4] and SD[v4] for e ~ N(mu, sigma²) inside the six-collision regime: v4 = u³, u ~ N((1+mu)/2, (sigma/2)²). */
export function v4Moments(mu: number, sigma: number): { mean: number; sd: number } {
  const m = (1 + mu) / 2;
  const s2 = (sigma / 2) ** 2;
  const mean = m ** 3 + 3 * m * s2;
  const second = m ** 6 + 15 * m ** 4 * s2 + 45 * m ** 2 * s2 ** 2 + 15 * s2 ** 3;
  return { mean, sd: Math.sqrt(Math.max(0, second - mean * mean)) };
}

/** Whether mu ± 4 sigma stays inside [2 − √3, 1] (the closed forms then hold to ~1e-4). */
export function momentsApply(mu: number, sigma: number): boolean {
  return mu - 4 * sigma >= SIX_COLLISION_MIN && mu + 4 * sigma <= 1;
}

/** Probability density of v4 = u³ with u ~ N(m, s²), 1/(m/s). */
export function v4Density(v: number, mu: number, sigma: number): number {
  if (!(v > 0)) return 0;
  const m = (1 + mu) / 2;
  const s = sigma / 2;
  if (!(s > 0)) return 0;
  const u = Math.cbrt(v);
  const z = (u - m) / s;
  return Math.exp(-0.5 * z * z) / (s * Math.sqrt(2 * Math.PI)) / (3 * u * u);
}

/** The published ACSL Monte Carlo (SNE C12): e ~ N(0.5, 0.05), 1000 samples. */
export const ACSL_MC = { mean: 0.424898, sd: 0.041321, ciLow: 0.422337, ciHigh: 0.427459 } as const;

export interface Histogram {
  /** lower bin edges, m/s */
  lower: number[];
  /** bin width, m/s */
  width: number;
  counts: number[];
  /** counts / (n width), 1/(m/s) */
  density: number[];
}

/** Equal-width bins over [min, max] of the finite values; about √n bins, 10 to 60. */
export function histogram(values: readonly number[], bins?: number): Histogram {
  const finite = values.filter(Number.isFinite);
  const n = finite.length;
  const k = Math.max(1, bins ?? Math.min(60, Math.max(10, Math.round(Math.sqrt(n)))));
  if (n === 0) return { lower: [], width: 0, counts: [], density: [] };
  let min = Infinity;
  let max = -Infinity;
  for (const v of finite) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const width = max > min ? (max - min) / k : 1e-3;
  // every value equal (σ = 0): bins of 1e-3 centred on it, not starting at it (its bar would sit
  // on the left edge of the plot, half outside)
  const lo = max > min ? min : min - width * Math.floor(k / 2) - width / 2;
  const counts = new Array<number>(k).fill(0);
  for (const v of finite) {
    const b = Math.min(k - 1, Math.floor((v - lo) / width));
    counts[b]! += 1;
  }
  return {
    lower: counts.map((_, b) => lo + b * width),
    width,
    counts,
    density: counts.map((c) => c / (n * width)),
  };
}
