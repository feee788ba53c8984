/**
 * The top bar with a long scenario name: at 1280 px a 120-character name pushed "Copy link" onto a
 * second row; the name now gives way (one line, an ellipsis, the full name in its title and its text).
 * On a phone the share block keeps its own row, as designed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './a11y';
import { closePage, openPage, useBrowser, waitForState } from './browser';

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
      await closePage(page);
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
    await closePage(page);
  });
  // a title never shows on a touch screen: the full name could not be read on a phone
  it('index.html on a 360 px touch phone: a tap on the cut name shows it whole, over the page; a tap elsewhere, Escape or a scroll hides it', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?play=0`, { width: 360, height: 740 }, true);
    await waitForState(page, (s) => s.count > 0);
    const name = page.locator('#scenario-name');
    const full = page.locator('.topbar .clipped-full');
    // a name that fits: plain text, nothing to tap
    expect(await name.getAttribute('tabindex')).toBeNull();
    await applyName(page, LONG);
    await page.evaluate(() => window.scrollTo(0, 0));
    const before = await bar(page);
    expect(before.clipped).toBe(true);
    const copy = await page.locator('#copy-link').boundingBox();
    const box = (await name.boundingBox())!;
    await page.touchscreen.tap(box.x + 10, box.y + box.height / 2);
    await expect.poll(() => full.isVisible(), { message: 'the tap shows the whole name' }).toBe(true);
    expect(await full.textContent()).toBe(LONG);
    // within the screen, under the name, and nothing in the bar moved
    const shown = (await full.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(360);
    expect(shown.y).toBeGreaterThanOrEqual(box.y + box.height);
    expect(await page.locator('#copy-link').boundingBox()).toEqual(copy);
    expect((await bar(page)).header).toBe(before.header);
    // screen readers read the name itself, whole (the box is a copy for the eye)
    expect(await full.getAttribute('aria-hidden')).toBe('true');
    expect(await name.textContent()).toBe(LONG);
    expect(await axeViolations(page)).toEqual([]);
    // a tap elsewhere hides it
    await page.touchscreen.tap(300, 600);
    await expect.poll(() => full.isVisible()).toBe(false);
    // the keyboard: the cut name takes the focus and shows; Escape hides it
    await name.focus();
    await expect.poll(() => full.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => full.isVisible()).toBe(false);
    // and a scroll
    await page.touchscreen.tap(box.x + 10, box.y + box.height / 2);
    await expect.poll(() => full.isVisible()).toBe(true);
    await page.evaluate(() => window.scrollBy(0, 50));
    await expect.poll(() => full.isVisible()).toBe(false);
    expect(await name.getAttribute('title')).toBe(LONG);
    expect(errors).toEqual([]);
    await closePage(page);
  });
  // the cut took " (edited)" away on a phone: whether the run is the scenario as written or a
  // changed one could not be read there
  it('index.html on a 360 px touch phone: a long name changed in the form keeps " (edited)" in view, the ellipsis before it', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?play=0`, { width: 360, height: 740 }, true);
    await waitForState(page, (s) => s.count > 0);
    await applyName(page, LONG);
    await page.locator('#f-restitution').fill('0.8');
    await page.locator('#apply').click();
    const name = page.locator('#scenario-name');
    await expect.poll(async () => name.textContent()).toBe(`${LONG} (edited)`);
    await page.evaluate(() => window.scrollTo(0, 0));
    const parts = await page.evaluate(() => {
      const node = document.getElementById('scenario-name')!;
      const head = node.querySelector<HTMLElement>('.clip-head')!;
      const tail = node.querySelector<HTMLElement>('.clip-tail')!;
      const box = node.getBoundingClientRect();
      const end = tail.getBoundingClientRect();
      return {
        headCut: head.scrollWidth > head.clientWidth, headWidth: head.clientWidth,
        tailText: tail.textContent, tailInside: end.left >= box.left && end.right <= box.right + 0.5, tailWidth: end.width,
        oneLine: box.height < 2 * (parseFloat(getComputedStyle(node).lineHeight) || 20),
        title: node.title,
      };
    });
    expect(parts.headCut).toBe(true);
    expect(parts.headWidth).toBeGreaterThan(100);
    expect(parts.tailText).toBe(' (edited)');
    expect(parts.tailInside).toBe(true);
    expect(parts.tailWidth).toBeGreaterThan(30);
    expect(parts.oneLine).toBe(true);
    expect(parts.title).toBe(`${LONG} (edited)`);
    // still cut, so a tap shows it whole
    expect(await name.getAttribute('tabindex')).toBe('0');
    const box = (await name.boundingBox())!;
    await page.touchscreen.tap(box.x + 10, box.y + box.height / 2);
    const full = page.locator('.topbar .clipped-full');
    await expect.poll(() => full.isVisible()).toBe(true);
    expect(await full.textContent()).toBe(`${LONG} (edited)`);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('index.html at 1280 px: a short name changed in the form reads whole, " (edited)" right after it', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?play=0`, { width: 1280, height: 800 });
    await waitForState(page, (s) => s.count > 0);
    const name = page.locator('#scenario-name');
    const plain = (await name.textContent()) ?? '';
    await page.locator('#f-restitution').fill('0.8');
    await page.locator('#apply').click();
    await expect.poll(async () => name.textContent()).toBe(`${plain} (edited)`);
    const gap = await page.evaluate(() => {
      const node = document.getElementById('scenario-name')!;
      const head = node.querySelector<HTMLElement>('.clip-head')!;
      const tail = node.querySelector<HTMLElement>('.clip-tail')!;
      return { cut: head.scrollWidth > head.clientWidth, between: tail.getBoundingClientRect().left - head.getBoundingClientRect().right };
    });
    expect(gap.cut).toBe(false);
    expect(Math.abs(gap.between)).toBeLessThan(1);
    expect(await name.getAttribute('tabindex')).toBeNull();
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
