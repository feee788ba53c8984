#include "engines/soft/contact_law.hpp"

#include <cmath>
#include <limits>

#include "util/detmath.hpp"

namespace granular::soft {

double hertzStiffness(double r1, double r2, double sigma1, double sigma2) {
  double reff;
  if (std::isinf(r2)) reff = r1;
  else reff = r1 * r2 / (r1 + r2);  // r2 = -R_W: r1 R_W / (R_W - r1) > 0
  return 4.0 / (3.0 * (sigma1 + sigma2)) * std::sqrt(reff);
}

double impactResidual(double a, double e) {
  return a - detmath::log(1.0 + a) + a * e + detmath::log(1.0 - a * e);
}

double restitutionFromDamping(double a) {
  if (!(a > 0)) return 1.0;
  // The residual falls monotonically in e on (0, min(1, 1/a)): positive at 0, negative at the top.
  double lo = 0, hi = a > 1 ? 1.0 / a : 1.0;
  for (int k = 0; k < 200 && hi - lo > 1e-17; ++k) {
    const double mid = 0.5 * (lo + hi);
    if (impactResidual(a, mid) > 0) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

double dampingFromRestitution(double e) {
  if (e >= 1) return 0.0;
  // For fixed e in (0, 1) the residual is positive for small a and tends to -inf as a e -> 1;
  // it has one root. Bisect in log space between tiny a and 1/e.
  double lo = 1e-9, hi = 1.0 / e;
  for (int k = 0; k < 400 && hi - lo > 1e-15 * hi; ++k) {
    const double mid = 0.5 * (lo + hi);
    if (impactResidual(mid, e) > 0) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

double lawDamping(DampingLaw law, double e) {
  switch (law) {
    case DampingLaw::HuntCrossley: return dampingFromRestitution(e);
    case DampingLaw::LankaraniNikravesh: return 3.0 * (1.0 - e * e) / 4.0;
    case DampingLaw::Flores: return 8.0 * (1.0 - e) / (5.0 * e);
    case DampingLaw::Gonthier: return (1.0 - e * e) / e;
  }
  return 0;
}

const char* lawName(DampingLaw law) {
  switch (law) {
    case DampingLaw::HuntCrossley: return "hunt-crossley";
    case DampingLaw::LankaraniNikravesh: return "lankarani-nikravesh";
    case DampingLaw::Flores: return "flores";
    case DampingLaw::Gonthier: return "gonthier";
  }
  return "";
}

const char* lawTitle(DampingLaw law) {
  switch (law) {
    case DampingLaw::HuntCrossley: return "Hunt–Crossley";
    case DampingLaw::LankaraniNikravesh: return "Lankarani–Nikravesh";
    case DampingLaw::Flores: return "Flores";
    case DampingLaw::Gonthier: return "Gonthier";
  }
  return "";
}

double hertzMaxOverlap(double meff, double k0, double v) {
  // x^(2/5) as the square of the fifth root, without libm's pow: the fixed step derives from it and must
  // have the same bits natively and in WebAssembly.
  const double x = 5.0 * meff * v * v / (4.0 * k0);
  const double root = detmath::fifthRoot(x);
  return root * root;
}

double hertzDuration(double meff, double k0, double v) { return v > 0 ? 2.94328 * hertzMaxOverlap(meff, k0, v) / v : std::numeric_limits<double>::infinity(); }

}  // namespace granular::soft
