// JobWorker, the chain lab's handle on one worker, against a fake Worker: what it asks for goes out
// at once (the worker queues it), and startOf() leaves the engine's loading out of a run's time, by
// the worker's own clock (a page busy drawing reads the ready message late).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelledError, JobWorker } from '../../web/src/chain/job-worker';
import { SweepPool } from '../../web/src/chain/sweep-pool';

type Listener = (event: { data: unknown }) => void;

class FakeWorker {
  static made: FakeWorker[] = [];
  sent: Array<{ id: number; type: string }> = [];
  terminated = false;
  private readonly listeners = new Map<string, Listener[]>();
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(message: { id: number; type: string }): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(data: unknown): void {
    for (const l of this.listeners.get('message') ?? []) l({ data });
  }
}

/** the worker's ready message, its engine loaded at `at` on this thread's clock */
const ready = (at: number): unknown => ({ type: 'ready', version: 'test', at: performance.timeOrigin + at });

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => vi.unstubAllGlobals());

describe('JobWorker', () => {
  it('sends every request at once, and answers each by its id', async () => {
    const job = new JobWorker('test');
    const answers = [0, 1, 2].map((k) => job.text({ type: 'montecarloRange', samples: 300, mu: 0.5, sigma: 0.05, seed: 1, from: 100 * k, to: 100 * (k + 1) }));
    const w = FakeWorker.made[0]!;
    expect(FakeWorker.made).toHaveLength(1);
    expect(w.sent.map((m) => m.type)).toEqual(['montecarloRange', 'montecarloRange', 'montecarloRange']);
    // answered out of order on purpose: each promise takes its own
    for (const k of [2, 0, 1]) w.emit({ type: 'text', id: w.sent[k]!.id, text: `part ${k}` });
    expect(await Promise.all(answers)).toEqual(['part 0', 'part 1', 'part 2']);
  });

  it('startOf: the time asked while the engine loads or was loaded before; its load time when later', () => {
    const job = new JobWorker('test');
    void job.text({ type: 'newton', target: 0.5, lo: 0.3, hi: 0.95 });
    const w = FakeWorker.made[0]!;
    // not loaded yet: nothing known to leave out
    expect(job.startOf(100)).toBe(100);
    w.emit(ready(500));
    // asked at 100, the engine ready at 500: the run's time starts at 500
    expect(job.startOf(100)).toBeCloseTo(500, 6);
    // asked after the engine had loaded: from the asking
    expect(job.startOf(700)).toBe(700);
  });

  it('a cancel ends every pending request; the next request starts a new worker, whose load counts anew', async () => {
    const job = new JobWorker('test');
    const a = job.text({ type: 'newton', target: 0.5, lo: 0.3, hi: 0.95 });
    const b = job.text({ type: 'newton', target: 0.6, lo: 0.3, hi: 0.95 });
    FakeWorker.made[0]!.emit(ready(900));
    job.cancel();
    await expect(a).rejects.toBeInstanceOf(CancelledError);
    await expect(b).rejects.toBeInstanceOf(CancelledError);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    void job.text({ type: 'newton', target: 0.5, lo: 0.3, hi: 0.95 });
    expect(FakeWorker.made).toHaveLength(2);
    // the old worker's load time (900) no longer applies
    expect(job.startOf(300)).toBe(300);
    FakeWorker.made[1]!.emit(ready(1200));
    expect(job.startOf(300)).toBeCloseTo(1200, 6);
  });

  it("a sweep's start: the first of its workers' loads, not a worker the sweep left idle (never started)", async () => {
    const pool = new SweepPool(2);
    // one grid point: one chunk, for the first worker only
    const run = pool.run([0.5], 4, false, () => undefined);
    expect(FakeWorker.made).toHaveLength(1);
    const w = FakeWorker.made[0]!;
    w.emit(ready(900));
    const id = w.sent[0]!.id;
    w.emit({ type: 'sweep', id, answer: { collisions: new Float64Array([3]), collapsed: new Uint8Array([0]), finalVelocity: new Float64Array([0, 0, 0, 1]), problem: '' } });
    const { result } = await run;
    expect(result.filled).toBe(1);
    expect(pool.startOf(300)).toBeCloseTo(900, 6);
    // asked once the engine had loaded: from the asking
    expect(pool.startOf(1000)).toBe(1000);
  });
});
