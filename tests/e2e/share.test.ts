/** Share links: the same scenario state for state in a fresh page; malformed links fall back to the default. */
import { describe, expect, inject, it } from 'vitest';
import { encodeScenario } from '../../web/src/ui/share';
import { closePage, granularState, useBrowser, openPage, waitForState } from './browser';

const browser = useBrowser();

const UNTIL = 0.3;

describe('share links', () => {
  it('"Copy link" reproduces the same state in a fresh page', async () => {
    const base = inject('baseUrl');
    // change the scenario first (seed and restitution), so the link must carry it
    const { page: a } = await openPage(browser(), `${base}?until=${UNTIL}`);
    const defaultAtUntil = await waitForState(a, (s) => !s.running && s.time >= UNTIL);
    await a.locator('#f-seed').fill('4242');
    await a.locator('#f-restitution').fill('0.8');
    await a.locator('#apply').click();
    // the new scenario runs from t = 0 and pauses at UNTIL again
    const stateA = await waitForState(a, (s) => !s.running && s.time >= UNTIL && s.hash !== defaultAtUntil.hash);
    expect(stateA.time).toBe(defaultAtUntil.time);
    await a.locator('#copy-link').click();
    await expect.poll(() => a.locator('#share-url').inputValue()).toContain('#s=');
    const link = await a.locator('#share-url').inputValue();
    expect(link.startsWith(base)).toBe(true);
    expect(link).toMatch(/#s=[A-Za-z0-9_-]+$/);

    const url = new URL(link);
    url.search = `?until=${stateA.time}`;
    const { page: b, errors } = await openPage(browser(), url.toString());
    const stateB = await waitForState(b, (s) => !s.running && s.time >= stateA.time);
    expect(await b.locator('#f-seed').inputValue()).toBe('4242');
    expect(await b.locator('#f-restitution').inputValue()).toBe('0.8');
    expect(stateB.outputIndex).toBe(stateA.outputIndex);
    expect(stateB.time).toBe(stateA.time);
    expect(stateB.count).toBe(stateA.count);
    expect(stateB.hash).toBe(stateA.hash);

    // and step for step afterwards
    for (let i = 1; i <= 3; i++) {
      await a.locator('#btn-step').click();
      await b.locator('#btn-step').click();
      const sa = await waitForState(a, (s) => s.outputIndex === stateA.outputIndex + i);
      const sb = await waitForState(b, (s) => s.outputIndex === stateA.outputIndex + i);
      expect(sb.hash).toBe(sa.hash);
    }
    expect(await b.locator('#link-error').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await closePage(a);
    await closePage(b);
  });

  const malformed: Array<[string, () => Promise<string>, RegExp]> = [
    ['bad base64', async () => 'not*base64!', /not base64url/],
    ['bad deflate', async () => 'AAAAAAAAAAAA_____w', /damaged|decompress/],
    ['bad JSON', async () => encodeScenario('{"schema":1,'), /valid JSON/],
    ['an invalid scenario', async () => encodeScenario('{"schema":1,"restitution":5}'), /restitution/],
  ];

  for (const [what, payload, reason] of malformed) {
    it(`a link with ${what} shows a readable message and runs the default scenario`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}#s=${await payload()}`);
      const banner = page.locator('#link-error');
      await banner.waitFor({ state: 'visible' });
      const text = (await banner.textContent()) ?? '';
      expect(text).toContain('The shared link could not be read:');
      expect(text).toMatch(reason);
      await waitForState(page, (s) => s.count > 0 && s.time > 0 && s.running);
      expect(await page.locator('#preset').inputValue()).toBe('gas-cooling');
      if (what === 'an invalid scenario') await page.screenshot({ path: '/tmp/granular-bad-link.png' });
      expect(errors).toEqual([]);
      expect((await granularState(page)).status).toBe(0);
      await closePage(page);
    });
  }
});
