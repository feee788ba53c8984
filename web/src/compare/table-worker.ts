/**
 * The comparison's table worker: runs the four-sphere row to its end through the three engines
 * and the chain engine (compareRowTable, the same C++ as `granular-cli table`), one request at a
 * time, away from the simulation worker (a table at e close to 1 takes a few seconds).
 */
import { loadGranularModule } from '../sim/engine-loader';
import type { GranularModule } from '../sim/granular-wasm';
import type { TableAnswer, TableRequest } from './protocol';

interface WorkerScope {
  postMessage(message: TableAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TableRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;

function answer(mod: GranularModule, req: TableRequest): void {
  try {
    scope.postMessage({ type: 'table', id: req.id, text: mod.compareRowTable(req.json) });
  } catch (error) {
    scope.postMessage({ type: 'error', id: req.id, message: error instanceof Error ? error.message : String(error) });
  }
}

let mod: GranularModule | null = null;
const queued: TableRequest[] = [];
scope.addEventListener('message', (event) => {
  if (mod) answer(mod, event.data);
  else queued.push(event.data);
});

loadGranularModule().then(
  (loaded) => {
    mod = loaded;
    scope.postMessage({ type: 'ready' });
    for (const req of queued.splice(0)) answer(loaded, req);
  },
  (error: unknown) => {
    scope.postMessage({ type: 'fatal', message: `The simulation engine (WebAssembly) could not be loaded: ${error instanceof Error ? error.message : String(error)}` });
  },
);
