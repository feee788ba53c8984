// The loader's choice between the SIMD build and the baseline build (web/src/sim/wasm-features.ts):
// the probe must be a module that validates exactly where SIMD does.
import { describe, expect, it } from 'vitest';
import { hasWasmSimd, SIMD_PROBE } from '../../web/src/sim/wasm-features';

describe('WebAssembly SIMD probe', () => {
  it('validates where SIMD compiles (node, like every current browser)', () => {
    expect(WebAssembly.validate(SIMD_PROBE)).toBe(true);
    expect(hasWasmSimd()).toBe(true);
  });

  it('is a SIMD module: the same function returning i32 instead of v128 is refused', () => {
    // change only the result type to i32 and the body (which leaves a v128 on the stack) no longer
    // type-checks, so the probe's validity rests on v128 itself
    const asI32 = SIMD_PROBE.slice();
    asI32[14] = 0x7f;
    expect(WebAssembly.validate(asI32)).toBe(false);
  });

  it('asks the given validate about the probe, and counts a refusal or a throw as no SIMD', () => {
    const seen: Uint8Array[] = [];
    expect(
      hasWasmSimd((bytes) => {
        seen.push(bytes);
        return false;
      }),
    ).toBe(false);
    expect(seen).toEqual([SIMD_PROBE]);
    expect(
      hasWasmSimd(() => {
        throw new TypeError('WebAssembly is not defined');
      }),
    ).toBe(false);
  });
});
