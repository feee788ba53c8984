// The four-sphere row (issue 4) through the WASM build: the same cases as tests/cpp/chain_test.cpp,
// and the seeded Monte Carlo giving the same numbers natively (granular-cli) and in WebAssembly.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GranularModule } from '../../web/src/sim/granular-wasm';
import { collisionNumbers, entryName, parseChainRun, parseMonteCarloRange, parseNewton, summarizeSamples } from '../../web/src/chain/results';
import { stepKinds } from '../../web/src/chain/newton-panel';
import { standardRow } from '../../web/src/chain/custom-row';
import { buildTimeline } from '../../web/src/chain/timeline';
import { loadGranular, ROOT } from './load';

interface ChainRun {
  ok: boolean;
  precision: string;
  collisions: number;
  collapsed: boolean;
  message: string;
  finalVelocity: number[];
  log: { time: number; pair: number; velocity: number[] }[];
}
interface MonteCarlo {
  mean: number;
  sd: number;
  ciLow: number;
  ciHigh: number;
  values: number[];
  restitution: number[];
}

const CLI = path.join(ROOT, 'build', 'release', 'granular-cli');
let mod: GranularModule;
beforeAll(async () => {
  mod = await loadGranular();
});

const run = (e: number, extended = false): ChainRun => JSON.parse(mod.chainRun(e, 4, extended, 2000)) as ChainRun;

