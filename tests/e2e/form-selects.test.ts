/**
 * The scenario form's selects at 1366 px: every option reads whole in the closed menu (it used to
 * cut "Maxwell (Gaussian compone…" and five more), and each select's title is its choice's whole
 * text (the preset menu's names are longer than the panel is wide; the heading under it gives the
 * name too).
 */
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

describe('the form’s selects at 1366 px', () => {
  for (const path of ['index.html', 'soft.html', 'compare.html', 'avalanche.html']) {
    it(`${path}: every field option fits its closed menu; titles follow the choice`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}?play=0`, { width: 1366, height: 900 });
      await waitForState(page, (s) => s.count > 0);
      const cut = await page.evaluate(() => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        const out: string[] = [];
        for (const select of document.querySelectorAll<HTMLSelectElement>('#scenario-form select')) {
          const style = getComputedStyle(select);
          ctx.font = `${style.fontSize} ${style.fontFamily}`;
          // the text's room: the box less its padding and the arrow (about 20 px in Chromium)
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          for (const option of select.options) {
            const width = ctx.measureText(option.text).width;
            if (width > room) out.push(`${select.id}: "${option.text}" ${width.toFixed(0)} px > ${room.toFixed(0)} px`);
          }
        }
        return out;
      });
      expect(cut).toEqual([]);
      const selects = page.locator('#scenario-form select');
      expect(await selects.count()).toBeGreaterThan(0);
      const first = selects.first();
      const chosen = async (): Promise<string> => first.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text ?? '');
      expect(await first.getAttribute('title')).toBe(await chosen());
      // another choice: the title follows
      const values = await first.evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.value));
      const current = await first.inputValue();
      const next = values.find((v) => v !== current);
      expect(next).toBeDefined();
      await first.selectOption(next!);
      expect(await first.getAttribute('title')).toBe(await chosen());
      expect(await first.getAttribute('title')).not.toBe('');
      // the preset menu: its choice's whole name
      const preset = page.locator('#preset');
      expect(await preset.getAttribute('title')).toBe(await preset.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text ?? ''));
      expect(await preset.getAttribute('title')).not.toMatch(/^— choose/);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }
});
