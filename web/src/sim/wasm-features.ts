/**
 * The WebAssembly features the engine is built with (CMakeLists.txt, under EMSCRIPTEN) that a browser
 * may lack. A module using a missing one fails to compile with a bare CompileError, so the loader
 * asks first and can say which feature, and which browsers have it.
 */

/**
 * The smallest module using 128-bit SIMD: one function of type () -> v128 whose body is
 * `i32.const 0; i8x16.splat`. A browser without SIMD finds the v128 type and the 0xfd prefix
 * invalid; every other byte is the MVP's.
 */
export const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, //       type section: one func type, () -> v128
  0x03, 0x02, 0x01, 0x00, //                         function section: one function of type 0
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0x0b, // code: no locals, i32.const 0, i8x16.splat, end
]);

export const SIMD_MISSING =
  'this browser\'s WebAssembly has no 128-bit SIMD, which the engine uses; it needs Chrome or Edge 91, Firefox 89, Safari 16.4 or later';

/** Null when the engine can compile here; otherwise what is missing, in words. */
export function missingWasmFeature(
  validate: (bytes: Uint8Array<ArrayBuffer>) => boolean = (b) => WebAssembly.validate(b),
): string | null {
  let simd: boolean;
  try {
    simd = validate(SIMD_PROBE);
  } catch {
    simd = false;
  }
  return simd ? null : SIMD_MISSING;
}
