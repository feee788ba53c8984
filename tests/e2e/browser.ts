/** Headless Chromium (Debian's chromium-headless-shell, or /usr/bin/chromium) through playwright-core, plus page helpers. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdir, readFile } from 'node:fs/promises';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { AvalancheProbe, CompareProbe, GranularState, PlotPoints } from '../../web/src/ui/test-hook';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // the GPU process's work (software compositing here) in the browser process: one process and its
  // IPC fewer per frame; the suite measured 3-18 % less CPU with it
  '--in-process-gpu',
];

/**
 * Debian's chromium-headless-shell: the same Blink and V8 as /usr/bin/chromium (one source package,
 * one version), without the browser's own UI. The whole browser suite took 717 s with the full
 * browser and 542 s with the shell on 2 cores (its top-chrome WebUI renderer and window compositing
 * cost CPU on every page). The full browser stands in where the shell is not installed.
 */
export const CHROMIUM_EXECUTABLE = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';

/**
 * Where a test keeps a screenshot for a person to look at (not compared by the test): build/e2e-screenshots/NAME,
 * inside the checkout with the other build output, not loose in /tmp.
 */
export function screenshotPath(name: string): string {
  const dir = fileURLToPath(new URL('../../build/e2e-screenshots', import.meta.url));
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
}

/**
 * The one Chromium of the e2e run (vitest.config.ts runs the files one after another in one
 * process, isolate: false): launched for the first file, and again if it was lost. A file's last
 * test leaves it running for the next file; it is closed a few seconds after a file that no other
 * follows (a timer the next file's beforeAll cancels), or ends with the process.
 */
let shared: Promise<Browser> | null = null;
let closing: ReturnType<typeof setTimeout> | null = null;

export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (closing) clearTimeout(closing);
    closing = null;
    if (shared && !(await shared.then((b) => b.isConnected(), () => false))) shared = null;
    shared ??= launchBrowser();
    browser = await shared;
  });
  afterAll(() => {
    const ending = shared;
    closing = setTimeout(() => {
      if (shared === ending) shared = null;
      void ending?.then((b) => b.close(), () => undefined);
    }, 5_000);
  });
  return () => {
    if (!browser) throw new Error('the browser is not running');
    return browser;
  };
}

/** A picture's pixels, RGBA row after row (4 bytes a pixel). */
export interface Pixels {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** the RGB of pixel (x, y) of `p` */
export function pixelAt(p: Pixels, x: number, y: number): [number, number, number] {
  const i = 4 * (y * p.width + x);
  return [p.rgba[i]!, p.rgba[i + 1]!, p.rgba[i + 2]!];
}

/** The pixels of PNG `png` as the browser decodes it (in `page`; they come back base64-encoded). */
export async function decodePng(page: Page, png: Buffer): Promise<Pixels> {
  const { width, height, data } = await page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const c = document.createElement('canvas');
    c.width = image.width;
    c.height = image.height;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(image, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    let bin = '';
    for (let i = 0; i < px.length; i += 0x8000) bin += String.fromCharCode(...px.subarray(i, i + 0x8000));
    return { width: c.width, height: c.height, data: btoa(bin) };
  }, png.toString('base64'));
  return { width, height, rgba: new Uint8Array(Buffer.from(data, 'base64')) };
}

/**
 * Pages a test file has finished with (closePage), by browser, ready for its next test: a new
 * context and page cost about 1.1 s more on this 2-core machine than navigating a page already open
 * on the site (two renderer processes started, the first for about:blank), and the suite opens some
 * 450 pages. A page comes back as a fresh one would be: its other tabs closed, its listeners, routes,
 * permissions, cookies, storage and media emulation gone, on a blank page of the site.
 */
const idle = new Map<Browser, Array<{ page: Page; touch: boolean }>>();
/** the pages openPage handed out, and whether each has a touch screen */
const handedOut = new WeakMap<Page, boolean>();

/**
 * What a CSV's headers name after its run: the engine and the version that the reproduce line of
 * its picture names (`line`: "Scenario “…” · seed 7 · engine event (double) · Granular Lab 0.1.0"),
 * as "engine event (double), Granular Lab 0.1.0".
 */
export function madeBy(line: string | null): string {
  const parts = (line ?? '').split(' · ').filter((p) => p.startsWith('engine ') || p.startsWith('Granular Lab '));
  if (parts.length !== 2) throw new Error(`no engine and version in the reproduce line "${line ?? ''}"`);
  return parts.join(', ');
}

