// The avalanche page's worker-side pieces against the real .wasm: the settling clock's slicing
// does not change the run, and every study case validates and collapses.
import { beforeAll, describe, expect, it } from 'vitest';
import { SettlingClock } from '../../web/src/avalanche/runner';
import { DEFAULT_ASPECTS, STUDY_SIZES, studyCaseScenario } from '../../web/src/avalanche/study-cases';
import type { GranularModule } from '../../web/src/sim/granular-wasm';
import { parseValidationReport, type JsonObject } from '../../web/src/sim/scenario';
import { loadGranular, readRepoFile } from './load';

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
});

describe('study cases', () => {
  it('every size and aspect ratio validates; the tiny cases collapse', () => {
    const base = JSON.parse(mod.defaultAvalancheScenario()) as JsonObject;
    for (const size of STUDY_SIZES) {
      for (const a of DEFAULT_ASPECTS) {
        const report = parseValidationReport(mod.validateAvalancheScenario(JSON.stringify(studyCaseScenario(base, a, size))));
        expect(report.errors, `${size} a = ${a}`).toEqual([]);
      }
    }
    const world = new mod.AvalancheWorld(JSON.stringify(studyCaseScenario(base, 2, 'tiny')));
    while (world.advance(1e9) !== 2);
    const s = world.summary();
    expect(world.phase()).toBe(2);
    expect(s.runout).toBeGreaterThan(s.l0);
    world.delete();
  });
});
