// The avalanche page's worker-side pieces against the real .wasm: the settling clock's slicing
// does not change the run, and every study case validates and collapses.
import { beforeAll, describe, expect, it } from 'vitest';
import { SettlingClock } from '../../web/src/avalanche/runner';
import { studyCaseOptions } from '../../web/src/avalanche/study-cases';
import { parseStudyCaseResult, STUDY_FIXED } from '../../web/src/avalanche/study';
import type { GranularModule } from '../../web/src/sim/granular-wasm';
import { parseValidationReport } from '../../web/src/sim/scenario';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadGranular, readRepoFile, ROOT } from './load';

let mod: GranularModule;
beforeAll(async () => {
  mod = await loadGranular();
});

describe('the settling clock', () => {
  it('gives output instants while settling and ends in the same state as one long advance()', () => {
    const json = mod.validateAvalancheScenario(readRepoFile('scenarios/avalanche-column.json'));
    const scenario = JSON.stringify(parseValidationReport(json).scenario);
    const direct = new mod.AvalancheWorld(scenario);
    while (direct.advance(1e9) !== 2);
    const clock = new SettlingClock(new mod.AvalancheWorld(scenario));
    let settlingOutputs = 0;
    let last = -Infinity;
    for (;;) {
      const before = clock.world.phase();
      const status = clock.advance(200);
      if (status === 0 && before === 0 && clock.world.phase() === 0) {
        settlingOutputs++;
        expect(clock.time()).toBeGreaterThan(last);
        last = clock.time();
        expect(clock.nextOutputTime()).toBeCloseTo(clock.time() + 0.01, 9);
      }
      if (status === 2) break;
    }
    expect(settlingOutputs).toBeGreaterThan(10);
    expect(clock.hashState()).toBe(direct.hashState());
    expect(clock.world.summary()).toEqual(direct.summary());
    clock.delete();
    direct.delete();
  });

  // output.interval 0.5 s, output.duration 0.1 s: after the gate the clock said the next instant was
  // 0.5 s, past the run's end, and the page's run loop waited for it for ever ("Running")
  it('after the gate, its next instant is the run\'s end when that comes first', () => {
    const preset = JSON.parse(readRepoFile('scenarios/avalanche-column.json')) as Record<string, unknown>;
    const report = parseValidationReport(mod.validateAvalancheScenario(JSON.stringify({ ...preset, output: { interval: 0.5, duration: 0.1 } })));
    expect(report.ok).toBe(true);
    const clock = new SettlingClock(new mod.AvalancheWorld(JSON.stringify(report.scenario)));
    while (clock.world.phase() === 0) {
      // settling instants end at the gate, t = 0
      expect(clock.nextOutputTime()).toBeLessThanOrEqual(1e-12);
      clock.advance(200);
    }
    expect(clock.nextOutputTime()).toBe(0.1);
    // one output instant, the end itself (the column is still flowing at 0.1 s), then Finished
    expect(clock.advance(1e9)).toBe(0);
    expect(clock.time()).toBeCloseTo(0.1, 9);
    expect(clock.nextOutputTime()).toBe(0.1);
    expect(clock.advance(1e9)).toBe(2);
    clock.delete();
  });
});

