/**
 * The colour-blind-safe palettes of the whole app (issue 6 §5), in one place.
 *  - Sequential (speed): viridis (render/colormap.ts), perceptually uniform and readable with
 *    every common colour-vision deficiency and in grey scale.
 *  - Categorical (series, discs, force chains): Okabe & Ito's eight colours ("Color Universal
 *    Design", 2002/2008). Yellow is left out of lines and discs drawn on white (contrast 1.2:1);
 *    a neutral grey stands in for it. Series beyond the set differ by dash pattern as well.
 * tests/web/palette.test.ts checks that every categorical colour in use comes from here.
 */
export const OKABE_ITO_ALL = {
  black: '#000000',
  orange: '#e69f00',
  skyBlue: '#56b4e9',
  bluishGreen: '#009e73',
  yellow: '#f0e442',
  blue: '#0072b2',
  vermillion: '#d55e00',
  reddishPurple: '#cc79a7',
} as const;

/** the neutral grey that replaces yellow on white */
export const NEUTRAL_GREY = '#8c8c8c';

/** series colours in order: Okabe–Ito without yellow, then grey */
export const CATEGORICAL = [
  OKABE_ITO_ALL.blue,
  OKABE_ITO_ALL.vermillion,
  OKABE_ITO_ALL.bluishGreen,
  OKABE_ITO_ALL.reddishPurple,
  OKABE_ITO_ALL.orange,
  OKABE_ITO_ALL.skyBlue,
  OKABE_ITO_ALL.black,
  NEUTRAL_GREY,
] as const;

/** the force chains over the faded grains of the avalanche canvas */
export const FORCE_CHAIN_COLOR = OKABE_ITO_ALL.vermillion;

/** The three engines of the comparison page (compare.html): the same colour in every canvas, plot and table. */
export const ENGINE_COLORS = {
  event: OKABE_ITO_ALL.blue,
  soft: OKABE_ITO_ALL.vermillion,
  nscd: OKABE_ITO_ALL.bluishGreen,
} as const;

/** the exact answer beside them (the chain engine) */
export const EXACT_COLOR = OKABE_ITO_ALL.black;
