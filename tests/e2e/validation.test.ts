/** Invalid input: the message appears next to its field and the previous scenario keeps running. */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { closePage, granularState, useBrowser, openPage, waitForState } from './browser';

const browser = useBrowser();

describe('scenario validation in the page', () => {
  it('shows a field error next to the field and keeps the previous scenario running', async () => {
    const { page, errors } = await openPage(browser(), inject('baseUrl'));
    const running = await waitForState(page, (s) => s.count > 0 && s.time > 0 && s.running);
    const title = await page.locator('#scenario-title').textContent();

    await page.locator('#f-radius').fill('-0.1');
    await page.locator('#apply').click();
    const fieldError = page.locator('#err-radius');
    await fieldError.waitFor({ state: 'visible' });
    expect(await fieldError.textContent()).toContain('generate.radius');
    // the field changed is the field refused: no word on other changes
    expect(await fieldError.textContent()).not.toContain('as it was');
    expect(await page.locator('#form-errors').textContent()).toBe('Not applied — the previous scenario is still loaded. The marked field above says why.');
    expect(await page.locator('[data-field="radius"]').getAttribute('class')).toContain('invalid');
    expect(await page.locator('#f-radius').getAttribute('aria-invalid')).toBe('true');
    // other fields show nothing
    expect(await page.locator('#err-boxWidth').isVisible()).toBe(false);

    // the previous scenario is still loaded and still running
    const later = await waitForState(page, (s) => s.running && s.outputIndex > running.outputIndex + 5);
    expect(later.count).toBe(running.count);
    expect(await page.locator('#scenario-title').textContent()).toBe(title);
    await page.screenshot({ path: '/tmp/granular-invalid.png', fullPage: true });

    // fixing the field and applying loads the new scenario and clears the message
    await page.locator('#f-radius').fill('0.004');
    await page.locator('#apply').click();
    await fieldError.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the refusal sat under Number of discs, which the user had not touched, and did not say why
  it('a refusal on a field the user left as it was says what the user did change', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?play=0`);
    await waitForState(page, (s) => s.count > 0);
    const count = await page.locator('#f-count').inputValue();
    await page.locator('#f-boxWidth').fill('0.1');
    await page.locator('#f-speed').fill('2');
    await page.locator('#apply').click();
    const countError = page.locator('#err-count');
    await countError.waitFor({ state: 'visible' });
    const text = (await countError.textContent()) ?? '';
    expect(text).toContain(`generate.count = ${count}: the discs would cover an area fraction of`);
    expect(text).toContain('(This field is as it was; you changed Initial speed (rms) and Box width.)');
    expect(await page.locator('#f-count').inputValue()).toBe(count);
    expect(await page.locator('#err-boxWidth').isVisible()).toBe(false);
    // the count itself changed: the refusal is its own
    await page.locator('#f-count').fill('500');
    await page.locator('#apply').click();
    await expect.poll(async () => countError.textContent()).toContain('generate.count = 500:');
    expect(await countError.textContent()).not.toContain('as it was');
    expect(await page.locator('#form-errors').textContent()).toBe('Not applied — the previous scenario is still loaded. The marked field above says why.');
    // two fields refused, each its own: the line under Apply counts them
    await page.locator('#f-count').fill(count);
    await page.locator('#f-boxWidth').fill('1');
    await page.locator('#f-radius').fill('-0.1');
    await page.locator('#f-restitution').fill('-2');
    await page.locator('#apply').click();
    await page.locator('#err-restitution').waitFor({ state: 'visible' });
    await page.locator('#err-radius').waitFor({ state: 'visible' });
    expect(await page.locator('#err-radius').textContent()).not.toContain('as it was');
    expect(await page.locator('#form-errors').textContent()).toBe('Not applied — the previous scenario is still loaded. The marked fields above say why.');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('tells how to write a number typed with a decimal comma, on the form pages and the chain lab', async () => {
    const hint = 'must be a number, written with a decimal point and no separators (0.5, 1000)';
    for (const [path, field, text, message] of [
      ['index.html', 'restitution', '0,8', `restitution = "0,8": ${hint}`],
      ['soft.html', 'mu', '0,3', `friction.mu = "0,3": ${hint}`],
      ['avalanche.html', 'mu', '0,3', `friction.mu = "0,3": ${hint}`],
    ] as const) {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}?play=0`);
      await waitForState(page, (s) => s.count > 0);
      await page.locator(`#f-${field}`).fill(text);
      await page.locator('#apply').click();
      const fieldError = page.locator(`#err-${field}`);
      await fieldError.waitFor({ state: 'visible' });
      expect(await fieldError.textContent(), path).toContain(message);
      // what was typed stays, to be corrected
      expect(await page.locator(`#f-${field}`).inputValue()).toBe(text);
      expect(errors).toEqual([]);
      await closePage(page);
    }
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await page.locator('#time-e').fill('0,5');
    await page.locator('#time-run').click();
    await expect.poll(async () => page.locator('#time-e-error').textContent()).toBe('e = "0,5" is not a number: write it with a decimal point and no separators (0.5, 1000)');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('lists errors of pasted JSON and shows "finished" at the end of a run', async () => {
    const { page, errors } = await openPage(browser(), inject('baseUrl'));
    await waitForState(page, (s) => s.count > 0 && s.time > 0);
    await page.locator('.advanced summary').click();
    const area = page.locator('#scenario-json');
    await area.fill('{"schema": 1, "discs": [{"x": 0.5, "y": 0.5, "radius": -0.1}]}');
    await page.locator('#apply-json').click();
    const list = page.locator('#json-errors');
    await expect.poll(async () => (await list.textContent()) ?? '').toContain('discs[0].radius');
    const before = await granularState(page);
    expect(before.count).toBeGreaterThan(1);

    await area.fill(JSON.stringify({
      schema: 1, name: 'Short run', generate: { count: 20, radius: 0.02 }, output: { interval: 0.01, duration: 0.05 },
    }));
    await page.locator('#apply-json').click();
    await waitForState(page, (s) => s.count === 20 && s.status === 2);
    await expect.poll(async () => (await page.locator('#status').textContent()) ?? '').toMatch(/finished at t = 0\.05 s/);
    expect(await page.locator('#scenario-title').textContent()).toBe('Short run');
    expect(await list.textContent()).toBe('');
    // at the end Play offers to play it again, and does
    await expect.poll(() => page.locator('#btn-play').textContent()).toBe('Replay');
    expect(await page.locator('#btn-step').getAttribute('aria-disabled')).toBe('true');
    await page.locator('#speed').fill('-3'); // 1 ms per s: the replay is slow enough to be seen running
    await page.locator('#btn-play').click();
    await waitForState(page, (s) => s.running && s.time < 0.05);
    expect(await page.locator('#btn-play').textContent()).toBe('Pause');
    expect(await page.locator('#btn-step').getAttribute('aria-disabled')).toBe('false');

    // download gives the normalized scenario; uploading a file loads it
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-json').click()]);
    // pasted, not a preset: named with the hash its plots' files carry
    expect(download.suggestedFilename()).toMatch(/^short-run-[0-9a-f]{8}\.json$/);
    const [energy] = await Promise.all([page.waitForEvent('download'), page.locator('[aria-label="Download the energy plot as CSV"]').click()]);
    expect(energy.suggestedFilename()).toBe(download.suggestedFilename().replace(/\.json$/, '-energy.csv'));
    const path = await download.path();
    const saved = JSON.parse(await readFile(path, 'utf8')) as { name: string; output: { duration: number } };
    expect(saved.name).toBe('Short run');
    expect(saved.output.duration).toBe(0.05);
    const uploaded = { ...saved, name: 'Uploaded <b>run</b>', generate: { count: 30, radius: 0.02 } };
    await page.locator('#upload-json').setInputFiles({
      name: 'uploaded.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(uploaded)),
    });
    await waitForState(page, (s) => s.count === 30);
    // names are text, never markup
    expect(await page.locator('#scenario-title').textContent()).toBe('Uploaded <b>run</b>');
    expect(await page.locator('#scenario-title b').count()).toBe(0);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
