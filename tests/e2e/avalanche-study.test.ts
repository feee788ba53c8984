/**
 * The avalanche page's study panel in the browser: one case in the singular, a progress bar that
 * moves while the column settles and is never full before the case ends, the accepted range of
 * aspect ratios and the cost estimate, and on a phone the sideways-scroll hint of the cases table
 * and slope ranges that do not break.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { AvalancheProbe } from '../../web/src/ui/test-hook';
import { cardMadeBy, closePage, avalancheProbe, openPage, screenshotPath, useBrowser, waitForProbe, waitForState } from './browser';

const browser = useBrowser();

const study = async (page: Page): Promise<AvalancheProbe['study']> => (await avalancheProbe(page)).study;
const waitForStudy = async (page: Page, predicate: (s: AvalancheProbe['study']) => boolean): Promise<AvalancheProbe['study']> =>
  (await waitForProbe(page, (p) => predicate(p.study))).study;

const text = async (page: Page, selector: string): Promise<string> => ((await page.locator(selector).textContent()) ?? '').replace(/\u00a0/g, ' ');

describe('the avalanche study panel', () => {
  it('on a wide screen it fills the room beside the long form; narrower it takes the full width below it', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0`, { width: 1920, height: 1080 });
    await waitForState(page, (s) => s.count > 0);
    const boxes = async (): Promise<{ form: { x: number; y: number; width: number; height: number }; plots: { y: number; height: number }; study: { x: number; y: number; width: number } }> => {
      const form = await page.locator('#scenario-panel').boundingBox();
      const plots = await page.locator('#plots').boundingBox();
      const studyBox = await page.locator('#study').boundingBox();
      return { form: form!, plots: plots!, study: studyBox! };
    };
    let b = await boxes();
    // beside the form (it starts above the form's end, right of it), below the plots
    expect(b.study.x).toBeGreaterThan(b.form.x + b.form.width);
    expect(b.study.y).toBeLessThan(b.form.y + b.form.height);
    expect(b.study.y).toBeGreaterThan(b.plots.y + b.plots.height);
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(async () => (await boxes()).study.x).toBeLessThan(b.form.x + b.form.width);
    b = await boxes();
    expect(b.study.y).toBeGreaterThan(b.form.y + b.form.height);
    expect(b.study.width).toBeGreaterThan(1300);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the chain lab puts a chart before its table wherever the two stack (3104ee3); the study's plot and cases
  // table do so too: at 1200 px or less the plot comes first in the document (the keyboard's order) and
  // above the table; wider, side by side, the plot on the left and the table, the wider, on the right
  for (const [width, height, touch] of [[375, 812, true], [1100, 800, false]] as const) {
    it(`at ${width} px the study's plot comes above its cases table${touch ? '' : ', beside it again at 1280 px'}`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0`, { width, height }, touch);
      await page.locator('#study .plot-grid.two > .table-card').waitFor({ state: 'attached' });
      const order = (): Promise<{ order: string; chart: DOMRect; table: DOMRect }> => page.evaluate(() => {
        const grid = document.querySelector('#study .plot-grid.two')!;
        const box = (sel: string): DOMRect => grid.querySelector(sel)!.getBoundingClientRect().toJSON() as DOMRect;
        return {
          order: [...grid.children].map((e) => (e.classList.contains('table-card') ? 'table' : e.id === 'card-study' ? 'chart' : e.id)).join(' '),
          chart: box(':scope > #card-study'),
          table: box(':scope > .table-card'),
        };
      });
      let o = await order();
      expect(o.order).toBe('chart table');
      expect(o.chart.bottom).toBeLessThanOrEqual(o.table.top);
      // Tab reaches the plot's CSV and PNG before the table's scrolling box
      expect(await page.evaluate(() => {
        const csv = document.querySelector('#card-study button');
        const table = document.querySelector('#study .table-card');
        return csv !== null && table !== null && (csv.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      })).toBe(true);
      if (!touch) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect.poll(async () => {
          const side = await order();
          return side.table.top - side.chart.top;
        }).toBe(0);
        o = await order();
        expect(o.order).toBe('chart table');
        expect(o.chart.right).toBeLessThanOrEqual(o.table.left);
        expect(o.table.width).toBeGreaterThan(o.chart.width);
      }
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  it('one case: its texts in the singular; the bar moves while the column settles and is not full before the case ends', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny`);
    await page.locator('#study-aspects').fill('0.1');
    await page.locator('#study-run').click();
    const samples: Array<{ bar: number; line: string }> = [];
    for (const deadline = Date.now() + 40_000; Date.now() < deadline; ) {
      const s = await page.evaluate(() => ({
        bar: (document.getElementById('study-progress') as HTMLProgressElement | null)?.value ?? 0,
        line: document.getElementById('study-progress-text')?.textContent ?? '',
        running: window.__granular?.avalanche?.().study.running ?? true,
      }));
      if (!s.running && samples.length > 0) break;
      samples.push({ bar: s.bar, line: s.line });
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const during = samples.filter((s) => /^0 of 1 cases? done/.test(s.line));
    expect(during.length).toBeGreaterThan(5);
    // while the case runs the bar is never (nearly) full
    expect(Math.max(...during.map((s) => s.bar))).toBeLessThan(0.95);
    // settling: said, and the bar moves meanwhile (the worker says nothing until the gate opens)
    const settling = during.filter((s) => s.line.includes('settling the column'));
    expect(new Set(settling.map((s) => s.bar).filter((b) => b > 0)).size).toBeGreaterThanOrEqual(2);
    expect(settling[0]?.line).toBe('0 of 1 case done · a = 0.1: settling the column (about 320 grains)');
    expect(during.some((s) => /t = [\d.]+ s after the gate opened/.test(s.line))).toBe(true);
    // the bar only grows
    for (let k = 1; k < samples.length; k++) expect(samples[k]!.bar).toBeGreaterThanOrEqual(samples[k - 1]!.bar);
    await waitForStudy(page, (s) => !s.running && s.rows === 1);
    expect(await text(page, '#study-progress-text')).toBe('1 of 1 case done');
    expect(await text(page, '#study-result')).toMatch(/^1 collapse in [\d.]+ s \(μ = 0\.5/);
    // the legend's swatches are what the plot draws: a dot for the cases (was a hollow square), a dashed
    // line for 1.2 a, a dotted one for 1.9 a^(2/3) (was dashed too)
    const swatches = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('#plot-study .u-legend .u-series')]
      .filter((row) => getComputedStyle(row).display !== 'none')
      .map((row) => {
        const marker = row.querySelector<HTMLElement>('.u-marker')!;
        const style = getComputedStyle(marker);
        return `${row.querySelector('.u-label')?.textContent}: ${marker.classList.contains('marker-dot') ? 'dot' : style.borderTopStyle}${style.borderRadius === '50%' ? ', round' : ''}`;
      }));
    expect(swatches).toEqual(['this study: dot, round', 'Lube et al.: 1.2 a: dashed', 'Lube et al.: 1.9 a^(2/3): dotted']);
    // the plot as a picture, beside its CSV: the chart with its title, legend, the result and slope
    // lines and the reproduce line, so it is taller than the chart drawn on the page
    const [picture] = await Promise.all([page.waitForEvent('download'), page.locator('#png-study').click()]);
    expect(picture.suggestedFilename()).toMatch(/^avalanche-study-tiny-[0-9a-f]{8}\.png$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await picture.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
    const png = Buffer.concat(chunks);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const chart = await page.locator('#plot-study canvas').first().evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }));
    expect(png.readUInt32BE(16)).toBe(chart.width);
    expect(png.readUInt32BE(20)).toBeGreaterThan(chart.height + 100);
    // the CSV names what the study ran at: the size (its least W × H in grains), the material and the
    // study's own radii, step and tolerance on every row, the size and their hash in the file name
    // (it was "avalanche-study.csv" whatever ran), the size the study ran at even once the menu has changed
    await page.locator('#study-size').selectOption('full');
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#csv-study').click()]);
    expect(file.suggestedFilename()).toBe(picture.suggestedFilename().replace(/\.png$/, '.csv'));
    let csv = '';
    for await (const chunk of await file.createReadStream()) csv += String(chunk);
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    // each column of results names the engine and version that ran the cases, as the page's reproduce
    // line names them ("engine avalanche gauss-seidel (double), Granular Lab 0.1.0")
    const made = await cardMadeBy(page, '#card-runout');
    expect(made).toMatch(/^engine avalanche gauss-seidel \(double\), Granular Lab \S+$/);
    const results = ['grains (1)', 'H0 (m)', 'L0 (m)', 'a = H0/L0 (1)', 'L_inf (m)', '(L_inf - L0)/L0 (1)', 'collapse time (s)']
      .map((h) => `"${h.slice(0, h.lastIndexOf(' ('))} — ${made}${h.slice(h.lastIndexOf(' ('))}"`);
    expect(header).toBe(`a nominal H/W (1),${results.join(',')},stopped,error,mu (1),mu_r (1),e (1),solver,seed,size,min width W (grains),min height H (grains),R_min (m),R_max (m),time step (s),tolerance (× mean R),floor disc radius (m),floor gap (m)`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^0\.1,.*,0\.5,0,0,gauss-seidel,1,tiny,3,6,0\.004,0\.006,0\.00005,0\.0001,0\.004,0$/);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('refuses aspect ratios outside 0.1–32 next to the field; the estimate says when a case has many grains', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny`);
    expect(await text(page, '#study-estimate')).toBe('5 cases of about 15–63 grains: about a second.');
    await page.locator('#study-aspects').fill('0.01');
    expect(await text(page, '#study-estimate')).toBe('');
    await page.locator('#study-run').click();
    await expect.poll(() => page.locator('#err-study-aspects').isVisible()).toBe(true);
    expect(await text(page, '#err-study-aspects')).toBe('aspect ratio "0.01": must be a number from 0.1 to 32 here (granular-cli avalanche-study takes any a > 0)');
    expect(await page.locator('#study-aspects').getAttribute('aria-invalid')).toBe('true');
    expect(await study(page)).toMatchObject({ running: false, rows: 0 });
    await page.locator('#study-aspects').fill('1, 64');
    await page.locator('#study-run').click();
    await expect.poll(() => text(page, '#err-study-aspects')).toContain('"64"');
    // a case far larger than the size's usual is named, with its grains, instead of "about a second"
    await page.locator('#study-aspects').fill('0.1, 1, 4');
    expect(await text(page, '#study-estimate')).toBe(
      '3 cases of about 30–320 grains; a = 0.1 has about 320, 5 times a usual tiny case’s 63: expect it to take 5 times as long or more.',
    );
    await page.locator('#study-size').selectOption('full');
    expect(await text(page, '#study-estimate')).toContain('a = 0.1 has about 8,700, 5 times a usual full case’s 1,700');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // Number() read "0x10" as a = 16 and "1e0" as 1, and "1, 1" ran one case without a word
  it('refuses aspect ratios in hexadecimal and an aspect ratio given twice, next to the field', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny`);
    await page.locator('#study-aspects').fill('0x10');
    await page.locator('#study-run').click();
    await expect.poll(() => page.locator('#err-study-aspects').isVisible()).toBe(true);
    expect(await text(page, '#err-study-aspects')).toBe(
      'aspect ratio "0x10": must be a decimal number (such as 16, 0.5 or 1e1) from 0.1 to 32 here (granular-cli avalanche-study takes any a > 0)');
    expect(await page.locator('#study-aspects').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#study-aspects').fill('1, 1');
    await page.locator('#study-run').click();
    await expect.poll(() => text(page, '#err-study-aspects')).toBe('aspect ratio "1" appears twice: give each once');
    expect(await study(page)).toMatchObject({ running: false, rows: 0 });
    await page.locator('#err-study-aspects').locator('xpath=..').screenshot({ path: screenshotPath('avalanche-study-aspects-twice.png') });
    // an exponent is a decimal: "1e0, 2" runs two cases
    await page.locator('#study-aspects').fill('1e0, 2');
    await page.locator('#study-run').click();
    await waitForProbe(page, (p) => !p.study.running && p.study.rows === 2, 60_000);
    expect(await page.locator('#err-study-aspects').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the message stayed as Run left it: after a fix it still named the corrected entry, the field
  // marked invalid beside the estimate of a study that could run
  it('the message under the aspect ratios follows the corrections once shown', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny`);
    await page.locator('#study-aspects').fill('0');
    await page.locator('#study-aspects').press('Enter');
    await expect.poll(() => text(page, '#err-study-aspects')).toContain('"0"');
    await page.locator('#study-aspects').fill('1, 64');
    expect(await text(page, '#err-study-aspects')).toContain('"64"');
    expect(await page.locator('#study-aspects').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#study-aspects').fill('1, 2');
    expect(await page.locator('#err-study-aspects').isVisible()).toBe(false);
    expect(await page.locator('#study-aspects').getAttribute('aria-invalid')).toBe('false');
    expect(await text(page, '#study-estimate')).toMatch(/^2 cases of about /);
    expect(await study(page)).toMatchObject({ running: false, rows: 0 });
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('on a phone the cases table says it scrolls sideways, and which columns it hides; slope ranges stay on one line', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny`, { width: 390, height: 844 });
    await page.locator('#study-aspects').fill('0.5, 1, 4, 8');
    await page.locator('#study-run').click();
    await waitForStudy(page, (s) => !s.running && s.rows === 4);
    const hint = page.locator('#study-table-hint');
    expect(await hint.isVisible()).toBe(true);
    expect(await text(page, '#study-table-hint')).toBe('Scroll the table right to see L∞ (m), (L∞ − L0)/L0 and collapse time (s).');
    const box = page.locator('#study .table-scroll-x');
    await box.evaluate((e) => {
      e.scrollLeft = e.scrollWidth;
    });
    await expect.poll(() => text(page, '#study-table-hint')).toMatch(/^Scroll the table left to see a nominal, grains/);
    // "a ≤ 1.5" and "inside 1 ± 0.15" (or outside) are each on one line
    const pieces = page.locator('#study-slopes .nowrap');
    expect(await pieces.count()).toBe(4);
    for (let k = 0; k < 4; k++) expect(await pieces.nth(k).evaluate((e) => e.getClientRects().length)).toBe(1);
    expect(await page.locator('#study-slopes dt').first().textContent()).toBe('log–log slope, a ≤ 1.5');
    // the two values, wrapped here, keep to the rows' right edge line by line (left-aligned, each began where
    // its label ended, and the labels differ in width: the values stood 6 px apart)
    const lines = await page.locator('#study-slopes dd').evaluateAll((dds) => dds.map((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      // the text's boxes, its pieces among them, by line (their top): where each line ends
      const ends = new Map<number, number>();
      for (const r of range.getClientRects()) ends.set(Math.round(r.top), Math.max(ends.get(Math.round(r.top)) ?? -Infinity, r.right));
      return { right: dd.getBoundingClientRect().right, ends: [...ends.values()] };
    }));
    expect(lines).toHaveLength(2);
    expect(lines[0]!.right).toBeCloseTo(lines[1]!.right, 0);
    for (const dd of lines) {
      // wrapped, as on this phone
      expect(dd.ends.length, JSON.stringify(dd)).toBe(2);
      for (const end of dd.ends) expect(Math.abs(end - dd.right), JSON.stringify(dd)).toBeLessThanOrEqual(1);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('on a wide screen the table fits: no hint', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny`, { width: 1400, height: 900 });
    await page.locator('#study-aspects').fill('2');
    await page.locator('#study-run').click();
    await waitForStudy(page, (s) => !s.running && s.rows === 1);
    expect(await page.locator('#study-table-hint').isVisible()).toBe(false);
    expect(await text(page, '#study-result')).toMatch(/^1 collapse in /);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // uPlot's label filter measured the room inside a decade as a signed distance, negative left to
  // right, so the a axis read "1 10" however wide: at 800 px, 0.25–12 across 600 px, beside points at
  // a = 0.5, 2, 4 and 8 (the y axis, vertical, read 0.5 1 2 5 10). Measured without the sign against
  // uPlot's fixed 50 px, it still read "1 10" on a laptop (1280 x 800, 271 px wide), where 5 and 10
  // stand 48 px apart and "5" and "10" take 11 px of it; the labels' own widths now decide, with 8 px
  // clear between neighbours (the labels as drawn on the canvas, measured in their font)
  it('the a axis labels 2 and 5 (3 and 7) inside a decade wherever their widths leave 8 px between neighbours: on a laptop and a phone too, never touching', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0`, { width: 800, height: 600 });
    const plot = page.locator('#plot-study');
    const labels = async (axis: number): Promise<string[]> => ((await plot.getAttribute(`data-ticks${axis}`)) ?? '').split(' ').filter((t) => t !== '');
    await expect.poll(() => labels(0)).toEqual(['0.3', '0.5', '0.7', '1', '2', '3', '5', '7', '10']);
    expect(await labels(1)).toEqual(['0.5', '1', '2', '5', '10']);
    type Drawn = { text: string; x: number; width: number };
    // from now on, the texts the study plot draws unturned and centred on a point (the bottom axis'
    // labels and its title), where (CSS px, the page at a device pixel ratio of 1) and how wide
    await page.evaluate(() => {
      const drawn: Drawn[] = [];
      (window as unknown as { __axisTexts: Drawn[] }).__axisTexts = drawn;
      const fill = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, max?: number) {
        const t = this.getTransform();
        if (t.b === 0 && this.textAlign === 'center' && this.canvas.closest('#plot-study')) drawn.push({ text, x: x * t.a + t.e, width: this.measureText(text).width * t.a });
        return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max);
      };
    });
    for (const { width, height, a } of [
      // 271 px wide, 160 px a decade: 0.5 and 0.7 would stand 23 px apart, their labels 19 px wide each
      { width: 1280, height: 800, a: ['0.5', '1', '2', '5', '10'] },
      // 419 px: 0.5 and 0.7 stand 36 px apart (the 50 px rule kept 1, 2 and 5 alone)
      { width: 1920, height: 1080, a: ['0.3', '0.5', '0.7', '1', '2', '3', '5', '7', '10'] },
      // 192 px, 114 px a decade: 0.5 and 1, 5 and 10 stand 34 px apart, 21 px clear (the 50 px rule: "1 10")
      { width: 390, height: 844, a: ['0.5', '1', '2', '5', '10'] },
      { width: 800, height: 600, a: ['0.3', '0.5', '0.7', '1', '2', '3', '5', '7', '10'] },
    ]) {
      await page.evaluate(() => { (window as unknown as { __axisTexts: Drawn[] }).__axisTexts.length = 0; });
      await page.setViewportSize({ width, height });
      await expect.poll(() => labels(0), { message: `${width} x ${height}` }).toEqual(a);
      expect(await labels(1), `${width} x ${height}`).toEqual(['0.5', '1', '2', '5', '10']);
      // the labels last drawn: every neighbour 8 px clear of the next (a pixel less each for the ticks' rounding)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const drawn = (await page.evaluate(() => (window as unknown as { __axisTexts: Drawn[] }).__axisTexts)).filter((d) => a.includes(d.text)).slice(-a.length);
      expect(drawn.map((d) => d.text), `${width} x ${height}`).toEqual(a);
      const gaps = drawn.slice(1).map((d, k) => ({ pair: `${drawn[k]!.text}|${d.text}`, clear: d.x - drawn[k]!.x - (d.width + drawn[k]!.width) / 2 }));
      const said = gaps.map((g) => `${g.pair} ${g.clear.toFixed(1)} px`).join(', ');
      expect(gaps.filter((g) => !(g.clear >= 6)).map((g) => g.pair), `${width} x ${height}: ${said}`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('on a laptop (1280 x 800) and at the narrowest side-by-side width (1201 px) the five default cases fit beside the plot: every column in view, no hint', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny`, { width: 1280, height: 800 });
    await page.locator('#study-run').click();
    await waitForStudy(page, (s) => !s.running && s.rows === 5);
    const box = page.locator('#study .table-scroll-x');
    for (const width of [1280, 1201]) {
      await page.setViewportSize({ width, height: 800 });
      // beside the plot, not under it
      await expect.poll(() => page.evaluate(() => {
        const plot = document.querySelector('#card-study')?.getBoundingClientRect();
        const table = document.querySelector('#study .table-card')?.getBoundingClientRect();
        return plot && table ? Math.round(table.top - plot.top) : null;
      })).toBe(0);
      await expect.poll(() => box.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
      await expect.poll(() => page.locator('#study-table-hint').isVisible()).toBe(false);
      // the last column's heading (collapse time) ends inside the box
      expect(await box.evaluate((e) => {
        const th = e.querySelector('th:last-child');
        return th ? th.getBoundingClientRect().right <= e.getBoundingClientRect().right + 0.5 : false;
      })).toBe(true);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // The study's picture took the page's reproduce line as it stood at the download, its CSV the engine
  // as the study started: with another scenario loaded in between, one study's two files named two
  // engines (the picture "Jacobi", the CSV "Gauss–Seidel", which ran the cases)
  it('its picture and CSV name the run the study ran, not a scenario loaded since', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny`);
    await waitForState(page, (s) => s.count > 0);
    const made = await cardMadeBy(page, '#card-runout');
    expect(made).toMatch(/^engine avalanche gauss-seidel \(double\), Granular Lab \S+$/);
    await page.locator('#study-aspects').fill('1');
    await page.locator('#study-run').click();
    await waitForStudy(page, (s) => !s.running && s.rows === 1);
    const save = async (selector: string): Promise<{ name: string; bytes: Buffer }> => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
      const chunks: Buffer[] = [];
      for await (const chunk of await file.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
      return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
    };
    const before = await save('#png-study');
    // another scenario: the same column with the Jacobi solver
    await page.locator('#f-method').selectOption('jacobi');
    await page.locator('#apply').click();
    await expect.poll(() => cardMadeBy(page, '#card-runout')).toMatch(/^engine avalanche jacobi \(double\)/);
    // the picture as it was: its reproduce line still names the scenario and engine the study ran
    const after = await save('#png-study');
    expect(after.name).toBe(before.name);
    expect(after.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(after.bytes.equals(before.bytes)).toBe(true);
    // and the CSV the same engine
    const csv = (await save('#csv-study')).bytes.toString('utf8');
    expect(csv.split('\r\n')[0]).toContain(`"H0 — ${made} (m)"`);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // this test and the next act on a study still running: a tiny study of a = 0.5 and 8 now ends in a third of a
  // second, before Cancel was pressed on a loaded machine; a = 0.5 and 32 at quick size runs for seconds
  it('Cancel keeps the material line with the kept rows', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=quick`);
    await page.locator('#study-aspects').fill('0.5, 32');
    await page.locator('#study-run').click();
    await waitForStudy(page, (s) => s.running);
    await page.locator('#study-cancel').click();
    await waitForStudy(page, (s) => !s.running);
    expect(await text(page, '#study-result')).toMatch(/^Study cancelled; (no case had finished|the finished case is kept) \(μ = 0\.5, μ_r = 0, e = 0, Gauss–Seidel, seed \d+\)\.$/);
    expect(await text(page, '#study-progress-text')).toMatch(/^Cancelled: [01] of 2 cases done\.$/);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // Run study pressed during a study: the progress line went on naming the study replaced (its count
  // of cases, the case it ran) until the new one's clock first ticked
  it('a study started over a running one says its own progress from the start', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=quick`);
    await page.locator('#study-aspects').fill('0.5, 32');
    await page.locator('#study-run').click();
    await expect.poll(() => text(page, '#study-progress-text')).toMatch(/ of 2 cases done · a = /);
    // while it runs the button says that pressing it starts again, and what that drops
    expect(await text(page, '#study-run')).toBe('Restart study');
    expect(await page.locator('#study-restart-note').isVisible()).toBe(true);
    expect(await text(page, '#study-restart-note')).toBe('Restart drops the cases done so far; Cancel (below) stops and keeps them.');
    await page.locator('#study-aspects').fill('1.5');
    // started again, then two frames
    const line = await page.evaluate(async () => {
      document.querySelector<HTMLButtonElement>('#study-run')?.click();
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return document.getElementById('study-progress-text')?.textContent ?? '';
    });
    expect(line).toMatch(/^0 of 1 case done/);
    await waitForStudy(page, (s) => !s.running && s.rows === 1);
    expect(await text(page, '#study-progress-text')).toBe('1 of 1 case done');
    expect(await text(page, '#study-run')).toBe('Run study');
    expect(await page.locator('#study-restart-note').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('an unknown ?study= size is said in the address banner, like a bad plot or until', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=huge`);
    await page.locator('#address-error').waitFor({ state: 'visible' });
    expect(await page.locator('#address-error').textContent()).toBe(
      'Part of this page\'s address was ignored: study = "huge" is not a study size: tiny, quick, full.');
    // the panel's default size stays
    expect(await page.locator('#study-size').inputValue()).toBe('quick');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('aspect ratios in the address that cannot run are said in the banner at once, and kept in the field to correct', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0&study=tiny&aspects=0.01,100`);
    await page.locator('#address-error').waitFor({ state: 'visible' });
    expect(await page.locator('#address-error').textContent()).toBe(
      'Part of this page\'s address was ignored: aspects = "0.01,100" cannot run and waits in the study\'s field to be corrected: aspect ratios "0.01" and "100": each must be a number from 0.1 to 32 here (granular-cli avalanche-study takes any a > 0).');
    expect(await page.locator('#study-aspects').inputValue()).toBe('0.01,100');
    // and marked there, with the reason next to it
    expect(await page.locator('#study-aspects').getAttribute('aria-invalid')).toBe('true');
    // every value that cannot run is named, not only the first (fixing it then refused the next)
    expect(await text(page, '#err-study-aspects')).toBe('aspect ratios "0.01" and "100": each must be a number from 0.1 to 32 here (granular-cli avalanche-study takes any a > 0)');
    await page.locator('#study-aspects').fill('0.5,1');
    expect(await page.locator('#err-study-aspects').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
