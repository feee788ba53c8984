/** Main-thread handle on the soft-disc worker: the shared controls plus the hysteresis pair. */
import { WorkerClient } from '../sim/worker-client';
import type { SoftFromWorker, SoftToWorker } from './protocol';

export class SoftClient extends WorkerClient<SoftFromWorker, SoftToWorker> {
  constructor(listener: (message: SoftFromWorker) => void) {
    super(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'granular-soft' }), listener);
  }

  /** record the loops of disc i with `other` (disc, or -(k+1) for wall k) */
  recordPair(i: number, other: number): void {
    this.send({ type: 'pair', i, other });
  }
}
