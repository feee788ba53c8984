/**
 * The example course page (docs/course-example/) served from another origin (another port)
 * embeds the lab twice and drives the first embed through the postMessage API (issue 6 §3).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GranularState } from '../../web/src/ui/test-hook';
import { closePage, openPage, useBrowser } from './browser';

const browser = useBrowser();
const COURSE_DIR = resolve(fileURLToPath(new URL('../../docs/course-example', import.meta.url)));
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

let server: Server;
let courseUrl = '';

beforeAll(async () => {
  // a plain static server: no cross-origin isolation headers, no CSP of ours
  server = createServer((req, res) => {
    void (async () => {
      const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1)) || 'index.html';
      const file = normalize(join(COURSE_DIR, rel));
      try {
        if (!file.startsWith(COURSE_DIR + sep) || !(await stat(file)).isFile()) throw new Error('no');
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(res);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  courseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`;
});

afterAll(async () => {
  // a page handed back to the browser's pool still holds its connections: close() alone waited for
  // them, past the hook's 120 s, in one CI run
  const closed = new Promise<void>((ok) => server.close(() => ok()));
  server.closeAllConnections();
  await closed;
});

function labFrame(page: Page, path: string): Frame {
  const frame = page.frames().find((f) => f.url().includes('/courses/granular-lab/') && new URL(f.url()).pathname.endsWith(path));
  if (!frame) throw new Error(`no lab frame ${path} among ${page.frames().map((f) => f.url()).join(', ')}`);
  return frame;
}

async function frameState(frame: Frame): Promise<GranularState | null> {
  return frame.evaluate(() => window.__granular?.state() ?? null);
}

/**
 * A load the engine refuses, sent to the lab in `lab` from the lab's own origin (an empty frame made
 * inside it), and its answer ("error: …"): a round trip through the lab's page and its worker that
 * changes nothing.
 */
async function ownOriginRoundTrip(lab: Frame): Promise<string> {
  const holder = await lab.evaluateHandle(() => {
    const child = document.createElement('iframe');
    child.hidden = true;
    document.body.append(child);
    return child;
  });
  const child = await holder.asElement()?.contentFrame();
  if (!child) throw new Error('no empty frame in the lab');
  const answer = await child.evaluate(() => new Promise<string>((resolve) => {
    window.addEventListener('message', (event: MessageEvent<{ id?: unknown; type?: string; message?: string }>) => {
      if (event.data.id === 'round-trip') resolve(`${event.data.type ?? ''}: ${event.data.message ?? ''}`);
    });
    window.parent.postMessage({ protocol: 'granular-lab/1', id: 'round-trip', type: 'load', scenario: { schema: 1, generate: { radius: -1 } } }, '*');
  }));
  await holder.evaluate((frame) => frame.remove());
  return answer;
}

async function logText(page: Page): Promise<string> {
  return (await page.locator('#log').textContent()) ?? '';
}

