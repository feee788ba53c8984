// The avalanche benchmark (issue 5 §4) in WebAssembly: the same C++ function as
// `granular-cli avalanche-bench`, so native and WASM time the same work on the same pile. Its own
// EMSCRIPTEN_BINDINGS block; the contract is web/src/sim/granular-wasm.d.ts (avalancheBench).
#include <emscripten/bind.h>

#include <cmath>
#include <string>

#include "engines/nscd/bench.hpp"

namespace {

int count(double x, int lo, int hi) {
  if (!(x >= lo)) return lo;  // also NaN
  if (x >= hi) return hi;
  return static_cast<int>(std::floor(x));
}

std::string avalancheBench(double grains, double steps, double sweeps, bool withPile) {
  granular::nscd::PileSetup p;
  p.grains = count(grains, 0, 1000000);
  return granular::nscd::benchJson(p, count(steps, 0, 100000), count(sweeps, 2, 100000), withPile);
}

}  // namespace

EMSCRIPTEN_BINDINGS(granular_nscd_bench) {
  emscripten::function("avalancheBench", &avalancheBench);
}
