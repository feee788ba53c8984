// Deterministic elementary functions built from + - * / and sqrt only.
//
// libm's log/cos/exp differ in the last bit between glibc (native) and musl (Emscripten), and the
// event engine must produce bit-identical states natively and in WebAssembly. IEEE 754 makes the
// basic operations and sqrt correctly rounded everywhere, and -ffp-contract=off forbids fused
// multiply-adds, so functions composed only of them give the same bits on every target. Accuracy is
// a few ulp, ample for initial conditions and wall vibration.
#pragma once

namespace granular::detmath {

/// Natural logarithm of x > 0 (returns -inf for 0, NaN for x < 0).
double log(double x);
/// Cosine and sine (argument reduction in double precision: absolute error grows like ulp(|x|)).
double cos(double x);
double sin(double x);
/// Real fifth root of x >= 0 (Newton's method from above; exact to an ulp or two).
double fifthRoot(double x);

constexpr double kPi = 3.14159265358979323846;

}  // namespace granular::detmath
