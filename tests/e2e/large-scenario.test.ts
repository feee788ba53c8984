/**
 * A scenario too large for a link (share.ts: MAX_LINK_JSON_CHARS): uploading one says that it is
 * loading, runs it, keeps a multi-hundred-KB link out of the address, says so at Copy link and
 * offers the JSON file instead; the JSON box shows it on request only.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { MAX_LINK_JSON_CHARS } from '../../web/src/ui/share';
import { closePage, openPage, screenshotPath, useBrowser, waitForState } from './browser';

const browser = useBrowser();

/** n × n explicit discs of radius 1.5 mm on a square lattice in the 1 m box (the tester's file, smaller) */
function lattice(n: number): string {
  const discs = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      discs.push({ x: (i + 0.5) / n, y: (j + 0.5) / n, vx: ((i * 7 + j * 3) % 11) / 10 - 0.5, vy: ((i + 2 * j) % 5) / 5 - 0.4, radius: 0.0015 });
    }
  }
  return JSON.stringify({ schema: 1, name: `Lattice ${n * n}`, seed: 3, discs, restitution: 0.95, output: { interval: 0.02 } });
}

describe('a scenario too large for a link', () => {
  it('loads with a loading status, keeps the address short, and offers the JSON file instead of a link', async () => {
    const text = lattice(50);
    expect(text.length).toBeGreaterThan(MAX_LINK_JSON_CHARS);
    // the run stops early: 2,500 discs need not keep a core busy
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?until=0.04`);
    const first = await waitForState(page, (s) => s.count === 400 && !s.running);
    // a scenario applied before: the address holds its link, which the large one must not leave there
    await page.locator('#f-seed').fill('11');
    await page.locator('#apply').click();
    await waitForState(page, (s) => s.hash !== first.hash && !s.running);
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#s=/);
    // every text the status line shows from now on
    await page.evaluate(() => {
      const status = document.getElementById('status');
      const seen: string[] = [];
      (window as unknown as { statusSeen: string[] }).statusSeen = seen;
      if (status) new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
    });

    await page.locator('#upload-json').setInputFiles({ name: 'lattice.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await waitForState(page, (s) => s.count === 2500);
    const seen = await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
    expect(seen[0]).toMatch(/^Loading the scenario \(\d+ KB of JSON\)…$/);
    // it said so until the engine had the new scenario (no "Running — 400 discs" meanwhile)
    await expect.poll(() => page.locator('#status').textContent()).not.toBe(seen[0]);
    const after = (await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen)).find((s) => s !== seen[0]);
    expect(after).toMatch(/^(Running — 2,500 discs|Paused at t = 0\.04 s)/);

    // the address: no #s=, nothing near the scenario's size
    const href = await page.evaluate(() => location.href);
    expect(href).not.toContain('#s=');
    expect(href.length).toBeLessThan(1000);
    const share = page.locator('#share-status');
    await expect.poll(() => share.textContent()).toContain('Too large for a link');
    expect(await share.textContent()).toMatch(/this scenario is \d+ KB of JSON, a link carries at most 131 KB\. The address does not hold it/);

    // Copy link answers with the same, at once, and the file it offers is the scenario
    await page.locator('#copy-link').click();
    const download = share.getByRole('button', { name: 'Download JSON' });
    await expect.poll(() => download.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await page.locator('#share-url').isHidden()).toBe(true);
    expect(await page.evaluate(() => location.href)).toBe(href);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    // from a file, not a preset: its name and the hash its plots' files carry
    expect(file.suggestedFilename()).toMatch(/^lattice-2500-[0-9a-f]{8}\.json$/);
    const saved = JSON.parse(await readFile(await file.path(), 'utf8')) as { discs: unknown[]; name: string };
    expect(saved.discs).toHaveLength(2500);
    expect(saved.name).toBe('Lattice 2500');

    // the JSON box says why it is empty, and shows the scenario on request
    await page.locator('details.advanced summary').click();
    expect(await page.locator('#scenario-json').isHidden()).toBe(true);
    expect(await page.locator('#json-held').textContent()).toContain('too long to show here');
    await page.locator('#show-json').click();
    const shown = JSON.parse(await page.locator('#scenario-json').inputValue()) as { discs: unknown[] };
    expect(shown.discs).toHaveLength(2500);
    await page.screenshot({ path: screenshotPath('granular-large-scenario.png') });

    // a scenario small enough again: its link goes back into the address and the message goes
    await page.locator('#preset').selectOption('gas-cooling');
    await waitForState(page, (s) => s.count === 400);
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#s=/);
    await expect.poll(() => share.textContent()).toBe('');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // refused, on a page that leaves the status line to the panel (avalanche, soft, comparison): the line
  // went on saying "Loading the scenario (… of JSON)…" for good once the run had finished
  for (const file of ['avalanche.html', 'soft.html']) {
    it(`${file}: a large scenario refused puts the status line back`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${file}?until=0.02`);
      await waitForState(page, (s) => s.count > 0 && !s.running);
      const before = (await page.locator('#status').textContent()) ?? '';
      expect(before).not.toContain('Loading');
      await page.locator('#upload-json').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(`{${' '.repeat(200_000)}x`) });
      await expect.poll(() => page.locator('#json-errors').textContent(), { timeout: 15_000 }).toContain('Not applied');
      await expect.poll(() => page.locator('#status').textContent()).toBe(before);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }
});
