/**
 * Every CSV export names the engine and the version that made its numbers, as the picture beside it
 * does: a PNG's reproduce line said "engine event (double) · Granular Lab 0.1.0", the CSV only the
 * scenario and seed, so a file read away from the page could not say which engine or build it came
 * from. Each kind of CSV is built here as its page builds it (its builder, with the run the page
 * names: runSubject of the page's reproduce information, a chain panel's RunProvenance, the study's
 * engine as it started), and each column of values must name the engine and version the picture's
 * line names, with the file's columns and rows as they were.
 */
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { studyCsv, studyRow } from '../../web/src/avalanche/study';
import { DEFAULT_STUDY_MATERIAL } from '../../web/src/avalanche/study-cases';
import { monteCarloSamplesCsv, summarizeSamples } from '../../web/src/chain/results';
import { mcRunId, newtonRunId, runCsvRows, RunProvenance, sweepRunId, timeRunId, type RunId } from '../../web/src/chain/run-export';
import { defaultState } from '../../web/src/chain/state';
import { emptySweep, sweepCollisionsCsv } from '../../web/src/chain/sweep';
import { parseRowTable, tableCsvRows } from '../../web/src/compare/row-table';
import { chartCsv, splitUnit } from '../../web/src/plot/chart-export';
import { LedgerSeries, ledgerCsv } from '../../web/src/soft/ledger-series';
import { toCsv } from '../../web/src/ui/csv';
import { eventLogCsv } from '../../web/src/ui/event-log';
import { EMPTY_REPRODUCE, ReproduceContext, reproduceText, runSubject, type ReproduceInfo } from '../../web/src/ui/reproduce';
import { csvCells } from './csv-cells';

const VERSION = '0.1.0';
const page = (info: Partial<ReproduceInfo>): ReproduceInfo => ({ ...EMPTY_REPRODUCE, version: VERSION, ...info });
const GAS = page({ scenario: 'Cooling granular gas', seed: 7, engine: 'event' });
const SOFT = page({ scenario: 'Two discs head-on (soft contact)', seed: 1, engine: 'soft dopri5' });
const AVALANCHE = page({ scenario: 'Column collapse, H/W = 2 before settling', seed: 1, engine: 'avalanche gauss-seidel', variant: '1f0c3a9e' });
const COMPARE = page({ scenario: 'Four-sphere row, three contact models', engine: 'event-driven + soft Hunt–Crossley dopri5 + NSCD Moreau–Jean h = 0.001 s' });

/** what the picture's reproduce line names as the engine and the version: ["engine event (double)", "Granular Lab 0.1.0"] */
function madeBy(info: ReproduceInfo): string[] {
  const parts = reproduceText(info).split(' · ').filter((p) => p.startsWith('engine ') || p.startsWith('Granular Lab '));
  expect(parts).toHaveLength(2);
  return parts;
}

/** a chain panel's run as its page names it: the lab's version from the page, the panel's engine and arithmetic */
function chainRun(id: RunId): { run: RunId; info: ReproduceInfo } {
  const lab = new ReproduceContext();
  lab.set({ version: VERSION });
  const provenance = new RunProvenance(lab);
  provenance.set(id);
  const run = provenance.run;
  if (!run) throw new Error('no run');
  return { run, info: provenance.context.get() };
}

const LOG = { first: 0, total: 2, time: [0.5, 0.75], i: [3, 7], j: [9, -2] };
const ENERGY: Pick<uPlot.Options, 'series' | 'axes'> = { axes: [{ label: 'time t (s)' }, { label: 'E_kin (J)' }], series: [{ label: 'time t (s)' }, { label: 'measured' }] };
const LOOPS: Pick<uPlot.Options, 'series' | 'axes' | 'mode'> = { mode: 2, axes: [{ label: 'penetration ρ (m)' }, { label: 'contact force F (N)' }], series: [{}, { label: 'disc 0 – disc 1, t = 2.000 s' }] };
const ROW = parseRowTable(JSON.stringify({
  ok: true, message: '', restitution: 0.5, gap: 1, speed: 1, youngModulus: 1e7, timeStep: 0.001,
  exact: { velocities: [0.25, 0.5], collisions: 1, endTime: 2, collapsed: false, message: '', shortestInterval: 1 },
  engines: ['event', 'soft', 'nscd'].map((engine) => ({ engine, velocities: [0.25, 0.5], collisions: 1, maxDifference: 0, doneAt: 2, done: true, message: '' })),
  closedForm: null,
}));
const STUDY_ROW = studyRow(2, { ok: true, grains: 60, L0: 0.06, H0: 0.12, aspect: 2, runout: 0.2, stopTime: 0.4 });
const d = defaultState();
const sweep = emptySweep([0.5], 4);

interface ExportKind {
  /** the CSV's text as the page writes it */
  csv: string;
  /** the same builder with no run named: the columns and rows the file had */
  plain: string;
  /** the run's reproduce information, as its picture's line names it */
  info: ReproduceInfo;
}

