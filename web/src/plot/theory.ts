/** Closed-form reference curves drawn over the measured data (pure). */
import type { Theory } from '../sim/granular-wasm';

/** Haff's law for the kinetic energy: E(t) = E0 / (1 + t/τ)², J. */
export function haffEnergy(t: number, e0: number, tau: number): number {
  const s = 1 + t / tau;
  return e0 / (s * s);
}

/** What decides whether Haff's law describes the run (haffObstacle). */
export interface CoolingSetting {
  /** r, between discs (–) */
  restitution: number;
  /** r_w at the walls (–): `wallRestitution`, or r where absent (sim/scenario.ts' wallRestitution) */
  wallRestitution: number;
  /** a vibrating wall is on */
  vibrating: boolean;
  /** |g|, m/s² (0: no gravity) */
  gravity: number;
  /** the engine's Haff time τ = 4 / ((1 − r²) ω0), s: ∞ for r = 1 or a gas at rest (ω0 = 0) */
  tau: number;
}

/** Why Haff's law does not describe the run: the first of these that holds, in this order. */
export type HaffObstacle =
  /** gravity (|g| in m/s²) settles the gas and trades potential energy for kinetic */
  | { cause: 'gravity'; g: number }
  /** the vibrating wall feeds energy in */
  | { cause: 'vibration' }
  /** inelastic walls (r_w < 1) cool the gas too */
  | { cause: 'walls'; wallRestitution: number }
  /** r = 1: the discs do not cool */
  | { cause: 'elastic' }
  /** r < 1 but no collisions to cool it (a gas at rest: ω0 = 0, τ = ∞) */
  | { cause: 'still' };

/**
 * Haff's law applies to a freely cooling gas, cooled by the collisions between its discs alone: r < 1,
 * elastic walls (r_w = 1), no vibrating wall, no gravity, finite τ; null when it does, else the first
 * cause that keeps it off. (Walls at r_w = 0.95, as in the L-shaped room, cool it too: its energy fell
 * 20 % under the curve by the time it had lost four fifths.) The energy plot draws Haff's curve, or
 * says why there is none, from this one test.
 */
export function haffObstacle(s: CoolingSetting): HaffObstacle | null {
  if (s.gravity > 0) return { cause: 'gravity', g: s.gravity };
  if (s.vibrating) return { cause: 'vibration' };
  if (s.wallRestitution < 1) return { cause: 'walls', wallRestitution: s.wallRestitution };
  if (!(s.restitution < 1)) return { cause: 'elastic' };
  if (!(Number.isFinite(s.tau) && s.tau > 0)) return { cause: 'still' };
  return null;
}

/** Whether Haff's law applies (haffObstacle finds nothing against it). */
export function haffApplies(restitution: number, vibrationOn: boolean, tau: number, gravityOn = false, wallRestitution = 1): boolean {
  return haffObstacle({ restitution, wallRestitution, vibrating: vibrationOn, gravity: gravityOn ? 1 : 0, tau }) === null;
}

/**
 * 2D Maxwell speed distribution at granular temperature T (J), mass m (kg):
 * f(v) = (m v / T) exp(-m v² / (2T)), 1/(m/s); ∫ f dv = 1.
 */
export function maxwell2d(v: number, mass: number, temperature: number): number {
  if (!(temperature > 0) || !(mass > 0) || v < 0) return 0;
  return ((mass * v) / temperature) * Math.exp((-mass * v * v) / (2 * temperature));
}

/** The discs' masses as a few groups: mass (kg) and share of the discs (the shares sum to 1). */
export interface MassGroups {
  mass: number[];
  share: number[];
}

/** at most this many groups: the mixture's curve costs one exponential per group and speed */
export const MASS_GROUPS_MAX = 256;

/**
 * The speed distribution of discs of several masses at one granular temperature T (J), each disc
 * with its own 2D Maxwell distribution: f(v) = Σ_k share_k (m_k v / T) exp(-m_k v² / (2T)),
 * 1/(m/s); ∫ f dv = 1. Equal discs: maxwell2d. (With the mean mass instead, discs of radii 8 to
 * 30 mm missed the light discs' tail, in equilibrium.)
 */
export function maxwellMixture(v: number, groups: MassGroups, temperature: number): number {
  let f = 0;
  for (let k = 0; k < groups.mass.length; k++) f += (groups.share[k] as number) * maxwell2d(v, groups.mass[k] as number, temperature);
  return f;
}

