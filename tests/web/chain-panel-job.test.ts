// runPanelJob, the one guard of the chain lab's panels (time, sweep, Newton, Monte Carlo) against a
// replaced job: the panel starts a second run while the first is under way; the first one's
// cancel, its end and anything it would still show must not land on the second one's line.
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../web/src/chain/job-worker';
import { runPanelJob, type ProgressView } from '../../web/src/chain/widgets';
import { deferred } from './deferred';

/** What the job does with the result line and the progress row, in node (no DOM). */
function fakePanel(): { progress: ProgressView; result: HTMLElement; row: { shown: boolean; fraction: number | null } } {
  const row = { shown: false, fraction: null as number | null };
  const progress = {
    start(fraction: number | null = 0): void {
      row.shown = true;
      row.fraction = fraction;
    },
    set(fraction: number | null): void {
      row.fraction = fraction;
    },
    stop(): void {
      row.shown = false;
    },
  };
  const classes = new Set<string>();
  const result = { textContent: '', classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) } };
  return { progress: progress as unknown as ProgressView, result: result as unknown as HTMLElement, row };
}

describe('runPanelJob', () => {
  it('a replaced job knows it, and its cancel and its end leave the new job\'s line and row alone', async () => {
    const { progress, result, row } = fakePanel();
    const first = deferred();
    const second = deferred();
    let firstLatest: () => boolean = () => true;
    let secondLatest: () => boolean = () => false;
    const a = runPanelJob(progress, result, 'Sweeping 100,000 values of e…', async (latest) => {
      firstLatest = latest;
      await first.promise;
    }, () => ' The plots still show the previous run.', { cancelled: 'Sweep cancelled.', fraction: 0 });
    expect(firstLatest()).toBe(true);
    expect(row).toEqual({ shown: true, fraction: 0 });
    const b = runPanelJob(progress, result, 'Sweeping 50 values of e…', async (latest) => {
      secondLatest = latest;
      await second.promise;
    }, () => ' The plots still show the previous run.', { cancelled: 'Sweep cancelled.', fraction: 0 });
    // the first is replaced: what it would show after its await (a late result) it must not
    expect(firstLatest()).toBe(false);
    expect(secondLatest()).toBe(true);
    first.reject(new CancelledError('cancelled'));
    await a;
    expect(result.textContent).toBe('Sweeping 50 values of e…');
    expect(row.shown).toBe(true);
    // the second one's own cancel is said, and its row goes
    second.reject(new CancelledError('cancelled'));
    await b;
    expect(result.textContent).toBe('Sweep cancelled. The plots still show the previous run.');
    expect(row.shown).toBe(false);
  });

  it('a job on its own says "Cancelled." by default and starts an indeterminate row', async () => {
    const { progress, result, row } = fakePanel();
    const job = deferred();
    const run = runPanelJob(progress, result, 'Solving…', () => job.promise);
    expect(row).toEqual({ shown: true, fraction: null });
    job.reject(new CancelledError('cancelled'));
    await run;
    expect(result.textContent).toBe('Cancelled.');
    expect(row.shown).toBe(false);
  });
});
