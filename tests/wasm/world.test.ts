/**
 * The World class of the real WebAssembly build: bit-for-bit agreement with the native release
 * CLI on every preset, repeatability, validation messages, consistency of the observables, the
 * typed-array views, and an invalid World that reports instead of throwing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdvanceStatusCode, GranularModule, World } from '../../web/src/sim/granular-wasm';
import { parseValidationReport, type ValidationReport } from '../../web/src/sim/scenario';
import { scenarioPageOf } from '../../web/src/ui/family';
import { loadGranular, readRepoFile, ROOT } from './load';

const CLI = path.join(ROOT, 'build', 'release', 'granular-cli');
const presetEngine = (f: string): string | undefined =>
  (JSON.parse(readFileSync(path.join(ROOT, 'scenarios', f), 'utf8')) as { engine?: string }).engine;
const PRESETS = readdirSync(path.join(ROOT, 'scenarios'))
  .filter((f) => f.endsWith('.json'))
  // the gas family; the soft-disc, avalanche and comparison presets have their own tests (soft.test.ts, avalanche.test.ts, compare.test.ts)
  .filter((f) => presetEngine(f) !== 'soft' && presetEngine(f) !== 'avalanche' && presetEngine(f) !== 'compare')
  .sort();
const STATUS = { Output: 0, Budget: 1, Finished: 2, Stopped: 3 } as const;

let mod: GranularModule;

beforeAll(async () => {
  mod = await loadGranular();
});

/** Relative difference |a - b| / |b| (b != 0). */
function rel(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}

/** Runs like World::runUntil: output by output until time() >= t, Budget means "call again". */
function runUntil(w: World, t: number): AdvanceStatusCode {
  let status: AdvanceStatusCode = STATUS.Output;
  while (w.time() < t) {
    status = w.advance(1e6);
    if (status === STATUS.Stopped || status === STATUS.Finished) break;
  }
  return status;
}

/** A World that is freed after `body`, even when an expectation fails. */
function withWorld<T>(json: string, body: (w: World) => T): T {
  const w = new mod.World(json);
  try {
    return body(w);
  } finally {
    w.delete();
  }
}

function report(json: string): ValidationReport {
  return parseValidationReport(mod.validateScenario(json));
}

function outputInterval(w: World): number {
  const normalized: unknown = JSON.parse(w.scenarioJson());
  const interval = (normalized as { output?: { interval?: unknown } }).output?.interval;
  if (typeof interval !== 'number') throw new Error('normalized scenario without output.interval');
  return interval;
}

describe('native and WebAssembly builds agree bit for bit', () => {
  it('finds the presets and the native CLI', () => {
    expect(PRESETS.length).toBeGreaterThanOrEqual(8);
    expect(existsSync(CLI), `${CLI} missing: run \`node scripts/granular.mjs build-native\``).toBe(true);
  });

  for (const file of PRESETS) {
    it(`scenarios/${file}: hashState() equals granular-cli hash`, () => {
      const json = readRepoFile(`scenarios/${file}`);
      withWorld(json, (w) => {
        expect(w.ok(), w.report()).toBe(true);
        // 20 output intervals, at most 0.5 s: the whole file stays within a few seconds
        const until = Math.min(0.5, 20 * outputInterval(w));
        const out = execFileSync(CLI, ['hash', path.join(ROOT, 'scenarios', file), '--until', String(until)], {
          encoding: 'utf8',
        }).trim();
        const match = /^([0-9a-f]{16}) (\S+) (\d+)$/.exec(out);
        expect(match, `granular-cli printed "${out}"`).not.toBeNull();
        const [, hash, time, index] = match ?? [];
        const status = runUntil(w, until);
        expect([STATUS.Output, STATUS.Finished]).toContain(status);
        expect(w.outputIndex()).toBe(Number(index));
        expect(w.outputIndex()).toBeGreaterThanOrEqual(1);
        expect(rel(w.time(), Number(time))).toBeLessThanOrEqual(1e-15);
        expect(w.stats().events).toBeGreaterThan(0);
        expect(w.hashState()).toBe(hash);
      });
    });
  }
});

