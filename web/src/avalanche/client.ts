/** Main-thread handle on the avalanche worker: the shared controls, the force-chain toggle and the Gmsh import. */
import type { FatalMessage } from '../sim/protocol';
import { WorkerClient } from '../sim/worker-client';
import type { AvalancheFromWorker, AvalancheToWorker, MshAnswer } from './protocol';

type PageMessage = Exclude<AvalancheFromWorker, MshAnswer>;

export class AvalancheClient extends WorkerClient<AvalancheFromWorker, AvalancheToWorker> {
  /**
   * The reads the worker has yet to answer, oldest first: it answers them in order. (One listener,
   * the latest read's, took a read's answer for the next's when a file was picked during a read.)
   */
  private readonly mshWaiting: Array<(answer: MshAnswer) => void>;

  constructor(listener: (message: PageMessage | FatalMessage) => void) {
    const waiting: Array<(answer: MshAnswer) => void> = [];
    super(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'granular-avalanche' }), (message) => {
      if (message.type === 'msh') waiting.shift()?.(message);
      else {
        // a replaced worker will not answer: the reads it held fail
        if (message.type === 'crashed') {
          for (const answer of waiting.splice(0)) answer({ type: 'msh', ok: false, message: 'the engine failed while reading it', segments: [] });
        }
        listener(message);
      }
    });
    this.mshWaiting = waiting;
  }

  setChains(on: boolean): void {
    this.send({ type: 'chains', on });
  }

  /** boundary segments from a .msh file's text; the answer goes to `listener` */
  readMsh(text: string, listener: (answer: MshAnswer) => void): void {
    this.mshWaiting.push(listener);
    this.send({ type: 'msh', text });
  }
}
