// The cross-check of the aspect-ratio study in Rapier (scripts/avalanche-rapier.mjs): its runout
// from positions must be the NSCD engine's runout from its contact list (nscd::runoutFront), on
// hand-made sets and on the study's own columns; its slopes the study's (nscd::judgeStudy); and a
// released column stepped by Rapier must spread and stop.
import RAPIER from '@dimforge/rapier2d-simd-compat';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  collapseInRapier,
  contactRunout,
  fitLogLog,
  studySlopes,
  type ReleasedColumn,
  type StudyParams,
} from '../../scripts/avalanche-rapier-lib.mjs';
import { ROOT } from './load';

const CLI = path.join(ROOT, 'build', 'release', 'granular-cli');
const alert = 0.0004; // 0.1 of a 4 mm radius, the engine's default
const R = 0.005;

describe('contactRunout (the runout from positions)', () => {
  it('a grain inside the alert distance belongs to the pile; one a hair beyond it does not', () => {
    // three touching grains on a line, a fourth 0.3 mm after the third, a fifth 0.5 mm after the fourth
    const x = [0.005, 0.015, 0.025, 0.0353, 0.0458];
    const front = contactRunout(x, [0, 0, 0, 0, 0], [R, R, R, R, R], 5, alert);
    expect(front.grain).toBe(3);
    expect(front.position).toBeCloseTo(0.0403, 12);
  });

  it('the largest of two groups sets the runout, however far the other one lies', () => {
    const front = contactRunout([0.005, 0.015, 0.025, 0.5, 0.51], [0, 0, 0, 0, 0], [R, R, R, R, R], 5, alert);
    expect(front.grain).toBe(2);
    expect(front.position).toBeCloseTo(0.03, 12);
  });

  it('discs after the grains (the floor) do not join two groups', () => {
    // grains 0-1 and 2-3-4 apart; disc 5 touches grains 1 and 2
    const x = [0.0, 0.01, 0.03, 0.04, 0.05, 0.02];
    const y = [0, 0, 0, 0, 0, 0];
    const r = [R, R, R, R, R, R];
    expect(contactRunout(x, y, r, 5, alert).grain).toBe(4);
    // counted as a grain, disc 5 joins all six, and grain 4 still leads
    expect(contactRunout(x, y, r, 6, alert).grain).toBe(4);
    // without the bridge and with grain 0-1 longer than 2-3-4, the front is grain 1's
    expect(contactRunout([0.0, 0.01, 0.03, 0.04, 0.05, 0.06, 0.07].map((v, i) => (i < 2 ? v : v + 0.5)), [0, 0, 0, 0, 0, 0, 0], [R, R, R, R, R, R, R], 2, alert).grain).toBe(1);
  });

  it('finds pairs across grid cells and in two dimensions', () => {
    // a diagonal chain of touching grains, 10 mm apart along (1, 1)/sqrt 2
    const n = 12, step = 0.01 / Math.SQRT2;
    const x = Array.from({ length: n }, (_, i) => i * step);
    const y = x.slice();
    const r = new Array<number>(n).fill(R);
    expect(contactRunout(x, y, r, n, alert).grain).toBe(n - 1);
    // the chain cut after grain 7: 8 grains against 4
    for (let i = 8; i < n; i++) x[i] = x[i]! + 0.001;
    expect(contactRunout(x, y, r, n, alert).grain).toBe(7);
  });
});

describe('the study slopes', () => {
  it('fit log y = s log x exactly on a power law', () => {
    expect(fitLogLog([1, 2, 4, 8], [3, 3 * 2 ** 0.9, 3 * 4 ** 0.9, 3 * 8 ** 0.9])).toBeCloseTo(0.9, 12);
    expect(fitLogLog([2, 2], [1, 3])).toBeNull();
  });

  it('average the seeds of one target a first, then fit over a <= 1.5 and a >= 4, as judgeStudy does', () => {
    const cases = [
      { aspectTarget: 0.5, aspect: 0.5, relativeRunout: 1 },
      { aspectTarget: 1, aspect: 1, relativeRunout: 2 },
      { aspectTarget: 2, aspect: 2, relativeRunout: 100 }, // in neither fit
      { aspectTarget: 4, aspect: 3.9, relativeRunout: 5 },
      { aspectTarget: 4, aspect: 4.1, relativeRunout: 7 },
      { aspectTarget: 8, aspect: 8, relativeRunout: 9 },
    ];
    const { small, large } = studySlopes(cases);
    expect(small).toBeCloseTo(1, 12);
    expect(large).toBeCloseTo(Math.log(9 / 6) / Math.log(8 / 4), 12); // the a = 4 group's means: a = 4, 6
    expect(studySlopes(cases.slice(0, 3)).large).toBeNull();
  });
});

interface StudyCase {
  ok: boolean;
  grains: number;
  L0: number;
  H0: number;
  runout: number;
  released: ReleasedColumn;
  deposit: { x: number[]; y: number[]; radius: number[]; mainMass: number[] };
}

describe("on the study's own column (granular-cli avalanche-study --json)", () => {
  let study: { cases: StudyCase[]; params: StudyParams };
  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} missing: run npm test (it builds the native CLI first)`);
    const dir = mkdtempSync(path.join(tmpdir(), 'rapier-'));
    const json = path.join(dir, 'study.json');
    try {
      // a small column: 4 grains wide, 8 high (a = 2)
      const run = spawnSync(CLI, ['avalanche-study', '--aspects', '2', '--min-width', '4', '--min-height', '8', '--json', json], { encoding: 'utf8' });
      expect([0, 1], run.stderr).toContain(run.status); // 1: the study's verdict (one a has no slope)
      study = JSON.parse(readFileSync(json, 'utf8')) as typeof study;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the runout from positions is the engine’s, at release (L0) and in the deposit (L∞ and its main mass)', () => {
    const c = study.cases[0]!;
    expect(c.ok).toBe(true);
    expect(c.released.x.length).toBeGreaterThan(c.grains); // the floor's discs come after the grains
    expect(contactRunout(c.released.x, c.released.y, c.released.radius, c.grains, alert).position).toBe(c.L0);
    const { x, y, radius, mainMass } = c.deposit;
    const front = contactRunout(x, y, radius, c.grains, alert);
    expect(front.position).toBe(c.runout);
    expect(mainMass[front.grain]).toBe(1);
  });

  it('Rapier, from the released column with the same material and stop rule, spreads it and stops', async () => {
    await RAPIER.init();
    const c = study.cases[0]!;
    const r = collapseInRapier(RAPIER, c.released, c.grains, study.params, c.H0);
    expect(r.stopTime).not.toBeNull();
    expect(r.stopTime!).toBeLessThan(study.params.maxTime * Math.sqrt(c.H0 / study.params.gravity));
    // spread by more than a grain, and not past where the floor ends (grains still on it)
    expect(r.runout).toBeGreaterThan(c.L0 + 2 * study.params.rmax);
    expect(r.runout).toBeLessThan(Math.max(...c.released.x));
  }, 60_000);
});
