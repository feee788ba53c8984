/**
 * Colour-blind-safe palettes (issue 6 §5): every categorical colour in use is Okabe–Ito (or the
 * neutral grey that stands in for its yellow), none is too pale to see on white, and the speed
 * map is viridis.
 */
import { describe, expect, it } from 'vitest';
import { OKABE_ITO } from '../../web/src/chain/palette';
import { COLORS } from '../../web/src/plot/plot-view';
import { viridis } from '../../web/src/render/colormap';
import { CATEGORICAL, ENGINE_COLORS, EXACT_COLOR, FORCE_CHAIN_COLOR, NEUTRAL_GREY, OKABE_ITO_ALL } from '../../web/src/render/palette';
import { LEDGER_PARTS } from '../../web/src/soft/ledger-series';
import { DISC_COLORS } from '../../web/src/soft/soft-renderer';

/** Okabe & Ito, "Color Universal Design" (2002/2008): the eight colours. */
const OKABE_ITO_REFERENCE = ['#000000', '#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7'];
const SAFE = new Set([...OKABE_ITO_REFERENCE, NEUTRAL_GREY]);

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not #rrggbb: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}
/** WCAG relative luminance and contrast ratio */
function luminance(hex: string): number {
  const lin = (c: number): number => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = rgb(hex).map(lin) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastOnWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

describe('palettes', () => {
  it('the reference set is Okabe–Ito', () => {
    expect(Object.values(OKABE_ITO_ALL).sort()).toEqual([...OKABE_ITO_REFERENCE].sort());
  });

  // each with its number of colours, so that an empty (or cut) list cannot pass the loop below
  const inUse: Record<string, [colors: readonly string[], count: number]> = {
    // the eight of Okabe–Ito, grey for yellow
    'categorical (render/palette.ts)': [CATEGORICAL, 8],
    'chain series (chain/palette.ts)': [OKABE_ITO, 8],
    'plot series (plot/plot-view.ts COLORS)': [[COLORS.blue, COLORS.vermillion, COLORS.green], 3],
    // Okabe–Ito without yellow and black (the ink), and the grey
    'soft disc colours': [DISC_COLORS, 7],
    // translational, rotational, observer, elastic, potential, damping, friction
    'soft energy ledger': [LEDGER_PARTS.map((p) => p[2]), 7],
    'avalanche force chains': [[FORCE_CHAIN_COLOR], 1],
    // event-driven, soft, NSCD, and the exact answer
    'comparison engines and the exact answer': [[...Object.values(ENGINE_COLORS), EXACT_COLOR], 4],
  };

  for (const [where, [colors, count]] of Object.entries(inUse)) {
    it(`${where}: Okabe–Ito (or its grey), distinct, and visible on white`, () => {
      expect(colors, where).toHaveLength(count);
      for (const c of colors) {
        expect(SAFE.has(c.toLowerCase()), `${where}: ${c}`).toBe(true);
        // Okabe–Ito yellow (1.2:1) is out; sky blue and orange (about 2.1:1) are the palest kept
        expect(contrastOnWhite(c), `${where}: ${c}`).toBeGreaterThan(2);
      }
      expect(new Set(colors).size, where).toBe(colors.length);
    });
  }

  it('the blue fill is the Okabe–Ito blue', () => {
    expect(COLORS.blueFill.replace(/\s/g, '')).toBe('rgba(0,114,178,0.30)');
  });

  it('the speed map is viridis (matplotlib end points and middle)', () => {
    expect(viridis(0)).toEqual([0x44, 0x01, 0x54]);
    expect(viridis(0.5)).toEqual([0x21, 0x91, 0x8c]);
    expect(viridis(1)).toEqual([0xfd, 0xe7, 0x25]);
    // monotonic in lightness: readable in grey scale and by every colour-vision deficiency
    let last = -1;
    for (let k = 0; k <= 20; k++) {
      const [r, g, b] = viridis(k / 20);
      const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      expect(y).toBeGreaterThan(last);
      last = y;
    }
  });
});
