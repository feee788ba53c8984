import { describe, expect, it } from 'vitest';
import { measuredIntervals, runTimeRange, SeriesStore } from '../../web/src/plot/series';
import {
  binCenters, compressibility, discGroups, enskogCoefficient, enskogKindsRate, enskogRate, groupTemperatures, haffApplies, haffEnergy, haffObstacle,
  hardDiscPressure, kindGeometry, kindsEnskogRate, kindTemperatures, MASS_GROUPS_MAX, massKinds, maxwell2d, maxwellKinds, maxwellMixture, mixtureCompressibility,
  coolingEnergy, coolingKinds, COOLING_KINDS_MAX, MixtureCooling, temperatureKinds,
} from '../../web/src/plot/theory';
import { WindowMean } from '../../web/src/plot/window-mean';
import { noHaffNote } from '../../web/src/plot/energy-plot';
import { eosLabel, eosWallCaveat, theoryConstants } from '../../web/src/ui/readout';
import { colorBin, colorTable, mixtureSpeedQuantile, mixtureSpeedScaleMax, speedScaleMax, viridis } from '../../web/src/render/colormap';
import { fitTransform, toCanvasX, toCanvasY, wallBounds } from '../../web/src/render/view-transform';
import type { Observation, Theory } from '../../web/src/sim/granular-wasm';
import { snapshotNote } from '../../web/src/plot/histogram-plot';

describe('colour map', () => {
  it('runs from viridis purple to yellow and bins values', () => {
    expect(viridis(0)).toEqual([0x44, 0x01, 0x54]);
    expect(viridis(1)).toEqual([0xfd, 0xe7, 0x25]);
    expect(viridis(2)).toEqual(viridis(1));
    expect(colorTable(8)).toHaveLength(8);
    expect(colorBin(0, 1, 8)).toBe(0);
    expect(colorBin(0.5, 1, 8)).toBe(4);
    expect(colorBin(5, 1, 8)).toBe(7);
    expect(colorBin(NaN, 1, 8)).toBe(0);
  });
});

describe('speed colour scale', () => {
  it('one kind: 3 √(T/m) rounded up to a nice number', () => {
    expect(speedScaleMax(1, 1)).toBe(3);
    expect(speedScaleMax(1, 8.5)).toBe(1.2);
    expect(mixtureSpeedQuantile([2], [1], [0.5])).toBeCloseTo(3 * Math.sqrt(0.25), 12);
  });

  it('several masses: the speed as many discs exceed as for one kind, each kind at its own temperature', () => {
    // masses 1 and 16 kg, half each, at T = 1 J: 0.5 exp(−v²/2) = exp(−4.5) (the heavy discs' term is
    // e^−61), v = √(2 (4.5 − ln 2)) = 2.759 m/s; the mean mass (8.5 kg) gave 1.2 m/s
    expect(mixtureSpeedQuantile([1, 16], [0.5, 0.5], [1, 1])).toBeCloseTo(Math.sqrt(2 * (4.5 - Math.LN2)), 10);
    const masses = [1, 16, 1, 16];
    const kinds = massKinds(masses);
    expect(kinds).toEqual({ mass: [1, 16], share: [0.5, 0.5], index: Int32Array.from([0, 1, 0, 1]) });
    // speeds with ½ m v² = 1 J in each kind
    const speeds = [Math.SQRT2, Math.sqrt(2 / 16), Math.SQRT2, Math.sqrt(2 / 16)];
    expect(mixtureSpeedScaleMax(speeds, masses, kinds)).toBe(3);
    // as generated: both kinds at the same speeds, the heavy discs 16 times hotter: the speeds of
    // one kind with T/m = 1 J/kg, so 3 m/s
    const same = [Math.SQRT2, Math.SQRT2, Math.SQRT2, Math.SQRT2];
    expect(mixtureSpeedQuantile([1, 16], [0.5, 0.5], [1, 16])).toBeCloseTo(3, 10);
    expect(mixtureSpeedScaleMax(same, masses, kinds)).toBe(3);
    expect(mixtureSpeedScaleMax([0, 0, 0, 0], masses, kinds)).toBe(0);
  });

  it('many masses: each disc in the bin of its mass', () => {
    const masses = Array.from({ length: 1000 }, (_, i) => 1000 ** (i / 999));
    const kinds = massKinds(masses);
    expect(kinds.mass.length).toBe(MASS_GROUPS_MAX);
    // each disc's bin holds its mass: the bins' mean masses are in order and a disc lies near its own
    for (let i = 0; i < 1000; i += 37) {
      const k = kinds.index[i] as number;
      expect(Math.abs((kinds.mass[k] as number) / (masses[i] as number) - 1)).toBeLessThan(0.03);
    }
    expect(Array.from(kinds.index).every((k) => k >= 0 && k < MASS_GROUPS_MAX)).toBe(true);
  });
});

describe('view transform', () => {
  it('fits the box, keeps the aspect and flips y', () => {
    const b = wallBounds([0, 0, 2, 0, 2, 0, 2, 1, 2, 1, 0, 1, 0, 1, 0, 0]);
    expect(b).toEqual({ minX: 0, minY: 0, maxX: 2, maxY: 1 });
    const t = fitTransform(b, 420, 420, 10);
    expect(t.scale).toBe(200);
    expect(toCanvasX(t, 0)).toBe(10);
    expect(toCanvasX(t, 2)).toBe(410);
    expect(toCanvasY(t, 0)).toBe(310); // floor below the ceiling
    expect(toCanvasY(t, 1)).toBe(110);
  });
});

