/**
 * The values under the pointer (plot/hover-readout.ts): no plot showed any value where the user
 * pointed (every legend is fixed, not live). Now a line right under each chart names the x value and
 * every series drawn at the cursor, with their units, and empties when the pointer leaves; its room
 * is kept either way, so the plot's card keeps its height.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, sidewaysOverflow, useBrowser, waitForPageProbe, waitForState } from './browser';

const browser = useBrowser();

/** a read-out number: 0.352, -1.2, 1.234e-3 */
const NUM = String.raw`−?-?\d+(?:\.\d+)?(?:e-?\d+)?`;

interface Hovered {
  text: string;
  away: string;
  heights: { before: number; hovering: number; after: number };
  /** the line's box and its card's, CSS px */
  line: { left: number; right: number; height: number; lineHeight: number };
  card: { left: number; right: number };
}

/** The card (figure) holding plot `plot`: its height. */
function cardHeight(page: Page, plot: string): Promise<number> {
  return page.evaluate((sel) => document.querySelector(sel)!.closest('figure')!.getBoundingClientRect().height, plot);
}

/**
 * Points at the middle of plot `plot`'s plotting area until the read-out matches `pattern` (the
 * chart may still wait for its data), then moves away: the line's text both times and the card's
 * height before, while and after pointing.
 */
async function hover(page: Page, plot: string, pattern: RegExp): Promise<Hovered> {
  const over = page.locator(`${plot} .u-over`);
  await over.scrollIntoViewIfNeeded();
  await page.mouse.move(1, 1);
  const before = await cardHeight(page, plot);
  const readout = page.locator(`${plot} .hover-readout`);
  let text = '';
  await expect
    .poll(async () => {
      const box = await over.boundingBox();
      if (!box) return '';
      // a step aside and back: uPlot reads the cursor on mouse moves
      await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      text = (await readout.count()) > 0 ? ((await readout.textContent()) ?? '') : '';
      return pattern.test(text);
    }, { timeout: 30_000, message: `${plot}: the read-out under the pointer` })
    .toBe(true);
  const hovering = await cardHeight(page, plot);
  const boxes = await page.evaluate((sel) => {
    const line = document.querySelector(`${sel} .hover-readout`)!;
    const card = document.querySelector(sel)!.closest('figure')!.getBoundingClientRect();
    const box = line.getBoundingClientRect();
    return {
      line: { left: box.left, right: box.right, height: box.height, lineHeight: parseFloat(getComputedStyle(line).lineHeight) },
      card: { left: card.left, right: card.right },
    };
  }, plot);
  await page.mouse.move(1, 1);
  const away = (await readout.textContent()) ?? '';
  const after = await cardHeight(page, plot);
  return { text, away, heights: { before, hovering, after }, ...boxes };
}

function expectSteady(h: Hovered): void {
  expect(h.away, 'the line empties when the pointer leaves').toBe('');
  expect(h.heights.hovering, 'the card keeps its height while pointing').toBe(h.heights.before);
  expect(h.heights.after, 'and after').toBe(h.heights.before);
}

/** pauses a running page, so that nothing but the pointer changes the card */
async function pause(page: Page): Promise<void> {
  const s = await waitForState(page, () => true);
  if (s.running) {
    await page.locator('#btn-play').click();
    await waitForState(page, (q) => !q.running);
  }
}