describe('repeatability', () => {
  it('the same scenario twice (interleaved in one module) gives the same hash', () => {
    for (const file of ['gas-vibrated.json', 'gas-polygon.json']) {
      const json = readRepoFile(`scenarios/${file}`);
      const a = new mod.World(json);
      const b = new mod.World(json);
      try {
        expect(a.hashState()).toBe(b.hashState());
        for (let k = 0; k < 10; k++) {
          runUntil(a, a.nextOutputTime());
          runUntil(b, b.nextOutputTime());
          expect(a.outputIndex()).toBe(k + 1);
          expect(b.hashState(), `${file} output ${k + 1}`).toBe(a.hashState());
        }
        // and the state moved: a third World at t = 0 hashes differently
        withWorld(json, (c) => expect(c.hashState()).not.toBe(a.hashState()));
      } finally {
        a.delete();
        b.delete();
      }
    }
  });
});

describe('validateScenario', () => {
  const disc = (x: number, y: number, radius: number) => ({ x, y, radius });

  it('names the field, the value and the rule', () => {
    const r = report(
      JSON.stringify({
        schema: 1,
        discs: [disc(0.2, 0.2, 0.05), disc(0.4, 0.2, 0.05), disc(0.6, 0.2, 0.05), disc(0.8, 0.2, -0.1)],
      }),
    );
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.text)).toEqual(['discs[3].radius = -0.1: must be > 0 m']);
    expect(r.errors[0]).toMatchObject({ path: 'discs[3].radius', value: '-0.1', message: 'must be > 0 m' });
  });

  it('rejects an unknown field with a suggestion', () => {
    const top = report('{"schema": 1, "restitusion": 0.5}');
    expect(top.ok).toBe(false);
    expect(top.errors[0]?.path).toBe('restitusion');
    expect(top.errors[0]?.message).toMatch(/unknown field/);
    expect(top.errors[0]?.message).toContain('did you mean "restitution"');
    const nested = report('{"schema": 1, "generate": {"cuont": 5}}');
    expect(nested.errors[0]?.text).toContain('generate.cuont');
    expect(nested.errors[0]?.message).toContain('did you mean "count"');
  });

  it('reports malformed JSON with its line and column', () => {
    // line 3 is `  "name": ,` and the comma is its 11th character
    const r = report('{\n  "schema": 1,\n  "name": ,\n}');
    expect(r.ok).toBe(false);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]?.message).toMatch(/line 3, column 11\b/);
    // a missing comma: line 4 `  "seed": 2` starts at column 3
    expect(report('{\n  "schema": 1,\n  "name": "x"\n  "seed": 2\n}').errors[0]?.message).toMatch(/line 4, column 3\b/);
  });

  it('rejects overlapping discs, naming both', () => {
    const r = report(JSON.stringify({ schema: 1, discs: [disc(0.2, 0.2, 0.05), disc(0.25, 0.2, 0.05), disc(0.6, 0.2, 0.05)] }));
    expect(r.ok).toBe(false);
    expect(r.errors).toHaveLength(1);
    const e = r.errors[0];
    expect(`${e?.path} ${e?.message}`).toMatch(/discs\[1\] overlaps discs\[0\]|discs\[0\] overlaps discs\[1\]/);
    // the depth is sigma - distance = 0.1 - 0.05
    const depth = Number(/by ([0-9.e+-]+) m/.exec(e?.message ?? '')?.[1]);
    expect(rel(depth, 0.05)).toBeLessThanOrEqual(1e-12);
  });

  it('rejects a disc outside the box and a disc crossing a wall, naming them', () => {
    const r = report(JSON.stringify({ schema: 1, discs: [disc(0.2, 0.2, 0.05), disc(1.5, 0.2, 0.05), disc(0.6, 0.98, 0.05)] }));
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.path)).toEqual(['discs[1]', 'discs[2]']);
    expect(r.errors[0]?.text).toMatch(/\(1\.5, 0\.2\).*outside/);
    expect(r.errors[1]?.message).toMatch(/crosses a wall/);
  });

  it('limits generate.count to 200000', () => {
    const r = report('{"schema": 1, "generate": {"count": 200001}}');
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.path)).toEqual(['generate.count']);
    expect(r.errors[0]?.text).toMatch(/^generate\.count = 200001: /);
    // the limit itself is accepted (validation only: nothing is simulated)
    expect(report('{"schema": 1, "generate": {"count": 200000, "radius": 0.0001}}').ok).toBe(true);
  });

  it('accepts every preset and fills in the defaults', () => {
    for (const file of PRESETS) {
      const r = report(readRepoFile(`scenarios/${file}`));
      expect(r.errors, file).toEqual([]);
      expect(r.ok, file).toBe(true);
      expect(r.scenario?.['schema'], file).toBe(1);
    }
  });

  // "Add an engine" (README): the gas validator's engine choices are the gas page's engines, so a
  // share link of one opens there from any page, and the World of each runs (the registry has it)
  it('every engine it accepts runs in a World and names the gas page (scenarioPageOf)', () => {
    const rule = report('{"schema": 1, "engine": "?"}').errors[0]?.message ?? '';
    expect(rule).toMatch(/^must be one of: "/);
    const engines = [...rule.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(engines[0]).toBe('event');
    for (const engine of engines) {
      const json = JSON.stringify({ schema: 1, engine, generate: { count: 10 } });
      expect(scenarioPageOf(json), engine).toBe('gas');
      withWorld(json, (w) => expect(w.ok(), `${engine}: ${w.report()}`).toBe(true));
    }
  });
});

