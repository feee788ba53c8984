/** Main-thread handle on the gas simulation worker. */
import type { EventLogMessage, FatalMessage, FromWorker } from './protocol';
import { WorkerClient } from './worker-client';

export type SimListener = (message: Exclude<FromWorker, EventLogMessage> | FatalMessage) => void;

export class SimClient extends WorkerClient<FromWorker, { type: 'eventLog' }> {
  private readonly waiting: Array<(log: EventLogMessage) => void>;

  constructor(listener: SimListener) {
    const waiting: Array<(log: EventLogMessage) => void> = [];
    super(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'granular-sim' }), (message) => {
      if (message.type === 'eventLog') waiting.shift()?.(message);
      else listener(message);
    });
    this.waiting = waiting;
  }

  /** the current load's per-collision log (the last EVENT_LOG_MAX collisions) */
  eventLog(): Promise<EventLogMessage> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.send({ type: 'eventLog' });
    });
  }
}
