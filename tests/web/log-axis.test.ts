/** Plot axes (plot/plot-view.ts logAxisValues and the avalanche plots' time axis): many decades are thinned to round ones, a short range keeps every label; an empty time axis still has a span. */
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { EMPTY_TIME_SPAN } from '../../web/src/avalanche/avalanche-plots';
import { runTimeRange } from '../../web/src/plot/series';
import { scaleTick } from '../../web/src/render/legend';
import { axisTitleRoom, axisValues, decadeRange, fitAxisTitle, labelTickSpace, logAxisValues, logLabelFilter, logSplits, powerOfTen, showLonePoints, TICK_LABEL_GAP, tickLabels, tickSpace, tickStep, tickValues, withTickRoom, wrapWords } from '../../web/src/plot/plot-view';

/** the two things logAxisValues reads of a chart: the axis' side and the plotting area (CSS px at ratio 1) */
function chart(width: number, height: number): uPlot {
  return { axes: [{ side: 2 }, { side: 3 }], bbox: { left: 0, top: 0, width, height } } as unknown as uPlot;
}

const decades = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, k) => 10 ** (from + k));

describe('logAxisValues', () => {
  it('labels every decade when they fit (the kinetic energy from 1e-4 to 1 J), all in one style', () => {
    const splits = decades(-4, 0);
    // 1e-4 is below 0.001: every label a power of ten, not "1.0e-4" beside "0.001" (nor "1e-4 … 1e0",
    // which the avalanche's energy axis read)
    expect(logAxisValues(chart(600, 150), splits, 1)).toEqual(['10⁻⁴', '10⁻³', '10⁻²', '10⁻¹', '10⁰']);
    expect(logAxisValues(chart(600, 150), decades(-3, 0), 1)).toEqual(['0.001', '0.01', '0.1', '1']);
  });

  it('never writes "10000" beside "1.0e5" (the chain sweep\'s collision count)', () => {
    expect(logAxisValues(chart(600, 300), decades(0, 4), 1)).toEqual(['1', '10', '100', '1000', '10000']);
    expect(logAxisValues(chart(600, 300), decades(0, 5), 1)).toEqual(['1', '10', '100', '1000', '10000', '100000']);
    expect(logAxisValues(chart(600, 300), decades(0, 6), 1)).toEqual(['10⁰', '10¹', '10²', '10³', '10⁴', '10⁵', '10⁶']);
    // inside decades, too
    expect(logAxisValues(chart(600, 300), [2000, 5000, 10000, 20000, 50000, 100000, 200000], 1)).toEqual(['2·10³', '5·10³', '10⁴', '2·10⁴', '5·10⁴', '10⁵', '2·10⁵']);
    expect(logAxisValues(chart(600, 300), [2e-5, 3e-5, 5e-5, 1e-4, 2e-4], 1)).toEqual(['2·10⁻⁵', '3·10⁻⁵', '5·10⁻⁵', '10⁻⁴', '2·10⁻⁴']);
  });

  it('thins 13 decades on a short vertical axis to round exponents, no more than fit', () => {
    const splits = decades(-16, -4);  // the NSCD residual, 1e-16 to 1e-4
    const labels = logAxisValues(chart(600, 150), splits, 1);
    const shown = splits.filter((_, k) => labels[k] !== '');
    // 150 px hold 6 labels of 22 px: every 3rd decade, at exponents divisible by 3
    expect(shown.map((v) => Math.round(Math.log10(v)))).toEqual([-15, -12, -9, -6]);
    expect(shown.map((v) => labels[splits.indexOf(v)])).toEqual(['10⁻¹⁵', '10⁻¹²', '10⁻⁹', '10⁻⁶']);
    // a taller axis (300 px: 13 labels) labels them all again
    expect(logAxisValues(chart(600, 300), splits, 1)).toEqual(splits.map((v) => powerOfTen(Math.round(Math.log10(v)))));
  });

  it('uses the width for a horizontal axis', () => {
    const splits = decades(0, 9);
    const narrow = logAxisValues(chart(200, 150), splits, 0).filter((s) => s !== '');
    const wide = logAxisValues(chart(800, 150), splits, 0).filter((s) => s !== '');
    expect(narrow.length).toBeLessThanOrEqual(Math.floor(200 / 56));
    expect(wide).toEqual(splits.map((_, k) => powerOfTen(k)));
  });

  it('keeps the labels inside a decade on a short range, and blanks the nulls uPlot hands over', () => {
    const splits = [0.002, 0.003, 0.005, 0.01, 0.02, 0.03, 0.05, null];
    expect(logAxisValues(chart(600, 150), splits, 1)).toEqual(['0.002', '0.003', '0.005', '0.01', '0.02', '0.03', '0.05', '']);
  });
});

