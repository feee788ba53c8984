/**
 * The comparison canvases' layout (web/src/compare/scene-layout.ts): the 1 m scale bar sits in a
 * strip of its own under the scene, never on it, and is left out (with its strip) when too short.
 */
import { describe, expect, it } from 'vitest';
import { barMetres, canvasSize, MIN_BAR, NARROW_MARGIN, SCALE_STRIP, SCENE_MARGIN, sceneLayout, type Rect } from '../../web/src/compare/scene-layout';
import type { Bounds } from '../../web/src/render/view-transform';

const intersects = (a: Rect, b: Rect): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (a: Rect, w: number, h: number): boolean => a.x >= 0 && a.y >= 0 && a.x + a.w <= w && a.y + a.h <= h;

// the gas (a 9.7 m box), the pile (tall), the row (long and flat)
const REGIONS: Record<string, Bounds> = {
  gas: { minX: 0, minY: 0, maxX: 9.7, maxY: 9.7 },
  pile: { minX: 0, minY: 0, maxX: 5.75, maxY: 9.6 },
  row: { minX: -2, minY: -1.2, maxX: 13, maxY: 1.2 },
};

describe('the comparison canvases: scene and scale bar', () => {
  for (const [name, region] of Object.entries(REGIONS)) {
    for (const width of [110, 220, 290, 340, 846]) {
      it(`${name}, ${width} px wide: the bar, when drawn, lies in the canvas and off the scene`, () => {
        const size = canvasSize(region, width, 600);
        expect(size.w).toBeLessThanOrEqual(width);
        const layout = sceneLayout(region, size.w, size.h, size.strip, size.margin);
        expect(inside(layout.scene, size.w + 1e-9, size.h + 1e-9), JSON.stringify(layout.scene)).toBe(true);
        if (layout.bar) {
          expect(inside(layout.bar, size.w, size.h), JSON.stringify(layout.bar)).toBe(true);
          expect(intersects(layout.bar, layout.scene), JSON.stringify(layout)).toBe(false);
          expect(layout.barMetres * layout.transform.scale).toBeGreaterThanOrEqual(MIN_BAR);
        }
        // a strip is reserved only for a bar
        expect(size.strip).toBe(layout.bar !== null);
      });
    }
  }

  it('a pile in a box some 80 px wide (three beside a plot in a 480 x 360 frame) keeps 4 px around its scene, not 8, and no bar strip', () => {
    const size = canvasSize(REGIONS.pile!, 82, 600);
    expect(size.margin).toBe(NARROW_MARGIN);
    expect(size.strip).toBe(false);
    const { scene } = sceneLayout(REGIONS.pile!, size.w, size.h, size.strip, size.margin);
    expect(scene.w).toBeGreaterThanOrEqual(82 - 2 * NARROW_MARGIN - 1);
    // the disc ring (3 px beyond its disc) still fits between the scene and the canvas' edge
    expect(scene.x).toBeGreaterThanOrEqual(3);
    expect(canvasSize(REGIONS.pile!, 290, 600).margin).toBe(SCENE_MARGIN);
  });

  it('a gas in a canvas about 290 px wide gets its bar, under the box', () => {
    const size = canvasSize(REGIONS.gas!, 290, 600);
    expect(size.strip).toBe(true);
    const { scene, bar } = sceneLayout(REGIONS.gas!, size.w, size.h, size.strip);
    expect(bar).not.toBeNull();
    expect(bar!.y).toBeGreaterThanOrEqual(scene.y + scene.h);
    expect(bar!.h).toBe(SCALE_STRIP);
  });

  it('the height limit holds with the strip, and a bar too short to read is left out with its strip', () => {
    const tall = canvasSize(REGIONS.pile!, 400, 300);
    expect(tall.h).toBeLessThanOrEqual(300);
    const tiny = canvasSize(REGIONS.row!, 214, 40);
    expect(tiny.strip).toBe(false);
    expect(tiny.h).toBeLessThanOrEqual(40);
    expect(sceneLayout(REGIONS.row!, tiny.w, tiny.h, tiny.strip).bar).toBeNull();
  });

  // three rows stacked above a plot in a 375 x 600 frame, some 45 px each: the strip (16 px) and its
  // margin halved the row's scale there, and its discs were too small for their numbers
  it('a low canvas keeps the scene at its scale and leaves the bar out rather than halve the scene for it', () => {
    const low = canvasSize(REGIONS.row!, 360, 45);
    expect(low.strip).toBe(false);
    // the scene fills the canvas's height (16 px of it went to the strip)
    expect(low.h).toBeGreaterThanOrEqual(44);
    // with room for the strip beside the scene's full width, the bar comes back
    expect(canvasSize(REGIONS.row!, 360, 90).strip).toBe(true);
  });

  it('a region grown after load is still drawn above the strip', () => {
    const size = canvasSize(REGIONS.row!, 846, 600);
    const grown = { minX: -6, minY: -1.2, maxX: 20, maxY: 1.2 };
    const { scene, bar } = sceneLayout(grown, size.w, size.h, size.strip);
    expect(scene.y + scene.h).toBeLessThanOrEqual(size.h - SCALE_STRIP + 1e-9);
    expect(bar).not.toBeNull(); // else the check below would be skipped
    expect(intersects(bar!, scene)).toBe(false);
  });

  // the row at e = 0.9: disc 4 runs on for 500 s, and the view spans some 430 m, 1 m about 2 px: the bar
  // was left out and nothing gave the scale of the discs
  it('a view too wide for a 1 m bar gets a longer one: 2, 5, 10, 20, 50, … m, the shortest that is readable', () => {
    expect(barMetres(MIN_BAR)).toBe(1);
    expect(barMetres(MIN_BAR / 1.5)).toBe(2);
    expect(barMetres(MIN_BAR / 3)).toBe(5);
    expect(barMetres(MIN_BAR / 6)).toBe(10);
    expect(barMetres(MIN_BAR / 100)).toBe(100);
    expect(barMetres(0)).toBeNaN();
    const wide = { minX: -0.75, minY: -21.6, maxX: 433.2, maxY: 21.6 };
    const size = canvasSize(wide, 846, 600);
    expect(size.strip).toBe(true);
    const layout = sceneLayout(wide, size.w, size.h, size.strip, size.margin);
    expect(layout.barMetres).toBe(10);
    expect(layout.barMetres * layout.transform.scale).toBeGreaterThanOrEqual(MIN_BAR);
    expect(intersects(layout.bar!, layout.scene)).toBe(false);
    // a bar is drawn only where 1 m would fit, as before, in the usual views
    expect(sceneLayout(REGIONS.row!, 846, 200, true).barMetres).toBe(1);
  });
});
