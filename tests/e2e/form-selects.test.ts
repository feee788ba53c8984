/**
 * The scenario form's selects at 1366 px: every option reads whole in the closed menu (it used to
 * cut "Maxwell (Gaussian compone…" and five more). Each field's hint is linked to it. The preset
 * menu's names are longer than the panel is wide: that menu wraps them (below).
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

// the preset menu cut its long names at the panel's width from 1280 to 1600 px ("A dam protects the
// village (H/" on the avalanche page, "Soft discs in a circular wall (n" on the soft page), the heading
// under it the only place to read them whole: each name now reads whole in the closed menu
describe('the preset menu', () => {
  for (const path of ['avalanche.html', 'soft.html']) {
    for (const width of [1280, 1600]) {
      it(`${path} at ${width} px: every preset's name reads whole in the closed menu`, async () => {
        const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}?play=0`, { width, height: 900 });
        await waitForState(page, (s) => s.count > 0);
        const cut = await page.evaluate(() => {
          const select = document.getElementById('preset') as HTMLSelectElement;
          const style = getComputedStyle(select);
          const px = (v: string): number => parseFloat(v) || 0;
          // the name set as the menu sets it, in a box of the menu's text room: its padding, with the native
          // arrow's 20 px besides where the menu draws its own face (a native one never wraps its text)
          const native = style.appearance !== 'none';
          const room = select.clientWidth - px(style.paddingLeft) - px(style.paddingRight) - (native ? 20 : 0);
          const probe = document.createElement('div');
          Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', width: `${room}px`, font: style.font, letterSpacing: style.letterSpacing, whiteSpace: style.whiteSpace });
          document.body.append(probe);
          const chosen = select.value;
          const out: string[] = [];
          for (const option of select.options) {
            if (option.value === '') continue;
            // shown, not chosen: no change event, nothing loads
            select.value = option.value;
            probe.textContent = option.text;
            const height = select.clientHeight - px(style.paddingTop) - px(style.paddingBottom);
            if (probe.scrollWidth > probe.clientWidth || probe.scrollHeight > height + 1) {
              out.push(`"${option.text}" needs ${probe.scrollWidth} x ${probe.scrollHeight} px, has ${room.toFixed(0)} x ${height.toFixed(0)}`);
            }
          }
          select.value = chosen;
          probe.remove();
          return out;
        });
        expect(cut).toEqual([]);
        expect(errors).toEqual([]);
        await closePage(page);
      });
    }
  }
});