describe('powerOfTen', () => {
  it('writes the exponent in superscripts, minus sign included', () => {
    expect([-16, -5, -1, 0, 1, 12].map(powerOfTen)).toEqual(['10⁻¹⁶', '10⁻⁵', '10⁻¹', '10⁰', '10¹', '10¹²']);
  });
});

describe('tickLabels: one axis, one style', () => {
  const styles = (labels: string[]): Set<string> => new Set(labels.filter((l) => l !== '' && l !== '0').map((l) => (l.includes('e') ? 'exponent' : 'plain')));

  it('plain numbers while every tick is within 0.001 … 100000, 0 included', () => {
    expect(tickLabels([0, 0.25, 0.5, 0.75, 1])).toEqual(['0', '0.25', '0.5', '0.75', '1']);
    expect(tickLabels([0.001, 100000])).toEqual(['0.001', '100000']);
    expect(tickLabels([-2000, 0, 2000])).toEqual(['-2000', '0', '2000']);
  });

  it('otherwise every tick in exponent form, with the decimals that tell them apart', () => {
    expect(tickLabels([0, 50000, 100000, 150000, 200000])).toEqual(['0', '5.0e4', '1.0e5', '1.5e5', '2.0e5']);
    expect(tickLabels([0, 25000, 50000, 75000, 100000, 125000])).toEqual(['0', '2.50e4', '5.00e4', '7.50e4', '1.00e5', '1.25e5']);
    expect(tickLabels([0, 0.0005, 0.001, 0.0015])).toEqual(['0', '5.0e-4', '1.0e-3', '1.5e-3']);
    // a float from uPlot's tick arithmetic does not need more digits
    expect(tickLabels([0.0001, 0.00030000000000000003])).toEqual(['1e-4', '3e-4']);
  });

  it('leaves the ticks uPlot does not label blank, and chooses the style from the others', () => {
    expect(tickLabels([null, 1, 10, Number.NaN, 100])).toEqual(['', '1', '10', '', '100']);
    expect(tickLabels([null, null])).toEqual(['', '']);
  });

  it('gives one style on every axis from 1e-12 to 1e12 (linear and log)', () => {
    for (let lo = -12; lo <= 10; lo++) {
      for (let span = 1; span <= 4; span++) {
        const log = Array.from({ length: span + 1 }, (_, k) => 10 ** (lo + k));
        expect(styles(tickLabels(log)).size).toBe(1);
        const step = 10 ** lo;
        const linear = Array.from({ length: 6 }, (_, k) => k * step * 2.5);
        expect(styles(axisValues({} as uPlot, linear)).size).toBe(1);
      }
    }
  });
});

describe('the speed colour scale\'s ticks (0, max/4, …, max) share one style', () => {
  const labels = (max: number): string[] => [0, 1, 2, 3, 4].map((i) => scaleTick((max * i) / 4, max));
  it('a cooled gas (max 0.02 m/s) no longer reads "5.0e-3" beside "0.01"', () => {
    expect(labels(0.02)).toEqual(['0', '0.005', '0.01', '0.015', '0.02']);
    expect(labels(0.0012)).toEqual(['0', '3.0e-4', '6.0e-4', '9.0e-4', '1.2e-3']);
    expect(labels(2.5)).toEqual(['0', '0.625', '1.25', '1.875', '2.5']);
    expect(labels(2e5)).toEqual(['0', '5.0e4', '1.0e5', '1.5e5', '2.0e5']);
  });
});

