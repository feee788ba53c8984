/**
 * The gas worker's runner (sim/runner.ts) over the real WebAssembly build: what its frames carry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { discGroups, enskogCoefficient, enskogRate, massKinds, maxwell2d, maxwellMixture, temperatureKinds } from '../../web/src/plot/theory';
import type { GranularModule, Observation } from '../../web/src/sim/granular-wasm';
import { AdvanceStatus, type FrameMessage, type FromWorker, type LoadedMessage } from '../../web/src/sim/protocol';
import { Runner } from '../../web/src/sim/runner';
import { measuredIntervals, SeriesStore } from '../../web/src/plot/series';
import { loadGranular, readRepoFile } from './load';

let mod: GranularModule;

beforeAll(async () => {
  mod = await loadGranular();
});

/** Runs (ticks as the page sends them) until the run ends; every frame the runner posted. */
async function runToEnd(json: string): Promise<FrameMessage[]> {
  const frames: FrameMessage[] = [];
  const runner = new Runner(mod, (message: FromWorker) => {
    if (message.type === 'frame') frames.push(message);
  });
  runner.handle({ type: 'speed', value: 0.05 });
  runner.handle({ type: 'load', json, origin: 'form', play: true });
  for (;;) {
    const last = frames[frames.length - 1];
    if (last && !last.running) return frames;
    const before = frames.length;
    runner.handle({ type: 'tick', dt: 0.1 });
    // the tick computes in slices and posts one frame when done; the next tick comes after the
    // pump has ended (a tick meanwhile is answered by the running pump's frame, as on the page)
    do await new Promise((resolve) => setTimeout(resolve, 0));
    while (frames.length === before);
  }
}

