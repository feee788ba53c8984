/**
 * Ambient types for the Emscripten output imported through the `@wasm` alias
 * (vite.config.ts): the SIMD build and the baseline build (CMakeLists.txt). The factories are typed
 * as `unknown` here and cast to GranularModuleFactory (granular-wasm.d.ts, the contract) where they
 * are used. `@wasm/*.wasm?url` is covered by vite/client's `*?url` declaration.
 */
declare module '@wasm/granular.mjs' {
  const factory: unknown;
  export default factory;
}
declare module '@wasm/granular-baseline.mjs' {
  const factory: unknown;
  export default factory;
}