/**
 * The speed distribution of discs of several masses, each kind at its own temperature T_k (J):
 * f(v) = Σ_k share_k (m_k v / T_k) exp(−m_k v² / (2 T_k)), 1/(m/s); ∫ f dv = 1. All at one T:
 * maxwellMixture. A cooling mixture drifts apart (heavy discs of masses 1 : 4 some 20 % hotter by the
 * time T fell to a fifth), and as generated, at one rms speed, heavy discs start hotter.
 */
export function maxwellKinds(v: number, groups: MassGroups, temperatures: readonly number[]): number {
  let f = 0;
  for (let k = 0; k < groups.mass.length; k++) f += (groups.share[k] as number) * maxwell2d(v, groups.mass[k] as number, temperatures[k] as number);
  return f;
}

/** The discs as a few kinds: radius (m), mass (kg) and share of the discs (the shares sum to 1). */
export interface DiscGroups {
  radius: number[];
  mass: number[];
  share: number[];
}

/**
 * Groups discs by radius and mass for the Enskog rate of a mixture (enskogCoefficient): one group
 * per distinct (radius, mass) when there are at most MASS_GROUPS_MAX; otherwise MASS_GROUPS_MAX bins
 * of equal width in log R (in log m when every radius is the same), each at its discs' mean radius
 * and mean mass (generated discs: the mass follows the radius). Discs whose radius or mass is not a
 * positive number are left out. massKinds is this with the mass standing for the radius too.
 */
export function discGroups(radii: ArrayLike<number>, masses: ArrayLike<number>): DiscGroups {
  const { radius, mass, share } = groupDiscs(radii, masses, MASS_GROUPS_MAX, null);
  return { radius, mass, share };
}

/**
 * discGroups into at most `max` groups, with the mean of a per-disc `values` in each group (zeros
 * without them) and each disc's group (-1: left out).
 */
function groupDiscs(
  radii: ArrayLike<number>, masses: ArrayLike<number>, max: number, values: ArrayLike<number> | null,
): DiscGroups & { mean: number[]; index: Int32Array } {
  const valid = (x: number): boolean => x > 0 && Number.isFinite(x);
  const value = (i: number): number => (values ? (values[i] as number) : 0);
  const discs: number[] = [];
  for (let i = 0; i < Math.min(radii.length, masses.length); i++) {
    if (valid(radii[i] as number) && valid(masses[i] as number)) discs.push(i);
  }
  const n = discs.length;
  const index = new Int32Array(Math.min(radii.length, masses.length)).fill(-1);
  const out: DiscGroups & { mean: number[]; index: Int32Array } = { radius: [], mass: [], share: [], mean: [], index };
  if (n === 0) return out;
  const exact = new Map<string, { radius: number; mass: number; count: number; sum: number; k: number }>();
  for (const i of discs) {
    if (exact.size > max) break;
    const key = `${radii[i] as number} ${masses[i] as number}`;
    const group = exact.get(key);
    if (group) {
      group.count++;
      group.sum += value(i);
      index[i] = group.k;
    } else {
      exact.set(key, { radius: radii[i] as number, mass: masses[i] as number, count: 1, sum: value(i), k: exact.size });
      index[i] = exact.size - 1;
    }
  }
  if (exact.size <= max) {
    for (const g of exact.values()) {
      out.radius.push(g.radius);
      out.mass.push(g.mass);
      out.share.push(g.count / n);
      out.mean.push(g.sum / g.count);
    }
    return out;
  }
  let rLo = Infinity;
  let rHi = 0;
  let mLo = Infinity;
  let mHi = 0;
  for (const i of discs) {
    rLo = Math.min(rLo, radii[i] as number);
    rHi = Math.max(rHi, radii[i] as number);
    mLo = Math.min(mLo, masses[i] as number);
    mHi = Math.max(mHi, masses[i] as number);
  }
  const byRadius = rHi > rLo;
  const lo = byRadius ? rLo : mLo;
  const span = Math.log((byRadius ? rHi : mHi) / lo);
  const radius = new Float64Array(max);
  const mass = new Float64Array(max);
  const count = new Float64Array(max);
  const sum = new Float64Array(max);
  for (const i of discs) {
    const x = byRadius ? (radii[i] as number) : (masses[i] as number);
    const k = Math.min(max - 1, Math.floor((Math.log(x / lo) / span) * max));
    radius[k] = (radius[k] as number) + (radii[i] as number);
    mass[k] = (mass[k] as number) + (masses[i] as number);
    count[k] = (count[k] as number) + 1;
    sum[k] = (sum[k] as number) + value(i);
    index[i] = k;
  }
  // the bins in use, renumbered in order
  const renumber = new Int32Array(max).fill(-1);
  for (let k = 0; k < max; k++) {
    const c = count[k] as number;
    if (c === 0) continue;
    renumber[k] = out.radius.length;
    out.radius.push((radius[k] as number) / c);
    out.mass.push((mass[k] as number) / c);
    out.share.push(c / n);
    out.mean.push((sum[k] as number) / c);
  }
  for (const i of discs) index[i] = renumber[index[i] as number] as number;
  return out;
}

