// Getting results out (issue 6 §2), the pure parts: a chart's CSV with quantity and unit in every
// header, the reproduce line, file names, WebM support detection, the event log's CSV and note.
import type uPlot from 'uplot';
import { histogramCsvLabel } from '../../web/src/plot/histogram-plot';
import { describe, expect, it } from 'vitest';
import { chartCsv, chartHeaders, isUnit, NO_PATH, pictureLegend, pointsOnly, runHeaders, splitUnit } from '../../web/src/plot/chart-export';
import { drawScale, recordingProgress, recordingSupport, type ColourScale } from '../../web/src/ui/canvas-export';
import { scaleTick } from '../../web/src/render/legend';
import { EVENT_LOG_HEADER, eventLogCsv, eventLogNote } from '../../web/src/ui/event-log';
import {
  engineText,
  exportFileName,
  fileStem,
  fileTimestamp,
  ReproduceContext,
  reproduceText,
  scenarioReproduce,
  type ReproduceInfo,
} from '../../web/src/ui/reproduce';

/** the energy plot's options (web/src/plot/energy-plot.ts), the parts the CSV reads */
const ENERGY: Pick<uPlot.Options, 'series' | 'axes'> = {
  axes: [{ label: 'time t (s)' }, { label: 'E_kin (J)' }],
  series: [{ label: 'time t (s)' }, { label: 'measured' }, { label: "Haff's law E₀/(1+t/τ)²" }],
};

