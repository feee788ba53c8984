/**
 * The disc under the pointer on the simulation canvases (ui/canvas-readout.ts): nobody could tell
 * which disc was which, nor what it was doing. Now a line under the canvas (under the comparison's
 * three) names the disc pointed at, as the frame drew it: its number as the page numbers it, its
 * radius, position, velocity and spin where the engine has them; empty on no disc; its room kept,
 * so nothing below moves. Mouse on a desktop, a tap on a 360 px phone. The disc named is ringed on
 * its canvas (only the comparison's canvas the line names) by a dashed ring, told at a glance from
 * the comparison's solid black ring round the disc in its velocity plot, the ring following it and
 * going with the line, and never in the canvas's PNG.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { CanvasDiscProbe } from '../../web/src/ui/test-hook';
import { discBrief, discLine } from '../../web/src/render/disc-pick';
import { RING_DARK, RING_DARK_PX, RING_GAP_PX, RING_WHITE_PX } from '../../web/src/ui/canvas-readout';
import { PAD } from '../../web/src/avalanche/avalanche-renderer';
import { closePage, decodePng, openPage, pixelAt, useBrowser, waitForState } from './browser';

const browser = useBrowser();

interface PageCase {
  name: string;
  /** the page and its parameters: paused at a time with moving discs */
  path: string;
  /** the canvases (the comparison's three, in the hook's order) and the engine each line names ('' for none) */
  canvases: string[];
  engines: string[];
}

const PAGES: PageCase[] = [
  { name: 'gas (index.html)', path: 'index.html?until=0.3', canvases: ['#sim-canvas'], engines: [''] },
  { name: 'soft discs (soft.html)', path: 'soft.html?until=0.3', canvases: ['#sim-canvas'], engines: [''] },
  { name: 'comparison (compare.html)', path: 'compare.html?until=0.3', canvases: ['#sim-canvas', '#canvas-soft', '#canvas-nscd'], engines: ['event-driven', 'soft', 'NSCD'] },
  { name: 'avalanche (avalanche.html)', path: 'avalanche.html?until=0.05', canvases: ['#sim-canvas'], engines: [''] },
];

const READOUT = '.canvas-readout';

/** every disc drawn on canvas k, as the hook reports it (positions in window px) */
function drawnDiscs(page: Page, k: number): Promise<CanvasDiscProbe[]> {
  return page.evaluate((canvas) => {
    const probe = window.__granular?.canvasDiscs?.();
    if (!probe) return [];
    const out: CanvasDiscProbe[] = [];
    for (let i = 0; i < probe.count(canvas); i++) {
      const d = probe.disc(canvas, i);
      if (d) out.push(d);
    }
    return out;
  }, k);
}

/** the disc whose drawn circle holds window point (x, y), the nearest centre where several do, or null (computed here, not by the page) */
function discUnder(discs: CanvasDiscProbe[], x: number, y: number): CanvasDiscProbe | null {
  let best: CanvasDiscProbe | null = null;
  let bestD = Infinity;
  for (const d of discs) {
    const dist = Math.hypot(d.clientX - x, d.clientY - y);
    if (dist <= d.radiusPx && dist < bestD) {
      best = d;
      bestD = dist;
    }
  }
  return best;
}

/**
 * A disc to point at: at least `minPx` px in radius, its centre inside canvas `selector` and the
 * window (and inside the box that scrolls a wide canvas sideways), no other disc's circle over its
 * centre; the middle one of those, in drawing order.
 */
async function target(page: Page, selector: string, k: number, minPx: number, ringed = false): Promise<CanvasDiscProbe> {
  const discs = await drawnDiscs(page, k);
  const box = await page.evaluate((sel) => {
    const canvas = document.querySelector(sel)!;
    const c = canvas.getBoundingClientRect();
    const w = canvas.closest('.canvas-wrap')!.getBoundingClientRect();
    return { left: Math.max(c.left, w.left, 0), right: Math.min(c.right, w.right, window.innerWidth), top: Math.max(c.top, 0), bottom: Math.min(c.bottom, window.innerHeight) };
  }, selector);
  // `ringed`: the ring round it (RING_RADIUS) in view too
  const margin = (d: CanvasDiscProbe): number => (ringed ? RING_RADIUS(d) + 3 : 2);
  const fits = discs.filter(
    (d) =>
      d.radiusPx >= minPx && d.clientX > box.left + margin(d) && d.clientX < box.right - margin(d) && d.clientY > box.top + margin(d) && d.clientY < box.bottom - margin(d) &&
      discUnder(discs, d.clientX, d.clientY) === d,
  );
  expect(fits.length, `${selector}: a disc of ${minPx} px or more in view`).toBeGreaterThan(0);
  return fits[Math.floor(fits.length / 2)]!;
}

