/**
 * A browser whose WebAssembly has no SIMD (the engine is built with -msimd128): the page says which
 * feature is missing and which browsers have it, instead of a bare CompileError. Such a browser is
 * imitated by a WebAssembly.validate that refuses every module using a SIMD instruction (the 0xfd
 * prefix), put at the top of the page's workers, where the engine is loaded.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIMD_MISSING } from '../../web/src/sim/wasm-features';
import { openPage, useBrowser } from './browser';

const browser = useBrowser();

const WITHOUT_SIMD = `{
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes) => {
    const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer ?? bytes);
    return u8.includes(0xfd) ? false : validate(bytes);
  };
}
`;

async function withoutSimd(context: BrowserContext): Promise<string[]> {
  const routed: string[] = [];
  await context.route(/\/assets\/[\w-]*worker-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    routed.push(new URL(route.request().url()).pathname.split('/').pop() ?? '');
    await route.fulfill({ response, body: WITHOUT_SIMD + (await response.text()) });
  });
  return routed;
}

describe('a browser without WebAssembly SIMD', () => {
  for (const page of ['', 'avalanche.html']) {
    it(`${page || 'the gas page'} names the missing feature and the browsers that have it`, async () => {
      const { page: tab } = await openPage(browser(), 'about:blank');
      const routed = await withoutSimd(tab.context());
      await tab.goto(`${inject('baseUrl')}${page}`);
      await expect
        .poll(() => tab.locator('#status').textContent(), { timeout: 30_000 })
        .toBe(`The simulation engine (WebAssembly) could not be loaded: ${SIMD_MISSING}`);
      expect(routed.length).toBeGreaterThan(0);
      await tab.context().close();
    });
  }

  it('the same browser with SIMD loads the engine (the imitation refuses only SIMD)', async () => {
    const { page: tab, errors } = await openPage(browser(), 'about:blank');
    await tab.context().route(/\/assets\/[\w-]*worker-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      // the same prefix with the refusal switched off: the override itself breaks nothing
      await route.fulfill({ response, body: WITHOUT_SIMD.replace('u8.includes(0xfd)', 'false') + (await response.text()) });
    });
    await tab.goto(`${inject('baseUrl')}`);
    await expect.poll(() => tab.locator('#status').textContent(), { timeout: 30_000 }).not.toContain('could not be loaded');
    await expect.poll(() => tab.evaluate(() => window.__granular?.state().time ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await tab.context().close();
  });
});