describe('reference curves', () => {
  it("Haff's law halves the energy's square root at t = τ", () => {
    expect(haffEnergy(0, 8, 2)).toBe(8);
    expect(haffEnergy(2, 8, 2)).toBe(2);
    expect(haffApplies(0.9, false, 1)).toBe(true);
    expect(haffApplies(1, false, Infinity)).toBe(false);
    expect(haffApplies(0.9, true, 1)).toBe(false);
    expect(haffApplies(0.9, false, 1, true)).toBe(false); // gravity feeds the gas: not free cooling
    // inelastic walls cool the gas too (the L-shaped room's, at 0.95): not cooling by disc collisions alone
    expect(haffApplies(0.95, false, 1, false, 0.95)).toBe(false);
    expect(haffApplies(0.9, false, 1, false, 1)).toBe(true);
  });

  // the energy plot draws Haff's curve, or says why not, from one test (switching gravity on took the
  // curve's legend entry away with no word on the page)
  it("names what keeps Haff's curve off: the first of gravity, a vibrating wall, inelastic walls, r = 1, a gas at rest", () => {
    const free = { restitution: 0.9, wallRestitution: 1, vibrating: false, gravity: 0, tau: 0.4 };
    expect(haffObstacle(free)).toBeNull();
    expect(haffObstacle({ ...free, gravity: 9.81 })).toEqual({ cause: 'gravity', g: 9.81 });
    expect(haffObstacle({ ...free, vibrating: true })).toEqual({ cause: 'vibration' });
    expect(haffObstacle({ ...free, wallRestitution: 0.95 })).toEqual({ cause: 'walls', wallRestitution: 0.95 });
    // the engine's τ is ∞ at r = 1, and for discs at rest (ω0 = 0); 0 without discs
    expect(haffObstacle({ ...free, restitution: 1, tau: Infinity })).toEqual({ cause: 'elastic' });
    expect(haffObstacle({ ...free, tau: Infinity })).toEqual({ cause: 'still' });
    expect(haffObstacle({ ...free, tau: 0 })).toEqual({ cause: 'still' });
    // several at once: the first named
    expect(haffObstacle({ ...free, restitution: 1, wallRestitution: 0.9, vibrating: true, gravity: 2, tau: Infinity })?.cause).toBe('gravity');
    expect(haffObstacle({ ...free, restitution: 1, wallRestitution: 0.9, vibrating: true, tau: Infinity })?.cause).toBe('vibration');
    expect(haffObstacle({ ...free, restitution: 1, wallRestitution: 0.9, tau: Infinity })?.cause).toBe('walls');
    // haffApplies is the same test
    expect(haffApplies(0.9, false, 0.4, false, 1)).toBe(true);
    expect(haffApplies(0.9, false, 0.4, true, 1)).toBe(false);
  });

  it("says under the energy plot why there is no Haff curve, naming the field and its value", () => {
    expect(noHaffNote({ cause: 'gravity', g: 9.81 }).text).toBe('No Haff curve: gravity g = 9.81 m/s² acts on the gas');
    expect(noHaffNote({ cause: 'vibration' }).text).toBe('No Haff curve: the vibrating wall feeds energy in');
    expect(noHaffNote({ cause: 'walls', wallRestitution: 0.95 }).text).toBe('No Haff curve: the walls are inelastic (wall restitution 0.95)');
    expect(noHaffNote({ cause: 'elastic' }).text).toBe('No Haff curve: elastic discs (restitution r = 1) do not cool');
    expect(noHaffNote({ cause: 'still' }).text).toBe('No Haff curve: the discs start at rest (T₀ = 0)');
    // each with what Haff's law needs, as its tooltip
    for (const cause of ['vibration', 'elastic', 'still'] as const) expect(noHaffNote({ cause }).tooltip).toMatch(/^Haff's law /);
    expect(noHaffNote({ cause: 'walls', wallRestitution: 0.9 }).tooltip).toContain('wall restitution 1 brings the curve back');
  });

  it('the 2D Maxwell density integrates to 1 and peaks at sqrt(T/m)', () => {
    const m = 2;
    const T = 0.5;
    let sum = 0;
    const dv = 1e-3;
    for (let v = dv / 2; v < 10; v += dv) sum += maxwell2d(v, m, T) * dv;
    expect(sum).toBeCloseTo(1, 6);
    const peak = Math.sqrt(T / m);
    expect(maxwell2d(peak, m, T)).toBeGreaterThan(maxwell2d(peak * 1.01, m, T));
    expect(maxwell2d(peak, m, T)).toBeGreaterThan(maxwell2d(peak * 0.99, m, T));
    expect(maxwell2d(1, m, 0)).toBe(0);
  });

  it('a mixture of masses: equal discs give one Maxwell curve, two masses the mean of theirs', () => {
    const T = 0.5;
    const equal = massKinds([2, 2, 2]);
    expect({ mass: equal.mass, share: equal.share }).toEqual({ mass: [2], share: [1] });
    expect(maxwellMixture(0.4, equal, T)).toBe(maxwell2d(0.4, 2, T));
    // one disc of 1 kg, three of 4 kg
    const two = massKinds(new Float64Array([1, 4, 4, 4]));
    for (const v of [0.1, 0.5, 1.3]) {
      expect(maxwellMixture(v, two, T)).toBeCloseTo(0.25 * maxwell2d(v, 1, T) + 0.75 * maxwell2d(v, 4, T), 14);
    }
    let sum = 0;
    const dv = 1e-3;
    for (let v = dv / 2; v < 10; v += dv) sum += maxwellMixture(v, two, T) * dv;
    expect(sum).toBeCloseTo(1, 6);
  });

  it('many distinct masses go into log-spaced groups at their mean mass, shares summing to 1', () => {
    // 10,000 discs with masses spread over a factor 100
    const masses = Array.from({ length: 10_000 }, (_, i) => 0.01 * 100 ** (i / 9_999));
    const groups = massKinds(masses);
    expect(groups.mass.length).toBe(MASS_GROUPS_MAX);
    expect(groups.share.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // the total mass is kept
    const total = groups.mass.reduce((a, m, k) => a + m * (groups.share[k] as number), 0);
    expect(total).toBeCloseTo(masses.reduce((a, b) => a + b, 0) / masses.length, 12);
    // the grouped curve is the disc-by-disc one within 1e-4 of its value
    const T = 1e-3;
    for (const v of [0.05, 0.2, 0.6]) {
      const exact = masses.reduce((a, m) => a + maxwell2d(v, m, T), 0) / masses.length;
      expect(Math.abs(maxwellMixture(v, groups, T) - exact)).toBeLessThan(1e-4 * exact + 1e-9);
    }
  });

  it("the mixture's Enskog rate: equal discs give 2 n σ g(σ) √(π T / m); pairs of kinds meet at their reduced mass", () => {
    const theory: Theory = {
      areaFraction: 0.2, numberDensity: 500, meanMass: 3e-4, meanDiameter: 0.02, temperature0: 1,
      contactValue: (1 - (7 * 0.2) / 16) / (0.8 * 0.8), collisionFrequency0: 0, haffTau: 1, restitution: 0.9,
    };
    const equal = discGroups([0.01, 0.01, 0.01], [3e-4, 3e-4, 3e-4]);
    expect(equal).toEqual({ radius: [0.01], mass: [3e-4], share: [1] });
    expect(enskogCoefficient(equal, theory) * Math.sqrt(0.3)).toBeCloseTo(enskogRate(0.3, theory), 12);
    // equal sizes, two masses: the contact value is Henderson's, the speeds those of the reduced masses
    const g = theory.contactValue;
    const pairs = [[1e-4, 1e-4], [1e-4, 9e-4], [9e-4, 1e-4], [9e-4, 9e-4]] as const;
    const expected = pairs.reduce((a, [mi, mj]) => a + 0.25 * 500 * 2 * 0.02 * g * Math.sqrt((Math.PI * (mi + mj)) / (2 * mi * mj)), 0);
    expect(enskogCoefficient(discGroups([0.01, 0.01], [1e-4, 9e-4]), theory)).toBeCloseTo(expected, 10);
  });

  it('kinds at temperatures of their own: the Maxwell mixture of each kind at its T; at one T exactly the common curve', () => {
    const two = massKinds(new Float64Array([1, 4, 4, 4]));
    for (const v of [0.1, 0.5, 1.3]) {
      expect(maxwellKinds(v, two, [0.5, 0.5])).toBe(maxwellMixture(v, two, 0.5));
      expect(maxwellKinds(v, two, [0.4, 0.6])).toBeCloseTo(0.25 * maxwell2d(v, 1, 0.4) + 0.75 * maxwell2d(v, 4, 0.6), 14);
    }
    const equal = massKinds([2, 2, 2]);
    expect(maxwellKinds(0.4, equal, [0.5])).toBe(maxwell2d(0.4, 2, 0.5));
    let sum = 0;
    const dv = 1e-3;
    for (let v = dv / 2; v < 10; v += dv) sum += maxwellKinds(v, two, [0.3, 0.9]) * dv;
    expect(sum).toBeCloseTo(1, 6);
  });

  it("the Enskog rate of kinds at their own temperatures: a pair's mean relative speed √(π/2 (T_a/m_a + T_b/m_b)); at one T the mixture's rate", () => {
    // the mean length of v_a − v_b, each a 2D Maxwell velocity at its kind's temperature (seeded sampling)
    let s = 12345;
    const uniform = (): number => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return (s + 0.5) / 2 ** 32;
    };
    const normal = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const [ma, mb, ta, tb] = [1e-4, 4e-4, 0.8e-4, 1.1e-4];
    let mean = 0;
    const samples = 400_000;
    for (let k = 0; k < samples; k++) {
      const wx = Math.sqrt(ta / ma) * normal() - Math.sqrt(tb / mb) * normal();
      const wy = Math.sqrt(ta / ma) * normal() - Math.sqrt(tb / mb) * normal();
      mean += Math.hypot(wx, wy) / samples;
    }
    const w = Math.sqrt((Math.PI / 2) * (ta / ma + tb / mb));
    expect(Math.abs(mean / w - 1)).toBeLessThan(3e-3); // the sampling's own error is 0.08 %
    const theory: Theory = {
      areaFraction: 0.2, numberDensity: 500, meanMass: 2.5e-4, meanDiameter: 0.02, temperature0: 1,
      contactValue: (1 - (7 * 0.2) / 16) / (0.8 * 0.8), collisionFrequency0: 0, haffTau: 1, restitution: 0.9,
    };
    const groups = discGroups([0.01, 0.01], [ma, mb]);
    const rate = enskogKindsRate(groups, theory);
    const g = theory.contactValue;
    const pair = (x: number, y: number, tx: number, ty: number): number => 0.25 * 500 * 2 * 0.02 * g * Math.sqrt((Math.PI / 2) * (tx / x + ty / y));
    expect(rate([ta, tb])).toBeCloseTo(pair(ma, ma, ta, ta) + pair(ma, mb, ta, tb) + pair(mb, ma, tb, ta) + pair(mb, mb, tb, tb), 10);
    // at one temperature, the mixture's rate enskogCoefficient √T
    expect(rate([0.3, 0.3]) / (enskogCoefficient(groups, theory) * Math.sqrt(0.3))).toBeCloseTo(1, 14);
    // radii 1 : 2, masses 1 : 4 and a third kind
    const three = discGroups([0.01, 0.02, 0.015, 0.01], [1e-4, 4e-4, 2e-4, 1e-4]);
    expect(enskogKindsRate(three, theory)([0.2, 0.2, 0.2]) / (enskogCoefficient(three, theory) * Math.sqrt(0.2))).toBeCloseTo(1, 14);
  });

  it("measures each kind of mass's temperature with some 100 discs a kind at least, and hands it on to finer groups", () => {
    // 150 discs of two masses: one kind (the gas's T); 2000: two; 2000 of many masses: 16 bins
    expect(temperatureKinds(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? 1 : 4))).mass).toEqual([2.5]);
    expect(temperatureKinds(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? 1 : 4))).share).toEqual([1]);
    const two = temperatureKinds(Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? 1 : 4)));
    expect(two.mass).toEqual([1, 4]);
    const many = Array.from({ length: 2000 }, (_, i) => 1 + (8 * i) / 1999);
    const bins = temperatureKinds(many);
    expect(bins.mass).toHaveLength(COOLING_KINDS_MAX);
    // the kinds' temperatures: ½ m v² averaged over each kind's discs
    const masses = [1, 4, 1, 4];
    const pairKinds = { mass: [1, 4], share: [0.5, 0.5], index: Int32Array.from([0, 1, 0, 1]) };
    expect(kindTemperatures(pairKinds, masses, [1, 0, 0, 1, 0, 3, 2, 0])).toEqual([(0.5 + 4.5) / 2, (2 + 8) / 2]);
    // finer groups take the temperature of their kind: 256 mass groups within 16 kinds
    const fine = massKinds(many);
    const temperatures = Array.from({ length: COOLING_KINDS_MAX }, (_, k) => 1 + k);
    const each = groupTemperatures(fine.index, fine.mass.length, bins.index, temperatures);
    expect(each).toHaveLength(MASS_GROUPS_MAX);
    for (let i = 0; i < many.length; i += 97) expect(each[fine.index[i] as number]).toBe(temperatures[bins.index[i] as number]);
  });

  it("the page's Enskog rate at the kinds' temperatures: the mixture's at their mean T, changed as the kinds' rate changes", () => {
    const theory: Theory = {
      areaFraction: 0.2, numberDensity: 500, meanMass: 2.5e-4, meanDiameter: 0.02, temperature0: 1,
      contactValue: (1 - (7 * 0.2) / 16) / (0.8 * 0.8), collisionFrequency0: 0, haffTau: 1, restitution: 0.9,
    };
    // two masses, radii 1 : 2: the kinds are the discs' groups, and the rate is enskogKindsRate
    const radii = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? 0.01 : 0.02));
    const masses = radii.map((r) => (r === 0.01 ? 1e-4 : 4e-4));
    const kinds = temperatureKinds(masses);
    const geometry = kindGeometry(kinds, radii);
    expect(geometry?.mass).toEqual([1e-4, 4e-4]);
    expect(geometry?.share).toEqual([0.5, 0.5]);
    expect(geometry?.radius[0]).toBeCloseTo(0.01, 15);
    expect(geometry?.radius[1]).toBeCloseTo(0.02, 15);
    const groups = discGroups(radii, masses);
    const coefficient = enskogCoefficient(groups, theory);
    const rate = kindsEnskogRate(geometry!, theory, coefficient);
    expect(rate([0.3, 0.3])).toBeCloseTo(coefficient * Math.sqrt(0.3), 14);
    expect(rate([0.2, 0.4]) / enskogKindsRate(groups, theory)([0.2, 0.4])).toBeCloseTo(1, 13);
    // many sizes: 16 kinds measured, the rate over the 256 groups at one T times the kinds' change
    const many = Array.from({ length: 4000 }, (_, i) => 0.01 * (1 + (2 * i) / 3999));
    const manyMasses = many.map((r) => r * r);
    const manyKinds = temperatureKinds(manyMasses);
    const manyRate = kindsEnskogRate(kindGeometry(manyKinds, many)!, theory, enskogCoefficient(discGroups(many, manyMasses), theory));
    const T = manyKinds.mass.map(() => 0.25);
    expect(manyRate(T)).toBeCloseTo(enskogCoefficient(discGroups(many, manyMasses), theory) * 0.5, 12);
    // heavy discs hotter, T ∝ m^0.2: as the rate over all 256 groups, each at its kind's temperature, within 1e-3
    const hot = manyKinds.mass.map((m) => 0.25 * (m / 2e-4) ** 0.2);
    const fine = massKinds(manyMasses);
    const exact = enskogKindsRate(discGroups(many, manyMasses), theory)(groupTemperatures(fine.index, fine.mass.length, manyKinds.index, hot));
    expect(Math.abs(manyRate(hot) / exact - 1)).toBeLessThan(1e-3);
    // radii that are not the kinds' discs
    expect(kindGeometry(kinds, radii.slice(1))).toBeNull();
  });

  it('many disc sizes go into log-spaced groups by radius, at their mean radius and mass', () => {
    const radii = Array.from({ length: 5_000 }, (_, i) => 0.005 * 6 ** (i / 4_999));
    const masses = radii.map((r) => Math.PI * r * r);
    const groups = discGroups(radii, masses);
    expect(groups.radius.length).toBe(MASS_GROUPS_MAX);
    expect(groups.share.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const mean = (g: number[], all: number[]): [number, number] => [
      g.reduce((a, x, k) => a + x * (groups.share[k] as number), 0),
      all.reduce((a, b) => a + b, 0) / all.length,
    ];
    const [r, rAll] = mean(groups.radius, radii);
    const [m, mAll] = mean(groups.mass, masses);
    expect(r).toBeCloseTo(rAll, 14);
    expect(m).toBeCloseTo(mAll, 14);
    // one radius, many masses: grouped by mass
    const byMass = discGroups(radii.map(() => 0.01), masses);
    expect(byMass.radius.length).toBe(MASS_GROUPS_MAX);
    for (const r of byMass.radius) expect(r).toBeCloseTo(0.01, 15);
  });

  it('keeps the mean √T of each output interval, for the Enskog rate over it, also across thinning', () => {
    const obs = (time: number, temperature: number): Observation => ({
      time, kineticEnergy: temperature, temperature, collisions: 0, wallHits: 0, collisionRate: 0,
      wallPressure: 0, energyDissipated: 0, energyInjected: 0,
    });
    const store = new SeriesStore(4);
    store.push([obs(0, 4), obs(1, 1)]);
    store.push([obs(1, 1), obs(2, 0.25)]); // an instant already recorded is skipped
    expect(store.rootTemperature).toEqual([2, 1.5, 0.75]);
    store.push([obs(3, 0.0625), obs(4, 0.04)]); // 5 points: thinned to t = 0, 2, 4
    expect(store.time).toEqual([0, 2, 4]);
    expect(store.rootTemperature).toEqual([2, 0.75, (0.25 + 0.2) / 2]);
    store.push([obs(5, 0.01)]);
    expect(store.rootTemperature[3]).toBeCloseTo((0.2 + 0.1) / 2, 15);
  });

  it("keeps the kinds' temperatures of each record and of the record before it, also across thinning", () => {
    const obs = (time: number): Observation => ({
      time, kineticEnergy: 1, temperature: 1, collisions: 0, wallHits: 0, collisionRate: 0, wallPressure: 0, energyDissipated: 0, energyInjected: 0,
    });
    const store = new SeriesStore(4);
    store.push([obs(0), obs(1)], [[1, 2], [3, 4]]);
    store.push([obs(1), obs(2)], [[3, 4], [5, 6]]); // an instant already recorded is skipped, its temperatures too
    expect(store.kinds).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(store.kindsBefore).toEqual([[1, 2], [1, 2], [3, 4]]);
    store.push([obs(3), obs(4)], [[7, 8], [9, 10]]); // 5 points: thinned to t = 0, 2, 4
    expect(store.time).toEqual([0, 2, 4]);
    expect(store.kinds).toEqual([[1, 2], [5, 6], [9, 10]]);
    expect(store.kindsBefore).toEqual([[1, 2], [3, 4], [7, 8]]);
    // discs of one kind: none
    store.clear();
    store.push([obs(0), obs(1)]);
    expect(store.kinds).toEqual([[], []]);
  });

  it('keeps a second record of one instant (a collapse there), which the rate plot leaves out', () => {
    const obs = (time: number, energy: number, collisions: number, collisionRate: number): Observation => ({
      time, kineticEnergy: energy, temperature: energy / 4, collisions, wallHits: 0, collisionRate,
      wallPressure: 0, energyDissipated: 1 - energy, energyInjected: 0,
    });
    const store = new SeriesStore();
    // t = 0, then the stop of a row of touching discs at t = 0 after 10,462 collisions
    store.push([obs(0, 1, 0, 0), obs(0, 0.64, 10_462, 0)]);
    // the frame after the stop reads the same record again
    store.push([obs(0, 0.64, 10_462, 0)]);
    expect(store.time).toEqual([0, 0]);
    expect(store.energy).toEqual([1, 0.64]);
    // an output instant, then a collapse at that instant: its rate is the previous interval's
    store.clear();
    store.push([obs(0, 1, 0, 0), obs(0.02, 0.9, 50, 1250), obs(0.02, 0.5, 10_050, 1250), obs(0.02, 0.5, 10_050, 1250)]);
    expect(store.time).toEqual([0, 0.02, 0.02]);
    expect(store.energy).toEqual([1, 0.9, 0.5]);
    expect(measuredIntervals(store.time)).toEqual([1]);
    expect(measuredIntervals([0, 0])).toEqual([]);
    expect(measuredIntervals([0, 0.02, 0.04, 0.04, 0.05])).toEqual([1, 2, 4]);
    // a time before the last is no record of this run
    store.push([obs(0.01, 0.7, 10_060, 1)]);
    expect(store.time).toEqual([0, 0.02, 0.02]);
  });

  it("a plot's time axis spans its data, and one output interval from 0 for a lone instant or none", () => {
    // uPlot proposes 0-100 s for a lone point at t = 0
    expect(runTimeRange([0], 0, 100, 0.02)).toEqual([0, 0.02]);
    // the rate plot after one Step: its first point is at one interval
    expect(runTimeRange([0.02], -99.98, 100.02, 0.02)).toEqual([0, 0.04]);
    // an empty plot (no proposal)
    expect(runTimeRange([], null, null, 0.005)).toEqual([0, 0.005]);
    expect(runTimeRange([0.02, 0.04, 3.06], 0.02, 3.06, 0.02)).toEqual([0.02, 3.06]);
    // the records before and after a collapse at t = 0: one instant (uPlot proposes 0-100 s again)
    expect(runTimeRange([0, 0], 0, 100, 0.02)).toEqual([0, 0.02]);
    // the rate plot's axis begins where the run does (its first point is one interval in), as the other plots' do
    expect(runTimeRange([0.02, 0.04, 3.06], 0.02, 3.06, 0.02, 0)).toEqual([0, 3.06]);
    expect(runTimeRange([0.02], -99.98, 100.02, 0.02, 0)).toEqual([0, 0.04]);
    // a start past the data's first instant, or none known yet, changes nothing
    expect(runTimeRange([0.02, 0.04], 0.02, 0.04, 0.02, 0.03)).toEqual([0.02, 0.04]);
    expect(runTimeRange([0.02, 0.04], 0.02, 0.04, 0.02, undefined)).toEqual([0.02, 0.04]);
  });

  it('Enskog rate is 2 n σ g sqrt(π T / m)', () => {
    const theory: Theory = {
      areaFraction: 0.1, numberDensity: 400, meanMass: 3e-4, meanDiameter: 0.02, temperature0: 1,
      contactValue: 1.2, collisionFrequency0: 0, haffTau: 1, restitution: 0.9,
    };
    expect(enskogRate(2e-4, theory)).toBeCloseTo(2 * 400 * 0.02 * 1.2 * Math.sqrt((Math.PI * 2e-4) / 3e-4), 12);
    expect(enskogRate(0, theory)).toBe(0);
    expect(binCenters(4, 2)).toEqual([0.25, 0.75, 1.25, 1.75]);
  });

  it('hard-disc equation of state: n T (1 + 2 ν g), the ideal gas n T when dilute', () => {
    const theory: Theory = {
      areaFraction: 0.2, numberDensity: 500, meanMass: 3e-4, meanDiameter: 0.02, temperature0: 1,
      contactValue: (1 - (7 * 0.2) / 16) / (0.8 * 0.8), collisionFrequency0: 0, haffTau: 1, restitution: 1,
    };
    // g(σ) at ν = 0.2 is 1.4258; 1 + 2 ν g = 1.5703
    expect(hardDiscPressure(1e-4, theory)).toBeCloseTo(500 * 1e-4 * 1.5703125, 12);
    expect(hardDiscPressure(1e-4, { ...theory, areaFraction: 0, contactValue: 1 })).toBe(500 * 1e-4);
    expect(hardDiscPressure(0, theory)).toBe(0);
  });
});

