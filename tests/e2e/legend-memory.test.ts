/**
 * A series switched off in a plot's legend stays off when the chart is rebuilt. The gas energy plot
 * is rebuilt for its logarithmic axis, for Haff's curve coming or going, and at Reset (a new load);
 * each rebuild turned every series back on. PlotView remembers the series switched off, by label
 * (plot-view.ts' HiddenSeries).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

/** marks the energy chart's legend; a rebuilt chart has a new one, unmarked */
const markLegend = (page: Page): Promise<void> =>
  page.locator('#card-energy .u-legend').evaluate((e) => {
    e.setAttribute('data-old-chart', '');
  });

/** the energy chart has been rebuilt since markLegend */
const rebuilt = (page: Page): Promise<boolean> => page.evaluate(() => document.querySelector('#card-energy .u-legend[data-old-chart]') === null);

describe('legend: series switched off stay off through rebuilds (gas energy plot)', () => {
  it("Haff's curve switched off: the log axis on and off, a Reset, and on again", async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?play=0`);
    await waitForState(page, (s) => s.count > 0);
    const legend = page.locator('#card-energy .u-legend');
    const haff = legend.getByRole('button', { name: /^Haff/ });
    const measured = legend.getByRole('button', { name: 'measured', exact: true });
    /** the entry's aria-pressed and uPlot's own record of its series being off (u-off) */
    const state = async (entry: typeof haff): Promise<[string | null, boolean]> => [
      await entry.getAttribute('aria-pressed'),
      await entry.evaluate((e) => e.closest('tr')?.classList.contains('u-off') ?? false),
    ];
    const OFF: [string, boolean] = ['false', true];
    const ON: [string, boolean] = ['true', false];
    expect(await state(haff)).toEqual(ON);

    await haff.click();
    await expect.poll(() => state(haff)).toEqual(OFF);

    // the log axis: a new chart, Haff still off, measured still on
    const log = page.locator('#energy-log');
    const ticks = (): Promise<string | null> => page.locator('#plot-energy').getAttribute('data-ticks1');
    const linear = await ticks();
    expect(linear).toMatch(/^0 /);
    await markLegend(page);
    await log.check();
    await expect.poll(() => rebuilt(page)).toBe(true);
    // decades, no 0
    await expect.poll(ticks).not.toMatch(/^0 /);
    expect(await state(haff)).toEqual(OFF);
    expect(await state(measured)).toEqual(ON);
    await markLegend(page);
    await log.uncheck();
    await expect.poll(() => rebuilt(page)).toBe(true);
    expect(await state(haff)).toEqual(OFF);
    expect(await state(measured)).toEqual(ON);

    // a run, then Reset (the scenario loaded again: a new chart)
    await page.locator('#btn-step').click();
    await waitForState(page, (s) => !s.running && s.outputIndex === 1);
    await markLegend(page);
    await page.locator('#btn-reset').click();
    await waitForState(page, (s) => !s.running && s.outputIndex === 0);
    await expect.poll(() => rebuilt(page)).toBe(true);
    expect(await state(haff)).toEqual(OFF);
    expect(await state(measured)).toEqual(ON);

    // switched on again, it stays on through the next rebuild
    await haff.click();
    await expect.poll(() => state(haff)).toEqual(ON);
    await markLegend(page);
    await log.check();
    await expect.poll(() => rebuilt(page)).toBe(true);
    expect(await state(haff)).toEqual(ON);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
