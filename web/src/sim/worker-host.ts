/**
 * The body of a simulation Web Worker: loads the WASM module, announces the engine's
 * default scenario, then hands every message to the family's runner. Messages that
 * arrive while the module loads are queued.
 */
import { loadGranularModule } from './engine-loader';
import type { GranularModule } from './granular-wasm';
import { describeEngineFailure } from './run-loop';
import type { CrashedMessage, FatalMessage, ReadyMessage } from './protocol';

type Post<From> = (message: From | ReadyMessage | FatalMessage | CrashedMessage, transfer: Transferable[]) => void;

interface Family<To, From> {
  runner(module: GranularModule, post: Post<From>): { handle(msg: To): void };
  /** JSON text of the family's default scenario */
  defaultScenario(module: GranularModule): string;
}

interface WorkerScope<To, From> {
  postMessage(message: From | ReadyMessage | FatalMessage | CrashedMessage, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<To>) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
}

export function hostRunner<To, From>(family: Family<To, From>): void {
  const scope = self as unknown as WorkerScope<To, From>;
  const post: Post<From> = (message, transfer) => scope.postMessage(message, transfer);

  let runner: { handle(msg: To): void } | null = null;
  const queued: To[] = [];

  const crashed = (error: unknown): void => post({ type: 'crashed', message: describeEngineFailure(error) }, []);
  scope.addEventListener('message', (event) => {
    if (!runner) {
      queued.push(event.data);
      return;
    }
    try {
      runner.handle(event.data);
    } catch (e) {
      crashed(e);
    }
  });
  // a failure in asynchronous work (the run loop's computation) that nothing else caught
  scope.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    crashed(event.reason);
  });

  loadGranularModule().then(
    (module) => {
      const ready = family.runner(module, post);
      runner = ready;
      post({ type: 'ready', version: module.version(), defaultScenario: family.defaultScenario(module) }, []);
      for (const msg of queued.splice(0)) ready.handle(msg);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      post({ type: 'fatal', message: `The simulation engine (WebAssembly) could not be loaded: ${message}` }, []);
    },
  );
}
