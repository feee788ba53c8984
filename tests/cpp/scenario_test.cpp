// Scenario format: defaults in one place, every problem reported with path and value, impossible
// set-ups rejected, presets valid.
#include <gtest/gtest.h>

#include <dirent.h>

#include <algorithm>
#include <sstream>

#include "granular/avalanche.hpp"
#include "granular/compare.hpp"
#include "granular/soft.hpp"
#include "granular/world.hpp"
#include "test_support.hpp"
#include "util/json.hpp"

namespace granular {
namespace {

using testing::preset;

std::vector<Issue> issuesOf(const std::string& json) { return checkScenario(json); }

std::vector<std::string> texts(const std::vector<Issue>& issues) {
  std::vector<std::string> t;
  for (const Issue& i : issues) t.push_back(i.text());
  return t;
}

bool hasText(const std::vector<Issue>& issues, const std::string& needle) {
  for (const Issue& i : issues)
    if (i.text().find(needle) != std::string::npos) return true;
  return false;
}

#define EXPECT_ISSUE(json, needle)                                                     \
  do {                                                                                 \
    const auto found_ = issuesOf(json);                                                \
    EXPECT_TRUE(hasText(found_, needle)) << "wanted: " << (needle) << "\ngot:\n"       \
                                         << ::testing::PrintToString(texts(found_));   \
  } while (0)

TEST(Scenario, MinimalScenarioTakesEveryDefault) {
  ScenarioSpec spec;
  std::vector<Issue> errors;
  ASSERT_TRUE(readScenario(R"({"schema": 1})", spec, errors));
  EXPECT_EQ(scenarioToJson(spec).dump(), scenarioToJson(defaultScenario()).dump());
}

TEST(Scenario, NormalizedFormReadsBackToItself) {
  for (const char* name : {"gas-cooling.json", "two-discs.json", "gas-polygon.json", "gas-vibrated.json"}) {
    ScenarioSpec a, b;
    std::vector<Issue> errors;
    ASSERT_TRUE(readScenario(preset(name), a, errors)) << name;
    const std::string once = scenarioToJson(a).dump(2);
    ASSERT_TRUE(readScenario(once, b, errors)) << name;
    EXPECT_EQ(scenarioToJson(b).dump(2), once) << name;
  }
}

TEST(Scenario, DefaultsTableInTheDocumentationMatchesTheCode) {
  // docs/scenario-format.md lists every field with its default; defaults.cpp is the one source.
  const std::string doc = testing::readText(std::string(GRANULAR_SOURCE_DIR) + "/docs/scenario-format.md");
  const Json d = scenarioToJson(defaultScenario());
  // A table row "| `field` | type | unit | `default` | rule |" with this default.
  auto documented = [&](const std::string& field, const std::string& value) {
    std::istringstream lines(doc);
    for (std::string line; std::getline(lines, line);)
      if (line.rfind("| `" + field + "` |", 0) == 0 && line.find("| `" + value + "` |") != std::string::npos) return true;
    return false;
  };
  const Json& g = *d.find("generate");
  EXPECT_TRUE(documented("count", g.find("count")->dump()));
  EXPECT_TRUE(documented("radius", g.find("radius")->dump()));
  EXPECT_TRUE(documented("density", g.find("density")->dump()));
  EXPECT_TRUE(documented("speed", g.find("speed")->dump()));
  EXPECT_TRUE(documented("velocities", g.find("velocities")->dump()));
  EXPECT_TRUE(documented("placement", g.find("placement")->dump()));
  EXPECT_TRUE(documented("restitution", d.find("restitution")->dump()));
  EXPECT_TRUE(documented("seed", d.find("seed")->dump()));
  EXPECT_TRUE(documented("engine", d.find("engine")->dump()));
  EXPECT_TRUE(documented("model", d.find("collapse")->find("model")->dump()));
  EXPECT_TRUE(documented("amplitude", d.find("vibration")->find("amplitude")->dump()));
  EXPECT_TRUE(documented("frequency", d.find("vibration")->find("frequency")->dump()));
  EXPECT_TRUE(documented("interval", d.find("output")->find("interval")->dump()));
  EXPECT_TRUE(documented("duration", d.find("output")->find("duration")->dump()));
  EXPECT_TRUE(documented("histogramBins", d.find("output")->find("histogramBins")->dump()));
  EXPECT_TRUE(documented("box.width", d.find("domain")->find("box")->find("width")->dump()));
}

TEST(Scenario, ErrorNamesFieldPathValueAndRule) {
  const std::string json = R"({"schema":1,"discs":[
    {"x":0.2,"y":0.2,"radius":0.05},{"x":0.4,"y":0.2,"radius":0.05},
    {"x":0.6,"y":0.2,"radius":0.05},{"x":0.8,"y":0.2,"radius":-0.1}]})";
  const auto issues = issuesOf(json);
  ASSERT_EQ(issues.size(), 1u) << ::testing::PrintToString(texts(issues));
  EXPECT_EQ(issues[0].text(), "discs[3].radius = -0.1: must be > 0 m");
  EXPECT_EQ(issues[0].path, "discs[3].radius");
  EXPECT_EQ(issues[0].value, "-0.1");
}

