#include "engines/nscd/bench.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <sstream>
#include <vector>

#include "util/json.hpp"
#include "util/rng.hpp"

namespace granular::nscd {

System pileLattice(const PileSetup& p) {
  System s;
  s.mu = p.mu;
  s.h = p.h;
  const int n = std::max(0, p.grains);
  const double r = p.rmax, rowHeight = std::sqrt(3.0) * r;
  // about as wide as high: c columns of width 2r, n / c rows of height sqrt(3) r
  const int columns = std::max(1, static_cast<int>(std::lround(std::sqrt(n / (2 / std::sqrt(3.0))))));
  const int rows = n > 0 ? (n + columns - 1) / columns : 0;
  Rng rng(p.seed);
  std::vector<DiscSpec> discs;  // added at once: disc by disc is quadratic in the count
  discs.reserve(static_cast<std::size_t>(n + columns + 1));
  for (int k = 0; k < n; ++k) {
    const int row = k / columns, col = k % columns;
    const double radius = rng.uniform(p.rmin, p.rmax);
    const double x = r * (2 * col + 1) + (row % 2 ? r : 0), y = rowHeight * (row + 1);
    discs.push_back(DiscSpec{x, y, radius, p.density * 3.141592653589793 * radius * radius, false});
  }
  // the box: floor discs at y = 0 under the notches of the first row, side walls up to above the top
  for (int k = 0; k <= columns; ++k) discs.push_back(DiscSpec{2 * r * k, 0, r, 1.0, true});
  const double top = rowHeight * (rows + 1) + 2 * r;
  for (double y = 0; y <= top; y += 2 * r) {
    discs.push_back(DiscSpec{-r, y, r, 1.0, true});
    discs.push_back(DiscSpec{2 * r * columns + 2 * r, y, r, 1.0, true});
  }
  s.addDiscs(discs);
  return s;
}

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kTolerance = 1e-4;  // of the mean radius, as the scenarios' default
constexpr int kSweepCap = 500;       // the steps to tolerance stop here
constexpr int kRestSteps = 20;       // settled: this many steps in a row converged

struct Timed {
  double bestSeconds = 0, meanSeconds = 0, meanIterations = 0, lastResidual = 0, meanContacts = 0;
  int converged = 0, steps = 0;
};

Timed timeSteps(Engine& e, System& s, bool gaussSeidel, double tolerance, int maxIterations, int steps) {
  s.gaussSeidel = gaussSeidel;
  s.tolerance = tolerance;
  s.maxIterations = maxIterations;
  s.warmStart = true;
  for (int k = 0; k < 2; ++k) e.step();
  Timed t;
  t.bestSeconds = 1e300;
  for (int k = 0; k < steps; ++k) {
    const Clock::time_point t0 = Clock::now();
    const StepReport rep = e.step();
    const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    t.bestSeconds = std::min(t.bestSeconds, dt);
    t.meanSeconds += dt;
    t.meanIterations += rep.iterations;
    t.meanContacts += rep.contacts;
    t.lastResidual = rep.residual;
    t.converged += rep.converged ? 1 : 0;
  }
  t.steps = steps;
  if (steps > 0) {
    t.meanIterations /= steps;
    t.meanSeconds /= steps;
    t.meanContacts /= steps;
  } else {
    t.bestSeconds = 0;
  }
  return t;
}

std::string timedJson(const Timed& t) {
  std::ostringstream o;
  o << "{\"msPerStep\": " << formatNumber(t.bestSeconds * 1e3) << ", \"meanMsPerStep\": " << formatNumber(t.meanSeconds * 1e3)
    << ", \"stepsPerSecond\": " << formatNumber(t.bestSeconds > 0 ? 1 / t.bestSeconds : 0)
    << ", \"iterations\": " << formatNumber(t.meanIterations) << ", \"residual\": " << formatNumber(t.lastResidual)
    << ", \"converged\": " << t.converged << ", \"steps\": " << t.steps << ", \"contacts\": " << formatNumber(t.meanContacts) << "}";
  return o.str();
}

/// FNV-1a over the bytes of the positions, velocities and spins of each system in turn: equal hashes
/// mean equal states bit for bit.
std::string stateHash(std::initializer_list<const System*> systems) {
  std::uint64_t h = 1469598103934665603ULL;
  auto mix = [&](const double* p, Eigen::Index count) {
    for (Eigen::Index k = 0; k < count; ++k) {
      std::uint64_t bits;
      std::memcpy(&bits, p + k, sizeof bits);
      for (int b = 0; b < 8; ++b) {
        h ^= (bits >> (8 * b)) & 0xffU;
        h *= 1099511628211ULL;
      }
    }
  };
  for (const System* s : systems) {
    mix(s->pos.data(), s->pos.size());
    mix(s->vel.data(), s->vel.size());
    mix(s->spin.data(), s->spin.size());
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
  return text;
}

}  // namespace

std::string benchJson(const PileSetup& p, int steps, int sweeps, bool withPile) {
  System s = pileLattice(p);
  const int grains = std::max(0, p.grains);
  steps = std::max(0, steps);
  sweeps = std::max(2, sweeps);
  Engine e(s);
  // Settled as the timed steps to tolerance run (same tolerance, same sweep cap): a pile settled with
  // fewer sweeps is still sinking, and every solver then hits the cap. Settling ends once
  // kRestSteps steps in a row have converged, or after settleSteps steps.
  s.gaussSeidel = true;
  s.tolerance = kTolerance;
  s.maxIterations = kSweepCap;
  int settleSteps = 0, convergedInARow = 0;
  const Clock::time_point t0 = Clock::now();
  while (settleSteps < p.settleSteps && convergedInARow < kRestSteps) {
    convergedInARow = e.step().converged ? convergedInARow + 1 : 0;
    ++settleSteps;
  }
  const double settleSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
  std::ostringstream o;
  o << "{\"grains\": " << grains << ", \"fixedDiscs\": " << s.count() - grains << ", \"h\": " << formatNumber(p.h)
    << ", \"mu\": " << formatNumber(p.mu) << ", \"sweeps\": " << sweeps << ", \"settleSteps\": " << settleSteps
    << ", \"settled\": " << (convergedInARow >= kRestSteps ? "true" : "false")
    << ", \"settleSeconds\": " << formatNumber(settleSeconds) << ", \"contacts\": " << e.contacts().size();
  if (withPile) {
    auto list = [&](const char* name, auto value) {
      o << ", \"" << name << "\": [";
      for (int i = 0; i < s.count(); ++i) o << (i ? ", " : "") << formatNumber(value(i));
      o << "]";
    };
    list("x", [&](int i) { return s.pos(0, i); });
    list("y", [&](int i) { return s.pos(1, i); });
    list("r", [&](int i) { return s.radius(i); });
    list("m", [&](int i) { return s.invMass(i) > 0 ? 1 / s.invMass(i) : 0.0; });
  }
  // each solver from the same settled pile and warm start (a fork of the settling engine), so that
  // their iterations to tolerance compare like with like
  System runs[2] = {s, s};
  for (const bool gs : {true, false}) {
    System& run = runs[gs ? 0 : 1];
    Engine fork(run, e);
    const Timed tol = timeSteps(fork, run, gs, kTolerance, kSweepCap, steps);
    const Timed fixed = timeSteps(fork, run, gs, 0, sweeps, steps);
    // the overhead (detection, free velocities, integration) on a copy: one sweep would shake the pile
    System copy = run;
    Engine overhead(copy, fork);
    const Timed one = timeSteps(overhead, copy, gs, 0, 1, steps);
    const double perSweep = fixed.meanContacts > 0 ? (fixed.bestSeconds - one.bestSeconds) / ((sweeps - 1) * fixed.meanContacts) : 0;
    o << ", \"" << (gs ? "gaussSeidel" : "jacobi") << "\": {\"tolerance\": " << timedJson(tol) << ", \"fixed\": " << timedJson(fixed)
      << ", \"oneSweep\": " << timedJson(one) << ", \"nsPerContactSweep\": " << formatNumber(perSweep * 1e9) << "}";
  }
  o << ", \"hash\": \"" << stateHash({&runs[0], &runs[1]}) << "\"}";
  return o.str();
}

}  // namespace granular::nscd