describe("Haff's cooling of a mixture", () => {
  const theory: Theory = {
    areaFraction: 0.2, numberDensity: 500, meanMass: 2.5, meanDiameter: 0.02, temperature0: 1.5,
    contactValue: (1 - (7 * 0.2) / 16) / (0.8 * 0.8), collisionFrequency0: 0, haffTau: 0.37, restitution: 0.9,
  };

  it("equal discs: Haff's law with the engine's τ, exactly", () => {
    const kinds = coolingKinds([0.01, 0.01, 0.01], [2.5, 2.5, 2.5], [1, 2, 1.5]);
    expect(kinds).toEqual({ radius: [0.01], mass: [2.5], share: [1], temperature: [1.5] });
    const energy = coolingEnergy(kinds, theory, 4.5);
    for (const t of [0, 0.1, 0.37, 5]) expect(energy(t)).toBe(haffEnergy(t, 4.5, 0.37));
  });

  it('two kinds: each changes by its collisions with either, worked by hand', () => {
    // radius 1 cm, masses 1 and 4 kg, half each, at T = 1 and 2 J; r = 0.9, n = 500, g = 1.42578125
    const kinds = coolingKinds([0.01, 0.01, 0.01, 0.01], [1, 4, 1, 4], [1, 2, 1, 2]);
    expect(kinds.temperature).toEqual([1, 2]);
    const cooling = new MixtureCooling(kinds, theory);
    const g = theory.contactValue;
    // pair 1-1: 10 g √π collisions/s per disc, −0.095 J each; 1-2: 10 g √(0.75 π), +0.4256 J (the
    // hotter heavy discs heat the light); 2-1: the same rate, −0.6536 J; 2-2: 10 g √(π/2), −0.19 J
    const [d1, d2] = cooling.rates([1, 2]) as [number, number];
    expect(d1).toBeCloseTo(10 * g * (-0.095 * Math.sqrt(Math.PI) + 0.4256 * Math.sqrt(0.75 * Math.PI)), 12);
    expect(d2).toBeCloseTo(10 * g * (-0.6536 * Math.sqrt(0.75 * Math.PI) - 0.19 * Math.sqrt(Math.PI / 2)), 12);
    // the mean temperature starts down at the mean of the two
    const dt = 1e-7;
    expect((cooling.temperature(dt) - 1.5) / dt).toBeCloseTo((d1 + d2) / 2, 4);
    // in all, (1 − r²) A_ab per collision: 0.19 · (½ · ½ · 10 g (√π · 1 + 2 √(0.75 π) · 1.2 + √(π/2) · 2))
    const loss = 0.19 * 0.25 * 10 * g * (Math.sqrt(Math.PI) + 2 * Math.sqrt(0.75 * Math.PI) * 1.2 + Math.sqrt(Math.PI / 2) * 2);
    expect((d1 + d2) / 2).toBeCloseTo(-loss, 12);
  });

  it("at one temperature the mixture starts on the common temperature's Haff law, and ends on another one", () => {
    const kinds = coolingKinds([0.01, 0.02], [1, 4], [1.5, 1.5]);
    const cooling = new MixtureCooling(kinds, theory);
    // the common temperature's cooling rate: dT/dt = −(1 − r²)/2 · ω T, ω the mixture's Enskog rate
    const omega = enskogCoefficient(kinds, theory) * Math.sqrt(1.5);
    const dt = 1e-7;
    expect((cooling.temperature(dt) - 1.5) / dt).toBeCloseTo((-(1 - 0.81) / 2) * omega * 1.5, 4);
    // the heavy discs get hotter than the light and stay so; afterwards 1/√T grows linearly in t
    const late = [20, 40, 60].map((t) => 1 / Math.sqrt(cooling.temperature(t)));
    expect((late[2] as number) - (late[1] as number)).toBeCloseTo((late[1] as number) - (late[0] as number), 9);
    const [light, heavy] = cooling.kindTemperatures() as [number, number];
    // the settled ratio is where both kinds cool at the same relative rate, (dT_2/dt) / T_2 =
    // (dT_1/dt) / T_1, with rates() as checked by hand in the test above (of degree 3/2 in the
    // temperatures, so T_1 = 1 will do):
    // bisection between 1 (where the light discs cool the faster) and 3 (where the heavy ones do)
    const excess = (ratio: number): number => {
      const [d1, d2] = cooling.rates([1, ratio]) as [number, number];
      return d2 / ratio - d1;
    };
    let lo = 1;
    let hi = 3;
    expect(excess(lo)).toBeGreaterThan(0);
    expect(excess(hi)).toBeLessThan(0);
    for (let k = 0; k < 100; k++) {
      const mid = 0.5 * (lo + hi);
      if (excess(mid) > 0) lo = mid;
      else hi = mid;
    }
    // 1.0942: the integration stops once the ratios change less than 1e-9 per collision, measured
    // 3e-9 from it; within 1e-7
    expect(Math.abs(heavy / light / lo - 1)).toBeLessThan(1e-7);
  });

  it('groups many kinds into at most 16, keeping the mean temperature', () => {
    const radii = Array.from({ length: 1000 }, (_, i) => 0.01 * (1 + (2 * i) / 999));
    const masses = radii.map((r) => Math.PI * r * r);
    const energies = masses.map((m) => 0.5 * m);
    const kinds = coolingKinds(radii, masses, energies);
    expect(kinds.radius.length).toBe(COOLING_KINDS_MAX);
    const mean = kinds.temperature.reduce((a, t, k) => a + t * (kinds.share[k] as number), 0);
    expect(mean).toBeCloseTo(energies.reduce((a, b) => a + b, 0) / 1000, 14);
    expect(new MixtureCooling(kinds, theory).temperature(0)).toBeCloseTo(mean, 15);
  });
});

