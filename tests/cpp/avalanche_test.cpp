// The avalanche family (issue 5): scenario format and validation, and the AvalancheWorld's phases,
// samples and summary on a small column.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>
#include <string>
#include <vector>
#include <utility>

#include "geometry/msh.hpp"
#include "granular/avalanche.hpp"
#include "granular/soft.hpp"
#include "test_support.hpp"
#include "util/json.hpp"

using namespace granular;
using granular::testing::preset;

namespace {

std::vector<std::string> problems(const std::string& json) {
  AvalancheWorld w(json);
  std::vector<std::string> out;
  for (const Issue& e : w.errors()) out.push_back(e.text());
  return out;
}

bool mentions(const std::vector<std::string>& list, const std::string& text) {
  for (const auto& s : list)
    if (s.find(text) != std::string::npos) return true;
  return false;
}

// A small column (about 50 grains) that settles and collapses in well under a second of run time.
const char* kSmall = R"({"schema": 1, "engine": "avalanche", "seed": 3,
  "column": {"width": 0.05, "height": 0.1}, "grains": {"rmin": 0.004, "rmax": 0.006},
  "floor": {"length": 0.5}, "output": {"interval": 0.01, "duration": 5}})";

// Advances a world until the flow has stopped (a bounded number of calls); checks that it did.
void advanceToStop(AvalancheWorld& w) {
  EXPECT_TRUE(w.ok()) << w.reportJson();
  for (int k = 0; k < 100000 && w.phase() != AvalancheWorld::Phase::Stopped; ++k) w.advance(10000000);
  EXPECT_EQ(w.phase(), AvalancheWorld::Phase::Stopped) << "t = " << w.time();
}

// Runs a scenario until the flow has stopped; its final state hash and runout (m).
std::pair<std::string, double> runToStop(const std::string& json) {
  AvalancheWorld w(json);
  advanceToStop(w);
  return {w.hashHex(), w.summary().runout};
}

}  // namespace

TEST(AvalancheScenario, DefaultsRoundTripAndFamily) {
  const std::string normalized = avalancheScenarioToJson(defaultAvalancheScenario()).dump();
  AvalancheScenarioSpec back;
  std::vector<Issue> errors;
  ASSERT_TRUE(readAvalancheScenario(normalized, back, errors));
  EXPECT_EQ(avalancheScenarioToJson(back).dump(), normalized);
  EXPECT_EQ(scenarioFamily(normalized), "avalanche");
  EXPECT_EQ(scenarioFamily(R"({"schema": 1, "engine": "avalanche"})"), "avalanche");
  // a scenario states only what differs: the minimal one is the default
  AvalancheWorld w(R"({"schema": 1, "engine": "avalanche"})");
  ASSERT_TRUE(w.ok()) << w.reportJson();
  EXPECT_EQ(w.scenarioJson(), normalized);
}

TEST(AvalancheScenario, EveryProblemNamedWithFieldAndValue) {
  const auto p = problems(R"({"schema": 1, "engine": "avalanche", "grains": {"rmin": -0.1, "rmax": "big"},
    "friction": {"mu": -1}, "solver": {"method": "newton", "timeStep": 0, "maxIterations": 2.5},
    "colum": {}, "boundary": {"segments": [[0, 0, 0, 0], [1, 2, 3]]}})");
  EXPECT_TRUE(mentions(p, "grains.rmin = -0.1: must be > 0")) << ::testing::PrintToString(p);
  EXPECT_TRUE(mentions(p, "grains.rmax = \"big\": must be a number"));
  EXPECT_TRUE(mentions(p, "friction.mu = -1: must be in [0, 10]"));
  EXPECT_TRUE(mentions(p, "solver.method = \"newton\": must be one of: \"gauss-seidel\", \"jacobi\""));
  EXPECT_TRUE(mentions(p, "solver.timeStep = 0: must be > 0"));
  EXPECT_TRUE(mentions(p, "solver.maxIterations = 2.5: must be an integer"));
  EXPECT_TRUE(mentions(p, "colum = {}: unknown field (did you mean \"column\"?)"));
  // the segment as written, not its first coordinate ("boundary.segments[0] = 0: …")
  EXPECT_TRUE(mentions(p, "boundary.segments[0] = [0,0,0,0]: the two end points coincide"));
  EXPECT_TRUE(mentions(p, "boundary.segments[1] = [1,2,3]: must be [ax, ay, bx, by] (m)"));
  EXPECT_GE(p.size(), 9u);
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "boundary": {"segments": [[0.2, 0, 0.3, 0.1], [0.3, 0, 0.3, 0]]}})"),
                       "boundary.segments[1] = [0.3,0,0.3,0]: the two end points coincide"));
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "grains": {"rmin": 0.01, "rmax": 0.005}})"),
                       "grains.rmax = 0.005: must be >= grains.rmin = 0.01 m"));
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "friction": {"rolling": 1.5}})"),
                       "friction.rolling = 1.5: must be in [0, 1]"));
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "friction": {"rolling": -0.1}})"),
                       "friction.rolling = -0.1: must be in [0, 1]"));
}

