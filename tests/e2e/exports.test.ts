/**
 * Getting results out (issue 6 §2) in Chromium: CSV and PNG of a plot, PNG and WebM of the canvas,
 * the per-collision event log, the scenario file against the share link, the reproduce line.
 */
import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import type { ChainProbe } from '../../web/src/chain/app';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { splitUnit } from '../../web/src/plot/chart-export';
import { decodeScenario, encodeScenario } from '../../web/src/ui/share';
import { csvCells } from '../web/csv-cells';
import { cardMadeBy, closePage, decodePng, granularState, madeBy, openPage, pixelAt, plotPoints, useBrowser, waitForState } from './browser';

const browser = useBrowser();
const UNTIL = 0.3;
/** the gas page's default run, as its plots' CSV headers name it (the engine and version follow it: cardMadeBy) */
const GAS_RUN = 'Cooling granular gas, seed 7';

/** Clicks `selector` and returns the download it starts, with its bytes. */
async function download(page: Page, selector: string): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
  return { file, bytes: readFileSync(await file.path()) };
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBM_MAGIC = [0x1a, 0x45, 0xdf, 0xa3]; // EBML

/**
 * A canvas PNG's layout: the canvas's pixels, under them the speed colour scale (34 px), then the
 * caption (the time and the reproduce line) on one or more 15 px lines with 2 × 8 px of padding.
 * Returns the canvas's size in device px.
 */
async function expectScaleAndCaption(page: Page, png: Buffer): Promise<{ width: number; height: number }> {
  expect([...png.subarray(0, 8)]).toEqual(PNG_MAGIC);
  const drawn = await page.evaluate(() => {
    const c = document.getElementById('sim-canvas') as HTMLCanvasElement;
    return { width: c.width, height: c.height };
  });
  expect(png.readUInt32BE(16)).toBe(drawn.width);
  const extra = png.readUInt32BE(20) - drawn.height;
  expect(extra).toBeGreaterThanOrEqual(34 + 15 + 16);
  expect((extra - 34 - 16) % 15).toBe(0);
  return drawn;
}

/**
 * What a plot's PNG holds below its chart (the rows under the title and the chart's canvas, which
 * PlotView.png draws first): `bands`, the rows of dark ink (#1d2025: the legend's labels and the
 * notes; the reproduce line is grey), and `matching`, the pixels in the whole picture within 40 of
 * `colour` (a series' stroke: its curve and its legend swatch).
 */
async function plotPngInk(page: Page, png: Buffer, plot: string, colour: [number, number, number]): Promise<{ bands: number; matching: number }> {
  const top = await page.evaluate((plot) => {
    const chart = document.querySelector<HTMLCanvasElement>(`${plot} canvas`);
    if (!chart) throw new Error(`no chart in ${plot}`);
    const ratio = chart.width / chart.getBoundingClientRect().width;
    return Math.round(24 * ratio) + chart.height;
  }, plot);
  const picture = await decodePng(page, png);
  const px = picture.rgba;
  let matching = 0;
  for (let i = 0; i < px.length; i += 4) {
    if (Math.abs(px[i]! - colour[0]) + Math.abs(px[i + 1]! - colour[1]) + Math.abs(px[i + 2]! - colour[2]) < 40) matching++;
  }
  // a band: rows of dark ink less than 4 rows apart (a descender's row, under a gap, is its line's)
  let bands = 0;
  let lastDark = -Infinity;
  for (let y = top; y < picture.height; y++) {
    let dark = false;
    for (let x = 0; x < picture.width && !dark; x++) {
      const [r, g, b] = pixelAt(picture, x, y);
      dark = r + g + b < 200;
    }
    if (!dark) continue;
    if (y - lastDark > 3) bands++;
    lastDark = y;
  }
  return { bands, matching };
}

const VERMILLION: [number, number, number] = [0xd5, 0x5e, 0x00]; // Haff's curve
const BLUE: [number, number, number] = [0x00, 0x72, 0xb2]; // the first hysteresis loop

