/**
 * Where things go on one of the comparison's canvases: the scene (the region drawn to scale, with a
 * margin) above, and under it a strip of its own for the scale bar (1 m, or longer: barMetres), so the bar never covers a
 * disc or a wall. Drawn inside the box, top left, it sat on the discs of a gas in a canvas about
 * 290 px wide. Pure (CSS px).
 */
import { fitTransform, type Bounds, type ViewTransform } from '../render/view-transform';

/** px around the scene */
export const SCENE_MARGIN = 8;
/**
 * px around the scene in a box narrower than NARROW_BOX: room for the selected disc's ring (3 px
 * beyond its disc) and the walls' stroke. Such a box draws no scale bar either. Three piles side by
 * side beside a plot in a 480 x 360 frame have some 80 px each, of which 8 px margins took a fifth,
 * and the bar's strip would take 16 px of their height.
 */
export const NARROW_MARGIN = 4;
export const NARROW_BOX = 120;
/** height (px) of the strip under the scene that holds the scale bar */
export const SCALE_STRIP = 16;
/**
 * the bar's strip is reserved only where the scene keeps at least this share of the scale it has
 * without it: three rows stacked above a plot in a 375 x 600 frame are some 50 px tall each, where the
 * strip and its margin halved the row (1 m 30 px instead of 60, the discs too small for their numbers)
 */
const STRIP_KEEPS = 0.75;
/** a bar shorter than this (px) is not drawn, nor is its strip reserved */
export const MIN_BAR = 12;
/** room (px) for the gap and the label ("1 m", "500 m") after the bar */
const LABEL_ROOM = 44;
/**
 * The bar's length: 1 m where 1 m is at least MIN_BAR px, else the shortest of 2, 5, 10, 20, 50, … m
 * that is: the row at e = 0.9 spans some 430 m (disc 4 runs on for 500 s), where 1 m was 2 px and the
 * bar was left out, so nothing gave the scale of the 2 px discs.
 */
export function barMetres(scale: number): number {
  if (!(scale > 0)) return NaN;
  for (let decade = 1; decade <= 1e6; decade *= 10) {
    for (const m of [1, 2, 5]) if (m * decade * scale >= MIN_BAR) return m * decade;
  }
  return NaN;
}
export const SCALE_FONT = '11px system-ui, sans-serif';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SceneLayout {
  transform: ViewTransform;
  /** the region drawn, in canvas px */
  scene: Rect;
  /** the bar with its label, in canvas px; null when it is not drawn */
  bar: Rect | null;
  /** the bar's length (m): 1, or 2, 5, 10, … where 1 m would be shorter than MIN_BAR px; NaN without a bar */
  barMetres: number;
}

/** whether a bar of `metres` (barMetres) and its label fit a canvas `width` wide at `scale` px/m */
function barFits(metres: number, scale: number, width: number, margin: number): boolean {
  return Number.isFinite(metres) && 2 * margin + metres * scale + LABEL_ROOM <= width;
}

/** the margin (px) around the scene in a box `boxWidth` wide */
export function sceneMargin(boxWidth: number): number {
  return boxWidth < NARROW_BOX ? NARROW_MARGIN : SCENE_MARGIN;
}

/**
 * The canvas size (CSS px) for `region` in a box `boxWidth` wide and at most `maxHeight` tall: the
 * scene's shape plus the margins (sceneMargin), and the bar's strip when the bar is long enough to
 * draw, the box is not narrow and the strip leaves the scene most of its scale (STRIP_KEEPS).
 */
export function canvasSize(region: Bounds, boxWidth: number, maxHeight: number): { w: number; h: number; strip: boolean; margin: number } {
  const rw = Math.max(region.maxX - region.minX, 1e-9);
  const rh = Math.max(region.maxY - region.minY, 1e-9);
  const margin = sceneMargin(boxWidth);
  const sized = (strip: boolean): { w: number; h: number; scale: number } => {
    const extra = strip ? SCALE_STRIP : 0;
    const scale = Math.max(0, Math.min((boxWidth - 2 * margin) / rw, (maxHeight - 2 * margin - extra) / rh));
    return { w: Math.floor(scale * rw + 2 * margin), h: Math.floor(scale * rh + 2 * margin + extra), scale };
  };
  const withStrip = sized(true);
  const without = sized(false);
  const keeps = withStrip.scale >= STRIP_KEEPS * without.scale;
  if (boxWidth >= NARROW_BOX && keeps && barFits(barMetres(withStrip.scale), withStrip.scale, withStrip.w, margin)) return { w: withStrip.w, h: withStrip.h, strip: true, margin };
  return { w: without.w, h: without.h, strip: false, margin };
}

/** the scene and the bar on a `width` × `height` canvas (`strip`: the bar's strip is reserved; `margin` as canvasSize gave it) */
export function sceneLayout(region: Bounds, width: number, height: number, strip: boolean, margin = SCENE_MARGIN): SceneLayout {
  const sceneHeight = strip ? Math.max(1, height - SCALE_STRIP) : height;
  const transform = fitTransform(region, width, sceneHeight, margin);
  const x0 = transform.offsetX + region.minX * transform.scale;
  const y0 = transform.offsetY - region.maxY * transform.scale;
  const scene = {
    x: x0,
    y: y0,
    w: (region.maxX - region.minX) * transform.scale,
    h: (region.maxY - region.minY) * transform.scale,
  };
  const metres = barMetres(transform.scale);
  const bar = strip && barFits(metres, transform.scale, width, margin) ? { x: margin, y: sceneHeight, w: metres * transform.scale + LABEL_ROOM, h: SCALE_STRIP } : null;
  return { transform, scene, bar, barMetres: bar ? metres : NaN };
}
