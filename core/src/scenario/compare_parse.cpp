// Comparison scenario JSON -> CompareScenarioSpec with every problem reported, and back
// (docs/scenario-format.md, "Comparison"). Same reader, same message style as the other families.
#include <cmath>
#include <string>

#include "granular/compare.hpp"
#include "scenario/reader.hpp"
#include "util/json.hpp"

namespace granular {

namespace {

using namespace scenario_reader;

/// A number field with a range rule: read, checked, stored.
bool ranged(Reader& rd, const Json& obj, const std::string& path, const char* key, double& out, bool ok(double), const char* rule) {
  double v;
  if (!rd.number(obj, path, key, v)) return false;
  if (!rd.rule(ok(v), join(path, key), v, rule)) return false;
  out = v;
  return true;
}

}  // namespace

bool readCompareScenario(const std::string& text, CompareScenarioSpec& s, std::vector<Issue>& errors) {
  s = defaultCompareScenario();
  const std::size_t before = errors.size();
  Json root;
  if (!readRoot(text, root, errors)) return false;
  Reader rd(errors);
  // the engine first: a scenario of another family ("engine": "gas") is named as such before its
  // fields, which this family does not know, are listed as unknown one by one
  if (!root.find("engine")) rd.error("engine", "", "is required (\"compare\")");
  rd.choice(root, "", "engine", s.engine, {"compare"});
  rd.keys(root, "", {"schema", "name", "notes", "engine", "seed", "setup", "restitution", "event", "soft", "nscd", "output"});
  readHeader(rd, root, s.name, s.notes, s.seed);

  if (const Json* v = rd.object(root, "", "setup")) {
    rd.keys(*v, "setup", {"kind", "count", "speed", "gap", "gravity"});
    rd.choice(*v, "setup", "kind", s.kind, {"head-on", "row", "gas", "pile"});
    double n;
    if (rd.integer(*v, "setup", "count", n) &&
        rd.rule(n >= 2 && n <= kMaxCompareDiscs, "setup.count", n, "must be between 2 and " + std::to_string(kMaxCompareDiscs)))
      s.count = static_cast<int>(n);
    ranged(rd, *v, "setup", "speed", s.speed, [](double x) { return x >= 0 && x <= 100; }, "must be >= 0 and <= 100 m/s");
    ranged(rd, *v, "setup", "gap", s.gap, [](double x) { return x >= 0 && x <= 100; }, "must be >= 0 and <= 100 m");
    ranged(rd, *v, "setup", "gravity", s.gravity, [](double x) { return x >= 0 && x <= 100; }, "must be >= 0 and <= 100 m/s²");
  }
  // the note on e = 0 only where it applies: 1.01 is simply above 1
  if (double e; rd.number(root, "", "restitution", e) &&
                rd.rule(e > 0, "restitution", e, "must be > 0 and <= 1 (the soft engine's damping cannot reach e = 0)") &&
                rd.rule(e <= 1, "restitution", e, "must be > 0 and <= 1"))
    s.restitution = e;
  if (const Json* v = rd.object(root, "", "event")) {
    rd.keys(*v, "event", {"tc"});
    ranged(rd, *v, "event", "tc", s.tc, [](double x) { return x >= 0 && x <= 1; }, "must be >= 0 and <= 1 s");
  }
  if (const Json* v = rd.object(root, "", "soft")) {
    rd.keys(*v, "soft", {"youngModulus"});
    ranged(rd, *v, "soft", "youngModulus", s.youngModulus, [](double x) { return x >= 1e4 && x <= 1e10; },
           "must be between 1e4 and 1e10 Pa");
  }
  if (const Json* v = rd.object(root, "", "nscd")) {
    rd.keys(*v, "nscd", {"timeStep"});
    ranged(rd, *v, "nscd", "timeStep", s.timeStep, [](double x) { return x >= 1e-6 && x <= 0.05; },
           "must be between 1e-6 and 0.05 s");
  }
  if (const Json* v = rd.object(root, "", "output")) {
    rd.keys(*v, "output", {"interval", "duration"});
    ranged(rd, *v, "output", "interval", s.outputInterval, [](double x) { return x >= 1e-4 && x <= 10; },
           "must be between 1e-4 and 10 s");
    ranged(rd, *v, "output", "duration", s.duration, [](double x) { return x >= 0 && x <= 1000; },
           "must be >= 0 and <= 1000 s (0: the set-up's own)");
  }
  if (errors.size() == before) {
    if (s.speed == 0 && s.kind != "pile")
      rd.error("setup.speed", "0", "must be > 0 for the " + s.kind + " (nothing would move)");
    if (s.timeStep > s.outputInterval)
      rd.error("nscd.timeStep", num(s.timeStep), "must not exceed output.interval = " + num(s.outputInterval) + " s");
    if (s.duration > 0 && s.duration / s.outputInterval > 1e5)
      rd.error("output.duration", num(s.duration),
               "gives more than 1e5 output instants at output.interval = " + num(s.outputInterval) + " s");
    if (s.duration > 0 && s.duration / s.timeStep > 1e8)
      rd.error("output.duration", num(s.duration), "needs more than 1e8 NSCD steps of nscd.timeStep = " + num(s.timeStep) + " s");
  }
  return errors.size() == before;
}

Json compareScenarioToJson(const CompareScenarioSpec& s) {
  Json root = scenario_reader::headerJson(s.schema, s.name, s.notes, s.engine, s.seed);
  Json setup = Json::object();
  setup.set("kind", Json::string(s.kind));
  setup.set("count", Json::number(s.count));
  setup.set("speed", Json::number(s.speed));
  setup.set("gap", Json::number(s.gap));
  setup.set("gravity", Json::number(s.gravity));
  root.set("setup", std::move(setup));
  root.set("restitution", Json::number(s.restitution));
  Json event = Json::object();
  event.set("tc", Json::number(s.tc));
  root.set("event", std::move(event));
  Json soft = Json::object();
  soft.set("youngModulus", Json::number(s.youngModulus));
  root.set("soft", std::move(soft));
  Json nscd = Json::object();
  nscd.set("timeStep", Json::number(s.timeStep));
  root.set("nscd", std::move(nscd));
  root.set("output", scenario_reader::outputJson(s.outputInterval, s.duration));
  return root;
}

}  // namespace granular