describe('observables on gas-cooling', () => {
  const json = (): string => readRepoFile('scenarios/gas-cooling.json');
  // 400 discs, R = 0.01 m, density 1 kg/m^2, rms speed 1 m/s, r = 0.9, 1 m x 1 m box
  const N = 400;
  const R = 0.01;
  const m = Math.PI * R * R;

  it('energy balance: E_kin + dissipated - injected = E_kin(0) after 1 s', () => {
    withWorld(json(), (w) => {
      const E0 = w.observation().kineticEnergy;
      near(E0, 0.5 * N * m * 1, 1e-12, 'E0 = N m v_rms^2 / 2');
      let previous = w.observation();
      expect(runUntil(w, 1)).toBe(STATUS.Output);
      expect(w.time()).toBe(1);
      const o = w.observation();
      expect(o.time).toBe(1);
      expect(o.collisions).toBeGreaterThan(1000); // a real run, not a trivial one
      expect(o.energyDissipated).toBeGreaterThan(0.1 * E0);
      expect(o.energyInjected).toBe(0);
      near(o.kineticEnergy + o.energyDissipated - o.energyInjected, E0, 1e-10, 'energy balance');
      expect(o.temperature).toBe(o.kineticEnergy / N);
      expect(w.count()).toBe(N);
      // the counters agree with the engine stats
      const s = w.stats();
      expect(o.collisions).toBe(s.collisions);
      expect(o.wallHits).toBe(s.wallHits);
      expect(s.events).toBeGreaterThanOrEqual(s.collisions + s.wallHits);
      // collision rate over the last interval: 2 dC / (N dt)
      previous = o;
      expect(w.advance(1e6)).toBe(STATUS.Output);
      const next = w.observation();
      near(next.collisionRate, (2 * (next.collisions - previous.collisions)) / (N * (next.time - previous.time)), 1e-12, 'rate');
    });
  });

  it('the energy lost counts the walls too: elastic discs, inelastic walls', () => {
    const scenario = { ...JSON.parse(readRepoFile('scenarios/gas-elastic.json')) as Record<string, unknown>, wallRestitution: 0.9 };
    withWorld(JSON.stringify(scenario), (w) => {
      const E0 = w.observation().kineticEnergy;
      runUntil(w, 1);
      const o = w.observation();
      expect(o.wallHits).toBeGreaterThan(100);
      // nothing is lost between discs (r = 1): all of it at the walls, and all of it counted
      expect(o.kineticEnergy).toBeLessThan(0.9 * E0);
      near(o.kineticEnergy + o.energyDissipated, E0, 1e-10, 'energy balance');
    });
  });

  it('energy balance with a vibrating wall (energy injected)', () => {
    withWorld(readRepoFile('scenarios/gas-vibrated.json'), (w) => {
      const E0 = w.observation().kineticEnergy;
      runUntil(w, 1);
      const o = w.observation();
      expect(o.energyInjected).toBeGreaterThan(0);
      near(o.kineticEnergy + o.energyDissipated - o.energyInjected, E0, 1e-10, 'energy balance');
    });
  });

  it('the histogram is the probability density of the speeds and integrates to 1', () => {
    withWorld(json(), (w) => {
      runUntil(w, 0.5);
      const v = w.velocities();
      const h = w.histogram();
      const vmax = w.histogramMax();
      const bins = h.length;
      expect(bins).toBe(40);
      const width = vmax / bins;
      const counts = new Array<number>(bins).fill(0);
      let fastest = 0;
      for (let i = 0; i < N; i++) {
        const speed = Math.hypot(v[2 * i] ?? NaN, v[2 * i + 1] ?? NaN);
        fastest = Math.max(fastest, speed);
        const b = Math.floor(speed / width);
        counts[b] = (counts[b] ?? 0) + 1;
      }
      expect(fastest).toBeLessThan(vmax); // every disc is counted
      const sum = h.reduce((a, b) => a + b, 0);
      expect(Math.abs((sum * vmax) / bins - 1)).toBeLessThanOrEqual(1e-12);
      for (let b = 0; b < bins; b++) near(h[b] ?? NaN, (counts[b] ?? 0) / (N * width), 1e-12, `bin ${b}`);
    });
  });

  it('theory() matches the hand computation', () => {
    withWorld(json(), (w) => {
      const t = w.theory();
      const nu = (N * Math.PI * R * R) / 1;
      const n = N / 1;
      const sigma = 2 * R;
      const T0 = m / 2; // rms speed exactly 1 m/s
      const g = (1 - (7 * nu) / 16) / (1 - nu) ** 2;
      const omega0 = 2 * n * sigma * g * Math.sqrt((Math.PI * T0) / m);
      const expected = {
        areaFraction: nu,
        numberDensity: n,
        meanMass: m,
        meanDiameter: sigma,
        temperature0: T0,
        contactValue: g,
        collisionFrequency0: omega0,
        haffTau: 4 / ((1 - 0.9 * 0.9) * omega0),
        restitution: 0.9,
      };
      for (const [key, value] of Object.entries(expected)) {
        expect(rel(t[key as keyof typeof expected], value), `${key}: ${t[key as keyof typeof expected]} vs ${value}`).toBeLessThanOrEqual(1e-12);
      }
      // sanity of the hand values themselves: nu = 0.04 pi, g ~ 1.2362, omega0 ~ 24.79 / s
      near(nu, 0.04 * Math.PI, 1e-15, 'nu');
      expect(g).toBeCloseTo(1.2362, 4);
      expect(omega0).toBeCloseTo(24.789, 3);
      expect(t.temperature0).toBe(w.observation().kineticEnergy / N);
      // elastic gas: no Haff time
      withWorld(readRepoFile('scenarios/gas-elastic.json'), (e) => expect(e.theory().haffTau).toBe(Infinity));
    });
  });
});

