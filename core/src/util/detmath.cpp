#include "util/detmath.hpp"

#include <cstdint>
#include <cstring>
#include <limits>

namespace granular::detmath {

double log(double x) {
  if (!(x > 0)) return x == 0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  if (x == std::numeric_limits<double>::infinity()) return x;
  // Split x = m * 2^k with m in [sqrt(1/2), sqrt(2)) by reading the exponent bits.
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  int k = 0;
  if ((bits >> 52) == 0) {  // subnormal: scale up first
    x *= 18014398509481984.0;  // 2^54
    std::memcpy(&bits, &x, sizeof bits);
    k = -54;
  }
  k += static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  bits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;  // m in [1, 2)
  double m;
  std::memcpy(&m, &bits, sizeof m);
  if (m > 1.4142135623730951) {
    m *= 0.5;
    ++k;
  }
  // log(m) = 2 atanh(f), f = (m - 1)/(m + 1), |f| <= 0.1716: odd series, 12 terms reach 1e-19.
  double f = (m - 1.0) / (m + 1.0);
  double f2 = f * f;
  double term = f;
  double sum = 0.0;
  for (int n = 1; n <= 25; n += 2) {
    sum += term / n;
    term *= f2;
  }
  const double ln2hi = 6.93147180369123816490e-01;  // high part of ln 2 (exact in 32 bits)
  const double ln2lo = 1.90821492927058770002e-10;
  return k * ln2hi + (2.0 * sum + k * ln2lo);
}

namespace {

// Taylor series on |y| <= pi/4: 11 terms leave an error below 1e-19.
double sinKernel(double y) {
  double y2 = y * y;
  double term = y;
  double sum = 0.0;
  for (int n = 1; n <= 23; n += 2) {
    sum += term;
    term *= -y2 / ((n + 1) * (n + 2));
  }
  return sum;
}

double cosKernel(double y) {
  double y2 = y * y;
  double term = 1.0;
  double sum = 0.0;
  for (int n = 0; n <= 22; n += 2) {
    sum += term;
    term *= -y2 / ((n + 1) * (n + 2));
  }
  return sum;
}

// x = q * pi/2 + y with |y| <= pi/4 (Cody–Waite style split of pi/2 into two parts).
double reduce(double x, long long& q) {
  const double twoOverPi = 0.63661977236758134308;
  const double pio2hi = 1.57079632673412561417e+00;
  const double pio2lo = 6.07710050650619224932e-11;
  double qd = x * twoOverPi;
  qd = qd >= 0 ? static_cast<double>(static_cast<long long>(qd + 0.5)) : -static_cast<double>(static_cast<long long>(-qd + 0.5));
  q = static_cast<long long>(qd);
  return (x - qd * pio2hi) - qd * pio2lo;
}

}  // namespace

double cos(double x) {
  if (!(x == x) || x > 1e15 || x < -1e15) return std::numeric_limits<double>::quiet_NaN();
  long long q;
  double y = reduce(x, q);
  switch (q & 3) {
    case 0: return cosKernel(y);
    case 1: return -sinKernel(y);
    case 2: return -cosKernel(y);
    default: return sinKernel(y);
  }
}

double sin(double x) {
  if (!(x == x) || x > 1e15 || x < -1e15) return std::numeric_limits<double>::quiet_NaN();
  long long q;
  double y = reduce(x, q);
  switch (q & 3) {
    case 0: return sinKernel(y);
    case 1: return cosKernel(y);
    case 2: return -sinKernel(y);
    default: return -cosKernel(y);
  }
}

double fifthRoot(double x) {
  if (!(x > 0)) return x == 0 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
  if (x == std::numeric_limits<double>::infinity()) return x;
  // Scale by 2^(5k) into [1, 32) so that Newton starts close: the root scales by 2^k.
  double scale = 1;
  while (x >= 32.0) { x *= 1.0 / 32.0; scale *= 2.0; }
  while (x < 1.0) { x *= 32.0; scale *= 0.5; }
  double y = 2.0;  // >= x^(1/5) on [1, 32): Newton decreases monotonically to the root
  for (int k = 0; k < 100; ++k) {
    const double y2 = y * y;
    const double next = (4.0 * y + x / (y2 * y2)) / 5.0;
    if (!(next < y)) break;
    y = next;
  }
  return y * scale;
}

}  // namespace granular::detmath