TEST(AvalancheWorld, RollingResistanceReachesTheEngineAndShortensTheRunout) {
  // friction.rolling = 0 is the default run bit for bit; 0.3 (grains that hardly roll) stops sooner
  const std::string base = R"({"schema": 1, "engine": "avalanche", "column": {"width": 0.05, "height": 0.1}, "floor": {"length": 0.5})";
  const auto plain = runToStop(base + "}");
  const auto zero = runToStop(base + R"(, "friction": {"rolling": 0}})");
  const auto rough = runToStop(base + R"(, "friction": {"rolling": 0.3}})");
  EXPECT_EQ(zero.first, plain.first);
  EXPECT_NE(rough.first, plain.first);
  EXPECT_LT(rough.second, plain.second);
}

TEST(AvalancheWorld, RestitutionReachesTheEngineAndIsChecked) {
  // restitution = 0 is the default run bit for bit; e = 0.6 makes the grains bounce: another run,
  // which still settles, collapses and stops; values outside [0, 1] are named
  const std::string base = R"({"schema": 1, "engine": "avalanche", "column": {"width": 0.05, "height": 0.1}, "floor": {"length": 0.5})";
  const std::string plain = runToStop(base + "}").first;
  EXPECT_EQ(runToStop(base + R"(, "restitution": 0})").first, plain);
  EXPECT_NE(runToStop(base + R"(, "restitution": 0.6})").first, plain);
  AvalancheWorld bouncy(base + R"(, "restitution": 0.6})");
  EXPECT_NE(bouncy.scenarioJson().find("\"restitution\":0.6"), std::string::npos) << bouncy.scenarioJson();
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "restitution": 1.5})"), "restitution = 1.5: must be in [0, 1]"));
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "restitution": -0.2})"), "restitution = -0.2: must be in [0, 1]"));
}

TEST(AvalancheScenario, VillageOnTheFloorBeyondTheColumnDoesNotChangeTheRun) {
  // the village is what the page judges the runout against: it must stand on the floor beyond the
  // column, and it changes nothing of the run
  const std::string base = R"({"schema": 1, "engine": "avalanche", "column": {"width": 0.05, "height": 0.1}, "floor": {"length": 0.5})";
  AvalancheWorld none(base + "}");
  ASSERT_TRUE(none.ok()) << none.reportJson();
  EXPECT_NE(none.scenarioJson().find("\"village\":null"), std::string::npos) << none.scenarioJson();
  AvalancheWorld village(base + R"(, "village": 0.3})");
  ASSERT_TRUE(village.ok()) << village.reportJson();
  EXPECT_NE(village.scenarioJson().find("\"village\":0.3"), std::string::npos);
  for (int k = 0; k < 20; ++k) {
    none.advance(10000000);
    village.advance(10000000);
  }
  EXPECT_EQ(village.hashHex(), none.hashHex());
  // the summary names the first output instant whose runout reached it (-1: not reached), as the samples show
  double first = -1;
  for (const AvalancheSample& s : village.samples())
    if (s.runout >= 0.3) {
      first = s.time;
      break;
    }
  EXPECT_EQ(village.summary().villageReachedAt, first);
  EXPECT_EQ(none.summary().villageReachedAt, -1);
  AvalancheWorld near(base + R"(, "village": 0.06})");  // just beyond the column: reached once it spreads
  for (int k = 0; k < 20; ++k) near.advance(10000000);
  EXPECT_GT(near.summary().villageReachedAt, 0);
  EXPECT_TRUE(mentions(problems(base + R"(, "village": 0.04})"), "village = 0.04: must lie on the floor beyond the column: column.width = 0.05 m < x <= floor.length = 0.5 m"));
  EXPECT_TRUE(mentions(problems(base + R"(, "village": 0.6})"), "village = 0.6: must lie on the floor beyond the column"));
  EXPECT_TRUE(mentions(problems(base + R"(, "village": "far"})"), "village = \"far\": must be a number"));
}

TEST(AvalancheWorld, TheFloorBeyondTheFlowChangesNothing) {
  // The same column on floors 0.5, 0.8 and 3 m long (the flow stops well before 0.5 m): the same
  // settled column, the same run, bit for bit. Until 24 Nov 2026 the solver's tolerance was a
  // fraction of the mean radius of all bodies, fixed floor discs included, so a longer floor
  // tightened it and the run came out differently (the preset's L∞ between 0.27 and 0.32 m for floors of 1 to 3 m).
  const std::string head = R"({"schema": 1, "engine": "avalanche", "seed": 3,
    "column": {"width": 0.05, "height": 0.1}, "grains": {"rmin": 0.004, "rmax": 0.006}, "floor": {"length": )";
  const std::string tail = R"(}, "output": {"interval": 0.01, "duration": 5}})";
  AvalancheWorld ref(head + "0.5" + tail);
  advanceToStop(ref);
  ASSERT_LT(ref.summary().runout, 0.4);
  for (const char* length : {"0.8", "3"}) {
    AvalancheWorld w(head + length + tail);
    advanceToStop(w);
    EXPECT_EQ(w.summary().h0, ref.summary().h0) << length;
    EXPECT_EQ(w.summary().settleTime, ref.summary().settleTime) << length;
    EXPECT_EQ(w.summary().runout, ref.summary().runout) << length;
    EXPECT_EQ(w.summary().collapseTime, ref.summary().collapseTime) << length;
    EXPECT_EQ(w.summary().steps, ref.summary().steps) << length;
    ASSERT_EQ(w.samples().size(), ref.samples().size()) << length;
    for (std::size_t k = 0; k < ref.samples().size(); ++k) {
      EXPECT_EQ(w.samples()[k].kineticEnergy, ref.samples()[k].kineticEnergy) << length << " sample " << k;
    }
  }
}

