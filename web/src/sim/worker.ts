/**
 * The simulation Web Worker: loads the WASM module, then hands every message to the Runner.
 * Messages that arrive while the module loads are queued.
 */
import { loadGranularModule } from './engine-loader';
import type { FromWorker, ToWorker } from './protocol';
import { Runner } from './runner';

interface WorkerScope {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const post = (message: FromWorker, transfer: Transferable[]): void => scope.postMessage(message, transfer);

let runner: Runner | null = null;
const queued: ToWorker[] = [];

scope.addEventListener('message', (event) => {
  if (runner) runner.handle(event.data);
  else queued.push(event.data);
});

loadGranularModule().then(
  (module) => {
    runner = new Runner(module, post);
    post({ type: 'ready', version: module.version(), defaultScenario: module.defaultScenario() }, []);
    for (const msg of queued.splice(0)) runner.handle(msg);
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    post({ type: 'fatal', message: `The simulation engine (WebAssembly) could not be loaded: ${message}` }, []);
  },
);