// a plot's PNG is its chart as drawn, with its legend and notes under it: a series switched off in the
// legend was left out of the chart but named in the legend below (the soft hysteresis plot), and the
// energy plot's line saying why there is no Haff curve was not in it at all
describe('a plot PNG shows what the page shows', () => {
  it('gas energy plot: a series switched off is neither drawn nor named; "No Haff curve: …" under the legend', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`);
    await waitForState(page, (s) => s.count > 0);
    await page.locator('#btn-step').click();
    await waitForState(page, (s) => s.outputIndex >= 1);
    const png = async (): Promise<Buffer> => (await download(page, '[aria-label="Download the energy plot as PNG"]')).bytes;
    // Haff's curve drawn and named: its colour in the picture, one row of legend, no note
    const shown = await plotPngInk(page, await png(), '#plot-energy', VERMILLION);
    expect(shown.matching).toBeGreaterThan(20);
    expect(shown.bands).toBe(1);
    // switched off in the legend: nowhere in the picture
    await page.locator('#card-energy .u-legend').getByRole('button', { name: "Haff's law E₀/(1+t/τ)²" }).click();
    const hidden = await plotPngInk(page, await png(), '#plot-energy', VERMILLION);
    expect(hidden.matching).toBe(0);
    expect(hidden.bands).toBe(1);
    // gravity: no curve, and the line under the legend that says why is under the picture's legend too
    await page.locator('#f-gravityY').fill('-9.81');
    await page.locator('#apply').click();
    await expect.poll(async () => page.locator('#energy-no-haff').isVisible()).toBe(true);
    const noted = await plotPngInk(page, await png(), '#plot-energy', VERMILLION);
    expect(noted.matching).toBe(0);
    expect(noted.bands).toBe(2); // 'measured', then 'No Haff curve: gravity g = 9.81 m/s² acts on the gas'
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('soft hysteresis plot: a loop switched off in the legend is not in the picture', async () => {
    const scenario = readFileSync(new URL('../../scenarios/soft-head-on.json', import.meta.url), 'utf8');
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?until=2.5#s=${await encodeScenario(scenario)}`);
    await waitForState(page, (s) => !s.running && s.time >= 2.5, 60_000);
    const png = async (): Promise<Buffer> => (await download(page, '[aria-label="Download the hysteresis plot as PNG"]')).bytes;
    const loop = page.locator('#plot-hysteresis .u-legend').getByRole('button', { name: 't = 2.000 s' });
    expect(await loop.getAttribute('aria-pressed')).toBe('true');
    expect((await plotPngInk(page, await png(), '#plot-hysteresis', BLUE)).matching).toBeGreaterThan(20);
    await loop.click();
    await expect.poll(() => page.evaluate(() => window.__granular?.soft?.().loopsHidden)).toEqual(['t = 2.000 s']);
    const hidden = await plotPngInk(page, await png(), '#plot-hysteresis', BLUE);
    expect(hidden.matching).toBe(0);
    expect(hidden.bands).toBe(0); // no legend row left
    expect(errors).toEqual([]);
    await closePage(page);
  });
});

