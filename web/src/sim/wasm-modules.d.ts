/**
 * Ambient types for the Emscripten output imported through the `@wasm` alias
 * (vite.config.ts). The factory is typed as `unknown` here and cast to
 * GranularModuleFactory (granular-wasm.d.ts, the contract) where it is used.
 * `@wasm/granular.wasm?url` is covered by vite/client's `*?url` declaration.
 */
declare module '@wasm/granular.mjs' {
  const factory: unknown;
  export default factory;
}