describe('decadeRange: a log axis spans whole decades around its data', () => {
  it('keeps the lowest and the highest point inside (the avalanche\'s kinetic energy, 4.2e-5 to 0.9 J)', () => {
    expect(decadeRange(4.238e-5, 0.87)).toEqual([1e-5, 1]);
    expect(decadeRange(1e-4, 1)).toEqual([1e-4, 1]);
    expect(decadeRange(0.002, 0.005)).toEqual([0.001, 0.01]);
    // one value, exactly a decade: one decade above it
    expect(decadeRange(0.01, 0.01)).toEqual([0.01, 0.1]);
  });

  it('falls back to [0.1, 1] without positive data', () => {
    expect(decadeRange(null, null)).toEqual([0.1, 1]);
    expect(decadeRange(0, 1)).toEqual([0.1, 1]);
    expect(decadeRange(Number.NaN, 1)).toEqual([0.1, 1]);
  });
});

describe('wrapWords: the PNG export\'s caption on as many lines as it needs', () => {
  const width = (t: string): number => t.length; // one unit per character
  it('breaks between words, no line wider than asked', () => {
    const text = 'Scenario “Column collapse, H/W = 2 before settling” · seed 1 · engine avalanche gauss-seidel (double)';
    const lines = wrapWords(text, 30, width);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(30);
    // greedy: each line but the last would overflow with the next line's first word
    lines.slice(0, -1).forEach((line, k) => expect(`${line} ${lines[k + 1]!.split(' ')[0]}`.length).toBeGreaterThan(30));
    expect(lines.length).toBeGreaterThan(2);
  });
  it('gives a word wider than the line a line of its own, and nothing for blank text', () => {
    expect(wrapWords('a verylongwordindeed b', 5, width)).toEqual(['a', 'verylongwordindeed', 'b']);
    expect(wrapWords('  ', 5, width)).toEqual([]);
  });
});

describe('the avalanche plots\' time axis', () => {
  it('spans the data, or 0–1 s when there is none (uPlot draws no axis for an empty scale)', () => {
    const timeRange = (x: number[], min: number | null, max: number | null): [number, number] => runTimeRange(x, min, max, EMPTY_TIME_SPAN);
    expect(timeRange([], null, null)).toEqual([0, 1]);
    expect(timeRange([], Infinity, -Infinity)).toEqual([0, 1]);
    expect(timeRange([0], 0, 0)).toEqual([0, 1]);
    expect(timeRange([0, 0.1, 0.3], 0, 0.3)).toEqual([0, 0.3]);
  });
});

describe('a lone value in view is drawn as a point', () => {
  it('series drawn without points get a point where a line cannot be drawn; others are left alone', () => {
    const series: uPlot.Series[] = [{ label: 't' }, { label: 'E', points: { show: false } }, { label: 'auto' }, { label: 'dots', points: { show: true, size: 4 } }];
    const out = showLonePoints(series);
    expect(out[0]).toBe(series[0]);
    expect(out[2]).toBe(series[2]);
    expect(out[3]).toBe(series[3]);
    const show = out[1]?.points?.show;
    expect(typeof show).toBe('function');
    const u = {} as uPlot;
    if (typeof show !== 'function') return;
    expect(show(u, 1, 0, 0)).toBe(true); // one value: the point
    expect(show(u, 1, 0, 5)).toBe(false); // a line: no points, as asked
    // applied twice (a chart rebuilt from its options), it stays the same rule
    expect(showLonePoints(out)[1]).toBe(out[1]);
  });
});

describe('tickSpace and withTickRoom (horizontal axes of narrow charts)', () => {
  it('asks for a quarter of the plotting width between ticks, from 28 to 50 px', () => {
    expect(tickSpace(600)).toBe(50);
    expect(tickSpace(120)).toBe(30);
    expect(tickSpace(80)).toBe(28);
  });

  it('sets it on linear horizontal axes only: log scales, vertical axes and an axis with its own space keep theirs', () => {
    const options = withTickRoom({
      series: [],
      scales: { x: { time: false }, y: {}, r: { distr: 3, log: 10 } },
      axes: [{ label: 't' }, { label: 'y' }, { label: 'r', scale: 'r', side: 2 }, { label: 's', side: 0, space: 40 }],
    });
    const space = options.axes?.map((a) => a.space);
    expect(typeof space?.[0]).toBe('function');
    expect(space?.slice(1)).toEqual([undefined, undefined, 40]);
    const first = space?.[0];
    expect(typeof first === 'function' ? first({} as uPlot, 0, 0, 1.5, 120) : NaN).toBe(30);
  });
});

