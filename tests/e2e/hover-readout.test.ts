/**
 * The values under the pointer (plot/hover-readout.ts): no plot showed any value where the user
 * pointed (every legend is fixed, not live). Now a line right under each chart names the x value and
 * every series drawn at the cursor, with their units, and empties when the pointer leaves; its room
 * is kept either way, so the plot's card keeps its height.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, sidewaysOverflow, useBrowser, waitForPageProbe, waitForState } from './browser';

const browser = useBrowser();

/** a read-out number: 0.352, -1.2, 1.234e-3 */
const NUM = String.raw`−?-?\d+(?:\.\d+)?(?:e-?\d+)?`;

interface Hovered {
  text: string;
  /** the whole line shows: nothing cut by the ellipsis */
  fits: boolean;
  /** the colours of the legend swatches on the line (short of room, in place of names) */
  swatches: string[];
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
      fits: line.scrollHeight <= line.clientHeight + 1 && line.scrollWidth <= line.clientWidth + 1,
      swatches: [...line.querySelectorAll('.readout-swatch')].map((m) => getComputedStyle(m).borderTopColor),
      line: { left: box.left, right: box.right, height: box.height, lineHeight: parseFloat(getComputedStyle(line).lineHeight) },
      card: { left: card.left, right: card.right },
    };
  }, plot);
  await page.mouse.move(1, 1);
  const away = (await readout.textContent()) ?? '';
  const after = await cardHeight(page, plot);
  return { text, away, heights: { before, hovering, after }, ...boxes };
}

/**
 * The soft ledger's values from its line, in any of its forms: "translational kinetic 14.5 J · …",
 * "in J: translation 14.5 · …" or "in J: 14.5 1.355 … · total 45.39 · initial 45.39" (swatches for names)
 */