/** Disc kinds by mass and each disc's kind (-1: left out), for per-kind sums over the discs. */
export interface MassKinds extends MassGroups {
  index: Int32Array;
}

/**
 * Groups the discs' masses for maxwellMixture and maxwellKinds, with each disc's kind: exactly, one
 * group per distinct mass, when there are at most MASS_GROUPS_MAX of them (equal discs: one group);
 * otherwise in MASS_GROUPS_MAX bins of equal width in log m, each at the mean mass of its discs (a
 * range of masses of 100 makes bins 1.8 % wide, the curve's error far below that).
 */
export function massKinds(masses: ArrayLike<number>): MassKinds {
  const { mass, share, index } = groupDiscs(masses, masses, MASS_GROUPS_MAX, null);
  return { mass, share, index };
}

/** a kind whose temperature is measured has this many discs on average at least (its ½ m v² varies by 100 % from disc to disc: 10 % on the mean) */
export const DISCS_PER_TEMPERATURE_KIND = 100;

/**
 * The kinds of mass whose temperatures the page measures from their discs (the Maxwell curve, the
 * Enskog rate): massKinds in at most COOLING_KINDS_MAX kinds, and no more than give each some
 * DISCS_PER_TEMPERATURE_KIND discs: exact masses when there are that few, else bins in log m. One
 * kind (equal discs, or fewer than 200): the gas's one temperature. (Sixteen kinds of 16 discs, the
 * L-shaped room's 250, drew the speed distribution further from the discs' than one temperature.)
 */
export function temperatureKinds(masses: ArrayLike<number>): MassKinds {
  const count = Math.floor(masses.length / DISCS_PER_TEMPERATURE_KIND);
  const { mass, share, index } = groupDiscs(masses, masses, Math.max(1, Math.min(COOLING_KINDS_MAX, count)), null);
  return { mass, share, index };
}

/**
 * Each kind's temperature (J), the mean ½ m v² of its discs, from the discs' masses (kg) and
 * velocities ((2 x N) m/s); 0 for a kind without discs.
 */
export function kindTemperatures(kinds: MassKinds, masses: ArrayLike<number>, velocities: ArrayLike<number>): number[] {
  const k = kinds.mass.length;
  const energy = new Float64Array(k);
  const count = new Float64Array(k);
  const n = Math.min(masses.length, kinds.index.length, velocities.length / 2);
  for (let i = 0; i < n; i++) {
    const g = kinds.index[i] as number;
    if (g < 0) continue;
    const v2 = (velocities[2 * i] as number) ** 2 + (velocities[2 * i + 1] as number) ** 2;
    energy[g] = (energy[g] as number) + 0.5 * (masses[i] as number) * v2;
    count[g] = (count[g] as number) + 1;
  }
  return Array.from(energy, (e, g) => ((count[g] as number) > 0 ? e / (count[g] as number) : 0));
}

/**
 * The temperatures of a finer grouping of the same discs (each disc's group in `fine`, `groups` of
 * them), each the mean over its discs of their kind's temperature (`coarse`: each disc's kind,
 * `temperatures` the kinds'): a group within one kind takes that kind's. 0 for a group without discs.
 */
export function groupTemperatures(fine: Int32Array, groups: number, coarse: Int32Array, temperatures: readonly number[]): number[] {
  const sum = new Float64Array(groups);
  const count = new Float64Array(groups);
  for (let i = 0; i < Math.min(fine.length, coarse.length); i++) {
    const g = fine[i] as number;
    const c = coarse[i] as number;
    if (g < 0 || c < 0) continue;
    sum[g] = (sum[g] as number) + (temperatures[c] as number);
    count[g] = (count[g] as number) + 1;
  }
  return Array.from(sum, (s, g) => ((count[g] as number) > 0 ? s / (count[g] as number) : 0));
}