TEST(AvalancheScenario, FloorDiscsRadiusAndGapAreFieldsOfTheirOwn) {
  // floor.radius null (the default): the floor discs take grains.rmin, as before the field existed;
  // the same radius written out gives the same run, bit for bit
  const std::string head = R"({"schema": 1, "engine": "avalanche", "seed": 3,
    "column": {"width": 0.05, "height": 0.1}, "grains": {"rmin": 0.004, "rmax": 0.006}, "output": {"interval": 0.01, "duration": 5}, "floor": {"length": 0.5)";
  AvalancheWorld plain(head + "}}");
  ASSERT_TRUE(plain.ok()) << plain.reportJson();
  EXPECT_NE(plain.scenarioJson().find(R"("floor":{"length":0.5,"radius":null,"gap":0})"), std::string::npos) << plain.scenarioJson();
  AvalancheWorld same(head + R"(, "radius": 0.004}})");
  ASSERT_TRUE(same.ok()) << same.reportJson();
  for (int k = 0; k < 5; ++k) {
    plain.advance(10000000);
    same.advance(10000000);
  }
  EXPECT_EQ(same.hashHex(), plain.hashHex());

  // larger discs spaced apart: the floor is the row the fields describe, centres on y = 0 from x = 0
  // at a pitch of 2 radius + gap up to floor.length, and H0 is measured from their tops
  AvalancheWorld bumpy(head + R"(, "radius": 0.01, "gap": 0.005}})");
  ASSERT_TRUE(bumpy.ok()) << bumpy.reportJson();
  EXPECT_NE(bumpy.scenarioJson().find(R"("floor":{"length":0.5,"radius":0.01,"gap":0.005})"), std::string::npos) << bumpy.scenarioJson();
  const int grains = bumpy.grains(), floorDiscs = bumpy.bodies() - grains;
  EXPECT_EQ(floorDiscs, 21);  // x = 0, 0.025, ..., 0.5
  for (int k = 0; k < floorDiscs; ++k) {
    EXPECT_DOUBLE_EQ(bumpy.radii()(grains + k), 0.01) << k;
    EXPECT_NEAR(bumpy.positions()(0, grains + k), 0.025 * k, 1e-12) << k;
    EXPECT_EQ(bumpy.positions()(1, grains + k), 0.0) << k;
  }
  EXPECT_EQ(plain.bodies() - plain.grains(), 63);  // touching discs of radius 4 mm: x = 0, 0.008, ..., 0.496
  bumpy.advance(10000000);  // settles, then the gate opens
  ASSERT_EQ(bumpy.phase(), AvalancheWorld::Phase::Flowing) << bumpy.time();
  double top = 0;
  for (int i = 0; i < grains; ++i) top = std::max(top, bumpy.positions()(1, i) + bumpy.radii()(i));
  // H0: the column's top above the floor discs' tops (y = floor.radius) as the gate opens
  EXPECT_EQ(bumpy.summary().h0, top - 0.01);
  EXPECT_GT(bumpy.summary().h0, 0.08);

  // each field named with its value and rule
  EXPECT_TRUE(mentions(problems(head + R"(, "radius": 0}})"), "floor.radius = 0: must be > 0 and <= 1 m (or null: grains.rmin)"));
  EXPECT_TRUE(mentions(problems(head + R"(, "radius": "big"}})"), "floor.radius = \"big\": must be a number"));
  EXPECT_TRUE(mentions(problems(head + R"(, "gap": -0.001}})"), "floor.gap = -0.001: must be >= 0 and <= 1 m"));
  EXPECT_TRUE(mentions(problems(head + R"(, "gap": 0.008}})"),
                       "floor.gap = 0.008: must be less than the smallest grain's diameter, 2 grains.rmin = 0.008 m, or grains fall through the floor"));
  EXPECT_TRUE(problems(head + R"(, "gap": 0.0079}})").empty());
  EXPECT_TRUE(mentions(problems(head + R"(, "radius": 1e-13}})"), "floor.radius = 1e-13: is below 1e-9 of the domain's size"));
  // fine grains on a long floor: refused with the way out; larger floor discs make it fit
  const std::string fine = R"({"schema": 1, "engine": "avalanche", "column": {"width": 0.01, "height": 0.01},
    "grains": {"rmin": 0.0001, "rmax": 0.0002}, "floor": {"length": 50)";
  auto p = problems(fine + "}}");
  EXPECT_TRUE(mentions(p, "floor.length = 50: needs 250,001 floor discs of radius grains.rmin = 0.0001 m (limit 200,000): shorten the floor, or set floor.radius larger than grains.rmin"))
      << ::testing::PrintToString(p);
  p = problems(fine + R"(, "radius": 0.0001, "gap": 0.00001}})");
  EXPECT_TRUE(mentions(p, "floor.length = 50: needs 238,096 floor discs of radius floor.radius = 0.0001 m spaced floor.gap = 1e-05 m apart (limit 200,000): shorten the floor, or use larger floor discs"))
      << ::testing::PrintToString(p);
  EXPECT_TRUE(problems(fine + R"(, "radius": 0.001}})").empty());
}

