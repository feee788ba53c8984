/** The comparison's simulation Web Worker: the CompareRunner behind the shared worker host. */
import { hostRunner } from '../sim/worker-host';
import type { ToWorker } from '../sim/protocol';
import type { CompareFromWorker } from './protocol';
import { CompareRunner } from './runner';

hostRunner<ToWorker, CompareFromWorker>({
  runner: (module, post) => new CompareRunner(module, post),
  defaultScenario: (module) => module.defaultCompareScenario(),
});
