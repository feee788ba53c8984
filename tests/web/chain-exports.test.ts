/**
 * The chain page's CSV and PNG downloads (pure builders): each holds what its button says, under a
 * file name that names the run, and names the run's parameters inside (the PNG's reproduce line,
 * each CSV header of values). The audit found "Unnamed scenario" under every picture, no parameter
 * in any CSV and the same file names whatever N was.
 */
import { describe, expect, it } from 'vitest';
import { monteCarloSamplesCsv, parseMonteCarloRange, summarizeSamples } from '../../web/src/chain/results';
import { newtonsCradle, type CustomRow } from '../../web/src/chain/custom-row';
import { mcRunId, newtonRunId, rowHash, runCsvColumns, runHeaders, RunProvenance, sweepRunId, timeRunId } from '../../web/src/chain/run-export';
import { defaultState } from '../../web/src/chain/state';
import { emptySweep, mergePiece, sweepCollisionsCsv, sweepVelocitiesCsv } from '../../web/src/chain/sweep';
import { ReproduceContext, reproduceText } from '../../web/src/ui/reproduce';

const lines = (text: string): string[] => text.split('\r\n').filter((l) => l !== '');
const d = defaultState();

describe('the sweep panel\'s two CSV buttons', () => {
  const s = emptySweep([0.1, 0.5, 1], 4);
  mergePiece(s, {
    start: 0,
    collisions: [446, 6, 3],
    collapsed: [1, 0, 0],
    finalVelocity: [[0.25, 0.015625, 0], [0.25, 0.140625, 0], [0.25, 0.421875, 0], [0.25, 0.421875, 1]],
  });
  const id = sweepRunId({ eMin: 0.1, eMax: 1, points: 3, spheres: 4, precision: 'double' });

  it('the collisions plot: e, the count and the collapse flag, each value column naming the sweep', () => {
    const file = sweepCollisionsCsv(s, id);
    expect(file.filename).toBe('chain-sweep-n4-e0-1to1-3-points-collisions.csv');
    expect(lines(file.text)).toEqual([
      'e (1),"collisions — N = 4, e from 0.1 to 1, 3 points (1)","collapsed — N = 4, e from 0.1 to 1, 3 points (1 = yes)"',
      '0.1,446,1', '0.5,6,0', '1,3,0',
    ]);
  });

  it('the final-velocity plot: e and v1 … vN', () => {
    const file = sweepVelocitiesCsv(s, id);
    expect(file.filename).toBe('chain-sweep-n4-e0-1to1-3-points-final-velocities.csv');
    expect(lines(file.text)).toEqual([
      'e (1),' + [1, 2, 3, 4].map((i) => `"v${i} final — N = 4, e from 0.1 to 1, 3 points (m/s)"`).join(','),
      '0.1,0.25,0.25,0.25,0.25',
      '0.5,0.015625,0.140625,0.421875,0.421875',
      '1,0,0,0,1',
    ]);
  });

  it('the two files differ in name and content; another N or precision is another file name', () => {
    expect(sweepCollisionsCsv(s, id).filename).not.toBe(sweepVelocitiesCsv(s, id).filename);
    expect(sweepCollisionsCsv(s, id).text).not.toBe(sweepVelocitiesCsv(s, id).text);
    const twenty = sweepRunId({ eMin: 0.1, eMax: 1, points: 3, spheres: 20, precision: 'extended' });
    expect(sweepCollisionsCsv(s, twenty).filename).toBe('chain-sweep-n20-e0-1to1-3-points-extended-collisions.csv');
    expect(lines(sweepCollisionsCsv(s, twenty).text)[0]).toContain('collisions — N = 20, e from 0.1 to 1, 3 points, extended precision (1)');
  });
});

describe('the Monte Carlo sample CSV', () => {
  it('lists each sample\'s e beside its v4, as the engine drew them, under the run\'s K, μ, σ and seed', () => {
    const part = parseMonteCarloRange('{"from":0,"values":[0.421875,0.512],"restitution":[0.5,0.6]}');
    expect(part.restitution).toEqual([0.5, 0.6]);
    const file = monteCarloSamplesCsv(summarizeSamples(part.values, part.restitution), mcRunId({ samples: 2, mu: 0.5, sigma: 0.05, seed: 42 }));
    expect(file.filename).toBe('chain-mc-k2-mu0-5-sigma0-05-seed42-samples.csv');
    expect(lines(file.text)).toEqual([
      'sample,"e — N = 4, K = 2, μ = 0.5, σ = 0.05, seed 42 (1)","v4 — N = 4, K = 2, μ = 0.5, σ = 0.05, seed 42 (m/s)"',
      '1,0.5,0.421875',
      '2,0.6,0.512',
    ]);
  });
});