TEST(AvalancheScenario, ImpossibleSetUpsAreRejectedBeforeAnythingIsBuilt) {
  // a million grains in a small column: rejected with the count, before allocating them
  auto p = problems(R"({"schema": 1, "engine": "avalanche", "grains": {"rmin": 0.0001, "rmax": 0.0001}, "floor": {"length": 1}})");
  EXPECT_TRUE(mentions(p, "column = 0.1 m x 0.2 m: holds about 500,000 grains")) << ::testing::PrintToString(p);
  EXPECT_EQ(p.size(), 1u);
  p = problems(R"({"schema": 1, "engine": "avalanche", "grains": {"rmin": 0.000001, "rmax": 0.01}, "floor": {"length": 1}})");
  EXPECT_TRUE(mentions(p, "floor.length = 1: needs 500,001 floor discs of radius grains.rmin = 1e-06 m (limit 200,000)")) << ::testing::PrintToString(p);
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "column": {"width": 0.01}})"),
                       "column.width = 0.01: must hold one grain: at least the lattice pitch, 2.04 times grains.rmax = 0.01224 m"));
  // wider than a grain but narrower than the lattice's pitch: it used to run with no grain at all
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "column": {"width": 0.0121}})"),
                       "column.width = 0.0121: must hold one grain"));
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "column": {"height": 0.0121}})"),
                       "column.height = 0.0121: must hold one grain"));
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "floor": {"length": 0.05}})"),
                       "floor.length = 0.05: must exceed column.width = 0.1 m"));
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "solver": {"timeStep": 0.005}, "output": {"interval": 0.001}})"),
                       "solver.timeStep = 0.005: must not exceed output.interval"));
  // a step too small for the run to end: 1e-300 s does not move the clock, and the page settled for ever
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "solver": {"timeStep": 1e-300}})"),
                       "solver.timeStep = 1e-300: needs more than 1e8 steps over settle.maxTime + output.duration = 25 s: at least 2.5e-07 s"));
  EXPECT_TRUE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "solver": {"timeStep": 2e-7}})"),
                       "solver.timeStep = 2e-07: needs more than 1e8 steps"));
  EXPECT_FALSE(mentions(problems(R"({"schema": 1, "engine": "avalanche", "solver": {"timeStep": 3e-7}})"), "solver.timeStep"));
  EXPECT_TRUE(mentions(problems("[1, 2]"), "a scenario must be a JSON object"));
}

TEST(AvalancheScenario, SegmentsThroughTheColumnAreNamedWithTheGrainTheyCut) {
  // the default column: 0.1 m x 0.2 m, grains 4-6 mm on a lattice of pitch 12.24 mm above the floor
  // discs (radius 4 mm, centres at y = 0). A slope drawn through it would start grains inside it.
  const std::string head = R"({"schema": 1, "engine": "avalanche", "boundary": {"segments": )";
  auto p = problems(head + "[[0.3, 0, 0.5, 0.1], [0.02, 0.05, 0.08, 0.15]]}}");
  ASSERT_EQ(p.size(), 1u) << ::testing::PrintToString(p);
  EXPECT_TRUE(mentions(p, "boundary.segments[1] = [0.02,0.05,0.08,0.15]: passes through the column (x from 0 to column.width = 0.1 m): the grain at (")) << p[0];
  EXPECT_TRUE(mentions(p, "would start inside it"));
  // the grain it names is one the segment cuts: its centre is closer to the line than its radius
  double gx = 0, gy = 0, gr = 0;
  ASSERT_EQ(std::sscanf(p[0].c_str() + p[0].find("grain at (") + 10, "%lf, %lf) m, radius %lf", &gx, &gy, &gr), 3) << p[0];
  const double ex = 0.06, ey = 0.10, t = std::clamp(((gx - 0.02) * ex + (gy - 0.05) * ey) / (ex * ex + ey * ey), 0.0, 1.0);
  EXPECT_LT(std::hypot(gx - 0.02 - t * ex, gy - 0.05 - t * ey), gr + 1e-4);  // + the read-out's rounding
  EXPECT_GE(gr, 0.004 - 1e-4);
  // short and inside one lattice cell, between grains: refused only where it touches one
  EXPECT_TRUE(mentions(problems(head + "[[0.0061, 0.0101, 0.0062, 0.0102]]}}"), "boundary.segments[0]"));
  // clear of the grains, every one of these is allowed: the gate's line (a dam right at the column),
  // a floor on the floor discs' tops, a wall beyond the gate, a shelf above the column
  for (const char* ok : {"[[0.1, 0, 0.1, 0.3]]", "[[0, 0.004, 1, 0.004]]", "[[0.15, 0, 0.15, 0.5]]", "[[0, 0.25, 0.1, 0.25]]"}) {
    const AvalancheWorld w(head + ok + "}}");
    EXPECT_TRUE(w.ok()) << ok << ": " << w.reportJson();
  }
  // micrometre grains and a segment 1e4 m long: 1e10 cells of the grains' size along it (the
  // first one through the centres of the lattice's 16th row, at 1 + 3.06 x 15.5 µm)
  const std::string tiny = R"({"schema": 1, "engine": "avalanche", "column": {"width": 0.0001, "height": 0.0002},
    "grains": {"rmin": 0.000001, "rmax": 0.0000015}, "floor": {"length": 0.001}, "boundary": {"segments": )";
  EXPECT_TRUE(mentions(problems(tiny + "[[-10000, 0.00004843, 10000, 0.00004843]]}}"), "boundary.segments[0] = [-10000,4.843e-05,10000,4.843e-05]: passes through"));
  const AvalancheWorld above(tiny + "[[-10000, 0.001, 10000, 0.001], [-10000, -10000, 10000, 10000]]}}");
  EXPECT_FALSE(above.ok());  // the diagonal passes through the column's corner at the origin
  EXPECT_EQ(above.errors().size(), 1u) << above.reportJson();
  EXPECT_TRUE(AvalancheWorld(tiny + "[[-10000, 0.001, 10000, 0.001]]}}").ok());
  // a file of many, each along a row of the lattice's centres: the first five are named, the rest counted
  std::string many = "[";
  for (int k = 0; k < 8; ++k) {
    const std::string y = std::to_string(0.004 + 0.00612 + 0.01224 * k);
    many += (k ? ", " : "") + std::string("[0.001, ") + y + ", 0.099, " + y + "]";
  }
  p = problems(head + many + "]}}");
  ASSERT_EQ(p.size(), 6u) << ::testing::PrintToString(p);
  EXPECT_TRUE(mentions(p, "boundary.segments[4] = ["));
  EXPECT_FALSE(mentions(p, "boundary.segments[5] = ["));
  EXPECT_TRUE(mentions(p, "boundary.segments = 8 segments: and 3 more segments pass through the column"));
}