TEST(Scenario, AValueAboveItsCeilingIsToldTheCeilingNotTheFloor) {
  // a radius of 1e308 used to be told "must be > 0"
  const auto issues = issuesOf(R"({"schema":1,"discs":[{"x":0.2,"y":0.2,"radius":1e308}],"generate":{"radius":2e6},"output":{"duration":1e13}})");
  EXPECT_TRUE(hasText(issues, "discs[0].radius = 1e+308: must be at most 1e6 m")) << ::testing::PrintToString(texts(issues));
  EXPECT_TRUE(hasText(issues, "generate.radius = 2000000: must be at most 1e6 m")) << ::testing::PrintToString(texts(issues));
  EXPECT_TRUE(hasText(issues, "output.duration = 10000000000000: must be at most 1e12 s")) << ::testing::PrintToString(texts(issues));
}

TEST(Scenario, EveryProblemIsReportedNotJustTheFirst) {
  const auto issues = issuesOf(R"({"schema":1,"restitution":1.5,"seed":-3,"generate":{"count":0,"radius":-1},"output":{"interval":0}})");
  EXPECT_EQ(issues.size(), 5u) << ::testing::PrintToString(texts(issues));
  EXPECT_TRUE(hasText(issues, "restitution = 1.5: must be between 0 and 1"));
  EXPECT_TRUE(hasText(issues, "seed = -3"));
  EXPECT_TRUE(hasText(issues, "generate.count = 0"));
  EXPECT_TRUE(hasText(issues, "generate.radius = -1: must be > 0"));
  EXPECT_TRUE(hasText(issues, "output.interval = 0"));
}

