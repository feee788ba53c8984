/**
 * The body of a simulation Web Worker: loads the WASM module, announces the engine's
 * default scenario, then hands every message to the family's runner, except a request to
 * normalize a scenario, which it answers itself. Messages that arrive while the module loads
 * are queued.
 */
import { loadGranularModule } from './engine-loader';
import type { GranularModule } from './granular-wasm';
import { describeEngineFailure } from './run-loop';
import type { CrashedMessage, FatalMessage, NormalizedMessage, NormalizeRequest, ReadyMessage } from './protocol';
import { parseValidationReport } from './scenario';
import { VALIDATORS } from './validators';

type HostMessage = ReadyMessage | FatalMessage | CrashedMessage | NormalizedMessage;
type Post<From> = (message: From | HostMessage, transfer: Transferable[]) => void;

function isNormalizeRequest(msg: unknown): msg is NormalizeRequest {
  return typeof msg === 'object' && msg !== null && (msg as { type?: unknown }).type === 'normalize';
}

/** The answer to a normalize request: the scenario as `family`'s validator fills it in, or null when it is not valid. */
export function normalizedAnswer(module: GranularModule, request: NormalizeRequest): NormalizedMessage {
  const validate = VALIDATORS[request.family];
  const report = validate === undefined ? null : parseValidationReport(validate(module, request.json));
  const scenarioJson = report !== null && report.ok && report.scenario !== null ? JSON.stringify(report.scenario) : null;
  return { type: 'normalized', id: request.id, scenarioJson };
}

interface Family<To, From> {
  runner(module: GranularModule, post: Post<From>): { handle(msg: To): void };
  /** JSON text of the family's default scenario */
  defaultScenario(module: GranularModule): string;
}

interface WorkerScope<To, From> {
  postMessage(message: From | HostMessage, transfer: Transferable[]): void;
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
      const own = family.runner(module, post);
      const ready = {
        handle: (msg: To): void => {
          if (isNormalizeRequest(msg)) post(normalizedAnswer(module, msg), []);
          else own.handle(msg);
        },
      };
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
