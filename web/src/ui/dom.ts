/** Tiny DOM helpers. Text always goes in with textContent, never as HTML. */

type Attrs = Record<string, string | boolean | undefined>;

/** Creates an element with attributes (true = present, false/undefined = absent) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

/** The element with this id, checked to be of the expected type. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`#${id} is missing from the page`);
  return node;
}

/**
 * Text that the page's style may cut with an ellipsis (the header's scenario name): its full
 * wording in the title too, for the pointer; screen readers read the whole text as before. A
 * title never shows on a touch screen, so while the text is cut it also takes the focus (a tap,
 * or Tab) and shows its full wording in a box under it, over the page (nothing in the bar moves),
 * until the focus goes (a tap elsewhere, Tab), Escape or a scroll. The box is aria-hidden: the text
 * itself is whole. `keepEnd`, when the text ends with it, stays in view and the ellipsis comes before
 * it (the header's " (edited)": on a phone the cut took it away).
 */
export function setClippedText(node: HTMLElement, text: string, keepEnd = ''): void {
  // An end that must stay in view (" (edited)") goes in a span of its own that never shrinks:
  // the ellipsis cuts the text before it
  if (keepEnd !== '' && text.length > keepEnd.length && text.endsWith(keepEnd)) {
    node.replaceChildren(
      el('span', { class: 'clip-head' }, text.slice(0, text.length - keepEnd.length)),
      el('span', { class: 'clip-tail' }, keepEnd),
    );
    node.classList.add('keeps-end');
  } else {
    node.textContent = text;
    node.classList.remove('keeps-end');
  }
  if (text === '') node.removeAttribute('title');
  else node.title = text;
  (clippedTexts.get(node) ?? revealOnFocus(node))();
}

/** each clipped text's update (revealOnFocus), by its node */
const clippedTexts = new WeakMap<HTMLElement, () => void>();

/** Sets `node` up to show its whole text while cut and focused; returns what follows a new text or width. */
function revealOnFocus(node: HTMLElement): () => void {
  const full = el('span', { class: 'clipped-full', 'aria-hidden': 'true' });
  full.hidden = true;
  node.after(full);
  // the part the ellipsis cuts: the whole text, or what comes before a kept end
  const cut = (): boolean => {
    const part = node.querySelector<HTMLElement>(':scope > .clip-head') ?? node;
    return part.scrollWidth > part.clientWidth + 1;
  };
  const hide = (): void => {
    full.hidden = true;
    if (node.textContent) node.title = node.textContent;
  };
  const show = (): void => {
    if (!cut()) return;
    full.textContent = node.textContent;
    full.hidden = false;
    // no second, native tooltip over the box
    node.removeAttribute('title');
    // under the text, within its bar (offsets from the bar: styles.css makes it the containing block)
    const room = full.offsetParent instanceof HTMLElement ? full.offsetParent.clientWidth : window.innerWidth;
    full.style.top = `${node.offsetTop + node.offsetHeight + 4}px`;
    full.style.left = `${Math.max(8, Math.min(node.offsetLeft, room - full.offsetWidth - 8))}px`;
  };
  const update = (): void => {
    const focusable = cut();
    if (focusable) node.tabIndex = 0;
    else node.removeAttribute('tabindex');
    if (!focusable) hide();
    else if (!full.hidden) show();
  };
  node.addEventListener('focus', show);
  node.addEventListener('click', show);
  node.addEventListener('blur', hide);
  node.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') hide();
  });
  window.addEventListener('scroll', hide, { passive: true });
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(update).observe(node);
  clippedTexts.set(node, update);
  return update;
}

/** Number formatting for read-outs: 4 significant digits, exponent for very small/large. */
export function formatNumber(v: number, digits = 4): string {
  if (!Number.isFinite(v)) return v > 0 ? '∞' : v < 0 ? '−∞' : '–';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e-3 && a < 1e6) return String(Number(v.toPrecision(digits)));
  // like the plain form, no trailing zeros: 9.47e-5, not 9.47000e-5
  return v.toExponential(digits - 1).replace(/\.?0+e/, 'e').replace('e+', 'e');
}

export function formatCount(v: number): string {
  return Math.round(v).toLocaleString('en-US');
}

/** A value typed by a reader, cut to `max` characters (and an ellipsis) so a message can quote it. */
export function clipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * A table that may be wider than its card (phones, narrow embeds) inside a box that scrolls
 * sideways. The box is a named, keyboard-focusable region, so a reader without a mouse or a touch
 * screen can scroll it too (axe: scrollable-region-focusable); `name` is its accessible name, or
 * `{ labelledBy }` the id of a heading that names it.
 */
export function sidewaysScroll(name: string | { labelledBy: string }, table: HTMLElement): HTMLDivElement {
  const label = typeof name === 'string' ? { 'aria-label': name } : { 'aria-labelledby': name.labelledBy };
  return el('div', { class: 'table-scroll-x', tabindex: '0', role: 'region', ...label }, table);
}