TEST(AvalancheWorld, SettlesOpensTheGateSpreadsAndStops) {
  AvalancheWorld w(kSmall);
  ASSERT_TRUE(w.ok()) << w.reportJson();
  EXPECT_EQ(w.phase(), AvalancheWorld::Phase::Settling);
  EXPECT_EQ(w.walls().size(), 8u);  // left wall and gate
  EXPECT_LT(w.time(), 0);
  AdvanceStatus s = w.advance(1000000);
  ASSERT_EQ(s, AdvanceStatus::Output);
  ASSERT_EQ(w.phase(), AvalancheWorld::Phase::Flowing);
  EXPECT_EQ(w.walls().size(), 4u);  // the gate is gone
  const AvalancheSummary& sum = w.summary();
  EXPECT_GT(sum.settleTime, 0);
  EXPECT_LT(sum.settleTime, 5);
  // the settled column: L0 within the gate (x = columns * pitch <= width), H0 below the column height
  EXPECT_GT(sum.l0, 0.8 * 0.05);
  EXPECT_LE(sum.l0, 0.05 + 1e-3);
  EXPECT_GT(sum.h0, 0.5 * 0.1);
  EXPECT_LT(sum.h0, 0.1);
  // H0, L0 and a = H0 / L0 (REFERENCE §5) from the grains themselves as the gate opens: H0 the top of
  // the highest grain above the floor discs' tops (centres at y = 0, radius rmin), L0 the front of
  // the foremost grain (the settled column is one contact component)
  double top = 0, foremost = 0;
  for (int i = 0; i < w.grains(); ++i) {
    top = std::max(top, w.positions()(1, i) + w.radii()(i));
    foremost = std::max(foremost, w.positions()(0, i) + w.radii()(i));
  }
  const double h0 = top - w.spec().rmin;
  EXPECT_NEAR(sum.h0, h0, 1e-12 * h0);
  EXPECT_NEAR(sum.l0, foremost, 1e-12 * foremost);
  EXPECT_NEAR(sum.aspect, h0 / foremost, 1e-12 * h0 / foremost);
  ASSERT_EQ(w.samples().size(), 1u);
  EXPECT_EQ(w.samples()[0].time, 0);
  EXPECT_EQ(w.samples()[0].runout, sum.l0);

  // the front velocity is the x-velocity of the grain that sets the runout (the one whose x + R is
  // the runout, bit for bit)
  auto checkFront = [&w]() {
    const AvalancheSample& last = w.samples().back();
    const int n = w.grains();
    int front = -1;
    for (int i = 0; i < n; ++i) {
      if (front < 0 && w.positions()(0, i) + w.radii()(i) == last.runout) front = i;
    }
    ASSERT_GE(front, 0) << "no grain at the runout " << last.runout << " at t = " << last.time;
    EXPECT_EQ(last.frontVelocity, w.velocities()(0, front)) << "t = " << last.time;
  };
  checkFront();
  int outputs = 0, moving = 0;
  while ((s = w.advance(1000000)) == AdvanceStatus::Output) {
    ++outputs;
    checkFront();
    if (w.samples().back().frontVelocity > 0.05) ++moving;
  }
  ASSERT_EQ(s, AdvanceStatus::Finished) << w.message();
  EXPECT_EQ(w.phase(), AvalancheWorld::Phase::Stopped);
  EXPECT_GT(moving, 5);  // the front moves out while the column spreads
  // it stops after a few sqrt(H0 / g) (REFERENCE §5), and long before the 5 s duration
  const double tg = std::sqrt(sum.h0 / 9.81);
  EXPECT_GT(sum.collapseTime, 2 * tg);
  EXPECT_LT(sum.collapseTime, 15 * tg);
  EXPECT_GT(sum.runout, 1.3 * sum.l0);
  const auto& smp = w.samples();
  ASSERT_EQ(static_cast<int>(smp.size()), outputs + 2);
  for (std::size_t k = 1; k < smp.size(); ++k) {
    if (k + 1 < smp.size()) {
      EXPECT_NEAR(smp[k].time, 0.01 * static_cast<double>(k), 1e-12);  // regular instants
    }
    EXPECT_GE(smp[k].iterations, 1);
    EXPECT_GT(smp[k].contacts, 0);
  }
  EXPECT_EQ(smp.back().time, sum.collapseTime);
  // the summary's sweeps are the flow's: each interval's mean times its steps (0.01 s of h each, the
  // last interval cut short by the stop), summed
  const std::int64_t perInterval = std::llround(0.01 / w.spec().timeStep);
  double sweeps = 0;
  std::int64_t counted = 0;
  for (std::size_t k = 1; k < smp.size(); ++k) {
    const std::int64_t n = k + 1 < smp.size() ? perInterval : sum.steps - counted;
    sweeps += smp[k].meanIterations * static_cast<double>(n);
    counted += n;
  }
  EXPECT_EQ(counted, sum.steps);
  EXPECT_NEAR(static_cast<double>(sum.iterations), sweeps, 1e-6 * sweeps);
  EXPECT_GE(sum.iterations, sum.steps);  // at least one sweep per step
  // at the end the grains are at rest and the contact lines carry the weight
  const auto lines = w.contactLines();
  ASSERT_EQ(lines.size() % 5, 0u);
  double impulse = 0;
  for (std::size_t k = 4; k < lines.size(); k += 5) impulse += lines[k];
  EXPECT_GT(impulse, 0);
  EXPECT_EQ(w.advance(10), AdvanceStatus::Finished);
}