describe('exports on the gas page', () => {
  let page: Page;
  let errors: string[];

  /** the run as its CSVs name it: the scenario, the seed, the engine and the version */
  let run = '';

  beforeAll(async () => {
    ({ page, errors } = await openPage(browser(), `${inject('baseUrl')}?until=${UNTIL}`));
    await waitForState(page, (s) => !s.running && s.time >= UNTIL);
    run = `${GAS_RUN}, ${await cardMadeBy(page, '#card-energy')}`;
  });

  afterAll(async () => {
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('the reproduce line under each plot names scenario, seed, engine, precision, version and links the scenario', async () => {
    const line = page.locator('#card-energy .reproduce');
    await expect.poll(() => line.locator('a').getAttribute('href')).toContain('#s=');
    const text = (await line.textContent()) ?? '';
    expect(text).toContain('Scenario “Cooling granular gas”');
    expect(text).toContain('seed 7');
    expect(text).toContain('engine event (double)');
    expect(text).toMatch(/Granular Lab \d+\.\d+\.\d+/);
    expect(await page.locator('.plot-card .reproduce').count()).toBe(3);
  });

  it('the energy plot as CSV: header with units, every plotted point in full precision', async () => {
    const { file, bytes } = await download(page, '[aria-label="Download the energy plot as CSV"]');
    expect(file.suggestedFilename()).toBe('cooling-granular-gas-energy.csv');
    const lines = bytes.toString('utf8').trimEnd().split('\r\n');
    // each column of values names the run, as the chain lab's CSVs do (the first line stays the headers)
    expect(lines[0]).toBe(`time t (s),"E_kin — measured — ${run} (J)","E_kin — Haff's law E₀/(1+t/τ)² — ${run} (J)"`);
    const rows = lines.slice(1).map((l) => l.split(',').map(Number));
    // 0 … 0.3 s every 0.02 s; the plot draws the last output a frame after the run paused (it read 15
    // points beside the CSV's 16 in a CI run), so its count is awaited, not read once
    expect(rows.length).toBe(16);
    await expect.poll(async () => (await plotPoints(page)).energy).toBe(rows.length);
    expect(rows[0]?.[0]).toBe(0);
    for (const row of rows.slice(0, 5)) {
      expect(row).toHaveLength(3);
      for (const v of row) expect(Number.isFinite(v)).toBe(true);
    }
    // E_kin(0) is Haff's E0
    expect(rows[0]?.[1]).toBeCloseTo(rows[0]?.[2] ?? NaN, 12);
  });

  // the histogram changes at every output: a file saved without its instant could not be tied to one
  it('the speed distribution as CSV names the instant of its speeds and the Maxwell curve\'s T', async () => {
    const { bytes } = await download(page, '[aria-label="Download the speed distribution plot as CSV"]');
    const header = bytes.toString('utf8').split('\r\n')[0] ?? '';
    const time = (await granularState(page)).time;
    const named = run.replace(/[.()+]/g, '\\$&');
    expect(header).toMatch(new RegExp(`^speed v \\(m/s\\),"f\\(v\\) — measured at t = ${String(time).replace('.', '\\.')} s — ${named} \\(1/\\(m/s\\)\\)","f\\(v\\) — 2D Maxwell at T = [\\d.e-]+ J — ${named} \\(1/\\(m/s\\)\\)"$`));
  });

  // the first PNG took 1-8 s with nothing on screen, and an audit clicked again unsure anything happened
  it('a PNG button says it is working until its picture is offered', async () => {
    const selector = '[aria-label="Download the speed distribution plot as PNG"]';
    const [file, during] = await Promise.all([
      page.waitForEvent('download'),
      // read in the click's own task: the picture is made after it, so this is the state while it is made
      page.locator(selector).evaluate((b) => {
        (b as HTMLButtonElement).click();
        return { text: b.textContent, busy: b.getAttribute('aria-busy') };
      }),
    ]);
    expect(during).toEqual({ text: 'PNG…', busy: 'true' });
    expect(file.suggestedFilename()).toBe('cooling-granular-gas-speed-distribution.png');
    await expect.poll(async () => page.locator(selector).evaluate((b) => [b.textContent, b.getAttribute('aria-busy')])).toEqual(['PNG', null]);
  });

  it('a plot and the canvas as PNG', async () => {
    const plot = await download(page, '[aria-label="Download the speed distribution plot as PNG"]');
    expect(plot.file.suggestedFilename()).toBe('cooling-granular-gas-speed-distribution.png');
    expect([...plot.bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
    expect(plot.bytes.length).toBeGreaterThan(5_000);
    const canvas = await download(page, '#canvas-png');
    expect(canvas.file.suggestedFilename()).toMatch(/^cooling-granular-gas-canvas-.*\.png$/);
    expect(canvas.bytes.length).toBeGreaterThan(5_000);
    const drawn = await expectScaleAndCaption(page, canvas.bytes);
    // the scale's bar runs from viridis' dark purple to its yellow, as the legend under the canvas
    const picture = await decodePng(page, canvas.bytes);
    const bar: Array<[number, number, number]> = [];
    for (let x = 0; x < picture.width; x++) {
      const rgb = pixelAt(picture, x, drawn.height + 11); // the bar's middle row
      if (Math.max(...rgb) - Math.min(...rgb) > 40) bar.push(rgb);
    }
    expect(bar.length).toBeGreaterThan(100);
    const [first, last] = [bar[0]!, bar[bar.length - 1]!];
    expect(first[2]).toBeGreaterThan(first[1]); // purple: more blue than green
    expect(last[0] + last[1]).toBeGreaterThan(400); // yellow
  });

  it('the event log: time, i, j rows in time order, as many as the collisions so far', async () => {
    const { file, bytes } = await download(page, '#event-log-csv');
    expect(file.suggestedFilename()).toBe('cooling-granular-gas-events.csv');
    const lines = bytes.toString('utf8').trimEnd().split('\r\n');
    // the time names the run as a plot CSV's columns of values do; the first line is still the headers
    expect(lines[0]).toBe(`"time — ${run} (s)",disc i,partner j (disc j > i; wall k as j = -(k+1))`);
    const rows = lines.slice(1).map((l) => l.split(',').map(Number));
    expect(rows.length).toBeGreaterThan(100);
    let last = 0;
    for (const [t, i, j] of rows) {
      expect(t).toBeGreaterThanOrEqual(last);
      last = t ?? NaN;
      expect(Number.isInteger(i) && (i ?? -1) >= 0).toBe(true);
      expect(Number.isInteger(j) && (j! > i! || j! < 0)).toBe(true);
    }
    expect(await page.locator('#event-log-note').textContent()).toMatch(/collisions \(all since t = 0\)/);
  });

  it('the downloaded scenario JSON is the scenario the share link carries', async () => {
    await page.locator('#copy-link').click();
    await expect.poll(() => page.locator('#share-url').inputValue()).toContain('#s=');
    const link = new URL(await page.locator('#share-url').inputValue());
    const shared: unknown = JSON.parse(await decodeScenario(link.hash.slice('#s='.length)));
    await page.locator('details.advanced summary').click();
    const { file, bytes } = await download(page, '#download-json');
    expect(file.suggestedFilename()).toBe('cooling-granular-gas.json');
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(shared);
    // and the reproduce line links the same scenario
    const href = (await page.locator('#card-rate .reproduce a').getAttribute('href')) ?? '';
    expect(JSON.parse(await decodeScenario(new URL(href).hash.slice('#s='.length)))).toEqual(shared);
  });

  it('records the canvas as WebM for about a second, with a progress indicator', async () => {
    const record = page.locator('#canvas-record');
    expect(await record.isEnabled()).toBe(true);
    await page.locator('#btn-play').click();
    await record.click();
    await expect.poll(() => record.getAttribute('aria-pressed')).toBe('true');
    // the indicator counts the recording's seconds and size (polled: on a loaded machine the first
    // second's frames may come late, and "0:00 · 0 kB" was read once after a fixed 1.1 s wait)
    await expect.poll(() => page.locator('#record-progress').textContent()).toMatch(/0:0[1-9] · [1-9]\d* kB/);
    const { file, bytes } = await download(page, '#canvas-record');
    expect(file.suggestedFilename()).toMatch(/^cooling-granular-gas-.*\.webm$/);
    expect([...bytes.subarray(0, 4)]).toEqual(WEBM_MAGIC);
    expect(bytes.length).toBeGreaterThan(1_000);
    expect(await record.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('#record-progress').isHidden()).toBe(true);
  });
});

describe('exports on the avalanche page', () => {
  it('each plot has its reproduce line (solver as engine) and CSV / PNG buttons', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0`);
    const line = page.locator('#card-runout .reproduce');
    await expect.poll(() => line.textContent()).toContain('engine avalanche gauss-seidel (double)');
    expect((await line.textContent()) ?? '').toMatch(/Scenario “Column collapse.*” · seed 1 · .* · Granular Lab/);
    for (const name of ['runout', 'kinetic energy', 'solver iterations']) {
      expect(await page.locator(`[aria-label="Download the ${name} plot as CSV"]`).count()).toBe(1);
      expect(await page.locator(`[aria-label="Download the ${name} plot as PNG"]`).count()).toBe(1);
    }
    const { file, bytes } = await download(page, '[aria-label="Download the runout plot as CSV"]');
    const run = `Column collapse, H/W = 2 before settling, seed 1, ${await cardMadeBy(page, '#card-runout')}`;
    expect(file.suggestedFilename()).toBe('column-collapse-h-w-2-before-settling-runout.csv');
    expect(bytes.toString('utf8').split('\r\n')[0]).toBe(`t (s),"runout L — ${run} (m)","L0, settled width — ${run} (m)","front velocity — ${run} (m/s)"`);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});

// the audit: every edited scenario's file was "…-edited-runout.csv", so a run at μ = 0.3 and one at
// μ = 0.8 overwrote each other, and nothing in the CSV said which run it held
describe('exports of edited scenarios on the avalanche page', () => {
  it('two edits of the same preset: other file names, each CSV naming its run with the same hash', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0`);
    await waitForState(page, (s) => s.count > 0 && s.hash !== '');
    const title = 'Column collapse, H/W = 2 before settling';
    const runout = async (): Promise<{ name: string; header: string }> => {
      const { file, bytes } = await download(page, '[aria-label="Download the runout plot as CSV"]');
      return { name: file.suggestedFilename(), header: bytes.toString('utf8').split('\r\n')[0] ?? '' };
    };
    const apply = async (mu: string): Promise<void> => {
      await page.locator('#f-mu').fill(mu);
      await page.locator('#apply').click();
      await expect.poll(() => page.locator('#scenario-json').inputValue()).toMatch(new RegExp(`"mu": ${mu.replace('.', '\\.')}\\b`));
    };
    const preset = await runout();
    expect(preset.name).toBe('column-collapse-h-w-2-before-settling-runout.csv');
    await apply('0.3');
    const first = await runout();
    const [, hash] = /^column-collapse-h-w-2-before-settling-edited-([0-9a-f]{8})-runout\.csv$/.exec(first.name) ?? [];
    expect(hash, first.name).toBeDefined();
    expect(first.header).toContain(`,"runout L — ${title} (edited) #${hash}, seed 1, ${await cardMadeBy(page, '#card-runout')} (m)",`);
    await apply('0.8');
    const second = await runout();
    expect(second.name).toMatch(/^column-collapse-h-w-2-before-settling-edited-[0-9a-f]{8}-runout\.csv$/);
    expect(second.name).not.toBe(first.name);
    expect(second.header).not.toBe(first.header);
    // the picture under the CSV's name
    const picture = await download(page, '[aria-label="Download the runout plot as PNG"]');
    expect(picture.file.suggestedFilename()).toBe(second.name.replace(/\.csv$/, '.png'));
    // μ = 0.3 again: the same run, the same name
    await apply('0.3');
    expect((await runout()).name).toBe(first.name);
    // the preset's value put back: the preset, under its own name
    await apply('0.5');
    await expect.poll(async () => (await runout()).name).toBe(preset.name);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});

// the plots' files named an edited run apart (12cd411), the page's other files did not: two edits of the
// gas preset saved their event logs, canvas pictures, videos and scenarios under the same names
describe('exports of an edited scenario on the gas page', () => {
  it('the event log, the canvas PNG and WebM and the scenario JSON carry the hash the plot CSV carries; the log names the run', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?until=${UNTIL}`);
    const preset = await waitForState(page, (s) => !s.running && s.time >= UNTIL);
    await page.locator('#f-restitution').fill('0.8');
    await page.locator('#apply').click();
    await waitForState(page, (s) => s.hash !== preset.hash && !s.running && s.time >= UNTIL);
    const energy = await download(page, '[aria-label="Download the energy plot as CSV"]');
    const [, hash] = /^cooling-granular-gas-edited-([0-9a-f]{8})-energy\.csv$/.exec(energy.file.suggestedFilename()) ?? [];
    expect(hash, energy.file.suggestedFilename()).toBeDefined();
    const stem = `cooling-granular-gas-edited-${hash}`;
    const run = `Cooling granular gas (edited) #${hash}, seed 7, ${await cardMadeBy(page, '#card-energy')}`;
    expect(energy.bytes.toString('utf8').split('\r\n')[0]).toContain(`"E_kin — measured — ${run} (J)"`);

    // each file's name checked softly: one run says every one that is wrong
    const log = await download(page, '#event-log-csv');
    expect.soft(log.file.suggestedFilename()).toBe(`${stem}-events.csv`);
    expect.soft(log.bytes.toString('utf8').split('\r\n')[0]).toBe(`"time — ${run} (s)",disc i,partner j (disc j > i; wall k as j = -(k+1))`);

    const canvas = await download(page, '#canvas-png');
    expect.soft(canvas.file.suggestedFilename()).toMatch(new RegExp(`^${stem}-canvas-.*\\.png$`));

    await page.locator('details.advanced summary').click();
    const json = await download(page, '#download-json');
    expect.soft(json.file.suggestedFilename()).toBe(`${stem}.json`);
    expect((JSON.parse(json.bytes.toString('utf8')) as { restitution: number }).restitution).toBe(0.8);

    const record = page.locator('#canvas-record');
    await page.locator('#btn-play').click();
    await record.click();
    await expect.poll(() => record.getAttribute('aria-pressed')).toBe('true');
    // stopped once the recorder has handed over data (its size beside the button), not after a fixed time
    await expect.poll(() => page.locator('#record-progress').textContent()).toMatch(/ · ([1-9]\d* kB|[\d.]+ MB)$/);
    const video = await download(page, '#canvas-record');
    expect.soft(video.file.suggestedFilename()).toMatch(new RegExp(`^${stem}-\\d{4}-.*\\.webm$`));
    expect(errors).toEqual([]);
    await closePage(page);
  });
});

describe('exports on the comparison page', () => {
  it('each plot and the table have a reproduce line and their CSV; the canvases export as one PNG', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?until=0.2`);
    await waitForState(page, (s) => !s.running && s.time >= 0.2);
    const line = page.locator('#card-energy .reproduce');
    await expect.poll(() => line.textContent()).toContain('engine event-driven + soft Hunt–Crossley dopri5 + NSCD Moreau–Jean h = 0.001 s (double)');
    for (const name of ['kinetic energy', 'velocity', 'centre-of-mass height', 'collisions and contacts']) {
      expect(await page.locator(`[aria-label="Download the ${name} plot as CSV"]`).count(), name).toBe(1);
      expect(await page.locator(`[aria-label="Download the ${name} plot as PNG"]`).count(), name).toBe(1);
    }
    const energy = await download(page, '[aria-label="Download the kinetic energy plot as CSV"]');
    expect(energy.file.suggestedFilename()).toBe('four-sphere-row-three-contact-models-kinetic-energy.csv');
    // the row places its discs without the seed: the run is the scenario
    const row = `Four-sphere row, three contact models, ${await cardMadeBy(page, '#card-energy')}`;
    expect(energy.bytes.toString('utf8').split('\r\n')[0]).toBe(`time t (s),"kinetic energy E_kin — event-driven — ${row} (J)","kinetic energy E_kin — soft, Hunt–Crossley — ${row} (J)","kinetic energy E_kin — NSCD, Moreau–Jean — ${row} (J)"`);
    // the velocity plot's CSV says whose velocity it is: the disc ringed on the canvases
    await page.locator('#disc-select').selectOption('3');
    await page.locator('#component-select').selectOption('speed');
    const velocity = await download(page, '[aria-label="Download the velocity plot as CSV"]');
    expect(velocity.bytes.toString('utf8').split('\r\n')[0]).toBe(`time t (s),"|v| of disc 3 — event-driven — ${row} (m/s)","|v| of disc 3 — soft, Hunt–Crossley — ${row} (m/s)","|v| of disc 3 — NSCD, Moreau–Jean — ${row} (m/s)"`);
    // the table, once the row has run to its end in every engine
    await expect.poll(() => page.evaluate(() => window.__granular?.compare?.().table.state), { timeout: 30_000 }).toBe('ready');
    expect(await page.locator('#card-table .reproduce').textContent()).toContain('Scenario “Four-sphere row, three contact models”');
    const table = await download(page, '#table-csv');
    expect(table.file.suggestedFilename()).toBe('four-sphere-row-three-contact-models-row-table.csv');
    const rows = table.bytes.toString('utf8').trimEnd().split('\r\n');
    // its columns of values name the run as the plots' do; the run's conditions, its inputs, as they are
    expect(rows[0]).toBe(`engine,${[1, 2, 3, 4].map((i) => `"v${i} — ${row} (m/s)"`).join(',')},collisions or contacts,"largest |dv| vs exact — ${row} (m/s)","finished at — ${row} (s)",e (1),gap (m),v0 (m/s),soft E (Pa),NSCD h (s)`);
    expect(rows[1]).toBe('exact (chain engine),0.173828125,0.193359375,0.2109375,0.421875,6,,17.799999999999997,0.5,1,1,10000000,0.001');
    expect(await page.locator('#table-csv').getAttribute('aria-disabled')).toBeNull();
    expect(rows.length).toBe(5);
    const png = await download(page, '#canvas-png');
    expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
    expect(png.file.suggestedFilename()).toMatch(/^four-sphere-row-three-contact-models-canvas-.*\.png$/);
    // an edited row: its table, like its plots, under the name with its hash
    await page.locator('#f-restitution').fill('0.6');
    await page.locator('#apply').click();
    // the table's line names its e once the edited row's table is shown
    await expect.poll(() => page.locator('#table-status').textContent(), { timeout: 30_000 }).toMatch(/^e = 0\.6,/);
    expect(await page.evaluate(() => window.__granular?.compare?.().table.state)).toBe('ready');
    const edited = await download(page, '[aria-label="Download the kinetic energy plot as CSV"]');
    const [, stem] = /^(four-sphere-row-three-contact-models-edited-[0-9a-f]{8})-kinetic-energy\.csv$/.exec(edited.file.suggestedFilename()) ?? [];
    expect(stem, edited.file.suggestedFilename()).toBeDefined();
    const editedTable = await download(page, '#table-csv');
    expect(editedTable.file.suggestedFilename()).toBe(`${stem}-row-table.csv`);
    expect(editedTable.bytes.toString('utf8').split('\r\n')[1]).toMatch(/,0\.6,1,1,10000000,0\.001$/);
    // and its headers the edited run, with the hash the plots' headers carry
    const editedRun = /"kinetic energy E_kin — event-driven — (.+?) \(J\)"/.exec(edited.bytes.toString('utf8').split('\r\n')[0] ?? '')?.[1];
    expect(editedRun).toMatch(/^Four-sphere row, three contact models.* #[0-9a-f]{8}, engine event-driven .*, Granular Lab \S+$/);
    expect(editedTable.bytes.toString('utf8').split('\r\n')[0]).toContain(`"v1 — ${editedRun} (m/s)"`);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});

describe('exports on the avalanche page', () => {
  it('the canvas PNG carries the grain-speed scale under the picture, then the caption', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?until=0.1`);
    await waitForState(page, (s) => !s.running && s.time >= 0.1, 60_000);
    const png = await download(page, '#canvas-png');
    await expectScaleAndCaption(page, png.bytes);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // A preset opened from the menu is named by its name at once; opened from a share link it carried
  // a hash ("column-collapse-h-w-2-before-settling-1c7eda06-runout.csv", "… #1c7eda06, seed 1, …")
  // until the engine's answer said it was that preset: a download right after opening the link was
  // named apart from the same download a moment later.
  it('a bundled preset opened from a share link: its exports are named by the preset at once, as a moment later', async () => {
    const json = readFileSync(new URL('../../scenarios/avalanche-column.json', import.meta.url), 'utf8');
    // a page of its own: the script below stays with its context
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 });
    // the runout plot's CSV, pressed the moment the page has handled the engine's 'loaded' (in the
    // same task: nothing else the engine says comes in between)
    await context.addInitScript(() => {
      const add = Worker.prototype.addEventListener;
      let pressed = false;
      Worker.prototype.addEventListener = function (this: Worker, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
        if (type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, options);
        add.call(this, type, (event: Event) => {
          listener.call(this, event);
          const data: unknown = (event as MessageEvent).data;
          if (pressed || typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== 'loaded') return;
          pressed = true;
          document.querySelector<HTMLButtonElement>('[aria-label="Download the runout plot as CSV"]')?.click();
        }, options);
      };
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const first = page.waitForEvent('download');
    await page.goto(`${inject('baseUrl')}avalanche.html?play=0#s=${await encodeScenario(json)}`);
    const early = await first;
    const earlyCsv = readFileSync(await early.path()).toString('utf8');
    // a moment later: the menu names the preset (the engine has said it is that one)
    await expect.poll(() => page.locator('#preset').inputValue()).toBe('avalanche-column');
    const later = await download(page, '[aria-label="Download the runout plot as CSV"]');
    expect(later.file.suggestedFilename()).toBe('column-collapse-h-w-2-before-settling-runout.csv');
    expect(early.suggestedFilename()).toBe(later.file.suggestedFilename());
    const run = `Column collapse, H/W = 2 before settling, seed 1, ${await cardMadeBy(page, '#card-runout')}`;
    expectMadeBy(later.bytes.toString('utf8'), run, 'a moment later');
    expectMadeBy(earlyCsv, run, 'at once');
    // and the canvas's picture, named from the same run
    expect((await download(page, '#canvas-png')).file.suggestedFilename()).toMatch(/^column-collapse-h-w-2-before-settling-canvas-.*\.png$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('exports on the soft-disc page', () => {
  it("the hysteresis CSV: each loop's headers name the pair the plot's title names, and its units", async () => {
    const scenario = readFileSync(new URL('../../scenarios/soft-head-on.json', import.meta.url), 'utf8');
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?until=2.5#s=${await encodeScenario(scenario)}`);
    await waitForState(page, (s) => !s.running && s.time >= 2.5, 60_000);
    expect(await page.locator('#plot-hysteresis .u-title').innerText()).toBe('Hysteresis, F (N) vs ρ (m): disc 0 – disc 1');
    const { bytes } = await download(page, '[aria-label="Download the hysteresis plot as CSV"]');
    const [header, ...rows] = bytes.toString('utf8').trimEnd().split('\r\n');
    // and the run (the preset the link carries, learned as such: no hash)
    const run = `Two discs head-on (soft contact), seed 1, ${await cardMadeBy(page, '#card-hysteresis')}`;
    expect(header).toBe(`"penetration ρ — disc 0 – disc 1, t = 2.000 s — ${run} (m)","contact force F — disc 0 – disc 1, t = 2.000 s — ${run} (N)"`);
    // the loop itself: from no overlap and no force, back to them
    expect(rows[0]?.split(',').map(Number)[1]).toBeLessThan(1e-12);
    expect(rows.at(-1)).toBe('0,0');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('the energy ledger CSV gives each component as it is (the plot stacks them), summing to the total', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?until=1`);
    await waitForState(page, (s) => !s.running && s.time >= 1);
    const { file, bytes } = await download(page, '[aria-label="Download the energy ledger plot as CSV"]');
    expect(file.suggestedFilename()).toBe('soft-discs-in-a-square-box-notebook-1-energy-ledger.csv');
    const [header, ...lines] = bytes.toString('utf8').trimEnd().split('\r\n');
    const rows = lines.map((line) => line.split(','));
    // each component's column names the run, as every plot's CSV does
    const run = `Soft discs in a square box (notebook 1), seed 7, ${await cardMadeBy(page, '#card-ledger')}`;
    expect(header).toBe([
      'time t (s)',
      ...['translational kinetic', 'rotational kinetic', 'observer kinetic', 'elastic (Hertz)', 'gravitational potential', 'dissipated by damping',
        'dissipated by friction', 'total', 'initial energy'].map((part) => `"energy — ${part} — ${run} (J)"`),
    ].join(','));
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      const v = row.map(Number);
      const parts = v.slice(1, 8);
      const total = v[8] ?? NaN;
      // each column its own quantity: the parts add up to the total, not each to the total
      expect(Math.abs(parts.reduce((s, x) => s + x, 0) - total)).toBeLessThan(1e-9 * total);
      expect(v[2]!).toBeLessThan(total); // rotational kinetic alone, not translational + rotational
    }
    // the notebook's discs spin: rotational kinetic energy is there from t = 0
    expect(Number(rows[0]?.[2])).toBeGreaterThan(0);
    expect(Number(rows[0]?.[3])).toBeLessThan(Number(rows[0]?.[8]));
    expect(errors).toEqual([]);
    await closePage(page);
  });
});

/**
 * That each column of values of `csv` names `made` (madeBy) after its run, right before its unit:
 * "<quantity> — <run>, engine event (double), Granular Lab 0.1.0 (<unit>)". A column of values is
 * one with a unit whose header names something after " — " (its run, or a series and its run); the
 * key columns ("t (s)", "sample") and those without a unit name no run and are left as they are.
 */
function expectMadeBy(csv: string, made: string, what: string): void {
  const header = csvCells(csv.split('\r\n')[0] ?? '');
  const values = header.filter((h) => h.includes(' — ') && splitUnit(h) !== null);
  expect(values.length, `${what}: ${header.join(' | ')}`).toBeGreaterThan(0);
  for (const h of values) expect(h.endsWith(`${made} (${splitUnit(h)?.unit ?? ''})`), `${what}: "${h}" names ${made}`).toBe(true);
}

// a CSV read away from the page named its run but not the engine nor the build that made its numbers,
// which the picture beside it names ("engine event (double) · Granular Lab 0.1.0")
describe('every CSV export names the engine and the version its picture names', () => {
  /** each page with a scenario, at its default scenario, and what it must have run first */
  const PAGES = [
    { name: 'the gas page: its plots and the event log', url: `?until=${UNTIL}`, until: UNTIL, table: false, buttons: 4 },
    { name: 'the soft-disc page: its plots, the energy ledger and the hysteresis loops among them', url: 'soft.html?until=1', until: 1, table: false, buttons: 3 },
    { name: 'the avalanche page: its plots', url: 'avalanche.html?until=0.1', until: 0.1, table: false, buttons: 3 },
    { name: 'the comparison page: its plots and the row table', url: 'compare.html?until=0.2', until: 0.2, table: true, buttons: 4 },
  ];

  it.each(PAGES)('$name', async ({ url, until, table, buttons }) => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${url}`);
    await waitForState(page, (s) => !s.running && s.time >= until, 60_000);
    if (table) await expect.poll(() => page.evaluate(() => window.__granular?.compare?.().table.state), { timeout: 30_000 }).toBe('ready');
    await cardMadeBy(page, '.plot-foot');
    // every CSV button shown, with the reproduce line beside it (a plot's, the table's), else the page's (the event log's)
    const selector = '.plot-foot button[aria-label$=" as CSV"]:visible, #event-log-csv:visible';
    const lines = await page.locator(selector).evaluateAll((all) =>
      all.map((b) => ({ id: b.id || (b.getAttribute('aria-label') ?? ''), line: (b.closest('.plot-foot') ?? document).querySelector('.reproduce-text')?.textContent ?? '' })));
    expect(lines.map((l) => l.id)).toHaveLength(buttons);
    for (const [k, { id, line }] of lines.entries()) {
      const { bytes } = await download(page, `${selector} >> nth=${k}`);
      expectMadeBy(bytes.toString('utf8'), madeBy(line), id);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("the chain lab: every panel's CSVs, each naming its panel's engine and arithmetic", async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    const probe = (): Promise<ChainProbe> => page.evaluate(() => window.__chain!.probe());
    const ready = async (): Promise<ChainProbe> => {
      await page.waitForFunction(() => window.__chain !== undefined);
      await expect.poll(async () => {
        const p = await probe();
        return p.time.collisions > 0 && p.sweep.points > 0 && p.newton.steps > 0 && p.mc.samples > 0 && p.time.picture.includes('Granular Lab');
      }, { timeout: 20_000 }).toBe(true);
      return probe();
    };
    let p = await ready();
    const selector = 'button.csv-button[aria-label$=" as CSV"]:visible';
    const buttons = await page.locator(selector).evaluateAll((all) => all.map((b) => ({ id: b.id, panel: b.closest('[id^="panel-"]')?.id.slice('panel-'.length) ?? '' })));
    expect(buttons.map((b) => b.id).sort()).toEqual(['csv-final', 'csv-gaps', 'csv-log', 'csv-mc', 'csv-mc-samples', 'csv-newton', 'csv-newton-table', 'csv-positions', 'csv-sweep-collisions', 'csv-sweep-velocities', 'csv-velocities']);
    for (const [k, { id, panel }] of buttons.entries()) {
      // Chromium offers a page no more than ten downloads in a row: the page loaded again gives the rest
      if (k === 8) {
        await page.reload();
        p = await ready();
      }
      expect(['time', 'sweep', 'newton', 'mc'], id).toContain(panel);
      const made = madeBy(p[panel as 'time' | 'sweep' | 'newton' | 'mc'].picture);
      const { bytes } = await download(page, `#${id}`);
      expectMadeBy(bytes.toString('utf8'), made, id);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
