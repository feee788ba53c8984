/**
 * The address holds what the user applied from the moment Apply is pressed, not only once the
 * engine has loaded it and its compressed link is ready: a reload straight after Apply gives the
 * applied scenario back (it gave the one before, or the default). A scenario the engine turns down
 * leaves the address with the last one it accepted. The chain lab's address follows the user's
 * runs the same way (a reload gave its defaults back).
 */
import { describe, expect, inject, it } from 'vitest';
import { decodeScenario, encodeScenario } from '../../web/src/ui/share';
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

  it('chain.html: the defaults and a link leave the address alone; a run of the user goes into it', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    const allRan = async (): Promise<boolean> =>
      page.evaluate(() => {
        const p = window.__chain?.probe();
        return p !== undefined && p.time.collisions > 0 && p.sweep.points > 0 && p.newton.steps > 0 && p.mc.samples > 0;
      });
    await expect.poll(allRan, { timeout: 20_000 }).toBe(true);
    expect(new URL(page.url()).hash).toBe('');

    await page.locator('#time-e').fill('0.3');
    await page.locator('#time-run').click();
    await expect.poll(async () => page.evaluate(() => window.__chain?.probe().state.time.e)).toBe(0.3);
    // in the address at once: a reload in the same task gives the run back
    await Promise.all([page.waitForEvent('load'), page.evaluate(() => window.location.reload())]);
    await expect.poll(allRan, { timeout: 20_000 }).toBe(true);
    expect(await page.locator('#time-e').inputValue()).toBe('0.3');
    expect(await page.evaluate(() => window.__chain?.probe().state.time.e)).toBe(0.3);
    expect((await addressScenario(page.url()))?.['time']).toMatchObject({ e: 0.3 });

    // a link's own address is kept as it was written, after every panel has run from it
    const link = await encodeScenario(JSON.stringify({ kind: 'chain-lab', time: { e: 0.6 } }));
    await page.goto(`${inject('baseUrl')}chain.html#s=${link}`);
    await expect.poll(allRan, { timeout: 20_000 }).toBe(true);
    expect(await page.evaluate(() => window.__chain?.probe().state.time.e)).toBe(0.6);
    expect(new URL(page.url()).hash).toBe(`#s=${link}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
