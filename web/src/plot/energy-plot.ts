/** Kinetic energy (J) vs time (s), with Haff's law for a freely cooling gas; optional log y. */
import uPlot from 'uplot';
import { PlotView, type PlotNote, COLORS, axisValues, fitTitle, logAxisValues, logScale, legendValue } from './plot-view';
import { runTimeScale, type SeriesStore } from './series';
import type { HaffObstacle } from './theory';
import { formatNumber } from '../ui/dom';

/** Haff's cooling drawn over the measured energy (theory.ts' coolingEnergy). */
export interface HaffReference {
  /** E_kin at time t (s), J */
  energy: (t: number) => number;
  /** discs of several kinds, each cooling at its own temperature (the legend then says so) */
  mixture: boolean;
}

/** the legend of Haff's curve, equal discs or a mixture */
export function haffLabel(mixture: boolean): string {
  return mixture ? "Haff's cooling, each kind of disc at its own T" : "Haff's law E₀/(1+t/τ)²";
}

/**
 * The line under the energy plot where Haff's curve is not drawn: why, naming the field that keeps it
 * off (text), and what Haff's law needs (tooltip). (Switching gravity on took the curve's legend entry
 * away with no word on the page.)
 */
export function noHaffNote(o: HaffObstacle): { text: string; tooltip: string } {
  switch (o.cause) {
    case 'gravity':
      return {
        text: `No Haff curve: gravity g = ${formatNumber(o.g)} m/s² acts on the gas`,
        tooltip: "Haff's law is for a free, uniform gas cooled by its own collisions; gravity settles it and trades potential energy for kinetic",
      };
    case 'vibration':
      return {
        text: 'No Haff curve: the vibrating wall feeds energy in',
        tooltip: "Haff's law is for a gas cooled by its own collisions with nothing feeding it",
      };
    case 'walls':
      return {
        text: `No Haff curve: the walls are inelastic (wall restitution ${formatNumber(o.wallRestitution)})`,
        tooltip: "Haff's law counts the collisions between discs alone; inelastic walls cool the gas too (wall restitution 1 brings the curve back)",
      };
    case 'elastic':
      return {
        text: 'No Haff curve: elastic discs (restitution r = 1) do not cool',
        tooltip: "Haff's law is for inelastic discs (r < 1); at r = 1 the energy stays at its starting value",
      };
    case 'still':
      return {
        text: 'No Haff curve: the discs start at rest (T₀ = 0)',
        tooltip: "Haff's law needs collisions to cool the gas; discs at rest never collide",
      };
  }
}

/** the title's short form, for a narrow chart (fitTitle) */
const SHORT_TITLE = 'Kinetic energy E_kin (J) vs t (s)';

export class EnergyPlot {
  private readonly view: PlotView;
  private haff: HaffReference | null = null;
  /** why Haff's curve is not drawn (noHaffNote), right under the chart and its legend */
  private readonly note: PlotNote;
  private log = false;
  private series: SeriesStore | null = null;
  /** s, the run's output interval (the time axis of a lone instant spans one) */
  private interval = 1;

  constructor(container: HTMLElement) {
    this.view = new PlotView(container, undefined, { name: 'energy' });
    // the PNG carries the note too: a saved figure with no Haff curve says why
    this.note = this.view.note({ id: 'energy-no-haff' });
    this.rebuild();
  }

  /** Haff's curve to draw, or null and what keeps it off (theory.ts' haffObstacle: gravity, a vibrating wall, …), said under the chart. */
  setHaff(haff: HaffReference | null, obstacle: HaffObstacle | null = null): void {
    this.haff = haff;
    const note = !haff && obstacle ? noHaffNote(obstacle) : null;
    this.note.set(note?.text ?? null, note?.tooltip ?? '');
    this.rebuild();
  }

  setLog(log: boolean): void {
    this.log = log;
    this.rebuild();
  }

  private rebuild(): void {
    const series: uPlot.Series[] = [
      { label: 'time t (s)', value: legendValue },
      {
        label: 'measured', stroke: COLORS.blue, width: 2, points: { show: false },
        value: legendValue,
      },
    ];
    if (this.haff) {
      series.push({
        label: haffLabel(this.haff.mixture), stroke: COLORS.vermillion, width: 2, dash: [8, 5],
        points: { show: false }, value: legendValue,
      });
    }
    this.view.build(
      {
        title: 'Kinetic energy E_kin (J) vs time t (s)',
        scales: { x: runTimeScale(() => this.interval), y: this.log ? logScale() : { range: (_u, _min, max) => [0, max > 0 ? max * 1.05 : 1] } },
        axes: [
          { label: 'time t (s)', values: axisValues },
          { label: 'E_kin (J)', values: this.log ? logAxisValues : axisValues, size: 60 },
        ],
        series,
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
        // 'Kinetic energy E_kin (J) vs t (s)' where the full title would take two rows (a 480 x 360 frame)
        hooks: { init: [fitTitle(SHORT_TITLE)], setSize: [fitTitle(SHORT_TITLE)] },
      },
      this.data(),
    );
  }

  private data(): uPlot.AlignedData {
    const s = this.series;
    const time = s ? s.time : [];
    const out: uPlot.AlignedData = [time, s ? s.energy : []];
    if (this.haff) {
      const { energy } = this.haff;
      return [...out, time.map((t) => energy(t))];
    }
    return out;
  }

  /** the run's output interval, s (a new load) */
  setOutputInterval(interval: number): void {
    this.interval = interval;
  }

  update(series: SeriesStore): void {
    this.series = series;
    this.view.showKept(series.kept());
    this.view.setData(this.data());
  }

  points(): number {
    return this.view.points();
  }
}