// A small time step must not make a column "settled" before gravity has acted: 50 steps of 2e-6 s
// (0.1 ms) leave every grain of the lattice nearly at rest, below the energy threshold, yet still
// in the air. The gate opened there (the column's top not 0.1 um lower than the lattice's); it
// now opens once the grains have landed and come to rest, the top lower by part of the clearance
// the lattice leaves between grains, as with the default step.
TEST(AvalancheWorld, ASmallTimeStepDoesNotOpenTheGateBeforeTheGrainsLand) {
  auto topNow = [](const AvalancheWorld& w) {
    double top = -1e9;
    for (int i = 0; i < w.grains(); ++i) top = std::max(top, w.positions()(1, i) + w.radii()(i));
    return top;
  };
  std::string fine = kSmall;
  fine.insert(fine.rfind('}'), R"(, "solver": {"timeStep": 2e-6})");
  AvalancheWorld w(fine);
  ASSERT_TRUE(w.ok()) << w.reportJson();
  AvalancheWorld coarse(kSmall);
  const double lattice = topNow(w);
  ASSERT_EQ(lattice, topNow(coarse));
  ASSERT_EQ(w.advance(100000000), AdvanceStatus::Output);
  ASSERT_EQ(coarse.advance(100000000), AdvanceStatus::Output);
  ASSERT_EQ(w.phase(), AvalancheWorld::Phase::Flowing);
  const double dropFine = lattice - topNow(w), dropCoarse = lattice - topNow(coarse);
  EXPECT_GT(dropCoarse, 1e-3) << "the default step's deposit";
  EXPECT_GT(dropFine, 0.5 * dropCoarse) << "settled after " << w.summary().settleTime << " s";
  EXPECT_GT(w.summary().settleTime, 0.01);
}

TEST(AvalancheWorld, SameScenarioSameStateBitForBit) {
  AvalancheWorld a(kSmall), b(kSmall);
  for (int k = 0; k < 20; ++k) {
    a.advance(1000000);
    b.advance(1000000);
  }
  EXPECT_EQ(a.hashHex(), b.hashHex());
  EXPECT_EQ(a.summary().runout, b.summary().runout);
  const std::string other = std::string(kSmall).replace(std::string(kSmall).find("\"seed\": 3"), 9, "\"seed\": 4");
  AvalancheWorld c(other);
  for (int k = 0; k < 20; ++k) c.advance(1000000);
  EXPECT_NE(a.hashHex(), c.hashHex());
}

TEST(AvalancheWorld, WorkBudgetDoesNotChangeTheRun) {
  AvalancheWorld a(kSmall), b(kSmall);
  while (a.outputIndex() < 10) a.advance(1000000);
  while (b.outputIndex() < 10) b.advance(7);  // in small pieces, as the page's worker does
  EXPECT_EQ(a.hashHex(), b.hashHex());
  EXPECT_EQ(a.samples().size(), b.samples().size());
}

