/**
 * An embed (?embed=1) opened from a link to a bundled preset names its run as the preset, as the full
 * page does: it has no scenario panel, and asked for no preset, so the teacher who embedded "Column
 * collapse" got exports named as an edited scenario ("column-collapse-…-47e3bebb-runout.csv",
 * "Column collapse, H/W = 2 before settling #47e3bebb, seed 1, …" in the CSV headers) for good.
 */
import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { encodeScenario } from '../../web/src/ui/share';
import { cardMadeBy, closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

/** Clicks `selector` and returns the download it starts, with its text. */
async function download(page: Page, selector: string): Promise<{ file: Download; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
  return { file, text: readFileSync(await file.path()).toString('utf8') };
}

/** a bundled preset of each page that embeds, the plot embedded with it, and what its exports are named (seed: the engine's, written or not) */
const CASES = [
  { file: 'index.html', preset: 'gas-elastic', plot: 'energy', stem: 'elastic-gas-relaxation-to-maxwell', what: 'energy', name: 'Elastic gas: relaxation to Maxwell', seed: 3 },
  { file: 'soft.html', preset: 'soft-cradle', plot: 'ledger', stem: 'newton-s-cradle-soft-discs', what: 'energy-ledger', name: "Newton's cradle (soft discs)", seed: 1 },
  { file: 'avalanche.html', preset: 'avalanche-column', plot: 'runout', stem: 'column-collapse-h-w-2-before-settling', what: 'runout', name: 'Column collapse, H/W = 2 before settling', seed: 1 },
  { file: 'compare.html', preset: 'compare-pile', plot: 'energy', stem: 'small-pile-under-gravity-three-contact-models', what: 'kinetic-energy', name: 'Small pile under gravity, three contact models', seed: 2 },
] as const;

/** The embed of `c` opened from a link to `json`, its plot's CSV and PNG once the engine has said its version. */
async function embedExports(c: (typeof CASES)[number], json: string): Promise<{ csv: Download; csvText: string; png: Download; run: string }> {
  const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${c.file}?embed=1&plot=${c.plot}&play=0#s=${await encodeScenario(json)}`);
  await waitForState(page, (s) => s.count > 0);
  const card = `#card-${c.plot}`;
  const made = await cardMadeBy(page, card);
  const csv = await download(page, `${card} .plot-foot button[aria-label$=" plot as CSV"]`);
  const png = await download(page, `${card} .plot-foot button[aria-label$=" plot as PNG"]`);
  expect(errors).toEqual([]);
  await closePage(page);
  return { csv: csv.file, csvText: csv.text, png: png.file, run: made };
}

/** the CSV's first line: its headers */
const headers = (csv: string): string => csv.split('\r\n')[0] ?? '';

describe('an embed opened from a link names a bundled preset as the full page does', () => {
  it.each(CASES)('$file?embed=1&plot=$plot: a link to $preset is named by the preset, an edited one with its hash', async (c) => {
    const json = readFileSync(new URL(`../../scenarios/${c.preset}.json`, import.meta.url), 'utf8');

    // the preset exactly: its name, no hash, in the file names and in every column the CSV names its run in
    const exact = await embedExports(c, json);
    expect(exact.csv.suggestedFilename()).toBe(`${c.stem}-${c.what}.csv`);
    expect(exact.png.suggestedFilename()).toBe(`${c.stem}-${c.what}.png`);
    const header = headers(exact.csvText);
    expect(header).toContain(` — ${c.name}, seed ${c.seed}, ${exact.run} (`);
    expect(header).not.toMatch(/#[0-9a-f]{8}/);

    // the same preset with one value changed, name and all else kept: an edited scenario, named apart by its hash
    const scenario = JSON.parse(json) as Record<string, unknown>;
    scenario['seed'] = c.seed + 1;
    const edited = await embedExports(c, JSON.stringify(scenario));
    const hash = new RegExp(`^${c.stem}-([0-9a-f]{8})-${c.what}\\.csv$`).exec(edited.csv.suggestedFilename())?.[1];
    expect(hash, edited.csv.suggestedFilename()).toBeDefined();
    expect(edited.png.suggestedFilename()).toBe(`${c.stem}-${hash}-${c.what}.png`);
    expect(headers(edited.csvText)).toContain(` — ${c.name} #${hash}, seed ${c.seed + 1}, ${edited.run} (`);
  });
});