/** madeBy of the reproduce line under `card` ("#card-energy"), once the engine has said its version */
export async function cardMadeBy(page: Page, card: string): Promise<string> {
  const line = page.locator(`${card} .reproduce-text`).first();
  await line.filter({ hasText: / · Granular Lab \S/ }).waitFor();
  return madeBy(await line.textContent());
}

/** the blank page of the site a page waits on between tests (global-setup.ts serves it) */
export const BLANK_PAGE = '__blank.html';

/**
 * A page with nothing of an earlier test's (a fresh context, or one closePage has cleared) that
 * collects uncaught errors and console errors, at `url`. Close it with closePage.
 */
export async function openPage(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number } = { width: 1366, height: 900 },
  /** a phone's touch screen (touch events, mobile viewport) */
  touch = false,
): Promise<{ page: Page; errors: string[] }> {
  const free = idle.get(browser) ?? [];
  const k = free.findIndex((entry) => entry.touch === touch && !entry.page.isClosed());
  let page: Page;
  if (k >= 0) {
    page = free.splice(k, 1)[0]!.page;
    await page.setViewportSize(viewport);
  } else {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, ...(touch ? { hasTouch: true, isMobile: true } : {}) });
    page = await context.newPage();
  }
  handedOut.set(page, touch);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto(url);
  return { page, errors };
}

/**
 * Ends a test's use of `page`: one from openPage goes back to its browser's idle pages, cleared
 * (see `idle`); any other page, or one that cannot be cleared, has its context closed.
 */
