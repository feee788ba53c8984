/** The engine fails (as after a WebAssembly out-of-memory abort): the page says so, restarts its worker and keeps the scenario. */
import { describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser, waitForState } from './browser';

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
      await tab.context().close();
    });
  });
}
