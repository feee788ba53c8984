// Seeded random numbers that give the same sequence natively and in WebAssembly:
// xoshiro256** (Blackman & Vigna) seeded through splitmix64, integer arithmetic only; doubles are
// built from the top 53 bits; Gaussians use Marsaglia's polar method with detmath::log.
#pragma once

#include <cmath>
#include <cstdint>

#include "util/detmath.hpp"

namespace granular {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    std::uint64_t z = seed;
    for (auto& w : s_) w = splitmix(z);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
  /// Uniform in [a, b).
  double uniform(double a, double b) { return a + (b - a) * uniform(); }
  /// Uniform integer in [0, n).
  std::uint64_t below(std::uint64_t n) { return n ? next() % n : 0; }

  /// Standard normal pair (Marsaglia polar method).
  void normalPair(double& a, double& b) {
    double u, v, s;
    do {
      u = uniform(-1.0, 1.0);
      v = uniform(-1.0, 1.0);
      s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    double f = std::sqrt(-2.0 * detmath::log(s) / s);
    a = u * f;
    b = v * f;
  }

  /// Uniformly distributed unit vector (rejection from the square: no trigonometry).
  void unitVector(double& x, double& y) {
    double s;
    do {
      x = uniform(-1.0, 1.0);
      y = uniform(-1.0, 1.0);
      s = x * x + y * y;
    } while (s >= 1.0 || s < 1e-6);
    double inv = 1.0 / std::sqrt(s);
    x *= inv;
    y *= inv;
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t splitmix(std::uint64_t& z) {
    z += 0x9e3779b97f4a7c15ULL;
    std::uint64_t r = z;
    r = (r ^ (r >> 30)) * 0xbf58476d1ce4e5b9ULL;
    r = (r ^ (r >> 27)) * 0x94d049bb133111ebULL;
    return r ^ (r >> 31);
  }
  std::uint64_t s_[4];
};

}  // namespace granular
