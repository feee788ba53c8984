// Soft discs through the WASM build: the same physics checks as the native tests (restitution from
// the exact relation, ledger closure, circular wall), and native = WASM on every soft preset.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GranularModule, SoftWorld } from '../../web/src/sim/granular-wasm';
import type { SoftFromWorker } from '../../web/src/soft/protocol';
import { SoftRunner, stepCap } from '../../web/src/soft/runner';
import { loadGranular, readRepoFile, ROOT } from './load';

const CLI = path.join(ROOT, 'build', 'release', 'granular-cli');
const SOFT_PRESETS = readdirSync(path.join(ROOT, 'scenarios'))
  .filter((f) => f.endsWith('.json'))
  .filter((f) => (JSON.parse(readFileSync(path.join(ROOT, 'scenarios', f), 'utf8')) as { engine?: string }).engine === 'soft')
  .sort();

let mod: GranularModule;
beforeAll(async () => {
  mod = await loadGranular();
});

function withSoft<T>(json: string, f: (w: SoftWorld) => T): T {
  const w = new mod.SoftWorld(json);
  try {
    return f(w);
  } finally {
    w.delete();
  }
}

function runTo(w: SoftWorld, t: number): void {
  while (w.time() < t - 1e-12) {
    const s = w.advance(1_000_000);
    if (s === 2 || s === 3) break;
  }
}

