/**
 * Keyboard only (issue 6 §5): on every page Tab reaches the essential controls, each shows a
 * visible focus (:focus-visible outline) on the way, and Enter, Space and the arrow keys operate
 * them: play / pause, step, reset, speed, the preset menu, apply, copy link, the guide, the plot
 * pickers, force chains, the study's run and cancel, the chain panels, the comparison's pickers.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { tabTo } from './a11y';
import { closePage, granularState, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

/** Tab to `selector` from the current focus, collecting elements whose focus does not show. */
async function reach(page: Page, selector: string, unseen: string[]): Promise<void> {
  unseen.push(...(await tabTo(page, selector)));
}

/** The common controls of the three simulation pages, operated by keyboard. */
async function simulationControls(page: Page, unseen: string[], hasApply = true): Promise<void> {
  await page.locator('body').focus();
  // the topbar first: copy link
  await reach(page, '#copy-link', unseen);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('#share-url').inputValue()).toContain('#s=');
  // the copy is over (its status shown) before the walk goes on
  await expect.poll(() => page.locator('#share-status').textContent()).not.toBe('');
  // the guide opens and closes with Enter
  await reach(page, '#guide > summary', unseen);
  // (polled: Chromium handles a key press and a later attribute read in separate queues, and a page
  // busy drawing a running simulation may answer the read first)
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('#guide').getAttribute('open')).toBe('');
  expect(await page.locator('#guide-body h2').first().isVisible()).toBe(true);
  expect(await page.locator('#guide-body h2').first().textContent()).toMatch(/^Guide: /);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('#guide').getAttribute('open')).toBeNull();
  // the preset menu: the arrow key picks the next preset, which loads
  await reach(page, '#preset', unseen);
  const before = await page.locator('#preset').inputValue();
  if ((await page.locator('#preset option:not([value=""])').count()) > 1) {
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('#preset').inputValue()).not.toBe(before);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.locator('#preset').inputValue()).toBe(before);
    await waitForState(page, (s) => s.count > 0);
  }
  if (hasApply) {
    await reach(page, '#apply', unseen);
    await page.keyboard.press('Enter');
    await waitForState(page, (s) => s.count > 0);
  }
  // play / pause
  await reach(page, '#btn-play', unseen);
  if ((await granularState(page)).running) {
    await page.keyboard.press('Enter');
    await waitForState(page, (s) => !s.running);
  }
  await page.keyboard.press('Enter');
  await waitForState(page, (s) => s.running);
  await page.keyboard.press('Space');
  await waitForState(page, (s) => !s.running);
  // step
  await reach(page, '#btn-step', unseen);
  const t0 = (await granularState(page)).time;
  await page.keyboard.press('Enter');
  const stepped = (await waitForState(page, (s) => s.time > t0)).time;
  // reset: back to the start (t = 0, or the avalanche's settling start)
  await reach(page, '#btn-reset', unseen);
  await page.keyboard.press('Enter');
  await waitForState(page, (s) => s.time < stepped && s.outputIndex === 0 && !s.running);
  // speed
  await reach(page, '#speed', unseen);
  const speed = await page.locator('#speed-value').textContent();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.locator('#speed-value').textContent()).not.toBe(speed);
}