function ledgerValues(text: string): { parts: number[]; total: number; initial: number } {
  const number = (v: string): number => Number(v.replace('−', '-'));
  const parts: number[] = [];
  let total = NaN;
  let initial = NaN;
  for (const chunk of text.replace(/^t = \S+ s · (?:in J: )?/, '').split(' · ')) {
    const named = /^(\D.*?) (\S+?)(?: J)?$/.exec(chunk);
    if (!named) parts.push(...chunk.split(' ').map(number));
    else if (named[1] === 'total') total = number(named[2]!);
    else if (named[1]!.startsWith('initial')) initial = number(named[2]!);
    else parts.push(number(named[2]!));
  }
  return { parts, total, initial };
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
    await closePage(page);
  });

  it('soft.html: the energy ledger names t and its components in J; the hysteresis plot reads ρ and F', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html`);
    await waitForState(page, (s) => s.count > 0 && s.outputIndex >= 5);
    await pause(page);
    // ten series in a 400 px card: short names, the unit once, or each component's legend swatch
    const ledger = await hover(page, '#plot-ledger', new RegExp(`^t = ${NUM} s · (?:translational kinetic ${NUM} J|in J: (?:translation )?${NUM}) .* · total ${NUM}(?: J)? · initial(?: energy)? ${NUM}(?: J)?$`));
    expectSteady(ledger);
    expect(ledger.fits, ledger.text).toBe(true);
    // each component as it is, not the running sums the chart stacks: they add up to the total, to the
    // read-out's 4 significant digits (each value within 5e-4 of itself)
    const { parts, total } = ledgerValues(ledger.text);
    expect(parts).toHaveLength(7);
    const sum = parts.reduce((a, v) => a + v, 0);
    const rounding = 5e-4 * (parts.reduce((a, v) => a + Math.abs(v), 0) + Math.abs(total));
    expect(Math.abs(sum - total), `${ledger.text}: the parts add up to ${sum}`).toBeLessThanOrEqual(rounding);
    // a chart of (x, y) loops: the nearest loop point, or the pointer's place, in data units
    const loops = await hover(page, '#plot-hysteresis', new RegExp(`^(?:pointer at|t = ${NUM} s:) ρ = ${NUM} m · F = ${NUM} N$`));
    expectSteady(loops);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('chain.html: the sweep plot names the restitution e and the final velocities in m/s', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    const h = await hover(page, '#plot-sweep-velocities', new RegExp(`^e = ${NUM} · v1 ${NUM} m/s · v2 ${NUM} m/s · v3 ${NUM} m/s · v4 ${NUM} m/s$`));
    expectSteady(h);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('compare.html: the kinetic energy plot names t and each engine in J', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html`);
    await waitForPageProbe(page, 'compare', (p) => p.energy > 5, 40_000);
    await pause(page);
    const h = await hover(page, '#plot-energy', new RegExp(`^t = ${NUM} s · event-driven[^·]* (?:${NUM} J|–) · `));
    expectSteady(h);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('avalanche.html: the runout plot names t, the runout L in m and the front velocity in m/s', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html`);
    await waitForPageProbe(page, 'avalanche', (p) => p.phase >= 1 && p.runout > 3, 60_000);
    await pause(page);
    const h = await hover(page, '#plot-runout', new RegExp(`^t = ${NUM} s · runout L ${NUM} m · .* · front velocity ${NUM} m/s$`));
    expectSteady(h);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('embedded at 480 x 360 with the energy plot: the line shows over the chart\'s title, taking no height from the fitted chart', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?embed=1&plot=energy`, { width: 480, height: 360 });
    await waitForState(page, (s) => s.count > 0 && s.outputIndex >= 5);
    await pause(page);
    const over = await page.locator('#plot-energy .u-over').boundingBox();
    // the measured energy and Haff's law, by name or by swatch: the whole line on its one row
    const h = await hover(page, '#plot-energy', new RegExp(`^t = ${NUM} s · (?:measured ${NUM} J|in J: ${NUM})`));
    expectSteady(h);
    expect(h.fits, h.text).toBe(true);
    const [line, title] = await page.evaluate(() => ['.hover-readout', '.u-title'].map((sel) => document.querySelector(`#plot-energy ${sel}`)!.getBoundingClientRect().top));
    expect(line).toBe(title);
    expect((await page.locator('#plot-energy .u-over').boundingBox())?.height).toBe(over?.height);
    expect(errors).toEqual([]);
    await closePage(page);
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
    await closePage(page);
  });
  // the ledger's ten series overflowed the line's two rows on a phone and its one row at 1024 px:
  // "total" and "initial energy" were lost to the ellipsis
  it('soft.html on a 360 px phone and at 1024 px: every one of the ledger\'s ten values shows, the line no taller', async () => {
    for (const width of [360, 1024]) {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html`, { width, height: 800 });
      await waitForState(page, (s) => s.count > 0 && s.outputIndex >= 5);
      await pause(page);
      const h = await hover(page, '#plot-ledger', new RegExp(`^t = ${NUM} s · in J: .* · total ${NUM} · initial ${NUM}$`));
      expectSteady(h);
      expect(h.fits, `${width} px: ${h.text}`).toBe(true);
      // nine series: three rows on a phone (two lost "initial" to the ellipsis at some t), one on a wide chart
      expect(Math.round(h.line.height / h.line.lineHeight), 'three rows on a phone, one on a wide chart').toBe(width < 480 ? 3 : 1);
      const { parts, total, initial } = ledgerValues(h.text);
      expect(parts, h.text).toHaveLength(7);
      expect(Number.isFinite(total) && Number.isFinite(initial), h.text).toBe(true);
      // a component's name or, short of room, its legend swatch: the same colours, in the legend's order
      const markers = await page.evaluate(() => [...document.querySelectorAll('#plot-ledger .u-legend .u-series .u-marker')].map((m) => getComputedStyle(m).borderTopColor));
      expect(markers).toHaveLength(9);
      // the short names where they fit (most values, on three rows at 360 px or one at 1024 px), else the swatches
      if (h.swatches.length === 0) expect(h.text).toMatch(new RegExp(`^t = ${NUM} s · in J: translation ${NUM} · rotation ${NUM} · observer ${NUM} · elastic ${NUM} · gravity ${NUM} · damping loss ${NUM} · friction loss ${NUM} · total`));
      else expect(h.swatches).toEqual(markers.slice(0, 7));
      expect(errors).toEqual([]);
      await closePage(page);
    }
  });

  it('avalanche.html at 1280 px: the iterations plot\'s line, in a 290 px card, shows whole', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html`, { width: 1280, height: 800 });
    await waitForPageProbe(page, 'avalanche', (p) => p.phase >= 1 && p.runout > 3, 60_000);
    await pause(page);
    const h = await hover(page, '#plot-iterations', new RegExp(`^t = ${NUM} s · .*${NUM} × mean R$`));
    expectSteady(h);
    expect(h.fits, h.text).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });
  // log x (the study's aspect ratios): the read-out took the x nearest by value, and its published
  // lines' 40 x values sit a few px apart around the cases, so pointing at a case's marker read
  // "this study –" at the line's x next to it
  it('avalanche.html, the study plot (log–log): the point under the pointer on screen, a case\'s marker read within 5 px', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny&aspects=1,4`, { width: 1280, height: 800 });
    await page.locator('#study-run').click();
    await waitForPageProbe(page, 'avalanche', (p) => !p.study.running && p.study.rows === 2, 60_000);
    const over = page.locator('#plot-study .u-over');
    await over.scrollIntoViewIfNeeded();
    const box = (await over.boundingBox())!;
    // at each pixel across: the line, and where uPlot marks the point read on a published line (its x on screen)
    const scan: Array<{ px: number; text: string; x: number }> = [];
    for (let px = 0; px < Math.floor(box.width); px++) {
      await page.mouse.move(box.x + px, box.y + box.height / 2);
      const [text, x] = await page.evaluate(() => {
        const pts = [...document.querySelectorAll<HTMLElement>('#plot-study .u-cursor-pt')];
        const left = /translate\((-?[\d.]+)px/.exec(pts[1]?.style.transform ?? '')?.[1];
        return [document.querySelector('#plot-study .hover-readout')?.textContent ?? '', Number(left)] as const;
      });
      scan.push({ px, text, x });
    }
    const cases = [...new Set(scan.filter((s) => /this study \d/.test(s.text)).map((s) => s.x))];
    expect(cases, 'the two cases\' markers').toHaveLength(2);
    const xs = [...new Set(scan.map((s) => s.x))];
    for (const s of scan) {
      const caseX = cases.find((c) => Math.abs(c - s.px) <= 5);
      if (caseX !== undefined) {
        expect(s.x, `${s.px} px, ${s.text}`).toBe(caseX);
        expect(s.text, `${s.px} px`).toMatch(new RegExp(`^a = ${NUM} · this study ${NUM} · `));
        continue;
      }
      // elsewhere, farther than MARKER_PX (6 px) from a case, the x nearest on screen (uPlot places its marks at whole pixels: within one)
      if (cases.some((c) => Math.abs(c - s.px) <= 7)) continue;
      const nearest = Math.min(...xs.map((x) => Math.abs(x - s.px)));
      expect(Math.abs(s.x - s.px), `${s.px} px, ${s.text}`).toBeLessThanOrEqual(nearest + 1);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });
  // a tap read the values, which stayed (and the loop point's mark with them) while the page
  // scrolled on, until the next touch or mouse move on the chart
  it('a phone\'s touch: a tap reads a loop point; a scroll or a tap elsewhere takes the values and the mark away', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?until=3`, { width: 360, height: 740 }, true);
    await waitForState(page, (s) => !s.running && s.outputIndex >= 5);
    const line = page.locator('#plot-hysteresis .hover-readout');
    const mark = page.locator('#plot-hysteresis .hover-mark');
    const over = page.locator('#plot-hysteresis .u-over');
    await over.scrollIntoViewIfNeeded();
    // the line and whether the loop point's mark shows, read together: the browser's mouse events made
    // from a tap come a little after it and now and then take the reading away again (read one after
    // the other, the line held the values and the mark was already gone)
    const reading = async (): Promise<{ text: string; marked: boolean }> => page.evaluate(() => {
      const mark = document.querySelector<HTMLElement>('#plot-hysteresis .hover-mark');
      return { text: document.querySelector('#plot-hysteresis .hover-readout')?.textContent ?? '', marked: !!mark && !mark.hidden };
    });
    // a tap on a loop: across the middle until one is under the finger
    const tapLoop = async (): Promise<{ text: string; marked: boolean }> => {
      const box = (await over.boundingBox())!;
      for (let k = 1; k < 40; k++) {
        await page.touchscreen.tap(box.x + (box.width * k) / 40, box.y + box.height / 2);
        const read = await reading();
        if (read.text.startsWith('t = ')) return read;
      }
      return reading();
    };
    const first = await tapLoop();
    expect(first.text).toMatch(new RegExp(`^t = ${NUM} s: ρ = ${NUM} m · F = ${NUM} N$`));
    expect(first.marked).toBe(true);
    await page.evaluate(() => window.scrollBy(0, 40));
    await expect.poll(() => line.textContent(), { message: 'a scroll empties the line' }).toBe('');
    expect(await mark.isVisible()).toBe(false);
    expect(await page.locator('#plot-hysteresis .u-cursor-x').evaluate((c) => c.getBoundingClientRect().left < c.parentElement!.getBoundingClientRect().left)).toBe(true);
    // and a tap elsewhere: on the ledger, which reads its values, then on the page's heading
    expect((await tapLoop()).text).toMatch(/^t = /);
    await page.locator('#plot-ledger .u-over').scrollIntoViewIfNeeded();
    const box = (await page.locator('#plot-ledger .u-over').boundingBox())!;
    // (tapped again should the browser's late mouse events have taken the reading away at once)
    let ledgerLine = '';
    for (let k = 0; k < 5 && !ledgerLine.startsWith('t = '); k++) {
      await page.touchscreen.tap(box.x + box.width / 2 + k, box.y + box.height / 2);
      ledgerLine = await page.evaluate(() => document.querySelector('#plot-ledger .hover-readout')?.textContent ?? '');
    }
    expect(ledgerLine).toMatch(new RegExp(`^t = ${NUM} s · in J: `));
    await expect.poll(() => line.textContent()).toBe('');
    expect(await mark.isVisible()).toBe(false);
    await page.locator('h2').first().scrollIntoViewIfNeeded();
    const heading = (await page.locator('h2').first().boundingBox())!;
    await page.touchscreen.tap(heading.x + 5, heading.y + 5);
    await expect.poll(() => page.locator('#plot-ledger .hover-readout').textContent()).toBe('');
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
