/**
 * A study Web Worker: runs one case of the aspect-ratio study at a time with the C++ study code
 * (avalancheStudyCase: the same as `granular-cli avalanche-study`) and answers with its result;
 * progress (simulated time after the gate opened) every PROGRESS_MS. Cancelled by terminating the
 * worker (study-pool.ts).
 */
import { loadGranularModule } from '../sim/engine-loader';
import type { GranularModule } from '../sim/granular-wasm';
import { parseStudyCaseResult } from './study';
import type { StudyAnswer, StudyRequest } from './study-protocol';

interface WorkerScope {
  postMessage(message: StudyAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<StudyRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;
const PROGRESS_MS = 100;

function run(mod: GranularModule, req: StudyRequest): StudyAnswer {
  let last = performance.now();
  const json = mod.avalancheStudyCase(req.a, JSON.stringify(req.options), (time) => {
    const now = performance.now();
    if (now - last > PROGRESS_MS) {
      scope.postMessage({ type: 'progress', id: req.id, phase: 1, time, grains: 0 });
      last = now;
    }
    return true;
  });
  const result = parseStudyCaseResult(json);
  if (!result.ok && !Number.isFinite(result.runout)) {
    return { type: 'error', id: req.id, message: result.error ?? 'the case could not be run' };
  }
  return { type: 'result', id: req.id, result };
}

let mod: GranularModule | null = null;
const queued: StudyRequest[] = [];
const handle = (m: GranularModule, req: StudyRequest): void => {
  try {
    scope.postMessage(run(m, req));
  } catch (error) {
    scope.postMessage({ type: 'error', id: req.id, message: error instanceof Error ? error.message : String(error) });
  }
};
scope.addEventListener('message', (event) => {
  if (mod) handle(mod, event.data);
  else queued.push(event.data);
});
loadGranularModule().then(
  (loaded) => {
    mod = loaded;
    scope.postMessage({ type: 'ready' });
    for (const req of queued.splice(0)) handle(loaded, req);
  },
  (error: unknown) => {
    scope.postMessage({ type: 'fatal', message: `The simulation engine (WebAssembly) could not be loaded: ${error instanceof Error ? error.message : String(error)}` });
  },
);
