/** Loads the Emscripten module in the browser (inside the worker). */
import factory from '@wasm/granular.mjs';
import wasmUrl from '@wasm/granular.wasm?url';
import type { GranularModule, GranularModuleFactory } from './granular-wasm';
import { missingWasmFeature } from './wasm-features';

export function loadGranularModule(): Promise<GranularModule> {
  const missing = missingWasmFeature();
  if (missing !== null) return Promise.reject(new Error(missing));
  const create = factory as GranularModuleFactory;
  return create({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  });
}