describe('chart CSV', () => {
  it('splits a trailing unit off a label, nested parentheses included', () => {
    expect(splitUnit('E_kin (J)')).toEqual({ quantity: 'E_kin', unit: 'J' });
    expect(splitUnit('f(v) (1/(m/s))')).toEqual({ quantity: 'f(v)', unit: '1/(m/s)' });
    expect(splitUnit('residual, last step (× mean R)')).toEqual({ quantity: 'residual, last step', unit: '× mean R' });
    expect(splitUnit('f(v)')).toBeNull();
    expect(splitUnit("Haff's law E₀/(1+t/τ)²")).toBeNull();
    expect(splitUnit('measured')).toBeNull();
  });

  // a final parenthesis after a space was taken for a unit whatever it held: the histogram's Maxwell
  // curve of a mixture, "2D Maxwell at T = 1 J and 2 J (one for each kind of mass)", went into the CSV
  // as "… — <run> (one for each kind of mass)", without its axis' unit 1/(m/s)
  it('takes a final parenthesis for a unit only when it is one, not a note', () => {
    for (const [label, unit] of [
      ['collapsed (1 = yes)', '1 = yes'], ['tolerance (× R)', '× R'], ['rate (1/s)', '1/s'], ['g (m/s²)', 'm/s²'],
      ['areal density (kg/m²)', 'kg/m²'], ['drop (m g R)', 'm g R'], ['spin (rad/s)', 'rad/s'], ['e (1)', '1'], ['soft E (Pa)', 'Pa'],
      ['energy — elastic (Hertz) (J)', 'J'],
    ] as const) expect(splitUnit(label), label).toEqual({ quantity: label.slice(0, label.lastIndexOf(' (')), unit });
    for (const label of [
      'partner j (disc j > i; wall k as j = -(k+1))', // the event log's
      '2D Maxwell at T = 1 J and 2 J (one for each kind of mass)', // the histogram's CSV, a mixture
      'elastic (Hertz)', // the soft ledger's legend
      'y1 (1–2)', 'exact density (six-collision regime)', // the chain lab's legends
      'soft (Hunt–Crossley)', 'Column collapse (edited)',
    ]) expect(splitUnit(label), label).toBeNull();
    expect(isUnit('J')).toBe(true);
    expect(isUnit('disc j > i; wall k as j = -(k+1)')).toBe(false);
    // so runHeaders leaves the event log's partner as it is, and names the run in the time column
    const run = 'Cooling granular gas, seed 7';
    expect(runHeaders(['time (s)', 'disc i', 'partner j (disc j > i; wall k as j = -(k+1))'], run, 0))
      .toEqual([`time — ${run} (s)`, 'disc i', 'partner j (disc j > i; wall k as j = -(k+1))']);
  });

  it("the histogram's Maxwell curve of a mixture keeps its note and takes the axis' unit, with the run", () => {
    const histogram: Pick<uPlot.Options, 'series' | 'axes'> = {
      axes: [{ label: 'speed v (m/s)' }, { label: 'f(v) (1/(m/s))' }],
      series: [{ label: 'speed v (m/s)' }, { label: 'measured' }, { label: '2D Maxwell at current T' }],
    };
    const relabel = (label: string): string => histogramCsvLabel(label, { time: 1, temperatures: [1, 2] });
    const header = chartCsv(histogram, [[0.5], [0.1], [0.2]], relabel, 'Mixture, seed 3').split('\r\n')[0];
    expect(header).toBe('speed v (m/s),"f(v) — measured at t = 1 s — Mixture, seed 3 (1/(m/s))","f(v) — 2D Maxwell at T = 1 J and 2 J (one for each kind of mass) — Mixture, seed 3 (1/(m/s))"');
  });

  it('gives every header its quantity and unit, borrowing the axis unit when the series has none', () => {
    expect(chartHeaders(ENERGY)).toEqual(['time t (s)', 'E_kin — measured (J)', "E_kin — Haff's law E₀/(1+t/τ)² (J)"]);
    // a second y axis on its own scale (the avalanche runout plot)
    const runout: Pick<uPlot.Options, 'series' | 'axes'> = {
      axes: [{ label: 't (s)' }, { label: 'runout L (m)' }, { label: 'front velocity (m/s)', scale: 'v' }],
      series: [{ label: 't (s)' }, { label: 'runout L (m)' }, { label: 'front', scale: 'v' }],
    };
    expect(chartHeaders(runout)).toEqual(['t (s)', 'runout L (m)', 'front velocity — front (m/s)']);
    // a dimensionless axis: its name only
    const iterations: Pick<uPlot.Options, 'series' | 'axes'> = {
      axes: [{ label: 't (s)' }, { label: 'iterations per step' }],
      series: [{ label: 't (s)' }, { label: 'max over the interval' }],
    };
    expect(chartHeaders(iterations)[1]).toBe('iterations per step — max over the interval');
  });

  it('writes every series in full precision, empty cells for gaps, one row per x', () => {
    const text = chartCsv(ENERGY, [
      [0, 0.1, 0.30000000000000004],
      [1 / 3, 2, 3],
      [null, 1.5, undefined] as unknown as number[],
    ]);
    expect(text.split('\r\n')).toEqual([
      "time t (s),E_kin — measured (J),E_kin — Haff's law E₀/(1+t/τ)² (J)",
      '0,0.3333333333333333,',
      '0.1,2,1.5',
      '0.30000000000000004,3,',
      '',
    ]);
  });

  it('writes (x, y) curves (uPlot mode 2) as two columns per curve', () => {
    const options: Pick<uPlot.Options, 'series' | 'axes' | 'mode'> = {
      mode: 2,
      axes: [{ label: 'penetration ρ (m)' }, { label: 'contact force F (N)' }],
      series: [{}, { label: 'impact at t = 1 s' }, { label: 'impact at t = 2 s' }],
    };
    const data = [null, [[0, 1e-4], [0, 5]], [[0], [0]]] as unknown as uPlot.AlignedData;
    expect(chartCsv(options, data).split('\r\n').slice(0, 3)).toEqual([
      'penetration ρ — impact at t = 1 s (m),contact force F — impact at t = 1 s (N),penetration ρ — impact at t = 2 s (m),contact force F — impact at t = 2 s (N)',
      '0,0,0,0',
      '0.0001,5,,',
    ]);
  });

  it("names the curves' subject, the title's pair of the hysteresis loops, in each curve's headers", () => {
    const options: Pick<uPlot.Options, 'series' | 'axes' | 'mode'> = {
      mode: 2,
      axes: [{ label: 'penetration ρ (m)' }, { label: 'contact force F (N)' }],
      series: [{}, { label: 't = 0.410 s' }, { label: 't = 1.874 s' }],
    };
    const data = [null, [[0, 0.3], [0, 350]], [[0], [0]]] as unknown as uPlot.AlignedData;
    expect(chartCsv(options, data, (own) => `disc 0 – circular wall, ${own}`).split('\r\n')[0]).toBe(
      '"penetration ρ — disc 0 – circular wall, t = 0.410 s (m)","contact force F — disc 0 – circular wall, t = 0.410 s (N)",'
      + '"penetration ρ — disc 0 – circular wall, t = 1.874 s (m)","contact force F — disc 0 – circular wall, t = 1.874 s (N)"',
    );
    // no relabelling: the curves' own labels
    expect(chartCsv(options, data).split('\r\n')[0]).toBe(
      'penetration ρ — t = 0.410 s (m),contact force F — t = 0.410 s (N),penetration ρ — t = 1.874 s (m),contact force F — t = 1.874 s (N)',
    );
  });
});

