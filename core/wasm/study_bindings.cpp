// The avalanche study (issue 5 §3) in WebAssembly: one case of core/src/engines/nscd/study.hpp, the
// same code as `granular-cli avalanche-study`, so the page's study panel and the command line
// give the same numbers. Its own EMSCRIPTEN_BINDINGS block; the contract is
// web/src/sim/granular-wasm.d.ts.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "engines/nscd/study.hpp"
#include "util/json.hpp"

using emscripten::val;
using namespace granular;

namespace {

/// Study parameters from JSON (absent fields keep the study's defaults): minWidthGrains,
/// minHeightGrains, seed, mu, rollingFriction, restitution, solver ("gauss-seidel" | "jacobi"),
/// floorRadius and floorGap (m: the floor's fixed discs, as --floor-radius and --floor-gap).
bool studyParams(const std::string& json, nscd::StudyParams& p, std::string& error) {
  Json root;
  JsonError jerr;
  if (!parseJson(json, root, jerr) || !root.isObject()) {
    error = "options must be a JSON object";
    return false;
  }
  auto number = [&](const char* key, double& out, double lo, double hi) {
    const Json* v = root.find(key);
    if (!v) return true;
    if (!v->isNumber() || !(v->asNumber() >= lo && v->asNumber() <= hi)) {
      error = std::string(key) + " = " + v->dump() + ": must be a number in [" + formatNumber(lo) + ", " + formatNumber(hi) + "]";
      return false;
    }
    out = v->asNumber();
    return true;
  };
  double seed = static_cast<double>(p.seed);
  if (!number("minWidthGrains", p.minWidthGrains, 2, 1000) || !number("minHeightGrains", p.minHeightGrains, 2, 1000) ||
      !number("seed", seed, 0, 9007199254740991.0) || !number("mu", p.mu, 0, 10) ||
      !number("rollingFriction", p.rollingFriction, 0, 1) || !number("restitution", p.restitution, 0, 1) ||
      !number("floorRadius", p.floorRadius, 0, 1) || !number("floorGap", p.floorGap, 0, 1))
    return false;
  // as the scenario's floor.radius and floor.gap: discs of some size, and gaps the smallest grain cannot pass
  if (!(p.floorRadius > 0)) {
    error = "floorRadius = " + formatNumber(p.floorRadius) + ": must be > 0";
    return false;
  }
  if (!(p.floorGap < 2 * p.rmin)) {
    error = "floorGap = " + formatNumber(p.floorGap) + ": must be below 2 R_min = " + formatNumber(2 * p.rmin) +
            " m, or the smallest grains fall through the floor";
    return false;
  }
  p.seed = static_cast<std::uint64_t>(seed);
  if (const Json* s = root.find("solver")) {
    if (!s->isString() || (s->asString() != "gauss-seidel" && s->asString() != "jacobi")) {
      error = "solver = " + s->dump() + ": must be \"gauss-seidel\" or \"jacobi\"";
      return false;
    }
    p.gaussSeidel = s->asString() == "gauss-seidel";
  }
  return true;
}

/// One case: `onSample(time s, runout m)` at every output interval of the collapse (false stops it).
std::string studyCase(double aspect, const std::string& optionsJson, val onSample) {
  nscd::StudyParams p;
  std::string error;
  if (!(aspect > 0 && aspect <= 64)) error = "aspect = " + formatNumber(aspect) + ": must be > 0 and <= 64";
  if (error.empty()) studyParams(optionsJson, p, error);
  if (!error.empty()) {
    nscd::CollapseResult bad;
    bad.error = error;
    return nscd::collapseResultJson(bad);
  }
  const nscd::CollapseResult r = nscd::runCollapse(aspect, p, [&](const nscd::CollapseSample& s) {
    const val answer = onSample(s.time, s.runout);
    return answer.isUndefined() || answer.isNull() || answer.as<bool>();
  });
  return nscd::collapseResultJson(r);
}

/// What every case holds fixed and the page's study CSV writes on each row (STUDY_FIXED in
/// web/src/avalanche/study.ts): the study's own defaults, not a second copy.
val studyFixed() {
  const nscd::StudyParams p;
  val o = val::object();
  o.set("radiusMin", p.rmin);
  o.set("radiusMax", p.rmax);
  o.set("timeStep", p.h);
  o.set("tolerance", p.tolerance);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(granular_study) {
  emscripten::function("avalancheStudyCase", &studyCase);
  emscripten::function("avalancheStudyFixed", &studyFixed);
}
