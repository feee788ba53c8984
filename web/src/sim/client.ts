/** Main-thread handle on the gas simulation worker. */
import type { EventLogMessage, FatalMessage, FromWorker } from './protocol';
import { WorkerClient } from './worker-client';

export type SimListener = (message: Exclude<FromWorker, EventLogMessage> | FatalMessage) => void;

export class SimClient extends WorkerClient<FromWorker, { type: 'eventLog' }> {
  private readonly waiting: Array<(log: EventLogMessage) => void>;

  constructor(listener: SimListener) {
    const waiting: Array<(log: EventLogMessage) => void> = [];
    super(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'granular-sim' }), (message) => {
      if (message.type === 'eventLog') waiting.shift()?.(message);
      else {
        // a replaced worker will not answer: the requests it held get an empty log
        if (message.type === 'crashed') for (const answer of waiting.splice(0)) answer(emptyLog());
        listener(message);
      }
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

function emptyLog(): EventLogMessage {
  return { type: 'eventLog', generation: -1, first: 0, total: 0, time: new Float64Array(0), i: new Float64Array(0), j: new Float64Array(0) };
}