/** boxes of the line and of everything after it on the page's column, and of the plots: what must not move */
function layoutBoxes(page: Page): Promise<string[]> {
  return page.evaluate((sel) => {
    const line = document.querySelector(sel)!;
    const boxes: Element[] = [line];
    for (let e = line.nextElementSibling; e; e = e.nextElementSibling) boxes.push(e);
    const plots = document.querySelector('#plots');
    if (plots) boxes.push(plots);
    return boxes.map((e) => {
      const r = e.getBoundingClientRect();
      return `${e.id || e.className}: ${r.x},${r.y + window.scrollY},${r.width}x${r.height}`;
    });
  }, READOUT);
}

function lineText(page: Page): Promise<string> {
  return page.locator(READOUT).textContent().then((t) => t ?? '');
}

/** opens the page paused after its `until` time, its canvases drawn */
async function openPaused(url: string, viewport: { width: number; height: number }, touch = false): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser(), url, viewport, touch);
  const until = Number(new URL(url).searchParams.get('until'));
  await waitForState(opened.page, (s) => s.count > 0 && !s.running && s.time >= until - 1e-9 && s.outputIndex > 0, 60_000);
  await expect.poll(async () => (await drawnDiscs(opened.page, 0)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  // the paused frame drawn: what the canvas shows no longer changes from one animation frame to the next
  const drawn = (): Promise<string> =>
    opened.page.evaluate(
      () => new Promise<string>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(JSON.stringify(window.__granular?.canvasDiscs?.().disc(0, 0)?.state))))),
    );
  let last = '';
  await expect.poll(async () => last === (last = await drawn())).toBe(true);
  return opened;
}

/** samples taken round a disc, on the middle of the ring's dark band */
const RING_SAMPLES = 48;
const RING_RADIUS = (d: CanvasDiscProbe): number => d.outlinePx + RING_GAP_PX + RING_WHITE_PX + RING_DARK_PX / 2;
const DARK = [1, 3, 5].map((k) => parseInt(RING_DARK.slice(k, k + 2), 16));

/** dashes at least round the smallest disc pointed at (3 px: the ring's band about 19 px across) */
const MIN_DASHES = 4;

/** radii (px, about the band's middle) sampled at each angle: one of them has the middle of a 2 px band whatever the antialiasing */
const RING_STEPS = [-0.75, 0, 0.75];

/** the ring's dark colour, give or take antialiasing */
function isRingDark(p: number[]): boolean {
  return Math.abs(p[0]! - DARK[0]!) + Math.abs(p[1]! - DARK[1]!) + Math.abs(p[2]! - DARK[2]!) < 60;
}

/** at each of the RING_SAMPLES angles, whether the samples there (RING_STEPS.length per angle) show the ring's dark colour */
function darkAngles(samples: number[][], dark = isRingDark): boolean[] {
  return Array.from({ length: RING_SAMPLES }, (_, k) => RING_STEPS.some((_, j) => dark(samples[k * RING_STEPS.length + j]!)));
}

/** the angles (of RING_SAMPLES) where the samples show the ring's dark band */
function ringDark(samples: number[][]): number {
  return darkAngles(samples).filter(Boolean).length;
}

/** white, give or take antialiasing (the white between the dashes; the canvases' backgrounds are near white too) */
function isLight(p: number[]): boolean {
  return p[0]! >= 225 && p[1]! >= 225 && p[2]! >= 225;
}

/**
 * The pointer's ring as the window shows it round a disc: on its dashed band, dashes of its dark
 * colour with white between them all the way round. Counted: the angles dark, the angles light in
 * the band's middle, and the dashes (runs of dark angles round the circle).
 */
