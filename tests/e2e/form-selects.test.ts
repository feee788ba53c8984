/**
 * The scenario form's selects at 1366 px: every option reads whole in the closed menu (it used to
 * cut "Maxwell (Gaussian compone…" and five more; the preset menu's names are longer than the panel
 * is wide, and the heading under it gives the whole name). Each field's hint is linked to it.
 */
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

describe('the form’s selects at 1366 px', () => {
  for (const path of ['index.html', 'soft.html', 'compare.html', 'avalanche.html']) {
    it(`${path}: every field option fits its closed menu; each field's hint and error describe it`, async () => {
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
      // each field's hint is read with it (the placement's area-fraction limits moved from its
      // options into its hint), then its error
      const described = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('#scenario-form .field')].map((field) => {
        const input = field.querySelector('input, select')!;
        const hint = field.querySelector<HTMLElement>(':scope > .hint');
        const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
        return { id: input.id, ok: ids.at(-1) === `err-${input.id.slice(2)}` && (hint === null ? ids.length === 1 : ids[0] === hint.id && hint.id !== '') };
      }));
      expect(described.length).toBeGreaterThan(5);
      expect(described.filter((d) => !d.ok).map((d) => d.id)).toEqual([]);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }
});
