/** Routes a simulation worker's messages to the page's handlers (both families speak the same five kinds). */
import type { CrashedMessage, FatalMessage, RejectedMessage } from '../sim/protocol';

export interface PageHandlers<L, F> {
  /** the engine is loaded: its default scenario (JSON text) and version() */
  ready(defaultScenario: string, version: string): void;
  fatal(message: string): void;
  /** the engine failed and its worker was replaced (a 'ready' follows) */
  crashed(message: string): void;
  rejected(msg: RejectedMessage): void;
  loaded(msg: L): void;
  frame(msg: F): void;
}

type Ready = { type: 'ready'; defaultScenario: string; version: string };

export function routeMessages<L extends { type: 'loaded' }, F extends { type: 'frame' }>(
  handlers: PageHandlers<L, F>,
): (msg: Ready | FatalMessage | CrashedMessage | RejectedMessage | L | F) => void {
  return (msg) => {
    switch (msg.type) {
      case 'ready':
        handlers.ready((msg as Ready).defaultScenario, (msg as Ready).version);
        break;
      case 'fatal':
        handlers.fatal((msg as FatalMessage).message);
        break;
      case 'crashed':
        handlers.crashed((msg as CrashedMessage).message);
        break;
      case 'loaded':
        handlers.loaded(msg as L);
        break;
      case 'rejected':
        handlers.rejected(msg as RejectedMessage);
        break;
      case 'frame':
        handlers.frame(msg as F);
        break;
    }
  };
}
