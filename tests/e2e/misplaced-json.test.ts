/**
 * Scenario text that names no page (malformed JSON, an engine no page runs) stays on the page it
 * was given to and is reported there, with the run going on; a link of another page, chain lab
 * included, opens that page.
 */
import { describe, expect, inject, it } from 'vitest';
import { encodeScenario } from '../../web/src/ui/share';
import { closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

describe('scenario text and links on the wrong page', () => {
  for (const path of ['soft.html', 'compare.html', 'avalanche.html']) {
    it(`${path}: malformed JSON and a mistyped engine are reported in place; the run goes on`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}`);
      const running = await waitForState(page, (s) => s.count > 0 && s.time > 0 && s.running);
      await page.locator('.advanced summary').click();
      const area = page.locator('#scenario-json');
      const good = await area.inputValue();
      const list = page.locator('#json-errors');

      await area.fill(good.slice(0, -20));
      await page.locator('#apply-json').click();
      await expect.poll(async () => (await list.textContent()) ?? '').toContain('not valid JSON');

      const engine = /"engine":\s*"(\w+)"/.exec(good)?.[1] ?? '';
      expect(engine).not.toBe('');
      await area.fill(good.replace(`"engine": "${engine}"`, `"engine": "${engine}x"`));
      await page.locator('#apply-json').click();
      await expect.poll(async () => (await list.textContent()) ?? '').toContain(`${engine}x`);

      // still this page, no link error, the same run going on: further along, and still running or
      // at its own end (status 2, finished; the avalanche preset's flow stops 0.75 s after the gate
      // opens, which a slow machine can reach while the two texts are typed)
      await waitForState(page, (s) => (s.running || s.status === 2) && s.outputIndex > running.outputIndex + 3);
      expect(new URL(page.url()).pathname.endsWith(path)).toBe(true);
      expect(await page.locator('#link-error').isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  it("a chain-lab link opened on the gas page opens the chain lab with it, and a soft link opened on the chain lab the soft page", async () => {
    const chainLink = await encodeScenario(JSON.stringify({ kind: 'chain-lab', time: { e: 0.3 } }));
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0#s=${chainLink}`);
    await page.waitForURL(/chain\.html/);
    await page.waitForFunction(() => window.__chain !== undefined);
    await expect.poll(async () => page.evaluate(() => window.__chain?.probe().state.time.e)).toBe(0.3);
    expect(await page.locator('#link-error').isVisible()).toBe(false);

    const softLink = await encodeScenario(JSON.stringify({ schema: 1, engine: 'soft', name: 'Sent from the chain lab' }));
    await page.goto(`${inject('baseUrl')}chain.html?play=0#s=${softLink}`);
    await page.waitForURL(/soft\.html/);
    await expect.poll(async () => page.locator('#scenario-name').textContent()).toBe('Sent from the chain lab');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('an invalid scenario of another page, uploaded here, is reported here by that page\'s validator; the page and its run stay', async () => {
    const { page, errors } = await openPage(browser(), inject('baseUrl'));
    const running = await waitForState(page, (s) => s.count > 0 && s.time > 0 && s.running);
    // typed into the form, not applied: still there afterwards
    await page.locator('#f-seed').fill('4242');
    await page.locator('#upload-json').setInputFiles({
      name: 'soft.json', mimeType: 'application/json', buffer: Buffer.from('{"schema":1,"engine":"soft","generate":{"count":-1}}'),
    });
    const list = page.locator('#json-errors');
    await expect.poll(async () => (await list.textContent()) ?? '').toContain('soft-disc scenario');
    const text = (await list.textContent()) ?? '';
    expect(text).toContain('soft.html');
    expect(text).toMatch(/generate\.count = -1/);
    await waitForState(page, (s) => s.running && s.outputIndex > running.outputIndex + 3);
    expect(new URL(page.url()).pathname.endsWith('soft.html')).toBe(false);
    expect(await page.locator('#f-seed').inputValue()).toBe('4242');
    expect(await page.locator('#link-error').isVisible()).toBe(false);
    // a valid one still opens its page
    await page.locator('#upload-json').setInputFiles({
      name: 'soft.json', mimeType: 'application/json', buffer: Buffer.from('{"schema":1,"engine":"soft","name":"Uploaded on the gas page"}'),
    });
    await page.waitForURL(/soft\.html/);
    await expect.poll(async () => page.locator('#scenario-name').textContent()).toBe('Uploaded on the gas page');
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
