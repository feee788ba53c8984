/**
 * A wide table on a narrow screen: the sideways-scrolling region of `sidewaysScroll`, a line above
 * it naming the columns out of view ("Scroll the table right to see …") while there are any, and a
 * fade on the side that has more. On a phone the comparison's row table ended at "v4", its
 * collisions and its errors against the exact answer out of sight with nothing saying so.
 */
import { el, sidewaysScroll } from './dom';

/** "a", "a and b", "a, b and c" */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * What a table wider than its box hides: its columns (left and right edges, px) against the box's
 * view [left, right], a pixel of slack. "Scroll the table right to see L∞ (m), (L∞ − L0)/L0 and
 * collapse time (s)." ('left' when scrolled to the end, 'sideways' when both sides hide some); ''
 * when every column is in view.
 */
export function scrollHint(cells: ReadonlyArray<{ left: number; right: number; name: string }>, left: number, right: number): string {
  const offLeft = cells.filter((c) => c.left < left - 1);
  const offRight = cells.filter((c) => c.right > right + 1);
  const hidden = cells.filter((c) => offLeft.includes(c) || offRight.includes(c));
  if (hidden.length === 0) return '';
  const way = offLeft.length > 0 && offRight.length > 0 ? 'sideways' : offRight.length > 0 ? 'right' : 'left';
  // a column without a header (a row-name column) is not named: "to see  and v1 (m/s)" read as a
  // slip; when only such columns hide, the hint says which way without a list
  const named = hidden.filter((c) => c.name !== '');
  if (named.length === 0) return `Scroll the table ${way} to see the rest.`;
  // a column's name is not broken across lines: "H0 (m)", not "H0 / (m)"
  return `Scroll the table ${way} to see ${listText(named.map((c) => c.name.replace(/ /g, '\u00a0')))}.`;
}

/**
 * `table` in a scrolling region named `name` (see sidewaysScroll), under its hint line (id `hintId`):
 * insert `root`. The hint follows scrolling, the region's size and the table's (new rows, new columns);
 * `update` says it again at once (after the table's content changed).
 */
export function scrollingTable(
  name: string | { labelledBy: string },
  table: HTMLTableElement,
  hintId: string,
): { root: HTMLDivElement; update: () => void } {
  const hint = el('p', { class: 'hint table-scroll-hint', id: hintId, hidden: true });
  const box = sidewaysScroll(name, table);
  box.setAttribute('aria-describedby', hintId);
  const frame = el('div', { class: 'table-scroll-frame' }, box);
  const update = (): void => {
    const view = box.getBoundingClientRect();
    const heads = [...table.querySelectorAll('thead th')];
    // a first column held at the left while the rest scroll (the comparison's engine names: position
    // sticky with a left offset) is always in view, and the columns passing under it are not
    const first = heads[0];
    const held = first !== undefined && getComputedStyle(first).position === 'sticky' && getComputedStyle(first).left !== 'auto' ? first : null;
    const cells = heads.filter((th) => th !== held).map((th) => {
      const r = th.getBoundingClientRect();
      return { left: r.left, right: r.right, name: (th.textContent ?? '').replace(/\s+/g, ' ').trim() };
    });
    // the view starts inside the box's border (clientLeft): with a border the last column scrolled
    // fully into view still ended a pixel past the border-box's left + clientWidth
    const left = view.left + box.clientLeft;
    const right = left + box.clientWidth;
    const text = box.scrollWidth > box.clientWidth + 1 ? scrollHint(cells, held ? held.getBoundingClientRect().right : left, right) : '';
    if (hint.textContent !== text) hint.textContent = text;
    hint.hidden = text === '';
    frame.classList.toggle('more-right', box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
    frame.classList.toggle('more-left', box.scrollLeft > 1);
  };
  box.addEventListener('scroll', update, { passive: true });
  if (typeof ResizeObserver !== 'undefined') {
    // the box (a narrower screen) or the table (new rows, another header) changing size
    const watch = new ResizeObserver(update);
    watch.observe(box);
    watch.observe(table);
  }
  return { root: el('div', { class: 'wide-table' }, hint, frame), update };
}
