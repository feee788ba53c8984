/**
 * What identifies a chain-lab run in its exports. The four panels run different things (a row of N
 * spheres, a sweep, Newton, Monte Carlo), none of them a named scenario, so their pictures said
 * "Unnamed scenario", their CSVs carried no parameter and their file names were the same whatever
 * N was. Each panel now names its run as the other pages name their scenario, through the same
 * helpers: the picture's reproduce line (a ReproduceContext of the panel's own: "Scenario “Chain
 * lab, time domain: N = 20, e = 0.5” · engine chain (double) · …"), each CSV column of values
 * with the run, the engine and the version in its header, as chartCsv's relabel gives the
 * hysteresis loops their pair ("x1 — N = 20, e = 0.5, engine chain (double), Granular Lab 0.1.0
 * (m)"), and the file names (exportFileName: "chain-time-n20-e0-5-positions.csv";
 * a custom row's carry a short hash of its lists, rowHash: "chain-time-n2-custom-f84d2639-positions.csv").
 * Pure apart from the provider's listeners.
 */
import { runHeaders } from '../plot/chart-export';
import { columnsToCsv, toCsv, type CsvCell } from '../ui/csv';
import { exportFileName, ReproduceContext, reproduce, shortHash, withEngineVersion } from '../ui/reproduce';
import { expandRow, ROW_KEYS, type CustomRow, type RowKey } from './custom-row';
import type { ChainState, Precision } from './state';

/** the headers of a run's CSV (shared with every page's charts: plot/chart-export.ts) */
export { runHeaders };

/** A panel's run as its exports name it. */
export interface RunId {
  /** the picture's scenario: the panel and its inputs ("Chain lab, time domain: N = 20, e = 0.5") */
  scenario: string;
  /** the inputs, in each CSV header of values ("N = 20, e = 0.5"; RunProvenance's `run` adds the engine and version) */
  subject: string;
  /** the file names' stem, before exportFileName makes it lower-case and dashed ("chain time n20 e0.5") */
  stem: string;
  seed: number | null;
  /** the engine's arithmetic: "double" or "double-double" */
  precision: string;
}

/** A CSV download: its file name and text. */
export interface CsvFile {
  filename: string;
  text: string;
}

const arithmetic = (p: Precision): string => (p === 'extended' ? 'double-double' : 'double');
const extendedWords = (p: Precision): string => (p === 'extended' ? ', extended precision' : '');
const extendedStem = (p: Precision): string => (p === 'extended' ? ' extended' : '');

/** each list of a custom row as its symbol and unit say it */
const ROW_SYMBOLS: Record<RowKey, { symbol: string; unit: string }> = {
  diameter: { symbol: 'd', unit: 'm' },
  mass: { symbol: 'm', unit: 'kg' },
  velocity: { symbol: 'v0', unit: 'm/s' },
  gap: { symbol: 'gap', unit: 'm' },
  restitution: { symbol: 'e', unit: '' },
};

/** A custom row in words: "d = 1 m, m = [3, 1] kg, v0 = [1, 0] m/s, gap = 0.5 m, e = 1" (one value: every sphere or pair). */
export function customRowWords(row: CustomRow): string {
  return ROW_KEYS.map((key) => {
    const v = row[key];
    const { symbol, unit } = ROW_SYMBOLS[key];
    return `${symbol} = ${v.length === 1 ? String(v[0]) : `[${v.join(', ')}]`}${unit ? ` ${unit}` : ''}`;
  }).join(', ');
}

/**
 * A custom row's lists as 8 hex digits (shortHash of the row written out in full at N spheres),
 * for its file names: they named N alone ("chain-time-n4-custom-positions.csv"), so two custom rows of
 * the same N overwrote each other in a download folder, while the lists themselves are far too long
 * for a name. The same row gives the same digits however its lists were typed ("1" or "1, 1, 1, 1").
 */
export function rowHash(row: CustomRow, spheres: number): string {
  const full = expandRow(row, spheres);
  // String() writes a double the shortest way that reads back as it: one text per value (−0 as "0")
  return shortHash(`${spheres};${ROW_KEYS.map((key) => full[key].map((v) => String(v)).join(',')).join(';')}`);
}

