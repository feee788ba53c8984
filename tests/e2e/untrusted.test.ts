/**
 * Share links are untrusted input (issue 6 §4): names and notes are shown as text, nothing is
 * evaluated, the built pages carry their own Content-Security-Policy, and a link asking for more
 * than the stated limits is refused with a message.
 */
import { describe, expect, inject, it } from 'vitest';
import { encodeScenario } from '../../web/src/ui/share';
import { closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();
const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

describe('untrusted share links', () => {
  it('every built page carries the Content-Security-Policy in a meta tag (it holds on any host)', async () => {
    for (const page of ['', 'soft.html', 'chain.html', 'avalanche.html', 'compare.html']) {
      const html = await (await fetch(`${inject('baseUrl')}${page}`)).text();
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
      expect(meta, page).not.toBeNull();
      const policy = (meta?.[1] ?? '').replaceAll('&#39;', "'");
      expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain('unsafe-inline');
    }
  });

  for (const [page, scenario] of [
    ['', { schema: 1, name: HOSTILE, notes: HOSTILE, generate: { count: 50 } }],
    ['soft.html', { schema: 1, engine: 'soft', name: HOSTILE, notes: HOSTILE }],
    ['avalanche.html', { schema: 1, engine: 'avalanche', name: HOSTILE, notes: HOSTILE }],
    ['compare.html', { schema: 1, engine: 'compare', name: HOSTILE, notes: HOSTILE }],
  ] as const) {
    it(`${page || 'gas page'}: a name and notes full of markup are shown as text, nothing runs`, async () => {
      const payload = await encodeScenario(JSON.stringify(scenario));
      const { page: tab, errors } = await openPage(browser(), `${inject('baseUrl')}${page}?play=0#s=${payload}`);
      await waitForState(tab, (s) => s.count > 0, 60_000);
      await expect.poll(() => tab.locator('#scenario-title').textContent()).toBe(HOSTILE);
      expect(await tab.locator('img[src="x"]').count()).toBe(0);
      expect(await tab.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(errors).toEqual([]);
      await closePage(tab);
    });
  }

  it('a link asking for more discs than the limit is refused with a message; the default runs', async () => {
    const payload = await encodeScenario(JSON.stringify({ schema: 1, generate: { count: 1e9 } }));
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}#s=${payload}`);
    const banner = page.locator('#link-error');
    await banner.waitFor({ state: 'visible' });
    expect(await banner.textContent()).toMatch(/generate\.count = 1000000000/);
    await waitForState(page, (s) => s.count > 0 && s.time > 0);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
