/**
 * Runs a sweep on several workers (navigator.hardwareConcurrency, 1 to 8): chunks of the grid
 * are handed to whichever worker is about to be free, and merged in grid order as they come back.
 */
import { CancelledError, JobWorker, runStart } from './job-worker';
import type { SweepChunkAnswer } from './protocol';
import { emptySweep, mergePiece, splitSweep, workerCount, type SweepChunk, type SweepResult } from './sweep';

export class SweepPool {
  private readonly workers: JobWorker[];

  constructor(size = workerCount(navigator.hardwareConcurrency)) {
    this.workers = Array.from({ length: size }, (_, k) => new JobWorker(`granular-chain-sweep-${k + 1}`));
  }

  size(): number {
    return this.workers.length;
  }

  /** progress(fraction) in [0, 1]; the problem of the first failing run, if any, is in `problems`. */
  async run(
    grid: number[],
    spheres: number,
    extended: boolean,
    progress: (fraction: number) => void,
  ): Promise<{ result: SweepResult; problems: string[] }> {
    const result = emptySweep(grid, spheres);
    const chunks = splitSweep(grid.length, this.workers.length);
    const problems: string[] = [];
    const inFlight = new Map<number, number>();
    const report = (): void => {
      let partial = 0;
      for (const v of inFlight.values()) partial += v;
      progress(Math.min(1, (result.filled + partial) / Math.max(1, grid.length)));
    };
    let next = 0;
    // Each worker has its next chunk before it finishes one (two asked for at a time): it goes on
    // without waiting for this thread, busy drawing on a page's start, to ask for more.
    const ask = (worker: JobWorker, lane: number): { chunk: SweepChunk; answer: Promise<SweepChunkAnswer> } | null => {
      if (next >= chunks.length) return null;
      const chunk = chunks[next++]!;
      const e = grid.slice(chunk.start, chunk.start + chunk.count);
      const answer = worker.sweep(e, spheres, extended, (done) => {
        inFlight.set(lane, done);
        report();
      });
      // a lane stops waiting at a failure or a cancel: the chunk asked for ahead must not reject unhandled
      answer.catch(() => undefined);
      return { chunk, answer };
    };
    const lane = async (worker: JobWorker, lane: number): Promise<void> => {
      let current = ask(worker, lane);
      let ahead = ask(worker, lane);
      while (current) {
        const { chunk } = current;
        const answer = await current.answer;
        current = ahead;
        ahead = ask(worker, lane);
        inFlight.delete(lane);
        const rows = Array.from({ length: spheres }, (_, i) => answer.finalVelocity.subarray(i * chunk.count, (i + 1) * chunk.count));
        mergePiece(result, { start: chunk.start, collisions: answer.collisions, collapsed: answer.collapsed, finalVelocity: rows });
        if (answer.problem) problems.push(answer.problem);
        report();
      }
    };
    try {
      await Promise.all(this.workers.map((w, k) => lane(w, k)));
    } catch (error) {
      // a real failure stops the other lanes; a cancel has already stopped them (and a new
      // sweep may be running on the same workers by now)
      if (!(error instanceof CancelledError)) this.cancel();
      throw error;
    }
    return { result, problems };
  }

  /**
   * When a sweep asked for at `asked` could start (runStart): then, or when the first of its workers'
   * engines had loaded (a worker a short sweep left idle, never started, does not count).
   */
  startOf(asked: number): number {
    return runStart(asked, this.workers.map((w) => w.loadedAt()));
  }

  cancel(): void {
    for (const w of this.workers) w.cancel();
  }
}
