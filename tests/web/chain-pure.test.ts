// The chain lab's pure pieces: CSV, sweep splitting and ordered merging, the piecewise-linear
// timeline from a collision log, the share-state codec, input validation, the closed forms.
import { describe, expect, it } from 'vitest';
import { columnsToCsv, csvCell, toCsv } from '../../web/src/ui/csv';
import { expandRow, newtonsCradle, rowMessage, parseList, rowPositions, rowProblem, setupJson, standardRow } from '../../web/src/chain/custom-row';
import { parseChainRun, parseMonteCarlo, parseNewton, pairName, type ChainRun } from '../../web/src/chain/results';
import { decodeState, defaultState, encodeState, readCustom, rowHeading, stateFromValue, stateToJson } from '../../web/src/chain/state';
import { emptySweep, mergePiece, splitSweep, sweepGrid, workerCount } from '../../web/src/chain/sweep';
import { eForV4, histogram, momentsApply, v4Density, v4Exact, v4Moments } from '../../web/src/chain/theory';
import { buildTimeline, extent, positionsAt, segmentAt } from '../../web/src/chain/timeline';
import { orderProblem, parseNumberField, RULES } from '../../web/src/chain/validate';

/** granular-cli chain --e 0.5 (4 spheres, double), verbatim */
const RUN_05 =
  '{"ok":true,"precision":"double","collisions":6,"collapsed":false,"truncated":false,"message":"","endTime":17.799999999999997,"finalVelocity":[0.173828125,0.193359375,0.2109375,0.421875],"finalPosition":[4.975,5.975,7.074999999999999,11.774999999999999],"log":[{"time":1,"pair":0,"position":[1,2,4,6],"velocity":[0.25,0.75,0,0]},{"time":2.333333333333333,"pair":1,"position":[1.3333333333333333,2.9999999999999996,3.9999999999999996,6],"velocity":[0.25,0.1875,0.5625,0]},{"time":4.111111111111111,"pair":2,"position":[1.7777777777777777,3.333333333333333,5,6],"velocity":[0.25,0.1875,0.140625,0.421875]},{"time":13,"pair":0,"position":[4,5,6.25,9.75],"velocity":[0.203125,0.234375,0.140625,0.421875]},{"time":15.666666666666666,"pair":1,"position":[4.541666666666666,5.624999999999999,6.624999999999999,10.875],"velocity":[0.203125,0.1640625,0.2109375,0.421875]},{"time":17.799999999999997,"pair":0,"position":[4.975,5.975,7.074999999999999,11.774999999999999],"velocity":[0.173828125,0.193359375,0.2109375,0.421875]}]}';

describe('CSV', () => {
  it('writes a header with units, full-precision numbers, CRLF lines', () => {
    const text = toCsv(['t (s)', 'v (m/s)'], [[0, 1], [0.1 + 0.2, 1 / 3]]);
    expect(text).toBe('t (s),v (m/s)\r\n0,1\r\n0.30000000000000004,0.3333333333333333\r\n');
  });

  it('quotes commas, quotes, newlines and padded text; writes NaN/Infinity and empty cells', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' x')).toBe('" x"');
    expect(csvCell('1–2')).toBe('1–2');
    expect(csvCell(NaN)).toBe('NaN');
    expect(csvCell(-Infinity)).toBe('-Infinity');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('turns columns of unequal length into rows', () => {
    expect(columnsToCsv(['a', 'b'], [[1, 2, 3], Float64Array.from([4])])).toBe('a,b\r\n1,4\r\n2,\r\n3,\r\n');
  });
});