describe('equation of state', () => {
  const theory: Theory = {
    areaFraction: 0.2, numberDensity: 500, meanMass: 3e-4, meanDiameter: 0.02, temperature0: 1,
    contactValue: (1 - (7 * 0.2) / 16) / (0.8 * 0.8), collisionFrequency0: 0, haffTau: 1, restitution: 0.8,
  };

  it('an inelastic gas: Z = 1 + (1 + r) ν g(σ); elastic, exactly the former n T (1 + 2 ν g)', () => {
    // g(σ) at ν = 0.2 is 1.42578125; 1 + 1.8 · 0.2 · g = 1.51328125
    expect(compressibility(theory)).toBeCloseTo(1.51328125, 14);
    expect(hardDiscPressure(1e-4, theory)).toBeCloseTo(500 * 1e-4 * 1.51328125, 14);
    const elastic = { ...theory, restitution: 1 };
    for (const T of [1e-4, 0.37, 2.5e3]) {
      expect(hardDiscPressure(T, elastic)).toBe(elastic.numberDensity * T * (1 + 2 * elastic.areaFraction * elastic.contactValue));
    }
  });

  it('a mixture of sizes: the pairs of kinds at their contact distance and contact value; one kind exactly as before', () => {
    // radii 1 and 2 cm, half each (at ν = 0.2 and n = 500 by the theory given): M1 = 0.03 m,
    // M2 = 0.001 m², g = 1.25 + 5.2734375 · d_a d_b / σ_ab: 1.35546875, 1.390625, 1.4609375 for
    // σ = 0.02, 0.03, 0.04 m; Σ x_a x_b σ² g = 1.345703125e-3 m²
    const two = discGroups([0.01, 0.02], [0.01, 0.02]);
    expect(mixtureCompressibility(two, theory)).toBeCloseTo(1 + 0.9 * (Math.PI / 2) * 500 * 1.345703125e-3, 13);
    // the masses do not enter
    expect(mixtureCompressibility(discGroups([0.01, 0.02], [5, 1e-3]), theory)).toBe(mixtureCompressibility(two, theory));
    // one size: compressibility itself; one size in two groups (two masses): the pair sum, equal to it
    expect(mixtureCompressibility(discGroups([0.01, 0.01], [0.01, 0.01]), theory)).toBe(compressibility(theory));
    // (for discs of radius 1 cm at n = 500, ν = n π R²)
    const nu = 500 * Math.PI * 1e-4;
    const consistent = { ...theory, areaFraction: nu, contactValue: (1 - (7 * nu) / 16) / ((1 - nu) * (1 - nu)) };
    expect(mixtureCompressibility(discGroups([0.01, 0.01], [1, 2]), consistent)).toBeCloseTo(compressibility(consistent), 13);
  });

  // inelastic walls cool the gas along them: the read-out compares still (2 % apart at r_w = 0.9 in the
  // engine, 14 % at 0.5: tests/wasm/gas-theory.test.ts), its label saying the law is a uniform gas's
  it("the read-out's label says where inelastic walls leave the gas uneven, nothing at r_w = 1", () => {
    expect(eosWallCaveat(1)).toBe('');
    expect(eosWallCaveat(0.9)).toBe(', for a uniform gas (walls at r_w = 0.9 cool it unevenly)');
    expect(eosWallCaveat(0.95)).toContain('r_w = 0.95');
    expect(`${eosLabel(false, '0.5 s')} (N/m)${eosWallCaveat(0.9)}`).toBe(
      'equation of state n T (1 + (1+r) ν g(σ)), same 0.5 s (N/m), for a uniform gas (walls at r_w = 0.9 cool it unevenly)',
    );
  });
});