describe('typed-array views', () => {
  it('have the documented lengths, physical values, and change after advance()', () => {
    withWorld(readRepoFile('scenarios/gas-cooling.json'), (w) => {
      const n = w.count();
      expect(n).toBe(400);
      expect(Array.from(w.walls())).toEqual([0, 0, 1, 0, 1, 0, 1, 1, 1, 1, 0, 1, 0, 1, 0, 0]);
      const radii = Float64Array.from(w.radii());
      const masses = Float64Array.from(w.masses());
      expect(radii.every((r) => r === 0.01)).toBe(true);
      expect(masses.every((mass) => rel(mass, Math.PI * 0.01 * 0.01) <= 1e-15)).toBe(true);
      expect(w.spins().length).toBe(n);
      const inside = (p: Float64Array): boolean =>
        p.length === 2 * n &&
        radii.every((r, i) => {
          const x = p[2 * i] ?? NaN;
          const y = p[2 * i + 1] ?? NaN;
          return x >= r && x <= 1 - r && y >= r && y <= 1 - r;
        });
      const before = w.positions().slice(); // a copy: views may detach when memory grows
      const velocitiesBefore = w.velocities().slice();
      expect(before.length).toBe(2 * n);
      expect(inside(before)).toBe(true);
      expect(w.advance(1e6)).toBe(STATUS.Output);
      const after = w.positions(); // re-acquired
      expect(after.length).toBe(2 * n);
      expect(inside(after)).toBe(true);
      expect(after).not.toEqual(before);
      // every disc moved, by at most twice the initial top speed times the interval (no teleporting)
      const dt = w.time();
      expect(dt).toBe(0.02);
      let top = 0;
      for (let i = 0; i < n; i++) top = Math.max(top, Math.hypot(velocitiesBefore[2 * i] ?? NaN, velocitiesBefore[2 * i + 1] ?? NaN));
      let moved = 0;
      for (let i = 0; i < n; i++) {
        const d = Math.hypot((after[2 * i] ?? NaN) - (before[2 * i] ?? NaN), (after[2 * i + 1] ?? NaN) - (before[2 * i + 1] ?? NaN));
        if (d > 0) moved++;
        expect(d).toBeLessThanOrEqual(2 * top * dt);
      }
      expect(moved).toBe(n);
    });
  });
});