describe('sweep across workers', () => {
  it('uses hardwareConcurrency workers, at least 1, at most 8', () => {
    expect(workerCount(undefined)).toBe(1);
    expect(workerCount(0)).toBe(1);
    expect(workerCount(NaN)).toBe(1);
    expect(workerCount(2)).toBe(2);
    expect(workerCount(6.5)).toBe(6);
    expect(workerCount(64)).toBe(8);
  });

  it('builds an evenly spaced grid that ends exactly at e_max', () => {
    const g = sweepGrid(0.1716, 1, 400);
    expect(g).toHaveLength(400);
    expect(g[0]).toBe(0.1716);
    expect(g[399]).toBe(1);
    expect(g[1]! - g[0]!).toBeCloseTo((1 - 0.1716) / 399, 15);
    expect(sweepGrid(0.3, 0.9, 1)).toEqual([0.3]);
  });

  it('splits into contiguous, non-empty chunks covering every point exactly once', () => {
    for (const [points, workers] of [[400, 2], [400, 8], [7, 8], [1, 3], [100_000, 5], [13, 1]] as const) {
      const chunks = splitSweep(points, workers);
      expect(chunks.length).toBeLessThanOrEqual(Math.max(1, workers) * 8);
      let next = 0;
      for (const c of chunks) {
        expect(c.start).toBe(next);
        expect(c.count).toBeGreaterThan(0);
        next += c.count;
      }
      expect(next).toBe(points);
      const sizes = chunks.map((c) => c.count);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    expect(splitSweep(0, 4)).toEqual([]);
  });

  it('merges chunks arriving in any order into grid order', () => {
    const grid = sweepGrid(0, 1, 23);
    const chunks = splitSweep(grid.length, 2, 3);
    const into = emptySweep(grid, 2);
    // answer of a chunk: collisions = index, v1 = 100 − index, v2 = 10 index, collapsed for even indices
    const pieces = chunks.map((c) => {
      const idx = Array.from({ length: c.count }, (_, j) => c.start + j);
      return {
        start: c.start,
        collisions: idx,
        collapsed: idx.map((i) => (i % 2 === 0 ? 1 : 0)),
        finalVelocity: [idx.map((i) => 100 - i), Float64Array.from(idx.map((i) => 10 * i))],
      };
    });
    for (const k of [3, 0, 5, 1, 4, 2]) mergePiece(into, pieces[k]!);
    expect(into.filled).toBe(23);
    expect(Array.from(into.collisions)).toEqual(grid.map((_, i) => i));
    expect(Array.from(into.finalVelocity[0]!)).toEqual(grid.map((_, i) => 100 - i));
    expect(Array.from(into.finalVelocity[1]!)).toEqual(grid.map((_, i) => 10 * i));
    expect(Array.from(into.collapsed)).toEqual(grid.map((_, i) => (i % 2 === 0 ? 1 : 0)));
    expect(() => mergePiece(into, { start: 22, collisions: [1, 2], collapsed: [0, 0], finalVelocity: [] })).toThrow(RangeError);
  });
});

describe('engine answers', () => {
  it('parses a run, and a malformed answer into NaN / empty fields instead of throwing', () => {
    const run = parseChainRun(RUN_05);
    expect(run.ok).toBe(true);
    expect(run.collisions).toBe(6);
    expect(run.finalVelocity[3]).toBe(0.421875);
    expect(run.log.map((c) => pairName(c.pair))).toEqual(['1–2', '2–3', '3–4', '1–2', '2–3', '1–2']);
    const bad = parseChainRun('{"ok":true,"collisions":"six","log":[null]}');
    expect(bad.collisions).toBeNaN();
    expect(bad.log[0]!.position).toEqual([]);
    expect(parseChainRun('not json').ok).toBe(false);
    expect(parseMonteCarlo('{"mean":0.42,"values":[0.4,"x"]}').values).toEqual([0.4, NaN]);
    const n = parseNewton('{"e":0.587,"converged":true,"steps":[{"e":0.625,"residual":0.036,"bisection":false}]}');
    expect(n.steps).toEqual([{ e: 0.625, residual: 0.036, bisection: false }]);
  });
});

describe('timeline from the collision log', () => {
  const run = parseChainRun(RUN_05);
  const tl = buildTimeline(run, standardRow(4, 0.5));

  it('has breakpoints at 0, every collision and a run-out, with the set-up as first point', () => {
    expect(tl.time).toHaveLength(8);
    expect(tl.time[0]).toBe(0);
    expect(tl.time[6]).toBe(run.endTime);
    expect(tl.time[7]).toBeCloseTo(run.endTime + 0.25 * run.endTime, 12);
    expect(tl.positions.map((x) => x[0])).toEqual([0, 2, 4, 6]);
    expect(tl.velocities.map((v) => v[0])).toEqual([1, 0, 0, 0]);
    expect(tl.partial).toBe(false);
  });

  it('gives gaps y_k = x_k+1 − x_k − 1 (1 m at the start, 0 at each colliding pair)', () => {
    expect(tl.gaps.map((y) => y[0])).toEqual([1, 1, 1]);
    run.log.forEach((c, n) => expect(Math.abs(tl.gaps[c.pair]![n + 1]!)).toBeLessThan(1e-12));
    for (const y of tl.gaps) for (const v of y) expect(v).toBeGreaterThan(-1e-12);
  });

  it('is exact between breakpoints: positions follow the velocities piecewise linearly', () => {
    for (let p = 0; p + 1 < tl.time.length; p++) {
      const dt = tl.time[p + 1]! - tl.time[p]!;
      for (let i = 0; i < 4; i++) {
        expect(tl.positions[i]![p + 1]!).toBeCloseTo(tl.positions[i]![p]! + tl.velocities[i]![p]! * dt, 9);
      }
    }
    const mid = positionsAt(tl, 1.5); // between collisions 1 (t = 1) and 2 (t = 7/3): v = 0.25, 0.75, 0, 0
    expect(mid[0]).toBeCloseTo(1.125, 12);
    expect(mid[1]).toBeCloseTo(2.375, 12);
    expect(mid[2]).toBe(4);
    expect(positionsAt(tl, -1)).toEqual([0, 2, 4, 6]);
    expect(positionsAt(tl, 1e9)[3]).toBeCloseTo(tl.positions[3]![7]!, 12);
    expect(segmentAt(tl.time, 13)).toBe(4);
    expect(extent(tl).min).toBe(-0.5);
    expect(extent(tl).max).toBeCloseTo(tl.positions[3]![7]! + 0.5, 12);
  });

  it('stops at the last logged collision when the log is shorter than the run', () => {
    const cut: ChainRun = { ...run, log: run.log.slice(0, 3) };
    const part = buildTimeline(cut, standardRow(4, 0.5));
    expect(part.partial).toBe(true);
    expect(part.time).toEqual([0, 1, run.log[1]!.time, run.log[2]!.time]);
  });
});

// the header read "four spheres in a row (ARGESIM C12)" for any N and for a custom row
describe('the header\'s row', () => {
  it('names the row of panel (a): the benchmark at N = 4, the count otherwise, a custom row as such', () => {
    expect(rowHeading(defaultState().time)).toBe('4 spheres in a row (ARGESIM C12)');
    expect(rowHeading({ spheres: 7, custom: null })).toBe('7 spheres in a row');
    expect(rowHeading({ spheres: 2, custom: null })).toBe('2 spheres in a row');
    const { spheres, row } = newtonsCradle();
    expect(rowHeading({ spheres, custom: row })).toBe('5 spheres in a custom row');
    expect(rowHeading({ spheres: 4, custom: standardRow(4, 0.5) })).toBe('4 spheres in a custom row');
  });
});

describe('share state', () => {
  it('round-trips through the #s= codec', async () => {
    const s = defaultState();
    s.time = { e: 0.1715763, spheres: 5, precision: 'extended', custom: null };
    s.sweep.points = 1234;
    s.newton.target = 0.4;
    s.mc = { samples: 5000, mu: 0.6, sigma: 0.02, seed: 42 };
    const payload = await encodeState(s);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    const back = await decodeState(payload);
    expect(back.problems).toEqual([]);
    expect(back.state).toEqual(s);
  });

  it('keeps the good fields of a damaged link, reports the bad ones, and rejects non-objects', async () => {
    const { state, problems } = stateFromValue({
      kind: 'chain-lab',
      time: { e: 1.5, spheres: 6, precision: 'quad' },
      sweep: { eMin: 0.9, eMax: 0.5 },
      mc: { samples: 1_000_000, mu: '0.5' },
    });
    expect(state.time.e).toBe(0.5);
    expect(state.time.spheres).toBe(6);
    expect(state.time.precision).toBe('double');
    expect(state.sweep.eMin).toBe(0.1716);
    expect(state.mc.samples).toBe(1000);
    expect(problems.join('\n')).toMatch(/e = 1\.5 is outside \[0, 1\]/);
    expect(problems.join('\n')).toMatch(/precision = "quad"/);
    expect(problems.join('\n')).toMatch(/e_min = 0\.9 must be below e_max = 0\.5/);
    expect(problems.join('\n')).toMatch(/samples K = 1000000/);
    expect(problems.join('\n')).toMatch(/μ = "0\.5" is not a number/);
    expect(stateFromValue({}).problems).toEqual(['the link is not a chain-lab link (it has no "kind"; a chain-lab link has "kind": "chain-lab")']);
    expect(stateFromValue({ kind: 'xyz' }).problems).toEqual(['the link is not a chain-lab link (kind = "xyz"; a chain-lab link has "kind": "chain-lab")']);
    expect(JSON.parse(stateToJson(defaultState())).kind).toBe('chain-lab');
  });
});

describe('input validation', () => {
  it('accepts plain numbers inside the rule', () => {
    expect(parseNumberField(' 0.5 ', RULES.e)).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberField('1e-1', RULES.e)).toEqual({ ok: true, value: 0.1 });
    expect(parseNumberField('400', RULES.points)).toEqual({ ok: true, value: 400 });
  });

  it('names the field and the value in every refusal', () => {
    const msg = (text: string, rule: Parameters<typeof parseNumberField>[1]): string => {
      const r = parseNumberField(text, rule);
      if (r.ok) throw new Error(`accepted ${text}`);
      return r.message;
    };
    expect(msg('1.5', RULES.e)).toBe('e = 1.5 is outside [0, 1]');
    expect(msg('-0.1', RULES.e)).toBe('e = -0.1 is outside [0, 1]');
    expect(msg('NaN', RULES.e)).toBe('e = "NaN" is not a number');
    expect(msg('abc', RULES.e)).toBe('e = "abc" is not a number');
    // a decimal comma or a thousands separator is told how to write the number; other text is not
    expect(msg('0,5', RULES.e)).toBe('e = "0,5" is not a number: write it with a decimal point and no separators (0.5, 1000)');
    expect(msg('1,000', RULES.points)).toBe('resolution = "1,000" is not a number: write it with a decimal point and no separators (0.5, 1000)');
    expect(msg('0,5,x', RULES.e)).toBe('e = "0,5,x" is not a number');
    expect(msg('0x10', RULES.points)).toMatch(/not a number/);
    expect(msg('', RULES.e)).toBe('e is empty: enter a number in [0, 1]');
    expect(msg('1e999', RULES.e)).toBe('e = 1e999 is not finite: enter a number in [0, 1]');
    // a number, only not a finite one (it was called "not a number")
    expect(msg('Infinity', RULES.spheres)).toBe('number of spheres = Infinity is not finite: enter a whole number from 2 to 20');
    expect(msg('-inf', RULES.e)).toBe('e = -inf is not finite: enter a number in [0, 1]');
    expect(msg('∞', RULES.samples)).toBe('samples K = ∞ is not finite: enter a whole number from 2 to 100000');
    expect(msg('0', RULES.points)).toBe('resolution = 0 must be a whole number from 2 to 100000');
    expect(msg('10.5', RULES.points)).toBe('resolution = 10.5 is not a whole number');
    expect(msg('1000000', RULES.samples)).toMatch(/^samples K = 1000000 must be a whole number from 2 to 100000 \(at most 100 000/);
    expect(msg('0', RULES.target)).toBe('target v4 = 0 is outside (0.25, 1] (v4 ends between v0/4 = 0.25 m/s and v0 = 1 m/s for every e, and equals v0/4 for all e below e_c ≈ 0.1716)');
    expect(orderProblem(0.9, 0.5, 'e_min', 'e_max')).toBe('e_min = 0.9 must be below e_max = 0.5');
    expect(orderProblem(0.1, 0.5, 'e_min', 'e_max')).toBeNull();
  });
});

describe('the boundary-value target', () => {
  it('takes v4 in (v0/4, v0] only: four equal spheres never end with v4 below v0/4, and v0/4 holds for every e <= e_c', () => {
    expect(parseNumberField('0.5', RULES.target)).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberField('1', RULES.target)).toEqual({ ok: true, value: 1 });
    expect(parseNumberField('0.2500001', RULES.target).ok).toBe(true);
    for (const t of ['0.25', '0.2', '0.125']) {
      const r = parseNumberField(t, RULES.target);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(new RegExp(`^target v4 = ${t} is outside \\(0\\.25, 1\\] \\(v4 ends between v0/4`));
    }
    // and a share link asking for one is reported, its default applies
    const { state, problems } = stateFromValue({ kind: 'chain-lab', newton: { target: 0.2 } });
    expect(state.newton.target).toBe(0.5);
    expect(problems.join(' ')).toContain('target v4 = 0.2');
  });
});