/** Panel (a): N and e, or N and the custom row's lists (in the file names, their rowHash). */
export function timeRunId(i: ChainState['time']): RunId {
  const inputs = i.custom ? `N = ${i.spheres}, custom row: ${customRowWords(i.custom)}` : `N = ${i.spheres}, e = ${i.e}`;
  return {
    scenario: `Chain lab, time domain: ${inputs}`,
    subject: `${inputs}${extendedWords(i.precision)}`,
    stem: `chain time n${i.spheres} ${i.custom ? `custom ${rowHash(i.custom, i.spheres)}` : `e${i.e}`}${extendedStem(i.precision)}`,
    seed: null,
    precision: arithmetic(i.precision),
  };
}

/** Panel (b): N, the range of e and the resolution. */
export function sweepRunId(i: ChainState['sweep']): RunId {
  const inputs = `N = ${i.spheres}, e from ${i.eMin} to ${i.eMax}, ${i.points} points`;
  return {
    scenario: `Chain lab, sweep over e: ${inputs}`,
    subject: `${inputs}${extendedWords(i.precision)}`,
    stem: `chain sweep n${i.spheres} e${i.eMin}to${i.eMax} ${i.points} points${extendedStem(i.precision)}`,
    seed: null,
    precision: arithmetic(i.precision),
  };
}

/** Panel (c): the target and the bracket (four spheres, double precision). */
export function newtonRunId(i: ChainState['newton']): RunId {
  const inputs = `N = 4, target v4 = ${i.target} m/s, bracket e in [${i.lo}, ${i.hi}]`;
  return {
    scenario: `Chain lab, boundary value v4(e) = target: ${inputs}`,
    subject: inputs,
    stem: `chain newton target${i.target} bracket${i.lo}to${i.hi}`,
    seed: null,
    precision: 'double',
  };
}

/** Monte Carlo: K, μ, σ and the seed (four spheres, double precision); the picture's line gives the seed on its own. */
export function mcRunId(i: ChainState['mc']): RunId {
  const inputs = `N = 4, K = ${i.samples}, μ = ${i.mu}, σ = ${i.sigma}`;
  return {
    scenario: `Chain lab, Monte Carlo: ${inputs}`,
    subject: `${inputs}, seed ${i.seed}`,
    stem: `chain mc k${i.samples} mu${i.mu} sigma${i.sigma} seed${i.seed}`,
    seed: i.seed,
    precision: 'double',
  };
}

/** A run's CSV from rows, named `<stem>-<what>.csv`. */
export function runCsvRows(id: RunId, what: string, header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>, keys = 1): CsvFile {
  return { filename: exportFileName(id.stem, what, 'csv'), text: toCsv(runHeaders(header, id.subject, keys), rows) };
}

/** The same from columns. */
export function runCsvColumns(id: RunId, what: string, header: readonly string[], columns: ReadonlyArray<ArrayLike<CsvCell>>, keys = 1): CsvFile {
  return { filename: exportFileName(id.stem, what, 'csv'), text: columnsToCsv(runHeaders(header, id.subject, keys), columns) };
}

/**
 * A panel's reproduce line: its own run (set with each run shown), the lab's version and the share
 * link from the page's provider. Its pictures carry it (ChainPlot's `context`).
 */
export class RunProvenance {
  readonly context = new ReproduceContext();
  private shown: RunId | null = null;

  constructor(page: ReproduceContext = reproduce) {
    page.subscribe((info) => this.context.set({ version: info.version, link: info.link }));
  }

  /** the run the panel shows now */
  set(id: RunId): void {
    this.shown = id;
    this.context.set({ scenario: id.scenario, seed: id.seed, engine: 'chain', precision: id.precision });
  }

  /**
   * The run shown as its CSVs name it, null before the first: its subject followed by the engine, its
   * arithmetic and the lab's version, as the picture's reproduce line names them (withEngineVersion):
   * "N = 20, e = 0.5, engine chain (double), Granular Lab 0.1.0".
   */
  get run(): RunId | null {
    return this.shown ? { ...this.shown, subject: withEngineVersion(this.shown.subject, this.context.get()) } : null;
  }
}