/**
 * The 2D contact values of a mixture (Jenkins & Mancini): g_ab = 1/(1 − ν) + (9/16) ν/(1 − ν)² ·
 * (d_a d_b / σ_ab) M1/M2 for kinds a, b (d = 2R, σ_ab = R_a + R_b, M_k the mean of d^k over the
 * discs). Equal discs: Henderson's (1 − 7ν/16)/(1 − ν)². Null when ν ≥ 1 or there are no discs.
 */
export function contactValues(groups: DiscGroups, areaFraction: number): ((a: number, b: number) => number) | null {
  const nu = areaFraction;
  const k = groups.radius.length;
  if (k === 0 || !(nu < 1)) return null;
  let m1 = 0;
  let m2 = 0;
  for (let a = 0; a < k; a++) {
    const d = 2 * (groups.radius[a] as number);
    m1 += (groups.share[a] as number) * d;
    m2 += (groups.share[a] as number) * d * d;
  }
  if (!(m2 > 0)) return null;
  const ideal = 1 / (1 - nu);
  const excess = ((9 / 16) * nu) / ((1 - nu) * (1 - nu)) * (m1 / m2);
  return (a, b) => {
    const ra = groups.radius[a] as number;
    const rb = groups.radius[b] as number;
    return ideal + (excess * (4 * ra * rb)) / (ra + rb);
  };
}

/**
 * The encounter factors of a mixture of kinds: n x_b 2σ_ab g_ab for each pair (row a), 1/m, with
 * σ_ab = R_a + R_b and g_ab from contactValues (all 0 where there are none). A disc of kind a meets
 * discs of kind b at this times their mean relative speed (meanRelativeSpeed).
 */
function encounters(groups: DiscGroups, theory: Theory): Float64Array {
  const g = contactValues(groups, theory.areaFraction);
  const k = groups.radius.length;
  const out = new Float64Array(k * k);
  if (!g) return out;
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      const sigma = (groups.radius[a] as number) + (groups.radius[b] as number);
      out[a * k + b] = theory.numberDensity * (groups.share[b] as number) * 2 * sigma * g(a, b);
    }
  }
  return out;
}

/**
 * ⟨|v_a − v_b|⟩, m/s, for 2D Maxwell velocities of variances ua = T_a/m_a and ub = T_b/m_b per
 * component (m²/s²): v_a − v_b is a 2D Gaussian of variance ua + ub, whose length has the mean
 * √(π/2 · (ua + ub)); at one temperature T, √(π T / (2 μ_ab)).
 */
function meanRelativeSpeed(ua: number, ub: number): number {
  return Math.sqrt((Math.PI / 2) * (ua + ub));
}

/**
 * The Enskog collision frequency per disc of a mixture divided by √T (1/(s √J)): the rate at
 * temperature T is this times √T (enskogKindsRate with every kind at T = 1 J). Each pair of kinds a, b meets at
 * n_b · 2σ_ab · g_ab · √(π T / (2 μ_ab)), with σ_ab = R_a + R_b, μ_ab the reduced mass and g_ab the
 * contact value (contactValues), the average taken over the discs. Equal discs: 2 n σ g(σ) √(π / m)
 * with Henderson's g(σ), as enskogRate. (With the mean diameter and mass instead, discs of radii 8
 * to 30 mm collided 13 % more often than the curve; the mixture is within 3 %.)
 */
export function enskogCoefficient(groups: DiscGroups, theory: Theory): number {
  return enskogKindsRate(groups, theory)(groups.share.map(() => 1));
}

/**
 * The Enskog collision frequency per disc of a mixture whose kinds have temperatures of their own:
 * a function of the groups' temperatures T_a (J, in the order of `groups`), 1/s. Kinds a and b meet
 * at n_b · 2σ_ab · g_ab · ⟨|v_a − v_b|⟩ (encounters, meanRelativeSpeed); at one temperature T
 * that is √(π T / (2 μ_ab)), enskogCoefficient's form. (MixtureCooling's rate is this.) A cooling mixture of
 * masses 1 : 4 (2000 discs, ν = 0.1, r = 0.9, until T fell to a fifth) collided 1.4 % less often
 * than one common temperature says and 0.3 % more often than this, started at one temperature; 2.3 %
 * less and 0.6 % more at one rms speed (tests/wasm/gas-theory.test.ts).
 */
