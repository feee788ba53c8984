/** The page layout the address asks for: embed mode, which plot cards (#card-<kind>) are shown, and where the scenario panel goes. */
import { byId } from './dom';
import type { PageParams } from './url-params';

/** the width (CSS px) under which styles.css stacks the page in one column: a phone */
export const PHONE_WIDTH = 720;

/**
 * All plot cards, or in embed mode only the one asked for; returns whether a kind is shown.
 * `oneColumnBelow` is the width (px) under which the page's CSS stacks the layout in one column:
 * there the scenario panel follows the simulation and its plots (see `panelLastWhenStacked`).
 */
export function layOutPage<K extends string>(params: PageParams<K>, kinds: readonly K[], oneColumnBelow = PHONE_WIDTH): (kind: K) => boolean {
  document.body.classList.toggle('embed', params.embed);
  document.body.classList.toggle('with-plot', params.embed && params.plot !== null);
  const wanted = (kind: K): boolean => !params.embed || params.plot === kind;
  for (const kind of kinds) byId(`card-${kind}`, HTMLElement).hidden = !wanted(kind);
  byId('plots', HTMLElement).hidden = params.embed && params.plot === null;
  if (!params.embed) panelLastWhenStacked(byId('scenario-panel', HTMLElement), window.matchMedia(`(max-width: ${oneColumnBelow}px)`));
  return wanted;
}

/**
 * On a phone the page is one column, and with the scenario form first a reader opening a shared
 * link scrolled past some thirty fields before seeing the simulation. While `stacked` matches, the
 * panel is moved after the last section of its layout, or before the first one marked
 * `data-after-form` (the avalanche's study, which belongs after the form it takes its values from);
 * otherwise it is the layout's first child, the left column. The element itself moves (not a CSS
 * `order`), so the keyboard's focus order is the order on screen; a field with focus keeps it
 * through the move.
 */
export function panelLastWhenStacked(panel: HTMLElement, stacked: Pick<MediaQueryList, 'matches' | 'addEventListener'>): void {
  const layout = panel.parentElement;
  if (!layout) return;
  const place = (): void => {
    const focused = document.activeElement;
    const keep = focused instanceof HTMLElement && panel.contains(focused) ? focused : null;
    if (stacked.matches) {
      const tail = layout.querySelector(':scope > [data-after-form]');
      if (tail === null) {
        if (layout.lastElementChild !== panel) layout.append(panel);
      } else if (tail.previousElementSibling !== panel) {
        tail.before(panel);
      }
    } else if (layout.firstElementChild !== panel) {
      layout.prepend(panel);
    }
    if (keep && document.activeElement !== keep) keep.focus({ preventScroll: true });
  };
  place();
  stacked.addEventListener('change', place);
}