describe('closed forms (REFERENCE §1)', () => {
  it('v4 = ((1 + e)/2)^3, e* = 4^(1/3) − 1, E[v4] = 0.42328125, SD 0.0422812', () => {
    expect(v4Exact(0.5)).toBe(0.421875);
    expect(eForV4(0.5)).toBeCloseTo(0.5874010519682, 13);
    const m = v4Moments(0.5, 0.05);
    expect(m.mean).toBeCloseTo(0.42328125, 14);
    expect(m.sd).toBeCloseTo(0.0422812, 7);
    expect(momentsApply(0.5, 0.05)).toBe(true);
    expect(momentsApply(0.3, 0.05)).toBe(false);
  });

  it('the v4 density integrates to 1, and the histogram density too', () => {
    let sum = 0;
    const dv = 1e-4;
    for (let v = dv / 2; v < 1; v += dv) sum += v4Density(v, 0.5, 0.05) * dv;
    // the density is smooth and vanishes at both ends (v = 0 and 1 are 30 and 10 standard deviations
    // of u = v^(1/3) from 0.75), so the midpoint rule's own error is far below round-off; what is left
    // is the round-off of 10^4 steps, measured 1e-13: within 5e-12
    expect(sum).toBeCloseTo(1, 11);
    const h = histogram([0.1, 0.25, 0.25, 0.35, 0.4, NaN], 3);
    expect(h.counts).toEqual([1, 2, 2]);
    expect(h.density.reduce((a, d) => a + d * h.width, 0)).toBeCloseTo(1, 12);
    expect(histogram([]).counts).toEqual([]);
  });
});

