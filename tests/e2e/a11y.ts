/** Accessibility helpers for the end-to-end tests: axe-core injected through page.evaluate (the CSP forbids addScriptTag). */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

async function source(): Promise<string> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Rules left out on purpose, with the reason:
 *  - none at present. (axe cannot judge text drawn into canvases or uPlot's canvas plots; the
 *    canvases carry role="img" and an aria-label, which axe does check.)
 */
export const EXCLUDED_RULES: Readonly<Record<string, string>> = {};

/** Runs axe on the page as it is now; returns the serious and critical violations. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const src = await source();
  // a string is evaluated by the browser's debugger protocol, which the page's CSP does not govern
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(src);
  const excluded = Object.keys(EXCLUDED_RULES);
  return page.evaluate(async (off) => {
    interface AxeResult {
      violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
    }
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResult> } }).axe;
    const rules: Record<string, { enabled: boolean }> = {};
    for (const id of off) rules[id] = { enabled: false };
    const result = await axe.run(document, { rules, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 6).map((n) => n.target.map(String).join(' ')) }));
  }, excluded);
}

/** What the focused element is, and whether its focus shows (outline or box-shadow, on it or on the visible stand-in of a hidden file input). */
interface FocusInfo {
  matches: boolean;
  what: string;
  visible: boolean;
}

/**
 * Presses Tab (from wherever the focus is) until the focused element matches `selector`;
 * every element passed on the way must show its focus. Throws when `maxTabs` presses do not
 * reach it. Returns the elements without a visible focus indicator.
 */
export async function tabTo(page: Page, selector: string, maxTabs = 250): Promise<string[]> {
  const unseen: string[] = [];
  for (let n = 0; n < maxTabs; n++) {
    await page.keyboard.press('Tab');
    const info: FocusInfo = await page.evaluate((sel) => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement) || active === document.body) return { matches: false, what: 'body', visible: true };
      const shows = (el: Element): boolean => {
        const s = getComputedStyle(el);
        return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
      };
      const box = active.getBoundingClientRect();
      // a visually hidden control (the file input) shows its focus on the element after it
      const standIn = box.width <= 1 && box.height <= 1 ? active.nextElementSibling : null;
      const what = `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}${active.className && typeof active.className === 'string' ? `.${active.className.split(' ')[0]}` : ''}`;
      return { matches: active.matches(sel), what, visible: active.matches(':focus-visible') && (shows(active) || (standIn !== null && shows(standIn))) };
    }, selector);
    if (!info.visible) unseen.push(info.what);
    if (info.matches) return unseen;
  }
  throw new Error(`${selector} was not reached in ${maxTabs} presses of Tab`);
}
