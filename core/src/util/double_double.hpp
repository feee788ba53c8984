// Double-double arithmetic: a value is the unevaluated sum hi + lo of two doubles, about 32
// significant decimal digits. Built on the error-free transformations TwoSum (Knuth) and TwoProd
// (Dekker's splitting: no fused multiply-add, which -ffp-contract=off forbids anyway), so the
// results are the same bits natively and in WebAssembly.
//
// Used by the chain engine's extended-precision mode: near the critical restitution the gaps of a
// row of spheres shrink geometrically and plain doubles lose them against the positions.
#pragma once

#include <cmath>

namespace granular {

struct DoubleDouble {
  double hi = 0, lo = 0;

  constexpr DoubleDouble() = default;
  constexpr DoubleDouble(double x) : hi(x), lo(0) {}  // NOLINT: implicit, like a numeric type
  constexpr DoubleDouble(double h, double l) : hi(h), lo(l) {}

  explicit operator double() const { return hi + lo; }

  static DoubleDouble twoSum(double a, double b) {
    const double s = a + b;
    const double bb = s - a;
    const double err = (a - (s - bb)) + (b - bb);
    return {s, err};
  }
  static DoubleDouble quickTwoSum(double a, double b) {
    const double s = a + b;
    return {s, b - (s - a)};
  }
  static void split(double a, double& h, double& l) {
    const double t = 134217729.0 * a;  // 2^27 + 1
    h = t - (t - a);
    l = a - h;
  }
  static DoubleDouble twoProd(double a, double b) {
    const double p = a * b;
    double ah, al, bh, bl;
    split(a, ah, al);
    split(b, bh, bl);
    const double err = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    return {p, err};
  }

  friend DoubleDouble operator+(DoubleDouble a, DoubleDouble b) {
    DoubleDouble s = twoSum(a.hi, b.hi);
    DoubleDouble t = twoSum(a.lo, b.lo);
    s.lo += t.hi;
    s = quickTwoSum(s.hi, s.lo);
    s.lo += t.lo;
    return quickTwoSum(s.hi, s.lo);
  }
  friend DoubleDouble operator-(DoubleDouble a) { return {-a.hi, -a.lo}; }
  friend DoubleDouble operator-(DoubleDouble a, DoubleDouble b) { return a + (-b); }
  friend DoubleDouble operator*(DoubleDouble a, DoubleDouble b) {
    DoubleDouble p = twoProd(a.hi, b.hi);
    p.lo += a.hi * b.lo + a.lo * b.hi;
    return quickTwoSum(p.hi, p.lo);
  }
  friend DoubleDouble operator/(DoubleDouble a, DoubleDouble b) {
    const double q1 = a.hi / b.hi;
    DoubleDouble r = a - b * DoubleDouble(q1);
    const double q2 = r.hi / b.hi;
    r = r - b * DoubleDouble(q2);
    const double q3 = r.hi / b.hi;
    return quickTwoSum(q1, q2) + DoubleDouble(q3);
  }
  DoubleDouble& operator+=(DoubleDouble b) { return *this = *this + b; }
  DoubleDouble& operator-=(DoubleDouble b) { return *this = *this - b; }
  DoubleDouble& operator*=(DoubleDouble b) { return *this = *this * b; }
  friend bool operator<(DoubleDouble a, DoubleDouble b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }
  friend bool operator>(DoubleDouble a, DoubleDouble b) { return b < a; }
  friend bool operator<=(DoubleDouble a, DoubleDouble b) { return !(b < a); }
  friend bool operator>=(DoubleDouble a, DoubleDouble b) { return !(a < b); }
  friend bool operator==(DoubleDouble a, DoubleDouble b) { return a.hi == b.hi && a.lo == b.lo; }
};

inline double toDouble(double x) { return x; }
inline double toDouble(DoubleDouble x) { return static_cast<double>(x); }
inline DoubleDouble abs(DoubleDouble x) { return x.hi < 0 ? -x : x; }

}  // namespace granular
