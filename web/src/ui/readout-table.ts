/** A definition list of named numbers (key, label, unit), each cell rewritten only when its text changes. */
import { el } from './dom';

export type ReadoutRows<K extends string> = ReadonlyArray<readonly [key: K, label: string, unit: string]>;

export class ReadoutTable<K extends string> {
  private readonly cells = new Map<K, HTMLElement>();
  private readonly labels = new Map<K, HTMLElement>();

  constructor(container: HTMLElement, rows: ReadoutRows<K>) {
    const children: HTMLElement[] = [];
    for (const [key, label, unit] of rows) {
      const dd = el('dd', { 'data-key': key }, '–');
      const dt = el('dt', {}, unit ? `${label} (${unit})` : label);
      this.cells.set(key, dd);
      this.labels.set(key, dt);
      children.push(el('div', { class: 'readout-row' }, dt, dd));
    }
    container.replaceChildren(...children);
  }

  /** a row's whole label, unit included */
  protected relabel(key: K, text: string): void {
    write(this.labels.get(key), text);
  }

  protected set(key: K, text: string): void {
    const cell = this.cells.get(key);
    write(cell, text);
    // a value of one word (a number: "3.295e-6") never breaks; at 1920 px the gas page's cells are
    // narrow and the browser broke "3.295e-" from its "6", which reads as another number. Longer
    // texts ("∞ (elastic discs do not cool)") still wrap between words.
    cell?.classList.toggle('one-word', !/\s/.test(text));
  }
}

/** `text` into the element, touching the DOM only when it differs */
function write(target: HTMLElement | undefined, text: string): void {
  if (target && target.textContent !== text) target.textContent = text;
}
