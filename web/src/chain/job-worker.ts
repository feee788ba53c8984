/**
 * Main-thread handle on one chain worker: request() returns a promise of the answer; cancel()
 * terminates the worker (the WASM call cannot be interrupted otherwise) and rejects what is
 * pending with a CancelledError. The worker is created on first use and again after a cancel.
 */
import { reproduce } from '../ui/reproduce';
import type { ChainAnswer, ChainRequest, SweepChunkAnswer } from './protocol';

export class CancelledError extends Error {
  override name = 'CancelledError';
}

type Payload = { type: 'text'; text: string } | { type: 'sweep'; answer: SweepChunkAnswer };
type RequestBody = ChainRequest extends infer R ? (R extends ChainRequest ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: Payload): void;
  reject(reason: Error): void;
  progress?: ((done: number, total: number) => void) | undefined;
}

let nextId = 1;

/**
 * When a run asked for at `asked` could start, given when its workers' engines had loaded (null: not
 * loaded, or never started for it): then, or at the first load if that came later. A run's time shown
 * to the reader leaves out the engine's loading.
 */
export function runStart(asked: number, loaded: ReadonlyArray<number | null>): number {
  const times = loaded.filter((t): t is number => t !== null);
  return times.length === 0 ? asked : Math.max(asked, Math.min(...times));
}

export class JobWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  /** when (this thread's performance.now()) this worker's engine was loaded; null while it loads */
  private readyAt: number | null = null;

  constructor(private readonly name: string) {}

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: this.name });
    worker.addEventListener('message', (event: MessageEvent<ChainAnswer>) => this.receive(event.data));
    worker.addEventListener('error', (event: ErrorEvent) => {
      this.failAll(new Error(`The chain worker failed: ${event.message || 'unknown error'}`));
    });
    this.worker = worker;
    return worker;
  }

  private receive(msg: ChainAnswer): void {
    // the engine's version, for the reproduce line under each panel of an embedded chain lab
    if (msg.type === 'ready') {
      // the worker's clock, not this message's arrival: a page busy drawing reads it late, after
      // the worker may have finished most of the job
      this.readyAt = msg.at - performance.timeOrigin;
      reproduce.set({ version: msg.version });
      return;
    }
    if (msg.type === 'fatal') {
      this.failAll(new Error(msg.message));
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      p.progress?.(msg.done, msg.total);
      return;
    }
    this.pending.delete(msg.id);
    if (msg.type === 'error') p.reject(new Error(msg.message));
    else if (msg.type === 'text') p.resolve({ type: 'text', text: msg.text });
    else p.resolve({ type: 'sweep', answer: msg.answer });
  }

  private failAll(error: Error): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
    this.readyAt = null; // the next worker loads its engine anew
    for (const p of all) p.reject(error);
  }

  private request(body: RequestBody, progress?: (done: number, total: number) => void): Promise<Payload> {
    const id = nextId++;
    const worker = this.ensure();
    return new Promise<Payload>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      worker.postMessage({ ...body, id } as ChainRequest);
    });
  }

  /** The engine's JSON text for a run, Monte Carlo or Newton request. */
  async text(body: Exclude<RequestBody, { type: 'sweep' }>): Promise<string> {
    const answer = await this.request(body);
    if (answer.type !== 'text') throw new Error('unexpected answer from the chain worker');
    return answer.text;
  }

  async sweep(e: number[], spheres: number, extended: boolean, progress: (done: number, total: number) => void): Promise<SweepChunkAnswer> {
    const answer = await this.request({ type: 'sweep', e, spheres, extended }, progress);
    if (answer.type !== 'sweep') throw new Error('unexpected answer from the chain worker');
    return answer.answer;
  }

  /** When a job asked for at `asked` could start (runStart): then, or when this worker's engine had loaded. */
  startOf(asked: number): number {
    return runStart(asked, [this.readyAt]);
  }

  /** when this worker's engine was loaded (this thread's performance.now()); null while it loads or before it is started */
  loadedAt(): number | null {
    return this.readyAt;
  }

  busy(): boolean {
    return this.pending.size > 0;
  }

  /** Stops whatever runs now (terminates the worker); pending promises reject with CancelledError. */
  cancel(): void {
    if (this.pending.size === 0) return;
    this.failAll(new CancelledError('cancelled'));
  }
}