// the histogram's CSV rewrote chartCsv's header line by string replacement; it now relabels its series
describe("the speed histogram's CSV labels", () => {
  it('name the instant of the speeds and the temperature of the Maxwell curve, once there is a snapshot', () => {
    const snapshot = { time: 2.5, temperatures: [0.0125] };
    expect(histogramCsvLabel('measured', snapshot)).toBe('measured at t = 2.5 s');
    expect(histogramCsvLabel('2D Maxwell at current T', snapshot)).toBe('2D Maxwell at T = 0.0125 J');
    expect(histogramCsvLabel('2D Maxwell at current T', { time: 1, temperatures: [1, 2] })).toBe('2D Maxwell at T = 1 J and 2 J (one for each kind of mass)');
    expect(histogramCsvLabel('measured', null)).toBe('measured');
    expect(histogramCsvLabel('speed v (m/s)', snapshot)).toBe('speed v (m/s)');
  });
});

// the soft hysteresis plot's PNG named a loop switched off on the page, whose curve it did not draw
describe("a chart picture's legend", () => {
  const series: uPlot.Series[] = [
    { label: 'time t (s)' },
    { label: 'measured', stroke: '#0072b2' },
    { label: "Haff's law E₀/(1+t/τ)²", stroke: '#d55e00', dash: [8, 5] },
    { label: 'no colour' },
  ];

  it('names every series drawn, with its colour and dash, never x', () => {
    expect(pictureLegend(series, [true, true, true, true])).toEqual([
      { label: 'measured', stroke: '#0072b2', dash: [], dot: false, fill: null },
      { label: "Haff's law E₀/(1+t/τ)²", stroke: '#d55e00', dash: [8, 5], dot: false, fill: null },
      { label: 'no colour', stroke: '#1d2025', dash: [], dot: false, fill: null },
    ]);
  });

  // the avalanche study's cases are dots on the chart, and the picture's legend drew them as a line
  it('a series of markers alone is a dot in the legend; markers on a line, or a line alone, are not', () => {
    const marked: uPlot.Series[] = [
      { label: 'a' },
      { label: 'this study', stroke: '#d55e00', paths: NO_PATH, points: { show: true } },
      { label: 'with markers', stroke: '#0072b2', points: { show: true } },
      { label: 'hidden markers', stroke: '#009e73', paths: NO_PATH, points: { show: false } },
    ];
    expect(pictureLegend(marked, []).map((e) => `${e.label}: ${e.dot ? 'dot' : 'line'}`)).toEqual(['this study: dot', 'with markers: line', 'hidden markers: line']);
    expect(pointsOnly({ paths: () => null, points: { show: true } })).toBe(false);
    // an area (bars, a band) is a filled box, as on the page
    expect(pictureLegend([{ label: 'v' }, { label: 'measured', stroke: '#0072b2', fill: '#0072b259' }], [])[0]?.fill).toBe('#0072b259');
  });

  it('leaves out a series switched off in the legend, as the chart leaves out its curve', () => {
    expect(pictureLegend(series, [true, true, false, true]).map((e) => e.label)).toEqual(['measured', 'no colour']);
    expect(pictureLegend(series, [true, false, false, false])).toEqual([]);
    // x switched off means nothing; a series with no state given is drawn
    expect(pictureLegend(series, [false, true]).map((e) => e.label)).toEqual(['measured', "Haff's law E₀/(1+t/τ)²", 'no colour']);
  });
});

