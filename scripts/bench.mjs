#!/usr/bin/env node
// `npm run bench`: collisions per second of the event-driven engine, native and WebAssembly (under
// node) side by side, on the same scenario (scenarios/gas-bench.json: elastic gas at area fraction
// 0.3, the disc count overridden), plus the naive O(N^2) reference. Ratios are printed in one table
// from one run; nothing here is a test and nothing asserts on time.
//
//   node scripts/bench.mjs [--quick] [--repeat K]
//
// Each figure is the best of K runs (default 3): warm up with E/5 events, then time E events
// (collisions, wall hits, cell crossings and stale predictions all count as events; the rate
// counts collisions and wall hits only).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const repeatIndex = args.indexOf('--repeat');
const repeat = repeatIndex >= 0 ? Number(args[repeatIndex + 1]) : quick ? 1 : 3;

const presetPath = path.join(root, 'scenarios', 'gas-bench.json');
const cli = path.join(root, 'build', 'release', 'granular-cli');
const cases = [
  { discs: 1_000, events: quick ? 500_000 : 2_000_000 },
  { discs: 10_000, events: quick ? 500_000 : 2_000_000 },
  { discs: 100_000, events: quick ? 500_000 : 2_000_000 },
];
const naiveCase = { discs: 1_000, events: quick ? 2_000 : 10_000 };

/** The same override as `granular-cli bench`: disc count, one huge output interval, unbounded. */
function scenarioFor(discs) {
  const s = JSON.parse(readFileSync(presetPath, 'utf8'));
  s.generate = { ...(s.generate ?? {}), count: discs };
  s.output = { ...(s.output ?? {}), interval: 1e6, duration: 0 };
  return JSON.stringify(s);
}

function native(discs, events, engine) {
  const argv = ['bench', presetPath, '--discs', String(discs), '--events', String(events)];
  if (engine) argv.push('--engine', engine);
  const out = JSON.parse(execFileSync(cli, argv, { encoding: 'utf8' }));
  return out.collisionsPerSecond;
}

async function loadWasm() {
  const factory = (await import(pathToFileURL(path.join(root, 'build', 'wasm', 'granular.mjs')).href)).default;
  return factory({ wasmBinary: readFileSync(path.join(root, 'build', 'wasm', 'granular.wasm')) });
}

function wasm(module, discs, events) {
  const world = new module.World(scenarioFor(discs));
  if (!world.ok()) throw new Error(world.report());
  const count = () => {
    const s = world.stats();
    return s.collisions + s.wallHits;
  };
  world.advance(Math.floor(events / 5));
  const c0 = count();
  const t0 = performance.now();
  world.advance(events);
  const seconds = (performance.now() - t0) / 1000;
  const rate = (count() - c0) / seconds;
  world.delete();
  return rate;
}

function best(fn) {
  let b = 0;
  for (let k = 0; k < repeat; k++) b = Math.max(b, fn());
  return b;
}

