/**
 * The address holds what the user applied from the moment Apply is pressed, not only once the
 * engine has loaded it and its compressed link is ready: a reload straight after Apply gives the
 * applied scenario back (it gave the one before, or the default). A scenario the engine turns down
 * leaves the address with the last one it accepted. The chain lab's address follows the user's
 * runs the same way (a reload gave its defaults back), from the moment a run starts (a reload
 * during a long sweep gave the run before it back); a cancelled run puts the address back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { decodeScenario, encodeScenario } from '../../web/src/ui/share';
import { closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

const PAGES = [
  { path: 'index.html', field: '#f-restitution', value: '0.8' },
  { path: 'soft.html', field: '#f-mu', value: '0.3' },
  { path: 'avalanche.html', field: '#f-mu', value: '0.3' },
  { path: 'compare.html', field: '#f-restitution', value: '0.7' },
] as const;

/** every panel of the chain lab has shown a run */
function chainRan(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const p = window.__chain?.probe();
    return p !== undefined && p.time.collisions > 0 && p.sweep.points > 0 && p.newton.steps > 0 && p.mc.samples > 0;
  });
}

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
      await closePage(page);
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
    await closePage(page);
  });

  it('chain.html: the defaults and a link leave the address alone; a run of the user goes into it', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    const allRan = (): Promise<boolean> => chainRan(page);
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
    await closePage(page);
  });

  // the address took a panel's inputs only when its run finished: a reload during a long sweep or
  // Monte Carlo run gave the inputs of the run before, and the run just typed and started was lost
  it('chain.html: a run goes into the address as it starts, a reload during a long one gives its inputs back; a cancelled one puts the address back', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await expect.poll(async () => chainRan(page), { timeout: 20_000 }).toBe(true);
    expect(new URL(page.url()).hash).toBe('');

    // 100,000 Monte Carlo samples: in the address while they are drawn; cancelled, the address is the start's again
    await page.locator('#mc-samples').fill('100000');
    await page.locator('#mc-run').click();
    await page.locator('#mc-cancel').waitFor({ state: 'visible' });
    expect((await addressScenario(page.url()))?.['mc']).toMatchObject({ samples: 100000 });
    await page.locator('#mc-cancel').click();
    await expect.poll(async () => page.locator('#mc-result').textContent()).toMatch(/^Cancelled\./);
    await expect.poll(() => new URL(page.url()).hash).toBe('');

    // a long sweep in extended precision and the Monte Carlo run again, reloaded while both run
    await page.locator('#sweep-points').fill('100000');
    await page.locator('#sweep-precision').selectOption('extended');
    await page.locator('#sweep-run').click();
    await page.locator('#mc-run').click();
    await page.locator('#sweep-cancel').waitFor({ state: 'visible' });
    await page.locator('#mc-cancel').waitFor({ state: 'visible' });
    const during = page.url();
    expect(await addressScenario(during)).toMatchObject({ sweep: { points: 100000, precision: 'extended' }, mc: { samples: 100000 } });
    await Promise.all([page.waitForEvent('load'), page.evaluate(() => window.location.reload())]);
    await page.waitForFunction(() => window.__chain !== undefined);
    await expect.poll(async () => page.locator('#sweep-points').inputValue()).toBe('100000');
    expect(await page.locator('#sweep-precision').inputValue()).toBe('extended');
    expect(await page.locator('#mc-samples').inputValue()).toBe('100000');
    // the other panels as they were, and the reloaded page's start leaves the address alone
    expect(await page.locator('#time-e').inputValue()).toBe('0.5');
    expect(await page.evaluate(() => window.__chain?.probe().state.sweep.points)).toBe(100000);
    expect(await addressScenario(page.url())).toEqual(await addressScenario(during));
    expect(errors).toEqual([]);
    await closePage(page);

    // an embed's address is the embedding page's: a run started in it leaves it as it is
    const embed = `${inject('baseUrl')}chain.html?embed=1&plot=mc`;
    const framed = await openPage(browser(), embed);
    await expect.poll(async () => chainRan(framed.page), { timeout: 20_000 }).toBe(true);
    await framed.page.locator('#mc-samples').fill('2000');
    await framed.page.locator('#mc-run').click();
    await expect.poll(async () => framed.page.evaluate(() => window.__chain?.probe().mc.samples)).toBe(2000);
    expect(framed.page.url()).toBe(embed);
    expect(framed.errors).toEqual([]);
    await closePage(framed.page);
  });

  // Copy link wrote the finished runs into the address: pressed during a long run, it put the inputs of
  // the run before back there, and the run's end changed nothing more, so a reload lost the run just made
  it('chain.html: Copy link during a run shares its inputs, and the address keeps them after it ends', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await expect.poll(async () => chainRan(page), { timeout: 20_000 }).toBe(true);
    await page.locator('#mc-samples').fill('100000');
    await page.locator('#mc-run').click();
    await page.locator('#mc-cancel').waitFor({ state: 'visible' });
    await page.locator('#copy-link').click();
    await expect.poll(() => page.locator('#share-url').inputValue()).toContain('#s=');
    expect((await addressScenario(await page.locator('#share-url').inputValue()))?.['mc']).toMatchObject({ samples: 100000 });
    expect(await page.locator('#mc-cancel').isVisible()).toBe(true); // copied while the run was under way
    await expect.poll(async () => page.evaluate(() => window.__chain?.probe().mc.samples), { timeout: 60_000 }).toBe(100000);
    expect((await addressScenario(page.url()))?.['mc']).toMatchObject({ samples: 100000 });
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
