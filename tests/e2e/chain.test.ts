/** The chain lab page (chain.html): the four panels against REFERENCE §1, bad input, Cancel, CSV, share links. */
import type { Page, Worker as PlaywrightWorker } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { ChainProbe } from '../../web/src/chain/app';
import { closePage, madeBy, openPage, screenshotPath, sidewaysOverflow, useBrowser } from './browser';
import { encodeScenario } from '../../web/src/ui/share';

const browser = useBrowser();

function probe(page: Page): Promise<ChainProbe> {
  return page.evaluate(() => {
    const hook = window.__chain;
    if (!hook) throw new Error('window.__chain is missing');
    return hook.probe();
  });
}

/** Presses a panel's Run again (`mc`, `sweep`) while its run is under way, waits two frames for the
 *  replaced run's rejection to settle, and reads the panel's result line and whether its progress
 *  row shows. */
function runAgainAndRead(page: Page, panel: 'mc' | 'sweep'): Promise<{ line: string; rowShown: boolean }> {
  return page.evaluate(async (id) => {
    document.querySelector<HTMLButtonElement>(`#${id}-run`)?.click();
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const row = document.querySelector<HTMLElement>(`#${id}-progress`)?.parentElement;
    return { line: document.querySelector(`#${id}-result`)?.textContent ?? '', rowShown: row ? !row.hidden : false };
  }, panel);
}

/** Clicks a CSV button: the file's name and its lines. */
async function fetchCsv(page: Page, selector: string): Promise<{ name: string; lines: string[] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
  let text = '';
  for await (const chunk of await file.createReadStream()) text += String(chunk);
  return { name: file.suggestedFilename(), lines: text.split('\r\n').filter((l) => l !== '') };
}

async function ready(page: Page): Promise<ChainProbe> {
  await page.waitForFunction(() => window.__chain !== undefined);
  await expect
    .poll(async () => {
      const p = await probe(page);
      return p.time.collisions > 0 && p.sweep.points > 0 && p.newton.steps > 0 && p.mc.samples > 0;
    }, { timeout: 20_000 })
    .toBe(true);
  return probe(page);
}