export function enskogKindsRate(groups: DiscGroups, theory: Theory): (temperatures: readonly number[]) => number {
  const k = groups.radius.length;
  const meet = encounters(groups, theory);
  return (temperatures) => {
    let sum = 0;
    for (let a = 0; a < k; a++) {
      const ua = Math.max(0, temperatures[a] as number) / (groups.mass[a] as number);
      let inner = 0;
      for (let b = 0; b < k; b++) {
        const ub = Math.max(0, temperatures[b] as number) / (groups.mass[b] as number);
        inner += (meet[a * k + b] as number) * meanRelativeSpeed(ua, ub);
      }
      sum += (groups.share[a] as number) * inner;
    }
    return sum;
  };
}

/**
 * The measured kinds of mass (temperatureKinds) as disc kinds for enskogKindsRate: each at its
 * discs' mean radius (m) and mean mass. null when the radii do not match the kinds' discs.
 */
export function kindGeometry(kinds: MassKinds, radii: ArrayLike<number>): DiscGroups | null {
  const k = kinds.mass.length;
  const sum = new Float64Array(k);
  const count = new Float64Array(k);
  if (radii.length !== kinds.index.length) return null;
  for (let i = 0; i < radii.length; i++) {
    const g = kinds.index[i] as number;
    if (g < 0) continue;
    sum[g] = (sum[g] as number) + (radii[i] as number);
    count[g] = (count[g] as number) + 1;
  }
  if (count.some((c) => c === 0)) return null;
  return { radius: Array.from(sum, (r, g) => r / (count[g] as number)), mass: kinds.mass.slice(), share: kinds.share.slice() };
}

/**
 * The Enskog rate the page draws for discs whose kinds of mass have temperatures of their own
 * (1/s, a function of the kinds' temperatures, J): the mixture's rate at their mean temperature T
 * (`coefficient` √T, enskogCoefficient over all the discs' groups), times the change the kinds' own
 * temperatures make to it, enskogKindsRate over the kinds at theirs divided by the same at T. At one
 * temperature exactly coefficient √T; kinds of distinct masses (a few) exactly enskogKindsRate; 16
 * kinds of a range of radii within 10⁻³ of enskogKindsRate over all 256 groups, each at its kind's
 * temperature, which cost 0.25 ms a record (the plot draws every record).
 */
export function kindsEnskogRate(kinds: DiscGroups, theory: Theory, coefficient: number): (temperatures: readonly number[]) => number {
  const rate = enskogKindsRate(kinds, theory);
  return (temperatures) => {
    let mean = 0;
    for (let a = 0; a < kinds.share.length; a++) mean += (kinds.share[a] as number) * Math.max(0, temperatures[a] as number);
    if (!(mean > 0)) return 0;
    const common = rate(kinds.share.map(() => mean));
    return common > 0 ? coefficient * Math.sqrt(mean) * (rate(temperatures) / common) : 0;
  };
}

/** Enskog collision frequency per disc at temperature T (J): 2 n σ g(σ) sqrt(π T / m), 1/s. */
export function enskogRate(temperature: number, theory: Theory): number {
  if (!(temperature > 0) || !(theory.meanMass > 0)) return 0;
  return (
    2 * theory.numberDensity * theory.meanDiameter * theory.contactValue *
    Math.sqrt((Math.PI * temperature) / theory.meanMass)
  );
}

/**
 * The hard-disc equation of state as Z = P / (n T), the pressure of a homogeneous gas at temperature
 * T on its walls over the ideal gas's. Collisions carry momentum across the contact distance, the
 * more the harder they are: Z = 1 + (1 + r) ν g(σ) with Henderson's contact value (r = 1: the
 * elastic 1 + 2 ν g(σ)). A cooling gas at r = 0.8 (8000 discs, ν = 0.3, 20 seeds, until T fell to
 * a fifth) pressed on the walls with Z = 1.963 ± 0.016 where the same discs at r = 1 gave
 * 2.068 ± 0.011: lower by 0.105 ± 0.020, as (1 − r) ν g(σ) = 0.106 says. (Both lie some 0.02 above
 * the formula: a box of side 1 m measures the bulk's Z plus a wall term of order R / L.)
 */
export function compressibility(theory: Theory): number {
  return 1 + (1 + theory.restitution) * theory.areaFraction * theory.contactValue;
}

