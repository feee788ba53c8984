/**
 * The soft-disc numbers: the time of the picture on screen (its output instant), the ledger closure at
 * it, and the integrator and contact counters as the engine has them, which go on counting while it
 * computes a long output interval towards the next picture.
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

/** RK4's stability limit on the negative real axis (SoftStats::kRk4SlipLimit; tests/wasm/avalanche.test.ts checks they agree) */
export const RK4_SLIP_LIMIT = 2.785;

export class SoftReadout extends ReadoutTable<(typeof ROWS)[number][0]> {
  constructor(
    container: HTMLElement,
    private readonly warning: HTMLElement | null = null,
  ) {
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
    this.set('slipStep', slipStepText(stats.slipStep));
    if (this.warning) {
      const text = slipWarning(stats.slipStep);
      if (this.warning.textContent !== text) this.warning.textContent = text;
      this.warning.hidden = text === '';
    }
  }
}
