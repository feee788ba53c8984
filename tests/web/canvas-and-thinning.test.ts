import { describe, expect, it } from 'vitest';
import { EvenThinning, everyOther } from '../../web/src/plot/thin';
import { SeriesStore } from '../../web/src/plot/series';
import { thinnedText } from '../../web/src/plot/plot-view';
import { LedgerSeries } from '../../web/src/soft/ledger-series';
import { CoordinateHistory } from '../../web/src/soft/coordinates';
import type { Observation, SoftLedger } from '../../web/src/sim/granular-wasm';
import { boundsAspect, sizeCanvas } from '../../web/src/render/view-transform';

describe('canvas sizing shared by both renderers', () => {
  it('aspect is height / width of the bounds, 1 when empty', () => {
    expect(boundsAspect({ minX: 0, minY: 0, maxX: 2, maxY: 1 })).toBe(0.5);
    expect(boundsAspect({ minX: -1, minY: -3, maxX: 1, maxY: 3 })).toBe(3);
    expect(boundsAspect({ minX: 0, minY: 0, maxX: 0, maxY: 1 })).toBe(1);
  });

  it('scales the backing store by the pixel ratio and clamps nonsense', () => {
    const canvas = { width: 0, height: 0 };
    expect(sizeCanvas(canvas, 300.4, 200, 2)).toEqual({ cssWidth: 300.4, cssHeight: 200, dpr: 2 });
    expect(canvas).toEqual({ width: 601, height: 400 });
    expect(sizeCanvas(canvas, 0, -5, 0)).toEqual({ cssWidth: 1, cssHeight: 1, dpr: 1 });
    expect(canvas).toEqual({ width: 1, height: 1 });
  });
});

describe('thinning a series', () => {
  it('keeps every other point from the first, and always the last', () => {
    expect(everyOther([0, 1, 2, 3, 4])).toEqual([0, 2, 4]);
    expect(everyOther([0, 1, 2, 3])).toEqual([0, 2, 3]);
    expect(everyOther([7])).toEqual([7]);
  });
});

/**
 * The kept instants of a long run are spread over all of it: as many in its first half as in its
 * second (within the one halving that may be under way), no gap wider than a few strides, the
 * first instant and the newest kept.
 */
function expectEven(time: readonly number[], samples: number, limit: number): void {
  expect(time.length).toBeLessThanOrEqual(limit);
  expect(time.length).toBeGreaterThan(limit / 4);
  expect(time[0]).toBe(0);
  expect(time[time.length - 1]).toBe(samples - 1);
  const firstHalf = time.filter((t) => t < samples / 2).length;
  const ratio = firstHalf / (time.length - firstHalf);
  expect(ratio).toBeGreaterThan(0.5);
  expect(ratio).toBeLessThan(2);
  let widest = 0;
  for (let k = 1; k < time.length; k++) widest = Math.max(widest, (time[k] as number) - (time[k - 1] as number));
  // the stride reaches at most 4 samples per point kept (samples / (limit / 4)); a provisional last point may sit closer
  expect(widest).toBeLessThanOrEqual((4 * samples) / limit);
}

describe('a long run keeps its whole history evenly', () => {
  const SAMPLES = 100_000;
  const LIMIT = 1000;

  it('the thinning keeps one sample in 2^k after k halvings, and always the newest', () => {
    const thinning = new EvenThinning(4);
    const kept: number[] = [];
    for (let i = 0; i < 12; i++) {
      if (thinning.offer() === 'replace') kept.pop();
      kept.push(i);
      if (thinning.over(kept.length)) {
        thinning.halved();
        kept.splice(0, kept.length, ...everyOther(kept));
      }
    }
    // 0..4 halved to 0, 2, 4; 5 held, 6 in its place; 0, 2, 4, 6, 7 halved to 0, 4, 7 (7 held);
    // 8 replaces 7; 9, 10, 11 held in turn, 11 the newest
    expect(kept).toEqual([0, 4, 8, 11]);
    expect(thinning.kept()).toEqual({ every: 4, atMost: 4 });
  });

  it("the gas page's energy, temperature and rate (an hour at 0.02 s kept only its first point and its last minutes)", () => {
    const store = new SeriesStore(LIMIT);
    const obs = (time: number): Observation => ({
      time, kineticEnergy: 1 + time, temperature: 1, collisions: time, wallHits: 0, collisionRate: 0,
      wallPressure: 0, energyDissipated: 0, energyInjected: 0,
    });
    for (let t = 0; t < SAMPLES; t += 100) store.push(Array.from({ length: 100 }, (_, k) => obs(t + k)));
    expectEven(store.time, SAMPLES, LIMIT);
    // every column stays aligned with the time
    expect(store.energy).toEqual(store.time.map((t) => 1 + t));
    expect(store.rate.length).toBe(store.time.length);
    expect(store.rootTemperature.length).toBe(store.time.length);
    expect(store.kinds.length).toBe(store.time.length);
    expect(store.kindsBefore.length).toBe(store.time.length);
    // and says how many it keeps, for the line under the plots (a researcher's CSV had every 2nd
    // output of the interval set, with nothing on the page saying so)
    const { every, atMost } = store.kept();
    expect(atMost).toBe(LIMIT);
    expect(every).toBeGreaterThan(1);
    expect(store.time[2]! - store.time[1]!).toBe(every);
    expect(new SeriesStore(LIMIT).kept()).toEqual({ every: 1, atMost: LIMIT });
    expect(thinnedText(2, 20_000)).toBe("Long run: drawn and exported, every 2nd output (the plot keeps at most 20,000 points; the CSV's times say which)");
    expect(thinnedText(64, 20_000)).toMatch(/^Long run: drawn and exported, every 64th output/);
  });

  it("the soft page's energy ledger and coordinate history", () => {
    const ledger = new LedgerSeries(LIMIT);
    const row = (time: number): SoftLedger => ({
      time, translational: time, rotational: 0, observer: 0, elastic: 0, potential: 0, damping: 0, friction: 0, total: time, initial: 0,
    });
    for (let t = 0; t < SAMPLES; t += 50) ledger.push(Array.from({ length: 50 }, (_, k) => row(t + k)));
    expectEven(ledger.time, SAMPLES, LIMIT);
    expect(ledger.parts.translational).toEqual(ledger.time);
    expect(ledger.total).toEqual(ledger.time);
    expect(ledger.kept().every).toBe(ledger.time[2]! - ledger.time[1]!);

    const history = new CoordinateHistory(1, LIMIT);
    history.track([0]);
    const stride = 1 + 6 + 2;
    for (let t = 0; t < SAMPLES; t += 10) {
      const block = new Float64Array(10 * stride);
      for (let k = 0; k < 10; k++) {
        block[k * stride] = t + k;
        block[k * stride + 1] = 2 * (t + k); // x of disc 0
      }
      history.push(block, 10, stride);
    }
    expectEven(history.time, SAMPLES, LIMIT);
    expect(history.series(0, 'x')).toEqual(history.time.map((t) => 2 * t));
    expect(history.kept().every).toBe(history.time[2]! - history.time[1]!);
  });
});