describe('a run as its exports name it', () => {
  it('time domain: N and e, or N and every list of the custom row; the file name carries N', () => {
    const standard = timeRunId({ ...d.time, spheres: 20 });
    expect(standard.scenario).toBe('Chain lab, time domain: N = 20, e = 0.5');
    expect(runCsvColumns(standard, 'positions', ['t (s)', 'x1 (m)'], [[0], [0]]).filename).toBe('chain-time-n20-e0-5-positions.csv');
    expect(runCsvColumns(timeRunId(d.time), 'positions', ['t (s)', 'x1 (m)'], [[0], [0]]).filename).toBe('chain-time-n4-e0-5-positions.csv');
    const custom = timeRunId({ e: 0.5, spheres: 2, precision: 'extended', custom: { diameter: [1], mass: [3, 1], velocity: [1, 0], gap: [0.5], restitution: [1] } });
    expect(custom.scenario).toBe('Chain lab, time domain: N = 2, custom row: d = 1 m, m = [3, 1] kg, v0 = [1, 0] m/s, gap = 0.5 m, e = 1');
    expect(custom.subject).toBe('N = 2, custom row: d = 1 m, m = [3, 1] kg, v0 = [1, 0] m/s, gap = 0.5 m, e = 1, extended precision');
    expect(custom.precision).toBe('double-double');
    expect(runCsvColumns(custom, 'positions', [], []).filename).toBe('chain-time-n2-custom-f84d2639-extended-positions.csv');
  });

  // two custom rows of the same N were both "chain-time-n4-custom-positions.csv": the second download
  // overwrote the first (or became "… (1).csv") in the download folder
  it('time domain: a custom row\'s file names carry a short hash of its lists, the same for the same row', () => {
    const name = (custom: CustomRow, spheres = 4): string =>
      runCsvColumns(timeRunId({ e: 0.5, spheres, precision: 'double', custom }), 'positions', [], []).filename;
    const row: CustomRow = { diameter: [1], mass: [3, 1, 1, 1], velocity: [1, 0, 0, 0], gap: [0.5], restitution: [1] };
    const names = [
      name(row),
      name({ ...row, mass: [1, 3, 1, 1] }),
      name({ ...row, velocity: [2, 0, 0, 0] }),
      name({ ...row, diameter: [1, 1, 1, 2] }),
      name({ ...row, gap: [0.5, 0.5, 0.25] }),
      name({ ...row, restitution: [0.9] }),
      name({ ...row, mass: [3, 1, 1, 1, 1], velocity: [1, 0, 0, 0, 0] }, 5),
    ];
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^chain-time-n[45]-custom-[0-9a-f]{8}-positions\.csv$/);
    // the same row, typed again or with a list written out in full, has the same name
    expect(name(structuredClone(row))).toBe(names[0]);
    expect(name({ ...row, diameter: [1, 1, 1, 1], gap: [0.5, 0.5, 0.5] })).toBe(names[0]);
    expect(rowHash(row, 4)).toBe(rowHash({ ...row, restitution: [1, 1, 1] }, 4));
    // stable from one version of the lab to the next: FNV-1a of "5;1,1,1,1,1;1,1,1,1,1;1,0,0,0,0;0,0,0,0;1,1,1,1"
    const cradle = newtonsCradle();
    expect(rowHash(cradle.row, cradle.spheres)).toBe('95463770');
    // the other panels' names are as they were
    expect(runCsvColumns(timeRunId(d.time), 'positions', [], []).filename).toBe('chain-time-n4-e0-5-positions.csv');
  });

  it('Newton: the target and the bracket', () => {
    const id = newtonRunId(d.newton);
    expect(id.scenario).toBe('Chain lab, boundary value v4(e) = target: N = 4, target v4 = 0.5 m/s, bracket e in [0.3, 0.95]');
    expect(runCsvColumns(id, 'iterates', [], []).filename).toBe('chain-newton-target0-5-bracket0-3to0-95-iterates.csv');
  });

  it('CSV headers: the key columns as they are, every value column with a unit names the run', () => {
    expect(runHeaders(['collision', 't (s)', 'pair', 'x1 (m)', 'v1 after (m/s)'], 'N = 4, e = 0.5', 3))
      .toEqual(['collision', 't (s)', 'pair', 'x1 — N = 4, e = 0.5 (m)', 'v1 after — N = 4, e = 0.5 (m/s)']);
    expect(runHeaders(['k', 'e (1)', 'step'], 'S')).toEqual(['k', 'e — S (1)', 'step']);
  });

  it('the picture\'s reproduce line names the panel\'s run, the engine\'s precision and the page\'s version', () => {
    const page = new ReproduceContext();
    const provenance = new RunProvenance(page);
    page.set({ version: '0.1.0' });
    provenance.set(timeRunId({ ...d.time, spheres: 20, precision: 'extended' }));
    expect(reproduceText(provenance.context.get())).toBe('Scenario “Chain lab, time domain: N = 20, e = 0.5” · engine chain (double-double) · Granular Lab 0.1.0');
    provenance.set(mcRunId(d.mc));
    expect(reproduceText(provenance.context.get())).toBe('Scenario “Chain lab, Monte Carlo: N = 4, K = 1000, μ = 0.5, σ = 0.05” · seed 1 · engine chain (double) · Granular Lab 0.1.0');
    expect(provenance.run?.stem).toBe('chain mc k1000 mu0.5 sigma0.05 seed1');
  });
});
