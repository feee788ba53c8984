/** Main-thread handle on the soft-disc worker: typed send, typed receive. */
import type { LoadOrigin } from '../sim/protocol';
import type { SoftFromWorker, SoftToWorker } from './protocol';

export class SoftClient {
  private readonly worker: Worker;

  constructor(listener: (message: SoftFromWorker) => void) {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'granular-soft' });
    this.worker.addEventListener('message', (event: MessageEvent<SoftFromWorker>) => listener(event.data));
    this.worker.addEventListener('error', (event: ErrorEvent) => {
      listener({ type: 'fatal', message: `The simulation worker failed: ${event.message || 'unknown error'}` });
    });
  }

  private send(message: SoftToWorker): void {
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
  /** record the loops of disc i with `other` (disc, or -(k+1) for wall k) */
  recordPair(i: number, other: number): void {
    this.send({ type: 'pair', i, other });
  }
}