describe("the read-out's theory constants", () => {
  // Haff's preset as the engine gives it: 1000 discs at nu = 0.05 in 1 m^2, r = 0.9
  const haff = {
    areaFraction: 0.05, numberDensity: 1000, meanMass: 5e-5, meanDiameter: 0.0079788456, temperature0: 5e-4,
    contactValue: 1.0838, collisionFrequency0: 21.68, haffTau: 0.971246, restitution: 0.9,
  };
  it('gives nu, sigma, g(sigma) and the tau of the energy plot', () => {
    expect(theoryConstants(haff, true)).toEqual({ nu: '0.05', sigma: '0.007979', contact: '1.084', tau: '0.9712' });
  });
  it("gives no tau where the plot draws no Haff curve, the mean disc's for a mixture, none for elastic discs", () => {
    expect(theoryConstants(haff, false).tau).toBe('–');
    expect(theoryConstants(haff, true, true).tau).toBe('0.9712 (mean disc)');
    expect(theoryConstants({ ...haff, restitution: 1, haffTau: Infinity }, true).tau).toBe('∞ (elastic discs do not cool)');
    // r < 1 but every disc at rest (speed 0): τ is infinite for another reason
    expect(theoryConstants({ ...haff, restitution: 0.9, haffTau: Infinity }, true).tau).toBe('∞ (the discs are at rest: nothing to cool)');
  });
});