describe('the reproduce line', () => {
  const info: ReproduceInfo = { scenario: 'Cooling gas', seed: 1, engine: 'event', precision: 'double', version: '0.1.0', link: null, variant: null };

  it('names scenario, seed, engine with its precision, and version', () => {
    expect(reproduceText(info)).toBe('Scenario “Cooling gas” · seed 1 · engine event (double) · Granular Lab 0.1.0');
    expect(reproduceText({ ...info, scenario: '', seed: null, version: '' })).toBe('Unnamed scenario · engine event (double)');
  });

  it('keeps an untrusted name as text (the line is set with textContent)', () => {
    expect(reproduceText({ ...info, scenario: '<img src=x onerror=alert(1)>' })).toContain('“<img src=x onerror=alert(1)>”');
  });

  it('reads name, seed and engine of each family', () => {
    expect(scenarioReproduce('gas', { name: 'Cooling gas', seed: 1, engine: 'event' })).toEqual({ scenario: 'Cooling gas', seed: 1, engine: 'event' });
    expect(engineText('soft', { engine: 'soft', integrator: { method: 'dopri5' } })).toBe('soft dopri5');
    expect(engineText('avalanche', { engine: 'avalanche', solver: { method: 'gauss-seidel' } })).toBe('avalanche gauss-seidel');
    expect(engineText('gas', {})).toBe('event');
    expect(scenarioReproduce('gas', { seed: 'x' }).seed).toBeNull();
    // the comparison's row and pair use no seed; its gas and pile are placed with it
    expect(scenarioReproduce('compare', { seed: 1, setup: { kind: 'row' } }).seed).toBeNull();
    expect(scenarioReproduce('compare', { seed: 1, setup: { kind: 'head-on' } }).seed).toBeNull();
    expect(scenarioReproduce('compare', { seed: 3, setup: { kind: 'pile' } }).seed).toBe(3);
    expect(scenarioReproduce('compare', { seed: 3, setup: { kind: 'gas' } }).seed).toBe(3);
  });

  it('the provider tells its subscribers now and on every change', () => {
    const context = new ReproduceContext();
    const seen: string[] = [];
    const stop = context.subscribe((i) => seen.push(reproduceText(i)));
    context.set({ scenario: 'A', seed: 2, engine: 'event', version: '0.1.0' });
    stop();
    context.set({ scenario: 'B' });
    expect(seen).toEqual(['Unnamed scenario', 'Scenario “A” · seed 2 · engine event (double) · Granular Lab 0.1.0']);
    expect(context.get().scenario).toBe('B');
  });
});

describe('file names', () => {
  it('are lower case, dashed, ASCII, bounded, never empty', () => {
    expect(fileStem('Cooling gas (Haff’s law)')).toBe('cooling-gas-haff-s-law');
    expect(fileStem('Écoulement à 45°')).toBe('ecoulement-a-45');
    expect(fileStem('../../etc/passwd')).toBe('etc-passwd');
    expect(fileStem('')).toBe('scenario');
    expect(fileStem('***')).toBe('scenario');
    expect(fileStem('x'.repeat(200)).length).toBe(60);
    expect(exportFileName('Cooling gas', 'speed distribution', 'csv')).toBe('cooling-gas-speed-distribution.csv');
    expect(fileTimestamp(new Date(2024, 4, 1, 14, 3, 9))).toBe('2024-05-01T14-03-09');
  });
});

describe('WebM recording support', () => {
  it('picks the best WebM type, or says why it cannot record', () => {
    expect(recordingSupport({ captureStream: true, isTypeSupported: (t) => t.includes('vp8') })).toEqual({ ok: true, mimeType: 'video/webm;codecs=vp8' });
    expect(recordingSupport({ captureStream: true, isTypeSupported: () => true })).toEqual({ ok: true, mimeType: 'video/webm;codecs=vp9' });
    const none = recordingSupport({ captureStream: true, isTypeSupported: null });
    expect(none.ok === false && none.reason).toMatch(/MediaRecorder/);
    const noWebm = recordingSupport({ captureStream: true, isTypeSupported: (t) => t === 'video/mp4' });
    expect(noWebm.ok === false && noWebm.reason).toMatch(/WebM/);
    const noCapture = recordingSupport({ captureStream: false, isTypeSupported: () => true });
    expect(noCapture.ok === false && noCapture.reason).toMatch(/capture/);
    const throwing = recordingSupport({
      captureStream: true,
      isTypeSupported: () => {
        throw new Error('no');
      },
    });
    expect(throwing.ok).toBe(false);
  });

  it('shows elapsed time and size', () => {
    expect(recordingProgress(0, 0)).toBe('0:00 · 0 kB');
    expect(recordingProgress(7_400, 412_345)).toBe('0:07 · 412 kB');
    expect(recordingProgress(65_000, 2_500_000)).toBe('1:05 · 2.5 MB');
  });
});