const fmt = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M/s` : x >= 1e4 ? `${(x / 1e3).toFixed(0)} k/s` : `${x.toFixed(0)} /s`);
const pad = (s, n) => String(s).padStart(n);

const module = await loadWasm();
process.stdout.write(`Event-driven gas, area fraction 0.3, elastic (scenarios/gas-bench.json); best of ${repeat}\n\n`);
const rows = [];
for (const c of cases) {
  const n = best(() => native(c.discs, c.events));
  const w = best(() => wasm(module, c.discs, c.events));
  rows.push({ ...c, native: n, wasm: w });
}
const naive = best(() => native(naiveCase.discs, naiveCase.events, 'event-naive'));

const base = rows[0].native;
process.stdout.write(
  `${pad('discs', 8)} | ${pad('native', 11)} | ${pad('WASM (node)', 11)} | ${pad('WASM/native', 11)} | ${pad('cost vs 10^3', 12)}\n`,
);
process.stdout.write(`${'-'.repeat(8)}-+-${'-'.repeat(11)}-+-${'-'.repeat(11)}-+-${'-'.repeat(11)}-+-${'-'.repeat(12)}\n`);
for (const r of rows) {
  process.stdout.write(
    `${pad(r.discs.toLocaleString('en'), 8)} | ${pad(fmt(r.native), 11)} | ${pad(fmt(r.wasm), 11)} | ${pad(
      (r.wasm / r.native).toFixed(2) + 'x',
      11,
    )} | ${pad((base / r.native).toFixed(2) + 'x', 12)}\n`,
  );
}
process.stdout.write(
  `\nnaive O(N^2) reference, 1,000 discs, native: ${fmt(naive)}  (fast path ${(rows[0].native / naive).toFixed(0)}x faster)\n`,
);
const r4 = rows.find((r) => r.discs === 10_000);
const r5 = rows.find((r) => r.discs === 100_000);
const goals = [
  ['native >= 2 M/s at 10^4', r4.native >= 2e6],
  ['native >= 1 M/s at 10^5', r5.native >= 1e6],
  ['WASM >= 0.8x native (every N)', rows.every((r) => r.wasm >= 0.8 * r.native)],
  ['cost per collision 10^3 -> 10^5 grows <= 1.5x', base / r5.native <= 1.5],
];
process.stdout.write('\ngoals (issue 2):\n');
for (const [label, met] of goals) process.stdout.write(`  ${met ? 'met    ' : 'NOT met'}  ${label}\n`);

// ---- Soft discs (issue 3 §6): the notebook presets' wall-clock time against the notebook's own
// 4 min 16 s (3 discs, 10 s, symbolic Kane model + implicit solver), and particle-steps per second
// for 10^4 dense frictional discs (scenarios/soft-bench.json, fixed-step RK4).
const NOTEBOOK_SECONDS = 256;
const softPath = (name) => path.join(root, 'scenarios', name);

function softNative(file, until) {
  const argv = ['bench', softPath(file)];
  if (until !== undefined) argv.push('--until', String(until));
  return JSON.parse(execFileSync(cli, argv, { encoding: 'utf8' }));
}

function softWasm(file, until) {
  const world = new module.SoftWorld(readFileSync(softPath(file), 'utf8'));
  if (!world.ok()) throw new Error(world.report());
  const end = until ?? JSON.parse(world.scenarioJson()).output.duration;
  const t0 = performance.now();
  while (world.time() < end - 1e-12) {
    const s = world.advance(1e9);
    if (s === 2 || s === 3) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  const out = { seconds, steps: world.stats().steps, discs: world.count(), hash: world.hashState() };
  out.particleStepsPerSecond = (out.steps * out.discs) / seconds;
  world.delete();
  return out;
}

function fastest(fn) {
  let b = null;
  for (let k = 0; k < repeat; k++) {
    const r = fn();
    if (!b || r.seconds < b.seconds) b = r;
  }
  return b;
}

// V8 first runs WebAssembly in its baseline compiler and tiers hot functions up in the background:
// one untimed run first, so the soft figures compare optimised code with optimised code.
softWasm('soft-bench.json', 0.1);
process.stdout.write(`\nSoft discs (Hunt–Crossley), best of ${repeat}, WASM after one untimed warm-up run\n\n`);
process.stdout.write(
  `${pad('preset, 10 s simulated', 26)} | ${pad('native', 9)} | ${pad('WASM', 9)} | ${pad('WASM/native', 11)} | ${pad('vs notebook (native / WASM)', 28)}\n`,
);
process.stdout.write(`${'-'.repeat(26)}-+-${'-'.repeat(9)}-+-${'-'.repeat(9)}-+-${'-'.repeat(11)}-+-${'-'.repeat(28)}\n`);
const softRows = {};
for (const file of ['soft-box.json', 'soft-circle.json']) {
  const n = fastest(() => softNative(file));
  const w = fastest(() => softWasm(file));
  if (n.hash !== w.hash) throw new Error(`${file}: native and WASM states differ (${n.hash} vs ${w.hash})`);
  softRows[file] = { n, w };
  process.stdout.write(
    `${pad(file, 26)} | ${pad((n.seconds * 1e3).toFixed(1) + ' ms', 9)} | ${pad((w.seconds * 1e3).toFixed(1) + ' ms', 9)} | ${pad(
      (n.seconds / w.seconds).toFixed(2) + 'x',
      11,
    )} | ${pad(`${(NOTEBOOK_SECONDS / n.seconds).toFixed(0)}x / ${(NOTEBOOK_SECONDS / w.seconds).toFixed(0)}x`, 28)}\n`,
  );
}
const benchUntil = quick ? 0.1 : 0.3;
const bn = fastest(() => softNative('soft-bench.json', benchUntil));
const bw = fastest(() => softWasm('soft-bench.json', benchUntil));
const fmtSteps = (x) => `${(x / 1e6).toFixed(2)} M/s`;
process.stdout.write(
  `\n10^4 dense discs with friction (soft-bench.json, ${benchUntil} s, ${bn.steps} RK4 steps): native ${fmtSteps(
    bn.particleStepsPerSecond,
  )}, WASM ${fmtSteps(bw.particleStepsPerSecond)} particle-steps/s, WASM/native ${(bw.particleStepsPerSecond / bn.particleStepsPerSecond).toFixed(2)}x\n`,
);
const softGoals = [
  ['square-box notebook preset >= 10,000x faster than the notebook (native)', NOTEBOOK_SECONDS / softRows['soft-box.json'].n.seconds >= 1e4],
  ['square-box notebook preset >= 10,000x faster than the notebook (WASM)', NOTEBOOK_SECONDS / softRows['soft-box.json'].w.seconds >= 1e4],
  ['10^4 dense discs: native >= 10 M particle-steps/s', bn.particleStepsPerSecond >= 1e7],
  ['10^4 dense discs: WASM >= 0.7x native', bw.particleStepsPerSecond >= 0.7 * bn.particleStepsPerSecond],
];
process.stdout.write('\ngoals (issue 3):\n');
for (const [label, met] of softGoals) process.stdout.write(`  ${met ? 'met    ' : 'NOT met'}  ${label}\n`);
