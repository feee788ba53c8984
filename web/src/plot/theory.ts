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

/** Enskog collision frequency per disc at temperature T (J): 2 n σ g(σ) sqrt(π T / m), 1/s. */
export function enskogRate(temperature: number, theory: Theory): number {
  if (!(temperature > 0) || !(theory.meanMass > 0)) return 0;
  return (
    2 * theory.numberDensity * theory.meanDiameter * theory.contactValue *
    Math.sqrt((Math.PI * temperature) / theory.meanMass)
  );
}

/**
 * Hard-disc equation of state with Henderson's contact value: P = n T (1 + 2 ν g(σ)), N/m.
 * The pressure on the walls of a homogeneous gas at temperature T (J); not under gravity.
 */
export function hardDiscPressure(temperature: number, theory: Theory): number {
  if (!(temperature > 0)) return 0;
  return theory.numberDensity * temperature * (1 + 2 * theory.areaFraction * theory.contactValue);
}

/** Centres of `bins` uniform bins on [0, max]. */
export function binCenters(bins: number, max: number): number[] {
  const width = max / bins;
  return Array.from({ length: bins }, (_, k) => (k + 0.5) * width);
}
