#!/usr/bin/env node
// The aspect-ratio study's columns (issue 5 §3) collapsed a second time by another engine: Rapier
// (@dimforge/rapier2d-simd-compat, a soft-constraint solver, not contact dynamics), from the very
// positions the NSCD engine released, with the same material (radii, masses, mu, restitution), floor,
// wall, time step, stop rule and runout (largest group of grains closer than the alert distance,
// its farthest x + r). Its question: is the runout's large-a slope a property of the NSCD engine, or
// of frictional discs?
//
//   npm run study:avalanche:rapier [-- --aspects 4,8 --seeds 2 --jobs 2 --rapier-iterations 4]
//
// Every option but --rapier-iterations goes to `granular-cli avalanche-study` (its defaults here:
// --aspects 4,8 --seeds 2 --jobs 2). Rapier's cases run on --jobs worker threads. Prints the NSCD
// table, then a row per case with both engines' (L∞ − L0)/L0, then both engines' slopes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { collapseInRapier, studySlopes } from './avalanche-rapier-lib.mjs';

async function loadRapier() {
  const RAPIER = (await import('@dimforge/rapier2d-simd-compat')).default;
  await RAPIER.init();
  return RAPIER;
}

if (!isMainThread) {
  const RAPIER = await loadRapier();
  const { released, grains, params, h0, iterations } = workerData;
  const t0 = performance.now();
  const result = collapseInRapier(RAPIER, released, grains, params, h0, { iterations });
  parentPort.postMessage({ ...result, wall: (performance.now() - t0) / 1000, version: RAPIER.version() });
} else {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cli = path.join(root, 'build', 'release', 'granular-cli');
  if (!existsSync(cli)) {
    process.stderr.write(`${cli} is missing: npm run study:avalanche:rapier builds it first\n`);
    process.exit(2);
  }
  const args = process.argv.slice(2);
  let iterations = 4;
  const k = args.indexOf('--rapier-iterations');
  if (k >= 0) {
    iterations = Number(args[k + 1]);
    if (!Number.isInteger(iterations) || iterations < 1 || iterations > 1000) {
      process.stderr.write(`--rapier-iterations ${args[k + 1]}: must be a whole number from 1 to 1000\n`);
      process.exit(2);
    }
    args.splice(k, 2);
  }
  if (args.includes('--json')) {
    process.stderr.write('--json: this script writes the study JSON itself (build/avalanche-rapier/study.json)\n');
    process.exit(2);
  }
  const option = (name, fallback) => (args.includes(name) ? [] : [name, fallback]);
  const j = args.indexOf('--jobs');
  const jobs = j >= 0 ? Number(args[j + 1]) || 1 : 2; // granular-cli refuses a --jobs that is not 1 to 256
  const dir = path.join(root, 'build', 'avalanche-rapier');
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'study.json');
  const studyArgs = ['avalanche-study', ...option('--aspects', '4,8'), ...option('--seeds', '2'), ...option('--jobs', '2'), ...args, '--json', json];
  process.stdout.write(`$ granular-cli ${studyArgs.join(' ')}\n`);
  const study = spawnSync(cli, studyArgs, { stdio: ['ignore', 'inherit', 'inherit'] });
  // exit status 1 is the study's FAIL verdict, still a complete table and JSON
  if (study.status !== 0 && study.status !== 1) process.exit(study.status ?? 2);
  const { cases, params } = JSON.parse(readFileSync(json, 'utf8'));
  if (params.rollingFriction > 0) {
    process.stderr.write(`mu_r = ${params.rollingFriction}: Rapier's balls have no rolling resistance; run without --mu-r\n`);
    process.exit(2);
  }
  const runnable = cases.filter((c) => c.ok && c.released);
  process.stdout.write(`\nRapier: the same ${runnable.length} released columns, h = ${params.h} s, ${iterations} solver iterations, on ${Math.min(jobs, runnable.length)} thread(s)\n`);
  const rows = new Array(runnable.length);
  let next = 0;
  const worker = async () => {
    while (next < runnable.length) {
      const k = next++;
      const c = runnable[k];
      process.stderr.write(`[rapier] a = ${c.aspectTarget}: starting (${k + 1}/${runnable.length}, ${c.grains} grains)\n`);
      rows[k] = await new Promise((resolve, reject) => {
        const w = new Worker(fileURLToPath(import.meta.url), { workerData: { released: c.released, grains: c.grains, params, h0: c.H0, iterations } });
        w.once('message', resolve);
        w.once('error', reject);
      });
      const r = rows[k];
      process.stderr.write(`[rapier] a = ${c.aspectTarget}: (L_inf - L0)/L0 = ${((r.runout - c.L0) / c.L0).toFixed(3)}, ${r.wall.toFixed(1)} s\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, runnable.length) }, worker));
  const pad = (s, n) => String(s).padStart(n);
  process.stdout.write(`\nColumn collapse: the same released columns in two engines (Rapier ${rows[0]?.version ?? '?'})\n`);
  process.stdout.write(`${pad('a_set', 6)} ${pad('a', 7)} ${pad('grains', 6)} ${pad('NSCD dL/L0', 11)} ${pad('Rapier dL/L0', 13)} ${pad('NSCD t_stop', 12)} ${pad('Rapier t_stop', 14)} ${pad('wall_s', 7)}\n`);
  const rapierCases = [];
  runnable.forEach((c, k) => {
    const r = rows[k];
    const relative = (r.runout - c.L0) / c.L0;
    const unit = Math.sqrt(c.H0 / params.gravity);
    rapierCases.push({ aspectTarget: c.aspectTarget, aspect: c.aspect, relativeRunout: relative });
    process.stdout.write(
      `${pad(c.aspectTarget, 6)} ${pad(c.aspect.toFixed(3), 7)} ${pad(c.grains, 6)} ${pad(c.relativeRunout.toFixed(3), 11)} ${pad(relative.toFixed(3), 13)} ` +
        `${pad(c.stopTimeScaled.toFixed(2), 12)} ${pad(r.stopTime === null ? 'no stop' : (r.stopTime / unit).toFixed(2), 14)} ${pad(r.wall.toFixed(1), 7)}\n`,
    );
  });
  const ours = studySlopes(runnable), theirs = studySlopes(rapierCases);
  const show = (s) => (s === null ? 'n/a' : s.toFixed(3));
  process.stdout.write(`slope a <= 1.5: NSCD ${show(ours.small)}, Rapier ${show(theirs.small)} (issue 5: 1 +- 0.15)\n`);
  process.stdout.write(`slope a >= 4:   NSCD ${show(ours.large)}, Rapier ${show(theirs.large)} (issue 5: 0.667 +- 0.12)\n`);
}