describe('moving average (the wall pressure readout)', () => {
  it('averages the last `size` values, all of them while fewer have come', () => {
    const w = new WindowMean(3);
    expect(w.mean()).toBeNaN();
    w.push(1);
    expect(w.mean()).toBe(1);
    w.push(2);
    expect(w.mean()).toBe(1.5);
    w.push(6);
    expect(w.mean()).toBe(3);
    w.push(10); // 1 leaves
    expect(w.mean()).toBe(6);
    expect(w.count).toBe(3);
    w.clear();
    expect(w.count).toBe(0);
    w.push(4);
    expect(w.mean()).toBe(4);
  });

  it('does not drift over a long run of values of very different sizes', () => {
    const w = new WindowMean(25);
    for (let k = 0; k < 100_000; k++) w.push(k % 7 === 0 ? 1e8 : 1e-3 * (k % 5));
    // the last 25 values, summed afresh
    let sum = 0;
    for (let k = 100_000 - 25; k < 100_000; k++) sum += k % 7 === 0 ? 1e8 : 1e-3 * (k % 5);
    expect(w.mean()).toBeCloseTo(sum / 25, 6);
    const small = new WindowMean(4);
    for (let k = 0; k < 10_000; k++) small.push(k < 9_000 ? 1e12 : 1e-6);
    expect(small.mean()).toBe(1e-6);
  });
});

