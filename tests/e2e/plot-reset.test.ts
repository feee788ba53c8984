/**
 * Reset empties the plots, and an emptied plot is drawn as on a fresh page: uPlot keeps its last
 * ranges when given no points, so the old run's time axis (0–0.3 s) used to stay on the empty plot.
 * An empty avalanche plot has a time axis, 0–1 s (uPlot draws none for an empty scale).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

/** the plot's drawing (uPlot's canvas) as PNG bytes */
const drawing = async (page: Page, plot: string): Promise<Buffer> => page.locator(`${plot} canvas`).first().screenshot();

// the avalanche's plots follow the run's time (the gas and soft pages' span the set duration)
const cases = [
  { page: 'avalanche.html', plot: '#plot-runout', until: 0.3 },
  { page: 'avalanche.html', plot: '#plot-iterations', until: 0.3 },
];

describe('an emptied plot looks like a new one', () => {
  for (const c of cases) {
    it(`Reset after a run to t = ${c.until} s: ${c.page || 'the gas page'} ${c.plot}`, async () => {
      const fresh = await openPage(browser(), `${inject('baseUrl')}${c.page}?play=0`);
      await waitForState(fresh.page, (s) => s.count > 0);
      const empty = await drawing(fresh.page, c.plot);

      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${c.page}?until=${c.until}`);
      await waitForState(page, (s) => !s.running && s.time >= c.until, 60_000);
      const ran = await drawing(page, c.plot);
      expect(ran.equals(empty)).toBe(false); // the run drew something
      await page.locator('#btn-reset').click();
      await waitForState(page, (s) => !s.running && s.time <= 0 && s.outputIndex === 0);
      await expect.poll(async () => (await drawing(page, c.plot)).equals(empty)).toBe(true);
      expect(errors).toEqual([]);
      expect(fresh.errors).toEqual([]);
      await closePage(fresh.page);
      await closePage(page);
    });
  }
});