/** granular-cli chain --setup '{"spheres":3,"diameter":[1,2,0.5],"mass":[1,8,0.125],"gap":[0.5,1],"restitution":1}', verbatim */
const RUN_UNEQUAL =
  '{"ok":true,"precision":"double","collisions":2,"collapsed":false,"truncated":false,"message":"","endTime":5,"finalVelocity":[-0.7777777777777777,0.21538461538461537,0.4376068376068376],"finalPosition":[-2.9999999999999996,3.0000000000000004,4.25],"log":[{"time":0.5,"pair":0,"position":[0.5,2,4.25],"velocity":[-0.7777777777777777,0.2222222222222222,0]},{"time":5,"pair":1,"position":[-2.9999999999999996,3.0000000000000004,4.25],"velocity":[-0.7777777777777777,0.21538461538461537,0.4376068376068376]}]}';

describe('custom row: list fields', () => {
  it('reads one value or one per sphere / pair, separated by commas, semicolons or spaces', () => {
    expect(parseList('3, 1', 'mass', 2)).toEqual({ ok: true, value: [3, 1] });
    expect(parseList(' 0.5 ', 'gap', 4)).toEqual({ ok: true, value: [0.5] });
    expect(parseList('1;0 0,-2e-1', 'velocity', 4)).toEqual({ ok: true, value: [1, 0, 0, -0.2] });
    expect(parseList('1, 0.9, 0.8', 'restitution', 4)).toEqual({ ok: true, value: [1, 0.9, 0.8] });
  });

  it('names the list and the value in every refusal', () => {
    const msg = (text: string, key: Parameters<typeof parseList>[1], n: number): string => {
      const r = parseList(text, key, n);
      return r.ok ? 'accepted' : r.message;
    };
    expect(msg('', 'mass', 4)).toBe('masses is empty: enter 1 value (every sphere) or 4 (one per sphere)');
    expect(msg('3, x', 'mass', 2)).toBe('masses: value 2 of 2, "x", is not a number');
    expect(msg('abc', 'diameter', 2)).toBe('diameters = "abc" is not a number');
    expect(msg('0x10', 'gap', 2)).toBe('gaps = "0x10" is not a number');
    expect(msg('1, 1e999', 'velocity', 2)).toBe('initial velocities: value 2 of 2, "1e999", is not finite');
    expect(msg('1, Infinity', 'velocity', 2)).toBe('initial velocities: value 2 of 2, "Infinity", is not finite');
    expect(msg('1, 0, 0', 'velocity', 4)).toBe('initial velocities: 3 values for 4 spheres; enter 1 value (every sphere) or 4 (one per sphere)');
    expect(msg('1, 1, 1', 'gap', 3)).toBe('gaps: 3 values for 2 pairs; enter 1 value (every pair) or 2 (one per pair)');
    expect(msg('1, 1', 'restitution', 2)).toBe('restitution: 2 values for 1 pair; enter 1 value (every pair) or 1 (one per pair)');
  });

  it('expands single values, places the centres from the gaps and writes the engine\'s JSON', () => {
    const row = { diameter: [1, 2, 0.5], mass: [1], velocity: [1, 0, 0], gap: [0.5, 1], restitution: [0.9] };
    const full = expandRow(row, 3);
    expect(full.mass).toEqual([1, 1, 1]);
    expect(full.restitution).toEqual([0.9, 0.9]);
    expect(rowPositions(full)).toEqual([0, 2, 4.25]);
    expect(rowPositions(standardRow(4, 0.5))).toEqual([0, 2, 4, 6]);
    expect(JSON.parse(setupJson(row, 3, true))).toEqual({ spheres: 3, diameter: [1, 2, 0.5], mass: 1, velocity: [1, 0, 0], gap: [0.5, 1], restitution: 0.9, extended: true });
  });

  it('checks the physical ranges in the engine\'s words, and finds the list an engine message names', () => {
    const ok = newtonsCradle();
    expect(rowProblem(ok.row, ok.spheres)).toBeNull();
    expect(rowProblem({ ...ok.row, mass: [1, 1, -1, 1, 1] }, 5)).toBe('mass[2] = -1: must be > 0');
    expect(rowProblem({ ...ok.row, gap: [-0.1] }, 5)).toBe('gap[0] = -0.1: must be >= 0 m');
    expect(rowProblem({ ...ok.row, restitution: [1.2] }, 5)).toBe('restitution[0] = 1.2: must be in [0, 1]');
    expect(rowProblem({ ...ok.row, diameter: [1, 1] }, 5)).toMatch(/^diameter = \[1,1\]: must be a number or an array of 5 numbers/);
  });

  // the field read "mass[0] = 0: must be > 0 (sphere 1)": counted from 0 and from 1 in one line
  it('says an engine message about the row in the page\'s numbering, spheres from 1, next to the list it names', () => {
    expect(rowMessage('mass[2] = -1: must be > 0')).toEqual({ key: 'mass', text: 'mass of sphere 3 = -1: must be > 0' });
    expect(rowMessage('velocity[0] = nan: must be finite')).toEqual({ key: 'velocity', text: 'initial velocity of sphere 1 = nan: must be finite' });
    expect(rowMessage('restitution[0] = 1.2: must be in [0, 1]')).toEqual({ key: 'restitution', text: 'restitution of pair 1–2 = 1.2: must be in [0, 1]' });
    expect(rowMessage('gap[1] = -1: must be >= 0 m')).toEqual({ key: 'gap', text: 'gap of pair 2–3 = -1: must be >= 0 m' });
    expect(rowMessage('position[1]: sphere overlaps sphere 0 by 0.1 m')).toEqual({ key: 'gap', text: 'sphere 2 overlaps sphere 1 by 0.1 m (gap of pair 1–2)' });
    expect(rowMessage('diameter = [1,1]: must be a number or an array of 5 numbers')).toEqual({ key: 'diameter', text: 'diameter = [1,1]: must be a number or an array of 5 numbers' });
    expect(rowMessage('spheres = 1: must be between 2 and 1000')).toEqual({ key: null, text: 'spheres = 1: must be between 2 and 1000' });
    // a share link's row is told in the same numbering
    expect(readCustom({ ...newtonsCradle().row, mass: [1, 1, -1, 1, 1] }, 5)).toBe('custom row: mass of sphere 3 = -1: must be > 0');
    for (const text of [rowMessage('mass[0] = 0: must be > 0').text, rowMessage('position[3]: sphere overlaps sphere 2 by 1 m').text]) {
      expect(text).not.toMatch(/\[\d+\]|sphere 0\b/);
    }
  });
});