describe('the values under the pointer', () => {
  it('index.html: the energy plot names t and the measured energy in J', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html`);
    await waitForState(page, (s) => s.count > 0 && s.outputIndex >= 5);
    await pause(page);
    const h = await hover(page, '#plot-energy', new RegExp(`^t = ${NUM} s · measured ${NUM} J`));
    expectSteady(h);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('soft.html: the energy ledger names t and its components in J; the hysteresis plot reads ρ and F', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html`);
    await waitForState(page, (s) => s.count > 0 && s.outputIndex >= 5);
    await pause(page);
    const ledger = await hover(page, '#plot-ledger', new RegExp(`^t = ${NUM} s · translational kinetic ${NUM} J · .*elastic \\(Hertz\\) ${NUM} J · .* · total ${NUM} J · initial energy ${NUM} J$`));
    expectSteady(ledger);
    // each component as it is, not the running sums the chart stacks: they add up to the total, to the
    // read-out's 4 significant digits (each value within 5e-4 of itself)
    const values = new Map(ledger.text.split(' · ').slice(1).map((part) => {
      const m = /^(.*) (\S+) J$/.exec(part)!;
      return [m[1]!, Number(m[2]!.replace('−', '-'))] as const;
    }));
    const total = values.get('total')!;
    const parts = [...values].filter(([name]) => name !== 'total' && name !== 'initial energy').map(([, v]) => v);
    expect(parts).toHaveLength(7);
    const sum = parts.reduce((a, v) => a + v, 0);
    const rounding = 5e-4 * (parts.reduce((a, v) => a + Math.abs(v), 0) + Math.abs(total));
    expect(Math.abs(sum - total), `${ledger.text}: the parts add up to ${sum}`).toBeLessThanOrEqual(rounding);
    // a chart of (x, y) loops: the nearest loop point, or the pointer's place, in data units
    const loops = await hover(page, '#plot-hysteresis', new RegExp(`^(?:pointer at|t = ${NUM} s:) ρ = ${NUM} m · F = ${NUM} N$`));
    expectSteady(loops);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('chain.html: the sweep plot names the restitution e and the final velocities in m/s', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    const h = await hover(page, '#plot-sweep-velocities', new RegExp(`^e = ${NUM} · v1 ${NUM} m/s · v2 ${NUM} m/s · v3 ${NUM} m/s · v4 ${NUM} m/s$`));
    expectSteady(h);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('compare.html: the kinetic energy plot names t and each engine in J', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html`);
    await waitForPageProbe(page, 'compare', (p) => p.energy > 5, 40_000);
    await pause(page);
    const h = await hover(page, '#plot-energy', new RegExp(`^t = ${NUM} s · event-driven[^·]* (?:${NUM} J|–) · `));
    expectSteady(h);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('avalanche.html: the runout plot names t, the runout L in m and the front velocity in m/s', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html`);
    await waitForPageProbe(page, 'avalanche', (p) => p.phase >= 1 && p.runout > 3, 60_000);
    await pause(page);
    const h = await hover(page, '#plot-runout', new RegExp(`^t = ${NUM} s · runout L ${NUM} m · .* · front velocity ${NUM} m/s$`));
    expectSteady(h);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('embedded at 480 x 360 with the energy plot: the line shows over the chart\'s title, taking no height from the fitted chart', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?embed=1&plot=energy`, { width: 480, height: 360 });
    await waitForState(page, (s) => s.count > 0 && s.outputIndex >= 5);
    await pause(page);
    const over = await page.locator('#plot-energy .u-over').boundingBox();
    const h = await hover(page, '#plot-energy', new RegExp(`^t = ${NUM} s · measured ${NUM} J`));
    expectSteady(h);
    const [line, title] = await page.evaluate(() => ['.hover-readout', '.u-title'].map((sel) => document.querySelector(`#plot-energy ${sel}`)!.getBoundingClientRect().top));
    expect(line).toBe(title);
    expect((await page.locator('#plot-energy .u-over').boundingBox())?.height).toBe(over?.height);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a 360 px phone: the line stays inside its card, on two lines at most, and nothing scrolls sideways', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html`, { width: 360, height: 740 });
    await waitForState(page, (s) => s.count > 0 && s.outputIndex >= 5);
    await pause(page);
    const h = await hover(page, '#plot-energy', new RegExp(`^t = ${NUM} s · measured`));
    expectSteady(h);
    expect(h.line.left).toBeGreaterThanOrEqual(h.card.left);
    expect(h.line.right).toBeLessThanOrEqual(h.card.right);
    expect(h.line.height).toBeLessThanOrEqual(2 * h.line.lineHeight + 0.5);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