describe('the chain lab page', () => {
  it('shows the benchmark numbers: 6 collisions and v4 = 0.421875, the sweep, Newton, Monte Carlo', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    const p = await ready(page);
    expect(p.time.collisions).toBe(6);
    expect(p.time.finalVelocity[3]).toBe(0.421875);
    expect(await page.locator('#time-result').textContent()).toMatch(/^6 collisions, computed in double precision/);
    expect(await page.locator('#final-table').textContent()).toContain('0.421875');
    expect(await page.locator('#log-table tbody tr').count()).toBe(6);
    expect(await page.locator('#log-table tbody tr').first().textContent()).toContain('1–2');
    expect(p.time.points).toBe(8);
    // the sweep: 400 points, collisions on a log axis, the four final velocities
    expect(p.sweep.points).toBe(400);
    expect(p.sweep.velocityPoints).toBe(400);
    expect(p.sweep.maxCollisions).toBeGreaterThan(100);
    expect(await page.locator('#plot-sweep-collisions .u-title').textContent()).toBe('Number of collisions (1) vs e (1)');
    // Newton and the exact value beside it
    expect(await page.locator('#newton-result').textContent()).toContain('0.58740105');
    expect(await page.locator('#newton-compare').textContent()).toContain('0.5874010519682');
    expect(Math.abs(p.newton.e - (Math.cbrt(4) - 1))).toBeLessThan(1e-9);
    expect(p.newton.points).toBe(p.newton.steps);
    // the iteration axis counts whole iterations (it read 0, 0.5, … 3.5)
    const ticks = ((await page.locator('#plot-newton').getAttribute('data-ticks0')) ?? '').split(' ').map(Number);
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.every((t) => Number.isInteger(t))).toBe(true);
    // Monte Carlo beside the exact and the published values
    expect(Math.abs(p.mc.mean - 0.42328)).toBeLessThan(0.004);
    expect(p.mc.bins).toBeGreaterThan(10);
    const stats = await page.locator('#mc-table').textContent();
    expect(stats).toContain('0.423281');
    expect(stats).toContain('0.424898');
    // the canvas drew the row at its set-up
    expect(await page.locator('#row-canvas').getAttribute('aria-label')).toContain('centres at 0, 2, 4, 6 m');
    expect(await page.locator('.page-links a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['./', 'soft.html', 'avalanche.html', 'compare.html']);
    // a CSV with units in the header, each column of values naming the run, the engine and the version
    // as the panel's picture does ("engine chain (double), Granular Lab 0.1.0")
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#csv-log').click()]);
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    const run = (h: string): string => `"${h.replace(/ \((.*)\)$/, ` — N = 4, e = 0.5, ${madeBy(p.time.picture)} ($1)`)}"`;
    expect(text.split('\r\n')[0]).toBe(['collision', 't (s)', 'pair', ...['x1 (m)', 'x2 (m)', 'x3 (m)', 'x4 (m)', 'v1 after (m/s)', 'v2 after (m/s)', 'v3 after (m/s)', 'v4 after (m/s)'].map(run)].join(','));
    expect(text.split('\r\n')).toHaveLength(8);
    // the sweep's two CSV buttons: each plot's own columns, under its own name
    const collisions = await fetchCsv(page, '#csv-sweep-collisions');
    const velocities = await fetchCsv(page, '#csv-sweep-velocities');
    const sweep = `N = 4, e from 0.1716 to 1, 400 points, ${madeBy(p.sweep.picture)}`;
    expect(collisions.name).toBe('chain-sweep-n4-e0-1716to1-400-points-collisions.csv');
    expect(collisions.lines[0]).toBe(`e (1),"collisions — ${sweep} (1)","collapsed — ${sweep} (1 = yes)"`);
    expect(velocities.name).toBe('chain-sweep-n4-e0-1716to1-400-points-final-velocities.csv');
    expect(velocities.lines[0]).toBe(`e (1),${[1, 2, 3, 4].map((i) => `"v${i} final — ${sweep} (m/s)"`).join(',')}`);
    expect(collisions.lines).toHaveLength(401);
    // and each plot as a picture, under the CSV's name
    const [picture] = await Promise.all([page.waitForEvent('download'), page.locator('#png-sweep-collisions').click()]);
    expect(picture.suggestedFilename()).toBe('chain-sweep-n4-e0-1716to1-400-points-collisions.png');
    expect(velocities.lines).toHaveLength(401);
    // Monte Carlo's samples: each e beside its v4 = ((1 + e)/2)³ (every draw of N(0.5, 0.05²) is in the six-collision regime)
    const samples = await fetchCsv(page, '#csv-mc-samples');
    const mc = `N = 4, K = 1000, μ = 0.5, σ = 0.05, seed 1, ${madeBy(p.mc.picture)}`;
    expect(samples.lines[0]).toBe(`sample,"e — ${mc} (1)","v4 — ${mc} (m/s)"`);
    expect(samples.lines).toHaveLength(p.mc.samples + 1);
    for (const line of samples.lines.slice(1)) {
      const [, e, v4] = line.split(',').map(Number);
      expect(Math.abs((v4 ?? NaN) - ((1 + (e ?? NaN)) / 2) ** 3)).toBeLessThan(1e-12);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the audit: every picture said "Unnamed scenario", no CSV named a parameter, and the file names
  // were the same for N = 4 and N = 20
  it('names the run in every export: the panel and its inputs under each picture, in the CSV headers and in the file names', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    const first = await ready(page);
    expect(first.time.picture).toMatch(/^Scenario “Chain lab, time domain: N = 4, e = 0\.5” · engine chain \(double\) · Granular Lab \d/);
    expect(first.sweep.picture).toMatch(/^Scenario “Chain lab, sweep over e: N = 4, e from 0\.1716 to 1, 400 points” · engine chain \(double\)/);
    expect(first.newton.picture).toMatch(/^Scenario “Chain lab, boundary value v4\(e\) = target: N = 4, target v4 = 0\.5 m\/s, bracket e in \[0\.3, 0\.95\]” · engine chain/);
    expect(first.mc.picture).toMatch(/^Scenario “Chain lab, Monte Carlo: N = 4, K = 1000, μ = 0\.5, σ = 0\.05” · seed 1 · engine chain/);
    const four = await fetchCsv(page, '#csv-positions');
    expect(four.name).toBe('chain-time-n4-e0-5-positions.csv');
    await page.locator('#time-n').fill('20');
    await page.locator('#time-e').fill('0.9');
    await page.locator('#time-run').click();
    await expect.poll(async () => (await probe(page)).time.finalVelocity.length).toBe(20);
    expect((await probe(page)).time.picture).toMatch(/^Scenario “Chain lab, time domain: N = 20, e = 0\.9” · engine chain \(double\)/);
    const twenty = await fetchCsv(page, '#csv-positions');
    expect(twenty.name).toBe('chain-time-n20-e0-9-positions.csv');
    const made = madeBy((await probe(page)).time.picture);
    expect(twenty.lines[0]).toContain(`,"x20 — N = 20, e = 0.9, ${made} (m)"`);
    // the button says it works while the picture is made (read in the click's own task)
    const [picture, during] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#png-positions').evaluate((b) => {
        (b as HTMLButtonElement).click();
        return [b.textContent, b.getAttribute('aria-busy')];
      }),
    ]);
    expect(during).toEqual(['PNG…', 'true']);
    expect(picture.suggestedFilename()).toBe('chain-time-n20-e0-9-positions.png');
    await expect.poll(async () => page.locator('#png-positions').textContent()).toBe('PNG');
    const final = await fetchCsv(page, '#csv-final');
    expect(final.name).toBe('chain-time-n20-e0-9-final-velocities.csv');
    expect(final.lines[0]).toBe(`sphere,diameter (m),mass (kg),initial velocity (m/s),"final velocity — N = 20, e = 0.9, ${made} (m/s)","position at the last collision — N = 20, e = 0.9, ${made} (m)"`);
    const newton = await fetchCsv(page, '#csv-newton-table');
    expect(newton.name).toBe('chain-newton-target0-5-bracket0-3to0-95-iterates.csv');
    const histogram = await fetchCsv(page, '#csv-mc');
    expect(histogram.name).toBe('chain-mc-k1000-mu0-5-sigma0-05-seed1-histogram.csv');
    expect(histogram.lines[0]).toContain(`"count — N = 4, K = 1000, μ = 0.5, σ = 0.05, seed 1, ${madeBy(first.mc.picture)} (1)"`);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('names bad values next to their fields, keeps working, and cancels a long sweep', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    await page.locator('#time-e').fill('1.5');
    await page.locator('#time-run').click();
    expect(await page.locator('#time-e-error').textContent()).toBe('e = 1.5 is outside [0, 1]');
    expect(await page.locator('#time-e').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#time-e').fill('NaN');
    await page.locator('#time-e').press('Enter');
    expect(await page.locator('#time-e-error').textContent()).toBe('e = "NaN" is not a number');
    // Infinity is a number, only not a finite one (it was called "not a number")
    await page.locator('#time-n').fill('Infinity');
    await page.locator('#time-run').click();
    expect(await page.locator('#time-n-error').textContent()).toBe('number of spheres = Infinity is not finite: enter a whole number from 2 to 20');
    await page.locator('#time-n').fill('4');
    await page.locator('#sweep-points').fill('0');
    await page.locator('#sweep-run').click();
    expect(await page.locator('#sweep-points-error').textContent()).toContain('resolution = 0');
    await page.locator('#mc-samples').fill('1000000');
    await page.locator('#mc-run').click();
    expect(await page.locator('#mc-samples-error').textContent()).toContain('samples K = 1000000');
    // e = 1: the velocity passes down the row
    await page.locator('#time-e').fill('1');
    await page.locator('#time-run').click();
    await expect.poll(async () => (await probe(page)).time.finalVelocity).toEqual([0, 0, 0, 1]);
    expect(await page.locator('#time-e-error').textContent()).toBe('');
    // collapse, in extended precision
    await page.locator('#time-e').fill('0.1');
    await page.locator('#time-precision').selectOption('extended');
    await page.locator('#time-run').click();
    await expect.poll(() => page.locator('#time-result').textContent()).toMatch(/extended precision.*Inelastic collapse at t = /);
    // a long sweep, cancelled
    await page.locator('#sweep-points').fill('100000');
    await page.locator('#sweep-precision').selectOption('extended');
    await page.locator('#sweep-run').click();
    await page.locator('#sweep-cancel').waitFor({ state: 'visible' });
    await page.locator('#sweep-cancel').click();
    // what the plot still shows is said: the previous sweep, not this one
    await expect.poll(() => page.locator('#sweep-result').textContent())
      .toMatch(/^Sweep cancelled\. The plots and their CSV files still show the previous run \(e from [\d.]+ to [\d.]+, [\d,]+ points, \d spheres\)\.$/);
    expect(await page.locator('#sweep-progress').isVisible()).toBe(false);
    // the same for a long Monte Carlo run
    await page.locator('#mc-samples').fill('100000');
    await page.locator('#mc-run').click();
    await page.locator('#mc-cancel').waitFor({ state: 'visible' });
    await page.locator('#mc-cancel').click();
    await expect.poll(() => page.locator('#mc-result').textContent())
      .toMatch(/^Cancelled\. The table and the histogram still show the previous run \(K = 1,000, μ = 0\.5, σ = 0\.05, seed \d+\)\.$/);
    // and the page still sweeps afterwards
    await page.locator('#sweep-points').fill('50');
    await page.locator('#sweep-run').click();
    await expect.poll(async () => (await probe(page)).sweep.points).toBe(50);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // a second Sample pressed while a long run is under way cancels that run: its "Cancelled." and its
  // hidden progress row (Cancel included) stood for the whole of the new run, which went on unseen
  it('a run started over a running one keeps the line and the progress row of the new run', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    await page.locator('#mc-samples').fill('100000');
    await page.locator('#mc-run').click();
    await page.locator('#mc-cancel').waitFor({ state: 'visible' });
    await page.locator('#mc-samples').fill('90000');
    const seen = await runAgainAndRead(page, 'mc');
    expect(seen.line).toMatch(/^Sampling(:| 90,000)/);
    expect(seen.line).not.toContain('Cancelled');
    expect(seen.rowShown).toBe(true);
    // the new run ends with its own numbers, and its row goes then
    await expect.poll(() => page.locator('#mc-result').textContent(), { timeout: 60_000 }).toMatch(/^90,000 samples in /);
    expect(await page.locator('#mc-cancel').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the sweep panel the same way, by the same guard (runPanelJob): a second Run sweep replaces the
  // first, whose "Sweep cancelled." and hidden row (Cancel included) must not stand over the new one
  it('a sweep started over a running one keeps the line and the progress row of the new sweep', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    await page.locator('#sweep-points').fill('100000');
    await page.locator('#sweep-precision').selectOption('extended');
    await page.locator('#sweep-run').click();
    await page.locator('#sweep-cancel').waitFor({ state: 'visible' });
    await page.locator('#sweep-points').fill('20000');
    await page.locator('#sweep-precision').selectOption('double');
    const seen = await runAgainAndRead(page, 'sweep');
    expect(seen.line).toBe('Sweeping 20,000 values of e…');
    expect(seen.rowShown).toBe(true);
    // the new sweep ends with its own numbers, and its row goes then; the replaced one never shows
    await expect.poll(() => page.locator('#sweep-result').textContent(), { timeout: 60_000 }).toMatch(/^20,000 runs in [\d.]+ s, double precision\./);
    expect((await probe(page)).sweep.points).toBe(20000);
    expect(await page.locator('#sweep-cancel').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // runs declared collapsed below e_c were drawn in the count's line: a peak of 3,949 "collisions" at
  // e = 0.1715608, above the largest true count (1,368), where the row collides infinitely often
  it('the sweep draws collapsed runs apart from the collision count', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    const legend = page.locator('#plot-sweep-collisions .u-legend .u-series .u-label');
    expect(await legend.allTextContents()).toEqual(['collisions']);
    await page.locator('#sweep-emin').fill('0.17');
    await page.locator('#sweep-emax').fill('0.2');
    await page.locator('#sweep-points').fill('2000');
    await page.locator('#sweep-run').click();
    await expect.poll(() => page.locator('#sweep-result').textContent()).toContain('Most collisions without collapse: 1,368 at e = 0.1715758. 105 runs ended');
    await expect.poll(() => legend.allTextContents()).toEqual(['collisions', 'collapsed: collisions until declared']);
    // and back to the default range: no run collapses, one series
    await page.locator('#sweep-emin').fill('0.1716');
    await page.locator('#sweep-emax').fill('1');
    await page.locator('#sweep-points').fill('400');
    await page.locator('#sweep-run').click();
    await expect.poll(() => legend.allTextContents()).toEqual(['collisions']);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // a refused Run left the run in progress going, and its result replaced the refusal 3 s later
  it('a refused Run stops the run still computing: its result does not replace the refusal', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    await expect.poll(() => page.locator('#time-result').textContent()).toMatch(/collisions/);
    // the panel's worker (JobWorker 'granular-chain-time'), idle now: the N = 20 run goes to it, and
    // the WASM call can be stopped only by ending that worker
    // (asked of all workers at once: one still busy with the default sweep answers only when it is done)
    const timeWorker = await new Promise<PlaywrightWorker>((resolve, reject) => {
      const workers = page.workers();
      let left = workers.length;
      if (left === 0) reject(new Error('no workers'));
      for (const w of workers) {
        void w.evaluate(() => self.name)
          .then((name) => name === 'granular-chain-time' && resolve(w), () => undefined)
          .finally(() => --left === 0 && reject(new Error('no worker named granular-chain-time')));
      }
    });
    let ended = false;
    timeWorker.on('close', () => {
      ended = true;
    });
    await page.locator('#time-n').fill('20'); // about 5,000 collisions: seconds of work
    await page.locator('#time-run').click();
    await expect.poll(() => page.locator('#time-result').textContent()).toBe('Computing…');
    await page.locator('#time-n').fill('abc');
    await page.locator('#time-run').click();
    const refused = /^Not run: a value above is not valid/;
    await expect.poll(() => page.locator('#time-result').textContent()).toMatch(refused);
    // every text the line takes from now on: a result that replaced the refusal for a moment counts too
    await page.locator('#time-result').evaluate((line) => {
      const seen: string[] = [];
      (window as unknown as { timeResultSeen: string[] }).timeResultSeen = seen;
      new MutationObserver(() => seen.push(line.textContent ?? '')).observe(line, { childList: true, characterData: true, subtree: true });
    });
    const seen = (): Promise<string[]> => page.evaluate(() => (window as unknown as { timeResultSeen: string[] }).timeResultSeen);
    // the run stopped (its worker ended: no answer can come from it), or its result came (the run
    // went on: then the line below fails at once, where a fixed wait could be too short for it)
    await expect.poll(async () => ended || (await seen()).length > 0).toBe(true);
    expect(await seen()).toEqual([]);
    expect(ended).toBe(true);
    expect(await page.locator('#time-result').textContent()).toMatch(refused);
    expect(await page.locator('#time-progress').isVisible().catch(() => false)).toBe(false);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // with no root in the bracket the comparison rows read "e = 0.95, difference -0.05": the bracket's end as an answer
  it('Newton with no root in its bracket gives no solver answer to compare', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    await expect.poll(() => page.locator('#newton-result').textContent()).toMatch(/^Converged/);
    await page.locator('#newton-target').fill('1');
    await page.locator('#newton-run').click();
    await expect.poll(() => page.locator('#newton-result').textContent()).toMatch(/^No root in the bracket/);
    const rows = await page.locator('#newton-compare .compare-row').allTextContents();
    expect(rows[0]).toBe('Newton (WASM engine)– (no root in the bracket)');
    expect(rows[2]).toBe('difference–');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // a refused value left the result line describing the previous run as if it answered the fields
  it('a refused value: each panel says it did not run, and which run it still shows', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    await expect.poll(() => page.locator('#mc-result').textContent()).toMatch(/^1,000 samples/);
    await expect.poll(() => page.locator('#newton-result').textContent()).toMatch(/^Converged/);
    await expect.poll(() => page.locator('#sweep-result').textContent()).toMatch(/^400 runs/);
    const notRun = 'Not run: a value above is not valid (see the message next to it).';
    for (const [field, run, result, still] of [
      ['#mc-samples', '#mc-run', '#mc-result', ' The table and the histogram still show the previous run (K = 1,000, μ = 0.5, σ = 0.05, seed 1).'],
      ['#newton-target', '#newton-run', '#newton-result', ' The table and the plot still show the previous run (target 0.5 m/s, bracket [0.3, 0.95]).'],
      ['#sweep-points', '#sweep-run', '#sweep-result', ' The plots and their CSV files still show the previous run (e from 0.1716 to 1, 400 points, 4 spheres).'],
    ] as const) {
      await page.locator(field).fill('abc');
      await page.locator(run).click();
      await expect.poll(() => page.locator(result).textContent()).toBe(`${notRun}${still}`);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('?until= pauses the row animation there, once', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html?until=5`);
    await ready(page);
    await page.locator('#row-play').click();
    await expect.poll(() => page.locator('#row-play').textContent(), { timeout: 20_000 }).toBe('Play');
    expect(await page.locator('#row-clock').textContent()).toMatch(/^t = 5 s · \d collisions?$/);
    expect(await page.locator('#address-error').isVisible()).toBe(false);
    // Play again goes on past it
    await page.locator('#row-play').click();
    await expect.poll(async () => Number(/t = ([\d.]+)/.exec((await page.locator('#row-clock').textContent()) ?? '')?.[1])).toBeGreaterThan(5);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the header read "four spheres in a row (ARGESIM C12)" whatever N the row had
  it('the header names the row run in (a): N from the field, from a link, and a custom row', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    const heading = page.locator('.topbar #scenario-name');
    expect(await heading.textContent()).toBe('4 spheres in a row (ARGESIM C12)');
    await page.locator('#time-n').fill('7');
    await page.locator('#time-run').click();
    await expect.poll(async () => (await probe(page)).time.finalVelocity.length).toBe(7);
    expect(await heading.textContent()).toBe('7 spheres in a row');
    await page.locator('#time-custom').check();
    await page.locator('#time-cradle').click();
    await expect.poll(async () => heading.textContent()).toBe('5 spheres in a custom row');
    await closePage(page);

    const link = await encodeScenario(JSON.stringify({ kind: 'chain-lab', time: { e: 0.5, spheres: 3 } }));
    const { page: shared, errors: sharedErrors } = await openPage(browser(), `${inject('baseUrl')}chain.html#s=${link}`);
    await ready(shared);
    await expect.poll(async () => (await probe(shared)).time.finalVelocity.length).toBe(3);
    expect(await shared.locator('.topbar #scenario-name').textContent()).toBe('3 spheres in a row');
    expect(await shared.locator('#link-error').isVisible()).toBe(false);
    expect([...errors, ...sharedErrors]).toEqual([]);
    await closePage(shared);

    // a link whose "kind" is not the chain lab's stays here (it used to be sent to the gas page, which has no "kind")
    const foreign = await encodeScenario(JSON.stringify({ kind: 'xyz' }));
    const { page: other, errors: otherErrors } = await openPage(browser(), `${inject('baseUrl')}chain.html#s=${foreign}`);
    await ready(other);
    await expect.poll(async () => other.locator('#link-error').textContent()).toMatch(/not a chain-lab link \(kind = "xyz"; a chain-lab link has "kind": "chain-lab"\)/);
    expect(new URL(other.url()).pathname).toMatch(/chain\.html$/);
    expect(await other.locator('.topbar #scenario-name').textContent()).toBe('4 spheres in a row (ARGESIM C12)');
    expect(otherErrors).toEqual([]);
    await closePage(other);
  });

  it('"Copy link" restores every panel\'s inputs and recomputes', async () => {
    const { page: a } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(a);
    await a.locator('#time-e').fill('0.3');
    await a.locator('#time-n').fill('5');
    await a.locator('#time-run').click();
    await a.locator('#sweep-points').fill('60');
    await a.locator('#sweep-run').click();
    await a.locator('#newton-target').fill('0.4');
    await a.locator('#newton-run').click();
    await a.locator('#mc-seed').fill('7');
    await a.locator('#mc-samples').fill('500');
    await a.locator('#mc-run').click();
    await expect
      .poll(async () => {
        const s = (await probe(a)).state;
        return [s.time.e, s.time.spheres, s.sweep.points, s.newton.target, s.mc.seed, s.mc.samples];
      })
      .toEqual([0.3, 5, 60, 0.4, 7, 500]);
    await a.locator('#copy-link').click();
    await expect.poll(() => a.locator('#share-url').inputValue()).toMatch(/chain\.html#s=[A-Za-z0-9_-]+$/);
    const url = await a.locator('#share-url').inputValue();
    const before = await probe(a);
    await closePage(a);

    const { page: b, errors } = await openPage(browser(), url);
    await b.waitForFunction(() => window.__chain !== undefined);
    await expect.poll(async () => (await probe(b)).mc.samples).toBe(500);
    await expect.poll(async () => (await probe(b)).sweep.points).toBe(60);
    expect(await b.locator('#time-e').inputValue()).toBe('0.3');
    expect(await b.locator('#time-n').inputValue()).toBe('5');
    expect(await b.locator('#newton-target').inputValue()).toBe('0.4');
    expect(await b.locator('#mc-seed').inputValue()).toBe('7');
    const after = await probe(b);
    expect(after.time.finalVelocity).toEqual(before.time.finalVelocity);
    expect(after.newton.e).toBe(before.newton.e);
    expect(after.mc.mean).toBe(before.mc.mean);
    expect(after.state).toEqual(before.state);
    expect(errors).toEqual([]);
    await closePage(b);
  });

  it('runs a custom row (masses 3 and 1, gap 0.5, e = 1: 0.5 and 1.5 m/s), names a bad mass, and Newton\'s cradle', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await page.waitForFunction(() => window.__chain !== undefined);
    await expect.poll(async () => (await probe(page)).time.collisions).toBe(6);
    await page.locator('#time-custom').check();
    expect(await page.locator('#time-e').isVisible()).toBe(false);
    await page.locator('#time-n').fill('2');
    expect(await page.locator('#time-velocity').inputValue()).toBe('1, 0');
    await page.locator('#time-mass').fill('3, -1');
    await page.locator('#time-gap').fill('0.5');
    await page.locator('#time-restitution').fill('1');
    await page.locator('#time-run').click();
    // the engine's refusal, next to the list it names
    // in the page's numbering (it read "mass[1] = -1: must be > 0 (sphere 2)", counting from 0 and from 1)
    await expect.poll(() => page.locator('#time-mass-error').textContent()).toBe('mass of sphere 2 = -1: must be > 0');
    expect(await page.locator('#time-result').textContent()).toContain('The custom row was not run: mass of sphere 2 = -1: must be > 0.');
    // a value the form itself refuses: the result line no longer names the earlier refusal
    await page.locator('#time-mass').fill('3, b');
    await page.locator('#time-run').click();
    await expect.poll(() => page.locator('#time-mass-error').textContent()).toContain('"b"');
    expect(await page.locator('#time-result').textContent()).toBe('Not run: a value above is not valid (see the message next to it). The animation, plots and tables still show the previous run (e = 0.5, 4 spheres, double).');
    // an empty entry is a missing value, not a separator: "3,,1" is not the two masses 3 and 1
    await page.locator('#time-mass').fill('3,,1');
    await page.locator('#time-run').click();
    await expect.poll(() => page.locator('#time-mass-error').textContent()).toMatch(/^masses: value 2 of 3 is empty/);
    await page.locator('#time-mass').fill('3, 1');
    await page.locator('#time-run').click();
    await expect.poll(async () => (await probe(page)).time.finalVelocity).toEqual([0.5, 1.5]);
    expect(await page.locator('#final-table tbody td:nth-child(5)').allTextContents()).toEqual(['0.5', '1.5']);
    expect(await page.locator('#time-mass-error').textContent()).toBe('');
    expect((await probe(page)).state.time.custom).toEqual({ diameter: [1], mass: [3, 1], velocity: [1, 0], gap: [0.5], restitution: [1] });
    // Newton's cradle: four collisions at t = 0, resolved in index order
    await page.locator('#time-cradle').click();
    await expect.poll(async () => (await probe(page)).time.pairs).toEqual([0, 1, 2, 3]);
    expect(await page.locator('#log-table tbody td:nth-child(3)').allTextContents()).toEqual(['1–2', '2–3', '3–4', '4–5']);
    // the four happen at t = 0, and the animation's clock counts them there (it read "1 collision")
    expect(await page.locator('#row-clock').textContent()).toBe('t = 0 s · 4 collisions');
    expect(await page.locator('#time-simultaneous').textContent()).toContain('the pair with the smaller index first');
    expect(errors).toEqual([]);
    await closePage(page);
  });
  // an audit: velocity 1e300 ran and read "Kinetic energy: ∞ → ∞ J"; a diameter of 1e300 m or a gap of
  // 1e-300 m ran as touching spheres, "Last collision at t = 0 s"
  it('refuses a custom row the engine cannot compute, beside the list, naming the value; the last run stays', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    const previous = ' The animation, plots and tables still show the previous run (e = 0.5, 4 spheres, double).';
    await page.locator('#time-custom').check();
    await page.locator('#time-velocity').fill('1e300, 0, 0, 0');
    await page.locator('#time-run').click();
    expect(await page.locator('#time-velocity-error').textContent()).toBe('initial velocity of sphere 1 = 1e300 m/s (mass 1 kg) gives a kinetic energy ½ m v² beyond the largest number a double holds (about 1.8e308 J): the energy could not be shown or checked');
    expect(await page.locator('#time-result').textContent()).toBe(`Not run: a value above is not valid (see the message next to it).${previous}`);
    expect(await page.locator('#final-note').textContent()).not.toContain('∞');
    expect(await page.locator('#time-velocity').inputValue()).toBe('1e300, 0, 0, 0');
    await page.locator('#time-velocity').fill('1, 0, 0, 0');
    await page.locator('#time-diameter').fill('1e300');
    await page.locator('#time-run').click();
    expect(await page.locator('#time-gap-error').textContent()).toMatch(/^gap of pair 1–2 = 1 m cannot be kept beside diameters of 1e300 m and 1e300 m: .* would run it as 0 m/);
    expect(await page.locator('#time-diameter-error').textContent()).toBe('diameter of sphere 1 = 1e300 m swamps the gap of pair 1–2 (1 m) in the centres\' positions: see the gaps');
    await page.locator('#time-diameter').fill('1');
    await page.locator('#time-gap').fill('1e-300');
    await page.locator('#time-run').click();
    expect(await page.locator('#time-gap-error').textContent()).toMatch(/^gap of pair 1–2 = 1e-300 m cannot be kept beside diameters of 1 m and 1 m: .*; enter 0 \(touching\) or a larger gap$/);
    expect(await page.locator('#time-diameter-error').textContent()).toBe('');
    expect(await page.locator('#time-result').textContent()).not.toContain('Last collision at t = 0 s');
    // the spheres would meet after more than 1.8e308 s: the engine's times come back as null
    await page.locator('#time-gap').fill('1e10');
    await page.locator('#time-velocity').fill('1e-300, 0, 0, 0');
    await page.locator('#time-run').click();
    await expect.poll(() => page.locator('#time-velocity-error').textContent()).toMatch(/^initial velocities: the spheres would meet later than the largest time a double holds/);
    expect(await page.locator('#time-result').textContent()).toMatch(/^The custom row was not shown: initial velocities: .*\.\s*The animation, plots and tables still show the previous run \(e = 0\.5, 4 spheres, double\)\.$/);
    // and an ordinary row runs again
    await page.locator('#time-gap').fill('1');
    await page.locator('#time-velocity').fill('1, 0, 0, 0');
    await page.locator('#time-run').click();
    await expect.poll(async () => (await probe(page)).time.custom).toBe(true);
    expect(await page.locator('#time-result').textContent()).toMatch(/^6 collisions.*Last collision at t = 17\.8 s\.$/);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // at 900 px or less each panel stacks in one column, and its form came first: on a 375 px phone the
  // page's first chart came after the time panel's whole form, and each panel's after its own. There the
  // results and plots now come first and the form after them (the element moves: the keyboard's order);
  // wider, the form is the left column beside them. Nothing overlaps or runs past its panel.
  for (const [width, height, touch] of [[375, 812, true], [900, 900, false], [1280, 800, false]] as const) {
    it(`at ${width} px each panel shows its plots ${width > 900 ? 'beside' : 'before'} its form, nothing overlapping or cut`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`, { width, height }, touch);
      await ready(page);
      const at = await page.evaluate(() => (['time', 'sweep', 'newton', 'mc'] as const).map((k) => {
        const panel = document.getElementById(`panel-${k}`)!;
        const form = panel.querySelector<HTMLElement>('.panel-grid > form')!;
        const main = panel.querySelector<HTMLElement>('.panel-main')!;
        const box = (e: Element): { top: number; bottom: number; left: number; right: number } => {
          const r = e.getBoundingClientRect();
          return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, left: r.left, right: r.right };
        };
        const [p, f, m, chart] = [box(panel), box(form), box(main), box(panel.querySelector('.plot-card')!)];
        // boxes side by side in the panel: none over another, none past the panel's padding edge
        const parts = [form, main, ...main.children, ...main.querySelectorAll('.plot-grid > *, .table-grid > *')]
          .filter((e) => (e as HTMLElement).offsetParent !== null);
        const overlaps: string[] = [];
        for (const [i, a] of parts.entries()) {
          for (const b of parts.slice(i + 1)) {
            if (a.contains(b) || b.contains(a)) continue;
            const [x, y] = [box(a), box(b)];
            if (x.left < y.right - 0.5 && y.left < x.right - 0.5 && x.top < y.bottom - 0.5 && y.top < x.bottom - 0.5) {
              overlaps.push(`${a.className || a.tagName} over ${b.className || b.tagName}`);
            }
          }
        }
        const cut = parts.filter((e) => box(e).right > p.right + 0.5 || box(e).left < p.left - 0.5).map((e) => e.className || e.tagName);
        return {
          kind: k, form: f, main: m, chart,
          formAfter: (main.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
          overlaps, cut,
        };
      }));
      for (const { kind, form, main, chart, formAfter, overlaps, cut } of at) {
        expect(overlaps, kind).toEqual([]);
        expect(cut, kind).toEqual([]);
        if (width > 900) {
          expect(formAfter, kind).toBe(false);
          expect(form.right, kind).toBeLessThan(main.left);
          expect(form.top, kind).toBeLessThan(chart.bottom);
        } else {
          // the keyboard reaches the form after the results, as the screen shows it
          expect(formAfter, kind).toBe(true);
          expect(chart.bottom, kind).toBeLessThanOrEqual(form.top);
          expect(form.top, kind).toBeGreaterThanOrEqual(main.bottom);
          expect(form.left, kind).toBe(main.left);
        }
      }
      // the time panel's first chart is on the screen the panel's results begin on
      const first = at[0]!;
      expect(first.chart.top - first.main.top).toBeLessThan(height);
      expect(await sidewaysOverflow(page, 'unreachable')).toEqual([]);
      await page.screenshot({ path: screenshotPath(`chain-layout-${width}.png`), fullPage: true });
      // the form is still there to reach, and Run in it works
      const run = page.locator('#mc-run');
      await run.scrollIntoViewIfNeeded();
      expect(await run.isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // where the boundary value's and Monte Carlo's table and chart stack (1200 px or less) the full page
  // showed the table first and the chart below it (only an embed put the chart first): the chart comes
  // first, the table, the detail, under it (the element moves: the keyboard's order). Wider, the two
  // are side by side again, the table on the left.
  for (const [width, height, touch] of [[375, 812, true], [1100, 800, false]] as const) {
    it(`at ${width} px the boundary value's and Monte Carlo's chart comes above its table${touch ? '' : ', beside it again at 1280 px'}`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`, { width, height }, touch);
      await ready(page);
      const order = (): Promise<Array<{ kind: string; order: string; chart: DOMRect; table: DOMRect }>> => page.evaluate(() => (['newton', 'mc'] as const).map((k) => {
        const grid = document.querySelector(`#panel-${k} .plot-grid.two`)!;
        const box = (sel: string): DOMRect => grid.querySelector(sel)!.getBoundingClientRect().toJSON() as DOMRect;
        return {
          kind: k,
          order: [...grid.children].map((e) => (e.classList.contains('table-card') ? 'table' : 'chart')).join(' '),
          chart: box(':scope > :not(.table-card)'),
          table: box(':scope > .table-card'),
        };
      }));
      for (const { kind, order: o, chart, table } of await order()) {
        expect(o, kind).toBe('chart table');
        expect(chart.bottom, kind).toBeLessThanOrEqual(table.top);
      }
      if (!touch) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect.poll(async () => (await order()).map((p) => p.order)).toEqual(['table chart', 'table chart']);
        for (const { kind, chart, table } of await order()) {
          expect(table.right, kind).toBeLessThanOrEqual(chart.left);
          expect(table.top, kind).toBe(chart.top);
        }
      }
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // on a 390 px phone the Newton iterates ended in the middle of "start (midpoint)" with nothing saying
  // that the table scrolls sideways (nor the collision log, with its N positions and velocities)
  it('on a phone the Newton iterates and the collision log say which columns are out of view, and scroll to them', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`, { width: 390, height: 844 }, true);
    await ready(page);
    const hint = page.locator('#newton-table-hint');
    await expect.poll(async () => (await hint.textContent()) ?? '').toMatch(/^Scroll the table right to see .*step\.$/);
    const region = page.getByRole('region', { name: 'Newton iterates, scrollable' });
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await region.evaluate((box) => box.parentElement?.classList.contains('more-right'))).toBe(true);
    await region.evaluate((box) => { box.scrollLeft = box.scrollWidth; });
    await expect.poll(async () => (await hint.textContent()) ?? '').toMatch(/^Scroll the table left to see /);
    const last = await page.locator('#newton-table tbody tr').first().locator('td').last().boundingBox();
    const view = await region.boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(view!.x + view!.width + 1);
    await expect.poll(async () => (await page.locator('#log-table-hint').textContent()) ?? '').toMatch(/^Scroll the table right to see .*v4\safter\s\(m\/s\)\.$/);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('audit: keeps the focus after Cancel, the e behind a custom row, says what still shows, and words collapse and targets right', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await ready(page);
    // e = 0: spheres 1–3 collapse at t = 3 s while sphere 4 rests 1 m ahead; it is struck at t = 6 s
    await page.locator('#time-e').fill('0');
    await page.locator('#time-run').click();
    await expect.poll(() => page.locator('#time-result').textContent()).toMatch(/Inelastic collapse at t = 3 s .*: spheres 1-3 move together at 0\.333333 m\/s; again at t = 6 s .*: the spheres move together at 0\.25 m\/s\./);
    // the e typed before switching to a custom row stays in the state (and the link)
    await page.locator('#time-e').fill('0.3');
    await page.locator('#time-run').click();
    await expect.poll(async () => (await probe(page)).state.time.e).toBe(0.3);
    await page.locator('#time-custom').check();
    await page.locator('#time-mass').fill('0');
    await page.locator('#time-run').click();
    await expect.poll(() => page.locator('#time-result').textContent())
      .toBe('The custom row was not run: mass of sphere 1 = 0: must be > 0. The animation, plots and tables still show the previous run (e = 0.3, 4 spheres, double).');
    await page.locator('#time-mass').fill('1');
    await page.locator('#time-run').click();
    await expect.poll(async () => (await probe(page)).time.custom).toBe(true);
    expect((await probe(page)).state.time.e).toBe(0.3);
    // no e gives v4 below v0/4: the target field says so instead of "widen the bracket"
    await page.locator('#newton-target').fill('0.2');
    await page.locator('#newton-run').click();
    expect(await page.locator('#newton-target-error').textContent()).toMatch(/^target v4 = 0\.2 is outside \(0\.25, 1\] \(v4 ends between v0\/4/);
    // the published ACSL figures stay beside a larger K (guide, "What to try" 5)
    await page.locator('#mc-samples').fill('2000');
    await page.locator('#mc-run').click();
    await expect.poll(async () => (await probe(page)).mc.samples).toBe(2000);
    expect(await page.locator('#mc-table').textContent()).toContain('0.424898');
    // twenty spheres collapse far above the four-sphere e_c: the sweep does not name it
    await page.locator('#sweep-n').fill('20');
    await page.locator('#sweep-emin').fill('0.4');
    await page.locator('#sweep-emax').fill('0.9');
    await page.locator('#sweep-points').fill('6');
    await page.locator('#sweep-run').click();
    await expect.poll(() => page.locator('#sweep-result').textContent()).toMatch(/^6 runs in .* \d+ runs? ended in inelastic collapse\.$/);
    expect(await page.locator('#sweep-result').textContent()).not.toContain('e_c');
    // Cancel by keyboard: the focus goes back to Run, not to the top of the page
    await page.locator('#sweep-points').fill('100000');
    await page.locator('#sweep-precision').selectOption('extended');
    await page.locator('#sweep-run').focus();
    await page.keyboard.press('Enter');
    await page.locator('#sweep-cancel').waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sweep-cancel');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#sweep-result').textContent()).toMatch(/^Sweep cancelled\./);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sweep-run');
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