/**
 * Z = P / (n T) of a mixture of disc sizes: 1 + (1 + r)/2 · (π/2) n Σ_ab x_a x_b σ_ab² g_ab (x the
 * kinds' shares, σ_ab = R_a + R_b, g_ab from contactValues), the virial of the collisions of each
 * pair of kinds; the masses do not enter. One kind: 1 + (1 + r) ν g(σ), which compressibility
 * returns for it exactly. Elastic discs of radii 1 : 2 (equal numbers, ν = 0.3) pressed on the walls
 * with Z = 2.036, 2.018 and 2.008 for 2000, 8000 and 32,000 discs in 1 m², equal discs with 2.103,
 * 2.083 and 2.073: the wall term halves as R / L does, towards 2.000 here (1.999 extrapolated) and
 * Henderson's 2.064 there. The mean diameter's Z, Henderson's 2.064 at the same ν, was 3 % high in
 * the bulk (where at 2000 discs the wall term hid it: 1.4 % high, the mixture's 1.8 % low).
 */
export function mixtureCompressibility(groups: DiscGroups, theory: Theory): number {
  if (groups.radius.length <= 1) return compressibility(theory);
  const g = contactValues(groups, theory.areaFraction);
  if (!g) return compressibility(theory);
  const k = groups.radius.length;
  let sum = 0;
  for (let a = 0; a < k; a++) {
    let inner = 0;
    for (let b = 0; b < k; b++) {
      const sigma = (groups.radius[a] as number) + (groups.radius[b] as number);
      inner += (groups.share[b] as number) * sigma * sigma * g(a, b);
    }
    sum += (groups.share[a] as number) * inner;
  }
  return 1 + ((1 + theory.restitution) / 2) * (Math.PI / 2) * theory.numberDensity * sum;
}

/**
 * The hard-disc equation of state: P = n T Z, N/m, with Z from compressibility (one kind, the
 * default) or mixtureCompressibility. The pressure on the walls of a homogeneous gas at temperature
 * T (J); not under gravity.
 */
export function hardDiscPressure(temperature: number, theory: Theory, z = compressibility(theory)): number {
  if (!(temperature > 0)) return 0;
  return theory.numberDensity * temperature * z;
}

/** at most this many kinds in the cooling of a mixture (its work grows as their square) */
export const COOLING_KINDS_MAX = 16;

/** Disc kinds (discGroups) with each kind's granular temperature at t = 0, J: its mean ½ m v². */
export interface CoolingKinds extends DiscGroups {
  temperature: number[];
}

/**
 * The discs as at most COOLING_KINDS_MAX kinds for MixtureCooling, from their radii (m), masses
 * (kg) and kinetic energies at t = 0 (J): exact kinds when there are that few, otherwise bins as
 * in discGroups, each at its discs' mean radius, mass and energy (16 bins of a range of radii 1 to
 * 3 cool as 200 groups do within 0.07 %).
 */
export function coolingKinds(radii: ArrayLike<number>, masses: ArrayLike<number>, energies: ArrayLike<number>): CoolingKinds {
  const { radius, mass, share, mean } = groupDiscs(radii, masses, COOLING_KINDS_MAX, energies);
  return { radius, mass, share, temperature: mean };
}

/** RK4 steps per collision time of the kind that collides most often (400 give the same curve within 1e-10) */
const COOLING_STEPS_PER_COLLISION = 40;
/** the shape of the temperatures has settled when it changes less than this per collision */
const COOLING_SETTLED = 1e-9;
/** the integration stops here at the latest, the rest following Haff's law from where it stopped */
const COOLING_MAX_STEPS = 200_000;

/**
 * Homogeneous cooling of a mixture of disc kinds, each kind a with its own temperature T_a (the
 * kinds start as they were set up: `generate` gives every disc the same rms speed, so heavy discs
 * start hotter). With Maxwell velocities in each kind, a collision of kinds a and b (σ_ab = R_a + R_b,
 * M = m_a + m_b, μ_ab = m_a m_b / M) comes at the Enskog rate n_b 2σ_ab g_ab √(π A_ab / (2 μ_ab)) per
 * disc of a, with A_ab = (m_b T_a + m_a T_b) / M, and changes the a disc's energy on average by
 * −(1 + r) (m_b / M) [2 (m_a / M) (T_a − T_b) + (1 − r) A_ab]: an exchange between the kinds and a
 * loss (1 − r²) A_ab per collision in all. With a common temperature T this is Haff's cooling with
 * τ = 4 / ((1 − r²) ω0) and ω0 the mixture's Enskog rate (enskogCoefficient · √T0); one kind, Haff's
 * law. The temperatures settle into fixed ratios (heavy discs hotter) after which the mixture cools
 * by Haff's law again, from that point on.
 *
 * Measured (2000 discs placed at random, ν = 0.1, r = 0.9, elastic walls, until T fell to a fifth;
 * rms deviation of E_kin over the run, mean of four seeds; tests/wasm/gas-theory.test.ts): radii 1
 * to 3 as generated 1.5 %, where Haff's law with the mean radius and mass is 3.7 % off and with a
 * common temperature 4.3 % (equal discs follow Haff's law within 1.4 %); masses 1 : 4 at one rms
 * speed 1.5 % (7.5 %, 7.6 %), at one temperature 1.6 % (9.9 %, 4.4 %).
 */