export async function closePage(page: Page): Promise<void> {
  const context = page.context();
  const touch = handedOut.get(page);
  const browser = context.browser();
  if (touch === undefined || !browser || page.isClosed()) {
    await context.close();
    return;
  }
  handedOut.delete(page);
  try {
    for (const other of context.pages()) if (other !== page) await other.close();
    page.removeAllListeners();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearCookies();
    await context.clearPermissions();
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
    await page.goto(`${inject('baseUrl')}${BLANK_PAGE}`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.mouse.move(0, 0);
    idle.set(browser, [...(idle.get(browser) ?? []), { page, touch }]);
  } catch {
    await context.close();
  }
}

/**
 * The ids (file names without .json) of the presets in scenarios/ that one family's page should
 * list, sorted: judged by what each file is, its "engine" ("soft", "avalanche", "compare"; none or
 * a gas engine: the gas), never by words in its name (a soft preset may well be called "gas …").
 */
export async function presetIdsOfFamily(family: 'gas' | 'soft' | 'avalanche' | 'compare'): Promise<string[]> {
  const dir = new URL('../../scenarios/', import.meta.url);
  const ids: string[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json'))) {
    const parsed: unknown = JSON.parse(await readFile(new URL(file, dir), 'utf8'));
    const engine = typeof parsed === 'object' && parsed !== null && 'engine' in parsed ? parsed.engine : undefined;
    const own = engine === 'soft' || engine === 'avalanche' || engine === 'compare' ? engine : 'gas';
    if (own === family) ids.push(file.slice(0, -'.json'.length));
  }
  return ids.sort();
}

/** The preset ids the page's menu offers (not its "" entry for an edited or imported scenario), sorted. */
export async function menuPresetIds(page: Page): Promise<string[]> {
  const values = await page.locator('#preset option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  return values.filter((v) => v !== '').sort();
}

export function granularState(page: Page): Promise<GranularState> {
  return page.evaluate(() => {
    const hook = window.__granular;
    if (!hook) throw new Error('window.__granular is missing');
    return hook.state();
  });
}

export function plotPoints(page: Page): Promise<PlotPoints> {
  return page.evaluate(() => {
    const hook = window.__granular;
    if (!hook) throw new Error('window.__granular is missing');
    return hook.plotPoints();
  });
}

/** Polls the hook (from node, CSP-safe) until `predicate` holds; returns that state. */
export async function waitForState(
  page: Page,
  predicate: (s: GranularState) => boolean,
  timeout = 30_000,
): Promise<GranularState> {
  const deadline = Date.now() + timeout;
  let last: GranularState | null = null;
  for (;;) {
    const ready = await page.evaluate(() => window.__granular !== undefined);
    if (ready) {
      last = await granularState(page);
      if (predicate(last)) return last;
    }
    if (Date.now() > deadline) {
      throw new Error(`state never satisfied ${predicate.toString()}; last: ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/**
 * Resolves once `page` (or a frame of it) has run `count` animation frames (requestAnimationFrame
 * callbacks) from now: time that passed inside the page, frames in which a page that was about to
 * act (draw, send a command, ask its worker for a frame) has done so. A check that something did
 * not happen waits for this (or for a round trip through the page's worker) first, rather than for
 * a fixed time, which a loaded machine may spend before the page has had its chance.
 */
export async function animationFrames(page: Page | Frame, count: number): Promise<void> {
  await page.evaluate((n) => new Promise<void>((resolve) => {
    let left = n;
    const tick = (): void => {
      left -= 1;
      if (left <= 0) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), count);
}

/** The pages' own read-outs (window.__granular.avalanche / .compare). */
interface PageProbes {
  avalanche: AvalancheProbe;
  compare: CompareProbe;
}

/** A page's read-outs now; throws when the page has not installed them. */
export function pageProbe<K extends keyof PageProbes>(page: Page, kind: K): Promise<PageProbes[K]> {
  return page.evaluate((k) => {
    const read = window.__granular?.[k];
    if (!read) throw new Error(`window.__granular.${k} is missing`);
    return read();
  }, kind) as Promise<PageProbes[K]>;
}

/** Polls a page's read-outs until `predicate` holds (once the page has installed them). */
export async function waitForPageProbe<K extends keyof PageProbes>(
  page: Page, kind: K, predicate: (p: PageProbes[K]) => boolean, timeout = 30_000,
): Promise<PageProbes[K]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate((k) => window.__granular?.[k] !== undefined, kind)) {
      const p = await pageProbe(page, kind);
      if (predicate(p)) return p;
      if (Date.now() > deadline) throw new Error(`${kind} probe never satisfied ${predicate.toString()}; last: ${JSON.stringify(p)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The avalanche page's read-outs. */
export const avalancheProbe = (page: Page): Promise<AvalancheProbe> => pageProbe(page, 'avalanche');

/** Polls the avalanche page's read-outs until `predicate` holds. */
export const waitForProbe = (page: Page, predicate: (p: AvalancheProbe) => boolean, timeout = 30_000): Promise<AvalancheProbe> =>
  waitForPageProbe(page, 'avalanche', predicate, timeout);

/** Number of pixels of a canvas (the page's simulation canvas unless named) that are neither
 *  background, wall nor outside colour: drawn discs. */
export function coloredPixels(page: Page, canvasId = 'sim-canvas'): Promise<number> {
  return page.evaluate((id) => {
    const canvas = document.getElementById(id);
    if (!(canvas instanceof HTMLCanvasElement)) return -1;
    const ctx = canvas.getContext('2d');
    if (!ctx) return -1;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i] ?? 0;
      const g = data[i + 1] ?? 0;
      const b = data[i + 2] ?? 0;
      // greys (background, outside, walls) have r ≈ g ≈ b; viridis colours do not
      if (Math.max(r, g, b) - Math.min(r, g, b) > 40) count++;
    }
    return count;
  }, canvasId);
}

/**
 * What needs scrolling sideways: the page itself ("document 1500 > 1366 px"), and every element
 * with overflow-x auto or scroll whose content is wider than its box (a table cut off at its right
 * edge, named by its class and first heading). `which`: 'all' (the default), 'document' (the page
 * only), or 'unreachable' (the page, and the boxes a keyboard cannot scroll: not focusable
 * (tabindex ≥ 0) named regions, as `sidewaysScroll` in web/src/ui/dom.ts makes them).
 */
export function sidewaysOverflow(page: Page, which: 'all' | 'document' | 'unreachable' = 'all'): Promise<string[]> {
  return page.evaluate((mode) => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) found.push(`document ${doc.scrollWidth} > ${window.innerWidth} px`);
    if (mode === 'document') return found;
    for (const e of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(e);
      if ((overflowX === 'auto' || overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1) {
        const named = (e.getAttribute('aria-label') ?? '') !== '' || (e.getAttribute('aria-labelledby') ?? '') !== '';
        if (mode === 'unreachable' && e.tabIndex >= 0 && e.getAttribute('role') === 'region' && named) continue;
        const title = e.querySelector('h2, h3, caption, th')?.textContent ?? '';
        found.push(`${e.tagName.toLowerCase()}.${e.className} "${title}" ${e.scrollWidth} > ${e.clientWidth} px`);
      }
    }
    return found;
  }, which);
}
