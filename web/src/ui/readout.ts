/**
 * The numbers at the current output instant: time, energy, temperature, counts, engine stats; and
 * the wall pressure, averaged over the last PRESSURE_WINDOW output intervals next to the hard-disc
 * equation of state over the same instants. (One interval holds only a handful of wall hits: the
 * cooling preset's 0.02 s often holds none, so the per-interval pressure reads 0 at random.)
 */
import { hardDiscPressure } from '../plot/theory';
import { WindowMean } from '../plot/window-mean';
import type { EngineStats, Observation, Theory } from '../sim/granular-wasm';
import { formatCount, formatNumber } from './dom';
import { ReadoutTable } from './readout-table';

/** output intervals in the pressure's moving average */
export const PRESSURE_WINDOW = 25;

const ROWS = [
  ['time', 'time t', 's'],
  ['energy', 'kinetic energy E_kin', 'J'],
  ['temperature', 'granular temperature T', 'J'],
  ['collisions', 'disc–disc collisions', ''],
  ['wallHits', 'wall hits', ''],
  ['dissipated', 'energy lost in collisions (discs and walls) since t = 0', 'J'],
  // the constants the theory curves use (two rows of two: the pressure rows stay side by side)
  ['nu', 'area fraction ν', ''],
  ['sigma', 'mean disc diameter σ', 'm'],
  ['contact', 'contact value g(σ)', ''],
  ['tau', 'Haff time τ', 's'],
  // side by side in the two-column read-out
  ['pressure', 'wall pressure, mean of the last output intervals', 'N/m'],
  ['eos', 'equation of state n T (1 + (1+r) ν g(σ)), same instants', 'N/m'],
  ['injected', 'energy from the vibrating wall since t = 0', 'J'],
  ['events', 'events processed', ''],
  ['stale', 'stale queue entries', ''],
  ['cells', 'cell crossings', ''],
  ['tc', 'collisions made elastic by TC', ''],
] as const;

/**
 * The span (s) the pressure's mean covers, from the instants that bound its intervals: the instant
 * before the first interval averaged, then the end of each (at most PRESSURE_WINDOW of them). While
 * the window fills (after a few Steps), or when the last interval was cut short by a stop, this is
 * less than PRESSURE_WINDOW output intervals.
 */
export function averagedSpan(instants: readonly number[]): number {
  const first = instants[0];
  const last = instants[instants.length - 1];
  return first === undefined || last === undefined ? 0 : last - first;
}

/** The equation of state the read-out shows beside the wall pressure. */
export interface EquationOfState {
  theory: Theory;
  /** P / (n T): compressibility, or mixtureCompressibility for discs of several sizes */
  z: number;
  /** the discs come in several sizes (the label then names the mixture) */
  mixture: boolean;
  /**
   * r_w, the walls' restitution (–): below 1 they cool the gas next to them, which is then not the
   * uniform gas of the equation of state (the label says so)
   */
  wallRestitution: number;
}

/** the equation of state's label, equal discs or a mixture, over `window` (text) */
export function eosLabel(mixture: boolean, window: string): string {
  return mixture ? `equation of state, mixture of the disc sizes, same ${window}` : `equation of state n T (1 + (1+r) ν g(σ)), same ${window}`;
}

/**
 * What the equation of state's row adds after its unit where the walls are inelastic (r_w < 1; '' at
 * r_w = 1): the law is a uniform gas's, and such walls cool the gas along them. The read-out still
 * compares: against the engine (2000 discs, ν = 0.1, r = 0.9) the wall pressure read 2 % above it at
 * r_w = 0.9, about one run's spread, and 14 % at 0.5 (tests/wasm/gas-theory.test.ts).
 */
export function eosWallCaveat(wallRestitution: number): string {
  return wallRestitution < 1 ? `, for a uniform gas (walls at r_w = ${formatNumber(wallRestitution)} cool it unevenly)` : '';
}

/** The theory's constants as the read-out shows them (texts by row). */
export interface TheoryConstants {
  nu: string;
  sigma: string;
  contact: string;
  tau: string;
}

/**
 * The constants behind the plots' theory curves, so a reader can check them by hand: ν, σ, g(σ) and
 * Haff's τ (the energy plot's E₀/(1+t/τ)²). `haff`: the energy plot draws Haff's curve (else τ reads
 * '–'; the plot says why); elastic discs never cool ('∞'), nor do discs at rest. `mixture`: discs of several kinds, each
 * cooling on its own time; τ is then the mean disc's (the label says so).
 */
