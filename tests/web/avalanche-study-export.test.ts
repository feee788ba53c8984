/**
 * The avalanche study's CSV: the audit found a file that said μ, e, the solver and the seed but not
 * the size the study ran at (tiny / quick / full: the least column W × H in grains) nor the radii,
 * time step and tolerance, always named "avalanche-study.csv", so a tiny study's file and a full
 * one's, or two materials', could not be told apart or run again. Every row now carries the size and
 * the fixed parameters (the run's conditions as columns, as the comparison's row table does), and
 * the file name the size and a short hash of all of them.
 */
import { describe, expect, it } from 'vitest';
import { studyCsv, STUDY_FIXED, STUDY_HEADER, studyFileName, StudyProvenance, studyRow, type StudyRun } from '../../web/src/avalanche/study';
import { DEFAULT_STUDY_MATERIAL } from '../../web/src/avalanche/study-cases';
import { rowHash } from '../../web/src/chain/run-export';
import { EMPTY_REPRODUCE, ReproduceContext, reproduceText, shortHash, type ReproduceInfo } from '../../web/src/ui/reproduce';
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
        'floor disc radius (m)': '0.004', 'floor gap (m)': '0',
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
      studyFileName({ ...quick, material: { ...DEFAULT_STUDY_MATERIAL, floorRadius: 0.01 } }, 'csv'),
      studyFileName({ ...quick, material: { ...DEFAULT_STUDY_MATERIAL, floorGap: 0.003 } }, 'csv'),
    ]);
    expect(names.size).toBe(8);
    expect(studyFileName({ ...quick, size: 'tiny' }, 'csv')).toMatch(/^avalanche-study-tiny-[0-9a-f]{8}\.csv$/);
  });

  it('one short hash for the project: the chain lab\'s rowHash is shortHash of the row written out', () => {
    expect(shortHash('')).toBe('811c9dc5');
    expect(shortHash('a')).toBe('e40c292c');
    expect(rowHash({ diameter: [1], mass: [3, 1], velocity: [1, 0], gap: [0.5], restitution: [1] }, 2)).toBe('f84d2639');
  });
});

// The study's picture took the page's reproduce line as it stood at the download, its CSV the engine
// as the study started: with another scenario loaded in between, one study's two files named two runs.
describe('the study\'s picture and CSV name the run the study ran, whatever the page loads since', () => {
  const column: ReproduceInfo = {
    ...EMPTY_REPRODUCE, scenario: 'Column collapse, H/W = 2 before settling', seed: 1, engine: 'avalanche gauss-seidel', version: '0.1.0', link: 'https://example.org/avalanche.html#s=A',
  };
  const jacobi: ReproduceInfo = {
    ...column, scenario: 'Column collapse, H/W = 2 before settling (edited)', seed: 3, engine: 'avalanche jacobi', variant: '1c7eda06', link: 'https://example.org/avalanche.html#s=B',
  };
  /** the part of a CSV's result headers naming the run: "H0 — <this> (m)" */
  const csvRun = (text: string): string => /^H0 — (.*) \(m\)$/.exec(csvCells(text.split('\r\n')[0] ?? '').find((h) => h.startsWith('H0 — ')) ?? '')?.[1] ?? '';

  it('follows the page until a study starts, then keeps the page\'s run as it started', () => {
    const page = new ReproduceContext();
    page.set(column);
    const provenance = new StudyProvenance(page);
    page.set({ link: 'https://example.org/avalanche.html#s=C' });
    expect(provenance.context.get().link).toBe('https://example.org/avalanche.html#s=C');
    provenance.start();
    const started = reproduceText(provenance.context.get());
    expect(started).toBe('Scenario “Column collapse, H/W = 2 before settling” · seed 1 · engine avalanche gauss-seidel (double) · Granular Lab 0.1.0');
    // another scenario loaded while the study runs, or before its files are saved
    page.set(jacobi);
    expect(reproduceText(provenance.context.get())).toBe(started);
    expect(csvRun(studyCsv([row], quick, provenance.made))).toBe('engine avalanche gauss-seidel (double), Granular Lab 0.1.0');
    // the picture's line and the CSV's headers name the same engine and version
    expect(started).toContain(csvRun(studyCsv([row], quick, provenance.made)).split(', ').join(' · '));
    // the next study takes the page's run as it is then
    provenance.start();
    expect(reproduceText(provenance.context.get())).toContain('engine avalanche jacobi (double)');
    expect(csvRun(studyCsv([row], quick, provenance.made))).toBe('engine avalanche jacobi (double), Granular Lab 0.1.0');
  });

  it('a study started before the page named its engine takes the run the page names first, and keeps it', () => {
    // a click on Run while the page loads: the CSV's headers lacked the engine and version for good
    const page = new ReproduceContext();
    const provenance = new StudyProvenance(page);
    provenance.start();
    expect(provenance.made.engine).toBe('');
    page.set(column);
    expect(csvRun(studyCsv([row], quick, provenance.made))).toBe('engine avalanche gauss-seidel (double), Granular Lab 0.1.0');
    page.set(jacobi);
    expect(csvRun(studyCsv([row], quick, provenance.made))).toBe('engine avalanche gauss-seidel (double), Granular Lab 0.1.0');
  });
});