describe('timeline with unequal diameters', () => {
  const run = parseChainRun(RUN_UNEQUAL);
  const setup = expandRow({ diameter: [1, 2, 0.5], mass: [1, 8, 0.125], velocity: [1, 0, 0], gap: [0.5, 1], restitution: [1] }, 3);
  const tl = buildTimeline(run, setup);

  it('starts from the set-up and gives y_k = x_k+1 − x_k − (d_k + d_k+1)/2: the gaps at t = 0, 0 at each contact', () => {
    expect(tl.diameters).toEqual([1, 2, 0.5]);
    expect(tl.positions.map((x) => x[0])).toEqual([0, 2, 4.25]);
    expect(tl.gaps.map((y) => y[0])).toEqual([0.5, 1]);
    expect(run.log.length).toBeGreaterThan(1);
    run.log.forEach((c, n) => expect(Math.abs(tl.gaps[c.pair]![n + 1]!)).toBeLessThan(1e-12));
    for (const y of tl.gaps) for (const v of y) expect(v).toBeGreaterThan(-1e-12);
  });

  it('extends the animation by each sphere\'s own radius', () => {
    // sphere 1 (d = 1) bounces back and ends leftmost; sphere 3 (d = 0.5) ends rightmost
    expect(tl.time).toEqual([0, 0.5, 5, 7]);
    expect(extent(tl).min).toBeCloseTo(tl.positions[0]![3]! - 0.5, 12);
    expect(extent(tl).max).toBeCloseTo(4.25 + 2 * tl.velocities[2]![3]! + 0.25, 12);
  });
});

