/**
 * A chain Web Worker: loads the WASM module and answers ChainRequests one at a time. Long
 * jobs are cancelled by terminating the worker (chain/job-worker.ts), so no cancel message.
 */
import { loadGranularModule } from '../sim/engine-loader';
import type { GranularModule } from '../sim/granular-wasm';
import type { ChainAnswer, ChainRequest, SweepChunkAnswer } from './protocol';
import { parseChainRun } from './results';

interface WorkerScope {
  postMessage(message: ChainAnswer, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ChainRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;
const post = (message: ChainAnswer, transfer: Transferable[] = []): void => scope.postMessage(message, transfer);

/** progress messages at most this often, ms */
const PROGRESS_MS = 100;

function sweep(mod: GranularModule, id: number, es: number[], spheres: number, extended: boolean): SweepChunkAnswer {
  const points = es.length;
  const collisions = new Float64Array(points);
  const collapsed = new Uint8Array(points);
  const finalVelocity = new Float64Array(points * spheres).fill(NaN);
  let problem = '';
  let last = performance.now();
  for (let j = 0; j < points; j++) {
    const r = parseChainRun(mod.chainRun(es[j] ?? NaN, spheres, extended, 0));
    if (!r.ok && problem === '') problem = r.message || `the run at e = ${es[j]} failed`;
    collisions[j] = r.ok ? r.collisions : NaN;
    collapsed[j] = r.collapsed ? 1 : 0;
    for (let i = 0; i < spheres; i++) finalVelocity[i * points + j] = r.finalVelocity[i] ?? NaN;
    const now = performance.now();
    if (now - last > PROGRESS_MS) {
      post({ type: 'progress', id, done: j + 1, total: points });
      last = now;
    }
  }
  return { collisions, collapsed, finalVelocity, problem };
}

function handle(mod: GranularModule, req: ChainRequest): void {
  try {
    switch (req.type) {
      case 'run':
        post({ type: 'text', id: req.id, text: mod.chainRun(req.e, req.spheres, req.extended, req.maxLog) });
        break;
      case 'runSetup':
        post({ type: 'text', id: req.id, text: mod.chainRunSetup(req.json, req.maxLog) });
        break;
      case 'montecarlo':
        post({ type: 'text', id: req.id, text: mod.chainMonteCarlo(req.samples, req.mu, req.sigma, req.seed) });
        break;
      case 'montecarloRange':
        post({ type: 'text', id: req.id, text: mod.chainMonteCarloRange(req.samples, req.mu, req.sigma, req.seed, req.from, req.to) });
        break;
      case 'newton':
        post({ type: 'text', id: req.id, text: mod.chainNewton(req.target, req.lo, req.hi) });
        break;
      case 'sweep': {
        const answer = sweep(mod, req.id, req.e, req.spheres, req.extended);
        post({ type: 'sweep', id: req.id, answer }, [answer.collisions.buffer, answer.collapsed.buffer, answer.finalVelocity.buffer]);
        break;
      }
    }
  } catch (error) {
    post({ type: 'error', id: req.id, message: error instanceof Error ? error.message : String(error) });
  }
}

let mod: GranularModule | null = null;
const queued: ChainRequest[] = [];
scope.addEventListener('message', (event) => {
  if (mod) handle(mod, event.data);
  else queued.push(event.data);
});

loadGranularModule().then(
  (loaded) => {
    mod = loaded;
    post({ type: 'ready', version: loaded.version(), at: performance.timeOrigin + performance.now() });
    for (const req of queued.splice(0)) handle(loaded, req);
  },
  (error: unknown) => {
    post({ type: 'fatal', message: `The simulation engine (WebAssembly) could not be loaded: ${error instanceof Error ? error.message : String(error)}` });
  },
);
