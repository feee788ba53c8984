import { describe, expect, it } from 'vitest';
import { CoordinateHistory, quantityLabel, snapshotIndex } from '../../web/src/soft/coordinates';
import { LEDGER_PARTS, LedgerSeries, ledgerCsv } from '../../web/src/soft/ledger-series';
import {
  HiddenLoops, loopLabels, loopSpan, normalizePair, pairExists, pairKey, pairLabel, pairsWithLoops, parsePairKey, parsePairText,
} from '../../web/src/soft/pairs';
import { parseSoftInfo, snapshotStride } from '../../web/src/soft/protocol';
import { TraceBuffer, traceCapacity } from '../../web/src/soft/trace-buffer';
import { hysteresisTitle } from '../../web/src/soft/hysteresis-plot';
import { RK4_SLIP_LIMIT, slipStepText, slipWarning } from '../../web/src/soft/readout';
import type { SoftLedger } from '../../web/src/sim/granular-wasm';
import { bandEdgeSegments } from '../../web/src/soft/ledger-plot';
import { cycleDash, DISC_COLORS } from '../../web/src/soft/soft-renderer';
import { markerStyle } from '../../web/src/plot/plot-view';

describe('observer trace ring buffer', () => {
  it('keeps the newest `capacity` instants per disc, oldest first', () => {
    const t = new TraceBuffer(2, 3);
    expect(t.length).toBe(0);
    for (let k = 0; k < 5; k++) t.push([k, 10 + k, 100 + k, 110 + k]);
    expect(t.length).toBe(3);
    expect([0, 1, 2].map((j) => t.point(0, j))).toEqual([[2, 12], [3, 13], [4, 14]]);
    expect(t.point(1, 2)).toEqual([104, 114]);
    expect(t.alpha(0)).toBe(0);
    expect(t.alpha(2)).toBe(1);
    t.clear();
    expect(t.length).toBe(0);
  });

  it('reads observers at an offset of a snapshot block', () => {
    const t = new TraceBuffer(1, 2);
    t.push(new Float64Array([9, 9, 1.5, 2.5]), 2);
    expect(t.point(0, 0)).toEqual([1.5, 2.5]);
  });

  it('sizes the buffer for a number of seconds', () => {
    expect(traceCapacity(3, 0.02)).toBe(151);
    expect(traceCapacity(3, 0.001, 600)).toBe(600);
    expect(traceCapacity(3, 0)).toBe(2);
  });
});

const row = (time: number, parts: Partial<SoftLedger>): SoftLedger => {
  const base = { time, translational: 0, rotational: 0, observer: 0, elastic: 0, potential: 0, damping: 0, friction: 0, initial: 10 };
  const full = { ...base, ...parts, total: 0 };
  full.total = LEDGER_PARTS.reduce((s, [key]) => s + full[key], 0);
  return full;
};

