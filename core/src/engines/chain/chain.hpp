// The chain engine: spheres in a row on a frictionless line (ARGESIM / SNE comparison C12).
//
// Algorithm. Between collisions every sphere moves uniformly, so the distance functions
// y_k(t) = x_{k+1} - x_k - (d_k + d_{k+1}) / 2 are linear in t. The next collision is the smallest
// y_k / (v_k - v_{k+1}) over approaching neighbours (exact, no time stepping); ties go to the pair
// with the smaller index (the collision log shows the order). A collision of spheres k, k+1 follows
// Newton's law with restitution e_k and momentum conservation:
//   v_k' = v_k - (1 + e) m_{k+1} / (m_k + m_{k+1}) (v_k - v_{k+1}),
//   v_{k+1}' = v_{k+1} + (1 + e) m_k / (m_k + m_{k+1}) (v_k - v_{k+1}).
// The run ends when no neighbours approach. Inelastic collapse (e below about 0.1716 for four
// equal spheres): infinitely many collisions in finite time; the engine declares it when the
// collision times have accumulated below the resolution of the precision (10 n collisions in a row
// that leave the clock unchanged), reports the time, and sets every velocity to the common
// (momentum-conserving) mean, so it never hangs.
// Precision: the gaps y_k and relative velocities u_k are state variables of their own (updated
// by u_k' = -e u_k and the neighbours' velocity changes), not differences of order-1 positions and
// velocities, so they keep full relative precision as they shrink geometrically; with this, both
// double and double-double (about 32 digits, util/double_double.hpp) count exactly 1263 collisions
// at e = 0.1715763 (REFERENCE §1's "double cannot" holds for the position formulation).
// When they approach the bottom of the exponent range they are rescaled exactly by 2^400 (collision
// times y/u do not change under a common scaling), so no count is cut short by underflow.
// Only + - * / in the stepping: native and WebAssembly agree bit for bit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace granular::chain {

struct Setup {
  std::vector<double> diameter;     // m (n)
  std::vector<double> mass;         // kg (n)
  std::vector<double> position;     // centre positions at t = 0, increasing (m) (n)
  std::vector<double> velocity;     // m/s (n)
  std::vector<double> restitution;  // Newton's e of pair (k, k+1) (n - 1)
  bool extended = false;            // double-double instead of double
  std::int64_t maxCollisions = 10000000;
  std::size_t maxLog = 20000;       // collisions kept in the log (all are counted)
};

/// The ARGESIM C12 set-up: n equal spheres (d = 1, m = 1), gaps a = 1, sphere 1 at v0 = 1, one e.
Setup standardSetup(double e, int n = 4, bool extended = false);

/// One entry of the log: a collision of the pair (pair, pair + 1), or (pair = -1) the merge of an
/// inelastic collapse, spheres mergeFirst .. mergeLast taking their common velocity.
struct Collision {
  double time = 0;                  // s
  int pair = 0;                     // spheres pair and pair + 1 (0-based); -1: a merge
  int mergeFirst = -1, mergeLast = -1;  // a merge: the group's first and last sphere (0-based)
  std::vector<double> position;     // centres at the collision (m)
  std::vector<double> velocity;     // after the collision (m/s)
  bool merge() const { return pair < 0; }
};

struct Result {
  std::int64_t collisions = 0;
  std::vector<Collision> log;       // the first maxLog entries: collisions and, where a group collapses, its merge
  std::vector<double> finalVelocity;
  std::vector<double> finalPosition;  // at endTime
  double endTime = 0;               // time of the last collision (s)
  bool collapsed = false;           // inelastic collapse declared
  bool truncated = false;           // maxCollisions reached without an end
  std::string precision;            // "double" | "double-double"
  std::string message;              // e.g. "inelastic collapse at t = 3.41: velocities -> 0.25"
};

/// Validate a set-up; returns "" or the problem ("restitution[2] = 1.5: must be in [0, 1]").
std::string check(const Setup& s);
Result simulate(const Setup& s);

/// Final velocity of the last sphere as a function of e (the standard set-up).
double lastVelocity(double e, bool extended = false);

struct NewtonStep {
  double e = 0, residual = 0;
  bool bisection = false;           // this iterate came from the bracketing fallback
};
struct NewtonResult {
  double e = 0;
  bool converged = false;
  std::vector<NewtonStep> steps;
};
/// Solve lastVelocity(e) = target on [lo, hi] by Newton's method (central-difference slope) with a
/// bisection fallback whenever a Newton step leaves the bracket.
NewtonResult solveRestitution(double target, double lo, double hi, double tolerance = 1e-13, int maxIterations = 100);

struct MonteCarlo {
  std::vector<double> samples;      // v_N of each sample
  std::vector<double> restitution;  // e of each sample (the draw clamped to [0, 1])
  double mean = 0, sd = 0, ciLow = 0, ciHigh = 0;  // 95 % confidence interval of the mean
};
/// K samples of e ~ Gauss(mu, sigma) (clamped to [0, 1]), seeded, each run in double precision.
MonteCarlo monteCarlo(int samples, double mu, double sigma, std::uint64_t seed);
/// Samples from..to-1 of that same sequence (for progress in chunks: the draws do not depend on
/// the range asked for); their e values go to `restitution` when given.
std::vector<double> monteCarloValues(int samples, double mu, double sigma, std::uint64_t seed, int from, int to,
                                     std::vector<double>* restitution = nullptr);
/// Mean, standard deviation (K - 1) and 95 % interval of the mean, summed in sample order (the
/// page's TypeScript does the same operations in the same order: the same bits).
MonteCarlo summarize(std::vector<double> values);

/// The same as JSON text, shared by the command line and the WebAssembly module (numbers printed
/// in the shortest form that reads back to the same double).
std::string runJson(double e, int spheres, bool extended, int maxLog = 2000);
/// Any row: {"spheres": N, "diameter", "mass", "velocity": number or N numbers, "gap" (surface
/// gaps, m), "restitution": number or N - 1 numbers, "extended": bool}; absent fields take the
/// standard set-up's values (d = 1 m, m = 1 kg, gaps 1 m, v = (1, 0, ...) m/s, e = 0.5). Problems
/// come back as {"ok": false, "message": "mass[2] = -1: must be > 0"}. A run stops (truncated) after
/// maxCollisions collisions: 499 spheres at e = 0.5 take 4.9 million.
std::string runSetupJson(const std::string& json, int maxLog = 2000, std::int64_t maxCollisions = Setup{}.maxCollisions);
std::string monteCarloJson(int samples, double mu, double sigma, double seed);
std::string newtonJson(double target, double lo, double hi);
/// {"from", "values", "restitution"}: samples from..to-1 of chainMonteCarlo's sequence (v_N and e).
std::string monteCarloRangeJson(int samples, double mu, double sigma, double seed, int from, int to);

}  // namespace granular::chain
