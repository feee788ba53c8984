/** Main-thread handle on the simulation worker: typed send, typed receive. */
import type { FromWorker, LoadOrigin, ToWorker } from './protocol';

export type SimListener = (message: FromWorker) => void;

export class SimClient {
  private readonly worker: Worker;

  constructor(listener: SimListener) {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'granular-sim' });
    this.worker.addEventListener('message', (event: MessageEvent<FromWorker>) => listener(event.data));
    this.worker.addEventListener('error', (event: ErrorEvent) => {
      listener({ type: 'fatal', message: `The simulation worker failed: ${event.message || 'unknown error'}` });
    });
  }

  private send(message: ToWorker): void {
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
