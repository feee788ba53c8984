/**
 * The soft-disc numbers at the picture on screen: its time and the integrator and contact counters
 * (the worker reads them with the picture and repeats them while it computes a long output interval
 * ahead of it: soft/protocol.ts), and the ledger closure, at the picture's output instant, or said
 * to be older when a pause put the picture between two (closureText).
 */
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
  ['slipStep', 'RK4 slip relaxation λh', ''],
] as const;

/** The slip read-out: '–' where it does not apply (dopri5, or no Coulomb friction), else the number and the limit. */
export function slipStepText(slipStep: number): string {
  if (!(slipStep > 0)) return '–';
  return `${formatNumber(slipStep, 3)} (stable < ${RK4_SLIP_LIMIT})`;
}

/**
 * Past RK4's limit, what follows and what to do (docs/soft-discs.md, Integration), for the line under
 * the read-out; '' below it. The ledger's closure then grows with the run, and nothing else said why.
 */
export function slipWarning(slipStep: number): string {
  if (!(slipStep >= RK4_SLIP_LIMIT)) return '';
  return (
    `RK4's step is too long for the Coulomb friction's slip speed (λh up to ${formatNumber(slipStep, 3)}, stable below ${RK4_SLIP_LIMIT}): ` +
    'the slip locks at a spurious value, the friction tally drifts and the ledger closure grows. ' +
    'Use the dopri5 integrator, a larger slip speed or more steps per contact.'
  );
}

/**
 * The read-out's ledger closure. The engine records the ledger at output instants only, so a pause
 * between two instants shows a picture (its time, its counters) the ledger is older than:
 * `closureAt` is then the ledger's time (s), and the value says so; null when it is the picture's.
 * Beside "time t 9.13" the closure read as the paused picture's, of the 8 s ledger.
 */
export function closureText(closure: number, closureAt: number | null = null): string {
  const value = Number.isNaN(closure) ? '–' : closure === 0 ? '0' : closure.toExponential(2);
  return closureAt === null || value === '–' ? value : `${value} (at t = ${formatNumber(closureAt, 6)} s, the last output instant)`;
}

/** RK4's stability limit on the negative real axis (SoftStats::kRk4SlipLimit; tests/wasm/avalanche.test.ts checks they agree) */
export const RK4_SLIP_LIMIT = 2.785;

export class SoftReadout extends ReadoutTable<(typeof ROWS)[number][0]> {
  constructor(
    container: HTMLElement,
    private readonly warning: HTMLElement | null = null,
  ) {
    super(container, ROWS);
  }

  /** `closureAt`: as closureText */
  update(time: number, stats: SoftStats, closure: number, closureAt: number | null = null): void {
    this.set('time', formatNumber(time, 6));
    this.set('steps', formatCount(stats.steps));
    this.set('rejected', formatCount(stats.rejected));
    this.set('contacts', formatCount(stats.contactsStarted));
    this.set('active', formatCount(stats.activeContacts));
    this.set('closure', closureText(closure, closureAt));
    this.set('maxForce', formatNumber(stats.maxForce));
    this.set('lastStep', formatNumber(stats.lastStep));
    this.set('slipStep', slipStepText(stats.slipStep));
    if (this.warning) {
      const text = slipWarning(stats.slipStep);
      if (this.warning.textContent !== text) this.warning.textContent = text;
      this.warning.hidden = text === '';
    }
  }
}