describe('gas runner', () => {
  it('a run stopped by inelastic collapse sends the observation of the instant it stopped at', async () => {
    const preset = JSON.parse(readRepoFile('scenarios/gas-dense-collapse.json')) as Record<string, unknown>;
    const json = JSON.stringify({ ...preset, collapse: { model: 'none' } });
    const frames = await runToEnd(json);
    const last = frames[frames.length - 1] as FrameMessage;
    expect(last.status).toBe(AdvanceStatus.Stopped);
    const observations: Observation[] = frames.flatMap((f) => f.observations);
    const final = observations[observations.length - 1] as Observation;
    // the stop falls strictly inside an output interval (0.005 s), after the last output instant
    // recorded and before the next: the frame's time is the stop's, not an output instant's
    const interval = (preset['output'] as { interval: number }).interval;
    const previous = observations[observations.length - 2] as Observation;
    expect(previous.time).toBeCloseTo(last.outputIndex * interval, 12);
    expect(last.time).toBeGreaterThan(previous.time);
    expect(last.time).toBeLessThan(previous.time + interval);
    // the read-out and the plots end where the canvas and the clock are: at the stop
    expect(final.time).toBe(last.time);
    expect(final.collisions).toBeGreaterThan(previous.collisions);
    // once only
    expect(observations.filter((o) => o.time === last.time)).toHaveLength(1);
  }, 60_000);

  it('a collapse at the instant of the record before it sends both records, and the series keeps both', async () => {
    // seven touching discs in a row (radius and spacing exact in binary), the end ones moving in:
    // at r = 0 they collide 10,000 times in a row at t = 0, and the engine stops there
    const R = 0.03125;
    const discs = Array.from({ length: 7 }, (_, i) => ({ x: 0.125 + 2 * R * i, y: 0.5, radius: R, vx: i === 0 ? 1 : i === 6 ? -1 : i === 2 ? 0.25 : 0 }));
    const json = JSON.stringify({ schema: 1, discs, restitution: 0, collapse: { model: 'none' }, output: { interval: 0.02 } });
    const frames = await runToEnd(json);
    const last = frames[frames.length - 1] as FrameMessage;
    expect(last.status).toBe(AdvanceStatus.Stopped);
    expect(last.time).toBe(0);
    const observations: Observation[] = frames.flatMap((f) => f.observations);
    // the initial record, then the stop's: same instant, 10,000 collisions and a fifth of the energy later
    expect(observations.map((o) => o.time)).toEqual([0, 0]);
    const [initial, stop] = observations as [Observation, Observation];
    expect(initial.collisions).toBe(0);
    expect(stop.collisions).toBeGreaterThan(10_000);
    expect(stop.kineticEnergy).toBeLessThan(0.8 * initial.kineticEnergy);
    expect(stop.kineticEnergy + stop.energyDissipated).toBeCloseTo(initial.kineticEnergy, 15);
    // the plots' store: the energy drops at t = 0; no interval, so no measured rate
    const store = new SeriesStore();
    for (const f of frames) store.push(f.observations);
    expect(store.time).toEqual([0, 0]);
    expect(store.energy).toEqual([initial.kineticEnergy, stop.kineticEnergy]);
    expect(measuredIntervals(store.time)).toEqual([]);
  }, 60_000);

  it("frames carry each kind of mass's temperature at every record (a mixture), none for equal discs", async () => {
    // 400 discs of radii 5 to 10 mm, as generated at one rms speed: four kinds of mass, heavy ones hotter
    const mixture = JSON.stringify({ schema: 1, seed: 2, generate: { count: 400, radius: 0.005, radiusMax: 0.01, speed: 1 }, restitution: 0.9, output: { interval: 0.01, duration: 0.05 } });
    let loaded: LoadedMessage | null = null;
    const frames: FrameMessage[] = [];
    const runner = new Runner(mod, (message: FromWorker) => {
      if (message.type === 'loaded') loaded = message;
      if (message.type === 'frame') frames.push(message);
    });
    runner.handle({ type: 'load', json: mixture, origin: 'form', play: false });
    for (let k = 0; k < 5; k++) {
      const before = frames.length;
      runner.handle({ type: 'step' });
      do await new Promise((resolve) => setTimeout(resolve, 0));
      while (frames.length === before || frames[frames.length - 1]?.running);
    }
    const kinds = temperatureKinds((loaded as LoadedMessage | null)?.masses ?? []);
    expect(kinds.mass).toHaveLength(4);
    const observations = frames.flatMap((f) => f.observations);
    const temperatures = frames.flatMap((f) => f.kindTemperatures);
    expect(observations.map((o) => o.time)).toEqual([0, 0.01, 0.02, 0.03, 0.04, 0.05].slice(0, observations.length));
    expect(observations.length).toBeGreaterThanOrEqual(5);
    expect(temperatures).toHaveLength(observations.length);
    observations.forEach((o, k) => {
      const own = temperatures[k] ?? [];
      expect(own).toHaveLength(4);
      // the kinds' temperatures, weighted by their shares, are the gas's
      expect(own.reduce((sum, t, a) => sum + t * (kinds.share[a] as number), 0) / o.temperature).toBeCloseTo(1, 12);
    });
    // at one rms speed, the heaviest discs start the hottest
    const first = temperatures[0] ?? [];
    expect((first[3] as number) / (first[0] as number)).toBeGreaterThan(2);
    // equal discs: the observation's T is theirs
    const equal = await runToEnd(JSON.stringify({ schema: 1, seed: 2, generate: { count: 400, radius: 0.005, speed: 1 }, output: { interval: 0.01, duration: 0.03 } }));
    const none = equal.flatMap((f) => f.kindTemperatures);
    expect(none.length).toBe(equal.flatMap((f) => f.observations).length);
    expect(none.every((t) => t.length === 0)).toBe(true);
  }, 60_000);

  it("the histogram's Maxwell curve of a polydisperse gas in equilibrium is the mixture of each disc mass's", () => {
    // the L-shaped room's discs, elastic, with radii 8 to 30 mm (masses 1 to 14)
    const preset = JSON.parse(readRepoFile('scenarios/gas-polygon.json')) as { generate: Record<string, unknown> };
    const json = JSON.stringify({ ...preset, restitution: 1, generate: { ...preset.generate, radiusMax: 0.03 } });
    let loaded: LoadedMessage | null = null;
    new Runner(mod, (message: FromWorker) => {
      if (message.type === 'loaded') loaded = message;
    }).handle({ type: 'load', json, origin: 'form', play: false });
    const masses = (loaded as LoadedMessage | null)?.masses;
    const world = new mod.World(json);
    expect(Array.from(masses ?? [])).toEqual(Array.from(world.masses()));
    const groups = massKinds(masses ?? []);
    // the speed histogram averaged over t = 2 ... 40 s (some 200 collisions per disc from the start)
    while (world.time() < 2) world.advance(1_000_000);
    const bins = world.histogram().length;
    const mean = new Float64Array(bins);
    let samples = 0;
    while (world.time() < 40) {
      world.advance(1_000_000);
      world.histogram().forEach((d, k) => (mean[k] = (mean[k] as number) + d));
      samples++;
    }
    const width = world.histogramMax() / bins;
    const temperature = world.observation().temperature;
    const meanMass = world.theory().meanMass;
    world.delete();
    /** ∫ |histogram - f| dv, f averaged over each bin */
    const distance = (f: (v: number) => number): number => {
      let sum = 0;
      for (let k = 0; k < bins; k++) {
        let binMean = 0;
        for (let j = 0; j < 20; j++) binMean += f((k + (j + 0.5) / 20) * width) / 20;
        sum += Math.abs((mean[k] as number) / samples - binMean) * width;
      }
      return sum;
    };
    const mixture = distance((v) => maxwellMixture(v, groups, temperature));
    // one Maxwell curve at the mean mass is far off (0.20 of the probability misplaced)
    expect(distance((v) => maxwell2d(v, meanMass, temperature))).toBeGreaterThan(0.15);
    // the mixture is within the sampling noise of the average (0.017)
    expect(mixture).toBeLessThan(0.03);
  }, 60_000);

  it("a polydisperse gas collides as often as the mixture's Enskog rate says", () => {
    // the same elastic L-shaped room of radii 8 to 30 mm, from t = 2 s to 100 s
    const preset = JSON.parse(readRepoFile('scenarios/gas-polygon.json')) as { generate: Record<string, unknown> };
    const world = new mod.World(JSON.stringify({ ...preset, restitution: 1, generate: { ...preset.generate, radiusMax: 0.03 } }));
    const theory = world.theory();
    const coefficient = enskogCoefficient(discGroups(world.radii(), world.masses()), theory);
    while (world.time() < 2) world.advance(1_000_000);
    const start = world.observation();
    while (world.time() < 100) world.advance(1_000_000);
    const end = world.observation();
    const count = world.count();
    world.delete();
    const measured = (2 * (end.collisions - start.collisions)) / (count * (end.time - start.time));
    // elastic: one temperature throughout
    const T = end.temperature;
    expect(Math.abs(coefficient * Math.sqrt(T) / measured - 1)).toBeLessThan(0.04);
    // the mean diameter and mass gave a rate 13 % low
    expect(enskogRate(T, theory) / measured).toBeLessThan(0.9);
  }, 60_000);

  it('the Enskog rate drawn is that over each output interval, as the measured rate', () => {
    // 5000 discs at r = 0.5: the temperature falls to 40 % within the first 0.05 s interval
    const world = new mod.World(JSON.stringify({
      schema: 1, seed: 3, generate: { count: 5000, radius: 0.002, speed: 1 }, restitution: 0.5, wallRestitution: 1, output: { interval: 0.05 },
    }));
    const coefficient = enskogCoefficient(discGroups(world.radii(), world.masses()), world.theory());
    const store = new SeriesStore();
    store.push([world.observation()]);
    for (let k = 0; k < 4; k++) {
      while (world.advance(1_000_000) !== AdvanceStatus.Output);
      store.push([world.observation()]);
    }
    world.delete();
    for (let k = 1; k <= 4; k++) {
      const measured = store.rate[k] as number;
      // what the plot draws (rate-plot.ts)
      expect(Math.abs((coefficient * (store.rootTemperature[k] as number)) / measured - 1)).toBeLessThan(0.05);
    }
    // at the first interval's end T the curve fell 18 % short
    expect((coefficient * Math.sqrt(store.temperature[1] as number)) / (store.rate[1] as number)).toBeLessThan(0.85);
  }, 60_000);
});
