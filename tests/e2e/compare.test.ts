/**
 * The comparison page (compare.html): the three engines run side by side, the plots fill, the
 * row's table fills with numbers and its explanation, the share link reproduces the run, embed
 * mode, a bad value next to its field, family routing.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { encodeScenario } from '../../web/src/ui/share';
import type { CompareProbe } from '../../web/src/ui/test-hook';
import { cardMadeBy, closePage, coloredPixels, granularState, menuPresetIds, openPage, pageProbe, presetIdsOfFamily, screenshotPath, useBrowser, waitForPageProbe, waitForState } from './browser';

const browser = useBrowser();

const probe = (page: Page): Promise<CompareProbe> => pageProbe(page, 'compare');
const waitForProbe = (page: Page, predicate: (p: CompareProbe) => boolean, timeout = 40_000): Promise<CompareProbe> =>
  waitForPageProbe(page, 'compare', predicate, timeout);

async function preset(name: string): Promise<string> {
  return readFile(new URL(`../../scenarios/${name}.json`, import.meta.url), 'utf8');
}

describe('the comparison page', () => {
  it('runs the row in all three engines, fills the plots and the table with the exact answer', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html`);
    await waitForState(page, (s) => s.count === 4 && s.time > 0.5 && s.running);
    expect(await page.locator('#preset').inputValue()).toBe('compare-row');
    // the comparison presets in the menu, all of them and no other
    expect(await menuPresetIds(page)).toEqual(await presetIdsOfFamily('compare'));
    // every engine works and draws
    const running = await waitForProbe(page, (p) => p.engines.every((e) => e.work > 0) && p.energy > 5 && p.velocity > 5 && p.contacts > 5);
    expect(running.kind).toBe('row');
    expect(running.disc).toBe(4);
    for (const id of ['sim-canvas', 'canvas-soft', 'canvas-nscd']) expect(await coloredPixels(page, id), id).toBeGreaterThan(300);
    expect(await page.locator('#card-height').isVisible()).toBe(false); // the pile only
    // the table: numbers, the exact v4 = ((1 + e)/2)^3 = 0.421875 at e = 0.5, and why they agree
    const ready = await waitForProbe(page, (p) => p.table.state === 'ready');
    expect(ready.table.rows).toBe(4);
    expect(ready.table.cells[0]?.slice(1, 5)).toEqual(['0.173828', '0.193359', '0.210938', '0.421875']);
    for (const row of ready.table.cells) for (const cell of row.slice(1, 5)) expect(Number(cell), cell).not.toBeNaN();
    expect(ready.table.cells.map((r) => r[5])).toEqual(['6', '6', '6', '6']);
    for (const k of ['event', 'soft', 'nscd']) {
      (ready.table.velocities[k] ?? []).forEach((v, i) => expect(Math.abs(v - (ready.table.velocities['exact']?.[i] ?? NaN)), k).toBeLessThan(1e-6));
    }
    expect(ready.table.explanation).toContain('no two overlapped');
    expect(ready.table.explanation).toContain('a step of its own');
    // the row has no walls: its event-driven caption counted "collisions and wall hits"
    expect(await page.locator('#caption-event').textContent()).toMatch(/^event-driven — \d+ collisions?$/);
    // labels carry units; plots are titled
    const labels = (await page.locator('#scenario-form label').allTextContents()).join('|');
    for (const unit of ['Speed v0 (m/s)', 'Gap between surfaces (m)', 'Soft: Young’s modulus E (Pa)', 'NSCD: time step h (s)', 'Restitution e (1)']) expect(labels, unit).toContain(unit);
    // the full title (beside it a short form, shown where the full one would wrap: fitTitle)
    expect(await page.locator('#plot-energy .u-title .title-full').textContent()).toBe('Kinetic energy E_kin (J) vs time t (s)');
    // the reproduce line names the engines
    expect(await page.locator('#card-energy .reproduce').textContent()).toContain('engine event-driven + soft Hunt–Crossley dopri5 + NSCD Moreau–Jean h = 0.001 s');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // A paused page (t = 0) has one instant: uPlot gave its lone point a 0-100 s time axis, for a row run
  // of 26 s with 0.02 s outputs. Its plots now share the other pages' time scale (runTimeScale): one
  // output interval, then the run's own times after a Step.
  // the contacts plot's axis read "count" and its CSV "count — event-driven", the only quantities in
  // the app without a unit; dimensionless counts are written (1) everywhere else
  it('the contacts plot: its axis, so its CSV columns, say what is counted and its unit (1)', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html`);
    await waitForProbe(page, (p) => p.contacts > 5);
    // the axis is drawn on the canvas; the CSV's headers are built from its label (chartCsv)
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('[aria-label="Download the collisions and contacts plot as CSV"]').click()]);
    const lines = (await readFile((await file.path())!, 'utf8')).split(/\r?\n/);
    const header = lines.find((line) => !line.startsWith('#'));
    const row = `Four-sphere row, three contact models, ${await cardMadeBy(page, '#card-contacts')}`;
    expect(header).toBe(`time t (s),"collisions or contacts — event-driven — ${row} (1)","collisions or contacts — soft, Hunt–Crossley — ${row} (1)","collisions or contacts — NSCD, Moreau–Jean — ${row} (1)"`);
    // no collision yet at t = 0: the log axis draws nothing there, but the CSV holds the zeros (it wrote "0,,,")
    expect(lines[lines.indexOf(header!) + 1]).toBe('0,0,0,0');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // on a laptop (1280 x 800) the contacts chart's y axis read "count (1)": its full title, 167 px, was
  // measured against the plotting area alone (143 px), though uPlot draws it centred on the area and
  // the canvas gave it 177 px (17 px above the area, 80 px below); the energy chart's, 156 px, likewise
  it('on a laptop the charts draw their y-axis titles in full, inside their canvases', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html`, { width: 1280, height: 800 });
    await waitForProbe(page, (p) => p.contacts > 0);
    // the texts drawn turned (the y axes' titles), by chart, from now on: the charts redraw as the run goes on
    await page.evaluate(() => {
      const drawn: Array<{ chart: string; text: string; width: number }> = [];
      (window as unknown as { __turned: typeof drawn }).__turned = drawn;
      const fill = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, max?: number) {
        if (this.getTransform().b !== 0) drawn.push({ chart: this.canvas.closest('[id]')?.id ?? '', text, width: this.measureText(text).width });
        return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max);
      };
    });
    const charts = ['plot-contacts', 'plot-energy', 'plot-velocity'];
    const turned = (): Promise<Array<{ chart: string; text: string; width: number }>> =>
      page.evaluate(() => (window as unknown as { __turned: Array<{ chart: string; text: string; width: number }> }).__turned);
    await expect.poll(async () => { const seen = new Set((await turned()).map((t) => t.chart)); return charts.filter((c) => !seen.has(c)); }).toEqual([]);
    const drawn = await turned();
    for (const chart of charts) {
      const last = drawn.filter((t) => t.chart === chart).at(-1)!;
      // where the plotting area lies in the canvas (CSS px; the page at a device pixel ratio of 1)
      const { top, area, height } = await page.locator(`#${chart}`).evaluate((node) => {
        const canvas = node.querySelector('.uplot canvas')!.getBoundingClientRect();
        const over = node.querySelector('.u-over')!.getBoundingClientRect();
        return { top: over.top - canvas.top, area: over.height, height: canvas.height };
      });
      const middle = top + area / 2;
      // centred on the area, the title stays inside its canvas
      expect(last.width, `${chart}: "${last.text}"`).toBeLessThanOrEqual(2 * Math.min(middle, height - middle));
      if (chart === 'plot-contacts') expect(last.text, `along a plotting area ${Math.round(area)} px tall`).toBe('collisions or contacts (1)');
      if (chart === 'plot-energy') expect(last.text, `along a plotting area ${Math.round(area)} px tall`).toBe('kinetic energy E_kin (J)');
      if (chart === 'plot-velocity') expect(last.text).toBe('v_x of disc 4 (m/s)');
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('a paused comparison draws its lone instant on a time axis of one output interval, then the run\'s times', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`);
    await waitForState(page, (s) => s.count === 4);
    const shown = (p: CompareProbe): Array<[number, number] | null> => [p.timeRanges[0] ?? null, p.timeRanges[1] ?? null, p.timeRanges[3] ?? null];
    await expect.poll(async () => shown(await probe(page))).toEqual([[0, 0.02], [0, 0.02], [0, 0.02]]);
    await page.locator('#btn-step').click();
    await page.locator('#btn-step').click();
    await waitForState(page, (s) => s.outputIndex >= 2);
    await expect.poll(async () => (await probe(page)).timeRanges[0]?.[1]).toBeCloseTo(0.04, 12);
    for (const range of shown(await probe(page))) {
      expect(range?.[0]).toBe(0);
      expect(range?.[1]).toBeCloseTo(0.04, 12);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('the touching row: the table shows the three answers part and says why', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`);
    await waitForState(page, (s) => s.count === 4);
    await page.locator('#preset').selectOption('compare-cradle');
    const p = await waitForProbe(page, (q) => q.table.state === 'ready' && q.table.velocities['exact']?.[3] === 1);
    expect(p.table.velocities['event']).toEqual([0, 0, 0, 1]);
    (p.table.velocities['nscd'] ?? []).forEach((v, i) => expect(Math.abs(v - ([-0.5, 0.5, 0.5, 0.5][i] ?? NaN))).toBeLessThan(1e-6));
    expect(p.table.velocities['soft']?.[3]).toBeLessThan(0.995);
    expect(p.table.explanation).toContain('overlapped for');
    expect(p.table.explanation).toContain('one simultaneous impact');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('the pile: every engine runs, the height plot shows, the other set-ups have no table', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html`);
    await waitForState(page, (s) => s.count === 4);
    await page.locator('#preset').selectOption('compare-pile');
    await waitForState(page, (s) => s.count === 20 && s.time > 0.3);
    const p = await waitForProbe(page, (q) => q.kind === 'pile' && q.height > 5 && q.engines.every((e) => e.work > 0));
    expect(await page.locator('#card-height').isVisible()).toBe(true);
    expect(await page.locator('#caption-event').textContent()).toMatch(/^event-driven — [\d,]+ collisions and wall hits/);
    expect(p.table.state).toBe('idle');
    expect(await page.locator('#table-status').textContent()).toContain('choose the set-up “row”');
    // its CSV button says why there is nothing to download (it did nothing, silently)
    expect(await page.locator('#table-csv').getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator('#table-csv').getAttribute('title')).toBe('No table to download: the table is for the four-sphere row');
    await expect.poll(() => coloredPixels(page)).toBeGreaterThan(500);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('the pile without the TC model: the stopped event-driven engine names the field that turns it on here', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html`);
    await waitForState(page, (s) => s.count === 4);
    await page.locator('#preset').selectOption('compare-pile');
    await waitForState(page, (s) => s.count === 20);
    await page.locator('#f-tc').fill('0');
    await page.locator('#apply').click();
    await waitForProbe(page, (q) => q.kind === 'pile' && q.engines[0]?.stopped === true);
    const caption = (await page.locator('#caption-event').textContent()) ?? '';
    expect(caption).toMatch(/^event-driven — stopped: inelastic collapse at t = /);
    // a comparison scenario has no collapse.model: its TC model is the form's event.tc
    expect(caption).not.toContain('collapse.model');
    expect(caption).toContain('switch the TC model on: set “Event-driven: TC time t_c” (event.tc) above 0');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('a canvas about 290 px wide: the 1 m scale bar lies under the scene, never on its discs', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html`, { width: 1240, height: 900 });
    await waitForState(page, (s) => s.count === 4);
    for (const [preset, count] of [['compare-gas', 24], ['compare-pile', 20], ['compare-row', 4]] as const) {
      await page.locator('#preset').selectOption(preset);
      await waitForState(page, (s) => s.count === count);
      const p = await waitForProbe(page, (q) => q.views.length === 3 && q.views.every((v) => v.bar !== null));
      for (const [k, v] of p.views.entries()) {
        const what = `${preset} canvas ${k}: ${JSON.stringify(v)}`;
        if (preset !== 'compare-row') expect(Math.abs(v.canvas.w - 290), what).toBeLessThan(25);
        const bar = v.bar!;
        // in its canvas, and off the region drawn (walls and discs)
        expect(bar.x >= v.canvas.x && bar.y >= v.canvas.y && bar.x + bar.w <= v.canvas.x + v.canvas.w && bar.y + bar.h <= v.canvas.y + v.canvas.h, what).toBe(true);
        const apart = bar.x >= v.scene.x + v.scene.w || v.scene.x >= bar.x + bar.w || bar.y >= v.scene.y + v.scene.h || v.scene.y >= bar.y + bar.h;
        expect(apart, what).toBe(true);
      }
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the row at e = 0.9 runs 506 s and its view spans some 430 m: 1 m was 2 px, so no bar was drawn and
  // nothing gave the scale of its 2 px discs, which had no numbers either
  it('a row hundreds of metres long: a longer scale bar under each canvas', async () => {
    const scenario = { schema: 1, engine: 'compare', setup: { kind: 'row', gap: 1, speed: 1 }, restitution: 0.9 };
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0#s=${await encodeScenario(JSON.stringify(scenario))}`);
    await waitForState(page, (s) => s.count === 4);
    const p = await waitForProbe(page, (q) => q.views.length === 3 && q.views.every((v) => v.bar !== null));
    for (const v of p.views) expect(v.bar!.y, JSON.stringify(v)).toBeGreaterThanOrEqual(v.scene.y + v.scene.h);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('captions of different lengths: the three side-by-side canvases still start at the same height', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`, { width: 1240, height: 900 });
    await waitForState(page, (s) => s.count === 4);
    await page.locator('#preset').selectOption('compare-gas');
    await waitForState(page, (s) => s.count === 24);
    // a caption two rows longer than the others (as the event-driven engine's counts grow in the pile)
    await page.evaluate(() => {
      document.querySelector('#view-event figcaption')?.append(' and a long tail of words that wraps onto more rows of the caption');
    });
    const captions = await page.locator('.engine-view figcaption').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.max(...captions) - Math.min(...captions), captions.join(', ')).toBeGreaterThan(10);
    const tops = await page.locator('.engine-view canvas').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(Math.max(...tops) - Math.min(...tops), tops.join(', ')).toBeLessThan(0.5);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('three boxes in narrow columns (phone, 480 x 360 frame): short captions of a few rows; the full ones on a wide screen', async () => {
    const payload = await encodeScenario(JSON.stringify(JSON.parse(await preset('compare-pile'))));
    const captions = (page: Page): Promise<Array<{ height: number; shown: string; long: string; cut: boolean }>> =>
      page.locator('.engine-view figcaption').evaluateAll((els) =>
        els.map((e) => {
          const short = e.querySelector<HTMLElement>('.caption-short')!;
          const long = e.querySelector<HTMLElement>('.caption-long')!;
          const showsShort = getComputedStyle(short).display !== 'none';
          return {
            height: e.getBoundingClientRect().height,
            shown: (showsShort ? short : long).textContent ?? '',
            long: long.textContent ?? '',
            cut: e.scrollWidth > e.clientWidth + 1 || (!showsShort && long.getBoundingClientRect().width <= 1),
          };
        }),
      );
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?embed=1&plot=height#s=${payload}`, { width: 480, height: 360 });
    for (const [url, width, height] of [
      [`compare.html?embed=1&plot=height#s=${payload}`, 480, 360],
      [`compare.html#s=${payload}`, 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${inject('baseUrl')}${url}`);
      await waitForState(page, (s) => s.count === 20 && s.time > 0.2);
      await waitForProbe(page, (q) => q.engines.every((e) => e.contacts > 0));
      const shown = await captions(page);
      // the full captions took nine rows (some 135 px) beside a plot in a 480 x 360 frame, five on a phone
      for (const c of shown) {
        expect(c.height, `${url}: ${JSON.stringify(c)}`).toBeLessThanOrEqual(4 * 16);
        expect(c.cut, `${url}: ${JSON.stringify(c)}`).toBe(false);
        expect(c.shown).toMatch(/^(event-driven|soft|NSCD) [\d,]+ (collision|contact)s?$/);
        expect(c.long).toMatch(/ — /); // the full caption, for screen readers
      }
    }
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${inject('baseUrl')}compare.html#s=${payload}`);
    await waitForState(page, (s) => s.count === 20 && s.time > 0.2);
    await waitForProbe(page, (q) => q.engines.every((e) => e.contacts > 0));
    for (const c of await captions(page)) expect(c.shown, JSON.stringify(c)).toMatch(/^(event-driven|soft \(Hunt–Crossley\)|NSCD \(Moreau–Jean\)) — /);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // gap 100 m at 0.001 m/s: the run was cut at 1000 s with 0 collisions, and only the table said why
  it('a row slower than the longest run: the run length says the run ends before the row', async () => {
    const scenario = { schema: 1, engine: 'compare', setup: { kind: 'row', gap: 100, speed: 0.001 } };
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0#s=${await encodeScenario(JSON.stringify(scenario))}`);
    await waitForState(page, (s) => s.count === 4);
    await expect.poll(async () => page.locator('#readout [data-key="duration"]').textContent())
      .toMatch(/^1000 \(ends before the row: its last exact collision is at t = 1\.\d+e6 s\)$/);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // an embed asking for the height plot alone showed the row's flat 0 m line with nothing said
  it('the height plot embedded for a set-up that does not fall says why it is flat; for the pile it says nothing', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?embed=1&plot=height`, { width: 900, height: 560 });
    await waitForState(page, (s) => s.count === 4);
    const note = page.locator('#height-note');
    await expect.poll(async () => note.textContent()).toBe("Only the pile falls: the row's discs move along y = 0, so their height stays 0 m. For the pile: “link” below, set-up “small pile under gravity”.");
    expect(await note.isVisible()).toBe(true);
    // its picture (PNG) has no link to follow: it says why, and no more
    expect(await note.getAttribute('data-picture')).toBe("Only the pile falls: the row's discs move along y = 0, so their height stays 0 m.");
    const pile = await encodeScenario(JSON.stringify(JSON.parse(await preset('compare-pile'))));
    await page.goto(`${inject('baseUrl')}compare.html?embed=1&plot=height#s=${pile}`);
    await waitForState(page, (s) => s.count === 20);
    await expect.poll(async () => page.locator('#height-note').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // at half the frame's width the three piles were 69 x 103 px, their scenes 53 x 87 px (8 px margins)
  it('the pile beside a plot in a 480 x 360 frame: canvases of a usable size, the plot still 200 px wide, all inside the frame', async () => {
    const payload = await encodeScenario(JSON.stringify(JSON.parse(await preset('compare-pile'))));
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?embed=1&plot=height&until=1#s=${payload}`, { width: 480, height: 360 });
    await waitForState(page, (s) => s.count === 20 && !s.running && s.time >= 1);
    // the views too small or past the frame's bottom edge
    const small = async (): Promise<string[]> =>
      (await probe(page)).views
        .filter((v) => v.canvas.w < 78 || v.canvas.h < 120 || v.scene.w < 68 || v.canvas.y + v.canvas.h > 360)
        .map((v) => `canvas ${Math.round(v.canvas.w)} x ${Math.round(v.canvas.h)} at y ${Math.round(v.canvas.y)}, scene ${Math.round(v.scene.w)} x ${Math.round(v.scene.h)}`);
    await expect.poll(small).toEqual([]);
    const plot = await page.locator('#card-height .uplot').boundingBox();
    expect(plot?.width ?? 0).toBeGreaterThanOrEqual(200);
    expect((plot?.x ?? 0) + (plot?.width ?? 999)).toBeLessThanOrEqual(480);
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])).toEqual([480, 360]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('"Copy link" reproduces the same run (state hash)', async () => {
    const base = inject('baseUrl');
    const until = 0.4;
    const { page: a } = await openPage(browser(), `${base}compare.html?until=${until}`);
    const before = await waitForState(a, (s) => !s.running && s.time >= until);
    await a.locator('#f-kind').selectOption('gas');
    await a.locator('#f-count').fill('10');
    await a.locator('#f-restitution').fill('0.7');
    await a.locator('#apply').click();
    const stateA = await waitForState(a, (s) => !s.running && s.time >= until && s.count === 10 && s.hash !== before.hash);
    // the form changed the set-up: the title follows it (the row preset's name would mislead)
    expect(await a.locator('#scenario-title').textContent()).toBe('Small gas in a box, three contact models');
    await a.locator('#copy-link').click();
    await expect.poll(() => a.locator('#share-url').inputValue()).toContain('#s=');
    const link = new URL(await a.locator('#share-url').inputValue());
    expect(link.pathname.endsWith('/compare.html')).toBe(true);
    link.search = `?until=${stateA.time}`;
    const { page: b, errors } = await openPage(browser(), link.toString());
    const stateB = await waitForState(b, (s) => !s.running && s.time >= stateA.time);
    expect(stateB.outputIndex).toBe(stateA.outputIndex);
    expect(stateB.hash).toBe(stateA.hash);
    expect(await b.locator('#f-restitution').inputValue()).toBe('0.7');
    expect(await b.locator('#f-kind').inputValue()).toBe('gas');
    expect(errors).toEqual([]);
    await closePage(a);
    await closePage(b);
  });

  // the menu knew only the presets loaded in the tab: a preset chosen and the page reloaded (its
  // address brings the preset back, normalized), or a link to a preset, left it on '— choose a preset —'
  it('the preset menu names a bundled preset after a reload and for a link to it; an edited one, none', async () => {
    const base = inject('baseUrl');
    const { page, errors } = await openPage(browser(), `${base}compare.html?play=0`);
    await waitForState(page, (s) => s.count === 4 && s.hash !== '');
    const pileName = (JSON.parse(await preset('compare-pile')) as { name: string }).name;
    await page.locator('#preset').selectOption('compare-pile');
    await waitForState(page, (s) => s.count === 20);
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    const pileHash = new URL(page.url()).hash;
    await page.reload();
    await waitForState(page, (s) => s.count === 20);
    expect(await page.locator('#scenario-title').textContent()).toBe(pileName);
    await expect.poll(() => page.locator('#preset').inputValue()).toBe('compare-pile');
    // changed in the form: "(edited)", and no preset named, also after a reload
    await page.locator('#f-restitution').fill('0.7');
    await page.locator('#apply').click();
    await expect.poll(() => page.locator('#scenario-title').textContent()).toBe(`${pileName} (edited)`);
    expect(await page.locator('#preset').inputValue()).toBe('');
    await expect.poll(() => new URL(page.url()).hash).not.toBe(pileHash);
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    await page.reload();
    await waitForState(page, (s) => s.count === 20);
    await expect.poll(() => page.locator('#scenario-title').textContent()).toBe(`${pileName} (edited)`);
    // the edited scenario is not taken for the pile: an answer of the engine that named the pile
    // would have come before its answer to a step asked now (the worker answers in turn), and the
    // menu would name it by the time the step's frame is here
    const before = await granularState(page);
    await page.locator('#btn-step').click();
    await waitForState(page, (s) => s.outputIndex > before.outputIndex);
    expect(await page.locator('#preset').inputValue()).toBe('');
    // a link carrying a preset's file as written (not normalized) opens with the menu on it
    await page.goto(`${base}compare.html?play=0#s=${await encodeScenario(await preset('compare-head-on'))}`);
    await waitForState(page, (s) => s.count === 2);
    await expect.poll(() => page.locator('#preset').inputValue()).toBe('compare-head-on');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('?embed=1 shows the canvases, the controls and the one plot asked for', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?embed=1&plot=energy`);
    await waitForState(page, (s) => s.count > 0 && s.time > 0.1);
    for (const shown of ['#sim-canvas', '#canvas-soft', '#canvas-nscd', '#btn-play', '#card-energy']) expect(await page.locator(shown).isVisible(), shown).toBe(true);
    for (const hidden of ['#scenario-panel', '.topbar', '#copy-link', '#readout', '#card-velocity', '#card-table', '#guide']) {
      expect(await page.locator(hidden).isVisible(), hidden).toBe(false);
    }
    await waitForProbe(page, (p) => p.energy > 3);
    await page.goto(`${inject('baseUrl')}compare.html?embed=1&plot=table`);
    const p = await waitForProbe(page, (q) => q.table.state === 'ready');
    expect(p.table.rows).toBe(4);
    expect(await page.locator('#card-table').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('a bad value shows a message next to its field and the previous run goes on', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html`);
    const running = await waitForState(page, (s) => s.count === 4 && s.running);
    await page.locator('#f-restitution').fill('0');
    await page.locator('#f-timeStep').fill('fast');
    await page.locator('#apply').click();
    const message = page.locator('#err-restitution');
    await message.waitFor({ state: 'visible' });
    expect(await message.textContent()).toBe("restitution = 0: must be > 0 and <= 1 (the soft engine's damping cannot reach e = 0)");
    expect(await page.locator('#err-timeStep').textContent()).toBe('nscd.timeStep = "fast": must be a number');
    expect(await page.locator('#f-restitution').getAttribute('aria-invalid')).toBe('true');
    const later = await waitForState(page, (s) => s.running && s.outputIndex > running.outputIndex + 5);
    expect(later.count).toBe(4);
    expect(await page.locator('#scenario-title').textContent()).toContain('Four-sphere row');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the step over the interval is reported at nscd.timeStep: with only the interval changed it sat
  // under the step, '(This field is as it was; you changed Output interval.)', away from the change
  it('an output interval below the NSCD step: the refusal is shown at the interval the user changed, naming the step', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`);
    await waitForState(page, (s) => s.count === 4);
    expect(await page.locator('#f-timeStep').inputValue()).toBe('0.001');
    await page.locator('#f-interval').fill('0.0005');
    await page.locator('#apply').click();
    const message = page.locator('#err-interval');
    await message.waitFor({ state: 'visible' });
    expect(await message.textContent()).toBe(
      'nscd.timeStep = 0.001: must not exceed output.interval = 0.0005 s\n'
      + '(Refused together with “NSCD: time step h”, which you left as it was: changing either can mend it.)',
    );
    expect(await page.locator('#f-interval').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#err-timeStep').isVisible()).toBe(false);
    expect(await page.locator('#f-timeStep').getAttribute('aria-invalid')).toBe('false');
    await page.locator('.field[data-field="interval"]').screenshot({ path: screenshotPath('compare-interval-refused.png') });
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('the velocity plot keeps the disc chosen through Apply and Reset; another set-up starts from its own disc', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`);
    await waitForState(page, (s) => s.count === 4);
    expect((await probe(page)).disc).toBe(4);
    await page.locator('#disc-select').selectOption('2');
    await page.locator('#component-select').selectOption({ label: '|v|' });
    await expect.poll(async () => (await probe(page)).disc).toBe(2);
    // e changed in the form: a new load of the same row
    await page.locator('#f-restitution').fill('0.7');
    await page.locator('#apply').click();
    await expect.poll(async () => page.locator('#scenario-title').textContent()).toContain('(edited)');
    expect((await probe(page)).disc).toBe(2);
    expect(await page.locator('#disc-select').inputValue()).toBe('2');
    expect((await probe(page)).component).toBe('speed');
    await expect.poll(async () => page.locator('#card-velocity .u-title').getAttribute('title')).toBe('Speed |v| of disc 2 (m/s) vs time t (s)');
    // (Apply plays the new run) paused, then back to t = 0
    await waitForState(page, (s) => s.running && s.outputIndex > 3);
    await page.locator('#btn-play').click();
    await waitForState(page, (s) => !s.running);
    await page.locator('#btn-reset').click();
    await waitForState(page, (s) => s.outputIndex === 0);
    expect((await probe(page)).disc).toBe(2);
    // the pile: 20 discs, its own first disc
    await page.locator('#preset').selectOption('compare-pile');
    await waitForState(page, (s) => s.count === 20);
    await expect.poll(async () => (await probe(page)).disc).toBe(1);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('the elastic row with gaps (e = 1): every engine finishes, the soft discs at rest to round-off, none "not finished"', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`);
    await waitForState(page, (s) => s.count === 4);
    await page.locator('#f-restitution').fill('1');
    await page.locator('#apply').click();
    await expect.poll(async () => page.locator('#scenario-title').textContent()).toContain('(edited)');
    const ready = await waitForProbe(page, (p) => p.table.state === 'ready' && p.table.cells[0]?.[4] === '1');
    expect(ready.table.cells[0]?.slice(1, 6)).toEqual(['0', '0', '0', '1', '3']);
    // the soft row was 'soft (Hunt–Crossley) (not finished)', run to the table's limit of 92 s
    expect(ready.table.cells.map((r) => r[0])).toEqual(['exact (chain engine, 1D)', 'event-driven', 'soft (Hunt–Crossley)', 'NSCD (Moreau–Jean)']);
    expect(ready.table.explanation).not.toContain('had not finished');
    expect(ready.table.explanation).toContain('the soft discs agree with the exact answer');
    (ready.table.velocities['soft'] ?? []).forEach((v, i) => expect(Math.abs(v - (ready.table.velocities['exact']?.[i] ?? NaN))).toBeLessThan(1e-9));
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('a comparison link opened on the gas page lands on the comparison page', async () => {
    const payload = await encodeScenario(JSON.stringify(JSON.parse(await preset('compare-head-on'))));
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?until=0.2#s=${payload}`);
    await page.waitForURL(/\/compare\.html\?until=0\.2#s=/);
    await waitForState(page, (s) => s.count === 2 && !s.running && s.time >= 0.2);
    expect(await page.locator('#scenario-title').textContent()).toContain('Head-on pair');
    expect(await page.locator('#link-error').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