TEST(Scenario, TypeErrorsAndUnknownFields) {
  EXPECT_ISSUE(R"({"schema":1,"generate":{"radious":0.1}})", "generate.radious = 0.1: unknown field (did you mean \"radius\"?)");
  // an abbreviation of one field names it ("r" is one edit from "x" and "y", five from "radius");
  // one of several lists them
  EXPECT_ISSUE(R"({"schema":1,"discs":[{"x":1,"y":1,"r":0.1}]})", "discs[0].r = 0.1: unknown field (did you mean \"radius\"?)");
  EXPECT_ISSUE(R"({"schema":1,"generate":{"rad":0.1}})", "generate.rad = 0.1: unknown field; allowed: count radius radiusMax");
  EXPECT_ISSUE(R"({"schema":1,"restitution":"high"})", "restitution = \"high\": must be a number");
  // a decimal comma (or a thousands separator), as typed in a form by a user of such a locale, is told
  // how to write the number; other text is not
  EXPECT_ISSUE(R"({"schema":1,"restitution":"0,9"})",
               "restitution = \"0,9\": must be a number, written with a decimal point and no separators (0.5, 1000)");
  EXPECT_ISSUE(R"({"schema":1,"generate":{"count":"1,000"}})",
               "generate.count = \"1,000\": must be a number, written with a decimal point and no separators (0.5, 1000)");
  EXPECT_ISSUE(R"({"schema":1,"restitution":"0,9,x"})", "restitution = \"0,9,x\": must be a number");
  EXPECT_FALSE(hasText(issuesOf(R"({"schema":1,"restitution":"0,9,x"})"), "decimal point"));
  EXPECT_FALSE(hasText(issuesOf(R"({"schema":1,"restitution":"high"})"), "decimal point"));
  EXPECT_ISSUE(R"({"schema":1,"generate":{"count":10.5}})", "generate.count = 10.5: must be an integer");
  EXPECT_ISSUE(R"({"schema":1,"generate":{"placement":"grid"}})", "generate.placement = \"grid\": must be one of: \"random\", \"lattice\"");
  EXPECT_ISSUE(R"({"schema":1,"vibration":{"enabled":"yes"}})", "vibration.enabled = \"yes\": must be true or false");
  EXPECT_ISSUE(R"({"schema":1,"engine":"soft"})", "engine = \"soft\": must be one of: \"event\"");
  EXPECT_ISSUE(R"({"name":"x"})", "schema: is required");
  // JSON refuses a raw control character but allows it escaped; a name is one line of text
  EXPECT_ISSUE(R"({"schema":1,"name":"a\u0000b"})", "name = \"a\\u0000b\": holds a control character (U+0000 at character 2): a name is one line of text");
  EXPECT_ISSUE(R"({"schema":1,"name":"é\u001b[31m"})", "(U+001B at character 2)");
  EXPECT_ISSUE(R"({"schema":1,"name":"x\ny"})", "(U+000A at character 2)");
  EXPECT_ISSUE(R"({"schema":1,"notes":"a\u007f"})", "notes = \"a\\u007f\": holds a control character (U+007F at character 2): notes are lines");
  EXPECT_TRUE(issuesOf(R"({"schema":1,"name":"Ré — ok","notes":"line 1\nline 2\tend"})").empty());
  EXPECT_ISSUE(R"({"schema":2})", "schema = 2: unsupported version");
  EXPECT_ISSUE(R"([1,2])", "a scenario must be a JSON object");
  // JSON has no NaN; an overflowing literal is the nearest thing and must not pass.
  // It used to print as "restitution = null".
  EXPECT_ISSUE(R"({"schema":1,"restitution":1e999})", "restitution = 1.8e308 or more: must be a finite number (a double reaches about ±1.8e308)");
  EXPECT_ISSUE(R"({"schema":1,"restitution":-1e999})", "restitution = -1.8e308 or less: must be a finite number");
}

TEST(Scenario, MalformedJsonSaysWhere) {
  EXPECT_ISSUE("{\"schema\":1,\n  \"seed\": 3,,}", "not valid JSON: line 2, column 13");
  EXPECT_ISSUE("{\"schema\":1", "not valid JSON");
  EXPECT_ISSUE("", "not valid JSON: line 1, column 1: unexpected end of text");
  EXPECT_ISSUE(R"({"schema":1,"schema":1})", "duplicate key \"schema\"");
  EXPECT_ISSUE(std::string(100, '[') + std::string(100, ']'), "nesting deeper than 64 levels");
}

TEST(Scenario, ImpossibleSetUpsAreRejectedWithAReason) {
  // Overlapping discs.
  EXPECT_ISSUE(R"({"schema":1,"discs":[{"x":0.5,"y":0.5,"radius":0.1},{"x":0.6,"y":0.5,"radius":0.1}]})",
               "discs[1] = (0.6, 0.5): overlaps discs[0] = (0.5, 0.5) by 0.1 m (radii 0.1 and 0.1 m)");
  // A disc across a wall and one outside.
  EXPECT_ISSUE(R"({"schema":1,"discs":[{"x":0.05,"y":0.5,"radius":0.1}]})", "discs[0] = (0.05, 0.5): crosses a wall by 0.05 m");
  EXPECT_ISSUE(R"({"schema":1,"discs":[{"x":2,"y":0.5,"radius":0.1}]})", "discs[0] = (2, 0.5): centre lies outside the domain");
  // More discs than the limit, than random placement allows, than fit at all.
  EXPECT_ISSUE(R"({"schema":1,"generate":{"count":200001}})", "generate.count = 200001: must be between 1 and 200,000");
  EXPECT_ISSUE(R"({"schema":1,"generate":{"count":200000,"radius":0.01}})", "above 0.5 for random placement");
  EXPECT_ISSUE(R"({"schema":1,"generate":{"count":1000000,"radius":0.01}})", "generate.count = 1000000");
  EXPECT_ISSUE(R"({"schema":1,"generate":{"count":3000,"radius":0.01,"placement":"lattice"}})", "above 0.85 for lattice placement");
  EXPECT_ISSUE(R"({"schema":1,"generate":{"count":1,"radius":0.6}})", "area fraction of 1.13097, above 0.5 for random placement");
  EXPECT_ISSUE(R"({"schema":1,"domain":{"box":{"width":1,"height":0.1}},"generate":{"count":1,"radius":0.06}})",
               "generate: could place only 0 of 1 discs at random");
  EXPECT_ISSUE(R"({"schema":1,"domain":{"box":{"width":1,"height":0.1}},"generate":{"count":12,"radius":0.045,"placement":"lattice"}})",
               "generate: only 11 discs of radius 0.045 m fit in this domain on a lattice, not 12");
  EXPECT_ISSUE(R"({"schema":1,"generate":{"radius":0.01,"radiusMax":0.2}})", "generate.radiusMax = 0.2");
  // Bad polygons and walls.
  EXPECT_ISSUE(R"({"schema":1,"domain":{"polygon":[[0,0],[1,1],[1,0],[0,1]]}})", "must be simple");
  EXPECT_ISSUE(R"({"schema":1,"domain":{"polygon":[[0,0],[1,0]]}})", "must have between 3 and 1000 vertices");
  EXPECT_ISSUE(R"({"schema":1,"domain":{"box":{"width":1},"polygon":[[0,0],[1,0],[0,1]]}})", "not both");
  EXPECT_ISSUE(R"({"schema":1,"vibration":{"enabled":true,"wall":4}})", "vibration.wall = 4: no such wall: the domain has 4 walls");
  EXPECT_ISSUE(R"({"schema":1,"output":{"interval":1e-6,"duration":100}})", "more than 1e7 output instants");
}

/// The texts of a validation report ({"ok", "errors": [{"text"}...]}) as every family's validator writes it.
std::vector<std::string> reportTexts(const std::string& report) {
  Json r;
  JsonError err;
  std::vector<std::string> out;
  if (!parseJson(report, r, err) || !r.find("errors")) return {"unreadable report: " + report};
  for (const Json& i : r.find("errors")->items()) out.push_back(i.find("text")->asString());
  return out;
}

#define EXPECT_REPORT(report, wanted)                                                                   \
  do {                                                                                                 \
    const auto got_ = reportTexts(report);                                                             \
    EXPECT_NE(std::find(got_.begin(), got_.end(), std::string(wanted)), got_.end())                    \
        << "wanted: " << (wanted) << "\ngot:\n" << ::testing::PrintToString(got_);                     \
  } while (0)

TEST(Scenario, DerivedQuantitiesTooSmallToComputeWithNameTheFieldSet) {
  // Generated gas discs of radius 1e-200: π r² ρ was 0 kg, every position NaN, no message.
  EXPECT_REPORT(validateScenarioJson(R"({"schema":1,"generate":{"count":50,"radius":1e-200}})"),
                "generate.radius = 1e-200: the discs' mass π r² ρ is 0 kg, below 1e-100 kg (ρ = generate.density = 1 kg/m^2): "
                "too small to compute with; use larger or denser discs");
  EXPECT_EQ(reportTexts(validateScenarioJson(R"({"schema":1,"generate":{"count":50,"radius":1e-200}})")).size(), 1u);  // once
  EXPECT_REPORT(validateScenarioJson(R"({"schema":1,"generate":{"density":1e-120}})"),
                "generate.density = 1e-120: the discs' mass π r² ρ is 3.14159e-124 kg, below 1e-100 kg (r = generate.radius = 0.01 m): "
                "too small to compute with; use larger or denser discs");
  // A subnormal is refused where it is written (the gas density 1e-320 ran into "inelastic collapse").
  EXPECT_REPORT(validateScenarioJson(R"({"schema":1,"generate":{"density":1e-320}})"),
                "generate.density = 1e-320: is too small to compute with (below 2.2e-308 in size); write 0 or a larger number");
  // Radii the positions no longer resolve, generated or explicit; explicit masses from the density.
  EXPECT_REPORT(validateScenarioJson(R"({"schema":1,"generate":{"count":50,"radius":1e-12}})"),
                "generate.radius = 1e-12: is below 1e-9 of the domain's size (1 m): the positions (16 digits) would not resolve "
                "the contacts; use larger discs or a smaller domain");
  EXPECT_REPORT(validateScenarioJson(R"({"schema":1,"discs":[{"x":0.5,"y":0.5,"radius":1e-60}]})"),
                "discs[0].radius = 1e-60: the disc's mass π r² ρ is 3.14159e-120 kg, below 1e-100 kg (ρ = generate.density = 1 kg/m^2): "
                "too small to compute with; use larger or denser discs");
  EXPECT_REPORT(validateScenarioJson(R"({"schema":1,"discs":[{"x":0.5,"y":0.5,"radius":0.1,"mass":1e-200}]})"),
                "discs[0].mass = 1e-200: must be at least 1e-100 kg: too small to compute with");
  // Sensible small values still pass.
  EXPECT_EQ(reportTexts(validateScenarioJson(R"({"schema":1,"generate":{"count":50,"radius":1e-6}})")).size(), 0u);

  // Soft discs: radius 1e-200 and mass 1e-300 both "diverged at t = 0 s", naming no field.
  EXPECT_REPORT(validateSoftScenarioJson(R"({"schema":1,"engine":"soft","generate":{"radius":1e-200}})"),
                "generate.radius = 1e-200: the discs' moment of inertia f m r² is 0 kg m^2, below 1e-100 kg m^2 "
                "(f = inertiaFactor = 0.5, m = generate.mass = 1 kg): too small to compute with; use larger or heavier discs");
  EXPECT_REPORT(validateSoftScenarioJson(R"({"schema":1,"engine":"soft","generate":{"mass":1e-300}})"),
                "generate.mass = 1e-300: must be at least 1e-100 kg: too small to compute with");
  EXPECT_REPORT(validateSoftScenarioJson(R"({"schema":1,"engine":"soft","domain":{"open":true},"generate":{"radius":1e-60}})"),
                "generate.radius = 1e-60: the discs' moment of inertia f m r² is 5e-121 kg m^2, below 1e-100 kg m^2 "
                "(f = inertiaFactor = 0.5, m = generate.mass = 1 kg): too small to compute with; use larger or heavier discs");
  EXPECT_REPORT(validateSoftScenarioJson(R"({"schema":1,"engine":"soft","generate":{"radius":1e-10}})"),
                "generate.radius = 1e-10: is below 1e-9 of the domain's size (11 m): the positions (16 digits) would not resolve "
                "the contacts; use larger discs or a smaller domain");
  {
    const auto got = reportTexts(validateSoftScenarioJson(R"({"schema":1,"engine":"soft","generate":{"mass":1e-60}})"));
    ASSERT_EQ(got.size(), 1u) << ::testing::PrintToString(got);
    EXPECT_EQ(got[0].rfind("generate.mass = 1e-60: the shortest contact lasts ", 0), 0u) << got[0];
    EXPECT_NE(got[0].find(" s: more than 1e9 integration steps per output interval (0.02 s); use heavier discs or a softer "
                          "material (material.youngModulus)"),
              std::string::npos)
        << got[0];
  }

  // Avalanche grains: the smallest grain's mass and moment of inertia.
  EXPECT_REPORT(validateAvalancheScenarioJson(R"({"schema":1,"engine":"avalanche","grains":{"rmin":1e-200}})"),
                "grains.rmin = 1e-200: the smallest grains' mass π r² ρ is 0 kg, below 1e-100 kg (ρ = grains.density = 1000 kg/m^2): "
                "too small to compute with; use larger or denser grains");
  EXPECT_REPORT(validateAvalancheScenarioJson(R"({"schema":1,"engine":"avalanche","grains":{"density":1e-200}})"),
                "grains.density = 1e-200: the smallest grains' mass π r² ρ is 5.02655e-205 kg, below 1e-100 kg (r = grains.rmin = 0.004 m): "
                "too small to compute with; use larger or denser grains");
  EXPECT_REPORT(validateAvalancheScenarioJson(R"({"schema":1,"engine":"avalanche","grains":{"rmin":1e-30}})"),
                "grains.rmin = 1e-30: the smallest grains' moment of inertia π ρ r⁴ / 2 is 1.5708e-117 kg m^2, below 1e-100 kg m^2 "
                "(ρ = grains.density = 1000 kg/m^2): too small to compute with; use larger or denser grains");
  // Comparison: every disc is 1 m, 1 kg; a subnormal set-up value is refused where it is written.
  EXPECT_REPORT(validateCompareScenarioJson(R"({"schema":1,"engine":"compare","setup":{"speed":1e-320}})"),
                "setup.speed = 1e-320: is too small to compute with (below 2.2e-308 in size); write 0 or a larger number");
}

TEST(Scenario, EveryPresetIsValidAndRuns) {
  DIR* dir = opendir((std::string(GRANULAR_SOURCE_DIR) + "/scenarios").c_str());
  ASSERT_NE(dir, nullptr);
  int count = 0;
  while (dirent* e = readdir(dir)) {
    const std::string name = e->d_name;
    if (name.size() < 6 || name.substr(name.size() - 5) != ".json") continue;
    ++count;
    const std::string json = preset(name);
    if (scenarioFamily(json) == "soft") {  // the soft-disc family has its own World
      SoftWorld w(json);
      ASSERT_TRUE(w.ok()) << name << ": " << w.reportJson();
      EXPECT_FALSE(w.spec().name.empty()) << name;
      EXPECT_FALSE(w.spec().notes.empty()) << name << ": presets explain themselves";
      for (int k = 0; k < 5; ++k) EXPECT_EQ(w.advance(50000000), AdvanceStatus::Output) << name << ": " << w.message();
      continue;
    }
    if (scenarioFamily(json) == "compare") {  // so has the comparison (its physics in tests/cpp/compare_test.cpp)
      CompareWorld w(json);
      ASSERT_TRUE(w.ok()) << name << ": " << w.reportJson();
      EXPECT_FALSE(w.spec().name.empty()) << name;
      EXPECT_FALSE(w.spec().notes.empty()) << name << ": presets explain themselves";
      for (int k = 0; k < 3; ++k) EXPECT_EQ(w.advance(100000000), AdvanceStatus::Output) << name;
      continue;
    }
    if (scenarioFamily(json) == "avalanche") {  // so has the avalanche (its physics in tests/cpp/avalanche_test.cpp)
      AvalancheWorld w(json);
      ASSERT_TRUE(w.ok()) << name << ": " << w.reportJson();
      EXPECT_FALSE(w.spec().name.empty()) << name;
      EXPECT_FALSE(w.spec().notes.empty()) << name << ": presets explain themselves";
      for (int k = 0; k < 3; ++k) EXPECT_EQ(w.advance(10000000), AdvanceStatus::Output) << name << ": " << w.message();
      EXPECT_EQ(w.phase(), AvalancheWorld::Phase::Flowing) << name << ": three outputs in, the column is still falling";
      continue;
    }
    EXPECT_TRUE(issuesOf(json).empty()) << name << ": " << ::testing::PrintToString(texts(issuesOf(json)));
    World w(json);
    ASSERT_TRUE(w.ok()) << name;
    EXPECT_FALSE(w.spec().name.empty()) << name;
    EXPECT_FALSE(w.spec().notes.empty()) << name << ": presets explain themselves";
    for (int k = 0; k < 5; ++k) {
      const AdvanceStatus s = w.advance(50000000);
      EXPECT_TRUE(s == AdvanceStatus::Output || s == AdvanceStatus::Finished) << name << ": " << w.message();
    }
    EXPECT_GT(w.time(), 0) << name;
  }
  closedir(dir);
  EXPECT_GE(count, 8);
}

// "Add an engine" (README) names it twice: in the engine choices of the gas validator
// (scenario/parse.cpp) and in the registry (engines/registry.cpp). A name only in the first would
// pass validation and a preset's check, then give a World that reports "no such engine".
TEST(Scenario, EveryEngineTheValidatorAcceptsIsRegistered) {
  const auto issues = issuesOf(R"({"schema":1,"engine":"?"})");
  ASSERT_EQ(issues.size(), 1u);
  const std::string& rule = issues[0].message;  // must be one of: "event", ...
  ASSERT_EQ(rule.rfind("must be one of: ", 0), 0u) << rule;
  std::vector<std::string> engines;
  for (std::size_t first = rule.find('"'); first != std::string::npos; first = rule.find('"', first)) {
    const std::size_t last = rule.find('"', first + 1);
    ASSERT_NE(last, std::string::npos) << rule;
    engines.push_back(rule.substr(first + 1, last - first - 1));
    first = last + 1;
  }
  ASSERT_FALSE(engines.empty()) << rule;
  EXPECT_EQ(engines.front(), "event");
  for (const std::string& name : engines) {
    World w(R"({"schema":1,"engine":")" + name + R"(","generate":{"count":10}})");
    EXPECT_TRUE(w.ok()) << name << ": " << w.reportJson();
  }
}

TEST(Scenario, SameSeedSameDiscsOtherSeedOtherDiscs) {
  World a(R"({"schema":1,"seed":4})"), b(R"({"schema":1,"seed":4})"), c(R"({"schema":1,"seed":5})");
  EXPECT_EQ(a.hashHex(), b.hashHex());
  EXPECT_NE(a.hashHex(), c.hashHex());
}

TEST(Scenario, DiscsWrittenAsTouchingAreTouchingThoughTheDecimalsRoundApart) {
  // 0.6 - 0.4 is 0.19999999999999998 in binary: the pair "overlapped by 5.55112e-17 m" and a disc at
  // x = 0.9 (radius 0.1) "crossed" the 1 m box's wall by as much; both were refused
  const std::string touching = R"({"schema":1,"restitution":1,"discs":[{"x":0.4,"y":0.5,"vx":1,"radius":0.1},{"x":0.6,"y":0.5,"vx":-1,"radius":0.1},{"x":0.9,"y":0.2,"radius":0.1}]})";
  EXPECT_TRUE(issuesOf(touching).empty()) << ::testing::PrintToString(texts(issuesOf(touching)));
  World w(touching);
  ASSERT_TRUE(w.ok());
  // they collide at once (elastic: the velocities swap), and the third disc, at rest on the wall, stays
  w.advance(50000000);
  EXPECT_EQ(w.velocities()(0, 0), -1.0);
  EXPECT_EQ(w.velocities()(0, 1), 1.0);
  EXPECT_EQ(w.velocities().col(2).squaredNorm(), 0.0);
  // a real overlap, however small against the discs, is still refused: 1e-9 m
  EXPECT_ISSUE(R"({"schema":1,"discs":[{"x":0.4,"y":0.5,"radius":0.1},{"x":0.599999999,"y":0.5,"radius":0.1}]})",
               "discs[1] = (0.599999999, 0.5): overlaps discs[0] = (0.4, 0.5) by 1e-09 m");
  EXPECT_ISSUE(R"({"schema":1,"discs":[{"x":0.900000001,"y":0.5,"radius":0.1}]})", "crosses a wall by 1e-09 m");
}

TEST(Scenario, GeneratedGasMeetsItsSpecification) {
  World w(R"({"schema":1,"seed":3,"generate":{"count":500,"radius":0.005,"radiusMax":0.01,"speed":2,"density":3}})");
  ASSERT_TRUE(w.ok());
  const Model& m = w.model();
  double v2 = 0, px = 0, py = 0;
  for (int i = 0; i < m.n; ++i) {
    EXPECT_GE(m.radius(i), 0.005);
    EXPECT_LE(m.radius(i), 0.01);
    EXPECT_NEAR(m.mass(i), 3 * 3.141592653589793 * m.radius(i) * m.radius(i), 1e-15);
    v2 += w.velocities().col(i).squaredNorm();
    px += m.mass(i) * w.velocities()(0, i);
    py += m.mass(i) * w.velocities()(1, i);
  }
  EXPECT_NEAR(std::sqrt(v2 / m.n), 2.0, 1e-12);  // exact rms speed
  EXPECT_NEAR(px, 0.0, 1e-14);                     // no net momentum
  EXPECT_NEAR(py, 0.0, 1e-14);
  EXPECT_EQ(testing::deepestOverlap(m, w.state(), 0.0), 0.0);
  EXPECT_LE(testing::deepestWallPenetration(m, w.state(), 0.0), 0.0);

  World f(R"({"schema":1,"generate":{"count":50,"velocities":"fixed","speed":0.7}})");
  for (int i = 0; i < 50; ++i) EXPECT_NEAR(f.velocities().col(i).norm(), 0.7, 1e-15);

  World lattice(R"({"schema":1,"generate":{"count":2000,"areaFraction":0.7,"placement":"lattice"}})");
  ASSERT_TRUE(lattice.ok());
  EXPECT_NEAR(lattice.theory().areaFraction, 0.7, 1e-12);
  EXPECT_EQ(testing::deepestOverlap(lattice.model(), lattice.state(), 0.0), 0.0);
}

TEST(Json, RoundTripsStringsAndNumbers) {
  Json v;
  JsonError err;
  ASSERT_TRUE(parseJson(R"({"a":"tab\t quote\" \u00e9 \ud83d\ude00","b":[0.1,-2.5e-7,1e21,3]})", v, err)) << err.message;
  EXPECT_EQ(v.find("a")->asString(), "tab\t quote\" \xc3\xa9 \xf0\x9f\x98\x80");
  Json back;
  ASSERT_TRUE(parseJson(v.dump(), back, err));
  EXPECT_EQ(back.dump(), v.dump());
  EXPECT_EQ(formatNumber(0.1), "0.1");
  EXPECT_EQ(formatNumber(400), "400");
  EXPECT_EQ(formatNumber(1e-5), "1e-05");
  EXPECT_EQ(std::strtod(formatNumber(0.1 + 0.2).c_str(), nullptr), 0.1 + 0.2);
}

TEST(Json, AByteOrderMarkBeforeTheDocumentIsSkipped) {
  Json v;
  JsonError err;
  ASSERT_TRUE(parseJson("\xEF\xBB\xBF{\"a\": 1}", v, err)) << err.message;
  EXPECT_EQ(v.find("a")->asNumber(), 1);
  // only before the document: inside it, it is still not JSON
  EXPECT_FALSE(parseJson("{\"a\": \xEF\xBB\xBF" "1}", v, err));
}

TEST(Json, CountsAreWrittenWithThousandsSeparators) {
  EXPECT_EQ(formatCount(0), "0");
  EXPECT_EQ(formatCount(999), "999");
  EXPECT_EQ(formatCount(1000), "1,000");
  EXPECT_EQ(formatCount(133328), "133,328");
  EXPECT_EQ(formatCount(1234567), "1,234,567");
  EXPECT_EQ(formatCount(-50000), "-50,000");
  EXPECT_EQ(formatCount(2.6), "3");
}

}  // namespace
}  // namespace granular
