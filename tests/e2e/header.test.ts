/**
 * The top bar with a long scenario name: at 1280 px a 120-character name pushed "Copy link" onto a
 * second row; the name now gives way (one line, an ellipsis, the full name in its title and its text).
 * On a phone the share block keeps its own row, as designed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

const LONG = 'A very long scenario name written by a careful user to see what the header does with it, one hundred and twenty chars';

interface Bar { header: number; h1Bottom: number; buttonTop: number; navBottom: number; nameHeight: number; nameLine: number; clipped: boolean; text: string; title: string }

function bar(page: Page): Promise<Bar> {
  return page.evaluate(() => {
    const box = (sel: string): DOMRect => document.querySelector(sel)!.getBoundingClientRect();
    const name = document.getElementById('scenario-name')!;
    return {
      header: box('.topbar').height,
      h1Bottom: box('.topbar h1').bottom,
      buttonTop: box('#copy-link').top,
      navBottom: box('.page-links').bottom,
      nameHeight: name.getBoundingClientRect().height,
      nameLine: parseFloat(getComputedStyle(name).lineHeight) || 1.15 * parseFloat(getComputedStyle(name).fontSize),
      clipped: name.scrollWidth > name.clientWidth,
      text: name.textContent ?? '',
      title: name.title,
    };
  });
}

async function applyName(page: Page, name: string): Promise<void> {
  await page.locator('.advanced summary').click();
  const area = page.locator('#scenario-json');
  const json = await area.inputValue();
  expect(json).toMatch(/"name":\s*"[^"]*"/);
  await area.fill(json.replace(/"name":\s*"[^"]*"/, `"name": "${name}"`));
  await page.locator('#apply-json').click();
  await expect.poll(async () => page.locator('#scenario-name').textContent()).toBe(name);
}

describe('the top bar with a long scenario name', () => {
  for (const path of ['index.html', 'soft.html', 'compare.html', 'avalanche.html']) {
    it(`${path} at 1280 px: Copy link stays on the first row, the name cut with its full text in its title`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}?play=0`, { width: 1280, height: 800 });
      await waitForState(page, (s) => s.count > 0);
      const before = await bar(page);
      expect(before.buttonTop).toBeLessThan(before.h1Bottom);
      expect(before.title).toBe(before.text);
      await applyName(page, LONG);
      const after = await bar(page);
      expect(after.header).toBe(before.header);
      expect(after.buttonTop).toBeLessThan(after.h1Bottom);
      expect(after.clipped).toBe(true);
      expect(after.nameHeight).toBeLessThan(2 * after.nameLine);
      expect(after.text).toBe(LONG);
      expect(after.title).toBe(LONG);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('index.html at 360 px: the name on one line, Copy link on its own row below the links', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?play=0`, { width: 360, height: 740 });
    await waitForState(page, (s) => s.count > 0);
    await applyName(page, LONG);
    const phone = await bar(page);
    expect(phone.buttonTop).toBeGreaterThanOrEqual(phone.navBottom);
    expect(phone.clipped).toBe(true);
    expect(phone.nameHeight).toBeLessThan(2 * phone.nameLine);
    expect(phone.title).toBe(LONG);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