/** a tick label's width in uPlot's axis font as Chromium draws it here (DejaVu Sans, 12 px): digits 0.636 em, '.' 0.318, 'e' 0.615, '-' 0.361 */
function labelWidth(text: string): number {
  const em: Record<string, number> = { '.': 0.318, e: 0.615, '-': 0.361 };
  return [...text].reduce((w, c) => w + 12 * (em[c] ?? 0.636), 0);
}

/** the labels a horizontal axis draws over [min, max] in `plotDim` px with the room its `space` asks, and the room between ticks */
function drawnTicks(space: number, min: number, max: number, plotDim: number): { labels: string[]; room: number } {
  const found = tickStep(min, max, plotDim, space);
  if (!found) return { labels: [], room: 0 };
  return { labels: tickLabels(tickValues(min, max, found.step)), room: found.room };
}

/** the neighbouring labels that come closer than TICK_LABEL_GAP (labels are centred on their ticks) */
function crowded({ labels, room }: { labels: string[]; room: number }): string[] {
  return labels.slice(1).flatMap((b, k) => {
    const a = labels[k] ?? '';
    return (labelWidth(a) + labelWidth(b)) / 2 + TICK_LABEL_GAP > room + 1e-9 ? [`${a}|${b}`] : [];
  });
}

describe('labelTickSpace: the labels of a horizontal axis never overlap', () => {
  // the collision-rate plot embedded at 480 x 360: a plotting area 125 px wide, over 0-0.02 s at
  // t = 0 and 0.02-0.04 s at the second output instant (a 0.02 s output interval)
  const space = (min: number, max: number, plotDim: number): number => {
    const axes = withTickRoom({ series: [], scales: { x: { time: false } }, axes: [{ label: 'time t (s)', values: axisValues }] }, labelWidth).axes;
    const fn = axes?.[0]?.space;
    return typeof fn === 'function' ? fn({} as uPlot, 0, min, max, plotDim) : NaN;
  };

  it('the rate plot at its first instants: 30 px per 0.005 s ran "0.010.0150.02" together; now every other tick', () => {
    // what a fixed quarter of the width gave
    expect(crowded(drawnTicks(tickSpace(125), 0, 0.02, 125))).toEqual(['0.005|0.01', '0.01|0.015', '0.015|0.02']);
    for (const [min, max] of [[0, 0.02], [0, 0.04], [0.02, 0.04], [0.02, 0.06]] as const) {
      const ticks = drawnTicks(space(min, max, 125), min, max, 125);
      expect(ticks.labels.length, `${min}-${max} s`).toBeGreaterThanOrEqual(2);
      expect(crowded(ticks), `${min}-${max} s: ${ticks.labels.join(' ')}`).toEqual([]);
    }
    expect(drawnTicks(space(0, 0.02, 125), 0, 0.02, 125).labels).toEqual(['0', '0.01', '0.02']);
  });

  it('whatever the span, the width and the length of the labels (exponent form too)', () => {
    for (const plotDim of [90, 125, 240, 600, 1200]) {
      for (const [min, max] of [[0, 0.02], [0.013, 0.0171], [0, 1], [0, 1.5], [3.2, 3.3], [0, 1e-5], [0, 2.5e5], [1e5, 1.0004e5], [-0.3, 0.7], [0, 1234]] as const) {
        const ticks = drawnTicks(space(min, max, plotDim), min, max, plotDim);
        expect(crowded(ticks), `${min}-${max} in ${plotDim} px: ${ticks.labels.join(' ')}`).toEqual([]);
      }
    }
  });

  it('keeps the room tickSpace asks where the labels fit in it', () => {
    expect(labelTickSpace(0, 1, 600, (t) => tickLabels(t), labelWidth)).toBe(50);
    expect(labelTickSpace(0, 3, 120, (t) => tickLabels(t), labelWidth)).toBe(30);
  });
});