describe('series store', () => {
  const obs = (time: number): Observation => ({
    time, kineticEnergy: 1 / (1 + time), temperature: 0.01, collisions: time * 10, wallHits: 0,
    collisionRate: 5, wallPressure: 0, energyDissipated: 0, energyInjected: 0,
  });

  it('appends in time order, skips repeated instants and thins when too long', () => {
    const s = new SeriesStore(10);
    s.push([obs(0), obs(1)]);
    s.push([obs(1), obs(2)]);
    expect(s.time).toEqual([0, 1, 2]);
    for (let t = 3; t < 12; t++) s.push([obs(t)]);
    expect(s.length).toBeLessThanOrEqual(10);
    expect(s.time[0]).toBe(0);
    expect(s.time[s.length - 1]).toBe(11);
    expect(s.energy).toHaveLength(s.length);
    s.clear();
    expect(s.length).toBe(0);
  });
});

describe('speed colour scale', () => {
  it('rounds 3 sqrt(T/m) up to a nice number', async () => {
    const { niceCeil, speedScaleMax } = await import('../../web/src/render/colormap');
    expect(niceCeil(1)).toBe(1);
    expect(niceCeil(1.01)).toBe(1.2);
    expect(niceCeil(0.0031)).toBeCloseTo(0.004, 15);
    expect(niceCeil(7)).toBe(8);
    expect(niceCeil(9)).toBe(10);
    expect(niceCeil(0)).toBe(1);
    expect(speedScaleMax(1, 1)).toBe(3);
    expect(speedScaleMax(0.25, 1)).toBe(1.5);
  });
});

describe("the speed histogram's exports", () => {
  it('name the instant and the Maxwell curve\'s temperature, each kind of mass\'s when there are several', () => {
    expect(snapshotNote(5.2, [3.295e-6])).toBe('Speeds at t = 5.2 s; the 2D Maxwell curve at T = 3.295e-6 J');
    expect(snapshotNote(0.3, [0.01, 0.01])).toBe('Speeds at t = 0.3 s; the 2D Maxwell curve at T = 0.01 J');
    expect(snapshotNote(1, [0.01, 0.02])).toBe('Speeds at t = 1 s; the 2D Maxwell curve at T = 0.01 J and 0.02 J (one for each kind of mass)');
  });
});
