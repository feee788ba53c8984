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

/** Text that the page's style may cut with an ellipsis (the header's scenario name): its full
 *  wording in the title too, for the pointer; screen readers read the whole text as before. */
export function setClippedText(node: HTMLElement, text: string): void {
  node.textContent = text;
  if (text === '') node.removeAttribute('title');
  else node.title = text;
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