describe('four-sphere chain in WebAssembly', () => {
  it('e = 1 gives (0, 0, 0, 1) exactly; e = 0.18 gives a quarter each within 1e-6', () => {
    expect(run(1).finalVelocity).toEqual([0, 0, 0, 1]);
    for (const v of run(0.18).finalVelocity) expect(Math.abs(v - 0.25)).toBeLessThan(1e-6);
  });

  it('six collisions in the order 12 23 34 12 23 12 and v4 = ((1 + e) / 2)^3 to 1e-12', () => {
    for (const e of [0.3, 0.6, 0.95]) {
      const r = run(e);
      expect(r.log.map((c) => c.pair)).toEqual([0, 1, 2, 0, 1, 0]);
      const exact = ((1 + e) / 2) ** 3;
      expect(Math.abs((r.finalVelocity[3] ?? 0) - exact) / exact).toBeLessThan(1e-12);
    }
  });

  it('chainRunSetup takes (set-up, log length) and runs a custom row: 3 kg on 1 kg elastically leaves at 0.5 and 1.5 m/s', () => {
    const r = JSON.parse(mod.chainRunSetup('{"spheres": 2, "mass": [3, 1], "gap": 0.5, "velocity": [1, 0], "restitution": 1}', 10)) as ChainRun;
    expect(r.finalVelocity).toEqual([0.5, 1.5]);
    expect(r.log).toHaveLength(1);
  });

  it('e = 0.1 collapses, terminates, and leaves every sphere at v0/4', () => {
    const r = run(0.1);
    expect(r.collapsed).toBe(true);
    expect(r.message).toMatch(/^inelastic collapse at t = /);
    for (const v of r.finalVelocity) expect(Math.abs(v - 0.25)).toBeLessThan(1e-9);
  });

  it('logs each collapse as a merge: at e = 0 spheres 1-3 at t = 3 s, all four at t = 6 s; the page counts collisions only', () => {
    const r = parseChainRun(mod.chainRun(0, 4, false, 2000));
    const merges = r.log.filter((c) => c.merge);
    expect(merges.map((c) => [c.time, entryName(c)])).toEqual([[3, '1–3 merge'], [6, '1–3 merge'], [6, '1–4 merge']]);
    expect(merges[0]!.velocity).toEqual([1 / 3, 1 / 3, 1 / 3, 0].map((v) => expect.closeTo(v, 15)));
    // one report per instant: the second merge at t = 6 s takes in the first
    expect(r.message).toMatch(/^inelastic collapse at t = 3 s .*: spheres 1-3 move together at 0\.333333 m\/s; again at t = 6 s after \d+ collisions: the spheres move together at 0\.25 m\/s$/);
    const numbers = collisionNumbers(r.log);
    expect(numbers.filter((n) => n === null)).toHaveLength(3);
    expect(Math.max(...numbers.map((n) => n ?? 0))).toBe(r.collisions);
    // the animation's timeline: a breakpoint at each merge (the group's velocity from there on), the
    // collision count unchanged by it, and the whole run (not "partial")
    const tl = buildTimeline(r, standardRow(4, 0));
    expect(tl.partial).toBe(false);
    const p = r.log.indexOf(merges[0]!) + 1;
    expect(tl.velocities.map((v) => v[p])).toEqual(merges[0]!.velocity);
    expect(tl.collisions[p]).toBe(tl.collisions[p - 1]);
    expect(tl.collisions[tl.collisions.length - 1]).toBe(r.collisions);
  });

  it('extended precision counts exactly 1263 collisions at e = 0.1715763', () => {
    const r = run(0.1715763, true);
    expect(r.precision).toBe('double-double');
    expect(r.collisions).toBe(1263);
  });

  it("Newton's method finds 4^(1/3) - 1 to 1e-9", () => {
    const n = JSON.parse(mod.chainNewton(0.5, 0.3, 0.95)) as { e: number; converged: boolean };
    expect(n.converged).toBe(true);
    expect(Math.abs(n.e - (Math.cbrt(4) - 1))).toBeLessThan(1e-9);
  });

  it("Newton's method returns a bracket end that is the root (v4 = 1 at e = 1), labelled as such; the iterates of a solve are not", () => {
    const end = parseNewton(mod.chainNewton(1, 0.5, 1));
    expect(end.converged).toBe(true);
    expect(end.e).toBe(1);
    expect(stepKinds(end, { lo: 0.5, hi: 1 })).toEqual(['bracket end']);
    const none = parseNewton(mod.chainNewton(0.5, 0.9, 0.95));
    expect(none.converged).toBe(false);
    expect(stepKinds(none, { lo: 0.9, hi: 0.95 })).toEqual(['bracket end', 'bracket end']);
    const solve = parseNewton(mod.chainNewton(0.5, 0.3, 0.95));
    expect(stepKinds(solve, { lo: 0.3, hi: 0.95 })[0]).toBe('start (midpoint)');
    expect(stepKinds(solve, { lo: 0.3, hi: 0.95 })).not.toContain('bracket end');
  });

  it('Monte Carlo (1000 samples, seed 42): exact moments within tolerance, same numbers as native', () => {
    const wasm = JSON.parse(mod.chainMonteCarlo(1000, 0.5, 0.05, 42)) as MonteCarlo;
    expect(Math.abs(wasm.mean - 0.42328125)).toBeLessThan(0.004);
    expect(Math.abs(wasm.sd - 0.0422812)).toBeLessThan(0.003);
    const native = JSON.parse(
      execFileSync(CLI, ['chain-mc', '--samples', '1000', '--mu', '0.5', '--sigma', '0.05', '--seed', '42'], { encoding: 'utf8' }),
    ) as MonteCarlo;
    expect(wasm.mean).toBe(native.mean);
    expect(wasm.sd).toBe(native.sd);
    expect(wasm.values).toEqual(native.values);
    expect(wasm.restitution).toEqual(native.restitution);
  });

  it('Monte Carlo gives each sample\'s e beside its v4 (the sample CSV\'s e column)', () => {
    const mc = JSON.parse(mod.chainMonteCarlo(400, 0.5, 0.05, 42)) as MonteCarlo;
    expect(mc.restitution).toHaveLength(400);
    mc.restitution.forEach((e, k) => {
      expect(e).toBeGreaterThanOrEqual(0);
      expect(e).toBeLessThanOrEqual(1);
      // in the six-collision regime (every draw here) v4 = ((1 + e)/2)³
      expect(Math.abs((mc.values[k] ?? NaN) - ((1 + e) / 2) ** 3)).toBeLessThan(1e-12);
    });
    // the draws spread as asked
    const mean = mc.restitution.reduce((a, b) => a + b, 0) / mc.restitution.length;
    // 400 draws of N(0.5, 0.05): standard error 0.0025; four of them (was 0.02, eight)
    expect(Math.abs(mean - 0.5)).toBeLessThan(4 * 0.05 / Math.sqrt(400));
    // a σ that reaches past [0, 1] is clamped
    const wide = JSON.parse(mod.chainMonteCarlo(200, 0.9, 0.5, 1)) as MonteCarlo;
    expect(wide.restitution).toContain(1);
    expect(Math.max(...wide.restitution)).toBe(1);
  });

  it("the page's chunked Monte Carlo (progress bar) gives chainMonteCarlo's numbers bit for bit", () => {
    const whole = JSON.parse(mod.chainMonteCarlo(1000, 0.5, 0.05, 7)) as MonteCarlo;
    const values: number[] = [];
    const restitution: number[] = [];
    for (let from = 0; from < 1000; from += 130) {
      const part = parseMonteCarloRange(mod.chainMonteCarloRange(1000, 0.5, 0.05, 7, from, Math.min(1000, from + 130)));
      values.push(...part.values);
      restitution.push(...part.restitution);
    }
    const chunked = summarizeSamples(values, restitution);
    expect(values).toEqual(whole.values);
    expect(restitution).toEqual(whole.restitution);
    expect(chunked.mean).toBe(whole.mean);
    expect(chunked.sd).toBe(whole.sd);
    expect(chunked.ciLow).toBe(whole.ciLow);
    expect(chunked.ciHigh).toBe(whole.ciHigh);
  });
});