/** Solve a - ln(1 + a) = -a e - ln(1 - a e) for e (REFERENCE §2), by bisection. */
function exactRestitution(a: number): number {
  if (a === 0) return 1;
  const f = (e: number): number => a - Math.log(1 + a) + a * e + Math.log(1 - a * e);
  let lo = 0;
  let hi = Math.min(1, 1 / a);
  for (let k = 0; k < 200; ++k) {
    const mid = 0.5 * (lo + hi);
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

const headOn = (v: number, cTau: number): string =>
  JSON.stringify({
    schema: 1,
    engine: 'soft',
    domain: { open: true },
    discs: [
      { x: 0, y: 0, vx: v / 2 },
      { x: 2.0000001, y: 0, vx: -v / 2 },
    ],
    contact: { cTau },
    friction: { law: 'none' },
    output: { interval: 0.05, duration: 0 },
  });

describe('soft discs in WebAssembly', () => {
  it('head-on restitution follows the exact impact relation for c_tau = 1, 0.9, 0.5, 0 (within 1e-7)', () => {
    for (const cTau of [1, 0.9, 0.5, 0]) {
      withSoft(headOn(1, cTau), (w) => {
        expect(w.ok(), w.report()).toBe(true);
        runTo(w, 4);
        const q = w.coordinates();
        const e = -((q[3] ?? 0) - (q[9] ?? 0)) / 1;
        // the integrator's error (relTol 1e-10): measured 2.5e-9 at c_tau = 1, 1.2e-10, 1.2e-10 and
        // 9.7e-12 at 0.9, 0.5, 0 (both WASM builds alike); 1e-7 is 40 times the largest
        expect(Math.abs(e - exactRestitution(1.5 * (1 - cTau))), `c_tau = ${cTau}`).toBeLessThan(1e-7);
        const info = JSON.parse(w.info()) as { restitution: number };
        expect(Math.abs(info.restitution - exactRestitution(1.5 * (1 - cTau)))).toBeLessThan(1e-9);
      });
    }
  });

  it('the energy ledger of the square-box notebook preset closes to 5e-8 over 10 s', () => {
    withSoft(readRepoFile('scenarios/soft-box.json'), (w) => {
      let worst = 0;
      while (w.advance(1_000_000) !== 2) {
        const L = w.ledger();
        worst = Math.max(worst, Math.abs(L.total - L.initial) / L.initial);
      }
      expect(w.time()).toBe(10);
      // measured 4.1e-9 at worst (both WASM builds alike): 5e-8 is 12 times that
      expect(worst).toBeLessThan(5e-8);
      expect(w.ledger().damping + w.ledger().friction).toBeGreaterThan(1);
    });
  });

  it('a bad scenario names the field and the value', () => {
    const report = JSON.parse(mod.validateSoftScenario('{"schema":1,"engine":"soft","generate":{"radius":-1}}')) as {
      ok: boolean;
      errors: { text: string }[];
    };
    expect(report.ok).toBe(false);
    expect(report.errors.map((e) => e.text)).toContain('generate.radius = -1: must be > 0 m');
    expect(mod.scenarioFamily('{"engine":"soft"}')).toBe('soft');
    expect(mod.scenarioFamily('{"engine":"event"}')).toBe('gas');
  });

  for (const file of SOFT_PRESETS) {
    it(`scenarios/${file}: hashState() equals granular-cli hash (native = WASM, bit for bit)`, () => {
      if (!existsSync(CLI)) throw new Error(`${CLI} missing: run npm test (it builds the native CLI first)`);
      // 2 s of the small presets; 0.2 s of the 10^4-disc benchmark preset (bounded by its duration)
      const scenario = JSON.parse(readRepoFile(`scenarios/${file}`)) as { generate?: { count?: number }; output?: { duration?: number } };
      const until = Math.min((scenario.generate?.count ?? 0) > 1000 ? 0.2 : 2, scenario.output?.duration ?? 10);
      const out = execFileSync(CLI, ['hash', path.join(ROOT, 'scenarios', file), '--until', String(until)], { encoding: 'utf8' });
      const [hash] = out.trim().split(' ');
      withSoft(readRepoFile(`scenarios/${file}`), (w) => {
        runTo(w, until);
        expect(w.time()).toBe(until);
        expect(w.hashState()).toBe(hash);
      });
    });
  }

  // The tester's repro: 20,000 discs (the documented maximum) on a lattice, the first output
  // instant some 10^4 integrator steps (contact events) away; Pause waited for all of them.
  const crowded = (count: number): string =>
    JSON.stringify({ schema: 1, engine: 'soft', domain: { box: { width: 300, height: 300 } }, generate: { count, placement: 'lattice', clearance: 0.05 } });

  it('a bounded advance() at 20,000 discs returns Budget before the first output instant', () => {
    withSoft(crowded(20_000), (w) => {
      const next = w.nextOutputTime();
      expect(stepCap(w.count())).toBe(1);
      for (let k = 0; k < 3; k++) {
        expect(w.advance(stepCap(w.count()))).toBe(1); // Budget
        expect(w.time()).toBeLessThan(next);
      }
      expect(w.stats().steps + w.stats().rejected).toBeLessThanOrEqual(3);
    });
  });

  it('the crowded lattice run does not depend on the advance() budgets (1 to 3 steps a call give the state of one call)', () => {
    const json = crowded(400);
    const whole = withSoft(json, (w) => {
      expect(w.advance(1_000_000)).toBe(0); // Output
      return [w.time(), w.hashState(), w.stats().steps] as const;
    });
    const sliced = withSoft(json, (w) => {
      let calls = 0;
      let s: number;
      do {
        s = w.advance(1 + (calls % 3));
        calls += 1;
      } while (s === 1);
      expect(s).toBe(0);
      expect(calls).toBeGreaterThan(100); // the budgets really cut the interval
      return [w.time(), w.hashState(), w.stats().steps] as const;
    });
    expect(sliced).toEqual(whole);
  });

  it('the soft worker answers pause at 20,000 discs after a step or so, not at the first output instant', async () => {
    const frames: Array<Extract<SoftFromWorker, { type: 'frame' }>> = [];
    const runner = new SoftRunner(mod, (m) => {
      if (m.type === 'frame') frames.push(m);
    });
    runner.handle({ type: 'load', json: crowded(20_000), origin: 'json', play: true });
    expect(frames[frames.length - 1]?.running).toBe(true);
    // a tick asks for 0.1 s: computing starts (advance(), yield to the message queue, advance(), ...)
    runner.handle({ type: 'tick', dt: 0.1 });
    expect(frames[frames.length - 1]?.running).toBe(true); // no frame yet: the first slice was computed, then it yielded
    runner.handle({ type: 'pause' }); // taken into account when the computing resumes
    for (let k = 0; k < 1000 && frames[frames.length - 1]?.running !== false; k++) await new Promise((r) => setTimeout(r, 0));
    const paused = frames[frames.length - 1];
    expect(paused?.running).toBe(false);
    expect(paused?.outputIndex).toBe(0);
    expect(paused?.time).toBeLessThan(0.02);
    // before: the first advance() call alone took 5,000 steps
    expect((paused?.stats.steps ?? Infinity) + (paused?.stats.rejected ?? 0)).toBeLessThanOrEqual(5);
    runner.handle({ type: 'load', json: crowded(4), origin: 'json', play: false }); // frees the 20,000-disc world
  });
});
