/** The speed control says what was asked for; a run that cannot keep up says what it reaches. */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PACE_SHORT_MAX, paceText } from '../../web/src/ui/pace';
import { encodeScenario } from '../../web/src/ui/share';
import { BLANK_PAGE, closePage, openPage, useBrowser, waitForState } from './browser';

const browser = useBrowser();

/** `text` shown in the notice as Controls.setPace writes it: the reason after the colon in its own span, marked `long` in a long text */
/**
 * Where the notice lies: its text, box and lines (none while hidden; the line-height is one line), whether its text is cut (an
 * ellipsis), whether the reason after the colon shows, the top of what is drawn under the controls:
 * the canvas, or the comparison page's engine captions above its canvases; and where the engine had got
 * to in the frame that set it (window.__granular's engineTime: the pace is the engine's).
 */
/**
 * The canvas's top in the document (scrolling aside), once the layout has settled after a resize: the
 * same for three frames in a row. Read at once after setViewportSize, it once came out a line (22 px)
 * off what it settled to, on a loaded machine, and the check that the notice never moves the canvas
 * took the resize for the notice.
 */
function settledCanvasTop(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const canvas = document.getElementById('sim-canvas')!;
    const top = (): number => canvas.getBoundingClientRect().top + window.scrollY;
    const frame = (): Promise<void> => new Promise((done) => requestAnimationFrame(() => done()));
    let last = top();
    for (let same = 0, k = 0; same < 3 && k < 240; k++) {
      await frame();
      const now = top();
      same = now === last ? same + 1 : 0;
      last = now;
    }
    return last;
  });
}

async function noticePlace(page: Page, show: string | null = null): Promise<{ text: string; bottom: number; lines: number; cut: boolean; why: boolean; under: number; left: number; right: number; stageLeft: number; stageRight: number; time: number }> {
  const cut = show === null ? -1 : show.indexOf(': ');
  const shown = show === null ? null : [show.slice(0, cut), show.slice(cut), show.length > PACE_SHORT_MAX ? 'pace-why long' : 'pace-why'] as const;
  return page.evaluate((written) => {
    const pace = document.getElementById('sim-pace')!;
    if (written !== null) {
      // `show` written as setPace writes it, and measured in the same task: a frame of the page's own
      // (the avalanche settling before its gate opens) could hide it between two calls
      const [lead, reason, className] = written;
      pace.hidden = false;
      const span = document.createElement('span');
      span.className = className;
      span.textContent = reason;
      pace.replaceChildren(lead, span);
    }
    const box = pace.getBoundingClientRect();
    const stage = pace.closest('.stage')!.getBoundingClientRect();
    const tops = [document.getElementById('sim-canvas')!, ...document.querySelectorAll('.engine-view figcaption')]
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => e.getBoundingClientRect().top);
    const why = pace.querySelector('.pace-why');
    return {
      text: pace.textContent ?? '',
      bottom: box.bottom,
      lines: Math.round(box.height / parseFloat(getComputedStyle(pace).lineHeight)),
      cut: pace.scrollWidth > pace.clientWidth,
      why: why !== null && why.getClientRects().length > 0,
      under: Math.min(...tops),
      left: box.left,
      right: box.right,
      stageLeft: stage.left,
      stageRight: stage.right,
      // where the engine had got to in the page's latest frame, read with the notice that frame set
      time: window.__granular?.state().engineTime ?? NaN,
    };
  }, shown);
}

