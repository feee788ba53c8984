// Shared helpers for the native tests: presets, scenario text, overlap checks.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "geometry/grid.hpp"
#include "granular/scenario.hpp"
#include "model/model.hpp"
#include "state/state.hpp"

namespace granular::testing {

inline std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::string presetPath(const std::string& name) { return std::string(GRANULAR_SOURCE_DIR) + "/scenarios/" + name; }
inline std::string preset(const std::string& name) { return readText(presetPath(name)); }

/// Model + State from scenario text; fails the test on any issue.
inline void build(const std::string& json, Model& m, State& s) {
  ScenarioSpec spec;
  std::vector<Issue> errors;
  const bool ok = readScenario(json, spec, errors) && buildInitial(spec, m, s, errors);
  for (const Issue& e : errors) ADD_FAILURE() << e.text();
  ASSERT_TRUE(ok);
}

/// Positions at time t from the lazy state.
inline void positionsAt(const State& s, double t, std::vector<double>& x, std::vector<double>& y) {
  const int n = static_cast<int>(s.pos.cols());
  x.resize(static_cast<std::size_t>(n));
  y.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    x[static_cast<std::size_t>(i)] = s.pos(0, i) + s.vel(0, i) * (t - s.tLocal(i));
    y[static_cast<std::size_t>(i)] = s.pos(1, i) + s.vel(1, i) * (t - s.tLocal(i));
  }
}

/// Deepest overlap between two discs at time t, relative to the smaller radius (0 if none).
inline double deepestOverlap(const Model& m, const State& s, double t) {
  std::vector<double> x, y;
  positionsAt(s, t, x, y);
  GridShape shape(m.xmin, m.ymin, m.xmax, m.ymax, 2.0 * m.maxRadius, 4LL * m.n + 1024);
  BucketGrid grid(shape);
  double worst = 0;
  for (int i = 0; i < m.n; ++i) {
    const std::size_t a = static_cast<std::size_t>(i);
    grid.forNeighbours(x[a], y[a], [&](int j) {
      const std::size_t b = static_cast<std::size_t>(j);
      const double d = std::hypot(x[a] - x[b], y[a] - y[b]);
      const double depth = (m.radius(i) + m.radius(j) - d) / std::min(m.radius(i), m.radius(j));
      worst = std::max(worst, depth);
    });
    grid.insert(i, x[a], y[a]);
  }
  return worst;
}

/// The largest depth(disc radius, disc centre, wall) over every disc and wall at time t (0 if none is positive).
template <class Depth>
double deepestOverDiscsAndWalls(const Model& m, const State& s, double t, Depth depth) {
  std::vector<double> x, y;
  positionsAt(s, t, x, y);
  double worst = 0;
  for (int i = 0; i < m.n; ++i) {
    const geom::Vec2 p{x[static_cast<std::size_t>(i)], y[static_cast<std::size_t>(i)]};
    for (const Wall& w : m.walls) worst = std::max(worst, depth(m.radius(i), p, w));
  }
  return worst;
}

/// Deepest penetration of a disc into a wall segment at time t, relative to its radius (0 if none).
inline double deepestWallPenetration(const Model& m, const State& s, double t) {
  return deepestOverDiscsAndWalls(m, s, t, [](double r, geom::Vec2 p, const Wall& w) {
    const geom::Vec2 q = geom::closestPointOnSegment(p, w.a, w.b);
    return (r - std::sqrt(geom::dot(p - q, p - q))) / r;
  });
}

/// For a convex domain: the deepest a disc reaches past any wall's line, in radii, measured along
/// the wall's inward normal, so a disc that has crossed a wall counts by how far it went (for the
/// unsigned distance of deepestWallPenetration it would be a disc far from the wall).
inline double deepestPastConvexWalls(const Model& m, const State& s, double t) {
  return deepestOverDiscsAndWalls(m, s, t, [](double r, geom::Vec2 p, const Wall& w) { return (r - geom::dot(p - w.a, w.normal)) / r; });
}

inline double kineticEnergy(const Model& m, const State& s) {
  double e = 0;
  for (int i = 0; i < m.n; ++i) e += 0.5 * m.mass(i) * (s.vel(0, i) * s.vel(0, i) + s.vel(1, i) * s.vel(1, i));
  return e;
}

/// One head-on Hunt–Crossley impact (REFERENCE §2), m_eff rho'' = -k0 rho^3/2 (1 + a rho' / u) at
/// approach speed u, the force never pulling, in scaled form: with rho = L s, t = (L / u) tau and
/// L = (m_eff u^2 / k0)^(2/5) it is s'' = -s^3/2 (1 + a s'), s(0) = 0, s'(0) = 1. Solved by RK4 with
/// step h (tau units) until s returns to 0: the contact's duration in tau, and s' as it ends (-e).
struct ScaledImpact {
  double duration;
  double exitRate;
};
inline ScaledImpact scaledImpact(double a, double h = 1e-5) {
  const auto accel = [a](double x, double rate) {
    const double f = x > 0 ? x * std::sqrt(x) * (1 + a * rate) : 0.0;
    return f > 0 ? -f : 0.0;
  };
  double x = 0, rate = 1, tau = 0;
  for (;;) {
    const double k1x = rate, k1v = accel(x, rate);
    const double k2x = rate + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, k2x);
    const double k3x = rate + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, k3x);
    const double k4x = rate + h * k3v, k4v = accel(x + h * k3x, k4x);
    const double next = x + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
    const double nextRate = rate + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    if (next <= 0 && tau > 0) return {tau + h * x / (x - next), nextRate};  // the crossing, linearly within the step
    x = next;
    rate = nextRate;
    tau += h;
  }
}

}  // namespace granular::testing
