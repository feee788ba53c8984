/**
 * The gas page's reference curves for discs of several kinds (web/src/plot/theory.ts) against the
 * real engine (WebAssembly), in set-ups where the theory applies: a square box, a homogeneous gas.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compressibility, coolingEnergy, coolingKinds, discGroups, enskogCoefficient, groupTemperatures, haffEnergy, hardDiscPressure, kindGeometry, kindsEnskogRate,
  kindTemperatures, massKinds, mixtureCompressibility, temperatureKinds,
} from '../../web/src/plot/theory';
import type { GranularModule } from '../../web/src/sim/granular-wasm';
import type { FromWorker, LoadedMessage } from '../../web/src/sim/protocol';
import { Runner } from '../../web/src/sim/runner';
import { loadGranular } from './load';

let mod: GranularModule;

beforeAll(async () => {
  mod = await loadGranular();
});

/** uniform on [0, 1), seeded */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** a standard normal draw (Box-Muller) */
function gauss(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

interface DiscSpec {
  radius: number;
  mass: number;
}

/**
 * Discs on the sites of a side × side lattice in the unit box, in random order, with Gaussian
 * velocity components: at one temperature T0 for every disc (equipartition), or at one rms speed
 * for every disc, whatever its mass (as `generate` does).
 */
function latticeScenario(
  discs: readonly DiscSpec[], side: number, seed: number, restitution: number, interval: number, velocities: 'temperature' | 'speed',
): string {
  const rand = lcg(seed);
  const sites = Array.from({ length: side * side }, (_, k) => k);
  for (let k = sites.length - 1; k > 0; k--) {
    const j = Math.floor(rand() * (k + 1));
    [sites[k], sites[j]] = [sites[j] as number, sites[k] as number];
  }
  const T0 = 1e-4;
  const meanMass = discs.reduce((a, d) => a + d.mass, 0) / discs.length;
  const placed = discs.map((d, k) => {
    const site = sites[k] as number;
    const s = Math.sqrt(T0 / (velocities === 'temperature' ? d.mass : meanMass));
    return {
      x: ((site % side) + 0.5) / side, y: (Math.floor(site / side) + 0.5) / side, radius: d.radius, mass: d.mass,
      vx: s * gauss(rand), vy: s * gauss(rand),
    };
  });
  return JSON.stringify({ schema: 1, discs: placed, restitution, wallRestitution: 1, output: { interval } });
}

/** the centres of `count` discs of one radius placed at random in the unit box by the engine */
function placedDiscs(count: number, radius: number, seed: number): { x: number; y: number }[] {
  const world = new mod.World(JSON.stringify({ schema: 1, seed, generate: { count, radius } }));
  const p = world.positions();
  const out = Array.from({ length: count }, (_, i) => ({ x: p[2 * i] as number, y: p[2 * i + 1] as number }));
  world.delete();
  return out;
}

/** discs at the given centres with Gaussian velocities, as latticeScenario gives them */
function scenarioOf(
  discs: readonly (DiscSpec & { x: number; y: number })[], seed: number, restitution: number, interval: number, velocities: 'temperature' | 'speed',
): string {
  const rand = lcg(seed);
  const T0 = 1e-4;
  const meanMass = discs.reduce((a, d) => a + d.mass, 0) / discs.length;
  const placed = discs.map((d) => {
    const s = Math.sqrt(T0 / (velocities === 'temperature' ? d.mass : meanMass));
    return { x: d.x, y: d.y, radius: d.radius, mass: d.mass, vx: s * gauss(rand), vy: s * gauss(rand) };
  });
  return JSON.stringify({ schema: 1, discs: placed, restitution, wallRestitution: 1, output: { interval } });
}

/** Z = P / (n T) on the walls, averaged over the output instants in (from, to] s */
function measuredCompressibility(json: string, from: number, to: number): number {
  const world = new mod.World(json);
  const n = world.theory().numberDensity;
  let pressure = 0;
  let nT = 0;
  while (world.time() < to - 1e-12) {
    world.advance(10_000_000);
    const o = world.observation();
    if (o.time <= from) continue;
    pressure += o.wallPressure;
    nT += n * o.temperature;
  }
  world.delete();
  return pressure / nT;
}

describe('mixtures against the engine', () => {
  it("the wall pressure of discs of radii 1 : 2 follows the mixture's equation of state, not the mean size's", () => {
    // 2000 elastic discs at ν = 0.3 in the unit box, from 1 s to 11 s (some 1500 collisions per disc)
    const N = 2000;
    const small = Math.sqrt(0.3 / (Math.PI * 1000 * 5));
    const mixture = Array.from({ length: N }, (_, k) => {
      const radius = k < N / 2 ? small : 2 * small;
      return { radius, mass: Math.PI * radius * radius };
    });
    const single = Math.sqrt(0.3 / (Math.PI * N));
    const equal = Array.from({ length: N }, () => ({ radius: single, mass: Math.PI * single * single }));
    const mixtureJson = latticeScenario(mixture, 45, 7, 1, 0.05, 'temperature');
    const world = new mod.World(mixtureJson);
    const theory = world.theory();
    const z = mixtureCompressibility(discGroups(world.radii(), world.radii()), theory);
    world.delete();
    expect(theory.areaFraction).toBeCloseTo(0.3, 12);
    // Henderson's Z at the same ν (what the mean size gives) and the mixture's
    const zMean = compressibility(theory);
    expect(zMean).toBeCloseTo(2.0638, 4);
    expect(z).toBeCloseTo(2.0003, 4);
    const measured = measuredCompressibility(mixtureJson, 1, 11);
    // The walls of a box add a term of order R / L to the measured Z (+0.04 here); equal discs in
    // the same box, at the same ν, measure it against Henderson's Z
    const wallTerm = measuredCompressibility(latticeScenario(equal, 45, 7, 1, 0.05, 'temperature'), 1, 11) - zMean;
    expect(wallTerm).toBeGreaterThan(0.02);
    expect(wallTerm).toBeLessThan(0.06);
    // Natively, over eight seeds: measured − wall term = z − 0.0036, spread 0.0023 (the contact
    // values' own error is 0.0017 in the bulk, the walls' terms differ by a little more)
    expect(Math.abs(measured - wallTerm - z)).toBeLessThan(0.012);
    // the mean size's Z is 0.06 away
    expect(Math.abs(measured - wallTerm - zMean)).toBeGreaterThan(0.05);
  }, 120_000);

  /**
   * rms relative deviation of the measured E_kin from three curves, over the output instants until
   * T falls to a fifth: the page's (coolingEnergy, from the runner's 'loaded' message), Haff's law
   * with the engine's mean-disc τ, and Haff's law with a common temperature (the mixture's Enskog rate)
   */
  function coolingDeviations(json: string): { page: number; mean: number; common: number; mixture: boolean } {
    let loaded: LoadedMessage | null = null;
    new Runner(mod, (message: FromWorker) => {
      if (message.type === 'loaded') loaded = message;
    }).handle({ type: 'load', json, origin: 'form', play: false });
    const msg = loaded as LoadedMessage | null;
    if (!msg) throw new Error('not loaded');
    const theory = msg.theory;
    const e0 = msg.count * theory.temperature0;
    const kinds = coolingKinds(msg.radii, msg.masses, msg.energies);
    const page = coolingEnergy(kinds, theory, e0);
    const omega0 = enskogCoefficient(discGroups(msg.radii, msg.masses), theory) * Math.sqrt(theory.temperature0);
    const tauCommon = 4 / ((1 - theory.restitution ** 2) * omega0);
    const world = new mod.World(json);
    const sums = { page: 0, mean: 0, common: 0 };
    let k = 0;
    for (;;) {
      world.advance(10_000_000);
      const o = world.observation();
      if (o.kineticEnergy < e0 / 5) break;
      const t = o.time;
      sums.page += (o.kineticEnergy / page(t) - 1) ** 2;
      sums.mean += (o.kineticEnergy / haffEnergy(t, e0, theory.haffTau) - 1) ** 2;
      sums.common += (o.kineticEnergy / haffEnergy(t, e0, tauCommon) - 1) ** 2;
      k++;
    }
    world.delete();
    return { page: Math.sqrt(sums.page / k), mean: Math.sqrt(sums.mean / k), common: Math.sqrt(sums.common / k), mixture: kinds.radius.length > 1 };
  }

  /** the mean of each deviation over the set-ups given */
  function meanDeviations(jsons: readonly string[]): { page: number; mean: number; common: number } {
    const all = jsons.map((json) => coolingDeviations(json));
    const mean = (key: 'page' | 'mean' | 'common'): number => all.reduce((a, d) => a + d[key], 0) / all.length;
    expect(all.every((d) => d.mixture)).toBe(true);
    return { page: mean('page'), mean: mean('mean'), common: mean('common') };
  }

  // 2000 discs at ν = 0.1 in the unit box, r = 0.9, elastic walls, placed at random (seeds 1 to 4):
  // the gas stays nearly homogeneous while T falls to a fifth. The runs are deterministic.
  const SEEDS = [1, 2, 3, 4];
  const cooling = (seed: number, radiusMax: number | null): string => JSON.stringify({
    schema: 1, seed, generate: { count: 2000, radius: 0.002, radiusMax, areaFraction: 0.1, speed: 1 },
    restitution: 0.9, wallRestitution: 1, output: { interval: 0.01 },
  });

  it("radii 1 to 3 as generated (one rms speed, so heavy discs start hotter) cool as the kinds' cooling says", () => {
    const d = meanDeviations(SEEDS.map((seed) => cooling(seed, 0.006)));
    // equal discs in the same set-up follow Haff's law only so closely (1.1 % to 1.7 %)
    const equal = SEEDS.map((seed) => {
      const json = cooling(seed, null);
      const world = new mod.World(json);
      const theory = world.theory();
      const e0 = world.observation().kineticEnergy;
      let sum = 0;
      let k = 0;
      for (;;) {
        world.advance(10_000_000);
        const o = world.observation();
        if (o.kineticEnergy < e0 / 5) break;
        sum += (o.kineticEnergy / haffEnergy(o.time, e0, theory.haffTau) - 1) ** 2;
        k++;
      }
      world.delete();
      return Math.sqrt(sum / k);
    });
    const control = equal.reduce((a, b) => a + b, 0) / equal.length;
    expect(control).toBeLessThan(0.02);
    // the kinds' cooling as closely (1.5 %) as that; Haff's law with the mean disc (3.7 %) and with
    // a common temperature (4.3 %) at least twice as far off
    expect(d.page).toBeLessThan(control + 0.005);
    expect(d.mean).toBeGreaterThan(2 * d.page);
    expect(d.common).toBeGreaterThan(2 * d.page);
  }, 120_000);

  it("masses 1 : 4 cool as the kinds' cooling says, from one rms speed or one temperature", () => {
    const N = 2000;
    const radius = Math.sqrt(0.1 / (Math.PI * N));
    for (const velocities of ['speed', 'temperature'] as const) {
      const d = meanDeviations(SEEDS.map((seed) => {
        const discs = placedDiscs(N, radius, seed).map((p, k) => ({ ...p, radius, mass: k % 2 === 0 ? 1e-4 : 4e-4 }));
        return scenarioOf(discs, seed, 0.9, 0.01, velocities);
      }));
      // measured 1.5 % and 1.6 %; the mean disc 7.5 % and 9.9 %, a common temperature 7.6 % and 4.4 %
      expect(d.page).toBeLessThan(0.025);
      expect(d.mean).toBeGreaterThan(3 * d.page);
      expect(d.common).toBeGreaterThan(2 * d.page);
    }
  }, 120_000);

  /**
   * A cooling mixture's kinds drift apart (heavy discs hotter). Over the output intervals until T
   * falls to a fifth: the mean relative deviation of the measured collision rate from the Enskog
   * rate at one common temperature and with each kind at its own (the mean of the interval's ends,
   * as the page draws them); and the mean Kolmogorov distance of the discs' speeds, every fifth
   * instant, from the Maxwell mixture at one temperature and with each kind at its own.
   */
  function kindsAgainstCommon(json: string): { rate: { common: number; kinds: number }; speeds: { common: number; kinds: number }; hotter: number } {
    const world = new mod.World(json);
    const theory = world.theory();
    const radii = world.radii().slice();
    const masses = world.masses().slice();
    const n = masses.length;
    // what the page draws: the kinds of mass measured (temperatureKinds), the rate over all the discs' groups at one T
    const kinds = temperatureKinds(masses);
    const coefficient = enskogCoefficient(discGroups(radii, masses), theory);
    const geometry = kindGeometry(kinds, radii);
    if (!geometry) throw new Error('no kinds');
    const rateOf = kindsEnskogRate(geometry, theory, coefficient);
    const byMass = massKinds(masses);
    const measure = (): { T: number; kinds: number[] } => ({ T: world.observation().temperature, kinds: kindTemperatures(kinds, masses, world.velocities()) });
    const e0 = world.observation().kineticEnergy;
    let before = measure();
    const rate = { common: 0, kinds: 0 };
    const speeds = { common: 0, kinds: 0 };
    let intervals = 0;
    let instants = 0;
    let hotter = 1;
    for (let step = 1; ; step++) {
      world.advance(10_000_000);
      const o = world.observation();
      if (o.kineticEnergy < e0 / 5) break;
      const now = measure();
      const common = (coefficient * (Math.sqrt(before.T) + Math.sqrt(now.T))) / 2;
      const own = (rateOf(before.kinds) + rateOf(now.kinds)) / 2;
      rate.common += o.collisionRate / common - 1;
      rate.kinds += o.collisionRate / own - 1;
      intervals++;
      before = now;
      hotter = (now.kinds[1] as number) / (now.kinds[0] as number);
      if (step % 5 !== 0) continue;
      const v = world.velocities();
      const sorted = Array.from({ length: n }, (_, i) => ({ speed: Math.hypot(v[2 * i] as number, v[2 * i + 1] as number) })).sort((a, b) => a.speed - b.speed);
      const groupT = groupTemperatures(byMass.index, byMass.mass.length, kinds.index, now.kinds);
      const cdf = (speed: number, temperatures: readonly number[]): number =>
        byMass.mass.reduce((sum, m, k) => sum + (byMass.share[k] as number) * (1 - Math.exp((-m * speed * speed) / (2 * (temperatures[k] as number)))), 0);
      let dCommon = 0;
      let dKinds = 0;
      sorted.forEach(({ speed }, r) => {
        dCommon = Math.max(dCommon, Math.abs((r + 0.5) / n - cdf(speed, byMass.mass.map(() => now.T))));
        dKinds = Math.max(dKinds, Math.abs((r + 0.5) / n - cdf(speed, groupT)));
      });
      speeds.common += dCommon;
      speeds.kinds += dKinds;
      instants++;
    }
    world.delete();
    return { rate: { common: rate.common / intervals, kinds: rate.kinds / intervals }, speeds: { common: speeds.common / instants, kinds: speeds.kinds / instants }, hotter };
  }

  it('masses 1 : 4 cooling: the collision rate and the speeds follow each kind at its own temperature, not one common one', () => {
    const N = 2000;
    const radius = Math.sqrt(0.1 / (Math.PI * N));
    for (const velocities of ['speed', 'temperature'] as const) {
      const all = SEEDS.map((seed) => {
        const discs = placedDiscs(N, radius, seed).map((p, k) => ({ ...p, radius, mass: k % 2 === 0 ? 1e-4 : 4e-4 }));
        return kindsAgainstCommon(scenarioOf(discs, seed, 0.9, 0.01, velocities));
      });
      const mean = (f: (d: (typeof all)[number]) => number): number => all.reduce((a, d) => a + f(d), 0) / all.length;
      const rate = { common: mean((d) => d.rate.common), kinds: mean((d) => d.rate.kinds) };
      const speeds = { common: mean((d) => d.speeds.common), kinds: mean((d) => d.speeds.kinds) };
      // the heavy discs end 17 % (from one rms speed) and 22 % (from one temperature) hotter
      expect(mean((d) => d.hotter)).toBeGreaterThan(1.1);
      // the measured rate lay 2.3 % and 1.4 % under the common temperature's Enskog rate, 0.6 % and
      // 0.3 % over the kinds'
      expect(Math.abs(rate.kinds)).toBeLessThan(0.01);
      expect(Math.abs(rate.kinds)).toBeLessThan(Math.abs(rate.common) / 2);
      // Kolmogorov distances 0.025 and 0.022 from the common temperature's Maxwell mixture, 0.017 from
      // the kinds' (what 2000 speeds drawn from the curve itself give: 0.87/√2000 = 0.019)
      expect(speeds.kinds).toBeLessThan(speeds.common - 0.003);
    }
  }, 120_000);
});

/**
 * The read-out's wall pressure (mean over output intervals) against its equation of state at the box's
 * mean n and T, with walls of restitution r_w: inelastic walls cool the gas next to them, leaving it
 * uneven, which the equation of state of a uniform gas does not know.
 */
describe('the wall pressure with inelastic walls', () => {
  /** Σ P_wall / Σ n T Z over the output instants in (0.4, 2] s: 2000 discs at ν = 0.1, r = 0.9, a cooling gas */
  function pressureRatio(wallRestitution: number, seed: number): number {
    const count = 2000;
    const radius = Math.sqrt(0.1 / (Math.PI * count));
    const world = new mod.World(JSON.stringify({
      schema: 1, seed, generate: { count, radius, speed: 1 }, restitution: 0.9, wallRestitution, output: { interval: 0.01 },
    }));
    const theory = world.theory();
    let measured = 0;
    let eos = 0;
    while (world.time() < 2 - 1e-12) {
      world.advance(100_000_000);
      const o = world.observation();
      if (o.time <= 0.4) continue;
      measured += o.wallPressure;
      eos += hardDiscPressure(o.temperature, theory);
    }
    world.delete();
    return measured / eos;
  }

  it('reads above the equation of state, the more the more inelastic the walls: 2 % at r_w = 0.9, 14 % at 0.5', () => {
    const seeds = [1, 2, 3, 4];
    const mean = (rw: number): number => seeds.reduce((a, seed) => a + pressureRatio(rw, seed), 0) / seeds.length;
    const elastic = mean(1);
    // elastic walls: within a few per cent (the box's wall term, the cooling within an interval)
    expect(Math.abs(elastic - 1)).toBeLessThan(0.03);
    // the same starts, walls at 0.9: 1.8 % higher, about one run's spread (1.7 %); at 0.5, 13.2 %
    // (six seeds: +1.7 % at 0.95, +2.2 % at 0.9, +5.1 % at 0.8, +7.5 % at 0.7, +13.8 % at 0.5)
    const at = { 0.9: mean(0.9) - elastic, 0.5: mean(0.5) - elastic };
    expect(at[0.9]).toBeGreaterThan(0);
    expect(at[0.9]).toBeLessThan(0.04);
    expect(at[0.5]).toBeGreaterThan(0.1);
    expect(at[0.5]).toBeLessThan(0.18);
  }, 120_000);
});
