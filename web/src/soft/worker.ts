/** The soft-disc simulation Web Worker: the SoftRunner behind the shared worker host. */
import { hostRunner } from '../sim/worker-host';
import type { SoftFromWorker, SoftToWorker } from './protocol';
import { SoftRunner } from './runner';

hostRunner<SoftToWorker, SoftFromWorker>({
  runner: (module, post) => new SoftRunner(module, post),
  defaultScenario: (module) => module.defaultSoftScenario(),
});
