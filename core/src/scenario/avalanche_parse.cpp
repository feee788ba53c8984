// Avalanche scenario JSON -> AvalancheScenarioSpec with every problem reported, and back
// (docs/scenario-format.md, "Avalanche"). Same reader, same message style as the other families.
#include <algorithm>
#include <cmath>
#include <string>

#include "granular/avalanche.hpp"
#include "scenario/reader.hpp"
#include "util/json.hpp"

namespace granular {

namespace {

using namespace scenario_reader;

/// A number field with a range rule: read, checked, stored.
struct Ranged {
  Reader& rd;
  bool operator()(const Json& obj, const std::string& path, const char* key, double& out, bool ok(double),
                  const char* rule) {
    double v;
    if (!rd.number(obj, path, key, v)) return false;
    if (!rd.rule(ok(v), join(path, key), v, rule)) return false;
    out = v;
    return true;
  }
};

void readSegments(Reader& rd, const Json& boundary, AvalancheScenarioSpec& s) {
  rd.keys(boundary, "boundary", {"segments"});
  const Json* list = boundary.find("segments");
  if (!list) return;
  if (!list->isArray()) {
    rd.error("boundary.segments", list, "must be an array of [ax, ay, bx, by] (m)");
    return;
  }
  const auto& items = list->items();
  if (items.size() > static_cast<std::size_t>(kMaxAvalancheSegments)) {
    rd.error("boundary.segments", std::to_string(items.size()) + " segments",
             "at most " + std::to_string(kMaxAvalancheSegments) + " segments");
    return;
  }
  s.segments.clear();
  for (std::size_t k = 0; k < items.size(); ++k) {
    const std::string path = index("boundary.segments", k);
    const Json& seg = items[k];
    if (!seg.isArray() || seg.items().size() != 4) {
      rd.error(path, &seg, "must be [ax, ay, bx, by] (m)");
      continue;
    }
    std::array<double, 4> p{};
    bool good = true;
    for (std::size_t c = 0; c < 4; ++c) {
      double v = 0;
      if (!rd.numberValue(seg.items()[c], index(path, c), v) ||
          !rd.rule(std::fabs(v) <= 1e4, index(path, c), v, "must lie within ±1e4 m"))
        good = false;
      p[c] = v;
    }
    if (!good) continue;
    if (p[0] == p[2] && p[1] == p[3]) {
      rd.error(path, &seg, "the two end points coincide");  // the segment as written (it said "= 0")
      continue;
    }
    s.segments.push_back(p);
  }
}

}  // namespace

bool readAvalancheScenario(const std::string& text, AvalancheScenarioSpec& s, std::vector<Issue>& errors) {
  s = defaultAvalancheScenario();
  const std::size_t before = errors.size();
  Json root;
  if (!readRoot(text, root, errors)) return false;
  Reader rd(errors);
  Ranged ranged{rd};
  // the engine first: a scenario of another family ("engine": "gas") is named as such before its
  // fields, which this family does not know, are listed as unknown one by one
  if (!root.find("engine")) rd.error("engine", "", "is required (\"avalanche\")");
  rd.choice(root, "", "engine", s.engine, {"avalanche"});
  rd.keys(root, "", {"schema", "name", "notes", "engine", "seed", "column", "grains", "friction", "floor", "boundary",
                     "gravity", "restitution", "village", "solver", "settle", "stop", "output"});
  readHeader(rd, root, s.name, s.notes, s.seed);

  if (const Json* c = rd.object(root, "", "column")) {
    rd.keys(*c, "column", {"width", "height"});
    ranged(*c, "column", "width", s.columnWidth, [](double v) { return v > 0 && v <= 100; }, "must be > 0 and <= 100 m");
    ranged(*c, "column", "height", s.columnHeight, [](double v) { return v > 0 && v <= 100; }, "must be > 0 and <= 100 m");
  }
  if (const Json* g = rd.object(root, "", "grains")) {
    rd.keys(*g, "grains", {"rmin", "rmax", "density"});
    ranged(*g, "grains", "rmin", s.rmin, [](double v) { return v > 0 && v <= 1; }, "must be > 0 and <= 1 m");
    ranged(*g, "grains", "rmax", s.rmax, [](double v) { return v > 0 && v <= 1; }, "must be > 0 and <= 1 m");
    ranged(*g, "grains", "density", s.density, [](double v) { return v > 0 && v <= 1e6; }, "must be > 0 and <= 1e6 kg/m^2");
  }
  if (s.rmax < s.rmin) rd.error("grains.rmax", num(s.rmax), "must be >= grains.rmin = " + num(s.rmin) + " m");
  if (errors.size() == before) {
    // Derived quantities of the smallest grain: its mass π r² ρ and moment of inertia m r² / 2 must
    // be numbers the solver can compute with, reported at the factor further below its default
    // (grains.rmin 0.004 m, grains.density 1000 kg/m^2); its radius must be resolved by positions.
    const double r = s.rmin, mass = 3.141592653589793 * r * r * s.density, inertia = 0.5 * mass * r * r;
    const bool massOk = derivedInRange(mass);
    if (!massOk || !derivedInRange(inertia)) {
      const std::string what = massOk ? "the smallest grains' moment of inertia π ρ r⁴ / 2 " + derivedOutOfRange(inertia, "kg m^2")
                                      : "the smallest grains' mass π r² ρ " + derivedOutOfRange(mass, "kg");
      const std::string tail = ": too small to compute with; use larger or denser grains";
      const double rr = massOk ? (r / 0.004) * (r / 0.004) * (r / 0.004) * (r / 0.004) : (r / 0.004) * (r / 0.004);
      if (rr <= s.density / 1000)
        rd.error("grains.rmin", num(r), what + " (ρ = grains.density = " + num(s.density) + " kg/m^2)" + tail);
      else
        rd.error("grains.density", num(s.density), what + " (r = grains.rmin = " + num(r) + " m)" + tail);
    } else {
      checkRadiusScale(rd, "grains.rmin", r, std::max(s.floorLength, std::max(s.columnWidth, s.columnHeight)), "grains");
    }
  }
  if (const Json* f = rd.object(root, "", "friction")) {
    rd.keys(*f, "friction", {"mu", "rolling"});
    ranged(*f, "friction", "mu", s.mu, [](double v) { return v >= 0 && v <= 10; }, "must be in [0, 10]");
    ranged(*f, "friction", "rolling", s.rollingFriction, [](double v) { return v >= 0 && v <= 1; },
           "must be in [0, 1] (rolling torque / (R_eff x normal force))");
  }
  if (const Json* f = rd.object(root, "", "floor")) {
    rd.keys(*f, "floor", {"length", "radius", "gap"});
    ranged(*f, "floor", "length", s.floorLength, [](double v) { return v > 0 && v <= 1000; }, "must be > 0 and <= 1000 m");
    bool present = false;
    double r = 0;
    if (rd.nullableNumber(*f, "floor", "radius", present, r) &&
        (!present || rd.rule(r > 0 && r <= 1, "floor.radius", r, "must be > 0 and <= 1 m (or null: grains.rmin)"))) {
      s.hasFloorRadius = present;
      if (present) s.floorRadius = r;
    }
    ranged(*f, "floor", "gap", s.floorGap, [](double v) { return v >= 0 && v <= 1; }, "must be >= 0 and <= 1 m");
  }
  // A grain of radius r drops between two floor discs whose surfaces are 2 r apart or more.
  if (s.floorGap > 0 && s.rmin > 0 && !(s.floorGap < 2 * s.rmin))
    rd.error("floor.gap", num(s.floorGap),
             "must be less than the smallest grain's diameter, 2 grains.rmin = " + num(2 * s.rmin) + " m, or grains fall through the floor");
  if (s.hasFloorRadius && errors.size() == before)
    checkRadiusScale(rd, "floor.radius", s.floorRadius, std::max(s.floorLength, std::max(s.columnWidth, s.columnHeight)), "floor discs");
  if (const Json* b = rd.object(root, "", "boundary")) readSegments(rd, *b, s);
  ranged(root, "", "gravity", s.gravity, [](double v) { return v > 0 && v <= 1000; }, "must be > 0 and <= 1000 m/s²");
  ranged(root, "", "restitution", s.restitution, [](double v) { return v >= 0 && v <= 1; },
         "must be in [0, 1] (normal separation speed / approach speed at an impact)");
  {
    bool present = false;
    double x = 0;
    if (rd.nullableNumber(root, "", "village", present, x)) {
      s.hasVillage = present;
      if (present) s.village = x;
    }
  }

  if (const Json* v = rd.object(root, "", "solver")) {
    const Json& o = *v;
    rd.keys(o, "solver", {"method", "timeStep", "tolerance", "maxIterations", "warmStart", "relaxation"});
    rd.choice(o, "solver", "method", s.solver, {"gauss-seidel", "jacobi"});
    ranged(o, "solver", "timeStep", s.timeStep, [](double x) { return x > 0 && x <= 0.01; }, "must be > 0 and <= 0.01 s");
    ranged(o, "solver", "tolerance", s.tolerance, [](double x) { return x > 0 && x <= 1; },
           "must be > 0 and <= 1 (a fraction of the mean radius)");
    double it;
    if (rd.integer(o, "solver", "maxIterations", it) &&
        rd.rule(it >= 1 && it <= 100000, "solver.maxIterations", it, "must be between 1 and 100000"))
      s.maxIterations = static_cast<int>(it);
    rd.boolean(o, "solver", "warmStart", s.warmStart);
    ranged(o, "solver", "relaxation", s.relaxation, [](double x) { return x > 0 && x <= 1; }, "must be in (0, 1]");
  }
  if (const Json* v = rd.object(root, "", "settle")) {
    rd.keys(*v, "settle", {"threshold", "maxTime"});
    ranged(*v, "settle", "threshold", s.settleThreshold, [](double x) { return x > 0 && x <= 1; },
           "must be > 0 and <= 1 (kinetic energy per grain / (m g R))");
    ranged(*v, "settle", "maxTime", s.settleMaxTime, [](double x) { return x >= 0 && x <= 100; }, "must be >= 0 and <= 100 s");
  }
  if (const Json* v = rd.object(root, "", "stop")) {
    rd.keys(*v, "stop", {"threshold"});
    ranged(*v, "stop", "threshold", s.stopThreshold, [](double x) { return x > 0 && x <= 1; },
           "must be > 0 and <= 1 (kinetic energy per grain / (m g R))");
  }
  if (const Json* v = rd.object(root, "", "output")) {
    rd.keys(*v, "output", {"interval", "duration"});
    ranged(*v, "output", "interval", s.outputInterval, [](double x) { return x > 0 && x <= 10; }, "must be > 0 and <= 10 s");
    ranged(*v, "output", "duration", s.duration, [](double x) { return x > 0 && x <= 1000; }, "must be > 0 and <= 1000 s");
  }
  if (s.hasVillage && !(s.village > s.columnWidth && s.village <= s.floorLength))
    rd.error("village", num(s.village),
             "must lie on the floor beyond the column: column.width = " + num(s.columnWidth) + " m < x <= floor.length = " +
                 num(s.floorLength) + " m (or null: no village)");
  if (s.timeStep > s.outputInterval)
    rd.error("solver.timeStep", num(s.timeStep), "must not exceed output.interval = " + num(s.outputInterval) + " s");
  // A step too small for the run to end: 1e-300 s does not even move the clock (t + h == t), and
  // the page settled for ever at "0 s so far". The same bound as the comparison's NSCD step.
  const double span = s.settleMaxTime + s.duration;
  if (s.timeStep > 0 && span / s.timeStep > 1e8)
    rd.error("solver.timeStep", num(s.timeStep),
             "needs more than 1e8 steps over settle.maxTime + output.duration = " + num(span) + " s: at least " + num(span / 1e8) + " s");
  return errors.size() == before;
}

Json avalancheScenarioToJson(const AvalancheScenarioSpec& s) {
  Json root = scenario_reader::headerJson(s.schema, s.name, s.notes, s.engine, s.seed);
  Json column = Json::object();
  column.set("width", Json::number(s.columnWidth));
  column.set("height", Json::number(s.columnHeight));
  root.set("column", std::move(column));
  Json grains = Json::object();
  grains.set("rmin", Json::number(s.rmin));
  grains.set("rmax", Json::number(s.rmax));
  grains.set("density", Json::number(s.density));
  root.set("grains", std::move(grains));
  Json friction = Json::object();
  friction.set("mu", Json::number(s.mu));
  friction.set("rolling", Json::number(s.rollingFriction));
  root.set("friction", std::move(friction));
  Json floor = Json::object();
  floor.set("length", Json::number(s.floorLength));
  floor.set("radius", s.hasFloorRadius ? Json::number(s.floorRadius) : Json::null());
  floor.set("gap", Json::number(s.floorGap));
  root.set("floor", std::move(floor));
  Json segments = Json::array();
  for (const auto& p : s.segments) {
    Json seg = Json::array();
    for (double v : p) seg.push(Json::number(v));
    segments.push(std::move(seg));
  }
  Json boundary = Json::object();
  boundary.set("segments", std::move(segments));
  root.set("boundary", std::move(boundary));
  root.set("gravity", Json::number(s.gravity));
  root.set("restitution", Json::number(s.restitution));
  root.set("village", s.hasVillage ? Json::number(s.village) : Json::null());
  Json solver = Json::object();
  solver.set("method", Json::string(s.solver));
  solver.set("timeStep", Json::number(s.timeStep));
  solver.set("tolerance", Json::number(s.tolerance));
  solver.set("maxIterations", Json::number(s.maxIterations));
  solver.set("warmStart", Json::boolean(s.warmStart));
  solver.set("relaxation", Json::number(s.relaxation));
  root.set("solver", std::move(solver));
  Json settle = Json::object();
  settle.set("threshold", Json::number(s.settleThreshold));
  settle.set("maxTime", Json::number(s.settleMaxTime));
  root.set("settle", std::move(settle));
  Json stop = Json::object();
  stop.set("threshold", Json::number(s.stopThreshold));
  root.set("stop", std::move(stop));
  root.set("output", scenario_reader::outputJson(s.outputInterval, s.duration));
  return root;
}

}  // namespace granular