export function theoryConstants(theory: Theory, haff: boolean, mixture = false): TheoryConstants {
  return {
    nu: formatNumber(theory.areaFraction),
    sigma: formatNumber(theory.meanDiameter),
    contact: formatNumber(theory.contactValue),
    tau: theory.restitution >= 1
      ? '∞ (elastic discs do not cool)'
      : !Number.isFinite(theory.haffTau)
        // inelastic discs at rest (ω0 = 0): nothing to cool, and "elastic" was the wrong reason
        ? '∞ (the discs are at rest: nothing to cool)'
        : haff ? `${formatNumber(theory.haffTau)}${mixture ? ' (mean disc)' : ''}` : '–',
  };
}

export class Readout extends ReadoutTable<(typeof ROWS)[number][0]> {
  private readonly pressure = new WindowMean(PRESSURE_WINDOW);
  private readonly eos = new WindowMean(PRESSURE_WINDOW);
  private theory: EquationOfState | null = null;
  private lastTime = 0;
  /** s: the instants bounding the averaged intervals (averagedSpan) */
  private instants: number[] = [0];

  constructor(container: HTMLElement) {
    super(container, ROWS);
  }

  /**
   * A new run: the averages restart; the window is named in seconds. `theory` is null where the
   * equation of state does not apply (gravity: the pressure then depends on the wall).
   */
  reset(outputInterval: number, theory: EquationOfState | null, constants: TheoryConstants): void {
    for (const key of ['nu', 'sigma', 'contact', 'tau'] as const) this.set(key, constants[key]);
    this.pressure.clear();
    this.eos.clear();
    this.theory = theory;
    this.lastTime = 0;
    this.instants = [0];
    this.labelWindow(PRESSURE_WINDOW * outputInterval);
    this.set('pressure', '–');
    this.set('eos', theory ? '–' : 'not under gravity');
  }

  /** the pressure rows' labels name the span their mean covers, s */
  private labelWindow(span: number): void {
    const window = formatNumber(span);
    this.relabel('pressure', `wall pressure, mean over the last ${window} s (N/m)`);
    this.relabel('eos', `${eosLabel(this.theory?.mixture ?? false, `${window} s`)} (N/m)${eosWallCaveat(this.theory?.wallRestitution ?? 1)}`);
  }

  /** every output instant, in order (the frame's observations) */
  observe(observations: readonly Observation[]): void {
    let counted = false;
    for (const o of observations) {
      // t = 0 has no interval behind it, nor has a second record of an instant (a collapse where the
      // previous record was taken, whose pressure is the previous interval's): no pressure to average
      if (o.time <= this.lastTime) continue;
      this.lastTime = o.time;
      this.pressure.push(o.wallPressure);
      if (this.theory) this.eos.push(hardDiscPressure(o.temperature, this.theory.theory, this.theory.z));
      this.instants.push(o.time);
      if (this.instants.length > PRESSURE_WINDOW + 1) this.instants.shift();
      counted = true;
    }
    // 'the last 0.5 s' after three Steps of 0.02 s averaged 0.06 s
    if (counted) this.labelWindow(averagedSpan(this.instants));
  }

  update(time: number, observation: Observation | null, stats: EngineStats): void {
    this.set('time', formatNumber(time, 6));
    if (observation) {
      this.set('energy', formatNumber(observation.kineticEnergy));
      this.set('temperature', formatNumber(observation.temperature));
      this.set('collisions', formatCount(observation.collisions));
      this.set('wallHits', formatCount(observation.wallHits));
      if (this.pressure.count > 0) this.set('pressure', formatNumber(this.pressure.mean()));
      if (this.theory && this.eos.count > 0) this.set('eos', formatNumber(this.eos.mean()));
      this.set('dissipated', formatNumber(observation.energyDissipated));
      this.set('injected', formatNumber(observation.energyInjected));
    }
    this.set('events', formatCount(stats.events));
    this.set('stale', formatCount(stats.staleEvents));
    this.set('cells', formatCount(stats.cellCrossings));
    this.set('tc', formatCount(stats.elasticByTC));
  }
}
