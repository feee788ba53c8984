/** Inelastic collapse in the page: without the TC model the run stops with the engine's message;
 *  switching the model on in the form carries the same gas through. */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, screenshotPath, useBrowser, waitForState } from './browser';

const browser = useBrowser();

describe('inelastic collapse', () => {
  it('stops with a readable message without the TC model and runs with it', async () => {
    const { page, errors } = await openPage(browser(), inject('baseUrl'));
    await waitForState(page, (s) => s.count > 0 && s.time > 0);
    const dense = JSON.parse(await readFile(new URL('../../scenarios/gas-dense-collapse.json', import.meta.url), 'utf8')) as Record<
      string,
      unknown
    >;
    dense['collapse'] = { model: 'none' };
    await page.locator('.advanced summary').click();
    await page.locator('#scenario-json').fill(JSON.stringify(dense));
    await page.locator('#apply-json').click();

    const stopped = await waitForState(page, (s) => s.count === 1000 && s.status === 3);
    expect(stopped.running).toBe(false);
    const status = page.locator('#status');
    await expect.poll(async () => (await status.textContent()) ?? '').toMatch(/Stopped at t = .* inelastic collapse at t = /);
    expect(await status.textContent()).toContain('TC model');
    await page.screenshot({ path: screenshotPath('granular-collapse.png'), fullPage: true });
    // the engine takes no more steps: Play and Step say so instead of doing nothing, and Replay starts again
    await expect.poll(() => page.locator('#btn-play').textContent()).toBe('Replay');
    expect(await page.locator('#btn-play').getAttribute('title')).toContain('stopped');
    expect(await page.locator('#btn-step').getAttribute('aria-disabled')).toBe('true');
    await page.locator('#speed').fill('-3'); // 1 ms per s: the replay is slow enough to be seen running
    await page.locator('#btn-play').click();
    await waitForState(page, (s) => s.running && s.status === 0 && s.time < stopped.time);
    expect(await page.locator('#btn-play').textContent()).toBe('Pause');
    expect(await page.locator('#btn-step').getAttribute('aria-disabled')).toBe('false');
    await page.locator('#speed').fill('0');

    // The remedy is one checkbox away.
    const tc = page.locator('#f-tcModel');
    expect(await tc.isChecked()).toBe(false);
    await tc.check();
    await page.locator('#apply').click();
    const loaded = await waitForState(page, (s) => s.count === 1000 && s.status === 0);
    if (!loaded.running) await page.locator('#btn-play').click();
    const carried = await waitForState(page, (s) => s.count === 1000 && s.status === 0 && s.time > 2 * stopped.time);
    expect(carried.running).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