const KINDS: Record<string, () => ExportKind> = {
  'a plot (every scenario page)': () => ({ csv: chartCsv(ENERGY, [[0, 1], [2, 1]], undefined, runSubject(GAS)), plain: chartCsv(ENERGY, [[0, 1], [2, 1]]), info: GAS }),
  'a plot of curves (the soft hysteresis loops)': () => {
    const data = [null, [[0, 1e-6], [0, 3]]] as unknown as uPlot.AlignedData;
    return { csv: chartCsv(LOOPS, data, undefined, runSubject(SOFT)), plain: chartCsv(LOOPS, data), info: SOFT };
  },
  'the soft energy ledger': () => ({ csv: ledgerCsv(new LedgerSeries(), runSubject(SOFT)), plain: ledgerCsv(new LedgerSeries()), info: SOFT }),
  'an edited avalanche run\'s plot': () => ({ csv: chartCsv(ENERGY, [[0], [1]], undefined, runSubject(AVALANCHE)), plain: chartCsv(ENERGY, [[0], [1]]), info: AVALANCHE }),
  'the event log': () => ({ csv: eventLogCsv(LOG, runSubject(GAS)), plain: eventLogCsv(LOG), info: GAS }),
  'the comparison\'s row table': () => {
    if (!ROW.ok) throw new Error(ROW.message);
    const named = tableCsvRows(ROW.table, runSubject(COMPARE));
    const plain = tableCsvRows(ROW.table);
    return { csv: toCsv(named.header, named.rows), plain: toCsv(plain.header, plain.rows), info: COMPARE };
  },
  'the chain lab\'s time domain (double-double)': () => {
    const { run, info } = chainRun(timeRunId({ ...d.time, precision: 'extended' }));
    const rows = [[1, 0, 'left wall – 1', 0.5, 0.25]];
    const header = ['collision', 't (s)', 'pair', 'x1 (m)', 'v1 after (m/s)'];
    return { csv: runCsvRows(run, 'collision log', header, rows, 3).text, plain: toCsv(header, rows), info };
  },
  'the chain lab\'s sweep': () => {
    const { run, info } = chainRun(sweepRunId(d.sweep));
    return { csv: sweepCollisionsCsv(sweep, run).text, plain: sweepCollisionsCsv(sweep, { ...run, subject: '' }).text, info };
  },
  'the chain lab\'s Newton iterates': () => {
    const { run, info } = chainRun(newtonRunId(d.newton));
    const header = ['k', 'e (1)', 'residual v4 - target (m/s)', 'step'];
    return { csv: runCsvRows(run, 'iterates', header, [[0, 0.5, 0.1, 'start']]).text, plain: toCsv(header, [[0, 0.5, 0.1, 'start']]), info };
  },
  'the chain lab\'s Monte Carlo samples': () => {
    const { run, info } = chainRun(mcRunId(d.mc));
    const samples = summarizeSamples([0.42, 0.51], [0.5, 0.6]);
    return { csv: monteCarloSamplesCsv(samples, run).text, plain: monteCarloSamplesCsv(samples, { ...run, subject: '' }).text, info };
  },
  'the avalanche study': () => {
    const run = { size: 'quick', material: DEFAULT_STUDY_MATERIAL } as const;
    const info = page({ scenario: 'Column collapse, H/W = 2 before settling', seed: 1, engine: 'avalanche gauss-seidel' });
    return { csv: studyCsv([STUDY_ROW], run, info), plain: studyCsv([STUDY_ROW], run, EMPTY_REPRODUCE), info };
  },
};

describe('every CSV export names the engine and the version its picture names', () => {
  it.each(Object.keys(KINDS))('%s', (kind) => {
    const { csv, plain, info } = KINDS[kind]!();
    const [engine, version] = madeBy(info);
    const [header = '', ...rows] = csv.split('\r\n');
    const [plainHeader = '', ...plainRows] = plain.split('\r\n');
    const names = csvCells(header);
    const before = csvCells(plainHeader);
    // the same columns, each where it was, and the same rows: only the headers of values say more
    expect(names).toHaveLength(before.length);
    expect(rows).toEqual(plainRows);
    const named = names.filter((h, k) => h !== before[k]);
    expect(named.length, header).toBeGreaterThan(0);
    for (const [k, h] of names.entries()) {
      if (h === before[k]) continue;
      // "<quantity> — …, engine event (double), Granular Lab 0.1.0 (<unit>)": the unit still last
      expect(h).toContain(`${engine}, ${version} (`);
      expect(splitUnit(h)?.unit).toBe(splitUnit(before[k] ?? '')?.unit);
    }
  });

  it('each chain panel names its own arithmetic: double-double for an extended run, double otherwise', () => {
    expect(chainRun(timeRunId({ ...d.time, precision: 'extended' })).run.subject).toBe(`N = 4, e = 0.5, extended precision, engine chain (double-double), Granular Lab ${VERSION}`);
    expect(chainRun(mcRunId(d.mc)).run.subject).toBe(`N = 4, K = 1000, μ = 0.5, σ = 0.05, seed 1, engine chain (double), Granular Lab ${VERSION}`);
  });
});
