/**
 * Main-thread handle on a simulation worker: typed send, typed receive. Each family
 * constructs its own Worker (Vite bundles a worker only from a literal
 * `new Worker(new URL('./worker.ts', import.meta.url))` in the family's file) and hands it here.
 */
import type { FatalMessage, LoadOrigin, ToWorker } from './protocol';

export class WorkerClient<From, Extra = never> {
  constructor(
    private readonly worker: Worker,
    listener: (message: From | FatalMessage) => void,
  ) {
    this.worker.addEventListener('message', (event: MessageEvent<From>) => listener(event.data));
    this.worker.addEventListener('error', (event: ErrorEvent) => {
      listener({ type: 'fatal', message: `The simulation worker failed: ${event.message || 'unknown error'}` });
    });
  }

  protected send(message: ToWorker | Extra): void {
    this.worker.postMessage(message);
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
}
