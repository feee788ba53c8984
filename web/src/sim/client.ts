/** Main-thread handle on the gas simulation worker. */
import type { FromWorker } from './protocol';
import { WorkerClient } from './worker-client';

export type SimListener = (message: FromWorker) => void;

export class SimClient extends WorkerClient<FromWorker> {
  constructor(listener: SimListener) {
    super(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'granular-sim' }), listener);
  }
}
