/**
 * The engine's two WebAssembly builds (CMakeLists.txt): a browser with SIMD loads `granular`, one
 * without loads `granular-baseline`, and both run the same scenario to the same state bit for bit.
 * A browser without SIMD is imitated by a WebAssembly.validate that refuses every module using a
 * SIMD instruction (the 0xfd prefix), put at the top of the page's workers, where the engine is
 * loaded.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

const WITHOUT_SIMD = `{
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes) => {
    const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer ?? bytes);
    return u8.includes(0xfd) ? false : validate(bytes);
  };
}
`;

/** A page whose workers see (or not) SIMD; returns it and the .wasm files it fetched. */
async function openWith(simd: boolean, path: string): Promise<{ tab: Page; errors: string[]; wasm: string[] }> {
  const { page: tab, errors } = await openPage(browser(), 'about:blank');
  const wasm: string[] = [];
  tab.context().on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (file.endsWith('.wasm')) wasm.push(file);
  });
  if (!simd)
    await tab.context().route(/\/assets\/[\w-]*worker-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: WITHOUT_SIMD + (await response.text()) });
    });
  await tab.goto(`${inject('baseUrl')}${path}`);
  return { tab, errors, wasm };
}

/** The state after ten Steps of the page's default scenario, paused from the start. */
async function afterTenSteps(tab: Page): Promise<{ hash: string; time: number }> {
  let s = await waitForState(tab, (st) => st.count > 0 && !st.running, 60_000);
  for (let k = 1; k <= 10; k++) {
    const before = s.time;
    await tab.click('#btn-step');
    // each Step moves the clock (the avalanche's settling counts negative time, without outputs)
    s = await waitForState(tab, (st) => !st.running && st.time !== before, 30_000);
  }
  return { hash: s.hash, time: s.time };
}

describe('the SIMD build and the baseline build', () => {
  for (const path of ['', 'avalanche.html']) {
    it(`${path || 'the gas page'}: without SIMD the baseline build runs the same steps to the same state`, async () => {
      const simd = await openWith(true, `${path}?play=0`);
      const baseline = await openWith(false, `${path}?play=0`);
      const [a, b] = [await afterTenSteps(simd.tab), await afterTenSteps(baseline.tab)];
      expect(simd.wasm.length).toBeGreaterThan(0);
      expect(simd.wasm.every((f) => /^granular-(?!baseline)[\w-]+\.wasm$/.test(f)), simd.wasm.join()).toBe(true);
      expect(baseline.wasm.length).toBeGreaterThan(0);
      expect(baseline.wasm.every((f) => /^granular-baseline-[\w-]+\.wasm$/.test(f)), baseline.wasm.join()).toBe(true);
      expect(b).toEqual(a);
      expect(simd.errors).toEqual([]);
      expect(baseline.errors).toEqual([]);
      await closePage(simd.tab);
      await closePage(baseline.tab);
    });
  }
});

describe('an engine that cannot load', () => {
  // The status line sits below the canvas, below the fold on a 1280 × 800 laptop screen, where an
  // empty canvas was all one saw; the message is also laid over the canvas (StatusLine.fatal).
  for (const path of ['', 'soft.html', 'avalanche.html', 'compare.html']) {
    it(`${path || 'the gas page'}: the message is over the canvas, on screen at 1280 × 800, as in the status line`, async () => {
      const { page: tab } = await openPage(browser(), 'about:blank', { width: 1280, height: 800 });
      await tab.context().route(/\.wasm$/, (route) => route.abort());
      await tab.goto(`${inject('baseUrl')}${path}`);
      const over = tab.locator('#canvas-wrap .engine-fatal');
      await expect.poll(async () => (await over.count()) > 0 && (await over.textContent())).toMatch(/^The simulation engine \(WebAssembly\) could not be loaded: /);
      expect(await tab.locator('#status').textContent()).toBe(await over.textContent());
      const box = await over.boundingBox();
      const wrap = await tab.locator('#canvas-wrap').boundingBox();
      if (!box || !wrap) throw new Error('no box');
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      expect(box.x).toBeGreaterThanOrEqual(wrap.x);
      expect(box.x + box.width).toBeLessThanOrEqual(wrap.x + wrap.width + 0.5);
      expect(box.y).toBeGreaterThanOrEqual(wrap.y);
      expect(box.y + box.height).toBeLessThanOrEqual(wrap.y + wrap.height + 0.5);
      // what can do nothing without an engine says so, disabled with the message as its tooltip (it
      // looked ready and did nothing); Download JSON still saves what is in the box
      const message = await over.textContent();
      for (const id of ['btn-play', 'btn-step', 'btn-reset', 'speed', 'preset', 'apply', 'apply-json', 'upload-json']) {
        const control = tab.locator(`#${id}`);
        expect(await control.isDisabled(), id).toBe(true);
        expect(await control.getAttribute('title'), id).toBe(message);
      }
      expect(await tab.locator('#download-json').isDisabled()).toBe(false);
      expect(await tab.locator('#scenario-form .availability').textContent()).toBe(`Nothing can be applied: ${message}`);
      if (!path) await tab.screenshot({ path: '/tmp/granular-engine-fatal.png' });
      await closePage(tab);
    });
  }
});
