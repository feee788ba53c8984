#!/usr/bin/env node
// `npm run bench`: collisions per second of the event-driven engine, native and WebAssembly (under
// node) side by side, on the same scenario (scenarios/gas-bench.json: elastic gas at area fraction
// 0.3, the disc count overridden), plus the naive O(N^2) reference. Ratios are printed in one table
// from one run; nothing here is a test and nothing asserts on time.
//
//   node scripts/bench.mjs [--quick] [--repeat K] [--baseline]
//
// --baseline times the WebAssembly build without SIMD (build/wasm/granular-baseline.*, what browsers
// without SIMD run) instead of the SIMD build every current browser runs.
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
const wasmBuild = args.includes('--baseline') ? 'granular-baseline' : 'granular';

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
  const factory = (await import(pathToFileURL(path.join(root, 'build', 'wasm', `${wasmBuild}.mjs`)).href)).default;
  process.stdout.write(`WebAssembly: build/wasm/${wasmBuild}.wasm (${wasmBuild === 'granular' ? 'with' : 'without'} SIMD)\n`);
  return factory({ wasmBinary: readFileSync(path.join(root, 'build', 'wasm', `${wasmBuild}.wasm`)) });
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
// The machine first: the gas at 10^5 discs (about 16 MB) waits on dependent loads from wherever its
// data sits, so its cost per collision against 10^3 discs (in L2) follows these latencies.
const memory = JSON.parse(execFileSync(cli, ['memory-latency'], { encoding: 'utf8' })).dependentRandomLoads;
const ns = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ns`;
process.stdout.write(
  `Machine: a dependent random load over ${memory.map((m) => `${m.megabytes} MB ${ns(m.nsPerLoad)}`).join(', ')}; ` +
    `with 8 independent chains ${memory.map((m) => ns(m.nsPerLoad8Chains)).join(', ')} per load\n\n`,
);
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

// ---- Avalanche (issue 5 §4): Non-Smooth Contact Dynamics on a settled pile of N discs in a box of
// fixed discs (core/src/engines/nscd/bench.cpp builds and settles it the same way natively and in
// WASM), Gauss–Seidel and Jacobi, always warm-started: to tolerance (1e-4 of the mean radius), at a
// fixed sweep count, and one sweep (the per-step overhead, so that the cost per contact per sweep
// counts the solver alone). Rapier (@dimforge/rapier2d-simd-compat) steps the same pile (positions,
// radii, masses, fixed discs, gravity, friction, time step) with numSolverIterations = the sweep
// count. Step times are the best of the timed steps.
const AVALANCHE_SWEEPS = 100;
const avalancheCases = [
  { grains: 1_000, steps: quick ? 4 : 10 },
  { grains: 2_000, steps: quick ? 4 : 10 },
  { grains: 5_000, steps: quick ? 3 : 6 },
  { grains: 20_000, steps: quick ? 2 : 6 }, // best of 6: one slow burst of the host spoilt all 3 once (23 Nov)
];

function avalancheNative(c) {
  const argv = ['avalanche-bench', '--grains', String(c.grains), '--steps', String(c.steps), '--sweeps', String(AVALANCHE_SWEEPS)];
  return JSON.parse(execFileSync(cli, argv, { encoding: 'utf8', maxBuffer: 1 << 28 }));
}

async function loadRapier() {
  const RAPIER = (await import('@dimforge/rapier2d-simd-compat')).default;
  await RAPIER.init();
  return RAPIER;
}

/** Best step time (s) of Rapier on the pile exported by avalancheBench(..., withPile = true). */
function avalancheRapier(RAPIER, pile, steps) {
  const world = new RAPIER.World({ x: 0, y: -9.81 });
  world.timestep = pile.h;
  world.numSolverIterations = pile.sweeps;
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  for (let i = 0; i < pile.x.length; i++) {
    const ball = RAPIER.ColliderDesc.ball(pile.r[i]).setFriction(pile.mu).setRestitution(0);
    if (pile.m[i] > 0) {
      // no sleeping: a resting pile would otherwise fall asleep and cost nothing
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(pile.x[i], pile.y[i]).setCanSleep(false));
      world.createCollider(ball.setMass(pile.m[i]), body);
    } else {
      world.createCollider(ball.setTranslation(pile.x[i], pile.y[i]), ground);
    }
  }
  for (let k = 0; k < 3; k++) world.step(); // contacts found, solver warm
  let bestSeconds = Infinity;
  for (let k = 0; k < steps; k++) {
    const t0 = performance.now();
    world.step();
    bestSeconds = Math.min(bestSeconds, (performance.now() - t0) / 1000);
  }
  world.free();
  return bestSeconds;
}

module.avalancheBench(500, 2, 10, false); // untimed: let V8 tier the solver up first
const RAPIER = await loadRapier();
const avalancheRows = [];
for (const c of avalancheCases) {
  const n = avalancheNative(c);
  const w = JSON.parse(module.avalancheBench(c.grains, c.steps, AVALANCHE_SWEEPS, true));
  if (n.hash !== w.hash) throw new Error(`avalanche ${c.grains}: native and WASM states differ (${n.hash} vs ${w.hash})`);
  const rapier = avalancheRapier(RAPIER, w, c.steps);
  avalancheRows.push({ ...c, n, w, rapier });
}

const ms = (x) => `${(x * 1e3).toFixed(2)} ms`;
/** a timed run to tolerance some of whose steps stopped at the sweep cap (marked * in the table) */
const hitCap = (timed) => timed.converged < timed.steps;
const perSecond = (msPerStep) => `${(1000 / msPerStep).toFixed(0)}/s`;
const solvers = [
  ['gaussSeidel', 'GS'],
  ['jacobi', 'Jacobi'],
];
process.stdout.write(
  `\nAvalanche (NSCD, issue 5): settled pile in a box of fixed discs, h = 1/60 s, mu = 0.5, warm-started; best step of ${avalancheCases
    .map((c) => c.steps)
    .join('/')}; native and WASM states equal bit for bit\n`,
);
// settled: Gauss–Seidel steps to tolerance until 20 in a row converge; both solvers start from that pile
process.stdout.write(
  `piles settled (20 steps in a row to tolerance) after ${avalancheRows
    .map((r) => `${r.n.settleSteps} steps at ${r.grains.toLocaleString('en')}${r.n.settled ? '' : ' (NOT at rest: the step limit came first)'}`)
    .join(', ')}; each solver starts from it\n`,
);
process.stdout.write('\nto tolerance (1e-4 of the mean radius, at most 500 sweeps; iterations = mean sweeps per step):\n\n');
process.stdout.write(
  `${pad('grains', 7)} | ${pad('contacts', 8)} | ${pad('solver', 6)} | ${pad('iterations', 10)} | ${pad('native', 19)} | ${pad('WASM', 19)} | ${pad('residual', 9)}\n`,
);
process.stdout.write(`${'-'.repeat(7)}-+-${'-'.repeat(8)}-+-${'-'.repeat(6)}-+-${'-'.repeat(10)}-+-${'-'.repeat(19)}-+-${'-'.repeat(19)}-+-${'-'.repeat(9)}\n`);
for (const r of avalancheRows) {
  for (const [key, label] of solvers) {
    const tn = r.n[key].tolerance;
    const tw = r.w[key].tolerance;
    process.stdout.write(
      `${pad(r.grains.toLocaleString('en'), 7)} | ${pad(r.n.contacts.toLocaleString('en'), 8)} | ${pad(label, 6)} | ${pad(
        tn.iterations.toFixed(0) + (hitCap(tn) ? '*' : ''),
        10,
      )} | ${pad(`${tn.meanMsPerStep.toFixed(2)} ms ${perSecond(tn.meanMsPerStep)}`, 19)} | ${pad(
        `${tw.meanMsPerStep.toFixed(2)} ms ${perSecond(tw.meanMsPerStep)}`,
        19,
      )} | ${pad(tn.residual.toExponential(1), 9)}\n`,
    );
  }
}
const capped = avalancheRows.some((r) => solvers.some(([key]) => hitCap(r.n[key].tolerance)));
process.stdout.write(
  capped
    ? '(* some steps stopped at 500 sweeps before the tolerance; times here are means over the timed steps)\n'
    : '(every timed step reached the tolerance; times here are means over the timed steps)\n',
);
process.stdout.write(`\nat ${AVALANCHE_SWEEPS} sweeps per step (Rapier: numSolverIterations = ${AVALANCHE_SWEEPS}):\n\n`);
process.stdout.write(
  `${pad('grains', 7)} | ${pad('solver', 6)} | ${pad('native', 19)} | ${pad('WASM', 19)} | ${pad('Rapier', 10)} | ${pad(
    'ns/contact/sweep',
    16,
  )} | ${pad('residual', 9)}\n`,
);
process.stdout.write(`${'-'.repeat(7)}-+-${'-'.repeat(6)}-+-${'-'.repeat(19)}-+-${'-'.repeat(19)}-+-${'-'.repeat(10)}-+-${'-'.repeat(16)}-+-${'-'.repeat(9)}\n`);
for (const r of avalancheRows) {
  for (const [key, label] of solvers) {
    const fn = r.n[key].fixed;
    const fw = r.w[key].fixed;
    process.stdout.write(
      `${pad(r.grains.toLocaleString('en'), 7)} | ${pad(label, 6)} | ${pad(`${fn.msPerStep.toFixed(2)} ms ${perSecond(fn.msPerStep)}`, 19)} | ${pad(
        `${fw.msPerStep.toFixed(2)} ms ${perSecond(fw.msPerStep)}`,
        19,
      )} | ${pad(key === 'gaussSeidel' ? ms(r.rapier) : '', 10)} | ${pad(
        `${r.n[key].nsPerContactSweep.toFixed(1)} / ${r.w[key].nsPerContactSweep.toFixed(1)}`,
        16,
      )} | ${pad(fn.residual.toExponential(1), 9)}\n`,
    );
  }
}
process.stdout.write('(ns/contact/sweep: native / WASM, (step at 100 sweeps - step at 1 sweep) / (99 contacts))\n');
const a2 = avalancheRows.find((r) => r.grains === 2_000);
/** "met" when every N passes; the label lists the sizes that fail (GS and Jacobi both count). */
function costGoal(label, side, limit) {
  const failing = avalancheRows.filter((r) => solvers.some(([key]) => r[side][key].nsPerContactSweep > limit)).map((r) => r.grains.toLocaleString('en'));
  return [failing.length ? `${label} (not at ${failing.join(', ')} grains)` : label, failing.length === 0];
}
const avalancheGoals = [
  costGoal('cost per contact per sweep <= 10 ns native, GS and Jacobi, every N', 'n', 10),
  costGoal('cost per contact per sweep <= 15 ns WASM, GS and Jacobi, every N', 'w', 15),
  [`2,000 grains at ${AVALANCHE_SWEEPS} sweeps <= 7 ms per step in WASM (GS: ${a2.w.gaussSeidel.fixed.msPerStep.toFixed(2)} ms)`, a2.w.gaussSeidel.fixed.msPerStep <= 7],
  ['WASM GS at the same iteration count at least as fast as Rapier (every N)', avalancheRows.every((r) => r.w.gaussSeidel.fixed.msPerStep / 1e3 <= r.rapier)],
];
process.stdout.write('\ngoals (issue 5):\n');
for (const [label, met] of avalancheGoals) process.stdout.write(`  ${met ? 'met    ' : 'NOT met'}  ${label}\n`);