describe('the event log CSV', () => {
  it('one row per collision, walls as negative partners', () => {
    const text = eventLogCsv({ first: 0, total: 2, time: [0.5, 0.75], i: [3, 7], j: [9, -2] });
    expect(text.split('\r\n')).toEqual([EVENT_LOG_HEADER.join(','), '0.5,3,9', '0.75,7,-2', '']);
  });

  it('says what the file holds, and when the bound dropped the oldest', () => {
    expect(eventLogNote({ first: 0, total: 0 }, 0)).toBe('No collision yet.');
    expect(eventLogNote({ first: 0, total: 12345 }, 12345)).toBe('12,345 collisions (all since t = 0).');
    expect(eventLogNote({ first: 150000, total: 250000 }, 100000)).toBe(
      'The last 100,000 of 250,000 collisions (the first 150,000 were dropped: the log keeps the last 100,000).',
    );
  });
});

describe('the canvas PNG\'s speed scale: tick labels never run together', () => {
  /** DejaVu Sans at 11 px, the PNG's font here: digits 7.0 px, '.' and ' ' 3.5, '≥' 9.2, 'e' 6.8, '-' 3.7 */
  const width = (t: string): number =>
    [...t].reduce((w, c) => w + (/[0-9]/.test(c) ? 7 : c === '≥' ? 9.2 : c === 'e' ? 6.8 : c === '-' ? 3.7 : c === '|' ? 3.7 : /[a-z()/]/i.test(c) ? 6.5 : 3.5), 0);
  interface Drawn { text: string; from: number; to: number; y: number }
  /** a 2D context that records where each text lands (its left and right edge by the alignment) */
  function recorder(): { ctx: CanvasRenderingContext2D; texts: Drawn[] } {
    const texts: Drawn[] = [];
    const state = { textAlign: 'left' as CanvasTextAlign, textBaseline: 'middle' as CanvasTextBaseline, fillStyle: '', font: '' };
    const ctx = {
      ...state,
      fillRect: () => undefined,
      measureText: (t: string) => ({ width: width(t) }),
      fillText(this: typeof state, text: string, x: number, y: number) {
        const w = width(text);
        const from = this.textAlign === 'center' ? x - w / 2 : this.textAlign === 'right' || this.textAlign === 'end' ? x - w : x;
        texts.push({ text, from, to: from + w, y });
      },
    };
    return { ctx: ctx as unknown as CanvasRenderingContext2D, texts };
  }
  const scale = (max: number): ColourScale => ({ title: 'Grain speed |v| (m/s)', max, colour: () => '#000', tick: (v) => scaleTick(v, max) });
  /** the labels under the bar, left to right */
  function ticks(max: number, canvasWidth: number): Drawn[] {
    const { ctx, texts } = recorder();
    drawScale(ctx, scale(max), 400, canvasWidth, 1, 8);
    const row = Math.max(...texts.map((t) => t.y));
    return texts.filter((t) => t.y === row).sort((a, b) => a.from - b.from);
  }
  const gaps = (drawn: Drawn[]): number[] => drawn.slice(1).map((t, i) => t.from - (drawn[i]?.to ?? 0));

  it('the avalanche at H = 0.25 m (top 2.5 m/s): "1.875" and "≥ 2.5" read apart, not "1.875≥ 2.5"', () => {
    const drawn = ticks(2.5, 925);
    expect(drawn.map((t) => t.text)).toEqual(['0', '0.625', '1.25', '1.875', '≥ 2.5']);
    expect(Math.min(...gaps(drawn))).toBeGreaterThanOrEqual(4);
    // each inner label centred on its value along the 180 px bar
    const bar = drawn[0]?.from ?? 0;
    drawn.slice(1, 4).forEach((t, k) => expect((t.from + t.to) / 2).toBeCloseTo(bar + (180 * (k + 1)) / 4, 6));
    expect(drawn.every((t) => t.to <= 925 - 8)).toBe(true);
  });

  it('a cooled gas (top 0.02 m/s) and the other tops, on a wide and on a phone\'s canvas: never closer than 4 px, nothing past the edge', () => {
    for (const max of [0.02, 0.0012, 1.5, 2.5, 5, 2e5]) {
      for (const canvasWidth of [925, 340, 300]) {
        const drawn = ticks(max, canvasWidth);
        expect(drawn[0]?.text).toBe('0');
        expect(drawn[drawn.length - 1]?.text).toBe(`≥ ${scaleTick(max, max)}`);
        expect(Math.min(...gaps(drawn)), `max ${max} in ${canvasWidth} px: ${drawn.map((t) => t.text).join(' | ')}`).toBeGreaterThanOrEqual(4);
        expect(drawn.every((t) => t.to <= canvasWidth - 8 + 1e-9)).toBe(true);
      }
    }
  });
});
