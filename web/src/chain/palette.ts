import { CATEGORICAL } from '../render/palette';

/** Okabe–Ito colours (colour-blind safe; yellow left out, too pale on white: grey instead); dashes beyond eight series. */
export const OKABE_ITO = CATEGORICAL;

export function seriesColor(k: number): string {
  return OKABE_ITO[k % OKABE_ITO.length]!;
}

/** solid for the first eight, then dashed, then dotted */
export function seriesDash(k: number): number[] | undefined {
  const round = Math.floor(k / OKABE_ITO.length);
  return round === 0 ? undefined : round === 1 ? [8, 4] : [2, 3];
}
