/** The avalanche simulation Web Worker: the AvalancheRunner behind the shared worker host. */
import { hostRunner } from '../sim/worker-host';
import type { AvalancheFromWorker, AvalancheToWorker } from './protocol';
import { AvalancheRunner } from './runner';

hostRunner<AvalancheToWorker, AvalancheFromWorker>({
  runner: (module, post) => new AvalancheRunner(module, post),
  defaultScenario: (module) => module.defaultAvalancheScenario(),
});
