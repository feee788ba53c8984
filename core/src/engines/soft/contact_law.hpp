// The damped Hertz contact law of the soft-disc engine, as pure functions (see
// ../shared/REFERENCE.md §2 and docs/soft-discs.md):
//
//   f = k0 rho^3/2 [1 + a rho_dot / rho_dot_minus],  k0 = 4 / (3 (sigma1 + sigma2)) sqrt(R1 R2 / (R1 + R2))
//
// with a = (3/2)(1 - c_tau) for Hunt–Crossley, or a(e) for Lankarani–Nikravesh, Flores et al. and
// Gonthier et al. One impact of this law restitutes exactly the e that solves
//
//   a - ln(1 + a) = -a e - ln(1 - a e)
//
// whatever k0, the masses and the impact speed: so a target e is met exactly by solving that
// relation for a, and the e a law really gives is the same relation solved for e.
#pragma once

#include "model/soft_model.hpp"

namespace granular::soft {

/// Hertz stiffness of two bodies of radii r1, r2 (r2 = +inf: flat wall; r2 < 0: concave wall of
/// radius -r2) and compliance sigma = (1 - nu^2) / E each.
double hertzStiffness(double r1, double r2, double sigma1, double sigma2);

/// The exact impact relation's residual: a - ln(1 + a) + a e + ln(1 - a e).
double impactResidual(double a, double e);
/// Effective restitution of one impact with damping parameter a >= 0 (1 for a = 0).
double restitutionFromDamping(double a);
/// The damping parameter a that restitutes exactly e in (0, 1] (0 for e = 1).
double dampingFromRestitution(double e);
/// The damping parameter each law prescribes for a target restitution e (its published formula).
double lawDamping(DampingLaw law, double e);
const char* lawName(DampingLaw law);
/// The law as a reader names it, as the page's form does ("Lankarani–Nikravesh"); lawName is the scenario's value.
const char* lawTitle(DampingLaw law);

/// Elastic limit: maximum overlap (5 m_eff v^2 / (4 k0))^(2/5) and contact duration 2.94328 rho_max / v.
double hertzMaxOverlap(double meff, double k0, double v);
double hertzDuration(double meff, double k0, double v);

/// Normal force magnitude (N) for penetration rho > 0, its rate rhoDot (> 0 approaching) and the
/// captured approach speed; never negative (no adhesion). `elastic` receives k0 rho^3/2.
inline double normalForce(double k0, double a, double rho, double rhoDot, double approachSpeed, double& elastic) {
  elastic = k0 * rho * std::sqrt(rho);
  const double f = elastic * (1.0 + a * rhoDot / approachSpeed);
  return f > 0 ? f : 0.0;
}

}  // namespace granular::soft
