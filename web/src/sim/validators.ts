/**
 * Each scenario family's validator in the WASM module: the validation report (JSON text) of a
 * scenario, with the normalized scenario (every default filled in) when it is valid. The runners
 * (web/src/*\/runner.ts), the worker host's normalize request and ui/family-check.ts use the same.
 */
import type { GranularModule } from './granular-wasm';

/** the scenario families with an engine of their own (ui/family.ts' ScenarioFamily) */
export type ValidatedFamily = 'gas' | 'soft' | 'avalanche' | 'compare';

export const VALIDATORS: Readonly<Record<ValidatedFamily, (m: GranularModule, json: string) => string>> = {
  gas: (m, json) => m.validateScenario(json),
  soft: (m, json) => m.validateSoftScenario(json),
  avalanche: (m, json) => m.validateAvalancheScenario(json),
  compare: (m, json) => m.validateCompareScenario(json),
};