describe('status codes and invalid Worlds', () => {
  it('an invalid World (bad JSON) reports instead of throwing', () => {
    const w = new mod.World('{"schema": 1, "generate": ');
    try {
      expect(w.ok()).toBe(false);
      const r = parseValidationReport(w.report());
      expect(r.ok).toBe(false);
      expect(r.errors.length).toBeGreaterThanOrEqual(1);
      expect(r.errors[0]?.message).toMatch(/not valid JSON: line 1, column \d+/);
      expect(w.count()).toBe(0);
      expect(w.advance(1000)).toBe(STATUS.Stopped);
      expect(w.advance(1000)).toBe(STATUS.Stopped);
      expect(w.positions().length).toBe(0);
      expect(w.velocities().length).toBe(0);
      expect(w.radii().length).toBe(0);
      expect(w.walls().length).toBe(0);
      expect(w.time()).toBe(0);
      expect(typeof w.hashState()).toBe('string');
    } finally {
      w.delete();
    }
  });

  it('an invalid scenario in valid JSON is reported the same way', () => {
    withWorld('{"schema": 1, "restitution": 1.5}', (w) => {
      expect(w.ok()).toBe(false);
      expect(parseValidationReport(w.report()).errors[0]?.path).toBe('restitution');
      expect(w.count()).toBe(0);
      expect(w.advance(10)).toBe(STATUS.Stopped);
    });
  });

  it('Budget, then Output: a small event budget resumes where it stopped', () => {
    const json = readRepoFile('scenarios/gas-cooling.json');
    const reference = withWorld(json, (w) => {
      expect(w.advance(1e6)).toBe(STATUS.Output);
      return w.hashState();
    });
    withWorld(json, (w) => {
      let budgets = 0;
      let status: AdvanceStatusCode;
      while ((status = w.advance(5)) === STATUS.Budget) budgets++;
      expect(status).toBe(STATUS.Output);
      expect(budgets).toBeGreaterThan(1);
      expect(w.outputIndex()).toBe(1);
      expect(w.hashState()).toBe(reference);
    });
  });

  it('Finished at output.duration (two-discs, 10 s), with momentum conserved in the head-on collision', () => {
    withWorld(readRepoFile('scenarios/two-discs.json'), (w) => {
      // heavy (4 kg, 1 m/s) and light (1 kg, -1 m/s) discs: gap 1 - 0.15 = 0.85 m closing at 2 m/s
      runUntil(w, 0.5);
      const v = w.velocities();
      near(4 * (v[0] ?? NaN) + 1 * (v[2] ?? NaN), 4 - 1, 1e-12, 'momentum');
      // (v1' - v2') = -r (v1 - v2) = -0.8 * 2
      near((v[0] ?? NaN) - (v[2] ?? NaN), -1.6, 1e-12, 'restitution');
      expect(runUntil(w, 20)).toBe(STATUS.Finished);
      expect(w.time()).toBe(10);
      expect(w.outputIndex()).toBe(1000);
      expect(w.advance(10)).toBe(STATUS.Finished);
    });
  });

  it('Stopped on inelastic collapse without the TC model, with a message', () => {
    const scenario = JSON.parse(readRepoFile('scenarios/gas-dense-collapse.json')) as Record<string, unknown>;
    scenario['collapse'] = { model: 'none' };
    withWorld(JSON.stringify(scenario), (w) => {
      expect(w.ok(), w.report()).toBe(true);
      expect(w.message()).toBe('');
      expect(runUntil(w, 1)).toBe(STATUS.Stopped);
      expect(w.message()).toMatch(/inelastic collapse at t = /);
      expect(w.time()).toBeLessThan(1);
    });
  });
});