describe('stacked energy ledger', () => {
  it('stacks the components bottom to top; the top is the total', () => {
    const l = new LedgerSeries();
    l.push([row(0, { translational: 10 }), row(1, { translational: 6, rotational: 1, damping: 2, friction: 1 })]);
    const stacked = l.stacked();
    expect(stacked).toHaveLength(LEDGER_PARTS.length);
    expect(stacked[0]).toEqual([10, 6]);
    expect(stacked[1]).toEqual([10, 7]);
    expect(stacked[stacked.length - 1]).toEqual(l.total);
    expect(l.closure()).toBe(0);
  });

  // Counted from the start, the gravitational energy is negative while the discs are below where they
  // started; stacked as it was, it pulled the sums below zero and the damping and friction bands over
  // the kinetic ones. Now it is stacked only where positive, drawn on its own below zero otherwise.
  it('keeps a negative gravitational energy out of the stack: no band below another, the top plus below() is the total', () => {
    const l = new LedgerSeries();
    l.push([
      row(0, { translational: 5 }),
      row(1, { translational: 3, rotational: 0.5, elastic: 0.2, potential: -4, damping: 4, friction: 1.3 }),
      row(2, { translational: 1, potential: 1, damping: 2, friction: 1 }),
    ]);
    const stacked = l.stacked();
    for (let k = 1; k < stacked.length; k++) {
      stacked[k]!.forEach((v, t) => expect(v, `band ${k} at instant ${t}`).toBeGreaterThanOrEqual(stacked[k - 1]![t]!));
    }
    expect(stacked[0]!.every((v) => v >= 0)).toBe(true);
    expect(l.below()).toEqual([0, -4, 0]);
    const top = stacked[stacked.length - 1]!;
    top.forEach((v, t) => expect(v + l.below()[t]!, `instant ${t}`).toBeCloseTo(l.total[t]!, 12));
    // where positive, the gravitational energy is stacked with the others
    expect(top[2]).toBeCloseTo(5, 12);
  });

  it('skips instants already recorded and reports the closure', () => {
    const l = new LedgerSeries();
    expect(Number.isNaN(l.closure())).toBe(true);
    l.push([row(0, { translational: 10 })]);
    l.push([row(0, { translational: 10 }), row(0.5, { translational: 10.001 })]);
    expect(l.time).toEqual([0, 0.5]);
    // the scale is the largest energy seen: 10.001 J of translation
    expect(l.closure()).toBeCloseTo(0.001 / 10.001, 12);
  });

  // A disc dropped from rest: the potential counts from the start, so the initial energy is 0 and
  // the read-out showed '–' for the whole run; the closure is measured against the largest energy.
  it('measures the closure of a run that starts with no energy against the largest energy reached', () => {
    const l = new LedgerSeries();
    l.push([{ ...row(0, {}), initial: 0, total: 0 }]);
    expect(Number.isNaN(l.closure())).toBe(true);
    l.push([{ ...row(0.1, { translational: 0.05, potential: -0.05 }), initial: 0, total: 2e-10 }]);
    expect(l.closure()).toBeCloseTo(2e-10 / 0.05, 18);
    l.push([{ ...row(0.2, { translational: 0.01, potential: -0.07, damping: 0.06 }), initial: 0, total: -1e-10 }]);
    expect(l.closure()).toBeCloseTo(1e-10 / 0.07, 18);
  });

  it('exports each component as it is, not the stacked sums the plot draws, every header with its unit', () => {
    const l = new LedgerSeries();
    l.push([row(0, { translational: 10 }), row(1, { translational: 6, rotational: 1, elastic: 0.5, damping: 2, friction: 0.5 })]);
    const [header, first, second] = ledgerCsv(l).trim().split('\r\n').map((line) => line.split(','));
    expect(header).toEqual([
      'time t (s)',
      'energy — translational kinetic (J)', 'energy — rotational kinetic (J)', 'energy — observer kinetic (J)',
      'energy — elastic (Hertz) (J)', 'energy — gravitational potential (J)', 'energy — dissipated by damping (J)',
      'energy — dissipated by friction (J)', 'energy — total (J)', 'energy — initial energy (J)',
    ]);
    expect(first?.map(Number)).toEqual([0, 10, 0, 0, 0, 0, 0, 0, 10, 10]);
    // the stacked plot data would give 6, 7, 7, 7.5, 7.5, 9.5, 10
    expect(second?.map(Number)).toEqual([1, 6, 1, 0, 0.5, 0, 2, 0.5, 10, 10]);
  });

  it('thins to at most maxPoints, keeping the last', () => {
    const l = new LedgerSeries(10);
    l.push(Array.from({ length: 11 }, (_, k) => row(k, { translational: k })));
    expect(l.length).toBeLessThanOrEqual(10);
    expect(l.time[l.time.length - 1]).toBe(10);
    expect(l.parts.translational.length).toBe(l.length);
  });
});

