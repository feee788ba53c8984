/**
 * Runs the study's cases on a pool of workers (navigator.hardwareConcurrency, at most 8, no more
 * than there are cases): each worker takes the next case when it is free, the largest columns
 * first so the long runs start early. cancel() terminates the workers (a WASM run cannot be
 * interrupted otherwise); run() then rejects with a CancelledError. Workers are made on demand.
 */
import { CancelledError } from '../chain/job-worker';
import { workerCount } from '../chain/sweep';
import type { StudyCaseResult } from './study';
import type { StudyCaseOptions } from './study-cases';
import type { StudyAnswer, StudyRequest } from './study-protocol';

export interface CaseProgress {
  /** index into the cases */
  index: number;
  phase: number;
  /** s since the gate opened */
  time: number;
  grains: number;
}

export interface StudyHandlers {
  progress(p: CaseProgress): void;
  result(index: number, result: StudyCaseResult): void;
}

let nextId = 1;

export class StudyPool {
  private workers: Worker[] = [];
  private stop: ((error: Error) => void) | null = null;

  constructor(private readonly maxWorkers = workerCount(navigator.hardwareConcurrency)) {}

  size(): number {
    return this.maxWorkers;
  }

  private spawn(k: number): Worker {
    return new Worker(new URL('./study-worker.ts', import.meta.url), { type: 'module', name: `granular-avalanche-study-${k + 1}` });
  }

  /** Runs every case (aspect ratios `aspects`, in any order), reporting to `handlers`; resolves when all are done. */
  run(aspects: readonly number[], options: StudyCaseOptions, handlers: StudyHandlers): Promise<void> {
    this.cancel();
    // largest a first: the tallest columns run longest
    const order = aspects.map((a, index) => ({ a, index })).sort((x, y) => y.a - x.a);
    const lanes = Math.max(1, Math.min(this.maxWorkers, order.length));
    this.workers = Array.from({ length: lanes }, (_, k) => this.spawn(k));
    return new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      let failed = false;
      const fail = (error: Error): void => {
        if (failed) return;
        failed = true;
        this.terminate();
        reject(error);
      };
      this.stop = fail;
      const give = (worker: Worker): void => {
        const item = order[next++];
        if (!item) return;
        const id = nextId++;
        const onMessage = (event: MessageEvent<StudyAnswer>): void => {
          const msg = event.data;
          if (msg.type === 'fatal') fail(new Error(msg.message));
          if (!('id' in msg) || msg.id !== id) return;
          if (msg.type === 'progress') {
            handlers.progress({ index: item.index, phase: msg.phase, time: msg.time, grains: msg.grains });
            return;
          }
          worker.removeEventListener('message', onMessage);
          if (msg.type === 'error') {
            fail(new Error(`a = ${item.a}: ${msg.message}`));
            return;
          }
          handlers.result(item.index, msg.result);
          done += 1;
          if (done === order.length) {
            this.stop = null;
            this.terminate();
            resolve();
          } else give(worker);
        };
        worker.addEventListener('message', onMessage);
        const request: StudyRequest = { id, a: item.a, options };
        worker.postMessage(request);
      };
      for (const worker of this.workers) {
        worker.addEventListener('error', (event: ErrorEvent) => fail(new Error(`A study worker failed: ${event.message || 'unknown error'}`)));
        give(worker);
      }
    });
  }

  private terminate(): void {
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }

  /** Stops the running study, if any (its run() rejects with a CancelledError). */
  cancel(): void {
    const stop = this.stop;
    this.stop = null;
    if (stop) stop(new CancelledError('cancelled'));
    else this.terminate();
  }
}
