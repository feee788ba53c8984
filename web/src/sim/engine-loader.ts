/** Loads the Emscripten module in the browser (inside the worker): the SIMD build where it compiles, else the baseline build. */
import simdFactory from '@wasm/granular.mjs';
import simdUrl from '@wasm/granular.wasm?url';
import baselineUrl from '@wasm/granular-baseline.wasm?url';
import type { GranularModule, GranularModuleFactory } from './granular-wasm';
import { hasWasmSimd } from './wasm-features';

function instantiate(factory: unknown, wasmUrl: string): Promise<GranularModule> {
  const create = factory as GranularModuleFactory;
  return create({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  });
}

export function loadGranularModule(): Promise<GranularModule> {
  if (hasWasmSimd()) return instantiate(simdFactory, simdUrl);
  // only browsers without SIMD fetch the baseline loader (a chunk of its own) and its .wasm
  return import('@wasm/granular-baseline.mjs').then((m) => instantiate(m.default, baselineUrl));
}
