/**
 * Main-thread handle on a simulation worker: typed send, typed receive, and a clean restart when
 * the engine fails. Each family passes a function that constructs its Worker (Vite bundles a
 * worker only from a literal `new Worker(new URL('./worker.ts', import.meta.url))` in the family's
 * file).
 *
 * Restart: when the worker reports 'crashed' (WebAssembly out of memory, an abort) or dies with an
 * error after it was ready, it is terminated and a fresh one started; the settings sent so far
 * (speed, until, the family's view options) are sent again, and the page gets the 'crashed'
 * message so it can say what happened and load its last scenario again. A worker that fails
 * before it is ready (the engine cannot load at all), or three restarts within a minute, is fatal.
 */
import type { CrashedMessage, FatalMessage, LoadOrigin, NormalizedMessage, ToWorker } from './protocol';
import type { ValidatedFamily } from './validators';

/** at most this many restarts within RESTART_WINDOW_MS; one more is fatal */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

/** settings that outlive a worker: the latest of each kind is sent to its successor */
const STICKY = new Set(['speed', 'until', 'chains', 'pair']);

function isMessage(data: unknown, type: string): data is { type: string; message: string } {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;
}

function isNormalized(data: unknown): data is NormalizedMessage {
  return isMessage(data, 'normalized');
}

export class WorkerClient<From, Extra extends { type: string } = never> {
  private worker: Worker;
  private ready = false;
  private restarts: number[] = [];
  private readonly sticky = new Map<string, ToWorker | Extra>();
  /** the normalize requests not answered yet, by id */
  private readonly normalizing = new Map<number, (scenarioJson: string | null) => void>();
  private nextNormalize = 1;

  constructor(
    private readonly spawn: () => Worker,
    private readonly listener: (message: From | FatalMessage | CrashedMessage) => void,
  ) {
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = this.spawn();
    this.ready = false;
    worker.addEventListener('message', (event: MessageEvent<From>) => {
      if (worker !== this.worker) return; // a retired worker's last words
      const data: unknown = event.data;
      if (isMessage(data, 'ready')) this.ready = true;
      if (isNormalized(data)) {
        const resolve = this.normalizing.get(data.id);
        this.normalizing.delete(data.id);
        resolve?.(data.scenarioJson);
        return;
      }
      // an engine that could not load answers nothing more
      if (isMessage(data, 'fatal')) this.settleNormalizing();
      if (isMessage(data, 'crashed')) {
        this.restart(data.message);
        return;
      }
      this.listener(event.data);
    });
    worker.addEventListener('error', (event: ErrorEvent) => {
      if (worker !== this.worker) return;
      const message = `The simulation worker failed: ${event.message || 'unknown error'}`;
      if (this.ready) this.restart(message);
      else {
        this.settleNormalizing();
        this.listener({ type: 'fatal', message });
      }
    });
    return worker;
  }

  private restart(message: string): void {
    // the retired worker answers nothing more: what it was asked to normalize stays unknown
    this.settleNormalizing();
    const now = Date.now();
    this.restarts = this.restarts.filter((t) => now - t < RESTART_WINDOW_MS);
    this.worker.terminate();
    if (this.restarts.length >= MAX_RESTARTS) {
      this.listener({ type: 'fatal', message: `${message} The engine failed ${MAX_RESTARTS + 1} times in a minute; reload the page.` });
      return;
    }
    this.restarts.push(now);
    this.worker = this.start();
    for (const msg of this.sticky.values()) this.worker.postMessage(msg);
    this.listener({ type: 'crashed', message });
  }

  protected send(message: ToWorker | Extra): void {
    if (STICKY.has(message.type)) this.sticky.set(message.type, message);
    this.worker.postMessage(message);
  }

  private settleNormalizing(): void {
    const pending = [...this.normalizing.values()];
    this.normalizing.clear();
    for (const resolve of pending) resolve(null);
  }

  /**
   * `json` as `family`'s engine normalizes it (every default filled in), without loading it; null
   * when it is not valid, or when the worker failed before answering. Answered in turn with the
   * loads: asked before a load, it is answered before that load's 'loaded'.
   */
  normalize(json: string, family: ValidatedFamily): Promise<string | null> {
    const id = this.nextNormalize++;
    return new Promise<string | null>((resolve) => {
      this.normalizing.set(id, resolve);
      this.send({ type: 'normalize', id, json, family });
    });
  }

  load(json: string, origin: LoadOrigin, play: boolean): void {
    this.send({ type: 'load', json, origin, play });
  }
  reset(play: boolean): void {
    this.send({ type: 'reset', play });
  }
  play(): void {
    this.send({ type: 'play' });
  }
  pause(): void {
    this.send({ type: 'pause' });
  }
  step(): void {
    this.send({ type: 'step' });
  }
  setSpeed(value: number): void {
    this.send({ type: 'speed', value });
  }
  setUntil(time: number | null): void {
    this.send({ type: 'until', time });
  }
  tick(dt: number): void {
    this.send({ type: 'tick', dt });
  }
  /** make the worker behave as if the engine had failed (end-to-end test of the restart) */
  simulateCrash(): void {
    this.send({ type: 'simulate-crash' });
  }
}