describe('share state: a custom row', () => {
  it('round-trips through the #s= codec', async () => {
    const s = defaultState();
    s.time = { e: 0.5, spheres: 2, precision: 'double', custom: { diameter: [1, 0.5], mass: [3, 1], velocity: [1, 0], gap: [0.5], restitution: [1] } };
    const back = await decodeState(await encodeState(s));
    expect(back.problems).toEqual([]);
    expect(back.state).toEqual(s);
  });

  it('refuses a damaged row with a reason and runs the standard set-up instead', () => {
    const row = { diameter: [1], mass: [3, 1], velocity: [1, 0], gap: [0.5], restitution: [1] };
    const decode = (custom: unknown, spheres = 2): { custom: unknown; problems: string[] } => {
      const { state, problems } = stateFromValue({ kind: 'chain-lab', time: { spheres, custom } });
      return { custom: state.time.custom, problems };
    };
    expect(decode(row)).toEqual({ custom: row, problems: [] });
    expect(decode(null)).toEqual({ custom: null, problems: [] });
    expect(decode({ ...row, mass: [3, -1] })).toEqual({ custom: null, problems: ['custom row: mass of sphere 2 = -1: must be > 0'] });
    expect(decode({ ...row, mass: [3, 1] }, 3).problems).toEqual(['custom row: mass = [3,1]: must be a number or an array of 3 numbers']);
    expect(decode({ ...row, gap: ['0.5'] }).problems[0]).toMatch(/^custom row: gap = \["0\.5"\] holds something other than numbers/);
    expect(decode({ ...row, velocity: Array(1000).fill(0) }).problems[0]).toMatch(/velocity must be a list of 1 to 20 numbers/);
    expect(decode({ ...row, density: [1] }).problems[0]).toBe('custom row: unknown field "density"');
    expect(decode([1, 2]).problems[0]).toBe('custom row = [1,2] is not an object');
    expect(readCustom('x', 2)).toBe('custom row = "x" is not an object');
  });
});
