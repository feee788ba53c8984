/**
 * The avalanche's samples on the page (pure): columns that grow as frames bring new samples,
 * cleared on every load. Quantities as the engine reports them (AvalancheSamples).
 */
import type { AvalancheSamples } from '../sim/granular-wasm';

export const SAMPLE_COLUMNS = [
  'time', 'runout', 'frontVelocity', 'kineticEnergy', 'iterations', 'meanIterations', 'residual', 'contacts',
] as const;
export type SampleColumn = (typeof SAMPLE_COLUMNS)[number];

export class SampleSeries {
  private readonly columns = new Map<SampleColumn, number[]>(SAMPLE_COLUMNS.map((c) => [c, []]));

  get length(): number {
    return this.column('time').length;
  }

  column(name: SampleColumn): number[] {
    return this.columns.get(name)!;
  }

  clear(): void {
    for (const c of this.columns.values()) c.length = 0;
  }

  push(samples: AvalancheSamples): void {
    const n = samples.time.length;
    for (const name of SAMPLE_COLUMNS) {
      const from = samples[name];
      const to = this.column(name);
      for (let k = 0; k < n; k++) to.push(from[k] ?? NaN);
    }
  }

  /** the column with values <= 0 as null (for a logarithmic axis) */
  positive(name: SampleColumn): Array<number | null> {
    return this.column(name).map((v) => (v > 0 && Number.isFinite(v) ? v : null));
  }
}
