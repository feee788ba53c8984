/** Main-thread handle on the avalanche worker: the shared controls, the force-chain toggle and the Gmsh import. */
import type { FatalMessage } from '../sim/protocol';
import { WorkerClient } from '../sim/worker-client';
import type { AvalancheFromWorker, AvalancheToWorker, MshAnswer } from './protocol';

type PageMessage = Exclude<AvalancheFromWorker, MshAnswer>;

export class AvalancheClient extends WorkerClient<AvalancheFromWorker, AvalancheToWorker> {
  private mshListener: ((answer: MshAnswer) => void) | null = null;

  constructor(listener: (message: PageMessage | FatalMessage) => void) {
    super(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'granular-avalanche' }), (message) => {
      if (message.type === 'msh') this.mshListener?.(message);
      else listener(message);
    });
  }

  setChains(on: boolean): void {
    this.send({ type: 'chains', on });
  }

  /** boundary segments from a .msh file's text; the answer goes to `listener` */
  readMsh(text: string, listener: (answer: MshAnswer) => void): void {
    this.mshListener = listener;
    this.send({ type: 'msh', text });
  }
}
