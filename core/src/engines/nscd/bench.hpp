// The avalanche benchmark (issue 5 §4): a settled pile of N discs in a box of fixed discs, stepped by
// the NSCD engine with Gauss–Seidel and Jacobi, warm-started, to tolerance and at a fixed sweep count.
// The same function runs natively (granular-cli avalanche-bench) and in WebAssembly
// (core/wasm/nscd_bench_bindings.cpp), so the two builds time the same work on the same pile; the
// pile itself can be exported so that scripts/bench.mjs can rebuild it in Rapier.
#pragma once

#include <cstdint>
#include <string>

#include "engines/nscd/nscd.hpp"

namespace granular::nscd {

struct PileSetup {
  int grains = 1000;
  double rmin = 0.048, rmax = 0.05;  // m
  double density = 1000;             // kg/m^2 (mass = density pi r^2)
  double mu = 0.5;
  double h = 1.0 / 60;               // s: one step per frame at 60 fps
  std::uint64_t seed = 1;
  int settleSteps = 600;             // at most this many Gauss–Seidel steps from the lattice to rest
};

/// Grains on a hexagonal lattice of pitch 2 rmax (about as wide as high), radii uniform in
/// [rmin, rmax] (seeded), mobile grains first; then the box: a floor and two side walls of fixed
/// discs of radius rmax. Not settled.
System pileLattice(const PileSetup& p);

/// The benchmark as JSON text: the pile settled by Gauss–Seidel steps to tolerance (1e-4 of the mean
/// radius, at most 500 sweeps) until 20 steps in a row have converged (`settled`) or `settleSteps`
/// steps have run; then for each solver (Gauss–Seidel, Jacobi), both from that pile with its warm
/// start, `steps` timed steps to tolerance, `steps` at `sweeps` sweeps and `steps` at one sweep (the
/// per-step overhead, so that the cost per contact per sweep excludes contact detection), each after
/// two untimed steps. Every step is warm-started. Step times are the best over the timed steps.
/// `hash` digests both solvers' final states (native/WASM parity). With `withPile` the settled pile
/// is included (x, y, r, m, fixed flags) so that other engines can start from the same state.
std::string benchJson(const PileSetup& p, int steps, int sweeps, bool withPile);

}  // namespace granular::nscd
