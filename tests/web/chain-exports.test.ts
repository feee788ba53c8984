/** The chain page's CSV downloads (pure builders): each holds what its button says, under its own file name. */
import { describe, expect, it } from 'vitest';
import { monteCarloSamplesCsv, parseMonteCarloRange, summarizeSamples } from '../../web/src/chain/results';
import { emptySweep, mergePiece, sweepCollisionsCsv, sweepVelocitiesCsv } from '../../web/src/chain/sweep';

describe('the sweep panel\'s two CSV buttons', () => {
  const s = emptySweep([0.1, 0.5, 1], 4);
  mergePiece(s, {
    start: 0,
    collisions: [446, 6, 3],
    collapsed: [1, 0, 0],
    finalVelocity: [[0.25, 0.015625, 0], [0.25, 0.140625, 0], [0.25, 0.421875, 0], [0.25, 0.421875, 1]],
  });
  const lines = (text: string): string[] => text.split('\r\n').filter((l) => l !== '');

  it('the collisions plot: e, the count and the collapse flag', () => {
    const file = sweepCollisionsCsv(s);
    expect(file.filename).toBe('chain-sweep-collisions.csv');
    expect(lines(file.text)).toEqual(['e (1),collisions (1),collapsed (1 = yes)', '0.1,446,1', '0.5,6,0', '1,3,0']);
  });

  it('the final-velocity plot: e and v1 … vN', () => {
    const file = sweepVelocitiesCsv(s);
    expect(file.filename).toBe('chain-sweep-final-velocities.csv');
    expect(lines(file.text)).toEqual([
      'e (1),v1 final (m/s),v2 final (m/s),v3 final (m/s),v4 final (m/s)',
      '0.1,0.25,0.25,0.25,0.25',
      '0.5,0.015625,0.140625,0.421875,0.421875',
      '1,0,0,0,1',
    ]);
  });

  it('the two files differ in name and content', () => {
    expect(sweepCollisionsCsv(s).filename).not.toBe(sweepVelocitiesCsv(s).filename);
    expect(sweepCollisionsCsv(s).text).not.toBe(sweepVelocitiesCsv(s).text);
  });
});

describe('the Monte Carlo sample CSV', () => {
  it('lists each sample\'s e beside its v4, as the engine drew them', () => {
    const part = parseMonteCarloRange('{"from":0,"values":[0.421875,0.512],"restitution":[0.5,0.6]}');
    expect(part.restitution).toEqual([0.5, 0.6]);
    const file = monteCarloSamplesCsv(summarizeSamples(part.values, part.restitution), 42);
    expect(file.filename).toBe('chain-mc-samples-seed42.csv');
    expect(file.text.split('\r\n').filter((l) => l !== '')).toEqual(['sample,e (1),v4 (m/s)', '1,0.5,0.421875', '2,0.6,0.512']);
  });
});
