/**
 * Where things go on one of the comparison's canvases: the scene (the region drawn to scale, with a
 * margin) above, and under it a strip of its own for the 1 m scale bar, so the bar never covers a
 * disc or a wall. Drawn inside the box, top left, it sat on the discs of a gas in a canvas about
 * 290 px wide. Pure (CSS px).
 */
import { fitTransform, type Bounds, type ViewTransform } from '../render/view-transform';

/** px around the scene */
export const SCENE_MARGIN = 8;
/** height (px) of the strip under the scene that holds the scale bar */
export const SCALE_STRIP = 16;
/** a bar shorter than this (px) is not drawn, nor is its strip reserved */
export const MIN_BAR = 12;
/** room (px) for the gap and the label "1 m" after the bar */
const LABEL_ROOM = 30;
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
}

function barFits(scale: number, width: number): boolean {
  return scale >= MIN_BAR && 2 * SCENE_MARGIN + scale + LABEL_ROOM <= width;
}

/**
 * The canvas size (CSS px) for `region` in a box `boxWidth` wide and at most `maxHeight` tall: the
 * scene's shape plus the margins, and the bar's strip when the bar is long enough to draw.
 */
export function canvasSize(region: Bounds, boxWidth: number, maxHeight: number): { w: number; h: number; strip: boolean } {
  const rw = Math.max(region.maxX - region.minX, 1e-9);
  const rh = Math.max(region.maxY - region.minY, 1e-9);
  const sized = (strip: boolean): { w: number; h: number; scale: number } => {
    const extra = strip ? SCALE_STRIP : 0;
    const scale = Math.max(0, Math.min((boxWidth - 2 * SCENE_MARGIN) / rw, (maxHeight - 2 * SCENE_MARGIN - extra) / rh));
    return { w: Math.floor(scale * rw + 2 * SCENE_MARGIN), h: Math.floor(scale * rh + 2 * SCENE_MARGIN + extra), scale };
  };
  const withStrip = sized(true);
  if (barFits(withStrip.scale, withStrip.w)) return { w: withStrip.w, h: withStrip.h, strip: true };
  const without = sized(false);
  return { w: without.w, h: without.h, strip: false };
}

/** the scene and the bar on a `width` × `height` canvas (`strip`: the bar's strip is reserved) */
export function sceneLayout(region: Bounds, width: number, height: number, strip: boolean): SceneLayout {
  const sceneHeight = strip ? Math.max(1, height - SCALE_STRIP) : height;
  const transform = fitTransform(region, width, sceneHeight, SCENE_MARGIN);
  const x0 = transform.offsetX + region.minX * transform.scale;
  const y0 = transform.offsetY - region.maxY * transform.scale;
  const scene = {
    x: x0,
    y: y0,
    w: (region.maxX - region.minX) * transform.scale,
    h: (region.maxY - region.minY) * transform.scale,
  };
  const bar = strip && barFits(transform.scale, width) ? { x: SCENE_MARGIN, y: sceneHeight, w: transform.scale + LABEL_ROOM, h: SCALE_STRIP } : null;
  return { transform, scene, bar };
}
