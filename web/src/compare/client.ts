/**
 * Main-thread handles on the comparison's workers: the simulation (the shared controls) and the
 * table of the four-sphere row (one request at a time; a newer request replaces an older one,
 * whose worker is terminated: a WASM call cannot be interrupted otherwise).
 */
import type { FatalMessage } from '../sim/protocol';
import { WorkerClient } from '../sim/worker-client';
import type { CompareFromWorker, TableAnswer, TableRequest } from './protocol';

export class CompareClient extends WorkerClient<CompareFromWorker> {
  constructor(listener: (message: CompareFromWorker | FatalMessage) => void) {
    super(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'granular-compare' }), listener);
  }
}

export class TableClient {
  private worker: Worker | null = null;
  private pending: { id: number; resolve(text: string): void; reject(error: Error): void } | null = null;
  private nextId = 1;

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./table-worker.ts', import.meta.url), { type: 'module', name: 'granular-compare-table' });
    worker.addEventListener('message', (event: MessageEvent<TableAnswer>) => this.receive(event.data));
    worker.addEventListener('error', (event: ErrorEvent) => this.fail(new Error(`The table worker failed: ${event.message || 'unknown error'}`), true));
    this.worker = worker;
    return worker;
  }

  private receive(msg: TableAnswer): void {
    if (msg.type === 'ready') return;
    if (msg.type === 'fatal') {
      this.fail(new Error(msg.message), true);
      return;
    }
    const p = this.pending;
    if (!p || p.id !== msg.id) return;
    this.pending = null;
    if (msg.type === 'error') p.reject(new Error(msg.message));
    else p.resolve(msg.text);
  }

  private fail(error: Error, terminate: boolean): void {
    const p = this.pending;
    this.pending = null;
    if (terminate) {
      this.worker?.terminate();
      this.worker = null;
    }
    p?.reject(error);
  }

  /** The table's JSON text for a row scenario; a pending request is cancelled (rejected with "replaced"). */
  compute(json: string): Promise<string> {
    if (this.pending) this.fail(new Error('replaced'), true);
    const id = this.nextId++;
    const worker = this.ensure();
    return new Promise<string>((resolve, reject) => {
      this.pending = { id, resolve, reject };
      const req: TableRequest = { id, json };
      worker.postMessage(req);
    });
  }
}
