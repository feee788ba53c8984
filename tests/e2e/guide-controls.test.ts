/**
 * Each page's guide tells a student what to press and choose ("What to try": a preset in italics, a
 * control in bold, such as *Advanced: scenario JSON*, **Force chains**, **Remove segments**, the
 * study's *quick* size). A renamed preset, button or menu leaves the guide naming something the page
 * does not have. Here every italic and bold name in the open guide's "What to try" must be found on
 * the page itself, outside the guide: the start of a preset's name or of the words of a label, legend,
 * button, menu choice, disclosure, heading or read-out name.
 */
import { describe, expect, inject, it } from 'vitest';
import { closePage, openPage, useBrowser } from './browser';

const browser = useBrowser();

const PAGES: Array<[string, number]> = [
  ['index.html', 5],
  ['soft.html', 8],
  ['compare.html', 4],
  ['avalanche.html', 8],
];

describe("the guides' What to try names what the page has", () => {
  for (const [path, atLeast] of PAGES) {
    it(`${path}: every preset and control the steps name`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}?play=0`);
      await page.locator('#guide > summary').click();
      const { names, texts } = await page.evaluate(() => {
        const plain = (s: string | null): string => (s ?? '').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
        const heading = [...document.querySelectorAll('#guide-body h3')].find((h) => h.textContent === 'What to try');
        let list = heading?.nextElementSibling ?? null;
        while (list && list.tagName !== 'OL') list = list.nextElementSibling;
        const names = list ? [...list.querySelectorAll('em, strong')].map((e) => plain(e.textContent)) : [];
        const guide = document.getElementById('guide');
        const texts = [...document.querySelectorAll('label, legend, button, option, summary, h2, h3, dt, th, figcaption')]
          .filter((e) => !guide?.contains(e))
          .map((e) => plain(e.textContent));
        return { names, texts };
      });
      expect(names.length, 'the names read from the guide').toBeGreaterThanOrEqual(atLeast);
      const missing = names.filter((n) => !texts.some((t) => t.startsWith(n)));
      expect(missing).toEqual([]);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }
});