TEST(AvalancheWorld, TheDamPresetStopsTheFlowShortOfTheVillageAndTheExampleMeshIsItsDam) {
  // scenarios/avalanche-dam.msh, the example for the page's Gmsh import, is the preset's dam
  const std::string text = preset("avalanche-dam.json");
  Json scenario;
  JsonError jerr;
  ASSERT_TRUE(parseJson(text, scenario, jerr)) << jerr.message;
  const Json* boundary = scenario.find("boundary");
  ASSERT_NE(boundary, nullptr);
  const Json* list = boundary->find("segments");
  ASSERT_NE(list, nullptr);
  std::vector<geom::Segment2> mesh;
  std::string error;
  ASSERT_TRUE(geom::readMsh(preset("avalanche-dam.msh"), mesh, error)) << error;
  ASSERT_EQ(mesh.size(), list->items().size());
  for (std::size_t k = 0; k < mesh.size(); ++k) {
    const std::vector<Json>& s = list->items()[k].items();
    ASSERT_EQ(s.size(), 4u);
    EXPECT_EQ(mesh[k].ax, s[0].asNumber()) << k;
    EXPECT_EQ(mesh[k].ay, s[1].asNumber()) << k;
    EXPECT_EQ(mesh[k].bx, s[2].asNumber()) << k;
    EXPECT_EQ(mesh[k].by, s[3].asNumber()) << k;
  }
  const double damEnd = 0.37, village = scenario.find("village")->asNumber();

  // with the dam the main mass stops against it and the village is never reached
  AvalancheWorld dam(text);
  advanceToStop(dam);
  EXPECT_LT(dam.summary().runout, damEnd);
  EXPECT_EQ(dam.summary().villageReachedAt, -1);

  // the same scenario without its segments (the page's "Remove segments"): the flow reaches the village
  Json open = scenario;
  Json noSegments = Json::object();
  noSegments.set("segments", Json::array());
  open.set("boundary", std::move(noSegments));
  AvalancheWorld free(open.dump());
  advanceToStop(free);
  EXPECT_GT(free.summary().villageReachedAt, 0);
  EXPECT_GT(free.summary().runout, damEnd);
  EXPECT_GT(village, damEnd);
}

TEST(AvalancheWorld, GrainsThatFallOffTheFloorsEndLeaveTheFlowAndTheRunStops) {
  // a floor only 0.2 m longer than the column: dozens of grains fall off its end; their free fall
  // would keep the kinetic energy rising for ever, so they are counted and left out of it
  AvalancheWorld w(R"({"schema": 1, "engine": "avalanche", "seed": 1, "column": {"width": 0.1, "height": 0.4},
    "floor": {"length": 0.3}, "output": {"interval": 0.01, "duration": 5}})");
  advanceToStop(w);
  EXPECT_LT(w.summary().collapseTime, 4.0);  // well before the 5 s duration
  // the count is the grains whose bottom is 5 mean diameters (5 cm) below the floor's top (4 mm)
  int fallen = 0;
  double falling = 0;  // their squared speeds
  for (int i = 0; i < w.grains(); ++i) {
    if (w.positions()(1, i) - w.radii()(i) >= 0.004 - 5 * 0.01) continue;
    ++fallen;
    falling += w.velocities().col(i).squaredNorm();
  }
  EXPECT_GT(fallen, 10);
  EXPECT_EQ(w.summary().fallen, fallen);
  EXPECT_EQ(w.summary().fallenThrough, 0);  // all off the end: none is over the floor
  // the energy sampled is the rest's: below the stop threshold once stopped, while the fallen fall on
  EXPECT_GT(falling, 0);
  const double mgR = 1000 * 3.141592653589793 * 0.005 * 0.005 * 9.81 * 0.005;
  EXPECT_LT(w.samples().back().kineticEnergy, 1e-4 * mgR * w.grains());
  // on the preset's 1 m floor nothing falls
  AvalancheWorld preset(granular::testing::preset("avalanche-column.json"));
  advanceToStop(preset);
  EXPECT_EQ(preset.summary().fallen, 0);
}

TEST(AvalancheWorld, GrainsThatGoThroughTheFloorAreToldFromThoseOffItsEnd) {
  // a Jacobi relaxation of 1e-300 applies no impulse: the floor holds nothing and every grain falls
  // through it, still over its length (the page's read-out then names the solver, not the floor)
  AvalancheWorld w(R"({"schema": 1, "engine": "avalanche", "seed": 1, "solver": {"method": "jacobi", "relaxation": 1e-300},
    "output": {"interval": 0.01, "duration": 1}})");
  ASSERT_TRUE(w.ok()) << w.reportJson();
  // nothing flows on a floor, so no stop is judged: the run ends at its duration
  for (int k = 0; k < 100000 && w.advance(10000000) != AdvanceStatus::Finished; ++k) {
  }
  EXPECT_GE(w.time(), 1.0);
  int through = 0;
  for (int i = 0; i < w.grains(); ++i) {
    const bool below = w.positions()(1, i) - w.radii()(i) < 0.004 - 5 * 0.01;
    if (below && w.positions()(0, i) - w.radii()(i) <= w.spec().floorLength) ++through;
  }
  EXPECT_EQ(through, w.grains());
  EXPECT_EQ(w.summary().fallen, w.grains());
  EXPECT_EQ(w.summary().fallenThrough, through);
}