function near(actual: number, expected: number, relTol: number, what: string): void {
  const scale = Math.max(Math.abs(expected), Number.MIN_VALUE);
  expect(Math.abs(actual - expected) / scale, `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(relTol);
}

describe('the per-collision event log', () => {
  it('records without changing the run: the same hash at every output with the log on or off', () => {
    const json = readRepoFile('scenarios/gas-cooling.json');
    const plain = new mod.World(json);
    const logged = new mod.World(json);
    logged.enableEventLog(500);
    try {
      for (let k = 0; k < 8; k++) {
        runUntil(plain, plain.time() + 0.01);
        runUntil(logged, logged.time() + 0.01);
        expect(logged.hashState(), `output ${k}`).toBe(plain.hashState());
      }
      const stats = logged.stats();
      const log = logged.eventLog(0);
      expect(log.total).toBe(stats.collisions + stats.wallHits);
      // bounded to the last 500, time-ordered, in the documented numbering
      expect(log.time.length).toBe(500);
      expect(log.i.length).toBe(500);
      expect(log.j.length).toBe(500);
      expect(log.first).toBe(log.total - 500);
      for (let k = 1; k < 500; k++) expect(log.time[k]!).toBeGreaterThanOrEqual(log.time[k - 1]!);
      for (let k = 0; k < 500; k++) {
        const i = log.i[k]!;
        const j = log.j[k]!;
        expect(i >= 0 && i < logged.count()).toBe(true);
        expect(j >= 0 ? j > i && j < logged.count() : -(j + 1) < 4).toBe(true);
      }
      // from a later number: only the rest
      const tail = logged.eventLog(log.total - 2);
      expect(tail.first).toBe(log.total - 2);
      expect(Array.from(tail.time)).toEqual(Array.from(log.time.slice(-2)));
      logged.enableEventLog(0);
      expect(logged.eventLog(0).time.length).toBe(0);
    } finally {
      plain.delete();
      logged.delete();
    }
  });
});