function ringDashes(samples: number[][]): { dark: number; light: number; dashes: number } {
  const dark = darkAngles(samples);
  const middle = RING_STEPS.indexOf(0);
  const light = Array.from({ length: RING_SAMPLES }, (_, k) => !dark[k] && isLight(samples[k * RING_STEPS.length + middle]!));
  const dashes = dark.filter((d, k) => d && !dark[(k + RING_SAMPLES - 1) % RING_SAMPLES]).length;
  return { dark: dark.filter(Boolean).length, light: light.filter(Boolean).length, dashes };
}

/** the pointer's ring round a disc (ringOnScreen's samples): dashed, never a solid ring */
function expectDashedRing(samples: number[][], what: string): void {
  const { dark, light, dashes } = ringDashes(samples);
  const seen = `${what}: ${dark} dark, ${light} light of ${RING_SAMPLES} angles, ${dashes} dashes`;
  expect(dashes, seen).toBeGreaterThanOrEqual(MIN_DASHES);
  expect(dark, seen).toBeGreaterThanOrEqual(RING_SAMPLES / 4);
  expect(light, seen).toBeGreaterThanOrEqual(RING_SAMPLES / 8);
  // little else there but the antialiased ends of the dashes
  expect(dark + light, seen).toBeGreaterThanOrEqual((3 * RING_SAMPLES) / 4);
}

/** the device pixels sampled round a circle of `radius` centred at (cx, cy) (CSS px, `scale` device px each): RING_STEPS at each angle */
function samplePoints(cx: number, cy: number, radius: number, scale: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let k = 0; k < RING_SAMPLES; k++) {
    const a = (2 * Math.PI * k) / RING_SAMPLES;
    for (const dr of RING_STEPS) out.push([Math.floor((cx + (radius + dr) * Math.cos(a)) * scale), Math.floor((cy + (radius + dr) * Math.sin(a)) * scale)]);
  }
  return out;
}

/**
 * The pixels of picture `png` on the circle where the ring's dark band goes round a disc centred at
 * (cx, cy) (px in the picture, `scale` device px per CSS px), RING_SAMPLES of them.
 */
async function circlePixels(page: Page, png: Buffer, cx: number, cy: number, radius: number, scale: number): Promise<number[][]> {
  const picture = await decodePng(page, png);
  return samplePoints(cx, cy, radius, scale).map(([x, y]) => pixelAt(picture, x, y));
}

/** what the window shows on the ring's dark band round disc d, or on the circle of `radius` px round it (a screenshot of the square round it) */
async function ringOnScreen(page: Page, d: CanvasDiscProbe, radius = RING_RADIUS(d)): Promise<number[][]> {
  const half = Math.ceil(Math.max(radius, RING_RADIUS(d)) + 6);
  const clip = { x: Math.round(d.clientX) - half, y: Math.round(d.clientY) - half, width: 2 * half, height: 2 * half };
  const shot = await page.screenshot({ clip });
  return circlePixels(page, shot, d.clientX - clip.x, d.clientY - clip.y, radius, 1);
}

/** a screenshot of canvas `selector` as the window shows it */
async function canvasShot(page: Page, selector: string): Promise<Buffer> {
  const box = (await page.locator(selector).boundingBox())!;
  return page.screenshot({ clip: box });
}

