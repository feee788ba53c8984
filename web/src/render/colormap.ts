/**
 * Viridis (perceptually uniform, colour-blind safe), as 9 stops sampled from the
 * matplotlib definition, interpolated linearly in sRGB. Pure.
 */
const VIRIDIS_STOPS: ReadonlyArray<readonly [number, number, number]> = [
  [0x44, 0x01, 0x54],
  [0x47, 0x2d, 0x7b],
  [0x3b, 0x52, 0x8b],
  [0x2c, 0x72, 0x8e],
  [0x21, 0x91, 0x8c],
  [0x28, 0xae, 0x80],
  [0x5e, 0xc9, 0x62],
  [0xad, 0xdc, 0x30],
  [0xfd, 0xe7, 0x25],
];

/** Colour at u in [0, 1] (clamped) as [r, g, b] 0..255. */
export function viridis(u: number): [number, number, number] {
  const x = Math.min(Math.max(Number.isFinite(u) ? u : 0, 0), 1) * (VIRIDIS_STOPS.length - 1);
  const i = Math.min(Math.floor(x), VIRIDIS_STOPS.length - 2);
  const f = x - i;
  const a = VIRIDIS_STOPS[i]!;
  const b = VIRIDIS_STOPS[i + 1]!;
  return [
    Math.round(a[0] + (b[0] - a[0]) * f),
    Math.round(a[1] + (b[1] - a[1]) * f),
    Math.round(a[2] + (b[2] - a[2]) * f),
  ];
}

export function cssColor([r, g, b]: readonly [number, number, number]): string {
  return `rgb(${r}, ${g}, ${b})`;
}

/** `n` colours as [r, g, b] for bins 0..n-1 (bin k at the centre of [k/n, (k+1)/n]). */
export function colorTableRGB(n: number): Array<[number, number, number]> {
  return Array.from({ length: n }, (_, k) => viridis((k + 0.5) / n));
}

/** `n` CSS colours for bins 0..n-1. */
export function colorTable(n: number): string[] {
  return colorTableRGB(n).map(cssColor);
}

/** The smallest "nice" number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k) >= x; 1 for x <= 0. */
export function niceCeil(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const decade = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    if (m * decade >= x * (1 - 1e-12)) return m * decade;
  }
  return 10 * decade;
}

/**
 * Top of the speed colour scale, m/s: 3 sqrt(T/m) rounded up to a nice number. For 2D
 * Maxwell speeds (mode sqrt(T/m)) only about 1 % of the discs are faster.
 */
export function speedScaleMax(temperature: number, mass: number): number {
  return niceCeil(3 * Math.sqrt(Math.max(temperature, 0) / mass));
}

/** the share of 2D Maxwell speeds above 3 √(T/m): exp(−4.5), 1.1 % */
const SHARE_ABOVE_SCALE = Math.exp(-4.5);

/**
 * The speed (m/s) that as many discs exceed as exceed 3 √(T/m) in a gas of one kind (1.1 %), for
 * kinds of masses m_k (kg) in shares x_k at temperatures T_k (J), each kind with its 2D Maxwell
 * speeds: Σ x_k exp(−m_k v² / (2 T_k)) = exp(−4.5). One kind: 3 √(T/m). 0 when no kind moves.
 */
export function mixtureSpeedQuantile(mass: readonly number[], share: readonly number[], temperature: readonly number[]): number {
  // each kind's own 3 √(T_k/m_k): the answer lies between the smallest and the largest
  let lo = Infinity;
  let hi = 0;
  for (let k = 0; k < mass.length; k++) {
    const t = temperature[k] as number;
    const m = mass[k] as number;
    if (!(t > 0) || !(m > 0) || !((share[k] as number) > 0)) continue;
    const v = 3 * Math.sqrt(t / m);
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (!(hi > 0)) return 0;
  const above = (v: number): number => {
    let sum = 0;
    for (let k = 0; k < mass.length; k++) {
      const t = temperature[k] as number;
      if (t > 0) sum += (share[k] as number) * Math.exp((-(mass[k] as number) * v * v) / (2 * t));
    }
    return sum;
  };
  for (let i = 0; i < 100 && hi - lo > 1e-13 * hi; i++) {
    const mid = 0.5 * (lo + hi);
    if (above(mid) > SHARE_ABOVE_SCALE) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/**
 * Top of the speed colour scale for discs of several masses, m/s: mixtureSpeedQuantile at each
 * kind's temperature now (the mean ½ m v² of its discs, from their speeds), rounded up to a nice
 * number. Masses of 1 and 16 kg in equal numbers at T = 1 J: speedScaleMax at the mean mass put the
 * top at 1.2 m/s, under which only half the light discs lie (all of them the colour of the top);
 * this puts it at 3 m/s (2.76 rounded up), 1.1 % of the light discs faster, as for one kind. Each
 * kind at its own temperature: as generated (every disc at one rms speed) heavy discs start hotter.
 * 0 when no disc moves.
 */
export function mixtureSpeedScaleMax(
  speeds: ArrayLike<number>, masses: ArrayLike<number>, kinds: { mass: number[]; share: number[]; index: Int32Array },
): number {
  const k = kinds.mass.length;
  const energy = new Float64Array(k);
  const count = new Float64Array(k);
  const n = Math.min(speeds.length, masses.length, kinds.index.length);
  for (let i = 0; i < n; i++) {
    const g = kinds.index[i] as number;
    if (g < 0) continue;
    const v = speeds[i] as number;
    energy[g] = (energy[g] as number) + 0.5 * (masses[i] as number) * v * v;
    count[g] = (count[g] as number) + 1;
  }
  const temperature = Array.from(energy, (e, g) => ((count[g] as number) > 0 ? e / (count[g] as number) : 0));
  const v = mixtureSpeedQuantile(kinds.mass, kinds.share, temperature);
  return v > 0 ? niceCeil(v) : 0;
}

/** The colour bin of a value on [0, max] with n bins (clamped to the last bin). */
export function colorBin(value: number, max: number, n: number): number {
  if (!(max > 0) || !(value > 0)) return 0;
  const k = Math.floor((value / max) * n);
  return k >= n ? n - 1 : k;
}
