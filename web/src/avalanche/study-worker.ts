/**
 * A study Web Worker: runs one case of the aspect-ratio study at a time with the C++ study code
 * (avalancheStudyCase: the same as `granular-cli avalanche-study`) and answers with its result;
 * progress: phase 0 when the case starts (the column settles), then the simulated time after the
 * gate opened, at once and every PROGRESS_MS. Cancelled by terminating the worker (study-pool.ts).
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
  // the case starts: the column is built and settles (the C++ study reports nothing until the gate opens)
  scope.postMessage({ type: 'progress', id: req.id, phase: 0, time: 0, grains: 0 });
  let last = performance.now();
  let opened = false;
  const json = mod.avalancheStudyCase(req.a, JSON.stringify(req.options), (time) => {
    const now = performance.now();
    // the first sample is the gate opening: said at once, then every PROGRESS_MS
    if (!opened || now - last > PROGRESS_MS) {
      opened = true;
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