describe('fitAxisTitle', () => {
  // a chart whose y axis' side of the plotting area is `height` px, measuring 7 px a character
  function titled(height: number): string {
    const axes: uPlot.Axis[] = [{ label: 'time t (s)' }, { label: 'kinetic energy E_kin (J)', side: 3 }];
    const ctx = { font: '', save: () => undefined, restore: () => undefined, measureText: (t: string) => ({ width: 7 * t.length }) };
    const u = { axes, bbox: { left: 0, top: 0, width: 300, height }, ctx } as unknown as uPlot;
    fitAxisTitle(1, 'E_kin (J)')(u);
    const label = axes[1]?.label;
    return typeof label === 'function' ? String(label(u, 1, 0, 0)) : String(label);
  }

  it('draws the full title where it fits along the plotting area, the short one where it would be cut (a chart fitted into a 480 x 360 frame)', () => {
    expect(titled(300)).toBe('kinetic energy E_kin (J)');
    expect(titled(130)).toBe('E_kin (J)');
  });

  // the comparison's contacts chart on a laptop: 143 px of plotting area 17 px below the top of a
  // canvas 240 px tall; "collisions or contacts (1)", 167 px, was drawn "count (1)" (the area alone,
  // less 4 px, left 139 px), though the title, centred on the area, had the canvas's 177 px
  it('counts the canvas beyond the plotting area\'s ends, as far as the nearer edge allows on both sides', () => {
    expect(axisTitleRoom(17, 143, 240)).toBe(177);
    // centred: the far edge gives no more than the near one
    expect(axisTitleRoom(17, 87, 156)).toBe(121);
    expect(axisTitleRoom(94, 300, 410)).toBe(332);
    // the chart's size unknown: the plotting area alone
    expect(axisTitleRoom(17, 143, 0)).toBe(143);
    // a title of 23 characters (161 px at 7 px each) and one of 26 (182 px) on the laptop's chart
    const titledIn = (label: string): string => {
      const axes: uPlot.Axis[] = [{ label: 'time t (s)' }, { label, side: 3 }];
      const ctx = { font: '', save: () => undefined, restore: () => undefined, measureText: (t: string) => ({ width: 7 * t.length }) };
      const u = { axes, bbox: { left: 94, top: 17, width: 300, height: 143 }, width: 410, height: 240, ctx } as unknown as uPlot;
      fitAxisTitle(1, 'short')(u);
      const drawn = axes[1]?.label;
      return typeof drawn === 'function' ? String(drawn(u, 1, 0, 0)) : String(drawn);
    };
    expect(titledIn('x'.repeat(24))).toBe('x'.repeat(24));
    expect(titledIn('x'.repeat(25))).toBe('short');
  });
});

// uPlot's own log ticks add and round to a table of decimals: for some ranges under 1e-20 they never
// reached the top and the tab froze (an avalanche of areal density 1e-15 kg/m², energies 1e-28 J)
describe('logSplits: the ticks of a log axis, at any magnitude', () => {
  const splits = (min: number, max: number): number[] => logSplits(null as unknown as uPlot, 1, min, max);
  it('1 to 9 times each power of ten over a few decades, exact decimals', () => {
    const s = splits(1e-28, 1e-24);
    expect(s.length).toBe(4 * 9 + 1);
    expect(s[0]).toBe(1e-28);
    expect(s[1]).toBe(2e-28);
    expect(s[s.length - 1]).toBe(1e-24);
    for (let k = 1; k < s.length; k++) expect(s[k]!).toBeGreaterThan(s[k - 1]!);
    expect(splits(0.3, 20)).toEqual([0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20]);
  });
  it('the powers alone past 12 decades; nothing for a range that cannot be a log range', () => {
    expect(splits(1e-300, 1e10)).toEqual(Array.from({ length: 311 }, (_, k) => Number(`1e${k - 300}`)));
    // past 400 decades every 2nd power (the ticks used to stop at the 400th, short of the top)
    const wide = splits(1e-300, 1e300);
    expect(wide).toEqual(Array.from({ length: 301 }, (_, k) => Number(`1e${2 * k - 300}`)));
    expect(splits(5e-324, 1.7e308).at(-1)).toBe(1e308);
    expect(splits(0, 1)).toEqual([]);
    expect(splits(1, Infinity)).toEqual([]);
    expect(splits(Number.NaN, 1)).toEqual([]);
  });
});

