/** ?embed=1: only the canvas, the play controls and optionally one plot. */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser, openPage, waitForState } from './browser';

const browser = useBrowser();

async function visible(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).isVisible();
}

describe('embed mode', () => {
  it('shows canvas and controls only', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1`);
    await waitForState(page, (s) => s.count > 0 && s.time > 0);
    expect(await visible(page, '#sim-canvas')).toBe(true);
    expect(await visible(page, '#btn-play')).toBe(true);
    expect(await visible(page, '#btn-step')).toBe(true);
    for (const hidden of ['#scenario-panel', '.topbar', '#copy-link', '#readout', '#plots', '#card-energy']) {
      expect(await visible(page, hidden), hidden).toBe(false);
    }
    expect(await page.locator('#scenario-form').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('adds the one plot asked for', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1&plot=histogram`);
    await waitForState(page, (s) => s.count > 0 && s.time > 0.1);
    expect(await visible(page, '#card-histogram')).toBe(true);
    expect(await visible(page, '#card-energy')).toBe(false);
    expect(await visible(page, '#card-rate')).toBe(false);
    expect(await visible(page, '#scenario-panel')).toBe(false);
    await expect.poll(async () => page.evaluate(() => window.__granular?.plotPoints().histogram ?? 0)).toBeGreaterThan(4);
    // a typical course-page iframe
    await page.setViewportSize({ width: 900, height: 560 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: '/tmp/granular-embed.png' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // a small landscape iframe (480 x 360): the plot asked for sits beside the canvas, its drawing
  // area begins in the upper part of the frame (stacked under the canvas it began below the frame)
  for (const path of ['?embed=1&plot=energy', 'soft.html?embed=1&plot=ledger', 'compare.html?embed=1&plot=energy', 'avalanche.html?embed=1&plot=runout']) {
    it(`the plot asked for is in view in a 480 x 360 frame: ${path}`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}`, { width: 480, height: 360 });
      await waitForState(page, (s) => s.count > 0);
      const plot = page.locator('.plots .plot-card:visible canvas').first();
      await plot.waitFor({ state: 'visible' });
      const box = await plot.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.y ?? 999).toBeLessThan(360 - 150);
      expect(box?.width ?? 0).toBeGreaterThan(200);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('names what it could not use in the address (a mistyped plot, a bad time) and runs anyway', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1&plot=energ&until=soon`);
    await waitForState(page, (s) => s.count > 0 && s.time > 0);
    const banner = page.locator('#address-error');
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toBe(
      'Part of this page\'s address was ignored: plot = "energ" is not one of this page\'s: energy, histogram, rate; until = "soon" must be a time in s, at least 0.',
    );
    expect(await visible(page, '#sim-canvas')).toBe(true);
    // the chain lab's panels likewise; a good address shows no banner
    const chain = await openPage(browser(), `${inject('baseUrl')}chain.html?embed=1&plot=montecarlo`);
    await expect.poll(async () => chain.page.locator('#address-error').textContent()).toContain('plot = "montecarlo" is not one of this page\'s: time, sweep, newton, mc');
    const good = await openPage(browser(), `${inject('baseUrl')}chain.html?embed=1&plot=mc`);
    await expect.poll(async () => good.page.locator('#panel-mc').isVisible()).toBe(true);
    expect(await good.page.locator('#address-error').isVisible()).toBe(false);
    expect(await good.page.locator('#panel-time').isVisible()).toBe(false);
    expect([...errors, ...chain.errors, ...good.errors]).toEqual([]);
    await Promise.all([page.context().close(), chain.page.context().close(), good.page.context().close()]);
  });
});
