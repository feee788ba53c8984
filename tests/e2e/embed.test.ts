/** ?embed=1: only the canvas, the play controls and optionally one plot. */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { animationFrames, closePage, coloredPixels, decodePng, openPage, pixelAt, screenshotPath, sidewaysOverflow, useBrowser, waitForState } from './browser';
import { encodeScenario } from '../../web/src/ui/share';

const browser = useBrowser();

async function visible(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).isVisible();
}

/**
 * What of an embed does not fit a frame of `width` x `height` (empty when all does): the page wider
 * or taller than the frame, a canvas or the shown plot's legend (uPlot's or its compact one) ending below its bottom edge, a
 * control or its text running past the canvas's column (under the plot beside it) or cut in its box.
 */
function misfits(page: Page, width: number, height: number, scrolls = false): Promise<string[]> {
  return page.evaluate(([w, h, tall]) => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > w) found.push(`the page is ${doc.scrollWidth} px wide`);
    // nothing for the frame to scroll to (the plot's export line ended 60-120 px below a 480 x 360
    // frame), unless `scrolls`: the comparison's table card, text more than a chart, with its explanation
    if (!tall && doc.scrollHeight > h) found.push(`the page is ${doc.scrollHeight} px tall`);
    // the legend shown: uPlot's, or the compact one in its place (PlotView's legendSummary), uPlot's then unseen at the chart's top
    const legend = [...document.querySelectorAll('.plots .plot-card:not([hidden]) :is(.u-legend, .legend-summary)')]
      .find((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility === 'visible');
    const bottom = (e: Element): number => Math.round(e.getBoundingClientRect().bottom + window.scrollY);
    if (legend && bottom(legend) > h) found.push(`the plot's legend ends at ${bottom(legend)} px`);
    // the comparison's table comes first in its embed, the canvases after it: in a small frame they
    // are below its edge, where the frame scrolls to
    for (const canvas of tall ? [] : document.querySelectorAll('.stage canvas')) {
      if (bottom(canvas) > h) found.push(`canvas ${canvas.id || canvas.className} ends at ${bottom(canvas)} px`);
    }
    const column = document.querySelector('.stage')!.getBoundingClientRect().right;
    for (const e of document.querySelectorAll<HTMLElement>('#controls *')) {
      if (e.offsetParent === null) continue; // hidden
      const name = `${e.id || e.tagName.toLowerCase()} "${e.textContent ?? ''}"`;
      const right = e.getBoundingClientRect().right;
      if (right > column + 0.5) found.push(`${name} ends at ${Math.round(right)} px, past its column (${Math.round(column)} px)`);
      if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) found.push(`${name} is cut: ${e.scrollWidth} > ${e.clientWidth} px`);
    }
    return found;
  }, [width, height, scrolls] as const);
}

/**
 * The titles of the charts shown under `scope`, in page order: the text drawn (of a title in two
 * forms, fitTitle's, the one wider than the other's 1 px), the full title (its tooltip where it has
 * two forms), its height and its line height.
 */
function titleRows(page: Page, scope: string): Promise<Array<{ text: string; full: string; height: number; line: number }>> {
  return page.evaluate((sel) => [...document.querySelectorAll<HTMLElement>(`${sel} .u-title`)].filter((e) => e.offsetParent !== null).map((e) => {
    const parts = e.children.length > 0 ? [...e.children].filter((c) => c.getBoundingClientRect().width > 1) : [e];
    return {
      text: parts.map((c) => c.textContent).join(''),
      full: e.title || (e.textContent ?? ''),
      height: e.getBoundingClientRect().height,
      line: parseFloat(getComputedStyle(e).lineHeight),
    };
  }), scope);
}

/**
 * The comparison's row table scrolled to its right end: the engine names' cells still inside its
 * scrolling region's view (empty when they are), and the hint naming the columns out of view (it
 * follows the scroll event, which comes with a later frame: polled, see below).
 */
async function rowNamesHeld(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const box = document.querySelector('#row-table')!.parentElement!;
    if (box.scrollWidth <= box.clientWidth + 1) return found; // it fits: nothing scrolls
    const view = box.getBoundingClientRect();
    for (const th of document.querySelectorAll('#row-table tbody th')) {
      const r = th.getBoundingClientRect();
      if (r.left < view.left - 0.5 || r.right > view.right + 0.5) found.push(`"${th.textContent ?? ''}" at ${Math.round(r.left - view.left)}-${Math.round(r.right - view.left)} px in a ${Math.round(view.width)} px view`);
    }
    const hint = document.getElementById('row-table-hint')?.textContent ?? '';
    if (!/^Scroll the table left to see v1/.test(hint)) found.push(`hint "${hint}"`);
    return found;
  });
}

/** every plot (and table) each page can embed */
const PLOTS: Record<string, readonly string[]> = {
  'index.html': ['energy', 'histogram', 'rate'],
  'soft.html': ['ledger', 'hysteresis', 'coordinate'],
  'avalanche.html': ['runout', 'energy', 'iterations'],
  'compare.html': ['energy', 'velocity', 'height', 'contacts', 'table'],
};