export class MixtureCooling {
  private readonly k: number;
  private readonly share: Float64Array;
  private readonly mass: Float64Array;
  /** n x_b 2σ_ab g_ab (encounters): the rate per disc of a divided by the mean relative speed, row a */
  private readonly meet: Float64Array;
  /** m_b / M */
  private readonly toA: Float64Array;
  /** m_a / M */
  private readonly fromB: Float64Array;
  private readonly restitution: number;
  /** the table so far: time (s), mean temperature (J) and its rate of change (J/s) */
  private readonly times: number[] = [0];
  private readonly means: number[];
  private readonly slopes: number[];
  private temperatures: Float64Array;
  /** Haff's law from the table's last point on, once the kinds' ratios have settled */
  private tail: { time: number; mean: number; tau: number } | null = null;
  private steps = 0;
  /** the mean temperature at t = 0, J */
  readonly mean0: number;

  constructor(kinds: CoolingKinds, theory: Theory) {
    const k = kinds.radius.length;
    this.k = k;
    this.restitution = theory.restitution;
    this.share = Float64Array.from(kinds.share);
    this.mass = Float64Array.from(kinds.mass);
    this.meet = encounters(kinds, theory);
    this.toA = new Float64Array(k * k);
    this.fromB = new Float64Array(k * k);
    for (let a = 0; a < k; a++) {
      const ma = kinds.mass[a] as number;
      for (let b = 0; b < k; b++) {
        const mb = kinds.mass[b] as number;
        this.toA[a * k + b] = mb / (ma + mb);
        this.fromB[a * k + b] = ma / (ma + mb);
      }
    }
    this.temperatures = Float64Array.from(kinds.temperature, (t) => Math.max(0, t));
    const dT = new Float64Array(k);
    this.derivative(this.temperatures, dT);
    this.mean0 = this.mean(this.temperatures);
    this.means = [this.mean0];
    this.slopes = [this.mean(dT)];
  }

  /** each kind's temperature where the integration has got to (J), for tests */
  kindTemperatures(): number[] {
    return Array.from(this.temperatures);
  }

  /** dT_a/dt (J/s) of each kind at the temperatures given (J), for tests */
  rates(temperatures: readonly number[]): number[] {
    const out = new Float64Array(this.k);
    this.derivative(Float64Array.from(temperatures), out);
    return Array.from(out);
  }

