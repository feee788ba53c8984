/**
 * The labels of a plot's time axis never run together. The gas page's collision-rate plot embedded
 * at 480 x 360 drew "0.010.0150.02" at its first output instants: a 125 px wide plotting area over
 * 0-0.02 s, ticks 30 px apart (a quarter of the width) and labels 30-35 px wide. PlotView now widens
 * the room between the ticks of a horizontal axis to the labels' measured width (labelTickSpace).
 * Read here: the labels recorded on the chart's container (data-ticks0) and the room between two
 * ticks (data-ticks0-space), the labels measured in the axis' font.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, useBrowser, waitForProbe, waitForState } from './browser';

const browser = useBrowser();

/** uPlot's axis font (the gas and soft plots set none) */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"';

/**
 * The x axis of plot `id` as drawn: its labels, the room between two ticks (CSS px), and the pairs
 * of neighbouring labels closer than 4 px (labels are centred on their ticks).
 */
async function timeAxis(page: Page, id: string): Promise<{ labels: string[]; room: number; crowded: string[] }> {
  // two frames: the chart is redrawn after the page's step
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(([plotId, font]) => {
    const plot = document.getElementById(plotId)!;
    const labels = (plot.dataset['ticks0'] ?? '').split(' ').filter((t) => t !== '');
    const room = Number(plot.dataset['ticks0Space']);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = font;
    const crowded = labels.slice(1).flatMap((b, k) => {
      const a = labels[k]!;
      return (ctx.measureText(a).width + ctx.measureText(b).width) / 2 + 4 > room ? [`${a}|${b}`] : [];
    });
    return { labels, room, crowded };
  }, [id, AXIS_FONT] as const);
}

describe('time-axis labels at the first output instants (480 x 360 embeds)', () => {
  for (const { path, plot } of [
    { path: '?embed=1&plot=rate&play=0', plot: 'plot-rate' },
    { path: '?embed=1&plot=energy&play=0', plot: 'plot-energy' },
    { path: 'soft.html?embed=1&plot=ledger&play=0', plot: 'plot-ledger' },
  ]) {
    it(`${path}: t = 0 and the next three instants`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}`, { width: 480, height: 360 });
      await waitForState(page, (s) => s.count > 0 && !s.running && s.outputIndex === 0);
      for (let output = 0; output <= 3; output++) {
        if (output > 0) {
          await page.locator('#btn-step').click();
          await waitForState(page, (s) => !s.running && s.outputIndex === output);
        }
        const axis = await timeAxis(page, plot);
        const where = `output ${output}: "${axis.labels.join(' ')}" ${axis.room} px apart`;
        expect(axis.labels.length, where).toBeGreaterThanOrEqual(2);
        expect(axis.room, where).toBeGreaterThan(0);
        expect(axis.crowded, where).toEqual([]);
      }
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }
});

// The avalanche's log axes read "1e-5, 1e-4, …, 1e-1, 1e0": every log axis of the app now writes
// its decades as powers of ten once one of them is outside 0.001 … 100000 (logTickLabels)
describe('log-axis labels', () => {
  it('avalanche: the kinetic energy and the residual in powers of ten, "10⁻⁵ … 10¹" and "10⁻⁶ … 10⁻⁴"', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html`);
    await waitForProbe(page, (p) => p.phase === 2);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const ticks = (id: string, axis: number): Promise<string | null> => page.locator(`#${id}`).getAttribute(`data-ticks${axis}`);
    // the plots draw the last outputs a frame or more after the phase changes (a fresh CI run read the
    // residual axis before its last, smallest values: '10⁻⁷ … 10⁻⁴'): the labels are awaited
    // (the preset's run, granular-cli run scenarios/avalanche-column.json: kinetic energy up to
    // 1.29 J, residuals from 3.5e-6 to 1.0e-4; with the Gauss-Seidel sweep order before 1 Dec 2026
    // they ran to 10⁰ and down to 10⁻⁸)
    await expect.poll(async () => ticks('plot-energy', 1)).toBe('10⁻⁵ 10⁻⁴ 10⁻³ 10⁻² 10⁻¹ 10⁰ 10¹');
    await expect.poll(async () => ticks('plot-iterations', 2)).toBe('10⁻⁶ 10⁻⁵ 10⁻⁴');
    // the linear axes beside them keep their plain numbers
    expect(await ticks('plot-iterations', 1)).toMatch(/^0 50 100 /);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
