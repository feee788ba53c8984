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

/** The colour bin of a value on [0, max] with n bins (clamped to the last bin). */
export function colorBin(value: number, max: number, n: number): number {
  if (!(max > 0) || !(value > 0)) return 0;
  const k = Math.floor((value / max) * n);
  return k >= n ? n - 1 : k;
}
