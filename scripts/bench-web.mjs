#!/usr/bin/env node
// The deployable site's weight and start-up (issue 6 §3), part of `npm run bench`:
//   - per page, the gzipped size of everything it loads before the first frame: the page's JS
//     (entry, module preloads, the worker chunk it starts) and the .wasm (the SIMD build's; a
//     browser without SIMD loads the baseline build instead, about as heavy), as Chromium fetched
//     them. Until 3 Dec 2026 this followed every chunk name in the page's scripts, which counted
//     workers started only on demand (the avalanche study's) and other pages' workers a shared
//     chunk names: 408 KB for the avalanche page, which fetches 369 KB before its first frame.
//     That walk is still the fallback without Chromium, and its excess is printed as "later";
//   - the time from navigation to the first drawn frame in headless Chromium (the performance
//     mark 'granular:first-frame' set by web/src/ui/frame-loop.ts), cold cache, best of K.
// Nothing here asserts: the goals are printed met / not met.
//
//   node scripts/bench-web.mjs [--quick] [--skip-build]
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const repeat = quick ? 1 : 3;
const SIZE_GOAL_KB = 400;

if (!args.includes('--skip-build')) {
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

const pages = readdirSync(dist).filter((f) => f.endsWith('.html')).sort((a, b) => (a === 'index.html' ? -1 : b === 'index.html' ? 1 : a.localeCompare(b)));

/** Every asset a page loads before it can draw: script src, module preloads, then what they reference. */
function assetsOf(page) {
  const html = readFileSync(path.join(dist, page), 'utf8');
  const found = new Set();
  const queue = [];
  for (const m of html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.(?:js|wasm))"/g)) queue.push(m[1]);
  while (queue.length > 0) {
    const rel = queue.pop();
    if (found.has(rel)) continue;
    found.add(rel);
    if (!rel.endsWith('.js')) continue;
    const text = readFileSync(path.join(dist, rel), 'utf8');
    for (const m of text.matchAll(/([A-Za-z0-9_-]+-[A-Za-z0-9_-]{8}\.(?:js|wasm))/g)) {
      // the engine without SIMD (its loader chunk and .wasm) is fetched only by browsers that lack
      // SIMD, instead of the SIMD build (web/src/sim/engine-loader.ts), never beside it
      if (m[1].startsWith('granular-baseline-')) continue;
      const next = `assets/${m[1]}`;
      if (existsSync(path.join(dist, next))) queue.push(next);
    }
  }
  return [...found];
}

const kb = (bytes) => bytes / 1024;
const sizes = pages.map((page) => {
  let js = 0, wasm = 0, raw = 0;
  for (const rel of assetsOf(page)) {
    const bytes = readFileSync(path.join(dist, rel));
    raw += bytes.length;
    const gz = gzipSync(bytes, { level: 9 }).length;
    if (rel.endsWith('.wasm')) wasm += gz;
    else js += gz;
  }
  return { page, js, wasm, raw };
});

// ---- time to first frame: the built site served as the e2e tests serve it (sub-path, CSP)
const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };
const SUB = '/granular-lab/';
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let rel = decodeURIComponent(url.pathname.startsWith(SUB) ? url.pathname.slice(SUB.length) : '');
  if (rel === '') rel = 'index.html';
  const file = path.normalize(path.join(dist, rel));
  if (!file.startsWith(dist + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}${SUB}`;

const firstFrame = {};
/** page -> the dist files (assets/…, .js or .wasm) Chromium fetched before the page's first frame, workers' fetches included */
const loadedBeforeFrame = {};
let browserNote = '';
try {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  for (const page of pages) {
    let bestMs = Infinity;
    for (let k = 0; k < repeat; k++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const fetched = new Set();
      let framed = false;
      context.on('request', (r) => {
        const rel = new URL(r.url()).pathname.slice(SUB.length);
        if (!framed && /^assets\/[^/]+\.(?:js|wasm)$/.test(rel)) fetched.add(rel);
      });
      const tab = await context.newPage();
      await tab.goto(`${base}${page === 'index.html' ? '' : page}`);
      const ms = await tab
        .waitForFunction(() => performance.getEntriesByName('granular:first-frame')[0]?.startTime ?? null, null, { timeout: 60_000 })
        .then((h) => h.jsonValue())
        .catch(() => null);
      framed = true;
      if (typeof ms === 'number') {
        bestMs = Math.min(bestMs, ms);
        if (loadedBeforeFrame[page] === undefined) loadedBeforeFrame[page] = [...fetched];
      }
      await context.close();
    }
    firstFrame[page] = bestMs;
  }
  await browser.close();
} catch (e) {
  browserNote = `(no Chromium: ${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
}
server.close();

// What each page fetched before its first frame, as Chromium saw it (the page's own worker and the
// engine it starts, not the workers it starts only on demand, such as the avalanche study's, nor
// other pages' workers a shared chunk names). Without Chromium: every chunk the page's scripts name
// (assetsOf), an upper bound.
const measured = sizes.map((s) => {
  const files = loadedBeforeFrame[s.page];
  if (files === undefined) return { ...s, later: 0, observed: false };
  let js = 0, wasm = 0, raw = 0;
  for (const rel of files) {
    const bytes = readFileSync(path.join(dist, rel));
    raw += bytes.length;
    const gz = gzipSync(bytes, { level: 9 }).length;
    if (rel.endsWith('.wasm')) wasm += gz;
    else js += gz;
  }
  return { page: s.page, js, wasm, raw, later: Math.max(0, s.js + s.wasm - js - wasm), observed: true };
});
const pad = (s, n) => String(s).padStart(n);
const observedAll = measured.every((s) => s.observed);
process.stdout.write(`\nThe site (dist/), per page: what loads before the first frame, gzip -9 (${observedAll ? 'the files Chromium fetched, workers included' : 'every chunk the page\'s scripts name, an upper bound: Chromium did not measure every page'}); "later": chunks the page names but fetches only on demand (e.g. the avalanche study's workers); first frame in headless Chromium, cold cache, best of ${repeat} ${browserNote}\n\n`);
process.stdout.write(`${'page'.padEnd(16)} | ${pad('JS', 9)} | ${pad('WASM', 9)} | ${pad('together', 9)} | ${pad('raw', 9)} | ${pad('later', 9)} | ${pad('first frame', 11)}\n`);
process.stdout.write(`${'-'.repeat(16)}-+-${'-'.repeat(9)}-+-${'-'.repeat(9)}-+-${'-'.repeat(9)}-+-${'-'.repeat(9)}-+-${'-'.repeat(9)}-+-${'-'.repeat(11)}\n`);
const shown = observedAll ? measured : sizes.map((s) => ({ ...s, later: 0 }));
for (const s of shown) {
  const ff = firstFrame[s.page];
  process.stdout.write(
    `${s.page.padEnd(16)} | ${pad(`${kb(s.js).toFixed(0)} KB`, 9)} | ${pad(`${kb(s.wasm).toFixed(0)} KB`, 9)} | ${pad(`${kb(s.js + s.wasm).toFixed(0)} KB`, 9)} | ${pad(`${kb(s.raw).toFixed(0)} KB`, 9)} | ${pad(`${kb(s.later).toFixed(0)} KB`, 9)} | ${pad(ff === undefined || ff === Infinity ? 'n/a' : `${ff.toFixed(0)} ms`, 11)}\n`,
  );
}
const heaviest = Math.max(...shown.map((s) => s.js + s.wasm));
process.stdout.write('\ngoals (issue 6):\n');
process.stdout.write(`  ${kb(heaviest) < SIZE_GOAL_KB ? 'met    ' : 'NOT met'}  WASM + JS under ${SIZE_GOAL_KB} KB gzipped on every page (heaviest: ${kb(heaviest).toFixed(0)} KB)\n`);
