/** The soft-disc numbers at the current output instant: time, integrator and contact counters, ledger closure. */
import type { SoftStats } from '../sim/granular-wasm';
import { el, formatCount, formatNumber } from '../ui/dom';

const ROWS = [
  ['time', 'time t', 's'],
  ['steps', 'integrator steps', ''],
  ['rejected', 'rejected steps', ''],
  ['contacts', 'contacts (started)', ''],
  ['active', 'active contacts', ''],
  ['closure', 'ledger closure |total − initial| / initial', ''],
  ['maxForce', 'largest contact force', 'N'],
  ['lastStep', 'last step size', 's'],
] as const;

type RowKey = (typeof ROWS)[number][0];

export class SoftReadout {
  private readonly cells = new Map<RowKey, HTMLElement>();

  constructor(container: HTMLElement) {
    const children: HTMLElement[] = [];
    for (const [key, label, unit] of ROWS) {
      const dd = el('dd', { 'data-key': key }, '–');
      this.cells.set(key, dd);
      children.push(el('div', { class: 'readout-row' }, el('dt', {}, unit ? `${label} (${unit})` : label), dd));
    }
    container.replaceChildren(...children);
  }

  private set(key: RowKey, text: string): void {
    const cell = this.cells.get(key);
    if (cell && cell.textContent !== text) cell.textContent = text;
  }

  update(time: number, stats: SoftStats, closure: number): void {
    this.set('time', formatNumber(time, 6));
    this.set('steps', formatCount(stats.steps));
    this.set('rejected', formatCount(stats.rejected));
    this.set('contacts', formatCount(stats.contactsStarted));
    this.set('active', formatCount(stats.activeContacts));
    this.set('closure', Number.isNaN(closure) ? '–' : closure === 0 ? '0' : closure.toExponential(2));
    this.set('maxForce', formatNumber(stats.maxForce));
    this.set('lastStep', formatNumber(stats.lastStep));
  }
}
