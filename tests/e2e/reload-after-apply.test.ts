/**
 * The address holds what the user applied from the moment Apply is pressed, not only once the
 * engine has loaded it and its compressed link is ready: a reload straight after Apply gives the
 * applied scenario back (it gave the one before, or the default). A scenario the engine turns down
 * leaves the address with the last one it accepted.
 */
import { describe, expect, inject, it } from 'vitest';
import { decodeScenario } from '../../web/src/ui/share';
import { openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

const PAGES = [
  { path: 'index.html', field: '#f-restitution', value: '0.8' },
  { path: 'soft.html', field: '#f-mu', value: '0.3' },
  { path: 'avalanche.html', field: '#f-mu', value: '0.3' },
  { path: 'compare.html', field: '#f-restitution', value: '0.7' },
] as const;

/** the scenario the page's address names (null without one) */
async function addressScenario(url: string): Promise<Record<string, unknown> | null> {
  const hash = new URL(url).hash;
  if (!hash.startsWith('#s=')) return null;
  return JSON.parse(await decodeScenario(hash.slice(3))) as Record<string, unknown>;
}

describe('a reload straight after Apply', () => {
  for (const { path, field, value } of PAGES) {
    it(`${path}: gives the applied scenario back`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}?play=0`);
      await waitForState(page, (s) => s.count > 0 && s.hash !== '');
      const title = (await page.locator('#scenario-title').textContent()) ?? '';
      await page.locator(field).fill(value);
      // Apply, and reload in the same task: no time for the engine, the title or the encoder
      // (a user's F5 comes later, but a column that settles first, or a slow machine, opens the
      // same gap)
      await Promise.all([
        page.waitForEvent('load'),
        page.evaluate(() => {
          document.querySelector<HTMLButtonElement>('#apply')?.click();
          window.location.reload();
        }),
      ]);
      await waitForState(page, (s) => s.count > 0);
      await expect.poll(async () => page.locator('#scenario-title').textContent()).toBe(`${title} (edited)`);
      expect(await page.locator(field).inputValue()).toBe(value);
      expect(await page.locator('#link-error').isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('index.html: a scenario the engine turns down leaves the address with the one before', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?play=0`);
    await waitForState(page, (s) => s.count > 0 && s.hash !== '');
    await page.locator('#f-restitution').fill('0.8');
    await page.locator('#apply').click();
    await expect.poll(async () => (await addressScenario(page.url()))?.['restitution']).toBe(0.8);

    await page.locator('.advanced summary').click();
    const area = page.locator('#scenario-json');
    const good = await area.inputValue();
    expect(good).toMatch(/"restitution":\s*0\.8/);
    await area.fill(good.replace(/"restitution":\s*0\.8/, '"restitution": 5'));
    await page.locator('#apply-json').click();
    await expect.poll(async () => (await page.locator('#json-errors').textContent()) ?? '').toContain('restitution');
    // the address names the accepted scenario again, and a reload loads it
    expect((await addressScenario(page.url()))?.['restitution']).toBe(0.8);
    await page.reload();
    await waitForState(page, (s) => s.count > 0);
    await expect.poll(async () => page.locator('#f-restitution').inputValue()).toBe('0.8');
    expect(await page.locator('#link-error').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
