/** The soft-disc simulation Web Worker: loads the WASM module, then hands every message to the SoftRunner. */
import { loadGranularModule } from '../sim/engine-loader';
import { SoftRunner } from './runner';
import type { SoftFromWorker, SoftToWorker } from './protocol';

interface WorkerScope {
  postMessage(message: SoftFromWorker, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SoftToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const post = (message: SoftFromWorker, transfer: Transferable[]): void => scope.postMessage(message, transfer);

let runner: SoftRunner | null = null;
const queued: SoftToWorker[] = [];

scope.addEventListener('message', (event) => {
  if (runner) runner.handle(event.data);
  else queued.push(event.data);
});

loadGranularModule().then(
  (module) => {
    runner = new SoftRunner(module, post);
    post({ type: 'ready', version: module.version(), defaultScenario: module.defaultSoftScenario() }, []);
    for (const msg of queued.splice(0)) runner.handle(msg);
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    post({ type: 'fatal', message: `The simulation engine (WebAssembly) could not be loaded: ${message}` }, []);
  },
);