TEST(AvalancheScenario, EveryDefaultIsDocumented) {
  // docs/scenario-format.md, section "Avalanche": a row "| `path` | type | unit | `default` | rule |"
  // for every leaf of the default scenario (defaults.cpp is the one source).
  const std::string doc = granular::testing::readText(std::string(GRANULAR_SOURCE_DIR) + "/docs/scenario-format.md");
  const std::size_t from = doc.find("# Avalanche");
  ASSERT_NE(from, std::string::npos);
  const std::string section = doc.substr(from);
  auto documented = [&](const std::string& field, const std::string& value) {
    std::istringstream lines(section);
    for (std::string line; std::getline(lines, line);)
      if (line.rfind("| `" + field + "` |", 0) == 0 && line.find("| `" + value + "` |") != std::string::npos) return true;
    return false;
  };
  const Json d = avalancheScenarioToJson(defaultAvalancheScenario());
  int checked = 0;
  std::function<void(const Json&, const std::string&)> walk = [&](const Json& v, const std::string& path) {
    if (v.isObject()) {
      for (const auto& m : v.members()) walk(m.second, path.empty() ? m.first : path + "." + m.first);
      return;
    }
    if (path == "schema" || path == "notes") return;  // required / empty
    EXPECT_TRUE(documented(path, v.dump())) << path << " = " << v.dump();
    ++checked;
  };
  walk(d, "");
  EXPECT_GE(checked, 24);
}

namespace {

// The deepest overlap between two discs (grains and floor discs) in the world's state now, as a fraction
// of the smaller radius: brute force over all pairs, independent of the engine's contact detection.
double deepestPairOverlap(const AvalancheWorld& w) {
  double deepest = 0;
  const auto& p = w.positions();
  const auto& r = w.radii();
  for (int i = 0; i < w.grains(); ++i)
    for (int j = i + 1; j < w.bodies(); ++j) {
      const double depth = r(i) + r(j) - (p.col(i) - p.col(j)).norm();
      if (depth > 0) deepest = std::max(deepest, depth / std::min(r(i), r(j)));
    }
  return deepest;
}

// Steps a world one step at a time to its stop; the deepest pair overlap seen at the start of any step
// and when (the world's clock then).
std::pair<double, double> stepAndWatchOverlaps(AvalancheWorld& w) {
  EXPECT_TRUE(w.ok()) << w.reportJson();
  double deepest = 0, when = 0;
  for (int k = 0; k < 200000 && w.phase() != AvalancheWorld::Phase::Stopped; ++k) {
    // (a call at an output instant samples without stepping: the same state is looked at twice, harmlessly)
    const double depth = deepestPairOverlap(w), t = w.time();
    w.advance(1);
    if (depth > deepest) {
      deepest = depth;
      when = t;
    }
  }
  EXPECT_EQ(w.phase(), AvalancheWorld::Phase::Stopped);
  return {deepest, when};
}

}  // namespace

TEST(AvalancheWorld, TheDeepestOverlapIsReportedWithItsInstant) {
  // h = 10 ms, the form's longest time step: a falling grain moves far more than the alert distance in a
  // step, contacts are found only once they overlap, and grains sink into each other by more than a
  // radius. It ran with no word; the summary now carries the deepest overlap and the instant.
  std::string json = R"({"schema": 1, "engine": "avalanche", "seed": 1, "solver": {"timeStep": 0.01},
    "output": {"interval": 0.01, "duration": 5}})";
  AvalancheWorld coarse(json);
  const auto [depth, when] = stepAndWatchOverlaps(coarse);
  EXPECT_GT(depth, 1.0);  // more than a radius deep
  // the engine sees every contact, walls included, at the start of each step: at least the pairs' deepest
  EXPECT_GE(coarse.summary().deepestOverlap, depth * (1 - 1e-9));
  if (coarse.summary().deepestOverlap <= depth * (1 + 1e-9)) {  // the deepest was a pair of discs: the same instant
    EXPECT_DOUBLE_EQ(coarse.summary().deepestOverlapTime, when);
  }
  // the preset's 0.2 ms with the same column: rigid grains, well under 1 % of a radius
  AvalancheWorld fine(preset("avalanche-column.json"));
  advanceToStop(fine);
  EXPECT_LT(fine.summary().deepestOverlap, 0.01);
  EXPECT_GT(fine.summary().deepestOverlap, 0.0);
  EXPECT_GE(fine.summary().deepestOverlap, deepestPairOverlap(fine) * (1 - 1e-9));
  std::printf("deepest overlap: h = 10 ms %g (pairs %g) at %g s; preset %g at %g s\n", coarse.summary().deepestOverlap, depth,
              coarse.summary().deepestOverlapTime, fine.summary().deepestOverlap, fine.summary().deepestOverlapTime);
}
