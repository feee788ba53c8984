/** The soft-disc numbers at the current output instant: time, integrator and contact counters, ledger closure. */
import type { SoftStats } from '../sim/granular-wasm';
import { formatCount, formatNumber } from '../ui/dom';
import { ReadoutTable } from '../ui/readout-table';

const ROWS = [
  ['time', 'time t', 's'],
  ['steps', 'integrator steps', ''],
  ['rejected', 'rejected steps', ''],
  ['contacts', 'contacts (started)', ''],
  ['active', 'active contacts', ''],
  ['closure', 'ledger closure |total − initial| / largest energy', ''],
  ['maxForce', 'largest contact force', 'N'],
  ['lastStep', 'last step size', 's'],
] as const;

export class SoftReadout extends ReadoutTable<(typeof ROWS)[number][0]> {
  constructor(container: HTMLElement) {
    super(container, ROWS);
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
