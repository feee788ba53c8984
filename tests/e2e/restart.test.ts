/** The engine fails (as after a WebAssembly out-of-memory abort): the page says so, restarts its worker and keeps the scenario. */
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

for (const page of ['', 'soft.html', 'avalanche.html', 'compare.html']) {
  describe(`engine restart on ${page || 'the gas page'}`, () => {
    it('shows the failure, reloads the last scenario paused, and runs again on play', async () => {
      const { page: tab, errors } = await openPage(browser(), `${inject('baseUrl')}${page}`);
      const before = await waitForState(tab, (s) => s.count > 0 && s.time > 0 && s.running, 60_000);
      const title = await tab.locator('#scenario-title').textContent();
      await tab.evaluate(() => window.__granular?.simulateCrash());
      await expect.poll(() => tab.locator('#status').textContent(), { timeout: 30_000 }).toContain('The engine was restarted with the last scenario, paused');
      // t = 0 (the avalanche counts its settling as negative time)
      const reloaded = await waitForState(tab, (s) => s.count === before.count && !s.running && s.time <= 0, 30_000);
      expect(reloaded.outputIndex).toBe(0);
      expect(await tab.locator('#scenario-title').textContent()).toBe(title);
      await tab.click('#btn-play');
      await waitForState(tab, (s) => s.running && s.time > 0, 60_000);
      await expect.poll(() => tab.locator('#status').textContent()).not.toContain('restarted');
      expect(errors).toEqual([]);
      await closePage(tab);
    });
  });
}

// A scenario applied while the fresh worker loads its engine (the moment the failure is said, say a
// smaller one after running out of memory): the last scenario, reloaded only once the engine was
// ready, came after it and replaced it, paused, with the address naming the one applied.
describe('engine restart, a scenario applied meanwhile', () => {
  it('keeps the scenario applied after the failure, not the one before it', async () => {
    const { page: tab, errors } = await openPage(browser(), `${inject('baseUrl')}`);
    const before = await waitForState(tab, (s) => s.count > 0 && s.time > 0 && s.running, 60_000);
    expect(before.count).not.toBe(77);
    // the failure, then Apply JSON as soon as the page says it restarted the engine
    await tab.evaluate(async () => {
      const status = document.getElementById('status')!;
      window.__granular?.simulateCrash();
      while (!(status.textContent ?? '').includes('restarted')) await new Promise((resolve) => setTimeout(resolve, 0));
      const area = document.getElementById('scenario-json') as HTMLTextAreaElement;
      area.value = JSON.stringify({ schema: 1, name: 'Applied after the failure', generate: { count: 77 } });
      document.getElementById('apply-json')?.click();
    });
    await expect.poll(() => tab.locator('#scenario-title').textContent(), { timeout: 30_000 }).toBe('Applied after the failure');
    // a step goes to the engine after all it was sent before: the scenario it steps is the one that stays
    await tab.click('#btn-step');
    const after = await waitForState(tab, (s) => !s.running && s.outputIndex >= 1, 30_000);
    expect(after.count).toBe(77);
    expect(await tab.locator('#scenario-title').textContent()).toBe('Applied after the failure');
    expect(errors).toEqual([]);
    await closePage(tab);
  });
});
