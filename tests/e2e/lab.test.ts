/** The full page: loads the default scenario, runs, draws discs, plots grow. */
import { describe, expect, inject, it } from 'vitest';
import { animationFrames, closePage, coloredPixels, granularState, openPage, plotPoints, screenshotPath, useBrowser, waitForState } from './browser';

const browser = useBrowser();

describe('the lab page', () => {
  it('loads the default scenario, runs, draws discs and grows the plots', async () => {
    const { page, errors } = await openPage(browser(), inject('baseUrl'));
    const first = await waitForState(page, (s) => s.count > 0 && s.time > 0 && s.running);
    expect(first.hash).toMatch(/^[0-9a-f]{16}$/);
    await expect.poll(() => coloredPixels(page)).toBeGreaterThan(100);

    const before = await plotPoints(page);
    const later = await waitForState(page, (s) => s.time > first.time && s.outputIndex > first.outputIndex + 3);
    expect(later.hash).not.toBe(first.hash);
    await expect.poll(async () => (await plotPoints(page)).energy).toBeGreaterThan(before.energy);
    const after = await plotPoints(page);
    expect(after.rate).toBeGreaterThan(0);
    expect(after.histogram).toBeGreaterThan(4);

    // the scenario panel shows the default preset, every number field with a unit
    expect(await page.locator('#preset').inputValue()).toBe('gas-cooling');
    const labels = await page.locator('#scenario-form label').allTextContents();
    expect(labels.some((l) => l.includes('Radius (m)'))).toBe(true);
    expect(labels.some((l) => l.includes('Frequency (Hz)'))).toBe(true);
    // the wall pressure averaged over 25 output intervals (0.5 s here), next to the equation of state
    await waitForState(page, (s) => s.outputIndex >= 26);
    const readoutText = (await page.locator('#readout').textContent()) ?? '';
    expect(readoutText).toContain('wall pressure, mean over the last 0.5 s (N/m)');
    expect(readoutText).toContain('equation of state n T (1 + (1+r) ν g(σ)), same 0.5 s (N/m)');
    const cell = (key: string) => async () => Number(await page.locator(`#readout dd[data-key="${key}"]`).textContent());
    await expect.poll(cell('pressure')).toBeGreaterThan(0);
    await expect.poll(cell('eos')).toBeGreaterThan(0);
    expect(await page.locator('#readout').textContent()).toContain('energy lost in collisions (discs and walls) since t = 0 (J)');
    // the constants of the theory curves, from the engine: the cooling preset, 400 discs of 1 cm in 1 m²
    // (ν = 400 π 0.01² = 0.1257, g(σ) = (1 − 7ν/16)/(1 − ν)² = 1.236)
    const text = (key: string) => async () => page.locator(`#readout dd[data-key="${key}"]`).textContent();
    expect(await text('nu')()).toBe('0.1257');
    expect(await text('sigma')()).toBe('0.02');
    expect(await text('contact')()).toBe('1.236');
    // τ = 4 / ((1 − r²) ω0), ω0 = 2 n σ g(σ) √(π T0 / m), T0 = m v²/2 with every disc at v = 1 m/s (REFERENCE §3)
    const nu = (400 * Math.PI * 0.01 ** 2) / 1;
    const omega0 = 2 * 400 * 0.02 * ((1 - (7 * nu) / 16) / (1 - nu) ** 2) * Math.sqrt(Math.PI / 2);
    const tau = 4 / ((1 - 0.9 ** 2) * omega0); // 0.84927 s
    // the read-out has four significant digits: within half its last digit
    expect(Math.abs(Number(await text('tau')()) - tau)).toBeLessThanOrEqual(0.5e-4 + 1e-12);
    // Haff's preset: the discs' radius follows from its area fraction; τ = 4 / ((1 − r²) 2nσg √(πT0/m))
    // with T0 = m v_rms²/2 (v_rms = 1 m/s exactly): 0.971246 s
    await page.locator('#preset').selectOption('haff-dilute');
    await expect.poll(text('nu')).toBe('0.05');
    expect(await text('sigma')()).toBe('0.007979');
    expect(await text('contact')()).toBe('1.084');
    expect(await text('tau')()).toBe('0.9712');
    expect(await page.locator('#legend').textContent()).toContain('(m/s)');
    await page.screenshot({ path: screenshotPath('granular-main.png'), fullPage: true });

    // pause stops time; the page answers at once
    await page.locator('#btn-play').click();
    const paused = await waitForState(page, (s) => !s.running);
    // 20 frames of the page (a third of a second at 60 Hz), in which a run that went on would have
    // moved by several output intervals (0.05 s each here)
    await animationFrames(page, 20);
    expect((await granularState(page)).outputIndex).toBe(paused.outputIndex);
    // single step: exactly one output interval (the worker's answer to it comes after all it did since
    // the pause: a run still going would show here too, as more than one)
    await page.locator('#btn-step').click();
    const stepped = await waitForState(page, (s) => s.outputIndex !== paused.outputIndex);
    expect(stepped.outputIndex).toBe(paused.outputIndex + 1);
    expect(stepped.running).toBe(false);
    // reset: back to t = 0
    await page.locator('#btn-reset').click();
    await waitForState(page, (s) => s.time === 0 && s.outputIndex === 0);
    // keyboard: the play button works with Enter; Space on the page toggles too
    await page.locator('#btn-play').focus();
    await page.keyboard.press('Enter');
    await waitForState(page, (s) => s.running);
    await page.locator('#sim-canvas').click();
    await page.keyboard.press('Space');
    await waitForState(page, (s) => !s.running);
    expect(await page.locator('#btn-play').getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // at 1920 px the read-out's cells are narrow, and "3.295e-6" broke into "3.295e-" over "6"
  it('at 1920 px no number in the read-out breaks across lines', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?until=0.5`, { width: 1920, height: 1080 });
    await waitForState(page, (s) => !s.running && s.time >= 0.5);
    const lines = await page.locator('#readout dd').evaluateAll((cells) => cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      // one box per line the text takes
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { text: cell.textContent ?? '', lines: tops.size };
    }));
    const numbers = lines.filter((c) => /^[-\d.,e∞–]+$/.test(c.text));
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.filter((c) => c.lines > 1)).toEqual([]);
    // the temperature is written in exponent form here (the case that broke)
    expect(numbers.some((c) => /e-/.test(c.text))).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('sets gravity from the form: the scenario gets the pair, Haff, Enskog and the equation of state are no longer drawn, a bad value is named', async () => {
    const { page, errors } = await openPage(browser(), inject('baseUrl'));
    const first = await waitForState(page, (s) => s.count > 0 && s.time > 0);
    const legend = page.locator('#card-energy');
    await expect.poll(async () => (await legend.textContent()) ?? '').toContain("Haff's law");
    expect(await page.locator('#card-rate').textContent()).toContain('Enskog');
    expect(await page.locator('#f-gravityY').inputValue()).toBe('0');

    await page.locator('#f-gravityY').fill('-9.81');
    await page.locator('#apply').click();
    await waitForState(page, (s) => s.count === first.count && s.time > 0.2 && s.hash !== first.hash);
    await expect.poll(async () => (await legend.textContent()) ?? '').not.toContain("Haff's law");
    // nor Enskog's rate, which needs a uniform density; nor the equation of state
    expect(await page.locator('#card-rate').textContent()).not.toContain('Enskog');
    expect(await page.locator('#readout dd[data-key="eos"]').textContent()).toBe('not under gravity');
    await page.locator('.advanced summary').click();
    const json = JSON.parse(await page.locator('#scenario-json').inputValue()) as { gravity: number[] };
    expect(json.gravity).toEqual([0, -9.81]);

    await page.locator('#f-gravityX').fill('1e6');
    await page.locator('#apply').click();
    const fieldError = page.locator('#err-gravityX');
    await fieldError.waitFor({ state: 'visible' });
    expect(await fieldError.textContent()).toContain('gravity[0]');
    // too many discs for gravity: named at the count, the field to change
    await page.locator('#f-gravityX').fill('0');
    await page.locator('#f-count').fill('3000');
    await page.locator('#apply').click();
    const countError = page.locator('#err-count');
    await countError.waitFor({ state: 'visible' });
    expect(await countError.textContent()).toBe('generate.count = 3000: under gravity (0, -9.81) m/s² at most 2000 discs: every disc is searched per event');
    // one disc is "1 disc" in the status line
    await page.locator('#f-count').fill('1');
    await page.locator('#apply').click();
    await waitForState(page, (s) => s.count === 1 && s.running);
    await expect.poll(() => page.locator('#status').textContent()).toBe('Running — 1 disc');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('greys out t_c without the TC model and the vibrating wall\'s settings without it, unless one holds a refused value', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`);
    await waitForState(page, (s) => s.count > 0);
    const disabled = async (): Promise<boolean[]> =>
      Promise.all(['#f-tc', '#f-vibWall', '#f-vibAmplitude', '#f-vibFrequency'].map((id) => page.locator(id).isDisabled()));
    // the cooling gas: TC on, no vibrating wall
    expect(await disabled()).toEqual([false, true, true, true]);
    await page.locator('#f-tcModel').uncheck();
    await page.locator('#f-vibEnabled').check();
    expect(await disabled()).toEqual([true, false, false, false]);
    // a refused amplitude stays editable, and focused, after the wall is switched off again
    await page.locator('#f-vibAmplitude').fill('-1');
    await page.locator('#f-vibEnabled').uncheck();
    await page.locator('#apply').click();
    await page.locator('#err-vibAmplitude').waitFor({ state: 'visible' });
    expect(await page.locator('#err-vibAmplitude').textContent()).toBe('vibration.amplitude = -1: must be >= 0 m');
    expect(await disabled()).toEqual([true, true, false, true]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-vibAmplitude');
    // a preset with a vibrating wall: its settings are in use
    await page.locator('#preset').selectOption('gas-vibrated');
    await expect.poll(disabled).toEqual([false, false, false, false]);
    // discs of several sizes: the rate plot's Enskog curve is the mixture's
    expect(await page.locator('#card-rate').textContent()).toContain('Enskog 2nσg(σ)√(πT/m) over each interval');
    await page.locator('#preset').selectOption('gas-polygon');
    await expect.poll(async () => (await page.locator('#card-rate').textContent()) ?? '').toContain('Enskog, mixture of the disc sizes, over each interval');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // an area fraction sizes the discs: Haff's preset (ν = 0.05, 1000 discs in 1 m²) has discs of
  // 3.99 mm, and its radius field read 0.01 m (the default), editable to no effect
  // a preset with its discs listed: the disc fields are blank and greyed out; why was said under
  // Apply, a screen's height below them
  it('says why the disc fields are greyed out above them, when the scenario lists its discs', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`);
    await waitForState(page, (s) => s.count > 0);
    expect(await page.locator('#scenario-form .availability').isHidden()).toBe(true);
    await page.locator('#preset').selectOption('two-discs');
    await waitForState(page, (s) => s.count === 2);
    const note = page.locator('#scenario-form .availability');
    expect(await note.textContent()).toBe('This scenario lists its discs explicitly: edit them in the scenario JSON.');
    expect(await page.locator('#f-count').isDisabled()).toBe(true);
    const [noteBox, countBox] = await Promise.all([note.boundingBox(), page.locator('#f-count').boundingBox()]);
    expect(noteBox && countBox && noteBox.y + noteBox.height <= countBox.y).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('greys out the radius while an area fraction sizes the discs', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`);
    await waitForState(page, (s) => s.count > 0);
    // the cooling gas gives its radius, no area fraction
    expect(await page.locator('#f-radius').isDisabled()).toBe(false);
    await page.locator('#preset').selectOption('haff-dilute');
    await waitForState(page, (s) => s.count === 1000);
    expect(await page.locator('#f-areaFraction').inputValue()).toBe('0.05');
    expect(await page.locator('#f-radius').isDisabled()).toBe(true);
    expect(await page.locator('[data-field="radius"]').textContent()).toContain('used while the area fraction is blank; an area fraction sets the radius');
    // the area fraction cleared: the radius is the discs' again
    await page.locator('#f-areaFraction').fill('');
    expect(await page.locator('#f-radius').isDisabled()).toBe(false);
    await page.locator('#f-areaFraction').fill('0.1');
    expect(await page.locator('#f-radius').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // Haff's law is cooling by collisions between discs alone: the L-shaped room's walls, at the discs'
  // r = 0.95, cool the gas too, and its energy fell 20 % under the curve drawn there
  it("draws no Haff curve with inelastic walls (the L-shaped room), and draws it once they are elastic", async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`);
    await waitForState(page, (s) => s.count > 0);
    const legend = page.locator('#card-energy');
    await expect.poll(async () => (await legend.textContent()) ?? '').toContain("Haff's law");
    await page.locator('#preset').selectOption('gas-polygon');
    await waitForState(page, (s) => s.count === 250);
    // the chart's legend (the card now also holds the line saying why there is no curve)
    await expect.poll(async () => (await legend.locator('.u-legend').textContent()) ?? '').not.toContain('Haff');
    expect(await page.locator('#energy-no-haff').textContent()).toBe('No Haff curve: the walls are inelastic (wall restitution 0.95)');
    // the read-out still sets the equation of state beside the wall pressure (walls at 0.9 moved their
    // ratio by 2 % in the engine), its label saying it is a uniform gas's, which such walls unsettle
    const eosLabel = page.locator('#readout dd[data-key="eos"]').locator('xpath=preceding-sibling::dt');
    expect(await eosLabel.textContent()).toMatch(/ \(N\/m\), for a uniform gas \(walls at r_w = 0\.95 cool it unevenly\)$/);
    await page.locator('#btn-step').click();
    await expect.poll(async () => Number(await page.locator('#readout dd[data-key="eos"]').textContent())).toBeGreaterThan(0);
    await page.locator('#f-wallRestitution').fill('1');
    await page.locator('#apply').click();
    await expect.poll(async () => (await legend.textContent()) ?? '').toContain("Haff's cooling, each kind of disc at its own T");
    expect(await page.locator('#energy-no-haff').isVisible()).toBe(false);
    expect(await eosLabel.textContent()).toMatch(/same [0-9.]+ s \(N\/m\)$/);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // switching gravity on took the Haff curve's legend entry away with no word on the page: a line under
  // the chart now says what keeps the curve off, and goes when the curve is drawn
  it("says under the energy plot why there is no Haff curve: gravity, elastic discs; the line goes with the curve's return", async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`);
    const first = await waitForState(page, (s) => s.count > 0);
    const legend = page.locator('#card-energy .u-legend');
    const note = page.locator('#energy-no-haff');
    await expect.poll(async () => (await legend.textContent()) ?? '').toContain("Haff's law");
    expect(await note.isVisible()).toBe(false);

    await page.locator('#f-gravityY').fill('-9.81');
    await page.locator('#apply').click();
    await waitForState(page, (s) => s.hash !== first.hash);
    await expect.poll(async () => note.isVisible()).toBe(true);
    expect(await note.textContent()).toBe('No Haff curve: gravity g = 9.81 m/s² acts on the gas');
    expect(await note.getAttribute('title')).toContain("Haff's law is for a free, uniform gas");
    expect(await legend.textContent()).not.toContain('Haff');
    // one line in the card, under the chart's legend
    const [noteBox, legendBox] = await Promise.all([note.boundingBox(), legend.boundingBox()]);
    expect(noteBox!.y).toBeGreaterThanOrEqual(legendBox!.y + legendBox!.height - 1);
    const lineHeight = await note.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
    expect(noteBox!.height).toBeLessThan(1.5 * lineHeight);

    await page.locator('#f-gravityY').fill('0');
    await page.locator('#apply').click();
    await expect.poll(async () => (await legend.textContent()) ?? '').toContain("Haff's law");
    expect(await note.isVisible()).toBe(false);

    // an elastic gas: its energy a flat line, and the line says why no curve comes with it
    await page.locator('#preset').selectOption('gas-elastic');
    await waitForState(page, (s) => s.count === 600);
    await expect.poll(async () => note.textContent()).toBe('No Haff curve: elastic discs (restitution r = 1) do not cool');
    expect(await note.isVisible()).toBe(true);
    expect(await legend.textContent()).not.toContain('Haff');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("the wall pressure's label names the span its mean covers while its 25 intervals fill", async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`);
    await waitForState(page, (s) => s.count > 0);
    const label = page.locator('#readout dd[data-key="pressure"]').locator('xpath=preceding-sibling::dt');
    // nothing averaged yet: the window the mean will cover
    expect(await label.textContent()).toBe('wall pressure, mean over the last 0.5 s (N/m)');
    for (let k = 1; k <= 3; k++) {
      await page.locator('#btn-step').click();
      await waitForState(page, (s) => s.outputIndex === k);
    }
    await expect.poll(() => label.textContent()).toBe('wall pressure, mean over the last 0.06 s (N/m)');
    expect(await page.locator('#readout').textContent()).toContain('equation of state n T (1 + (1+r) ν g(σ)), same 0.06 s (N/m)');
    // Reset: the window starts again
    await page.locator('#btn-reset').click();
    await waitForState(page, (s) => s.outputIndex === 0 && s.time === 0);
    await expect.poll(() => label.textContent()).toBe('wall pressure, mean over the last 0.5 s (N/m)');
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
