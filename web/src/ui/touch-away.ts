/**
 * What a tap reads (a plot's values, plot/hover-readout.ts; the disc under a canvas' pointer,
 * ui/canvas-readout.ts) stays after the finger lifts, until it goes elsewhere: a touch outside
 * `inside`, or a scroll of the page or of a box around it (a finger that starts scrolling from the
 * chart or canvas too). A mouse's pointer is followed where it is, so only while `touched()` holds
 * is `away` called. Returns the function that removes the listeners from the document.
 */
export function onTouchAway(inside: (target: Node) => boolean, touched: () => boolean, away: () => void): () => void {
  const elsewhere = (e: PointerEvent): void => {
    if (e.pointerType === 'mouse' || !touched()) return;
    if (!(e.target instanceof Node && inside(e.target))) away();
  };
  const scrolled = (): void => {
    if (touched()) away();
  };
  document.addEventListener('pointerdown', elsewhere, true);
  document.addEventListener('scroll', scrolled, { capture: true, passive: true });
  return () => {
    document.removeEventListener('pointerdown', elsewhere, true);
    document.removeEventListener('scroll', scrolled, true);
  };
}