/** The tiny study case of aspect ratio 2 run by the native CLI with `extra` arguments (its JSON case). */
function nativeTinyCase(extra: string[]): Record<string, unknown> {
  const cli = path.join(ROOT, 'build', 'release', 'granular-cli');
  if (!existsSync(cli)) throw new Error(`${cli} missing: run npm test (it builds the native CLI first)`);
  const { minWidthGrains, minHeightGrains } = studyCaseOptions('tiny');
  const dir = mkdtempSync(path.join(tmpdir(), 'study-'));
  const out = path.join(dir, 'study.json');
  try {
    // one aspect ratio: no slope to judge, so the command's status says FAIL; the case is in the JSON
    spawnSync(cli, ['avalanche-study', '--aspects', '2', '--min-width', String(minWidthGrains), '--min-height', String(minHeightGrains),
      ...extra, '--seeds', '1', '--jobs', '1', '--json', out], { stdio: 'ignore' });
    return (JSON.parse(readFileSync(out, 'utf8')) as { cases: Record<string, unknown>[] }).cases[0] ?? {};
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SAME_KEYS = ['grains', 'L0', 'H0', 'aspect', 'runout', 'stopTime'] as const;

describe('study cases', () => {
  it('the page runs the CLI study code: the same tiny case gives the same numbers natively and in WASM', () => {
    const native = nativeTinyCase([]);
    const times: number[] = [];
    const wasm = parseStudyCaseResult(mod.avalancheStudyCase(2, JSON.stringify(studyCaseOptions('tiny')), (t) => {
      times.push(t);
      return true;
    }));
    expect(wasm.ok).toBe(true);
    expect(wasm.runout).toBeGreaterThan(wasm.L0);
    for (const key of SAME_KEYS) expect(wasm[key], key).toBe(native[key]);
    expect(times.length).toBeGreaterThan(10);
    expect(times[times.length - 1]).toBeGreaterThanOrEqual(wasm.stopTime); // the stop is confirmed after a hold time
    // a callback answering false abandons the case
    const abandoned = parseStudyCaseResult(mod.avalancheStudyCase(2, JSON.stringify(studyCaseOptions('tiny')), () => false));
    expect(abandoned.ok).toBe(false);
    const bad = parseStudyCaseResult(mod.avalancheStudyCase(2, '{"minWidthGrains": -1}', () => true));
    expect(bad.error).toBe('minWidthGrains = -1: must be a number in [2, 1000]');
  });

  it('with rolling resistance or restitution too: the same natively and in WASM, and not the plain case', () => {
    const free = parseStudyCaseResult(mod.avalancheStudyCase(2, JSON.stringify(studyCaseOptions('tiny')), () => true));
    for (const [option, flag, value] of [['rollingFriction', '--mu-r', 0.1], ['restitution', '--restitution', 0.5]] as const) {
      const native = nativeTinyCase([flag, String(value)]);
      const wasm = parseStudyCaseResult(mod.avalancheStudyCase(2, JSON.stringify({ ...studyCaseOptions('tiny'), [option]: value }), () => true));
      expect(wasm.ok, option).toBe(true);
      for (const key of SAME_KEYS) expect(wasm[key], `${option}: ${key}`).toBe(native[key]);
      expect(wasm.runout, option).not.toBe(free.runout);
      const bad = parseStudyCaseResult(mod.avalancheStudyCase(2, JSON.stringify({ [option]: 2 }), () => true));
      expect(bad.error).toBe(`${option} = 2: must be a number in [0, 1]`);
    }
  });
});

describe('the study\'s floor', () => {
  // the page passes the scenario's floor (in proportion to R_min) as floorRadius and floorGap: the
  // command line's --floor-radius and --floor-gap, the same numbers natively and in WASM
  it('bumpy floors: the same natively and in WASM, and not the plain floor; the default is 4 mm discs, touching', () => {
    const tiny = studyCaseOptions('tiny');
    const plain = parseStudyCaseResult(mod.avalancheStudyCase(2, JSON.stringify(tiny), () => true));
    const spelled = parseStudyCaseResult(mod.avalancheStudyCase(2, JSON.stringify({ ...tiny, floorRadius: 0.004, floorGap: 0 }), () => true));
    for (const key of SAME_KEYS) expect(spelled[key], `default floor written out: ${key}`).toBe(plain[key]);
    for (const [floorRadius, floorGap] of [[0.006, 0], [0.004, 0.003]] as const) {
      const native = nativeTinyCase(['--floor-radius', String(floorRadius), '--floor-gap', String(floorGap)]);
      const wasm = parseStudyCaseResult(mod.avalancheStudyCase(2, JSON.stringify({ ...tiny, floorRadius, floorGap }), () => true));
      expect(wasm.ok, `${floorRadius} / ${floorGap}`).toBe(true);
      for (const key of SAME_KEYS) expect(wasm[key], `${floorRadius} / ${floorGap}: ${key}`).toBe(native[key]);
      expect(wasm.runout, `${floorRadius} / ${floorGap}`).not.toBe(plain.runout);
    }
  });

  it('refuses a floor of no discs or with gaps the smallest grain falls through, naming the value', () => {
    const answer = (options: object) => parseStudyCaseResult(mod.avalancheStudyCase(2, JSON.stringify(options), () => true)).error;
    expect(answer({ floorRadius: 0 })).toBe('floorRadius = 0: must be > 0');
    expect(answer({ floorRadius: 2 })).toBe('floorRadius = 2: must be a number in [0, 1]');
    expect(answer({ floorGap: 0.008 })).toBe('floorGap = 0.008: must be below 2 R_min = 0.008 m, or the smallest grains fall through the floor');
    expect(answer({ floorGap: -1 })).toBe('floorGap = -1: must be a number in [0, 1]');
    // discs so small that the case's floor would need millions: the case fails with the count, nothing is laid
    expect(answer({ floorRadius: 1e-9 })).toMatch(/^floor: [\d,]+ discs of radius 1e-09 m along [\d.]+ m \(limit 200,000\): use larger floor discs/);
  });
});

describe('the study CSV\'s fixed parameters', () => {
  // written on every row of the page's study CSV: the engine's own StudyParams, not a copy that could drift
  it('are the engine\'s', () => {
    expect({ ...STUDY_FIXED }).toEqual(mod.avalancheStudyFixed());
  });
});
