/** Closed-form reference curves drawn over the measured data (pure). */
import type { Theory } from '../sim/granular-wasm';

/** Haff's law for the kinetic energy: E(t) = E0 / (1 + t/τ)², J. */
export function haffEnergy(t: number, e0: number, tau: number): number {
  const s = 1 + t / tau;
  return e0 / (s * s);
}

/** Haff's law applies to a freely cooling gas: r < 1, no vibrating wall, no gravity, finite τ. */
export function haffApplies(restitution: number, vibrationOn: boolean, tau: number, gravityOn = false): boolean {
  return restitution < 1 && !vibrationOn && !gravityOn && Number.isFinite(tau) && tau > 0;
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
 * Groups the discs' masses for maxwellMixture: exactly, one group per distinct mass, when there are
 * at most MASS_GROUPS_MAX of them (equal discs: one group); otherwise in MASS_GROUPS_MAX bins of
 * equal width in log m, each at the mean mass of its discs (a range of masses of 100 makes bins
 * 1.8 % wide, the curve's error far below that).
 */
export function massGroups(masses: ArrayLike<number>): MassGroups {
  // the discs grouped by mass alone: discGroups with the mass as the radius too
  const groups = discGroups(masses, masses);
  return { mass: groups.mass, share: groups.share };
}

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
 * positive number are left out. massGroups is this with the mass standing for the radius too.
 */
export function discGroups(radii: ArrayLike<number>, masses: ArrayLike<number>): DiscGroups {
  const valid = (x: number): boolean => x > 0 && Number.isFinite(x);
  const discs: number[] = [];
  for (let i = 0; i < Math.min(radii.length, masses.length); i++) {
    if (valid(radii[i] as number) && valid(masses[i] as number)) discs.push(i);
  }
  const n = discs.length;
  const out: DiscGroups = { radius: [], mass: [], share: [] };
  if (n === 0) return out;
  const exact = new Map<string, { radius: number; mass: number; count: number }>();
  for (const i of discs) {
    if (exact.size > MASS_GROUPS_MAX) break;
    const key = `${radii[i] as number} ${masses[i] as number}`;
    const group = exact.get(key);
    if (group) group.count++;
    else exact.set(key, { radius: radii[i] as number, mass: masses[i] as number, count: 1 });
  }
  if (exact.size <= MASS_GROUPS_MAX) {
    for (const g of exact.values()) {
      out.radius.push(g.radius);
      out.mass.push(g.mass);
      out.share.push(g.count / n);
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
  const radius = new Float64Array(MASS_GROUPS_MAX);
  const mass = new Float64Array(MASS_GROUPS_MAX);
  const count = new Float64Array(MASS_GROUPS_MAX);
  for (const i of discs) {
    const x = byRadius ? (radii[i] as number) : (masses[i] as number);
    const k = Math.min(MASS_GROUPS_MAX - 1, Math.floor((Math.log(x / lo) / span) * MASS_GROUPS_MAX));
    radius[k] = (radius[k] as number) + (radii[i] as number);
    mass[k] = (mass[k] as number) + (masses[i] as number);
    count[k] = (count[k] as number) + 1;
  }
  for (let k = 0; k < MASS_GROUPS_MAX; k++) {
    const c = count[k] as number;
    if (c === 0) continue;
    out.radius.push((radius[k] as number) / c);
    out.mass.push((mass[k] as number) / c);
    out.share.push(c / n);
  }
  return out;
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
 * The Enskog collision frequency per disc of a mixture divided by √T (1/(s √J)): the rate at
 * temperature T is this times √T. Each pair of kinds a, b meets at
 * n_b · 2σ_ab · g_ab · √(π T / (2 μ_ab)), with σ_ab = R_a + R_b, μ_ab the reduced mass and g_ab the
 * contact value (contactValues), the average taken over the discs. Equal discs: 2 n σ g(σ) √(π / m)
 * with Henderson's g(σ), as enskogRate. (With the mean diameter and mass instead, discs of radii 8
 * to 30 mm collided 13 % more often than the curve; the mixture is within 3 %.)
 */
export function enskogCoefficient(groups: DiscGroups, theory: Theory): number {
  const g = contactValues(groups, theory.areaFraction);
  if (!g) return 0;
  const k = groups.radius.length;
  let sum = 0;
  for (let a = 0; a < k; a++) {
    const ra = groups.radius[a] as number;
    const ma = groups.mass[a] as number;
    let inner = 0;
    for (let b = 0; b < k; b++) {
      const rb = groups.radius[b] as number;
      const mb = groups.mass[b] as number;
      const sigma = ra + rb;
      inner += (groups.share[b] as number) * 2 * sigma * g(a, b) * Math.sqrt((Math.PI * (ma + mb)) / (2 * ma * mb));
    }
    sum += (groups.share[a] as number) * inner;
  }
  return theory.numberDensity * sum;
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

/** Centres of `bins` uniform bins on [0, max]. */
export function binCenters(bins: number, max: number): number[] {
  const width = max / bins;
  return Array.from({ length: bins }, (_, k) => (k + 0.5) * width);
}