describe('embed mode', () => {
  it('shows canvas and controls only', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1`);
    await waitForState(page, (s) => s.count > 0 && s.time > 0);
    expect(await visible(page, '#sim-canvas')).toBe(true);
    // and the discs are drawn on it, not only its box
    await expect.poll(() => coloredPixels(page)).toBeGreaterThan(100);
    expect(await visible(page, '#btn-play')).toBe(true);
    expect(await visible(page, '#btn-step')).toBe(true);
    for (const hidden of ['#scenario-panel', '.topbar', '#copy-link', '#readout', '#plots', '#card-energy']) {
      expect(await visible(page, hidden), hidden).toBe(false);
    }
    expect(await page.locator('#scenario-form').count()).toBe(0);
    expect(errors).toEqual([]);
    await closePage(page);
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
    // laid out and drawn at that size (a few of the page's frames) before the picture is taken
    await animationFrames(page, 3);
    await page.screenshot({ path: screenshotPath('granular-embed.png') });
    expect(errors).toEqual([]);
    await closePage(page);
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
      await closePage(page);
    });
  }

  // a small landscape iframe (480 x 360) and a typical one (900 x 560): the canvas and the plot with its
  // legend inside the frame, the controls' texts whole and beside the plot, nothing wider than the
  // frame (at 480 x 360 the legends ended 20-290 px below the frame and the speed's "1 s per s" ran
  // under the plot; the comparison's table scrolled sideways in its half of the frame)
  // and the avalanche's plots under its canvas in a portrait frame (375 x 600): there the iterations'
  // legend took three rows, its last ("residual, last step (× mean R)") below the frame's edge, until
  // the compact legend; and once the run had started the controls took a third row and the canvas
  // grew, which moved the chart down, unfitted (so checked again once the run has ended); and the soft
  // discs' plots there too, where the square box took the frame's whole width and as much height, and
  // each plot began under it, below the frame's edge (the page 875-905 px tall; so checked again later
  // in the run, the hysteresis plot with a loop drawn, its pair named in its picker, its compact legend),
  // as the gas's square box did (860 px); and the comparison there, whose three stacked rows above a
  // plot were 30 px each, its least (a 155 px strip of dots, no numbers, no scale; each caption two rows),
  // and whose row table, wider than the frame, scrolled in its own region with the engines' names
  // scrolling out of it, so that its last columns were numbers without a row name
  const PORTRAIT = [[375, 600]] as const;
  const FRAMES: Record<string, ReadonlyArray<readonly [number, number]>> = { 'index.html': PORTRAIT, 'soft.html': PORTRAIT, 'avalanche.html': PORTRAIT, 'compare.html': PORTRAIT };
  for (const [file, kinds] of Object.entries(PLOTS)) {
    const frames = [[480, 360], [900, 560], ...(FRAMES[file] ?? [])] as const;
    it(`${file}: the embed fits ${frames.map(([w, h]) => `${w} x ${h}`).join(', ')} frames, without a plot and with each`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${file}?embed=1`, { width: 480, height: 360 });
      for (const [width, height] of frames) {
        await page.setViewportSize({ width, height });
        for (const kind of [null, ...kinds]) {
          const what = `${file} ${kind ?? 'no plot'} at ${width} x ${height}`;
          await page.goto(`${inject('baseUrl')}${file}?embed=1${kind ? `&plot=${kind}` : ''}`);
          await waitForState(page, (s) => s.count > 0);
          if (kind === 'table') await page.locator('#row-table tbody tr').first().waitFor();
          // (the row's height plot, flat at 0 m, is a statement over its note under the canvases in a portrait frame: no legend)
          else if (kind) await page.locator('.plots .plot-card:not([hidden]) :is(.u-legend, .legend-summary, .plot-statement):visible').first().waitFor();
          await expect.poll(async () => misfits(page, width, height, kind === 'table'), { message: what }).toEqual([]);
          // the row table in a 375 px frame scrolls sideways in its own named, focusable region (the page does not)
          const region = file === 'compare.html' && kind === 'table' && width < height;
          expect(await sidewaysOverflow(page, region ? 'unreachable' : 'all'), what).toEqual([]);
          if (region) {
            await page.locator('#row-table').evaluate((t) => { const box = t.parentElement!; box.scrollLeft = box.scrollWidth; });
            // the hint is written on the scroll event, in a frame to come (read 100 ms after the scroll, a frame
            // late on a loaded machine would have read the hint of the table before it scrolled)
            await expect.poll(() => rowNamesHeld(page), { message: what }).toEqual([]);
          }
          if (file === 'compare.html' && kind !== null && kind !== 'table' && width < height) {
            // the default set-up, the four-sphere row, stacked above the plot: each row at least the
            // 36 px the comparison keeps for it there (compare-view.ts' STACKED_UNDER_LEAST), room for
            // a scene of 28 px between its margins: the row's discs with their outline, the pair's
            const heights = await page.locator('.stage canvas').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().height));
            expect(heights.length, what).toBe(3);
            for (const h of heights) expect(h, `${what}: canvas heights ${heights.join(', ')}`).toBeGreaterThanOrEqual(36);
            await page.screenshot({ path: screenshotPath(`compare-embed-${kind}-${width}x${height}.png`) });
          }
          if (file === 'avalanche.html') {
            await waitForState(page, (s) => s.time > 0 && !s.running);
            await expect.poll(async () => misfits(page, width, height), { message: `${what}, the run ended` }).toEqual([]);
            if (kind) await page.screenshot({ path: screenshotPath(`avalanche-embed-${kind}-${width}x${height}.png`) });
          }
          if (file === 'soft.html' && width < height) {
            if (kind === 'hysteresis') await expect.poll(async () => page.evaluate(() => window.__granular?.soft?.().loops ?? 0), { timeout: 20_000, message: `${what}: loops` }).toBeGreaterThan(0);
            else await waitForState(page, (s) => s.time > 2);
            await expect.poll(async () => misfits(page, width, height), { message: `${what}, later in the run` }).toEqual([]);
            if (kind) await page.screenshot({ path: screenshotPath(`soft-embed-${kind}-${width}x${height}.png`) });
          }
        }
      }
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // the fits test above takes the default set-up (the row); the head-on pair's controls wrap to three
  // rows, the most any set-up takes, and STACKED_UNDER_LEAST (36 px) was chosen for it: the pair and the
  // cradle, stacked above each of their plots in a 375 x 600 frame, keep it and fit the frame
  for (const preset of ['compare-head-on', 'compare-cradle']) {
    it(`compare.html, ${preset}: stacked above each plot in a 375 x 600 frame, each canvas keeps 36 px and the page fits`, async () => {
      const json = readFileSync(new URL(`../../scenarios/${preset}.json`, import.meta.url), 'utf8');
      const hash = await encodeScenario(json);
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?embed=1#s=${hash}`, { width: 375, height: 600 });
      // the pair's and the cradle's height plots too, flat at 0 m: with its three-line note that only the
      // pile falls, the pair's chart was short of its least room and kept its full height (the page 731 px)
      for (const kind of PLOTS['compare.html']!.filter((k) => k !== 'table')) {
        const what = `${preset} ${kind}`;
        await page.goto(`${inject('baseUrl')}compare.html?embed=1&plot=${kind}#s=${hash}`);
        await page.reload(); // a hash-only change does not load the page again
        await waitForState(page, (s) => s.count > 0);
        await page.locator('.plots .plot-card:not([hidden]) :is(.u-legend, .legend-summary, .plot-statement):visible').first().waitFor();
        await expect.poll(async () => misfits(page, 375, 600), { message: what }).toEqual([]);
        expect(await sidewaysOverflow(page, 'all'), what).toEqual([]);
        const heights = await page.locator('.stage canvas').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().height));
        expect(heights.length, what).toBe(3);
        for (const h of heights) expect(h, `${what}: canvas heights ${heights.join(', ')}`).toBeGreaterThanOrEqual(36);
        if (kind === 'height') {
          // in the flat chart's place, its statement on one row over its note, both inside the frame
          const shown = await page.locator('#height-statement, #height-note').evaluateAll((es) => es.map((e) => {
            const r = e.getBoundingClientRect();
            return { text: e.textContent ?? '', bottom: r.bottom, rows: Math.round(r.height / parseFloat(getComputedStyle(e).lineHeight)) };
          }));
          expect(shown.map((e) => e.text), what).toEqual(['Height y_cm = 0 m throughout', expect.stringMatching(/^Only the pile falls: the (pair|row)'s discs move along y = 0/)]);
          expect(shown[0]?.rows, `${what}: the statement's rows`).toBe(1);
          for (const e of shown) expect(e.bottom, `${what}: "${e.text}"`).toBeLessThanOrEqual(600);
        }
      }
      await page.screenshot({ path: screenshotPath(`${preset}-embed-375x600.png`) });
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // where the head-on pair's flat height chart gives way to "Height y_cm = 0 m throughout" (375 x 600),
  // its card's PNG button still saved a picture of that unseen chart; its CSV, the engines' zeros, is the
  // data the line states. Beside the canvases (900 x 560) the chart is shown, and both stay.
  it("compare.html, the head-on pair's height in a 375 x 600 frame: the one-line statement's card exports its CSV of zeros, no PNG of the chart it does not show", async () => {
    const json = readFileSync(new URL('../../scenarios/compare-head-on.json', import.meta.url), 'utf8');
    const url = `${inject('baseUrl')}compare.html?embed=1&plot=height&until=1#s=${await encodeScenario(json)}`;
    const { page, errors } = await openPage(browser(), url, { width: 375, height: 600 });
    await waitForState(page, (s) => s.count === 2 && !s.running && s.time >= 1);
    await page.locator('#height-statement').waitFor();
    const png = page.locator('#card-height .plot-export-button', { hasText: 'PNG' });
    const csv = page.locator('#card-height .plot-export-button', { hasText: 'CSV' });
    expect(await png.isVisible(), 'the PNG button beside the statement').toBe(false);
    expect(await csv.isVisible(), 'the CSV button beside the statement').toBe(true);
    const [file] = await Promise.all([page.waitForEvent('download'), csv.click()]);
    const lines = (await readFile((await file.path())!, 'utf8')).split(/\r?\n/).filter((line) => line !== '' && !line.startsWith('#'));
    expect(lines[0]).toMatch(/^time t \(s\),"height y_cm — event-driven/);
    const rows = lines.slice(1).map((line) => line.split(',').map(Number));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.slice(1), `t = ${row[0]} s`).toEqual([0, 0, 0]);
    // beside the canvases the chart is there, and so is its picture
    await page.setViewportSize({ width: 900, height: 560 });
    await page.locator('#card-height .u-legend').waitFor();
    expect(await png.isVisible(), 'the PNG button beside the chart').toBe(true);
    expect(await csv.isVisible(), 'the CSV button beside the chart').toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the charts' y-axis titles run along the plotting area, which under the canvases of a 375 x 600
  // frame is some 87 px tall: only the energy plot took its short title there, and the height plot's
  // was drawn "height y_cm (m" (the pile's contacts and velocity lost more). A title is centred on the
  // area and may run past its ends inside the canvas (17 px above the area there): 121 px in all,
  // room for "height y_cm (m)" (109 px), not for "collisions or contacts (1)" (167 px) or "kinetic
  // energy E_kin (J)" (156 px)
  it("compare.html, the pile in a 375 x 600 frame: each plot's y-axis title fits inside its chart, short where the full one would not", async () => {
    const json = readFileSync(new URL('../../scenarios/compare-pile.json', import.meta.url), 'utf8');
    const hash = await encodeScenario(json);
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?embed=1&plot=energy#s=${hash}`, { width: 375, height: 600 });
    for (const kind of PLOTS['compare.html']!.filter((k) => k !== 'table')) {
      await page.goto(`${inject('baseUrl')}compare.html?embed=1&plot=${kind}#s=${hash}`);
      await page.reload(); // a hash-only change does not load the page again
      await waitForState(page, (s) => s.count === 20 && s.running);
      await page.locator('.plots .plot-card:not([hidden]) :is(.u-legend, .legend-summary):visible').first().waitFor();
      // the texts drawn turned (the y axis' title) from now on, the chart redrawn as the run goes on
      await page.evaluate(() => {
        const drawn: Array<{ text: string; width: number }> = [];
        (window as unknown as { __turned: typeof drawn }).__turned = drawn;
        const fill = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, max?: number) {
          if (this.getTransform().b !== 0) drawn.push({ text, width: this.measureText(text).width });
          return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max);
        };
      });
      await expect.poll(async () => page.evaluate(() => (window as unknown as { __turned: unknown[] }).__turned.length), { message: kind }).toBeGreaterThan(0);
      const { titles, area, top, height } = await page.evaluate(() => {
        const over = document.querySelector('.plots .plot-card:not([hidden]) .u-over')!.getBoundingClientRect();
        const canvas = document.querySelector('.plots .plot-card:not([hidden]) .uplot canvas')!.getBoundingClientRect();
        return {
          titles: (window as unknown as { __turned: Array<{ text: string; width: number }> }).__turned,
          area: over.height,
          top: over.top - canvas.top,
          height: canvas.height,
        };
      });
      const last = titles[titles.length - 1]!;
      expect(area, `${kind}: the plotting area's height`).toBeLessThan(130);
      // centred on the plotting area, the title stays inside its canvas (the page at a device pixel ratio of 1)
      const middle = top + area / 2;
      const room = 2 * Math.min(middle, height - middle);
      expect(last.width, `${kind}: "${last.text}" along a plotting area ${Math.round(area)} px tall, ${Math.round(room)} px of canvas`).toBeLessThanOrEqual(room);
      // the titles far too long for it keep their short forms
      if (kind === 'energy') expect(last.text).toBe('E_kin (J)');
      if (kind === 'contacts') expect(last.text).toBe('count (1)');
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // a teacher embedding the comparison with ?plot=table asks for the table: in a frame narrower than
  // 640 px it came under the three canvases and the play controls, below a 480 x 360 frame's bottom
  // edge, with nothing in view saying it was there
  it('compare.html?embed=1&plot=table: the table asked for is in view, in a narrow frame and a wide one', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?embed=1&plot=table`, { width: 480, height: 360 });
    await waitForState(page, (s) => s.count > 0);
    await page.locator('#row-table tbody tr').first().waitFor();
    for (const [width, height] of [[480, 360], [480, 640], [900, 560]] as const) {
      await page.setViewportSize({ width, height });
      const what = `${width} x ${height}`;
      // the title and the table's head and first rows inside the frame, without scrolling
      await expect.poll(async () => page.evaluate(() => {
        const row = document.querySelectorAll('#row-table tbody tr')[1]?.getBoundingClientRect();
        return row === undefined ? Infinity : row.bottom;
      }), { message: what }).toBeLessThan(height);
      const title = await page.locator('#table-title').boundingBox();
      expect(title?.y ?? Infinity, what).toBeLessThan(height / 3);
      // the canvases and the controls still there, after it (the keyboard's order is the order on screen)
      expect(await page.locator('#btn-play').isVisible(), what).toBe(true);
      expect(await page.evaluate(() => {
        const table = document.querySelector('#card-table')!;
        const play = document.querySelector('#btn-play')!;
        return Boolean(table.compareDocumentPosition(play) & Node.DOCUMENT_POSITION_FOLLOWING);
      }), what).toBe(true);
      await page.screenshot({ path: screenshotPath(`compare-embed-table-${width}x${height}.png`) });
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the plotting area is some 120 px wide there: with uPlot's 50 px between ticks the collision rate's
  // time axis, from 0.1 to 1.5 s, had one labelled tick ("1")
  it('the gas page\'s plots keep at least two labelled ticks on the time (and speed) axis in a 480 x 360 frame', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1&until=1.5`, { width: 480, height: 360 });
    for (const kind of ['rate', 'energy', 'histogram']) {
      await page.goto(`${inject('baseUrl')}?embed=1&plot=${kind}&until=1.5`);
      await waitForState(page, (s) => s.time >= 1.5 && !s.running);
      const body = page.locator(`#plot-${kind}`);
      await expect.poll(async () => (await body.getAttribute('data-ticks0')) ?? '').not.toBe('');
      const ticks = ((await body.getAttribute('data-ticks0')) ?? '').split(' ');
      expect(ticks.length, `${kind}: ${ticks.join(', ')}`).toBeGreaterThanOrEqual(2);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // "Enskog 2nσg(σ)√(πT/m) over each interval" took three rows of the collision rate's legend there
  // (its marker on one, the label wrapped over two): it reads "Enskog" now, the full label its tooltip
  it('the collision rate\'s legend keeps each entry on one row in a 480 x 360 frame', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1&plot=rate&until=0.5`, { width: 480, height: 360 });
    await waitForState(page, (s) => s.time >= 0.5 && !s.running);
    const entries = page.locator('#plot-rate .u-legend .u-series');
    await expect.poll(async () => entries.count()).toBe(2);
    // the text shown: of a label in two forms, the one drawn wider than the other's 1 px
    const rows = await entries.evaluateAll((list) => list.map((e) => {
      const label = e.querySelector('.u-label')!;
      const parts = label.children.length > 0 ? [...label.children].filter((c) => c.getBoundingClientRect().width > 1) : [label];
      return { text: parts.map((c) => c.textContent).join(''), height: e.getBoundingClientRect().height, line: parseFloat(getComputedStyle(e).lineHeight) };
    }));
    for (const row of rows) expect(row.height, row.text).toBeLessThan(1.5 * row.line);
    expect(rows.map((r) => r.text)).toEqual(['measured', 'Enskog']);
    expect(await page.locator('#plot-rate .u-legend .u-series .u-label').nth(1).getAttribute('title')).toBe('Enskog 2nσg(σ)√(πT/m) over each interval');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // "Collisions per disc per second (1/s) vs time t (s)" and "Kinetic energy E_kin (J) vs time t (s)"
  // took two rows of a 240 px wide chart there: a shorter title, with its units, where the full one
  // does not fit (the full one for screen readers and as the tooltip); the full one where it does
  it("the gas page's plot titles take one row in a 480 x 360 frame, each with its units", async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1`, { width: 480, height: 360 });
    const shown = {
      energy: 'Kinetic energy E_kin (J) vs t (s)',
      histogram: 'Speed distribution f(v) (1/(m/s))',
      rate: 'Collisions per disc (1/s) vs t (s)',
    } as const;
    for (const [kind, text] of Object.entries(shown)) {
      await page.goto(`${inject('baseUrl')}?embed=1&plot=${kind}`);
      await waitForState(page, (s) => s.count > 0);
      const title = page.locator(`#plot-${kind} .u-title`);
      await title.waitFor();
      // the text drawn: of a title in two forms, the one wider than the other's 1 px
      const row = () => title.evaluate((e) => {
        const parts = e.children.length > 0 ? [...e.children].filter((c) => c.getBoundingClientRect().width > 1) : [e];
        return { text: parts.map((c) => c.textContent).join(''), height: e.getBoundingClientRect().height, line: parseFloat(getComputedStyle(e).lineHeight) };
      });
      await expect.poll(async () => (await row()).text, { message: kind }).toBe(text);
      const { height, line } = await row();
      expect(height, `${kind}: ${height} px for a line of ${line} px`).toBeLessThan(1.2 * line);
    }
    expect(await page.locator('#plot-rate .u-title').getAttribute('title')).toBe('Collisions per disc per second (1/s) vs time t (s)');
    // a 900 x 560 frame has room for the full title
    await page.setViewportSize({ width: 900, height: 560 });
    const full = page.locator('#plot-rate .u-title .title-full');
    await expect.poll(async () => (await full.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    expect(await page.locator('#plot-rate .u-title .title-short').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the comparison's "Height of the centre of mass above the floor" took two rows of a 240 px wide chart
  // there and "Collisions (event-driven) and contacts made (soft, NSCD), cumulative" three, both without
  // units, as had the avalanche's, the hysteresis' and the chain lab's titles (its distance functions' two
  // rows): every title now carries its units, in a short form where the full one would take a second
  // row (the full one for screen readers and as its tooltip), the full one in a larger frame
  const TITLES: ReadonlyArray<{ file: string; kind: string; ready?: string; small: readonly string[]; large: readonly string[]; frame?: readonly [number, number] }> = [
    { file: 'compare.html', kind: 'energy', small: ['Kinetic energy E_kin (J) vs t (s)'], large: ['Kinetic energy E_kin (J) vs time t (s)'] },
    { file: 'compare.html', kind: 'velocity', small: ['v_x of disc 4 (m/s) vs t (s)'], large: ['Velocity v_x of disc 4 (m/s) vs time t (s)'] },
    { file: 'compare.html', kind: 'height', small: ['Height y_cm (m) vs t (s)'], large: ['Height of the centre of mass y_cm (m) vs time t (s)'] },
    { file: 'compare.html', kind: 'contacts', small: ['Collisions, contacts (1) vs t (s)'], large: ['Collisions or contacts made so far (1) vs time t (s)'] },
    { file: 'soft.html', kind: 'ledger', small: ['Energy ledger (J)'], large: ['Energy ledger (J)'] },
    { file: 'soft.html', kind: 'hysteresis', small: ['F (N) vs ρ (m): disc 2 – left wall'], large: ['Hysteresis, F (N) vs ρ (m): disc 2 – wall 3 (left)'] },
    { file: 'soft.html', kind: 'coordinate', small: ['x (m) vs time t (s)'], large: ['x (m) vs time t (s)'] },
    // the avalanche's plot takes two fifths of the frame: 335 px at 900 x 560, where two titles are short still
    { file: 'avalanche.html', kind: 'runout', small: ['Runout L (m), v (m/s) vs t (s)'], large: ['Runout L (m) and front velocity (m/s) vs time t (s)'], frame: [1280, 720] },
    { file: 'avalanche.html', kind: 'energy', small: ['Kinetic energy E_kin (J) vs t (s)'], large: ['Kinetic energy E_kin (J) vs time t (s)'], frame: [1280, 720] },
    { file: 'avalanche.html', kind: 'iterations', small: ['Iterations per step (1) vs t (s)'], large: ['Solver iterations per step (1) vs time t (s)'], frame: [1280, 720] },
    // the distance functions' definition, y_k = x_k+1 − x_k − (d_k + d_k+1)/2, in the full title: wider than these charts
    { file: 'chain.html', kind: 'time', small: ['Positions x_i (m) vs time t (s)', 'Distances y_k (m) vs time t (s)', 'Velocities v_i (m/s) vs time t (s)'], large: ['Positions x_i (m) vs time t (s)', 'Distances y_k (m) vs time t (s)', 'Velocities v_i (m/s) vs time t (s)'] },
    { file: 'chain.html', kind: 'sweep', small: ['Number of collisions (1) vs e (1)', 'Final velocities (m/s) vs e (1)'], large: ['Number of collisions (1) vs e (1)', 'Final velocities (m/s) vs e (1)'] },
    { file: 'chain.html', kind: 'newton', small: ['|residual| (m/s) vs iteration k (1)'], large: ['|residual| (m/s) vs iteration k (1)'] },
    { file: 'chain.html', kind: 'mc', small: ['Distribution of v4 (1/(m/s))'], large: ['Distribution of v4 (1/(m/s))'] },
  ];
  for (const file of ['compare.html', 'soft.html', 'avalanche.html', 'chain.html']) {
    it(`${file}: each embedded plot's title takes one row in a 480 x 360 frame, with its units; the full title in a larger one`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${file}?embed=1`, { width: 480, height: 360 });
      for (const t of TITLES.filter((x) => x.file === file)) {
        const scope = file === 'chain.html' ? `#panel-${t.kind}` : `#plot-${t.kind}`;
        for (const [[width, height], texts] of [[[480, 360], t.small], [t.frame ?? [900, 560], t.large]] as const) {
          const what = `${file} ${t.kind} at ${width} x ${height}`;
          await page.setViewportSize({ width, height });
          await page.goto(`${inject('baseUrl')}${file}?embed=1&plot=${t.kind}`);
          // the hysteresis plot is titled by its pair after the first impact, the chain's charts after their
          // first run; a chart being laid out in the frame may be narrower for a moment: until each is on one row
          const settled = async (): Promise<string[]> => (await titleRows(page, scope)).map((r) => (r.height < 1.2 * r.line ? r.text : `${r.text} (${r.height} px)`));
          await expect.poll(settled, { timeout: 20_000, message: what }).toEqual(texts);
          for (const row of await titleRows(page, scope)) {
            expect(row.height, `${what}: "${row.text}", ${row.height} px for a line of ${row.line} px`).toBeLessThan(1.2 * row.line);
            expect(row.text, `${what}: a unit`).toMatch(/\([^)]+\)/);
          }
        }
      }
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // fitTitle measured the full title against the chart's width, so a title with side padding (the chain
  // lab's kept room for its CSV button) was judged to fit and took a second row: the padding is not room
  it('a title with side padding takes its short form where the full one no longer fits between the padding', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?embed=1&plot=energy`, { width: 900, height: 560 });
    const title = page.locator('#plot-energy .u-title');
    await expect.poll(async () => (await titleRows(page, '#plot-energy')).map((r) => r.text)).toEqual(['Kinetic energy E_kin (J) vs time t (s)']);
    // padding that leaves room for the short form but not for the full one, then a new width (setSize)
    const padding = await title.evaluate((e) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      const style = getComputedStyle(e);
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const full = ctx.measureText(e.querySelector('.title-full')!.textContent ?? '').width;
      const short = ctx.measureText(e.querySelector('.title-short')!.textContent ?? '').width;
      const free = e.getBoundingClientRect().width - (full + short) / 2;
      return Math.floor(free / 2);
    });
    expect(padding).toBeGreaterThan(10);
    // through the CSSOM: the site's CSP allows no inline style sheet
    await title.evaluate((e, px) => { e.style.padding = `0 ${px}px`; }, padding);
    await page.setViewportSize({ width: 904, height: 560 });
    await expect.poll(async () => (await titleRows(page, '#plot-energy')).map((r) => r.text)).toEqual(['Kinetic energy E_kin (J) vs t (s)']);
    const [row] = await titleRows(page, '#plot-energy');
    expect(row!.height, `${row!.height} px for a line of ${row!.line} px`).toBeLessThan(1.2 * row!.line);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("the shortened titles keep the full one for screen readers and as the tooltip", async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?embed=1&plot=contacts`, { width: 480, height: 360 });
    await waitForState(page, (s) => s.count > 0);
    const title = page.locator('#plot-contacts .u-title');
    await expect.poll(async () => title.getAttribute('title')).toBe('Collisions or contacts made so far (1) vs time t (s)');
    expect(await title.locator('.title-full').textContent()).toBe('Collisions or contacts made so far (1) vs time t (s)');
    expect(await title.locator('.title-short').getAttribute('aria-hidden')).toBe('true');
    const chain = await openPage(browser(), `${inject('baseUrl')}chain.html?embed=1&plot=time`, { width: 480, height: 360 });
    const gaps = chain.page.locator('#plot-gaps .u-title');
    await expect.poll(async () => gaps.getAttribute('title'), { timeout: 20_000 }).toBe('Distances y_k = x_k+1 − x_k − (d_k + d_k+1)/2 (m) vs time t (s)');
    expect([...errors, ...chain.errors]).toEqual([]);
    await Promise.all([closePage(page), closePage(chain.page)]);
  });

  // under gravity the energy plot says why there is no Haff curve, a line (two in this frame) under its
  // legend: the chart was fitted before uPlot had sized it, what followed it measured where the unsized
  // chart left it, and the card ended 5 px below the frame
  it("the energy plot's line on a missing Haff curve fits a 480 x 360 frame", async () => {
    const scenario = {
      schema: 1, name: 'Gas under gravity', seed: 7, generate: { count: 400, radius: 0.01, speed: 1 },
      restitution: 0.9, wallRestitution: 1, gravity: [0, -9.81], output: { interval: 0.02 },
    };
    const url = `${inject('baseUrl')}?embed=1&plot=energy#s=${await encodeScenario(JSON.stringify(scenario))}`;
    const { page, errors } = await openPage(browser(), url, { width: 480, height: 360 });
    await waitForState(page, (s) => s.count === 400 && s.time > 0.2);
    const note = page.locator('#energy-no-haff');
    expect(await note.textContent()).toBe('No Haff curve: gravity g = 9.81 m/s² acts on the gas');
    expect(await note.isVisible()).toBe(true);
    await expect.poll(async () => misfits(page, 480, 360)).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // ten loops of one pair took five legend rows in a 480 x 360 frame: the chart dropped to its 120 px
  // least height, some 100 px of plotting area, and the y title was cut to "contact force F"; there the
  // legend is one row of swatches with the first and last impact times, in a 900 x 560 frame the full one
  it('the soft hysteresis plot of many loops: a compact legend where the frame is short, the full one where it has room', async () => {
    // two discs bouncing between each other and the walls: 12 impacts of disc 0 – disc 1 in 16 s
    const scenario = {
      schema: 1, name: 'Bouncing pair', engine: 'soft', domain: { box: { width: 8, height: 4 } },
      discs: [{ x: 2, y: 2, vx: 4 }, { x: 6, y: 2, vx: -4 }],
      contact: { law: 'hunt-crossley', restitution: 0.99 }, friction: { law: 'none' }, output: { interval: 0.01, duration: 16 },
    };
    const url = `${inject('baseUrl')}soft.html?embed=1&plot=hysteresis#s=${await encodeScenario(JSON.stringify(scenario))}`;
    const { page, errors } = await openPage(browser(), url, { width: 480, height: 360 });
    await page.locator('#speed').fill('1'); // 10 s per s
    await waitForState(page, (s) => s.time >= 16 && !s.running);
    await expect.poll(async () => page.evaluate(() => window.__granular?.soft?.().loops ?? 0)).toBe(10);
    const summary = page.locator('#plot-hysteresis .legend-summary');
    const measure = (): Promise<{ plot: number; full: boolean }> => page.evaluate(() => {
      const legend = document.querySelector('#plot-hysteresis .u-legend')!;
      return {
        plot: document.querySelector('#plot-hysteresis .u-over')!.getBoundingClientRect().height,
        full: getComputedStyle(legend).visibility === 'visible' && getComputedStyle(legend).position !== 'absolute',
      };
    });
    await expect.poll(async () => summary.isVisible()).toBe(true);
    // ten loops are drawn from t = 12.3 s on (the oldest are dropped): the last impact's rebuild may
    // follow the run's end by a frame, so wait for the legend of the final ten
    await expect.poll(async () => summary.locator('.summary-text').textContent()).toBe('t = 2.770 … 15.248 s');
    expect(await summary.locator('.u-marker').count()).toBe(10);
    expect(await summary.locator('.u-marker').first().getAttribute('title')).toBe('t = 2.770 s');
    const small = await measure();
    expect(small.full).toBe(false);
    expect(small.plot).toBeGreaterThan(130);
    await expect.poll(async () => misfits(page, 480, 360)).toEqual([]);
    // room in a 900 x 560 frame: one entry per loop
    await page.setViewportSize({ width: 900, height: 560 });
    await expect.poll(async () => (await measure()).full).toBe(true);
    expect(await summary.isVisible()).toBe(false);
    expect(await page.locator('#plot-hysteresis .u-legend .u-series').count()).toBe(10);
    await expect.poll(async () => misfits(page, 900, 560)).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the compact legend was a row of plain swatches: in a small frame no loop could be switched off, as
  // a click on the full legend's entry does; each swatch is now a toggle button (aria-pressed), by mouse
  // and keyboard, and a loop switched off stays off while the run goes on (the plot is rebuilt then)
  it('the soft hysteresis plot\'s compact legend switches loops off and on, by mouse and keyboard', async () => {
    const scenario = {
      schema: 1, name: 'Bouncing pair', engine: 'soft', domain: { box: { width: 8, height: 4 } },
      discs: [{ x: 2, y: 2, vx: 4 }, { x: 6, y: 2, vx: -4 }],
      contact: { law: 'hunt-crossley', restitution: 0.99 }, friction: { law: 'none' }, output: { interval: 0.01, duration: 16 },
    };
    const url = `${inject('baseUrl')}soft.html?embed=1&plot=hysteresis&until=13#s=${await encodeScenario(JSON.stringify(scenario))}`;
    const { page, errors } = await openPage(browser(), url, { width: 480, height: 360 });
    await page.locator('#speed').fill('1'); // 10 s per s
    await waitForState(page, (s) => s.time >= 13 && !s.running);
    const hidden = (): Promise<string[]> => page.evaluate(() => window.__granular?.soft?.().loopsHidden ?? []);
    const summary = page.locator('#plot-hysteresis .legend-summary');
    const button = (label: string) => summary.getByRole('button', { name: `loop at ${label}` });
    // uPlot's own record of the series: its full legend (laid out unseen) fades the entry of a hidden one
    const fullEntryOff = (label: string): Promise<boolean> => page.evaluate((l) => {
      const row = [...document.querySelectorAll('#plot-hysteresis .u-legend .u-series')].find((r) => r.textContent === l);
      if (!row) throw new Error(`no legend entry ${l}`);
      return row.classList.contains('u-off');
    }, label);
    await expect.poll(async () => summary.isVisible()).toBe(true);
    // the ten impacts up to t = 13 s (0.250 … 12.304 s); the plot may draw the last one a frame after
    // the run has paused, so wait for it before counting
    await expect.poll(async () => summary.locator('.summary-text').textContent()).toBe('t = 0.250 … 12.304 s');
    const drawn = await page.evaluate(() => window.__granular?.soft?.().loops ?? 0);
    expect(drawn).toBe(10);
    expect(await summary.getByRole('button').count()).toBe(drawn);
    expect(await button('t = 2.770 s').getAttribute('aria-pressed')).toBe('true');
    expect(await hidden()).toEqual([]);

    await button('t = 2.770 s').click();
    expect(await button('t = 2.770 s').getAttribute('aria-pressed')).toBe('false');
    expect(await hidden()).toEqual(['t = 2.770 s']);
    expect(await fullEntryOff('t = 2.770 s')).toBe(true);
    expect(await summary.locator('.summary-text').textContent()).toMatch(new RegExp(`, ${drawn - 1} of ${drawn} shown$`));

    // on to the end: more impacts, each a rebuild, the oldest loops dropped; t = 2.770 s stays off
    await page.locator('#btn-play').click();
    await waitForState(page, (s) => s.time >= 16 && !s.running);
    await expect.poll(async () => page.evaluate(() => window.__granular?.soft?.().loops ?? 0)).toBe(10);
    await expect.poll(async () => summary.locator('.summary-text').textContent()).toBe('t = 2.770 … 15.248 s, 9 of 10 shown');
    expect(await hidden()).toEqual(['t = 2.770 s']);
    expect(await button('t = 2.770 s').getAttribute('aria-pressed')).toBe('false');
    expect(await fullEntryOff('t = 2.770 s')).toBe(true);

    // the keyboard: Tab to the next loop's button, its focus shown, Space and Enter switch it
    await button('t = 2.770 s').click();
    expect(await hidden()).toEqual([]);
    await page.keyboard.press('Tab');
    const next = button('t = 4.062 s');
    expect(await next.evaluate((b) => b === document.activeElement && b.matches(':focus-visible') && getComputedStyle(b).outlineStyle !== 'none')).toBe(true);
    await page.keyboard.press('Space');
    expect(await next.getAttribute('aria-pressed')).toBe('false');
    expect(await hidden()).toEqual(['t = 4.062 s']);
    expect(await fullEntryOff('t = 4.062 s')).toBe(true);
    await page.keyboard.press('Enter');
    expect(await next.getAttribute('aria-pressed')).toBe('true');
    expect(await hidden()).toEqual([]);
    expect(await summary.locator('.summary-text').textContent()).toBe('t = 2.770 … 15.248 s');
    await expect.poll(async () => misfits(page, 480, 360)).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('chain lab: its panels fit a 480 x 360 frame\'s width, every table whole, each label beside its control', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html?embed=1`, { width: 480, height: 360 });
    await page.waitForFunction(() => window.__chain !== undefined);
    await expect.poll(async () => page.evaluate(() => {
      const p = window.__chain!.probe();
      return p.time.collisions > 0 && p.sweep.points > 0 && p.newton.steps > 0 && p.mc.samples > 0;
    }), { timeout: 20_000 }).toBe(true);
    // the collision log's and the statistics' last columns were cut off at the right, in boxes that scrolled sideways
    await expect.poll(async () => sidewaysOverflow(page)).toEqual([]);
    // the row animation's "speed" ended one line, its list began the next
    const label = await page.locator('label[for="row-speed"]').boundingBox();
    const list = await page.locator('#row-speed').boundingBox();
    expect(Math.abs((label?.y ?? 0) + (label?.height ?? 0) / 2 - ((list?.y ?? 999) + (list?.height ?? 0) / 2))).toBeLessThan(8);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // in a frame of 900 px or less, where a panel stacks in one column, each embedded panel showed its
  // form first and its plots below the frame's bottom edge (the boundary value's and Monte Carlo's
  // chart under its table too); beside them, in a wide frame, the form stays the left column
  for (const [width, height] of [[640, 480], [900, 600], [1366, 768]] as const) {
    it(`chain lab: each embedded panel's first chart is in view in a ${width} x ${height} frame, its form ${width > 900 ? 'beside' : 'after'} the plots`, async () => {
      for (const kind of ['time', 'sweep', 'newton', 'mc'] as const) {
        const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html?embed=1&plot=${kind}`, { width, height });
        await page.waitForFunction(() => window.__chain !== undefined);
        await expect.poll(async () => page.evaluate((k) => {
          const p = window.__chain!.probe();
          return k === 'mc' ? p.mc.bins : p[k].points;
        }, kind), { timeout: 20_000 }).toBeGreaterThan(0);
        const at = await page.evaluate((k) => {
          const panel = document.getElementById(`panel-${k}`)!;
          const box = (sel: string): DOMRect => panel.querySelector(sel)!.getBoundingClientRect();
          const main = panel.querySelector('.panel-main')!;
          const form = panel.querySelector('form')!;
          return {
            // the first chart's plotting area
            chart: Math.round(box('.u-over').bottom + window.scrollY),
            formTop: box('form').top, formLeft: box('form').left, formRight: box('form').right,
            mainTop: box('.panel-main').top, mainBottom: box('.panel-main').bottom, mainLeft: box('.panel-main').left,
            // the keyboard's order is the order on screen
            formAfter: (main.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
            tableAfterChart: [...panel.querySelectorAll('.plot-grid.two > *')].map((e) => e.classList.contains('table-card') ? 'table' : 'chart').join(' '),
          };
        }, kind);
        expect(at.chart, `${kind}: the first chart's plotting area ends at ${at.chart} px`).toBeLessThanOrEqual(height);
        if (width > 900) {
          expect(at.formAfter).toBe(false);
          expect(at.formRight).toBeLessThan(at.mainLeft);
          expect(at.formTop).toBeLessThan(at.mainBottom);
        } else {
          expect(at.formAfter).toBe(true);
          expect(at.formTop).toBeGreaterThanOrEqual(at.mainBottom);
          expect(at.formLeft).toBe(at.mainLeft);
        }
        if (kind === 'newton' || kind === 'mc') expect(at.tableAfterChart).toBe(width > 1200 ? 'table chart' : 'chart table');
        // the form is still there to scroll to
        const run = page.locator(`#panel-${kind} button[type="submit"]`);
        await run.scrollIntoViewIfNeeded();
        expect(await run.isVisible()).toBe(true);
        expect(errors).toEqual([]);
        await closePage(page);
      }
    });
  }

  // an embed shorter than its frame (the chain lab's sweep, Newton and Monte Carlo panels, the avalanche
  // with its plot, at 1366 x 700) ended in a band of the full page's grey (#f6f7f9) under its white
  // body, as if the frame were cut: below what the page shows, the frame is white to its bottom edge
  it('an embed fills its frame: white to the bottom edge below what it shows, no grey band', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html?embed=1`, { width: 1366, height: 700 });
    /** the first pixel, every 4th on every row between the body's end and the frame's bottom edge, that is not white */
    const band = async (): Promise<string> => {
      const { bottom, width, height } = await page.evaluate(() => ({
        bottom: Math.max(0, Math.ceil(document.body.getBoundingClientRect().bottom)), width: window.innerWidth, height: window.innerHeight,
      }));
      if (bottom >= height) return '';
      // only the strip below the body: a whole-frame picture took half a second a check
      const shot = await decodePng(page, await page.screenshot({ clip: { x: 0, y: bottom, width, height: height - bottom } }));
      for (let y = 0; y < shot.height; y++) {
        for (let x = 0; x < shot.width; x += 4) {
          const p = pixelAt(shot, x, y);
          if (p.some((v) => v !== 255)) return `rgb(${p.join(', ')}) at (${x}, ${bottom + y}), below the body (${bottom} px)`;
        }
      }
      return '';
    };
    // each chain lab embed in three frames: loaded in the first, then the frame resized (the
    // background is the page's CSS whatever the size; a load per size took 20 s more)
    const cases: Array<[string, Array<readonly [number, number]>]> = [];
    for (const plot of [null, 'time', 'sweep', 'newton', 'mc']) {
      cases.push([`chain.html?embed=1${plot ? `&plot=${plot}` : ''}`, [[1366, 700], [1024, 768], [640, 480]]]);
    }
    for (const path of ['index.html?embed=1', 'index.html?embed=1&plot=energy', 'soft.html?embed=1', 'soft.html?embed=1&plot=ledger', 'avalanche.html?embed=1', 'avalanche.html?embed=1&plot=runout', 'compare.html?embed=1', 'compare.html?embed=1&plot=table']) {
      cases.push([path, [[1366, 700]]]);
    }
    let below = 0;
    for (const [path, frames] of cases) {
      const [w0, h0] = frames[0]!;
      await page.setViewportSize({ width: w0, height: h0 });
      await page.goto(`${inject('baseUrl')}${path}`);
      if (path.startsWith('chain')) {
        const plot = /plot=(\w+)/.exec(path)?.[1] ?? null;
        await page.waitForFunction(() => window.__chain !== undefined);
        await expect.poll(async () => page.evaluate((k) => {
          const p = window.__chain!.probe();
          const done = { time: p.time.points > 0, sweep: p.sweep.points > 0, newton: p.newton.points > 0, mc: p.mc.bins > 0 };
          return k === null ? Object.values(done).every(Boolean) : done[k as keyof typeof done];
        }, plot), { timeout: 30_000, message: path }).toBe(true);
      } else {
        await waitForState(page, (s) => s.count > 0);
        if (path.includes('plot=table')) await page.locator('#row-table tbody tr').first().waitFor();
        else if (path.includes('plot=')) await page.locator('.plots .plot-card:not([hidden]) .u-legend').waitFor();
      }
      for (const [w, h] of frames) {
        await page.setViewportSize({ width: w, height: h });
        await expect.poll(band, { message: `${path} at ${w} x ${h}` }).toBe('');
        if (await page.evaluate(() => document.body.getBoundingClientRect().bottom < window.innerHeight - 100)) below++;
      }
    }
    // the frames the check is about: some embeds end well above their frame's bottom edge
    expect(below).toBeGreaterThan(3);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the export line's link to the full page navigated the frame itself: the 480 x 360 embed on the
  // course page turned into the whole lab squeezed into it, and the embed was gone
  it("the export line's link opens the full page in a new tab and leaves the embed as it was", async () => {
    const url = `${inject('baseUrl')}?embed=1&plot=energy`;
    const { page, errors } = await openPage(browser(), url, { width: 480, height: 360 });
    await waitForState(page, (s) => s.count > 0 && s.time > 0);
    const link = page.locator('#card-energy .reproduce-link');
    await expect.poll(async () => link.isVisible()).toBe(true);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/courses\/granular-lab\/#s=[A-Za-z0-9_-]+$/);
    expect(page.url()).toBe(url);
    expect(await visible(page, '#card-energy')).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the chain lab's embeds and the comparison's table had no such line: nothing said what the frame
  // showed, nor led to the full page (the table's full line had neither the short form nor the link)
  for (const path of ['chain.html?embed=1', 'chain.html?embed=1&plot=time', 'chain.html?embed=1&plot=sweep', 'chain.html?embed=1&plot=newton', 'chain.html?embed=1&plot=mc', 'compare.html?embed=1&plot=table']) {
    it(`${path}: the version and link line the embedded plots have, its link the full page in a new tab`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}`, { width: 480, height: 360 });
      const page0 = path.slice(0, path.indexOf('?'));
      const plot = /plot=(\w+)/.exec(path)?.[1] ?? null;
      const where = page0 === 'compare.html' ? '#card-table' : plot !== null ? `#panel-${plot}` : '.chain-panel';
      const lines = page.locator(`${where} .reproduce`);
      const link = lines.first().locator('.reproduce-link');
      await expect.poll(async () => link.isVisible()).toBe(true);
      // one line per panel shown (all four without a plot), none elsewhere
      const shown = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.reproduce')].filter((e) => e.offsetParent !== null).length);
      expect(shown).toBe(page0 === 'chain.html' && plot === null ? 4 : 1);
      expect(await lines.count()).toBe(shown);
      // in a 480 px frame: the lab's version and the link, the full line for screen readers and as the tooltip
      // (the engine's version comes with its first answer)
      await expect.poll(async () => lines.first().locator('.reproduce-short').textContent()).toMatch(/^Granular Lab \d+\.\d+\.\d+$/);
      expect(await lines.first().locator('.reproduce-short').isVisible()).toBe(true);
      // each chain panel names its own run, as its pictures do (all four said the row's "4 spheres in a row")
      const chainRun = { time: 'time domain: N = 4', sweep: 'sweep over e: N = 4', newton: 'boundary value v4\\(e\\) = target: ', mc: 'Monte Carlo: ' }[plot ?? 'time'] ?? '';
      await expect.poll(async () => lines.first().getAttribute('title')).toMatch(
        page0 === 'chain.html' ? new RegExp(`^Scenario “Chain lab, ${chainRun}.*” · .*engine chain \\(double\\) · Granular Lab \\d`) : /^Scenario “Four-sphere row, three contact models” · engine /);
      if (page0 === 'chain.html' && plot === null) {
        // each panel's line once its first run has answered
        const runs = async (): Promise<Array<string | undefined>> =>
          (await lines.evaluateAll((ls) => ls.map((l) => l.getAttribute('title') ?? ''))).map((t) => /^Scenario “Chain lab, ([^:]+):/.exec(t)?.[1]);
        await expect.poll(runs, { timeout: 30_000 }).toEqual(['time domain', 'sweep over e', 'boundary value v4(e) = target', 'Monte Carlo']);
      }
      expect(await link.getAttribute('target')).toBe('_blank');
      const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(tab.url()).toMatch(new RegExp(`/courses/granular-lab/${page0.replace('.', '\\.')}#s=[A-Za-z0-9_-]+$`));
      expect(await tab.evaluate(() => document.body.classList.contains('embed'))).toBe(false);
      if (page0 === 'chain.html') {
        // the full page with the embed's inputs
        await tab.waitForFunction(() => window.__chain !== undefined);
        const state = async (p: Page): Promise<unknown> => p.evaluate(() => window.__chain!.probe().state);
        expect(await state(tab)).toEqual(await state(page));
      }
      expect(page.url()).toBe(`${inject('baseUrl')}${path}`);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // a whole-page embed (no plot=) had no such line at all, while each embedded plot and the chain
  // lab's panels had one: a reader of the course page could not tell which lab it was nor open the run
  for (const file of ['index.html', 'soft.html', 'avalanche.html', 'compare.html']) {
    it(`${file}?embed=1: one version and link line under the simulation, in the frame, its link the full page in a new tab`, async () => {
      for (const [width, height] of [[480, 360], [900, 560]] as const) {
        const url = `${inject('baseUrl')}${file}?embed=1`;
        const { page, errors } = await openPage(browser(), url, { width, height });
        await waitForState(page, (s) => s.count > 0);
        const line = page.locator('.stage .reproduce');
        const link = line.locator('.reproduce-link');
        await expect.poll(async () => link.isVisible()).toBe(true);
        // once: not once per (hidden) plot
        expect(await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.reproduce')].filter((e) => e.offsetParent !== null).length)).toBe(1);
        // (the comparison's row uses no seed, so names none)
        await expect.poll(async () => line.getAttribute('title')).toMatch(
          file === 'compare.html' ? /^Scenario “.+” · engine .+ · Granular Lab \d+\.\d+\.\d+$/ : /^Scenario “.+” · seed \d+ · engine .+ · Granular Lab \d+\.\d+\.\d+$/);
        // in a frame narrower than 640 px the lab's version and the link, as under an embedded plot; else the full line
        const short = line.locator('.reproduce-short');
        expect(await short.isVisible()).toBe(width < 640);
        expect(await line.locator('.reproduce-text').evaluate((e) => e.getBoundingClientRect().width > 1)).toBe(width >= 640);
        if (width < 640) expect(await short.textContent()).toMatch(/^Granular Lab \d+\.\d+\.\d+$/);
        const bottom = await line.evaluate((e) => Math.round(e.getBoundingClientRect().bottom + window.scrollY));
        expect(bottom, `the line ends at ${bottom} px`).toBeLessThanOrEqual(height);
        await expect.poll(async () => misfits(page, width, height)).toEqual([]);
        expect(await link.getAttribute('target')).toBe('_blank');
        const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await tab.waitForLoadState();
        expect(tab.url()).toMatch(new RegExp(`/courses/granular-lab/${file === 'index.html' ? '(index\\.html)?' : file.replace('.', '\\.')}#s=[A-Za-z0-9_-]+$`));
        expect(await tab.evaluate(() => document.body.classList.contains('embed'))).toBe(false);
        expect(page.url()).toBe(url);
        expect(errors).toEqual([]);
        await closePage(page);
      }
    });
  }

  // a frame taller than the chart asks: the plot grows into it (a 900 x 560 frame left 150-220 px
  // blank under the avalanche's energy plot), up to as tall as it is wide, and still fits the frame
  for (const [file, plot, least] of [['avalanche.html', 'energy', 480], ['index.html', 'energy', 530]] as const) {
    it(`${file}: the ${plot} plot grows into a 900 x 560 frame's height`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${file}?embed=1&plot=${plot}&play=0`, { width: 900, height: 560 });
      await waitForState(page, (s) => s.count > 0);
      const card = `#card-${plot}`;
      await expect.poll(async () => page.locator(card).evaluate((node) => Math.round(node.getBoundingClientRect().bottom))).toBeGreaterThanOrEqual(least);
      // the plotting area no taller than the chart's box is wide
      const area = await page.locator(`${card} .u-over`).boundingBox();
      const body = await page.locator(`#plot-${plot}`).boundingBox();
      expect(area && body && area.height <= body.width + 1).toBe(true);
      expect(await misfits(page, 900, 560)).toEqual([]);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  it('an embed with a plot keeps its one line, under the plot, and none under the simulation', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1&plot=energy`, { width: 480, height: 360 });
    await waitForState(page, (s) => s.count > 0);
    await expect.poll(async () => page.locator('#card-energy .reproduce-link').isVisible()).toBe(true);
    expect(await page.locator('.stage .reproduce').count()).toBe(0);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // origins=course.example.edu (no scheme) left the course page's commands unanswered without a word
  it('names an origins entry that is not an origin in the banner', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1&plot=energy&origins=course.example.edu`, { width: 480, height: 360 });
    await waitForState(page, (s) => s.count > 0);
    const banner = page.locator('#address-error');
    await expect.poll(async () => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toBe(
      'Part of this page\'s address was ignored: origins entry "course.example.edu" is not an origin, so commands from it are ignored: write it with its scheme, https://course.example.edu.',
    );
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // a mistyped plot, or one another page has (soft.html?embed=1&plot=energy), was named in a banner of
  // three full-size rows, which pushed a 480 x 360 frame 11-37 px past its bottom edge (the canvases
  // already at their least height): the frame scrolled, its version and link line (the comparison's
  // status too) below it
  for (const [file, bad] of [['index.html', 'histogramm'], ['soft.html', 'energy'], ['compare.html', 'runout'], ['avalanche.html', 'runnout']] as const) {
    it(`${file}?embed=1&plot=${bad}: the banner names the plot asked for and the page's own, and the frame still fits 480 x 360`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${file}?embed=1&plot=${bad}`, { width: 480, height: 360 });
      // running, its frames (and the gas's colour scale with its ticks) drawn
      await waitForState(page, (s) => s.count > 0 && s.time > 0.2);
      const banner = page.locator('#address-error');
      expect(await banner.isVisible()).toBe(true);
      expect(await banner.textContent()).toBe(`Part of this page's address was ignored: plot = "${bad}" is not one of this page's: ${PLOTS[file]!.join(', ')}.`);
      // all of it in view: not cut, above the controls
      expect(await banner.evaluate((e) => e.scrollHeight <= e.clientHeight && e.scrollWidth <= e.clientWidth)).toBe(true);
      const [bannerBottom, controlsTop] = await page.evaluate(() => [
        document.getElementById('address-error')!.getBoundingClientRect().bottom,
        document.getElementById('controls')!.getBoundingClientRect().top,
      ]);
      expect(bannerBottom).toBeLessThanOrEqual(controlsTop);
      // what it can show, the simulation with its line, without a plot and inside the frame
      await expect.poll(async () => page.locator('.stage .reproduce-link').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.body.classList.contains('with-plot'))).toBe(false);
      await expect.poll(async () => misfits(page, 480, 360)).toEqual([]);
      const line = await page.locator('.stage .reproduce').evaluate((e) => Math.round(e.getBoundingClientRect().bottom + window.scrollY));
      expect(line, `the version and link line ends at ${line} px`).toBeLessThanOrEqual(360);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // two problems in a comparison's address make the banner three rows, and the canvases under it
  // stopped at the other pages' least height (120 px: three 40 px stacked, 120 px side by side): the
  // frame was 9 px (the row) or 13 px (the gas, side by side) too tall, its link line below the edge
  for (const preset of ['compare-row', 'compare-gas']) {
    it(`compare.html?embed=1&plot=runout&until=abc (${preset}): both problems named, and the frame still fits 480 x 360`, async () => {
      const json = readFileSync(new URL(`../../scenarios/${preset}.json`, import.meta.url), 'utf8');
      const url = `${inject('baseUrl')}compare.html?embed=1&plot=runout&until=abc#s=${await encodeScenario(json)}`;
      const { page, errors } = await openPage(browser(), url, { width: 480, height: 360 });
      await waitForState(page, (s) => s.count > 0 && s.time > 0.2);
      expect(await page.locator('#address-error').textContent()).toBe(
        `Part of this page's address was ignored: plot = "runout" is not one of this page's: ${PLOTS['compare.html']!.join(', ')}; until = "abc" must be a time in s, at least 0.`,
      );
      expect(await page.evaluate(() => document.getElementById('canvas-wrap')!.classList.contains('stacked'))).toBe(preset === 'compare-row');
      await expect.poll(async () => misfits(page, 480, 360)).toEqual([]);
      const line = await page.locator('.stage .reproduce').evaluate((e) => Math.round(e.getBoundingClientRect().bottom + window.scrollY));
      expect(line, `the version and link line ends at ${line} px`).toBeLessThanOrEqual(360);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  it('names a play that is neither yes nor no, and plays as without it', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?embed=1&play=maybe`, { width: 480, height: 360 });
    await waitForState(page, (s) => s.running && s.time > 0);
    expect(await page.locator('#address-error').textContent()).toBe(
      'Part of this page\'s address was ignored: play = "maybe" must be 1 or 0 (true or false, yes or no).',
    );
    expect(errors).toEqual([]);
    await closePage(page);
  });

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
    await Promise.all([closePage(page), closePage(chain.page), closePage(good.page)]);
  });
});
