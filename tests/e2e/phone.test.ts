/**
 * A phone (390 px, one column): the simulation comes first and the scenario form after the plots,
 * in the DOM as on screen, and back in the left column when the window is wide again; the
 * avalanche's long, low floor is drawn at a legible scale in a canvas that scrolls sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, sidewaysOverflow, useBrowser, waitForState } from './browser';

const browser = useBrowser();

/** the ids of the layout's sections, in DOM order */
async function layoutOrder(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelector('main')!.children].map((e) => e.id || e.className));
}

describe('on a phone', () => {
  for (const path of ['index.html', 'soft.html', 'avalanche.html', 'compare.html']) {
    it(`${path}: the simulation first, the scenario form after the plots; the form goes back left on a wide screen, keeping focus`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}?play=0`, { width: 390, height: 844 });
      await waitForState(page, (s) => s.count > 0);
      // the avalanche's study (in the page's grid, beside the long form on wide screens) follows the form it takes its values from
      const study = path === 'avalanche.html' ? ['study'] : [];
      expect(await layoutOrder(page)).toEqual(['stage', 'plots', 'scenario-panel', ...study]);
      const stage = await page.locator('.stage').boundingBox();
      const panel = await page.locator('#scenario-panel').boundingBox();
      expect(stage!.y).toBeLessThan(panel!.y);
      // the canvas is on the first screen
      const canvas = await page.locator('canvas').first().boundingBox();
      expect(canvas!.y + canvas!.height / 2).toBeLessThan(844);
      // a field being edited keeps its focus when the phone turns to landscape / the window widens
      await page.locator('#preset').focus();
      await page.setViewportSize({ width: 1366, height: 900 });
      await expect.poll(async () => layoutOrder(page)).toEqual(['scenario-panel', 'stage', 'plots', ...study]);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('preset');
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  it('avalanche: grains at least 5 px across in a canvas that scrolls sideways, by keyboard too; wider screens show the whole view', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0`, { width: 390, height: 844 });
    await waitForState(page, (s) => s.count === 128);
    const sizes = async (): Promise<{ canvas: number; wrap: number; region: string | null; tabindex: string | null }> =>
      page.evaluate(() => {
        const wrap = document.getElementById('canvas-wrap')!;
        return { canvas: document.getElementById('sim-canvas')!.clientWidth, wrap: wrap.clientWidth, region: wrap.getAttribute('role'), tabindex: wrap.getAttribute('tabindex') };
      });
    const phone = await sizes();
    // the preset: a first view of three scene heights, 3 × (1.05 × 0.2 + 0.004) = 0.642 m of the 1 m
    // floor (view-range.ts), plus 2 % each side, the 58 px of tick labels, and 128 grains of radii
    // uniform in 4-6 mm, so a mean diameter of 10 mm within 0.2 mm, drawn 5 px across
    const view = 1.04 * 0.642;
    expect(phone.canvas).toBeGreaterThanOrEqual(Math.floor(58 + (view * 5) / 0.0102));
    expect(phone.canvas).toBeLessThanOrEqual(Math.ceil(58 + (view * 5) / 0.0098));
    expect(phone.canvas).toBeGreaterThan(phone.wrap);
    expect(phone).toMatchObject({ region: 'region', tabindex: '0' });
    // a phone draws no scrollbar: the line under the canvas says where the rest is, and its edge fades
    const hint = page.locator('#canvas-wrap-scroll-hint');
    await expect.poll(async () => (await hint.isVisible()) && (await hint.textContent())).toMatch(/scroll it right to see the rest\.$/);
    expect(await page.locator('#canvas-wrap').getAttribute('aria-describedby')).toBe('canvas-wrap-scroll-hint');
    expect(await page.evaluate(() => document.getElementById('canvas-wrap')!.className)).toMatch(/\bmore-right\b/);
    await page.evaluate(() => { const wrap = document.getElementById('canvas-wrap')!; wrap.scrollLeft = wrap.scrollWidth; });
    await expect.poll(async () => hint.textContent()).toMatch(/scroll it left to see the rest\.$/);
    await page.evaluate(() => { document.getElementById('canvas-wrap')!.scrollLeft = 0; });
    await expect.poll(async () => hint.textContent()).toMatch(/scroll it right/);
    // the keyboard scrolls it: focus, then the right arrow key
    await page.locator('#canvas-wrap').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => page.evaluate(() => document.getElementById('canvas-wrap')!.scrollLeft)).toBeGreaterThan(0);
    // a tablet: the whole view fits, nothing scrolls and the wrapper is no region
    await page.setViewportSize({ width: 800, height: 1024 });
    await expect.poll(async () => sizes()).toMatchObject({ region: null, tabindex: null });
    const tablet = await sizes();
    expect(tablet.canvas).toBeLessThanOrEqual(tablet.wrap);
    await expect.poll(async () => hint.isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });
  // the comparison's plots sat in a grid of columns at least 24rem (360 px) wide and the chain lab's in
  // 22rem (330 px): on a 360 px phone each card ran 30 px (compare) or 48 px (chain) past the edge of
  // its column, its CSV / PNG buttons cut at the screen's right edge, and the page scrolled sideways
  for (const path of ['compare.html', 'chain.html', 'index.html', 'avalanche.html']) {
    it(`${path} at 360 px: every plot card inside its column, nothing wider than the screen`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}?play=0`, { width: 360, height: 740 });
      await expect.poll(async () => page.locator('.plot-card .uplot').count()).toBeGreaterThan(0);
      const past = (): Promise<string[]> => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.plot-card')]
        .filter((card) => card.offsetParent !== null)
        .flatMap((card) => {
          const own = card.getBoundingClientRect();
          const column = card.parentElement!.getBoundingClientRect();
          return own.right > column.right + 0.5 || own.right > window.innerWidth
            ? [`${card.id} ${Math.round(own.left)}..${Math.round(own.right)} in ${Math.round(column.left)}..${Math.round(column.right)}`]
            : [];
        }));
      expect(await past()).toEqual([]);
      expect(await sidewaysOverflow(page, 'document')).toEqual([]);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // a legend entry too long for the row beside its swatch (the gas collision rate's "Enskog 2nσg(σ)√(πT/m)
  // over each interval" on a 360 px phone) went to a row of its own, leaving the swatch alone above it
  it('index.html at 360 px: each legend swatch beside its label, a long label wrapping next to it', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`, { width: 360, height: 740 });
    await expect.poll(async () => page.locator('#plot-rate .u-legend .u-series').filter({ hasText: 'Enskog' }).count()).toBe(1);
    const apart = await page.evaluate(() => [...document.querySelectorAll('.u-legend .u-series th')].flatMap((th) => {
      const marker = th.querySelector('.u-marker')?.getBoundingClientRect();
      const label = th.querySelector('.u-label')?.getBoundingClientRect();
      if (!marker || !label || (th as HTMLElement).offsetParent === null) return [];
      const middle = (marker.top + marker.bottom) / 2;
      return marker.right <= label.left && middle > label.top && middle < label.bottom ? [] : [th.textContent ?? ''];
    }));
    expect(apart).toEqual([]);
    // the long entry did take two rows: the check above saw it wrap
    const enskog = await page.locator('#plot-rate .u-legend .u-series th').filter({ hasText: 'Enskog' }).locator('.u-label').boundingBox();
    expect(enskog!.height).toBeGreaterThan(30);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the soft hysteresis plot's compact legend (a small embedded frame): its loop toggles were 22 x 22 px,
  // under the 24 x 24 px a touch target needs (WCAG 2.5.8)
  it('soft.html embedded on a 360 px phone: the compact legend\'s loop toggles are at least 24 x 24 px', async () => {
    // the first scenario's first impact (disc 2 – wall 3): its one loop's legend is compact under the canvas
    const url = `${inject('baseUrl')}soft.html?embed=1&plot=hysteresis&until=3`;
    const { page, errors } = await openPage(browser(), url, { width: 360, height: 740 });
    await waitForState(page, (s) => s.time >= 3 && !s.running);
    const toggles = page.locator('#plot-hysteresis .legend-summary .loop-toggle');
    await expect.poll(async () => toggles.count()).toBeGreaterThan(0);
    expect(await toggles.first().isVisible()).toBe(true);
    const sizes = await toggles.evaluateAll((all) => all.map((b) => {
      const r = b.getBoundingClientRect();
      return [r.width, r.height];
    }));
    for (const [w, h] of sizes) {
      expect(w).toBeGreaterThanOrEqual(24);
      expect(h).toBeGreaterThanOrEqual(24);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // a teacher's phone: the plots' CSV and PNG buttons were 18 px tall, the selects 19, the checkboxes
  // 13, and the coordinate list's hint named Ctrl-click and arrow keys, which a phone has neither of
  it('soft.html on a touch screen: controls at least 24 px tall, checkboxes 20 px, the discs list says to tap', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?play=0`, { width: 390, height: 844 }, true);
    await waitForState(page, (s) => s.count > 0);
    expect(await page.locator('#coord-hint').textContent()).toBe('Several discs: tap each in the list');
    const small = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('button, select, input[type="range"], input[type="checkbox"]')]
      .filter((e) => e.offsetParent !== null)
      .map((e) => ({ what: `${e.tagName} ${e.id || e.className || e.textContent}`, box: e.getBoundingClientRect(), box2: e instanceof HTMLInputElement && e.type === 'checkbox' }))
      .filter(({ box, box2 }) => box.height < (box2 ? 20 : 24) || box.width < 20)
      .map(({ what, box }) => `${what}: ${box.width.toFixed(0)} x ${box.height.toFixed(0)}`));
    expect(small).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the comparison's row table at 390 px ended at v4 with nothing saying that its collisions and its
  // errors against the exact answer were further right; the chain lab's tables hid columns the same way
  it('wide tables on a phone name the columns out of view, and the hint goes once they are scrolled to', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`, { width: 390, height: 844 }, true);
    await page.locator('#row-table tbody tr').first().waitFor();
    const hint = page.locator('#row-table-hint');
    await expect.poll(async () => (await hint.textContent()) ?? '').toMatch(/^Scroll the table right to see .*collisions.*largest\s\|Δv\|\svs\sexact\s\(m\/s\)\.$/);
    await page.locator('#row-table').evaluate((t) => { const box = t.parentElement!; box.scrollLeft = box.scrollWidth; });
    await expect.poll(async () => (await hint.textContent()) ?? '').toMatch(/^Scroll the table left to see /);
    await page.goto(`${inject('baseUrl')}chain.html`);
    await expect.poll(async () => (await page.locator('#final-table-hint').textContent()) ?? '').toMatch(/^Scroll the table right to see x\sat\slast\scollision\s\(m\)\.$/);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the share block squeezed beside the page links: on a 360 px phone "Copy link" broke over two rows
  // once the link's box appeared, and "Link copied (… characters)." over three in a 100 px column
  it('index.html at 360 px: Copy link stays one row, the link box and the status within the screen', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`, { width: 360, height: 740 });
    await waitForState(page, (s) => s.count > 0);
    const button = page.locator('#copy-link');
    await expect.poll(async () => button.isEnabled()).toBe(true);
    const before = (await button.boundingBox())!;
    await button.click();
    await expect.poll(async () => page.locator('#share-status').textContent()).toMatch(/^(Link copied|Copy the link)/);
    const after = (await button.boundingBox())!;
    expect(after.height).toBe(before.height);
    // one row of text: under two font sizes tall (three rows before)
    const fontSize = await page.locator('#share-status').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    const status = (await page.locator('#share-status').boundingBox())!;
    expect(status.height).toBeLessThan(2 * fontSize);
    const link = (await page.locator('#share-url').boundingBox())!;
    expect(link.width).toBeGreaterThanOrEqual(160);
    for (const box of [after, status, link]) expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await sidewaysOverflow(page, 'document')).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the comparison's readout in three columns on a tablet (768 px) or a phone turned sideways (740 px):
  // the counts with their second number, "soft: integrator steps (rejected) 356 (53)" and "NSCD: steps
  // (mean iterations) 2,880 (1)", broke between the two numbers
  for (const viewport of [{ width: 768, height: 1024 }, { width: 740, height: 360 }]) {
    it(`compare.html at ${viewport.width} x ${viewport.height}: every readout value on one row`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`, viewport);
      await waitForState(page, (s) => s.count > 0);
      await page.locator('#btn-step').click();
      await expect.poll(async () => page.locator('.readout dd').filter({ hasText: /\(\d+\)$/ }).count()).toBe(2);
      const broken = await page.evaluate(() => [...document.querySelectorAll('.readout dd')].flatMap((dd) => {
        const range = document.createRange();
        range.selectNodeContents(dd);
        const rows = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return rows.size > 1 ? [dd.textContent ?? ''] : [];
      }));
      expect(broken).toEqual([]);
      expect(await sidewaysOverflow(page, 'document')).toEqual([]);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }
});
