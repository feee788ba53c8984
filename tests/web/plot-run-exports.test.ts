/**
 * Every page's plot CSVs name their run (the audit: a PNG's foot names scenario, seed, engine,
 * version and link, the CSV nothing; and every edited scenario's file was "…-edited-runout.csv", so
 * μ = 0.3 and then μ = 0.8 overwrote each other). As the chain lab's CSVs do it: each column of values
 * names the run in its header ("<quantity> — <run> (<unit>)"), the first line still the headers;
 * the file names carry a hash of the scenario's JSON when it is not a preset exactly.
 */
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { runHeaders as chainRunHeaders } from '../../web/src/chain/run-export';
import { chartCsv, runHeaders } from '../../web/src/plot/chart-export';
import { LedgerSeries, ledgerCsv } from '../../web/src/soft/ledger-series';
import { EMPTY_REPRODUCE, exportFileName, runStem, runSubject, shortHash, type ReproduceInfo } from '../../web/src/ui/reproduce';

const preset: ReproduceInfo = { ...EMPTY_REPRODUCE, scenario: 'Column collapse (a = 2)', seed: 1, engine: 'avalanche gauss-seidel', version: '0.1.0' };
// two runs of the form's edits: the same name, other μ
const mu03 = JSON.stringify({ name: 'Column collapse (a = 2) (edited)', friction: { mu: 0.3 } });
const mu08 = JSON.stringify({ name: 'Column collapse (a = 2) (edited)', friction: { mu: 0.8 } });
const edited = (json: string): ReproduceInfo => ({ ...preset, scenario: 'Column collapse (a = 2) (edited)', variant: shortHash(json) });
/** the engine and version the preset's picture names, as its CSV's headers name them after the run */
const MADE = 'engine avalanche gauss-seidel (double), Granular Lab 0.1.0';

describe('the run a plot\'s exports name', () => {
  it('a preset: its name, as before; an edited scenario: its name and the hash of its JSON, one per edit', () => {
    expect(exportFileName(runStem(preset), 'runout', 'csv')).toBe('column-collapse-a-2-runout.csv');
    const first = exportFileName(runStem(edited(mu03)), 'runout', 'csv');
    const second = exportFileName(runStem(edited(mu08)), 'runout', 'csv');
    expect(first).toBe(`column-collapse-a-2-edited-${shortHash(mu03)}-runout.csv`);
    expect(second).toMatch(/^column-collapse-a-2-edited-[0-9a-f]{8}-runout\.csv$/);
    expect(second).not.toBe(first);
    expect(exportFileName(runStem(edited(mu03)), 'runout', 'png')).toBe(first.replace(/csv$/, 'png'));
  });

  it('in a CSV header: scenario, the hash of one that is not a preset, the seed, the engine and the version', () => {
    expect(runSubject(preset)).toBe(`Column collapse (a = 2), seed 1, ${MADE}`);
    expect(runSubject(edited(mu03))).toBe(`Column collapse (a = 2) (edited) #${shortHash(mu03)}, seed 1, ${MADE}`);
    expect(runSubject({ ...preset, seed: null })).toBe(`Column collapse (a = 2), ${MADE}`);
    // as the picture's line names them: no precision, no "( )"; no version yet, none named
    expect(runSubject({ ...preset, precision: '', version: '' })).toBe('Column collapse (a = 2), seed 1, engine avalanche gauss-seidel');
    expect(runSubject({ ...EMPTY_REPRODUCE, variant: 'abcdef01' })).toBe('Unnamed scenario #abcdef01');
    expect(runSubject(EMPTY_REPRODUCE)).toBe('');
  });
});

describe('a chart\'s CSV names its run in every column of values, as the chain lab\'s do', () => {
  const options: Pick<uPlot.Options, 'series' | 'axes'> = {
    axes: [{ label: 't (s)' }, { label: 'L (m)' }],
    series: [{ label: 't (s)' }, { label: 'runout L (m)' }, { label: 'L0, settled width (m)' }, { label: 'measured' }],
  };
  const data = [[0, 0.01], [0.1, 0.12], [0.1, 0.1], [1, 2]] as unknown as uPlot.AlignedData;

  it('the first line stays the headers, x as it is, each value column "<quantity> — <run> (<unit>)"; the rows unchanged', () => {
    const run = runSubject(preset);
    const lines = chartCsv(options, data, undefined, run).split('\r\n');
    expect(lines[0]).toBe(`t (s),"runout L — Column collapse (a = 2), seed 1, ${MADE} (m)","L0, settled width — Column collapse (a = 2), seed 1, ${MADE} (m)","L — measured — Column collapse (a = 2), seed 1, ${MADE} (m)"`);
    expect(lines.slice(1)).toEqual(chartCsv(options, data).split('\r\n').slice(1));
    // nothing to name: as before
    expect(chartCsv(options, data, undefined, '')).toBe(chartCsv(options, data));
  });

  it('a chart of curves (the hysteresis loops): every column is a curve\'s, each names the run', () => {
    const loops: Pick<uPlot.Options, 'series' | 'axes' | 'mode'> = { mode: 2, axes: [{ label: 'ρ (m)' }, { label: 'F (N)' }], series: [{}, { label: 't = 1 s' }] };
    expect(chartCsv(loops, [null, [[0], [0]]] as unknown as uPlot.AlignedData, undefined, 'Head-on, seed 1').split('\r\n')[0])
      .toBe('"ρ — t = 1 s — Head-on, seed 1 (m)","F — t = 1 s — Head-on, seed 1 (N)"');
  });

  it('the soft page\'s energy ledger, whose CSV is not its chart\'s data, names it the same way', () => {
    const header = ledgerCsv(new LedgerSeries(), 'Soft box, seed 3').split('\r\n')[0] ?? '';
    expect(header.startsWith('time t (s),"energy — translational kinetic — Soft box, seed 3 (J)",')).toBe(true);
    expect(header.endsWith(',"energy — initial energy — Soft box, seed 3 (J)"')).toBe(true);
  });

  it('one rule for every page: the chain lab\'s runHeaders is this one', () => {
    expect(chainRunHeaders).toBe(runHeaders);
  });
});
