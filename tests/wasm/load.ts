/**
 * Loads the real Emscripten build (build/wasm/granular.mjs + granular.wasm) in node, once per
 * test file. emcc 3.1.6's loader cannot fetch file paths, so the .wasm bytes are always passed
 * as wasmBinary. Build them with `node scripts/granular.mjs build-wasm`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GranularModule, GranularModuleFactory } from '../../web/src/sim/granular-wasm';

/** Repository root (tests/wasm/../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WASM_DIR = path.join(ROOT, 'build', 'wasm');

let loading: Promise<GranularModule> | undefined;

/**
 * Which of the two builds (CMakeLists.txt) the tests load: `granular`, with SIMD, unless
 * GRANULAR_WASM_BUILD names `granular-baseline` (the Vitest project "baseline" does, to run the
 * parity tests on the build older browsers get).
 */
export const WASM_BUILD = process.env['GRANULAR_WASM_BUILD'] ?? 'granular';

async function load(): Promise<GranularModule> {
  if (WASM_BUILD !== 'granular' && WASM_BUILD !== 'granular-baseline') throw new Error(`GRANULAR_WASM_BUILD=${WASM_BUILD}: must be granular or granular-baseline`);
  const glue = path.join(WASM_DIR, `${WASM_BUILD}.mjs`);
  const binary = path.join(WASM_DIR, `${WASM_BUILD}.wasm`);
  if (!existsSync(glue) || !existsSync(binary)) {
    throw new Error(`missing ${glue} or ${binary}: run \`node scripts/granular.mjs build-wasm\` first`);
  }
  // A computed specifier: the glue has no declaration file; its shape is the contract in granular-wasm.d.ts.
  const imported: unknown = await import(pathToFileURL(glue).href);
  if (typeof imported !== 'object' || imported === null || !('default' in imported) || typeof imported.default !== 'function') {
    throw new Error(`${glue} has no default export factory`);
  }
  const factory = imported.default as GranularModuleFactory;
  return factory({ wasmBinary: readFileSync(binary) });
}

/** The module, instantiated on first use and shared afterwards. */
export function loadGranular(): Promise<GranularModule> {
  loading ??= load();
  return loading;
}

/** Text of a file under the repository root. */
export function readRepoFile(relative: string): string {
  return readFileSync(path.join(ROOT, relative), 'utf8');
}
