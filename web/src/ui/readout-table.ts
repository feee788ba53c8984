/** A definition list of named numbers (key, label, unit), each cell rewritten only when its text changes. */
import { el } from './dom';

export type ReadoutRows<K extends string> = ReadonlyArray<readonly [key: K, label: string, unit: string]>;

export class ReadoutTable<K extends string> {
  private readonly cells = new Map<K, HTMLElement>();

  constructor(container: HTMLElement, rows: ReadoutRows<K>) {
    const children: HTMLElement[] = [];
    for (const [key, label, unit] of rows) {
      const dd = el('dd', { 'data-key': key }, '–');
      this.cells.set(key, dd);
      children.push(el('div', { class: 'readout-row' }, el('dt', {}, unit ? `${label} (${unit})` : label), dd));
    }
    container.replaceChildren(...children);
  }

  protected set(key: K, text: string): void {
    const cell = this.cells.get(key);
    if (cell && cell.textContent !== text) cell.textContent = text;
  }
}
