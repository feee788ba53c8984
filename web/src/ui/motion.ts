/**
 * The reader's motion preference (issue 6 §5): with `prefers-reduced-motion: reduce` the pages
 * load paused (unless the address says play=1) and leave out decorative motion (the soft page's
 * fading observer traces). Outside a browser (unit tests) there is no preference.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return typeof globalThis.matchMedia === 'function' && globalThis.matchMedia(REDUCED_MOTION_QUERY).matches;
}