describe('the disc under the pointer, named under the canvas', () => {
  for (const c of PAGES) {
    it(`${c.name}: a mouse on a disc names it with its drawn values; empty space and leaving empty the line; nothing below moves`, async () => {
      const { page, errors } = await openPaused(`${inject('baseUrl')}${c.path}`, { width: 1280, height: 900 });
      await page.locator(c.canvases[0]!).scrollIntoViewIfNeeded();
      await page.mouse.move(1, 1);
      expect(await page.locator(READOUT).count()).toBe(1);
      expect(await page.locator(READOUT).getAttribute('aria-hidden')).toBe('true');
      expect(await lineText(page)).toBe('');
      const before = await layoutBoxes(page);
      for (let k = 0; k < c.canvases.length; k++) {
        const d = await target(page, c.canvases[k]!, k, 3);
        await page.mouse.move(d.clientX, d.clientY);
        const text = await lineText(page);
        expect(text, `${c.canvases[k]}: disc ${d.state.number}`).toBe(discLine(d.state, c.engines[k]));
        const plain = text.replace(/\u00a0/g, ' ');
        expect(plain).toContain(`${d.state.kind} ${d.state.number} · r = `);
        // a velocity with its speed; where the engine has spins (soft discs, the avalanche's grains), a spin
        expect(plain).toMatch(c.name.startsWith('avalanche') || c.name.startsWith('soft') ? / · \|v\| = \S+ m\/s · ω = \S+ rad\/s$/ : / · \|v\| = \S+ m\/s$/);
        expect(await layoutBoxes(page), 'nothing below the canvas moves while a disc is named').toEqual(before);
      }
      // the canvas's top left corner: outside the box (gas, soft), the comparison's margin, the avalanche's axis
      const corner = await page.locator(c.canvases[0]!).boundingBox();
      await page.mouse.move(corner!.x + 2, corner!.y + 2);
      expect(await lineText(page), 'no disc under the pointer: an empty line').toBe('');
      const d = await target(page, c.canvases[0]!, 0, 3);
      await page.mouse.move(d.clientX, d.clientY);
      expect(await lineText(page)).not.toBe('');
      await page.mouse.move(1, 1);
      expect(await lineText(page), 'the pointer gone: an empty line').toBe('');
      expect(await layoutBoxes(page)).toEqual(before);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  it('index.html: while the run goes on under a still pointer, the line names the disc drawn there now, with its values now', async () => {
    const { page, errors } = await openPaused(`${inject('baseUrl')}index.html?until=0.3`, { width: 1280, height: 900 });
    await page.locator('#sim-canvas').scrollIntoViewIfNeeded();
    const d = await target(page, '#sim-canvas', 0, 3);
    await page.mouse.move(d.clientX, d.clientY);
    expect(await lineText(page)).toBe(discLine(d.state));
    const { time } = await waitForState(page, () => true);
    // one output interval on: the discs move, the pointer stays (the step pressed from the keyboard:
    // a click would take the pointer off the canvas, and the line would empty whether it follows or not)
    await page.locator('#btn-step').focus();
    await page.keyboard.press('Enter');
    await waitForState(page, (s) => s.time > time && !s.running);
    await expect
      .poll(async () => {
        const now = discUnder(await drawnDiscs(page, 0), d.clientX, d.clientY);
        const expected = now ? discLine(now.state) : '';
        return (await lineText(page)) === expected && expected !== discLine(d.state);
      }, { message: 'the line follows the frame drawn' })
      .toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  for (const c of PAGES) {
    it(`${c.name}: the disc named is ringed on its canvas (only there), following no other; the ring goes with the line`, async () => {
      const { page, errors } = await openPaused(`${inject('baseUrl')}${c.path}`, { width: 1280, height: 900 });
      await page.locator(c.canvases[0]!).scrollIntoViewIfNeeded();
      await page.mouse.move(1, 1);
      for (let k = 0; k < c.canvases.length; k++) {
        const d = await target(page, c.canvases[k]!, k, 3, true);
        const before = await ringOnScreen(page, d);
        const others = await Promise.all(c.canvases.filter((_, j) => j !== k).map((sel) => canvasShot(page, sel)));
        expect(ringDark(before), 'no ring before the pointer comes').toBeLessThan(RING_SAMPLES / 4);
        await page.mouse.move(d.clientX, d.clientY);
        expect(await lineText(page)).toBe(discLine(d.state, c.engines[k]));
        expectDashedRing(await ringOnScreen(page, d), `${c.canvases[k]}: the dashed ring round disc ${d.state.number}`);
        // the comparison: the other engines' canvases show what they showed
        const othersNow = await Promise.all(c.canvases.filter((_, j) => j !== k).map((sel) => canvasShot(page, sel)));
        othersNow.forEach((shot, j) => expect(shot.equals(others[j]!), `canvas ${j} unchanged`).toBe(true));
        await page.mouse.move(1, 1);
        expect(await lineText(page)).toBe('');
        expect(await ringOnScreen(page, d), 'the pointer gone: the ring gone').toEqual(before);
      }
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  /** The gas page paused at t = 0.3 s, the pointer on a disc of its canvas, and that disc's dashed ring seen round it. */
  async function pointAtGasDisc(): Promise<{ page: Page; errors: string[]; d: CanvasDiscProbe }> {
    const { page, errors } = await openPaused(`${inject('baseUrl')}index.html?until=0.3`, { width: 1280, height: 900 });
    await page.locator('#sim-canvas').scrollIntoViewIfNeeded();
    const d = await target(page, '#sim-canvas', 0, 3, true);
    await page.mouse.move(d.clientX, d.clientY);
    expectDashedRing(await ringOnScreen(page, d), `the ring round disc ${d.state.number}`);
    return { page, errors, d };
  }

  it('index.html: the ring follows the disc named as the run goes on under a still pointer', async () => {
    const { page, errors, d } = await pointAtGasDisc();
    // output interval after output interval, the step pressed from the keyboard (the pointer stays
    // still), until a disc drawn elsewhere than the first is under the pointer
    let moved = false;
    for (let step = 0; step < 20 && !moved; step++) {
      const { time } = await waitForState(page, () => true);
      await page.locator('#btn-step').focus();
      await page.keyboard.press('Enter');
      await waitForState(page, (s) => s.time > time && !s.running);
      let now: CanvasDiscProbe | null = null;
      await expect
        .poll(async () => {
          now = discUnder(await drawnDiscs(page, 0), d.clientX, d.clientY);
          return (await lineText(page)) === (now ? discLine(now.state) : '');
        }, { message: 'the line names the disc drawn under the pointer now' })
        .toBe(true);
      const here = now as CanvasDiscProbe | null;
      if (here === null) {
        expect(ringDark(await ringOnScreen(page, d)), 'no disc under the pointer: no ring where the disc was').toBeLessThan(RING_SAMPLES / 4);
      } else if (Math.hypot(here.clientX - d.clientX, here.clientY - d.clientY) > 2) {
        expectDashedRing(await ringOnScreen(page, here), 'the ring round the disc as drawn now');
        moved = true;
      }
    }
    expect(moved, 'a disc drawn elsewhere came under the pointer').toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("compare.html: round the disc in the velocity plot, its solid black ring and the dashed ring of the pointer are told apart", async () => {
    const { page, errors } = await openPaused(`${inject('baseUrl')}compare.html?until=0.3`, { width: 1280, height: 900 });
    expect((await page.locator('.canvas-key').textContent())?.replace(/\s+/g, ' ')).toContain(
      'solid black ring: the disc in the velocity plot; dashed ring: the disc named under the pointer',
    );
    await page.locator('#canvas-soft').scrollIntoViewIfNeeded();
    await page.mouse.move(1, 1);
    const plotted = await page.evaluate(() => window.__granular?.compare?.().disc ?? 0);
    const d = (await drawnDiscs(page, 1)).find((x) => x.state.number === plotted);
    expect(d, `disc ${plotted} on the soft canvas`).toBeDefined();
    const disc = d!;
    expect(disc.radiusPx, 'a disc wide enough to tell its rings apart').toBeGreaterThanOrEqual(10);
    // the velocity plot's ring, drawn on the canvas (compare-view.ts): black, from the rim out to
    // outlinePx; the pointer's ring goes round it, RING_GAP_PX further out
    expect(disc.outlinePx - disc.radiusPx, 'the solid ring drawn round the disc').toBe(3);
    const solid = (disc.radiusPx + disc.outlinePx) / 2;
    const black = (p: number[]): boolean => p[0]! + p[1]! + p[2]! < 45;
    const allBlack = async (): Promise<number> => darkAngles(await ringOnScreen(page, disc, solid), black).filter(Boolean).length;
    expect(await allBlack(), 'the solid black ring before the pointer comes').toBe(RING_SAMPLES);
    expect(ringDark(await ringOnScreen(page, disc)), 'no pointer ring yet').toBeLessThan(RING_SAMPLES / 4);
    await page.mouse.move(disc.clientX, disc.clientY);
    expect(await lineText(page)).toBe(discLine(disc.state, 'soft'));
    expect(await allBlack(), 'the solid black ring, all round, under the pointer').toBe(RING_SAMPLES);
    expectDashedRing(await ringOnScreen(page, disc), `the pointer's ring round disc ${plotted}`);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("index.html: the canvas's PNG, taken while a disc is ringed, has no ring", async () => {
    const { page, errors, d } = await pointAtGasDisc();
    // the button pressed from the keyboard: the pointer stays on the disc, the ring on the canvas
    await page.locator('#canvas-png').focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const png = readFileSync(await file.path());
    expect(await lineText(page)).toBe(discLine(d.state));
    const box = (await page.locator('#sim-canvas').boundingBox())!;
    const scale = await page.evaluate(() => {
      const c = document.getElementById('sim-canvas') as HTMLCanvasElement;
      return c.width / c.getBoundingClientRect().width;
    });
    const inPng = await circlePixels(page, png, d.clientX - box.x, d.clientY - box.y, RING_RADIUS(d), scale);
    // the canvas's own pixels there: what the PNG must hold
    const drawn = await page.evaluate((points) => {
      const ctx = (document.getElementById('sim-canvas') as HTMLCanvasElement).getContext('2d')!;
      return points.map(([x, y]) => [...ctx.getImageData(x, y, 1, 1).data].slice(0, 3));
    }, samplePoints(d.clientX - box.x, d.clientY - box.y, RING_RADIUS(d), scale));
    expect(inPng).toEqual(drawn);
    expect(ringDark(inPng), 'no ring in the PNG').toBeLessThan(RING_SAMPLES / 4);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('avalanche.html: a fixed floor disc is named as one, with its place and no velocity', async () => {
    const { page, errors } = await openPaused(`${inject('baseUrl')}avalanche.html?until=0.05`, { width: 1280, height: 900 });
    await page.locator('#sim-canvas').scrollIntoViewIfNeeded();
    const discs = await drawnDiscs(page, 0);
    const box = (await page.locator('#sim-canvas').boundingBox())!;
    const floor = discs.filter((d) => d.state.kind === 'fixed floor disc' && d.clientX > box.x + 60 && d.clientX < box.x + box.width - 10 && discUnder(discs, d.clientX, d.clientY) === d);
    expect(floor.length).toBeGreaterThan(0);
    const d = floor[Math.floor(floor.length / 2)]!;
    // the floor's discs come after the grains in the engine's numbering
    expect(d.state.number).toBeGreaterThanOrEqual(discs.filter((g) => g.state.kind === 'grain').length);
    await page.mouse.move(d.clientX, d.clientY);
    const text = await lineText(page);
    expect(text).toBe(discLine(d.state));
    expect(text.replace(/\u00a0/g, ' ')).toMatch(new RegExp(`^fixed floor disc ${d.state.number} · r = \\S+ m · x = \\S+ m · y = \\S+ m$`));
    expect(errors).toEqual([]);
    await closePage(page);
  });

  for (const c of PAGES) {
    it(`${c.name}, a 360 px phone: a tap on a disc names it, a tap elsewhere empties the line; nothing below moves`, async () => {
      const { page, errors } = await openPaused(`${inject('baseUrl')}${c.path}`, { width: 360, height: 740 }, true);
      await page.locator(c.canvases[0]!).scrollIntoViewIfNeeded();
      const before = await layoutBoxes(page);
      // a fingertip's reach: small discs are hit within 10 px of their centre
      const d = await target(page, c.canvases[0]!, 0, 1);
      await page.touchscreen.tap(d.clientX, d.clientY);
      expect(await lineText(page)).toBe(discLine(d.state, c.engines[0]));
      expect(await layoutBoxes(page), 'nothing below the canvas moves').toEqual(before);
      // the line fits the screen
      const line = await page.locator(READOUT).boundingBox();
      expect(line!.x).toBeGreaterThanOrEqual(0);
      expect(line!.x + line!.width).toBeLessThanOrEqual(360);
      const status = await page.locator('#status').boundingBox();
      await page.touchscreen.tap(status!.x + 5, status!.y + status!.height / 2);
      expect(await lineText(page), 'a tap elsewhere empties the line').toBe('');
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // the line over a small embedded canvas took up to three rows (half the avalanche's 94 px canvas
  // in a 480 x 360 frame with its plot) and still lost the speed or ω to the ellipsis: there it gives
  // the disc's number and speed, on one row
  for (const c of PAGES) {
    it(`${c.name}, embedded with a plot in a 480 x 360 frame: the line shows over the canvas, clear of the disc named, in its short form on one row, and the frame does not grow`, async () => {
      const path = c.path.replace('?', '?embed=1&plot=energy&').replace('soft.html?embed=1&plot=energy', 'soft.html?embed=1&plot=ledger').replace('avalanche.html?embed=1&plot=energy', 'avalanche.html?embed=1&plot=runout');
      const { page, errors } = await openPaused(`${inject('baseUrl')}${path}`, { width: 480, height: 360 });
      const height = (): Promise<number> => page.evaluate(() => document.documentElement.scrollHeight);
      const before = await height();
      expect(before).toBeLessThanOrEqual(360);
      const d = await target(page, c.canvases[0]!, 0, 1);
      await page.mouse.move(d.clientX, d.clientY);
      expect(await lineText(page)).toBe(discBrief(d.state, c.engines[0]));
      const line = (await page.locator(READOUT).boundingBox())!;
      expect(d.clientY < line.y || d.clientY > line.y + line.height, `the line (${line.y}-${line.y + line.height}) leaves the disc at y = ${d.clientY} in view`).toBe(true);
      await expectLineFits(page, c.canvases[0]!, 1);
      expect(await height()).toBe(before);
      await page.mouse.move(1, 1);
      expect(await lineText(page)).toBe('');
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // in the frames the docs call small and smaller, the avalanche's short form; in a larger one its whole
  // line. At 480 x 360 without a plot the whole line (800 px) took two rows over the y axis's labels:
  // inside the plot area, 46 px narrower, it needs three, more than a quarter of the canvas
  for (const [path, width, height, whole] of [
    ['avalanche.html?embed=1&until=0.05', 320, 240, false],
    ['avalanche.html?embed=1&until=0.05', 480, 360, false],
    ['avalanche.html?embed=1&plot=runout&until=0.05', 900, 560, true],
  ] as const) {
    it(`avalanche.html embedded ${path.includes('plot') ? 'with its plot ' : ''}in a ${width} x ${height} frame: ${whole ? 'the whole line' : 'the grain\'s number and speed'}, covering at most a quarter of the canvas`, async () => {
      const { page, errors } = await openPaused(`${inject('baseUrl')}${path}`, { width, height });
      const d = await target(page, '#sim-canvas', 0, 1);
      expect(d.state.kind).toBe('grain');
      await page.mouse.move(d.clientX, d.clientY);
      expect(await lineText(page)).toBe(whole ? discLine(d.state) : discBrief(d.state));
      await expectLineFits(page, '#sim-canvas', whole ? 2 : 1);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // over a small avalanche the line lay at the canvas's bottom edge, over its x axis's tick labels and
  // name (at its top edge, over the top of its y axis's labels): it now lies inside the plot area
  for (const [path, width, height] of [
    ['avalanche.html?embed=1&plot=runout&until=0.05', 480, 360],
    ['avalanche.html?embed=1&until=0.05', 320, 240],
  ] as const) {
    it(`avalanche.html embedded ${path.includes('plot') ? 'with its plot ' : ''}in a ${width} x ${height} frame: the line, at the bottom or the top, keeps off the axes' labels`, async () => {
      const { page, errors } = await openPaused(`${inject('baseUrl')}${path}`, { width, height });
      const discs = (await drawnDiscs(page, 0)).filter((d) => d.state.kind === 'grain' && d.radiusPx >= 1);
      const canvas = (await page.locator('#sim-canvas').boundingBox())!;
      const inView = discs.filter((d) => d.clientX > canvas.x + PAD.left + 2 && d.clientY > canvas.y + PAD.top + 2 && d.clientY < canvas.y + canvas.height - PAD.bottom - 2);
      // the highest grain (the line at the bottom) and the lowest (the line at the top)
      const byY = [...inView].sort((a, b) => a.clientY - b.clientY);
      for (const [d, top] of [[byY[0]!, false], [byY[byY.length - 1]!, true]] as const) {
        await page.mouse.move(d.clientX, d.clientY);
        expect(await lineText(page)).toBe(discBrief(d.state));
        await expectLineFits(page, '#sim-canvas', 1);
        const line = (await page.locator(READOUT).boundingBox())!;
        expect(line.x, 'the line starts right of the y axis\'s labels').toBeGreaterThanOrEqual(canvas.x + PAD.left - 0.5);
        if (top) expect(line.y, 'the line at the top, below the top margin').toBeGreaterThanOrEqual(canvas.y + PAD.top - 0.5);
        else expect(line.y + line.height, 'the line at the bottom, above the x axis\'s labels').toBeLessThanOrEqual(canvas.y + canvas.height - PAD.bottom + 0.5);
        expect(d.clientY < line.y || d.clientY > line.y + line.height, 'the line leaves the grain named in view').toBe(true);
      }
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // the comparison's three canvases of a row, stacked in a 900 x 560 frame with a plot, are 74 px tall:
  // a quarter of one left the line one row, the short form, whose |v| hides which way each engine's
  // disc moves; the line lies over another engine's canvas than the one it names, and may cover half of it
  it('comparison embedded with a plot in a 900 x 560 frame: the whole line, over another canvas than the one it names, covering at most half of it', async () => {
    const { page, errors } = await openPaused(`${inject('baseUrl')}compare.html?embed=1&plot=energy&until=0.3`, { width: 900, height: 560 });
    for (const [k, selector, engine] of [[0, '#sim-canvas', 'event-driven'], [2, '#canvas-nscd', 'NSCD']] as const) {
      const d = await target(page, selector, k, 1);
      await page.mouse.move(d.clientX, d.clientY);
      expect(await lineText(page)).toBe(discLine(d.state, engine));
      const at = await page.evaluate(([read, named]) => {
        const line = document.querySelector<HTMLElement>(read)!;
        const l = line.getBoundingClientRect();
        const canvases = [...document.querySelectorAll('.compare-canvases canvas')].map((c) => ({ id: c.id, box: c.getBoundingClientRect() }));
        const over = canvases.filter((c) => c.box.top < l.bottom && c.box.bottom > l.top);
        return {
          rows: Math.round(l.height / parseFloat(getComputedStyle(line).lineHeight)),
          cut: line.scrollHeight > line.clientHeight + 1 || line.scrollWidth > line.clientWidth + 1,
          over: over.map((c) => c.id),
          covered: over.map((c) => (Math.min(c.box.bottom, l.bottom) - Math.max(c.box.top, l.top)) / c.box.height),
          named,
        };
      }, [READOUT, selector] as const);
      expect(at.cut, 'the line is cut').toBe(false);
      expect(at.rows).toBe(2);
      expect(at.over.length, `the line lies over ${at.over.join(', ')}`).toBe(1);
      expect(`#${at.over[0]}`).not.toBe(selector);
      expect(at.covered[0]!, 'the part of the canvas under the line').toBeLessThanOrEqual(0.5);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });
});

/** the line over canvas `selector` shows its whole text (nothing cut) in `rows` rows: one, or no more than cover a quarter of the canvas's height */
async function expectLineFits(page: Page, selector: string, rows: number): Promise<void> {
  const at = await page.evaluate(([sel, read]) => {
    const line = document.querySelector<HTMLElement>(read)!;
    return {
      height: line.getBoundingClientRect().height,
      row: parseFloat(getComputedStyle(line).lineHeight),
      cut: line.scrollHeight > line.clientHeight + 1 || line.scrollWidth > line.clientWidth + 1,
      canvas: document.querySelector(sel)!.getBoundingClientRect().height,
    };
  }, [selector, READOUT] as const);
  expect(at.cut, 'the line is cut').toBe(false);
  expect(Math.round(at.height / at.row), `the line's rows (${at.height} px of ${at.row} px rows)`).toBe(rows);
  if (rows > 1) expect(at.height, `the line ${at.height} px over a canvas ${at.canvas} px tall`).toBeLessThanOrEqual(at.canvas / 4);
}