describe('hysteresis pairs', () => {
  it('labels disc–disc, box-wall and circular-wall pairs', () => {
    expect(pairLabel({ i: 3, other: 1 }, 'box')).toBe('disc 1 – disc 3');
    expect(pairLabel({ i: 2, other: -4 }, 'box')).toBe('disc 2 – wall 3 (left)');
    expect(pairLabel({ i: 0, other: -1 }, 'box')).toBe('disc 0 – wall 0 (bottom)');
    expect(pairLabel({ i: 0, other: -1 }, 'circle')).toBe('disc 0 – circular wall');
    expect(loopLabels([{ startTime: 1.23449 }])).toEqual(['t = 1.234 s']);
  });

  // "Hysteresis: disc 2 – wall 3 (left)" had no units: the plot's title names them, and a short form
  // for a narrow chart keeps them and drops the wall's side (its number names it)
  it('titles the plot with its units and the pair, in full and short', () => {
    expect(hysteresisTitle(pairLabel({ i: 2, other: -4 }, 'box'))).toEqual(['Hysteresis, F (N) vs ρ (m): disc 2 – wall 3 (left)', 'F (N) vs ρ (m): disc 2 – left wall']);
    expect(hysteresisTitle(pairLabel({ i: 3, other: 1 }, 'box'))).toEqual(['Hysteresis, F (N) vs ρ (m): disc 1 – disc 3', 'F (N) vs ρ (m): disc 1 – disc 3']);
    expect(hysteresisTitle(pairLabel({ i: 12, other: -1 }, 'circle'))).toEqual(['Hysteresis, F (N) vs ρ (m): disc 12 – circular wall', 'F (N) vs ρ (m): disc 12 – wall']);
    expect(hysteresisTitle('')).toEqual(['Hysteresis, F (N) vs ρ (m): no impact yet', 'F (N) vs ρ (m): no impact yet']);
  });

  // micrometre discs: impacts microseconds apart all read "t = 0.000 s" with three decimals
  it('labels loops with their impact times, as many decimals as tell them apart', () => {
    const at = (...times: number[]): string[] => loopLabels(times.map((startTime) => ({ startTime })));
    expect(at(0.356, 1.874, 3.332)).toEqual(['t = 0.356 s', 't = 1.874 s', 't = 3.332 s']);
    expect(at(0.038)).toEqual(['t = 0.038 s']);
    expect(at(2.4e-5, 3.1e-5, 3.9e-5)).toEqual(['t = 0.000024 s', 't = 0.000031 s', 't = 0.000039 s']);
    expect(at(1.2341, 1.2344)).toEqual(['t = 1.2341 s', 't = 1.2344 s']);
    expect(at(0, 0.0002)).toEqual(['t = 0.00000 s', 't = 0.00020 s']);
    expect(at(3e-12)).toEqual(['t = 3.00e-12 s']);
    // an impact in the first 10 ns is written in exponent form alone, the others as before
    expect(at(3e-9, 2.77, 5.1234)).toEqual(['t = 3.00e-9 s', 't = 2.770 s', 't = 5.123 s']);
    expect(at(4.2e-6)).toEqual(['t = 0.0000042 s']);
  });

  // the compact legend's line under its toggle buttons: the impact times, and the count when some loops are off
  it('sums the loops up for the compact legend, with how many are shown when not all', () => {
    const labels = ['t = 2.770 s', 't = 4.062 s', 't = 15.248 s'];
    expect(loopSpan(labels, [])).toBe('t = 2.770 … 15.248 s');
    expect(loopSpan(labels, [true, true, true])).toBe('t = 2.770 … 15.248 s');
    expect(loopSpan(labels, [true, false, true])).toBe('t = 2.770 … 15.248 s, 2 of 3 shown');
    expect(loopSpan(labels, [false, false, false])).toBe('t = 2.770 … 15.248 s, 0 of 3 shown');
    expect(loopSpan(['t = 2.000 s'], [false])).toBe('t = 2.000 s, 0 of 1 shown');
  });

  // the plot is rebuilt at each output instant of a contact: a loop switched off came back on
  it('remembers the loops switched off by pair and impact time, and forgets those no longer drawn', () => {
    const h = new HiddenLoops();
    expect(h.shown('disc 0 – disc 1', 2.77)).toBe(true);
    h.set('disc 0 – disc 1', 2.77, false);
    h.set('disc 0 – disc 1', 4.06, false);
    expect(h.shown('disc 0 – disc 1', 2.77)).toBe(false);
    expect(h.shown('disc 0 – disc 2', 2.77)).toBe(true);
    h.set('disc 0 – disc 1', 4.06, true);
    expect(h.shown('disc 0 – disc 1', 4.06)).toBe(true);
    h.keepOnly('disc 0 – disc 1', [2.77, 5.38]);
    expect(h.size).toBe(1);
    h.keepOnly('disc 0 – disc 1', [4.06, 5.38]);
    expect(h.size).toBe(0);
    expect(h.shown('disc 0 – disc 1', 2.77)).toBe(true);
  });

  it('tells whether a run has a pair (a pair kept across Reset and Apply)', () => {
    expect(pairExists({ i: 3, other: 1 }, 4, 4)).toBe(true);
    expect(pairExists({ i: 1, other: 3 }, 3, 4)).toBe(false);
    expect(pairExists({ i: 2, other: -4 }, 4, 4)).toBe(true);
    expect(pairExists({ i: 2, other: -4 }, 4, 1)).toBe(false);
    expect(pairExists({ i: 0, other: -1 }, 1, 1)).toBe(true);
    expect(pairExists({ i: 0, other: -1 }, 1, 0)).toBe(false);
    expect(pairExists({ i: 2, other: 2 }, 4, 4)).toBe(false);
  });

  it('keys pairs whichever disc comes first', () => {
    expect(pairKey({ i: 5, other: 2 })).toBe(pairKey({ i: 2, other: 5 }));
    expect(parsePairKey('2:5')).toEqual({ i: 2, other: 5 });
    expect(parsePairKey('0:-3')).toEqual({ i: 0, other: -3 });
    expect(parsePairKey('x')).toBeNull();
    expect(normalizePair(4, -1)).toEqual({ i: 4, other: -1 });
  });

  it('lists the pairs with loops in order of first impact', () => {
    const pairs = pairsWithLoops([
      { i: 2, other: -4 }, { i: 0, other: 1 }, { i: 1, other: 0 }, { i: 2, other: -4 }, { i: 2, other: -4 },
    ]);
    expect(pairs).toEqual([
      { pair: { i: 2, other: -4 }, count: 3 },
      { pair: { i: 0, other: 1 }, count: 2 },
    ]);
  });

  it('parses typed pairs and rejects what is not in the scenario', () => {
    expect(parsePairText('3-7', 10, 4)).toEqual({ i: 3, other: 7 });
    expect(parsePairText(' 7 – 3 ', 10, 4)).toEqual({ i: 3, other: 7 });
    expect(parsePairText('3-w2', 10, 4)).toEqual({ i: 3, other: -3 });
    expect(parsePairText('3-wall', 10, 1)).toEqual({ i: 3, other: -1 });
    expect(parsePairText('3-3', 10, 4)).toBeNull();
    expect(parsePairText('3-12', 10, 4)).toBeNull();
    expect(parsePairText('3-w4', 10, 4)).toBeNull();
    expect(parsePairText('3-w0', 10, 0)).toBeNull();
    expect(parsePairText('three', 10, 4)).toBeNull();
  });
});

