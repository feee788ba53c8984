/**
 * The energy ledger over time (pure): one row per output instant, and the series for the plot: the
 * components stacked above zero (each on top of the ones below), and the gravitational energy where
 * it is negative, on its own below zero (stacked(), below()).
 */
import { EvenThinning, everyOther } from '../plot/thin';
import { runHeaders } from '../plot/chart-export';
import { columnsToCsv } from '../ui/csv';
import type { SoftLedger } from '../sim/granular-wasm';

/** The stacked components, bottom to top: key, legend label, colour (Okabe–Ito, colour-blind safe; grey for its yellow, too pale on white). */
/** key, label, colour, and the label's short form for a small embedded chart (ledger-plot.ts) */
export const LEDGER_PARTS = [
  ['translational', 'translational kinetic', '#0072b2', 'translation'],
  ['rotational', 'rotational kinetic', '#56b4e9', 'rotation'],
  ['observer', 'observer kinetic', '#009e73', 'observer'],
  ['elastic', 'elastic (Hertz)', '#8c8c8c', 'elastic'],
  ['potential', 'gravitational potential', '#cc79a7', 'gravity'],
  ['damping', 'dissipated by damping', '#d55e00', 'damping loss'],
  ['friction', 'dissipated by friction', '#e69f00', 'friction loss'],
] as const;

export type LedgerPart = (typeof LEDGER_PARTS)[number][0];

export const MAX_LEDGER_POINTS = 20_000;

export class LedgerSeries {
  time: number[] = [];
  readonly parts: Record<LedgerPart, number[]> = emptyParts();
  total: number[] = [];
  initial = 0;
  /** J: the largest of |initial| and every component's magnitude so far (the closure's scale) */
  scale = 0;
  version = 0;
  private readonly thinning: EvenThinning;

  /** one output kept in `every` (EvenThinning): 1 until the run passes `atMost` points */
  kept(): { every: number; atMost: number } {
    return this.thinning.kept();
  }

  constructor(maxPoints = MAX_LEDGER_POINTS) {
    this.thinning = new EvenThinning(maxPoints);
  }

  clear(): void {
    this.thinning.reset();
    this.time = [];
    for (const [key] of LEDGER_PARTS) this.parts[key] = [];
    this.total = [];
    this.initial = 0;
    this.scale = 0;
    this.version += 1;
  }

  get length(): number {
    return this.time.length;
  }

  push(rows: readonly SoftLedger[]): void {
    for (const row of rows) {
      const last = this.time[this.time.length - 1];
      if (last !== undefined && row.time <= last) continue;
      if (this.thinning.offer() === 'replace') {
        this.time.pop();
        for (const [key] of LEDGER_PARTS) this.parts[key].pop();
        this.total.pop();
      }
      this.time.push(row.time);
      for (const [key] of LEDGER_PARTS) this.parts[key].push(row[key]);
      this.total.push(row.total);
      this.initial = row.initial;
      this.scale = Math.max(this.scale, Math.abs(row.initial), ...LEDGER_PARTS.map(([key]) => Math.abs(row[key])));
    }
    if (this.thinning.over(this.time.length)) this.thin();
    this.version += 1;
  }

  /**
   * |total − initial| / E at the latest instant, E the largest of |initial| and every component's
   * magnitude so far: the initial energy itself when nothing outgrows it (no gravity), and still a
   * measure when that is zero (a disc dropped from rest: the potential energy counts from the start).
   * NaN before any row, or when nothing has any energy.
   */
  closure(): number {
    const total = this.total[this.total.length - 1];
    if (total === undefined || !(this.scale > 0)) return NaN;
    return Math.abs(total - this.initial) / this.scale;
  }

  /**
   * Cumulative sums, bottom to top: stacked[k][t] = sum of parts 0..k at instant t, the
   * gravitational energy counted only where it is positive. Every other part is never negative
   * (kinetic, elastic, dissipated), so the bands never cross; the top is the total where the
   * gravitational energy is not negative. (Counted from the start, it is negative while the discs
   * are below where they started: stacked as it was, it pulled the sums below zero and the
   * dissipated energies' bands over the kinetic ones.)
   */
  stacked(): number[][] {
    const out: number[][] = [];
    let below: number[] | null = null;
    for (const [key] of LEDGER_PARTS) {
      const part = key === 'potential' ? this.parts[key].map((v) => Math.max(0, v)) : this.parts[key];
      const acc: number[] = below === null ? part.slice() : part.map((v, t) => v + (below as number[])[t]!);
      out.push(acc);
      below = acc;
    }
    return out;
  }

  /**
   * The gravitational energy where it is negative (else 0), drawn as its own band from zero down:
   * the total is the top of the stack plus this.
   */
  below(): number[] {
    return this.parts.potential.map((v) => Math.min(0, v));
  }

  private thin(): void {
    this.thinning.halved();
    this.time = everyOther(this.time);
    for (const [key] of LEDGER_PARTS) this.parts[key] = everyOther(this.parts[key]);
    this.total = everyOther(this.total);
  }
}

/**
 * The ledger as CSV: time, then every component as it is (not stacked: the plot draws each on top
 * of the ones below it, and its own data are those cumulative sums), the total and the initial
 * energy, each header with its quantity and unit, and with `run` (the page's run, runSubject) in those
 * of values, as every chart's CSV has it.
 */
export function ledgerCsv(ledger: LedgerSeries, run = ''): string {
  const header = [
    'time t (s)',
    ...LEDGER_PARTS.map(([, label]) => `energy — ${label} (J)`),
    'energy — total (J)',
    'energy — initial energy (J)',
  ];
  const columns = [
    ledger.time,
    ...LEDGER_PARTS.map(([key]) => ledger.parts[key]),
    ledger.total,
    ledger.time.map(() => ledger.initial),
  ];
  return columnsToCsv(runHeaders(header, run), columns);
}

function emptyParts(): Record<LedgerPart, number[]> {
  return {
    translational: [], rotational: [], observer: [], elastic: [], potential: [], damping: [], friction: [],
  };
}