describe('example course page on another origin', () => {
  it('embeds two labs and drives one through the postMessage API', async () => {
    const lab = inject('baseUrl');
    expect(new URL(lab).origin).not.toBe(new URL(courseUrl).origin);
    const { page, errors } = await openPage(browser(), `${courseUrl}?lab=${encodeURIComponent(lab)}`);
    await expect.poll(() => logText(page), { timeout: 30_000 }).toContain('ready: gas lab');
    expect(await logText(page)).toContain('observables time, kineticEnergy');
    const gas = labFrame(page, '/courses/granular-lab/');
    const soft = labFrame(page, '/soft.html');
    await expect.poll(async () => (await frameState(soft))?.count ?? 0, { timeout: 30_000 }).toBe(2);
    // ?play=0: the gas waits for the course page
    expect((await frameState(gas))?.running).toBe(false);

    await page.click('#load-inelastic');
    await expect.poll(() => logText(page)).toContain('#1 ok');
    await expect.poll(async () => (await frameState(gas))?.count ?? 0).toBe(300);
    await page.click('#observe');
    await expect.poll(() => page.locator('#observables td').first().textContent()).toBe('time');
    const energy = Number(await page.locator('#observables tr:has(td:text-is("kineticEnergy")) td').nth(1).textContent());
    expect(energy).toBeGreaterThan(0);

    await page.click('#watch');
    await expect.poll(() => logText(page)).toContain('watching for kineticEnergy below');
    await page.click('#play');
    await expect.poll(() => logText(page), { timeout: 30_000 }).toMatch(/threshold: kineticEnergy went down through [\d.e+-]+ at t = [\d.]+ s/);
    const running = await frameState(gas);
    expect(running?.running).toBe(true);
    expect(running?.time).toBeGreaterThan(0);

    await page.click('#pause');
    await expect.poll(async () => (await frameState(gas))?.running).toBe(false);
    const paused = (await frameState(gas))?.time ?? -1;
    await page.click('#step');
    await expect.poll(async () => (await frameState(gas))?.time ?? 0).toBeGreaterThan(paused);

    // a refused scenario comes back with the field and the value
    await page.evaluate((origin) => {
      const frame = document.getElementById('lab-gas') as HTMLIFrameElement;
      frame.contentWindow?.postMessage(
        { protocol: 'granular-lab/1', id: 77, type: 'load', scenario: { schema: 1, generate: { radius: -1 } } },
        origin,
      );
    }, new URL(lab).origin);
    await expect.poll(() => logText(page)).toContain('#77 error: generate.radius = -1: must be > 0');
    // a scenario of another page is told where it runs, and the gas keeps its own
    await page.evaluate((origin) => {
      const frame = document.getElementById('lab-gas') as HTMLIFrameElement;
      frame.contentWindow?.postMessage(
        { protocol: 'granular-lab/1', id: 78, type: 'load', scenario: { schema: 1, engine: 'soft', discs: [{ x: 1, y: 1 }] } },
        origin,
      );
    }, new URL(lab).origin);
    await expect.poll(() => logText(page)).toContain(
      '#78 error: this is a soft-disc scenario ("engine": "soft"), which runs in a frame of soft.html; this frame is index.html',
    );
    expect((await frameState(gas))?.count).toBe(running?.count);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // Two loads sent without waiting: the first is replaced by the second, and the second is answered
  // with the engine's verdict on it. The engine's answer to the first came in while the second
  // waited, and was taken for the second's: a refused scenario was reported loaded (the first still
  // running), an accepted one refused with the first's reasons.
  it('answers each of two loads sent at once with its own verdict', async () => {
    const lab = inject('baseUrl');
    const { page, errors } = await openPage(browser(), `${courseUrl}?lab=${encodeURIComponent(lab)}`);
    await expect.poll(() => logText(page), { timeout: 30_000 }).toContain('ready: gas lab');
    const gas = labFrame(page, '/courses/granular-lab/');
    const loadTwo = (first: unknown, second: unknown, ids: [number, number]): Promise<void> =>
      page.evaluate(({ origin, first, second, ids }) => {
        const frame = document.getElementById('lab-gas') as HTMLIFrameElement;
        frame.contentWindow?.postMessage({ protocol: 'granular-lab/1', id: ids[0], type: 'load', scenario: first }, origin);
        frame.contentWindow?.postMessage({ protocol: 'granular-lab/1', id: ids[1], type: 'load', scenario: second }, origin);
      }, { origin: new URL(lab).origin, first, second, ids });
    const answer = async (id: number): Promise<string> => {
      await expect.poll(() => logText(page), { timeout: 30_000 }).toContain(`#${id} `);
      const lines = await page.locator('#log li').allTextContents();
      return lines.filter((l) => l.startsWith(`#${id} `)).join(' | ');
    };
    const valid = { schema: 1, generate: { count: 40 } };
    const refused = { schema: 1, generate: { radius: -1 } };

    // accepted, then refused: the refused one says why, the accepted one runs
    await loadTwo(valid, refused, [80, 81]);
    expect(await answer(80)).toBe('#80 error: replaced by a later load');
    expect(await answer(81)).toMatch(/^#81 error: generate\.radius = -1: must be > 0/);
    await expect.poll(async () => (await frameState(gas))?.count ?? 0).toBe(40);

    // refused, then accepted: the accepted one is loaded and says so
    await loadTwo(refused, { schema: 1, generate: { count: 60 } }, [82, 83]);
    expect(await answer(82)).toBe('#82 error: replaced by a later load');
    expect(await answer(83)).toBe('#83 ok');
    expect((await frameState(gas))?.count).toBe(60);
    // nothing more is said about either: a third load is answered once the engine has read it, after
    // all the engine said before it (it answers in turn)
    await page.evaluate(({ origin, scenario }) => {
      const frame = document.getElementById('lab-gas') as HTMLIFrameElement;
      frame.contentWindow?.postMessage({ protocol: 'granular-lab/1', id: 84, type: 'load', scenario }, origin);
    }, { origin: new URL(lab).origin, scenario: { schema: 1, generate: { count: 60 } } });
    expect(await answer(84)).toBe('#84 ok');
    expect((await page.locator('#log li').allTextContents()).filter((l) => /^#8[0-3] /.test(l))).toHaveLength(4);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('ignores commands from origins outside the allow-list', async () => {
    const lab = inject('baseUrl');
    // the lab is told to obey another origin only: this page is not on its list
    const { page } = await openPage(browser(), `${courseUrl}?lab=${encodeURIComponent(lab)}&origins=${encodeURIComponent('https://elsewhere.example')}`);
    const gasState = async () => {
      try {
        return await frameState(labFrame(page, '/courses/granular-lab/'));
      } catch {
        return null;
      }
    };
    await expect.poll(async () => (await gasState())?.count ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.evaluate((origin) => {
      const frame = document.getElementById('lab-gas') as HTMLIFrameElement;
      frame.contentWindow?.postMessage({ protocol: 'granular-lab/1', id: 5, type: 'play' }, origin);
    }, new URL(lab).origin);
    // then a command from the lab's own origin, always obeyed, that its engine answers: by the time it
    // is answered, a play obeyed before it would have had its answer sent and its running frame back
    expect(await ownOriginRoundTrip(labFrame(page, '/courses/granular-lab/'))).toMatch(/^error: generate\.radius = -1: must be > 0/);
    expect((await gasState())?.running).toBe(false);
    expect(await logText(page)).toBe('');
    await closePage(page);
  });
});