describe('coordinate history', () => {
  const n = 2;
  const stride = snapshotStride(n);
  const block = (t: number): number[] => {
    const out = [t];
    for (let i = 0; i < n; i++) out.push(10 * i + 1, 10 * i + 2, 10 * i + 3, 10 * i + 4, 10 * i + 5, 10 * i + 6);
    for (let i = 0; i < n; i++) out.push(100 + i, 200 + i);
    return out.map((v, k) => (k === 0 ? v : v + t));
  };

  it('finds every quantity in a snapshot block', () => {
    expect(stride).toBe(17);
    expect(snapshotIndex('x', 1, n)).toBe(7);
    expect(snapshotIndex('spin', 0, n)).toBe(6);
    expect(snapshotIndex('ox', 1, n)).toBe(15);
    expect(snapshotIndex('oy', 0, n)).toBe(14);
    expect(quantityLabel('spin')).toBe('spin ω (rad/s)');
    expect(quantityLabel('vx')).toBe('v_x (m/s)');
  });

  it('records the tracked discs at every instant', () => {
    const h = new CoordinateHistory(n);
    h.track([0, 1]);
    h.push(new Float64Array([...block(0), ...block(1)]), 2, stride);
    expect(h.time).toEqual([0, 1]);
    expect(h.series(1, 'x')).toEqual([11, 12]);
    expect(h.series(0, 'oy')).toEqual([200, 201]);
    // a disc tracked later starts with gaps
    h.track([1]);
    expect(Number.isNaN(h.series(0, 'x')[0])).toBe(true);
  });
});

