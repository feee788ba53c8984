/** The line of values under the pointer (plot/hover-readout.ts): names, units and values as a chart's options give them. */
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { alignedLine, alignedReadout, curveReadout, lineText, linePieces, nearestPoint, pointedIndex, quantitySymbol, readoutNames, readoutRows } from '../../web/src/plot/hover-readout';
import { avalanchePlotOptions } from '../../web/src/avalanche/avalanche-plots';

describe('hover read-out', () => {
  it('writes x by its symbol and each series by its legend label with its axis unit', () => {
    const names = readoutNames({
      series: [{ label: 'time t (s)' }, { label: 'measured' }, { label: "Haff's law" }],
      axes: [{ label: 'time t (s)' }, { label: 'E_kin (J)' }],
    });
    const data: uPlot.AlignedData = [[0, 0.352], [1, 1.234e-4], [1, null]];
    // numbers as the page's read-outs write them (formatNumber); no value: "–", without a unit
    expect(alignedReadout(names, data, [true, true, true], 1)).toBe("t = 0.352 s · measured 1.234e-4 J · Haff's law –");
    // a series switched off in the legend is left out; no index, no line
    expect(alignedReadout(names, data, [true, false, true], 0)).toBe("t = 0 s · Haff's law 1 J");
    expect(alignedReadout(names, data, [true, true, true], null)).toBe('');
  });

  it('takes a series its own unit and scale (two y axes), and writes no unit for pure numbers', () => {
    const names = readoutNames(avalanchePlotOptions('runout'));
    expect(names.x).toEqual({ name: 't', unit: 's' });
    expect(names.series.slice(1).map((n) => `${n.name} (${n.unit})`)).toEqual(['runout L (m)', 'L0, settled width (m)', 'front velocity (m/s)']);
    const iterations = readoutNames(avalanchePlotOptions('iterations'));
    expect(iterations.series[1]).toEqual({ name: 'max over the interval', unit: '' });
    expect(iterations.series[3]).toEqual({ name: 'residual, last step', unit: '× mean R' });
    const sweep = readoutNames({ series: [{ label: 'restitution e (1)' }, { label: 'v1' }], axes: [{ label: 'restitution e (1)' }, { label: 'final velocity v (m/s)' }] });
    expect(alignedReadout(sweep, [[0.5], [-0.25]], [true, true], 0)).toBe('e = 0.5 · v1 -0.25 m/s');
  });

  it('finds a symbol in a quantity\'s name', () => {
    expect(quantitySymbol('time since the gate opened t')).toBe('t');
    expect(quantitySymbol('aspect ratio a = H0/L0')).toBe('a');
    expect(quantitySymbol('penetration ρ')).toBe('ρ');
    expect(quantitySymbol('count')).toBe('count');
    expect(quantitySymbol('E_kin')).toBe('E_kin');
  });

  it('a chart of (x, y) loops: the shown loop point nearest on screen, else the pointer', () => {
    const names = readoutNames({ mode: 2, series: [{}, { label: 't = 1.000 s' }, { label: 't = 2.000 s' }], axes: [{ label: 'penetration ρ (m)' }, { label: 'contact force F (N)' }] });
    // a loop: up and back over the same ρ (not monotone), where a nearest-index read-out would mislead
    const data = [null, [[0, 1, 2, 1, 0], [0, 10, 20, 5, 0]], [[0, 1], [50, 50]]] as unknown as uPlot.AlignedData;
    const pos = (x: number, y: number): [number, number] => [x * 100, 200 - y * 4];
    // at ρ = 1 the loop has F = 10 (loading) and 5 (unloading): the pointer near F = 5 gets 5
    expect(nearestPoint(data, [true, true, true], 100, 178, pos)).toEqual({ series: 1, index: 3, distance: 2 });
    // a loop switched off is not read
    expect(nearestPoint(data, [true, false, true], 100, 178, pos)?.series).toBe(2);
    expect(nearestPoint(data, [true, false, false], 100, 178, pos)).toBeNull();
    expect(curveReadout(names, 't = 1.000 s', 1, 5)).toBe('t = 1.000 s: ρ = 1 m · F = 5 N');
    expect(curveReadout(names, null, 0.5, 2.5)).toBe('pointer at ρ = 0.5 m · F = 2.5 N');
  });
  it('short of room: short names and the shared unit once, then legend swatches where they tell the series apart', () => {
    const names = readoutNames({
      series: [{ label: 'time t (s)' }, { label: 'translational kinetic (J)' }, { label: 'soft, Hunt–Crossley (J)' }, { label: 'total (J)' }, { label: 'initial energy (J)' }],
      axes: [{ label: 'time t (s)' }, { label: 'energy (J)' }],
    });
    names.series[1] = { ...names.series[1]!, short: 'translation' };
    names.series[4] = { ...names.series[4]!, short: 'initial' };
    const data: uPlot.AlignedData = [[0.5], [12.5], [1.25], [45.39], [45.39]];
    const all = [true, true, true, true, true];
    const swatches = [null, { stroke: '#0072b2', fill: '#0072b259' }, { stroke: '#d55e00', fill: '' }, { stroke: '#1d2025', fill: '' }, { stroke: '#1d2025', fill: '' }];
    expect(lineText(alignedLine(names, data, all, 0, 'full', swatches))).toBe('t = 0.5 s · translational kinetic 12.5 J · soft, Hunt–Crossley 1.25 J · total 45.39 J · initial energy 45.39 J');
    expect(lineText(alignedLine(names, data, all, 0, 'short', swatches))).toBe('t = 0.5 s · in J: translation 12.5 · soft 1.25 · total 45.39 · initial 45.39');
    // total and initial energy have the same swatch (black): their names stay
    const marks = alignedLine(names, data, all, 0, 'marks', swatches)!;
    expect(linePieces(marks)).toEqual([
      't = 0.5 s', ' · in J: ', swatches[1], '12.5', ' ', swatches[2], '1.25', ' · ', 'total 45.39', ' · ', 'initial 45.39',
    ]);
    // with the total switched off, the initial energy's swatch is its own
    expect(lineText(alignedLine(names, data, [true, true, true, false, true], 0, 'marks', swatches))).toBe('t = 0.5 s · in J: 12.5 1.25 45.39');
    // the last form: the series' values to three significant digits, the x's to four
    const tight = readoutNames({ series: [{ label: 'time t (s)' }, { label: 'a (J)' }, { label: 'b (J)' }], axes: [{ label: 'time t (s)' }, { label: 'energy (J)' }] });
    expect(lineText(alignedLine(tight, [[0.3625], [0.0019944], [-1.23456e-5]], [true, true, true], 0, 'marks3', [null, swatches[1], swatches[2]]))).toBe('t = 0.3625 s · in J: 0.00199 -1.23e-5');
    // units that differ are written with each value; a series without a swatch keeps its name
    const mixed = readoutNames({ series: [{ label: 't (s)' }, { label: 'runout L (m)' }, { label: 'front velocity (m/s)' }], axes: [{ label: 't (s)' }] });
    expect(lineText(alignedLine(mixed, [[1], [2], [3]], [true, true, true], 0, 'marks', [null, { stroke: '#000', fill: '' }]))).toBe('t = 1 s · 2 m · front velocity 3 m/s');
  });
  it('the line\'s rows: one on a chart 480 px wide or wider, two below, three below for eight series or more', () => {
    expect([readoutRows(1024, 9), readoutRows(480, 9), readoutRows(479, 9), readoutRows(313, 8), readoutRows(313, 7), readoutRows(290, 2), readoutRows(0, 9)]).toEqual([1, 1, 3, 3, 2, 2, 1]);
  });
  it('a log x axis: the x nearest the pointer on screen, not by value; a marker within 6 px read', () => {
    // 100 px per decade: 1 at 0 px, 4 at 60.2 px, 10 at 100 px
    const pos = (x: number): number => 100 * Math.log10(x);
    const xs = [1, 4, 10];
    // at 35 px (x = 2.24): nearer 1 by value (uPlot's index 0), nearer 4 on screen (25.2 px against 35)
    expect(pointedIndex(xs, 0, 35, pos)).toBe(1);
    expect(pointedIndex(xs, 0, 25, pos)).toBe(0);
    expect(pointedIndex(xs, 2, 79, pos)).toBe(1);
    expect(pointedIndex(xs, null, 35, pos)).toBeNull();
    // a case (marker) at x = 4 among a line's x values: read from up to 6 px away
    const dense = [3.8, 3.9, 4, 4.1, 4.2];
    const cases = [null, null, 0.9, null, null];
    expect(pointedIndex(dense, 1, pos(3.9), pos, [cases])).toBe(2);
    expect(pointedIndex(dense, 4, pos(4) + 5.9, pos, [cases])).toBe(2);
    expect(pointedIndex(dense, 4, pos(4) + 6.1, pos, [cases])).toBe(4);
    expect(pointedIndex(dense, 1, pos(3.9), pos, [])).toBe(1);
  });
  it('brackets that are not the axis\' unit are words of the name: the axis gives the unit', () => {
    const gaps = readoutNames({ series: [{ label: 'time t (s)' }, { label: 'y1 (1–2)' }, { label: 'y2 (2–3)' }], axes: [{ label: 'time t (s)' }, { label: 'gap y (m)' }] });
    expect(alignedReadout(gaps, [[2.5], [0.5], [0]], [true, true, true], 0)).toBe('t = 2.5 s · y1 (1–2) 0.5 m · y2 (2–3) 0 m');
    const mc = readoutNames({
      series: [{ label: 'final velocity v4 (m/s)' }, { label: 'samples' }, { label: 'exact density (six-collision regime)' }],
      axes: [{ label: 'final velocity v4 (m/s)' }, { label: 'density (1/(m/s))' }],
    });
    expect(mc.series[2]).toEqual({ name: 'exact density (six-collision regime)', unit: '1/(m/s)' });
    // a unit of its own, the axis' or on an axis without one, stays
    const own = readoutNames({ series: [{ label: 't (s)' }, { label: 'L0, settled width (m)' }, { label: 'front velocity (m/s)', scale: 'v' }], axes: [{ label: 't (s)' }, { label: 'runout L (m)' }] });
    expect(own.series.slice(1)).toEqual([{ name: 'L0, settled width', unit: 'm' }, { name: 'front velocity', unit: 'm/s' }]);
  });
});
