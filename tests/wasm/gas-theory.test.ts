/**
 * The gas page's reference curves for discs of several kinds (web/src/plot/theory.ts) against the
 * real engine (WebAssembly), in set-ups where the theory applies: a square box, a homogeneous gas.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { compressibility, discGroups, mixtureCompressibility } from '../../web/src/plot/theory';
import type { GranularModule } from '../../web/src/sim/granular-wasm';
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
});