describe('the pace next to the speed', () => {
  it('is hidden while the run keeps up, and says what it reaches when it cannot (1,000 elastic discs at 1000 s per s)', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}index.html`);
    await waitForState(page, (s) => s.running && s.time > 1.5);
    // 1 s per s: kept up, nothing said
    expect(await page.locator('#sim-pace').isHidden()).toBe(true);
    // the slider's top, 10^3 s per s, for 1,000 elastic discs (area fraction 0.31, no cooling: their collision rate
    // stays above 10^4 per simulated second, so 10^7 per real second are asked, several times
    // what the engine computes in WebAssembly: about 10^6 a second, npm run bench)
    await page.locator('#f-count').fill('1000');
    await page.locator('#f-restitution').fill('1');
    await page.locator('#apply').click();
    await waitForState(page, (s) => s.count === 1000 && s.running);
    // from the top of the page (focusing the slider scrolls it)
    const top = async (selector: string): Promise<number> => page.locator(selector).evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
    const canvasTop = await top('#sim-canvas');
    await page.locator('#speed').focus();
    await page.keyboard.press('End');
    expect(await page.locator('#speed-value').textContent()).toBe('1000 s per s');
    await expect.poll(async () => (await page.locator('#sim-pace').isVisible()) && ((await page.locator('#sim-pace').textContent()) ?? ''), { timeout: 15_000 })
      .toMatch(/^only \d[\d.]* s per s: the machine cannot keep up$/);
    const reached = Number(/only ([\d.]+)/.exec((await page.locator('#sim-pace').textContent()) ?? '')?.[1]);
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThan(800);
    // the notice takes no room in the row: the canvas below does not move as it comes and goes (in the
    // row it wrapped the row onto a second line and moved the canvas 25 px while the run played)
    expect(await top('#sim-canvas')).toBe(canvasTop);
    const notice = await page.locator('#sim-pace').boundingBox();
    const stage = await page.locator('.stage').first().boundingBox();
    expect(notice && stage && notice.x >= stage.x && notice.x + notice.width <= stage.x + stage.width + 0.5).toBe(true);
    // paused: nothing to measure
    await page.locator('#btn-play').click();
    await expect.poll(async () => page.locator('#sim-pace').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // side by side at 1920 px, the notice under the controls' right end covered the rightmost engine's
  // caption ("NSCD (Moreau–Jean) — 43 contacts made"); the page keeps a line free for it
  it('on the comparison page it covers none of the engines\' captions', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}compare.html?play=0`, { width: 1920, height: 1000 });
    await waitForState(page, (s) => s.count > 0);
    await page.locator('#preset').selectOption('compare-gas');
    // the preset starts running: paused, nothing measures the pace and the notice stays as set below
    await waitForState(page, (s) => s.count === 24 && s.running);
    await page.locator('#btn-play').click();
    await waitForState(page, (s) => !s.running);
    // the notice as setPace writes it when a run falls short (its text does not depend on the machine here)
    await page.evaluate(() => {
      const pace = document.getElementById('sim-pace')!;
      pace.hidden = false;
      pace.innerHTML = 'only 0.36 s per s<span class="pace-why">: the machine cannot keep up</span>';
    });
    const notice = (await page.locator('#sim-pace').boundingBox())!;
    const captions = await page.locator('.engine-view figcaption').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON() as DOMRect));
    expect(captions).toHaveLength(3);
    // side by side: one row of captions, the last one reaching under the notice's column
    expect(new Set(captions.map((c) => Math.round(c.top))).size).toBe(1);
    expect(captions[2]!.right).toBeGreaterThan(notice.x);
    for (const c of captions) expect(notice.y + notice.height).toBeLessThanOrEqual(c.top + 0.5);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the notice lay over the scene's top margin, blank on the gas and soft pages; the avalanche draws up to
  // its canvas's top edge (the gate, the y axis' top label), and the notice covered its top 9-10 px, on
  // the page and in embeds (whose controls keep smaller margins). Every page now keeps it a line (below).
  it('on the avalanche page it covers none of the canvas, on the page and embedded', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html?play=0`, { width: 1280, height: 800 });
    for (const [path, width, height] of [['', 1280, 800], ['', 375, 700], ['&embed=1&plot=runout', 480, 360], ['&embed=1&plot=runout', 375, 600], ['&embed=1', 480, 360]] as const) {
      const what = `avalanche.html?play=0${path} at ${width} x ${height}`;
      await page.setViewportSize({ width, height });
      await page.goto(`${inject('baseUrl')}avalanche.html?play=0${path}`);
      await waitForState(page, (s) => s.count > 0);
      // the notice as setPace writes it when a run falls short (paused, nothing measures the pace to hide it)
      // (written and measured at once: the column settling before its gate opens may hide it in between)
      const n = await noticePlace(page, 'only 0.36 s per s: the machine cannot keep up');
      expect(n.lines, what).toBe(1);
      expect(n.bottom, what).toBeLessThanOrEqual(n.under + 0.5);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // the long notices ("next picture 3 s after this one: … (a shorter output interval shows more)") took two or
  // three lines where the controls' row is narrower than the text: from 641 to 1000 px on every page (the
  // row shares the page with the form), from 1200 px to some 1500 px on the gas and soft pages (and the
  // plots), and covered 14-44 px of the canvas (the comparison's captions); on the gas and soft pages even
  // one line lay over the canvas's top margin. Every page keeps a line for it, and it is one line there,
  // its reason shown where the row has room for the whole text; the canvas never moves for it.
  // one test a page: the four in one took 30 s alone and passed the 60 s limit with 12 processes on 2 cores
  const texts = [
    paceText(0.036, 1),
    paceText(0, 1),
    paceText(null, 1, { time: 0, next: 3 }),
    // the longest numbers it says: a wait of 2.1 s at 0.001 s per s, a wait of 120,000 s
    paceText(null, 0.001, { time: 0, next: 0.00213 }),
    paceText(null, 0.001, { time: 0, next: 123 }),
  ];
  const widths = [375, 640, 641, 721, 800, 900, 1000, 1100, 1200, 1280, 1366, 1600, 1920];
  for (const [file, plot] of [['index.html', 'energy'], ['soft.html', 'ledger'], ['avalanche.html', 'runout'], ['compare.html', 'energy']] as const) {
    it(`stays on one line in a line of its own, at every width and embedded: ${file}`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${BLANK_PAGE}`, { width: 1280, height: 900 });
      const cases: Array<[string, Array<readonly [number, number]>]> = [
        [`${file}?play=0`, widths.map((w) => [w, 900] as const)],
        [`${file}?play=0&embed=1`, [[375, 600], [480, 360], [900, 560]]],
        // a small frame with a plot: the canvas's column, and the row, some 210 px wide
        [`${file}?play=0&embed=1&plot=${plot}`, [[480, 360], [375, 600], [900, 560]]],
      ];
      for (const [address, sizes] of cases) {
        await page.goto(`${inject('baseUrl')}${address}`);
        await waitForState(page, (s) => s.count > 0);
        for (const [width, height] of sizes) {
          await page.setViewportSize({ width, height });
          await page.evaluate(() => {
            document.getElementById('sim-pace')!.hidden = true;
          });
          const before = await settledCanvasTop(page);
          const row = await page.locator('#controls').evaluate((e) => e.getBoundingClientRect().width);
          for (const text of texts) {
            const what = `${address} at ${width} x ${height} px: "${text}"`;
            const n = await noticePlace(page, text);
            expect(n.lines, what).toBe(1);
            expect(n.bottom, what).toBeLessThanOrEqual(n.under + 0.5);
            expect(n.left, what).toBeGreaterThanOrEqual(n.stageLeft);
            expect(n.right, what).toBeLessThanOrEqual(n.stageRight + 0.5);
            // whole (an ellipsis only where the row is narrower than what is said before the colon, some 210 px)
            if (row > 300) expect(n.cut, what).toBe(false);
            // the reason shows where the row has room for it: beside the form on a laptop, the long one on a wide screen
            if (!address.includes('embed') && width >= (text.length > PACE_SHORT_MAX ? 1920 : 1366)) expect(n.why, what).toBe(true);
            expect(await page.locator('#sim-canvas').evaluate((e) => e.getBoundingClientRect().top + window.scrollY), what).toBe(before);
          }
        }
      }
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  // interval 0.5 s, run 0.1 s: the avalanche said "Running" for ever after its last instant, beside
  // "no output instant in the last second or two: the machine cannot keep up"; and an interval of
  // 10 s blamed the machine for the seconds the loop waited for its next instant, and said nothing else
  it('a long output interval: the run still ends, and the machine is not blamed for the wait', async () => {
    const short = { schema: 1, engine: 'avalanche', output: { interval: 0.5, duration: 0.1 } };
    // 900 px wide: the controls' row (546 px) has room for the reason of the machine's shortfall, not for the next picture's
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}avalanche.html#s=${await encodeScenario(JSON.stringify(short))}`, { width: 900, height: 800 });
    await expect.poll(() => page.locator('#phase-line').textContent(), { timeout: 30_000 }).toMatch(/^Ended at t = 0\.1 s/);
    // 3 s between pictures: the run ends at its stop all the same (about 0.75 s after the gate, found once
    // the target reaches the next instant, 3 s). Meanwhile the frames stand at the gate's instant, t = 0,
    // for some 3 s while the loop waits, and the line says when the next picture comes, never that the
    // machine cannot keep up. Then the loop computes the flow from t = 0 as fast as the machine goes: a
    // machine that computes it slower than 0.8 s per s (a loaded one: 0.3-0.5 s per s) says so, truly,
    // once it has fallen short for a second; that is not the wait, and this test does not ask it not to.
    const long = { schema: 1, engine: 'avalanche', settle: { maxTime: 1 }, output: { interval: 3, duration: 3 } };
    await page.goto(`${inject('baseUrl')}avalanche.html#s=${await encodeScenario(JSON.stringify(long))}`);
    const waitText = 'next picture 3 s after this one: 3 s of simulated time (a shorter output interval shows more)';
    // the notice, where the engine had got to and the picture's time at every animation frame, as they
    // change: the flow's frames between t = 0 and the next instant come some 30 ms apart, quicker than
    // the reads below
    await page.evaluate(() => {
      const seen: Array<{ text: string; time: number; picture: number }> = [];
      (window as unknown as { __paceSeen: typeof seen }).__paceSeen = seen;
      const pace = document.getElementById('sim-pace')!;
      const look = (): void => {
        const text = pace.hidden ? '' : pace.textContent ?? '';
        const state = window.__granular?.state();
        const time = state?.engineTime ?? NaN;
        const picture = state?.time ?? NaN;
        const last = seen[seen.length - 1];
        if (last?.text !== text || last.time !== time || last.picture !== picture) seen.push({ text, time, picture });
        requestAnimationFrame(look);
      };
      look();
    });
    /** what the notice said with the frames at t = 0 after the gate: the wait */
    const waiting = new Set<string>();
    const places: Array<Awaited<ReturnType<typeof noticePlace>>> = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !/^Stopped at t = 0\.\d+ s/.test((await page.locator('#phase-line').textContent()) ?? '')) {
      // (read at once: the notice may go between two reads)
      const n = await noticePlace(page);
      if (n.lines > 0) {
        if (n.time === 0) waiting.add(n.text);
        places.push(n);
      }
      await page.waitForTimeout(100);
    }
    expect(await page.locator('#phase-line').textContent()).toMatch(/^Stopped at t = 0\.\d+ s/);
    // the wait, and only the wait, is said while the run waits
    expect([...waiting]).toEqual([waitText]);
    // then, while the flow from t = 0 is computed, the picture on screen is still t = 0's, 3 s before the next
    // one: counted from the frames being computed (t = 0.1, 0.2, …), the notice said "next picture 2.9 s
    // after this one: 2.9 s of simulated time", "2.8 s", … (a machine falling short says that instead, truly)
    const seen = await page.evaluate(() => (window as unknown as { __paceSeen: Array<{ text: string; time: number; picture: number }> }).__paceSeen);
    const flowing = seen.filter((r) => r.time > 0 && r.time < 3 && r.text !== '');
    expect(flowing.length).toBeGreaterThan(0);
    // the picture they stood beside, and the state hook's time with it: the gate's instant
    expect([...new Set(flowing.map((r) => r.picture))]).toEqual([0]);
    expect([...new Set(flowing.map((r) => r.text).filter((text) => text.startsWith('next picture')))]).toEqual([waitText]);
    // as Controls.setPace wrote it: whole on one line above the canvas, the reason shown for the machine's
    // shortfall, left out for the next picture's in this row
    expect(places.length).toBeGreaterThan(0);
    for (const n of places) {
      expect(n.lines, n.text).toBe(1);
      expect(n.cut, n.text).toBe(false);
      expect(n.why, n.text).toBe(n.text.length <= PACE_SHORT_MAX);
      expect(n.bottom, n.text).toBeLessThanOrEqual(n.under + 0.5);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
