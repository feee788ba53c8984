// The loader's check for WebAssembly SIMD (web/src/sim/wasm-features.ts): the engine is built with
// -msimd128, and a browser without SIMD must be told so in words instead of a bare CompileError.
import { describe, expect, it } from 'vitest';
import { missingWasmFeature, SIMD_MISSING, SIMD_PROBE } from '../../web/src/sim/wasm-features';

describe('WebAssembly feature check', () => {
  it('finds nothing missing where SIMD compiles (node, like every current browser)', () => {
    expect(WebAssembly.validate(SIMD_PROBE)).toBe(true);
    expect(missingWasmFeature()).toBeNull();
  });

  it('the probe is a SIMD module: the same function returning i32 instead of v128 is refused', () => {
    // a valid probe with a SIMD result type; change only the type to i32 and the body (which leaves a
    // v128 on the stack) no longer type-checks, so the probe's validity rests on v128 itself
    const asI32 = SIMD_PROBE.slice();
    asI32[14] = 0x7f;
    expect(WebAssembly.validate(asI32)).toBe(false);
  });

  it('names SIMD and the browsers that have it when the probe does not validate or validation throws', () => {
    const seen: Uint8Array[] = [];
    const message = missingWasmFeature((bytes) => {
      seen.push(bytes);
      return false;
    });
    expect(seen).toEqual([SIMD_PROBE]);
    expect(message).toBe(SIMD_MISSING);
    expect(message).toMatch(/128-bit SIMD/);
    expect(message).toMatch(/Chrome or Edge 91, Firefox 89, Safari 16\.4/);
    expect(
      missingWasmFeature(() => {
        throw new TypeError('WebAssembly is not defined');
      }),
    ).toBe(SIMD_MISSING);
  });
});
