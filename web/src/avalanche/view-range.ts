/**
 * How much of a long floor the avalanche canvas shows. A 3 m floor under a 0.1 m column drew the
 * grains a few px across, with most of the canvas empty floor. The view starts at the column and
 * the distance a flow may reach, and widens, in a few steps, whenever a grain comes near its right
 * edge, so no grain is ever outside it. It never narrows during a run.
 */
import type { Bounds } from '../render/view-transform';

/** the first view reaches this many column heights beyond the column (Lube et al.'s 1.2 a, and room) */
export const REACH_PER_HEIGHT = 1.5;
/** the first view is at least this many times as wide as the scene is tall, so the canvas stays a band */
export const MIN_WIDTH_PER_HEIGHT = 3;
/** a view within this fraction of the whole floor is the whole floor */
const WHOLE = 0.8;
/** the view widens when a grain is within this fraction of its width of the right edge */
const EDGE = 0.1;
/** each widening makes room for this multiple of the front's distance */
const GROWTH = 1.4;

/**
 * The region the grains can reach (m): from the left wall (x = 0) to the floor's end, from the
 * floor (y = 0) to twice the column's height. The Gmsh import says which segments lie wholly
 * outside it (segmentsAway), and the canvas' scene takes segments only as far as it (sceneBounds).
 */
export function reachableRegion(floorLength: number, columnHeight: number): Bounds {
  return { minX: 0, minY: 0, maxX: floorLength, maxY: 2 * columnHeight };
}

/**
 * Whether the segment [x1, y1, x2, y2] (m) lies wholly outside `region`: no point of it is inside
 * the region or on its edge. A diagonal whose bounding box overlaps the region but whose line
 * passes by a corner is outside, as it is for the grains (the segment is clipped to the region's
 * four edges in turn, Liang and Barsky's way; what is left of it is empty).
 */
export function outOfReach(segment: ArrayLike<number>, region: Bounds): boolean {
  const x1 = segment[0] ?? 0, y1 = segment[1] ?? 0, x2 = segment[2] ?? 0, y2 = segment[3] ?? 0;
  const dx = x2 - x1, dy = y2 - y1;
  // the part of the segment inside is x1 + s dx, y1 + s dy for s in [lo, hi]
  let lo = 0, hi = 1;
  // one edge at a time: p s <= q keeps the inner side (p = 0: parallel to the edge, inside or not)
  const edges: Array<[number, number]> = [
    [-dx, x1 - region.minX], [dx, region.maxX - x1], [-dy, y1 - region.minY], [dy, region.maxY - y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return true;
    } else if (p < 0) {
      lo = Math.max(lo, q / p);
    } else {
      hi = Math.min(hi, q / p);
    }
    if (lo > hi) return true;
  }
  return false;
}

/**
 * The right edge of the first view (m): the column, the reach of its flow and the village (with
 * room for the house), at least three times the scene's height, or the whole scene when that is
 * nearly all of it. `full` is the scene without padding (sceneBounds). Imported boundary segments
 * show the whole scene: the slope is the point of them.
 */
export function initialViewMaxX(full: Bounds, columnWidth: number, columnHeight: number, village: number | null, hasSegments: boolean): number {
  if (hasSegments) return full.maxX;
  let edge = Math.max(columnWidth + REACH_PER_HEIGHT * columnHeight, full.minX + MIN_WIDTH_PER_HEIGHT * (full.maxY - full.minY));
  if (village !== null && Number.isFinite(village)) edge = Math.max(edge, village + 0.1 * (village - full.minX));
  return edge >= full.minX + WHOLE * (full.maxX - full.minX) ? full.maxX : edge;
}

/**
 * The right edge after a frame whose farthest grain reaches `front` (m): unchanged while the front
 * is clear of the edge, else wide enough for the front with room to spare, up to the whole scene.
 */
export function grownViewMaxX(current: number, front: number, full: Bounds): number {
  if (!Number.isFinite(front) || current >= full.maxX) return current;
  const width = current - full.minX;
  if (front < current - EDGE * width) return current;
  const next = Math.max(full.minX + GROWTH * (front - full.minX), current + 0.5 * width);
  return next >= full.minX + WHOLE * (full.maxX - full.minX) ? full.maxX : next;
}