describe('keyboard only', () => {
  for (const [path, target, next] of [
    ['avalanche.html', 'btn-play', 'btn-step'],
    ['index.html', 'btn-play', 'btn-step'],
    ['chain.html', null, 'time-e'],
  ] as const) {
    it(`${path}: the first Tab shows "Skip to …", and Enter goes past the scenario form without touching the address`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}?play=0`);
      await page.waitForFunction(() => document.readyState === 'complete');
      if (path !== 'chain.html') await waitForState(page, (s) => s.count > 0);
      const address = page.url();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('skip-link');
      const box = await page.locator('#skip-link').boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0); // on screen while focused
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName)).toBe(target ?? 'MAIN');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(next);
      expect(page.url()).toBe(address);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  it('hard-disc gas: controls, preset, apply, copy link, guide, the log-axis toggle', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?play=0`);
    await waitForState(page, (s) => s.count > 0);
    const unseen: string[] = [];
    await simulationControls(page, unseen);
    await reach(page, '#energy-log', unseen);
    await page.keyboard.press('Space');
    expect(await page.locator('#energy-log').isChecked()).toBe(true);
    expect(unseen).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('soft discs: controls, and the two plot pickers', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?play=0`);
    await waitForState(page, (s) => s.count > 0);
    const unseen: string[] = [];
    await simulationControls(page, unseen);
    await reach(page, '#pair-select', unseen);
    await reach(page, '#coord-quantity', unseen);
    const quantity = await page.locator('#coord-quantity').inputValue();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('#coord-quantity').inputValue()).not.toBe(quantity);
    expect(unseen).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('avalanche: controls, force chains, the study run and cancel', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0`);
    await waitForState(page, (s) => s.count > 0);
    const unseen: string[] = [];
    await simulationControls(page, unseen);
    await reach(page, '#chains', unseen);
    await page.keyboard.press('Space');
    expect(await page.locator('#chains').isChecked()).toBe(true);
    await reach(page, '#study-aspects', unseen);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4, 8');
    await reach(page, '#study-size', unseen);
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('#study-size').inputValue()).toBe('full');
    await reach(page, '#study-run', unseen);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#study-cancel').isVisible()).toBe(true);
    await reach(page, '#study-cancel', unseen);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await page.locator('#study-result').textContent()) ?? '').toContain('cancelled');
    expect(unseen).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('three contact models: controls, the log-axis toggle and the velocity plot\'s pickers', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`);
    await waitForState(page, (s) => s.count > 0);
    const unseen: string[] = [];
    await simulationControls(page, unseen);
    await reach(page, '#energy-log', unseen);
    await page.keyboard.press('Space');
    expect(await page.locator('#energy-log').isChecked()).toBe(true);
    await reach(page, '#disc-select', unseen);
    const disc = await page.locator('#disc-select').inputValue();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.locator('#disc-select').inputValue()).not.toBe(disc);
    await expect.poll(() => page.evaluate(() => window.__granular?.compare?.().disc)).toBe(Number(disc) - 1);
    await reach(page, '#component-select', unseen);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => window.__granular?.compare?.().component)).toBe('vy');
    await reach(page, '#table-csv', unseen);
    expect(unseen).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('chain lab: every panel run from the keyboard, the row animation played and scrubbed', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}chain.html`);
    await page.waitForFunction(() => window.__chain !== undefined);
    await expect.poll(async () => (await page.locator('#time-result').textContent()) ?? '', { timeout: 20_000 }).toMatch(/^6 collisions/);
    const unseen: string[] = [];
    await page.locator('body').focus();
    await reach(page, '#copy-link', unseen);
    await reach(page, '#guide > summary', unseen);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#guide').getAttribute('open')).toBe('');
    expect(await page.locator('#guide-body h2').first().textContent()).toBe('Guide: the chain lab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#guide').getAttribute('open')).toBeNull();
    // (a) a new e typed and run with Enter
    await reach(page, '#time-e', unseen);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1');
    await reach(page, '#time-run', unseen);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.__chain?.probe().time.finalVelocity)).toEqual([0, 0, 0, 1]);
    // the row animation
    await reach(page, '#row-play', unseen);
    await page.keyboard.press('Enter');
    expect(await page.locator('#row-play').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await page.locator('#row-play').getAttribute('aria-pressed')).toBe('false');
    await reach(page, '#row-time', unseen);
    const clock = await page.locator('#row-clock').textContent();
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('#row-clock').textContent()).not.toBe(clock);
    // (b), (c) and Monte Carlo: each run button answers Enter
    // each one's finished answer, not a progress line or an error: the default sweep's count, Newton's root
    // of v4 = v0/2 (REFERENCE §1: e* = 4^(1/3) − 1 = 0.5874010519682), the default Monte Carlo's samples
    const answers = [
      ['#sweep-run', '#sweep-result', /^\d[\d,]* runs in [\d.]+ s, (double|extended) precision\. Most collisions/],
      ['#newton-run', '#newton-result', /^Converged after \d+ iterates?: e = 0\.587401051968\d\.$/],
      ['#mc-run', '#mc-result', /^\d[\d,]* samples in [\d.]+ s: mean v4 = 0\.\d{6} m\/s, SD = 0\.\d{6} m\/s\.$/],
    ] as const;
    for (const [run, result, answer] of answers) {
      await reach(page, run, unseen);
      await page.evaluate((sel) => {
        const node = document.querySelector(sel);
        if (node) node.textContent = '';
      }, result);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await page.locator(result).textContent()) ?? '', { timeout: 20_000 }).toMatch(answer);
    }
    expect(unseen).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('copy link leaves the focus where the user went meanwhile (the clipboard may answer late)', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html?play=0`);
    await waitForState(page, (s) => s.count > 0);
    // a clipboard that answers late, as a real one asking for permission may: only once the focus has
    // left the button (at once if it has already), so the copy ends after the user has moved on however
    // slowly the machine runs
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: () => new Promise<void>((resolve) => {
            const movedOn = (): boolean => document.activeElement !== document.getElementById('copy-link');
            if (movedOn()) {
              resolve();
              return;
            }
            const wait = (): void => {
              if (!movedOn()) return;
              document.removeEventListener('focusin', wait);
              resolve();
            };
            document.addEventListener('focusin', wait);
          }),
        },
      });
    });
    await page.locator('#copy-link').focus();
    await page.keyboard.press('Enter');
    await page.locator('#guide > summary').focus();  // on to the guide at once, before the copy has finished
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    await expect.poll(() => page.locator('#share-status').textContent()).toMatch(/^Link copied/);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    // pressed and left alone, the link box takes the focus with the link selected (a clipboard that
    // answers at once: the one above would wait for the focus to leave)
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.resolve() } });
    });
    await page.locator('#copy-link').focus();
    await page.locator('#share-status').evaluate((node) => {
      node.textContent = '';
    });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#share-status').textContent()).toMatch(/^Link copied/);
    expect(await page.evaluate(() => document.activeElement?.id ?? '')).toBe('share-url');
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
