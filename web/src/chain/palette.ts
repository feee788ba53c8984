/** Okabe–Ito colours (colour-blind safe; yellow left out, too pale on white); dashes beyond eight series. */
export const OKABE_ITO = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#8c8c8c'] as const;

export function seriesColor(k: number): string {
  return OKABE_ITO[k % OKABE_ITO.length]!;
}

/** solid for the first eight, then dashed, then dotted */
export function seriesDash(k: number): number[] | undefined {
  const round = Math.floor(k / OKABE_ITO.length);
  return round === 0 ? undefined : round === 1 ? [8, 4] : [2, 3];
}
