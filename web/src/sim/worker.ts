/** The gas simulation Web Worker: the Runner behind the shared worker host. */
import type { FromWorker, GasToWorker } from './protocol';
import { Runner } from './runner';
import { hostRunner } from './worker-host';

hostRunner<GasToWorker, FromWorker>({
  runner: (module, post) => new Runner(module, post),
  defaultScenario: (module) => module.defaultScenario(),
});
