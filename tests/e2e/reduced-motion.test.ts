/**
 * Reduced motion (issue 6 §5): with prefers-reduced-motion: reduce the pages load paused (unless
 * the address says play=1) and the soft page draws no fading traces; without it, the default
 * still plays on load.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { animationFrames, BLANK_PAGE, closePage, coloredPixels, granularState, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

/** a page (openPage's: closePage clears its emulation) with `reducedMotion` emulated, at `url` */
async function open(b: Browser, url: string, reducedMotion: 'reduce' | 'no-preference'): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(b, `${inject('baseUrl')}${BLANK_PAGE}`);
  await opened.page.emulateMedia({ reducedMotion });
  await opened.page.goto(url);
  return opened;
}

describe('prefers-reduced-motion', () => {
  for (const path of ['index.html', 'soft.html', 'avalanche.html', 'compare.html']) {
    it(`${path}: paused on load when reduced, playing by default, play=1 still plays`, async () => {
      const reduced = await open(browser(), `${inject('baseUrl')}${path}`, 'reduce');
      await waitForState(reduced.page, (s) => s.count > 0);
      // the page has drawn the scenario it loaded, and then 20 more frames: had it meant to play,
      // it would have asked its worker by then, and a frame that runs would have come back
      await expect.poll(() => coloredPixels(reduced.page)).toBeGreaterThan(0);
      await animationFrames(reduced.page, 20);
      const still = await granularState(reduced.page);
      expect(still.running).toBe(false);
      expect(still.outputIndex).toBe(0);
      expect(await reduced.page.locator('#btn-play').textContent()).toBe('Play');
      expect(reduced.errors).toEqual([]);
      await closePage(reduced.page);

      const asked = await open(browser(), `${inject('baseUrl')}${path}?play=1`, 'reduce');
      await waitForState(asked.page, (s) => s.running);
      await closePage(asked.page);

      const normal = await open(browser(), `${inject('baseUrl')}${path}`, 'no-preference');
      await waitForState(normal.page, (s) => s.running && s.time !== 0);
      expect(normal.errors).toEqual([]);
      await closePage(normal.page);
    });
  }

  it('soft page: no fading traces when reduced (the frame is the same without them)', async () => {
    const traces = async (mode: 'reduce' | 'no-preference'): Promise<boolean> => {
      const { page } = await open(browser(), `${inject('baseUrl')}soft.html?play=1`, mode);
      await waitForState(page, (s) => s.time > 1);
      const drawn = await page.evaluate(() => window.__granular?.soft?.().traces ?? -1);
      await closePage(page);
      return drawn > 0;
    };
    expect(await traces('reduce')).toBe(false);
    expect(await traces('no-preference')).toBe(true);
  });

  it('chain lab: the row animation does not start by itself', async () => {
    const { page, errors } = await open(browser(), `${inject('baseUrl')}chain.html`, 'reduce');
    await expect.poll(async () => (await page.locator('#time-result').textContent()) ?? '', { timeout: 20_000 }).toMatch(/^6 collisions/);
    expect(await page.locator('#row-play').getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('#row-clock').textContent()).toMatch(/^t = 0 s/);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
