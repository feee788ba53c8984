/**
 * Which of the engine's two WebAssembly builds this browser can compile (CMakeLists.txt, under
 * EMSCRIPTEN): `granular` uses 128-bit SIMD (Chrome/Edge 91, Firefox 89, Safari 16.4 and later),
 * `granular-baseline` does not (for older browsers, Safari 15.x among them). Both give the same
 * results bit for bit; the first is faster.
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

/** True when this WebAssembly compiles SIMD (a validate that throws counts as no). */
export function hasWasmSimd(
  validate: (bytes: Uint8Array<ArrayBuffer>) => boolean = (b) => WebAssembly.validate(b),
): boolean {
  try {
    return validate(SIMD_PROBE);
  } catch {
    return false;
  }
}
