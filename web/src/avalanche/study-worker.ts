/**
 * A study Web Worker: runs one column collapse at a time to its end (the flow stops, or the
 * duration runs out) and answers with the summary; progress (phase, simulated time) every
 * PROGRESS_MS. Cancelled by terminating the worker (study-pool.ts).
 */
import { loadGranularModule } from '../sim/engine-loader';
import type { GranularModule } from '../sim/granular-wasm';
import { isJsonObject, parseValidationReport } from '../sim/scenario';
import { studyCaseScenario } from './study-cases';
import type { StudyAnswer, StudyRequest } from './study-protocol';

interface WorkerScope {
  postMessage(message: StudyAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<StudyRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;
const PROGRESS_MS = 100;
const SLICE_STEPS = 500;

function run(mod: GranularModule, req: StudyRequest): StudyAnswer {
  const base: unknown = JSON.parse(mod.defaultAvalancheScenario());
  const json = JSON.stringify(studyCaseScenario(isJsonObject(base) ? base : {}, req.a, req.size));
  const world = new mod.AvalancheWorld(json);
  try {
    if (!world.ok()) {
      const report = parseValidationReport(world.report());
      return { type: 'error', id: req.id, message: report.errors.map((e) => e.text).join('; ') || 'the case was rejected' };
    }
    let last = performance.now();
    for (;;) {
      const status = world.advance(SLICE_STEPS);
      if (status === 2 || status === 3) break;
      const now = performance.now();
      if (now - last > PROGRESS_MS) {
        scope.postMessage({ type: 'progress', id: req.id, phase: world.phase(), time: world.time(), grains: world.grains() });
        last = now;
      }
    }
    return { type: 'result', id: req.id, summary: world.summary(), stopped: world.phase() === 2 };
  } finally {
    world.delete();
  }
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
