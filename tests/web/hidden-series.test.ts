/** PlotView's memory of the series switched off in a legend (plot-view.ts' HiddenSeries): a rebuilt chart starts with them off. */
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { HiddenSeries, LEGEND_FIXED } from '../../web/src/plot/plot-view';

const X: uPlot.Series = { label: 'time t (s)' };
const MEASURED: uPlot.Series = { label: 'measured', stroke: 'blue' };
const HAFF: uPlot.Series = { label: "Haff's law E₀/(1+t/τ)²", stroke: 'red', dash: [8, 5] };

/** each series' `show` as a new chart would get it */
const shows = (series: uPlot.Series[]): Array<boolean | undefined> => series.map((s) => s.show);

describe('HiddenSeries', () => {
  it('gives a series switched off show: false in the next chart, by label; the others as given', () => {
    const memory = new HiddenSeries();
    const series = [X, MEASURED, HAFF];
    expect(shows(memory.apply(series))).toEqual([undefined, undefined, undefined]);
    memory.record(series, [true, true, false], 2); // Haff switched off
    const next = memory.apply([X, MEASURED, HAFF]);
    expect(shows(next)).toEqual([undefined, undefined, false]);
    expect(next[2]).toEqual({ ...HAFF, show: false }); // the rest of its options kept
    expect(HAFF.show).toBeUndefined(); // the caller's options untouched
    // at another place in the legend too (the label decides)
    expect(shows(memory.apply([X, HAFF, MEASURED]))).toEqual([undefined, false, undefined]);
    // switched on again: forgotten
    memory.record(series, [true, true, true], 2);
    expect(shows(memory.apply(series))).toEqual([undefined, undefined, undefined]);
    expect(memory.labels()).toEqual([]);
  });

  it('records only the series switched (index), or every series for index null', () => {
    const memory = new HiddenSeries();
    const series = [X, MEASURED, HAFF];
    // Haff off in the chart, but measured was the one switched: Haff not recorded
    memory.record(series, [true, false, false], 1);
    expect(memory.labels()).toEqual(['measured']);
    memory.record(series, [true, true, false], null);
    expect(memory.labels()).toEqual([HAFF.label]);
  });

  it('forgets a label the rebuilt chart does not have (Haff gone under gravity comes back on)', () => {
    const memory = new HiddenSeries();
    memory.record([X, MEASURED, HAFF], [true, false, false], null);
    expect(shows(memory.apply([X, MEASURED]))).toEqual([undefined, false]);
    expect(memory.labels()).toEqual(['measured']);
    expect(shows(memory.apply([X, MEASURED, HAFF]))).toEqual([undefined, false, undefined]);
  });

  it("leaves alone the x series, fixed entries and series whose page sets show (the hysteresis plot's own memory)", () => {
    const memory = new HiddenSeries();
    const fixed: uPlot.Series = { label: 'no impact yet', class: LEGEND_FIXED };
    const loop: uPlot.Series = { label: 't = 0.250 s', show: true };
    const series = [X, fixed, loop];
    memory.record(series, [false, false, false], null);
    expect(memory.labels()).toEqual([]);
    expect(shows(memory.apply(series))).toEqual([undefined, undefined, true]);
  });
});