// uPlot kept 2 and 5 inside a decade only where 5 and 10 stood 50 px apart, however narrow their
// labels: the avalanche study's a axis (0.25–12) read "1 10" on a laptop, 271 px wide
describe('logLabelFilter: the labels inside a decade of a horizontal log axis, by their widths', () => {
  /** a bottom log axis from `min` to `max` across `width` CSS px */
  const axis = (min: number, max: number, width: number): uPlot =>
    ({
      axes: [{ side: 2, scale: 'x' }, { side: 3, scale: 'y' }],
      bbox: { left: 0, top: 0, width, height: 200 },
      valToPos: (v: number) => (width * (Math.log10(v) - Math.log10(min))) / (Math.log10(max) - Math.log10(min)),
    }) as unknown as uPlot;
  /** a digit 7.6 px wide and a point 3.8 px, as the axis' 12 px font draws them in Chromium here */
  const width = (t: string): number => [...t].reduce((w, c) => w + (c === '.' ? 3.8 : 7.6), 0);
  const labelled = (u: uPlot): string[] => {
    const kept = logLabelFilter(undefined, width)(u, logSplits(u, 0, 0.25, 12), 0, 50, 1);
    return logAxisValues(u, kept, 0).filter((t) => t !== '');
  };
  it('1, 2 and 5 on a laptop and a phone, where 5 and 10 stand under 50 px apart; 3 and 7 too where 0.5 and 0.7 leave 8 px', () => {
    expect(labelled(axis(0.25, 12, 271))).toEqual(['0.5', '1', '2', '5', '10']);
    expect(labelled(axis(0.25, 12, 192))).toEqual(['0.5', '1', '2', '5', '10']);
    expect(labelled(axis(0.25, 12, 419))).toEqual(['0.3', '0.5', '0.7', '1', '2', '3', '5', '7', '10']);
    expect(labelled(axis(0.25, 12, 602))).toEqual(['0.3', '0.5', '0.7', '1', '2', '3', '5', '7', '10']);
    // every mantissa once 0.8 and 0.9 leave 8 px between them
    expect(labelled(axis(0.25, 12, 2000))).toEqual(['0.3', '0.4', '0.5', '0.6', '0.7', '0.8', '0.9', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });
  it('the powers of ten alone where 0.5 and 1 would come within 8 px of touching; no two labels ever closer', () => {
    expect(labelled(axis(0.25, 12, 100))).toEqual(['1', '10']);
    for (let w = 60; w <= 2000; w += 7) {
      const u = axis(0.25, 12, w);
      const kept = logLabelFilter(undefined, width)(u, logSplits(u, 0, 0.25, 12), 0, 50, 1);
      const texts = logAxisValues(u, kept, 0);
      const shown = kept.flatMap((v, k) => (v !== null && texts[k] ? [{ pos: u.valToPos(v, 'x'), w: width(texts[k]!) }] : []));
      for (let k = 1; k < shown.length; k++) expect(shown[k]!.pos - shown[k - 1]!.pos - (shown[k]!.w + shown[k - 1]!.w) / 2, `${w} px`).toBeGreaterThanOrEqual(TICK_LABEL_GAP);
    }
  });
  it('without a canvas to measure on, estimates the widths from the font size', () => {
    const u = axis(0.25, 12, 271);
    const kept = logLabelFilter()(u, logSplits(u, 0, 0.25, 12), 0, 50, 1);
    expect(logAxisValues(u, kept, 0).filter((t) => t !== '')).toEqual(['0.5', '1', '2', '5', '10']);
  });
});
