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