  /** the mean temperature Σ x_a T_a at time t (s), J */
  temperature(t: number): number {
    if (!(t > 0)) return this.mean0;
    this.extend(t);
    const tail = this.tail;
    const times = this.times;
    const last = times.length - 1;
    if (t >= (times[last] as number)) {
      // settled, or the step budget spent: Haff's law from the last point
      const from = tail ?? this.tailAt(last);
      const s = 1 + (t - from.time) / from.tau;
      return from.mean / (s * s);
    }
    // the interval holding t, then cubic Hermite between its ends
    let lo = 0;
    let hi = last;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((times[mid] as number) <= t) lo = mid;
      else hi = mid;
    }
    const t0 = times[lo] as number;
    const h = (times[hi] as number) - t0;
    const u = (t - t0) / h;
    const y0 = this.means[lo] as number;
    const y1 = this.means[hi] as number;
    const d0 = (this.slopes[lo] as number) * h;
    const d1 = (this.slopes[hi] as number) * h;
    const u2 = u * u;
    const u3 = u2 * u;
    return (2 * u3 - 3 * u2 + 1) * y0 + (u3 - 2 * u2 + u) * d0 + (-2 * u3 + 3 * u2) * y1 + (u3 - u2) * d1;
  }

  private mean(values: Float64Array): number {
    let sum = 0;
    for (let a = 0; a < this.k; a++) sum += (this.share[a] as number) * (values[a] as number);
    return sum;
  }

  /** Haff's law through the table's point i: τ from the mean temperature's rate of change there */
  private tailAt(i: number): { time: number; mean: number; tau: number } {
    const mean = this.means[i] as number;
    const slope = this.slopes[i] as number;
    return { time: this.times[i] as number, mean, tau: slope < 0 && mean > 0 ? (-2 * mean) / slope : Infinity };
  }

  /**
   * dT_a/dt into `out`; returns the largest collision rate per disc of a kind, 1/s (the step's
   * scale).
   */
  private derivative(T: Float64Array, out: Float64Array): number {
    const k = this.k;
    const r = this.restitution;
    let fastest = 0;
    for (let a = 0; a < k; a++) {
      const ta = T[a] as number;
      let sum = 0;
      let collisions = 0;
      for (let b = 0; b < k; b++) {
        const ab = a * k + b;
        const p = this.toA[ab] as number;
        const q = this.fromB[ab] as number;
        const A = p * ta + q * (T[b] as number);
        const frequency = (this.meet[ab] as number) * meanRelativeSpeed(ta / (this.mass[a] as number), (T[b] as number) / (this.mass[b] as number));
        collisions += frequency;
        sum -= frequency * (1 + r) * p * (2 * q * (ta - (T[b] as number)) + (1 - r) * A);
      }
      out[a] = sum;
      if (collisions > fastest) fastest = collisions;
    }
    return fastest;
  }

  /** integrates until the table reaches t, the ratios settle, or the step budget is spent */
  private extend(t: number): void {
    const k = this.k;
    const k1 = new Float64Array(k);
    const k2 = new Float64Array(k);
    const k3 = new Float64Array(k);
    const k4 = new Float64Array(k);
    const y = new Float64Array(k);
    while (this.tail === null && this.steps < COOLING_MAX_STEPS && (this.times[this.times.length - 1] as number) < t) {
      const T = this.temperatures;
      const fastest = this.derivative(T, k1);
      const mean = this.mean(T);
      if (!(fastest > 0) || !(mean > 0)) {
        this.tail = this.tailAt(this.times.length - 1);
        break;
      }
      const h = 1 / (COOLING_STEPS_PER_COLLISION * fastest);
      for (let a = 0; a < k; a++) y[a] = Math.max(0, (T[a] as number) + 0.5 * h * (k1[a] as number));
      this.derivative(y, k2);
      for (let a = 0; a < k; a++) y[a] = Math.max(0, (T[a] as number) + 0.5 * h * (k2[a] as number));
      this.derivative(y, k3);
      for (let a = 0; a < k; a++) y[a] = Math.max(0, (T[a] as number) + h * (k3[a] as number));
      this.derivative(y, k4);
      const next = new Float64Array(k);
      for (let a = 0; a < k; a++) {
        next[a] = Math.max(0, (T[a] as number) + (h / 6) * ((k1[a] as number) + 2 * (k2[a] as number) + 2 * (k3[a] as number) + (k4[a] as number)));
      }
      const nextMean = this.mean(next);
      // the largest change of a kind's share of the temperature, per collision of the fastest kind
      let change = 0;
      for (let a = 0; a < k; a++) {
        const before = (T[a] as number) / mean;
        const after = (next[a] as number) / nextMean;
        if (before > 0) change = Math.max(change, Math.abs(after - before) / before);
      }
      this.temperatures = next;
      this.steps++;
      const slope = new Float64Array(k);
      this.derivative(next, slope);
      this.times.push((this.times[this.times.length - 1] as number) + h);
      this.means.push(nextMean);
      this.slopes.push(this.mean(slope));
      if (change * COOLING_STEPS_PER_COLLISION < COOLING_SETTLED) this.tail = this.tailAt(this.times.length - 1);
    }
  }
}

/**
 * The energy the plot draws for Haff's cooling: Haff's law E0/(1 + t/τ)² for one kind of disc (the
 * engine's τ), the cooling of the kinds (MixtureCooling) for several, scaled to E0 = E_kin(0).
 */
export function coolingEnergy(kinds: CoolingKinds, theory: Theory, e0: number): (t: number) => number {
  if (kinds.radius.length <= 1) return (t) => haffEnergy(t, e0, theory.haffTau);
  const cooling = new MixtureCooling(kinds, theory);
  const scale = cooling.mean0 > 0 ? e0 / cooling.mean0 : 0;
  return (t) => scale * cooling.temperature(t);
}

/** Centres of `bins` uniform bins on [0, max]. */
export function binCenters(bins: number, max: number): number[] {
  const width = max / bins;
  return Array.from({ length: bins }, (_, k) => (k + 0.5) * width);
}