describe('SoftWorld.info() text', () => {
  it('parses the note and constants, tolerating junk', () => {
    const info = parseSoftInfo('{"law":"hunt-crossley","dampingA":0.37,"cTau":0.75,"targetRestitution":0.8,"note":"damping set"}');
    expect(info.note).toBe('damping set');
    expect(info.targetRestitution).toBe(0.8);
    expect(Number.isNaN(parseSoftInfo('nope').cTau)).toBe(true);
  });
});

// a component that is zero lies on the band below it, and its edge drawn there took that band's edge
// over: the head-on discs' kinetic band dipped in the observer's colour though they carry none
describe('the energy ledger: a stacked band draws its edge only where it is thick', () => {
  it('no edge for a band of zero height; the segments next to a non-zero value for one that is briefly thick', () => {
    const kinetic = [1, 1, 0.2, 1, 1];
    expect(bandEdgeSegments(kinetic, null, 1e-9)).toEqual([0, 1, 2, 3]);
    // the observer's band is zero throughout: it lies on the kinetic edge
    expect(bandEdgeSegments(kinetic, kinetic, 1e-9)).toEqual([]);
    // the elastic band is thick at index 2 only (the contact)
    const elastic = [1, 1, 0.9, 1, 1];
    expect(bandEdgeSegments(elastic, kinetic, 1e-9)).toEqual([1, 2]);
    // round-off below eps is no thickness; gaps (null) break the edge
    expect(bandEdgeSegments([1 + 1e-12, 1, 1], [1, 1, 1], 1e-9)).toEqual([]);
    expect(bandEdgeSegments([1, null, 1], null, 1e-9)).toEqual([]);
  });
});

// ten hysteresis loops had seven colours: three pairs of them looked the same in the legend
describe('curves beyond the seven colours', () => {
  it('are dashed in the second round of colours and dotted in the third', () => {
    const kinds = Array.from({ length: 22 }, (_, k) => markerStyle(cycleDash(k)));
    expect(DISC_COLORS).toHaveLength(7);
    expect(kinds.slice(0, 7).every((s) => s === 'solid')).toBe(true);
    expect(kinds.slice(7, 14).every((s) => s === 'dashed')).toBe(true);
    expect(kinds.slice(14, 21).every((s) => s === 'dotted')).toBe(true);
    expect(kinds[21]).toBe('solid');
    // so no two of the first 21 curves share both colour and line
    const looks = new Set(Array.from({ length: 21 }, (_, k) => `${DISC_COLORS[k % 7]} ${kinds[k]}`));
    expect(looks.size).toBe(21);
  });
});

// RK4 with Coulomb friction past its stability limit drifted the ledger with nothing on the page saying why
describe('the RK4 slip relaxation read-out', () => {
  it('is a dash where it does not apply, the number with its limit, and a warning past the limit', () => {
    expect(slipStepText(0)).toBe('–');
    expect(slipStepText(1.234)).toBe('1.23 (stable < 2.785)');
    expect(slipWarning(0)).toBe('');
    expect(slipWarning(2.78)).toBe('');
    expect(slipWarning(RK4_SLIP_LIMIT)).toContain('λh up to 2.79, stable below 2.785');
    expect(slipWarning(391.2)).toMatch(/^RK4's step is too long .*λh up to 391, .*Use the dopri5 integrator, a larger slip speed or more steps per contact\.$/);
  });
});
