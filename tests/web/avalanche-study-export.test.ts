/**
 * The avalanche study's CSV: the audit found a file that said μ, e, the solver and the seed but not
 * the size the study ran at (tiny / quick / full: the least column W × H in grains) nor the radii,
 * time step and tolerance, always named "avalanche-study.csv", so a tiny study's file and a full
 * one's, or two materials', could not be told apart or run again. Every row now carries the size and
 * the fixed parameters (the run's conditions as columns, as the comparison's row table does), and
 * the file name the size and a short hash of all of them.
 */
import { describe, expect, it } from 'vitest';
import { studyCsv, STUDY_FIXED, STUDY_HEADER, studyFileName, studyRow, type StudyRun } from '../../web/src/avalanche/study';
import { DEFAULT_STUDY_MATERIAL } from '../../web/src/avalanche/study-cases';
import { rowHash } from '../../web/src/chain/run-export';
import { shortHash } from '../../web/src/ui/reproduce';
import { csvCells } from './csv-cells';

const row = studyRow(2, { ok: true, grains: 60, L0: 0.06, H0: 0.12, aspect: 2, runout: 0.2, stopTime: 0.4 });
const quick: StudyRun = { size: 'quick', material: DEFAULT_STUDY_MATERIAL };
/** the engine and version that ran the cases (the page's reproduce information as the study started) */
const made = { engine: 'avalanche gauss-seidel', precision: 'double', version: '0.1.0' };

/** the CSV as header → cell, row by row */
function records(text: string): Array<Record<string, string>> {
  const [header, ...rows] = text.split('\r\n').filter((l) => l !== '');
  const names = csvCells(header ?? '');
  return rows.map((r) => Object.fromEntries(csvCells(r).map((cell, k) => [names[k] ?? '', cell])));
}

describe('the study CSV names what it takes to run the study again', () => {
  it('every row carries the size (its least W × H in grains), the material and the study\'s radii, time step and tolerance', () => {
    const tiny = records(studyCsv([row, row], { size: 'tiny', material: { ...DEFAULT_STUDY_MATERIAL, mu: 0.3, seed: 4 } }, made));
    expect(tiny).toHaveLength(2);
    for (const r of tiny) {
      expect(r).toMatchObject({
        size: 'tiny', 'min width W (grains)': '3', 'min height H (grains)': '6',
        'R_min (m)': '0.004', 'R_max (m)': '0.006', 'time step (s)': '0.00005', 'tolerance (× mean R)': '0.0001',
        'mu (1)': '0.3', 'mu_r (1)': '0', 'e (1)': '0', solver: 'gauss-seidel', seed: '4',
      });
    }
    expect(records(studyCsv([row], { size: 'full', material: DEFAULT_STUDY_MATERIAL }, made))[0]).toMatchObject({ size: 'full', 'min width W (grains)': '10', 'min height H (grains)': '30' });
    // the command line's own (core/src/engines/nscd/study.hpp, StudyParams)
    expect(STUDY_FIXED).toEqual({ radiusMin: 0.004, radiusMax: 0.006, timeStep: 5e-5, tolerance: 1e-4 });
    // the results keep their columns: the conditions come after them
    expect(STUDY_HEADER.slice(0, 10)).toEqual(['a nominal H/W (1)', 'grains (1)', 'H0 (m)', 'L0 (m)', 'a = H0/L0 (1)', 'L_inf (m)', '(L_inf - L0)/L0 (1)', 'collapse time (s)', 'stopped', 'error']);
  });

  it('the file name carries the size and a short hash of the conditions: other sizes or materials, other names', () => {
    const name = studyFileName(quick, 'csv');
    expect(name).toMatch(/^avalanche-study-quick-[0-9a-f]{8}\.csv$/);
    expect(studyFileName(quick, 'csv')).toBe(name);
    const names = new Set([
      name,
      studyFileName({ ...quick, size: 'tiny' }, 'csv'),
      studyFileName({ ...quick, size: 'full' }, 'csv'),
      studyFileName({ ...quick, material: { ...DEFAULT_STUDY_MATERIAL, mu: 0.8 } }, 'csv'),
      studyFileName({ ...quick, material: { ...DEFAULT_STUDY_MATERIAL, solver: 'jacobi' } }, 'csv'),
      studyFileName({ ...quick, material: { ...DEFAULT_STUDY_MATERIAL, seed: 2 } }, 'csv'),
    ]);
    expect(names.size).toBe(6);
    expect(studyFileName({ ...quick, size: 'tiny' }, 'csv')).toMatch(/^avalanche-study-tiny-[0-9a-f]{8}\.csv$/);
  });

  it('one short hash for the project: the chain lab\'s rowHash is shortHash of the row written out', () => {
    expect(shortHash('')).toBe('811c9dc5');
    expect(shortHash('a')).toBe('e40c292c');
    expect(rowHash({ diameter: [1], mass: [3, 1], velocity: [1, 0], gap: [0.5], restitution: [1] }, 2)).toBe('f84d2639');
  });
});
