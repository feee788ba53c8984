// The event-driven engine under gravity (issue 6 §1, the pile): parabolic flights, bounces with
// restitution, a pile whose energy never grows and whose discs never overlap, the fast path equal
// to the naive reference, and the rules of the scenario format.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "engines/event/event_engine.hpp"
#include "geometry/contact.hpp"
#include "granular/world.hpp"
#include "test_support.hpp"
#include "util/json.hpp"

namespace granular {
namespace {

using testing::build;

constexpr double g = 9.81;

/// One disc of radius 0.1 m dropped from height y0 (centre) with velocity (vx, vy) in a 2 m box.
std::string drop(double y0, double vx, double vy, double r, const std::string& extra = "") {
  return R"({"schema":1,"domain":{"box":{"width":2,"height":2}},"discs":[{"x":1,"y":)" + formatNumber(y0) + R"(,"vx":)" +
         formatNumber(vx) + R"(,"vy":)" + formatNumber(vy) + R"(,"radius":0.1,"mass":1}],"restitution":)" + formatNumber(r) +
         R"(,"gravity":[0,-9.81],"output":{"interval":0.001})" + extra + "}";
}

/// A loose lattice of n discs (radius 0.05 m, 1 kg) with random velocities, falling into a box.
std::string pile(int n, double r, double tc) {
  std::string discs;
  std::uint64_t st = 0x9e3779b97f4a7c15ULL;
  auto rnd = [&]() {
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return static_cast<double>(st >> 11) / 9007199254740992.0;
  };
  for (int k = 0; k < n; ++k) {
    if (k) discs += ",";
    discs += R"({"x":)" + formatNumber(0.08 + 0.115 * (k % 6) + 0.01 * rnd()) + R"(,"y":)" + formatNumber(0.1 + 0.13 * (k / 6)) +
             R"(,"vx":)" + formatNumber(rnd() - 0.5) + R"(,"vy":)" + formatNumber(rnd() - 0.5) + R"(,"radius":0.05,"mass":1})";
  }
  return R"({"schema":1,"domain":{"box":{"width":0.75,"height":1.2}},"discs":[)" + discs + R"(],"restitution":)" + formatNumber(r) +
         R"(,"gravity":[0,-9.81],"collapse":{"model":"tc","tc":)" + formatNumber(tc) + R"(},"output":{"interval":0.01}})";
}

double energyOf(const World& w) {
  double e = 0;
  for (int i = 0; i < w.count(); ++i) {
    const double m = w.model().mass(i);
    e += 0.5 * m * w.velocities().col(i).squaredNorm() + m * g * w.positions()(1, i);
  }
  return e;
}

}  // namespace

TEST(EventGravity, FreeFlightIsTheExactParabola) {
  World w(drop(1.5, 0.3, 1.0, 1.0));
  ASSERT_TRUE(w.ok()) << w.reportJson();
  w.runUntil(0.2);
  const double t = w.time();
  EXPECT_NEAR(w.positions()(0, 0), 1 + 0.3 * t, 1e-14);
  EXPECT_NEAR(w.positions()(1, 0), 1.5 + 1.0 * t - 0.5 * g * t * t, 1e-14);
  EXPECT_NEAR(w.velocities()(1, 0), 1.0 - g * t, 1e-14);
  EXPECT_EQ(w.stats().wallHits, 0);
}

TEST(EventGravity, ABouncingBallLosesExactlyItsRestitution) {
  // Dropped from rest, its centre 0.9 m above contact: impacts at t1 = sqrt(2 h / g), then every
  // 2 e^k v1 / g with speeds e^k v1, v1 = sqrt(2 g h).
  for (double e : {0.5, 0.8}) {
    Model m;
    State st;
    build(drop(1.0, 0, 0, e), m, st);
    EventEngine engine(m, st);
    std::vector<EventRecord> log;
    engine.setLog(&log);
    ASSERT_EQ(engine.advanceTo(3.0, 1000000), StepResult::Reached);
    ASSERT_GE(log.size(), 5u);
    const double v1 = std::sqrt(2 * g * 0.9);
    double t = std::sqrt(2 * 0.9 / g), v = v1;
    for (std::size_t k = 0; k < 5; ++k) {
      EXPECT_EQ(log[k].j, -1) << "the floor is wall 0";
      EXPECT_NEAR(log[k].time, t, 1e-12) << "impact " << k << ", e = " << e;
      v *= e;
      t += 2 * v / g;
    }
  }
}

TEST(EventGravity, WallTimeTakesTheApproachingRoot) {
  using geom::Vec2;
  const Vec2 a{-1, 0}, b{1, 0};
  // resting on the floor and pulled down: contact now; leaving at 1 m/s: back after 2 v / g
  EXPECT_EQ(geom::discSegmentTimeAccel({0, 0.1}, {0, 0}, {0, -g}, 0.1, a, b), 0.0);
  EXPECT_NEAR(geom::discSegmentTimeAccel({0, 0.1}, {0, 1}, {0, -g}, 0.1, a, b), 2 / g, 1e-15);
  // thrown up at a ceiling it cannot reach: never; one it can reach: the smaller root
  const Vec2 c{-1, 1}, d{1, 1};
  EXPECT_EQ(geom::discSegmentTimeAccel({0, 0.5}, {0, 1}, {0, -g}, 0.1, c, d), geom::kNoContact);
  const double gap = 0.5 - 0.1, v = 3;  // centre 0.5 m below the ceiling, radius 0.1 m
  EXPECT_NEAR(geom::discSegmentTimeAccel({0, 0.5}, {0, v}, {0, -g}, 0.1, c, d) / ((v - std::sqrt(v * v - 2 * g * gap)) / g), 1,
              1e-14);
  // a side wall under vertical gravity: uniform approach; passing above the segment's end: missed
  const Vec2 e{1, -1}, f{1, 1};
  EXPECT_NEAR(geom::discSegmentTimeAccel({0, 0}, {2, 0}, {0, -g}, 0.1, e, f), 0.45, 1e-15);
  EXPECT_EQ(geom::discSegmentTimeAccel({0, 3}, {2, 0}, {0, -g}, 0.1, e, f), geom::kNoContact);
}

TEST(EventGravity, FastPathAndNaiveReferenceGiveTheSameEvents) {
  Model m;
  State a, b;
  build(pile(24, 0.5, 1e-4), m, a);
  b = a;
  NaiveEventEngine naive(m, b);
  std::vector<EventRecord> logNaive, logFast;
  naive.setLog(&logNaive);
  ASSERT_EQ(naive.advanceTo(1e9, 5000), StepResult::Budget);
  EventEngine fast(m, a);
  fast.setLog(&logFast);
  ASSERT_EQ(fast.advanceTo(std::nextafter(logNaive.back().time, 1e9), 1000000), StepResult::Reached);
  ASSERT_EQ(logFast.size(), logNaive.size());
  for (std::size_t k = 0; k < logFast.size(); ++k) {
    ASSERT_EQ(logFast[k].i, logNaive[k].i) << k;
    ASSERT_EQ(logFast[k].j, logNaive[k].j) << k;
    ASSERT_EQ(logFast[k].time, logNaive[k].time) << k;
  }
  EXPECT_GT(fast.stats().wallHits, 0);
  EXPECT_GT(fast.stats().collisions, 0);
}

TEST(EventGravity, APileSettlesWithoutOverlapsAndItsEnergyNeverGrows) {
  for (double e : {0.3, 0.8}) {
    World w(pile(24, e, 1e-4));
    ASSERT_TRUE(w.ok()) << w.reportJson();
    const double e0 = energyOf(w);
    double before = e0;
    while (w.time() < 2.0) {
      ASSERT_EQ(w.advance(50000000), AdvanceStatus::Output) << w.message();
      const double now = energyOf(w);
      ASSERT_LE(now, before + 1e-9 * e0) << "e = " << e << ", t = " << w.time();
      before = now;
      for (int i = 0; i < w.count(); ++i) {
        const double x = w.positions()(0, i), y = w.positions()(1, i);
        ASSERT_GE(y - 0.05, -1e-9) << "below the floor";
        ASSERT_GE(x - 0.05, -1e-9);
        ASSERT_LE(x + 0.05, 0.75 + 1e-9);
        for (int j = i + 1; j < w.count(); ++j)
          ASSERT_GE(std::hypot(x - w.positions()(0, j), y - w.positions()(1, j)), 0.1 - 1e-9) << i << " " << j;
      }
    }
    // settled: the kinetic energy left is the TC model's hops, a tiny part of the energy lost
    EXPECT_LT(w.observation().kineticEnergy, 1e-3 * (e0 - before));
    EXPECT_GT(w.stats().elasticByTC, 0);
  }
}

TEST(EventGravity, ScenarioRulesAndTheNormalizedForm) {
  std::vector<Issue> errors;
  ScenarioSpec spec;
  // gravity needs a convex domain and at most kMaxGravityDiscs discs
  EXPECT_FALSE(readScenario(R"({"schema":1,"domain":{"polygon":[[0,0],[2,0],[2,2],[1,1],[0,2]]},"generate":{"count":2,"radius":0.05},"gravity":[0,-9.81]})",
                            spec, errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].text(), "gravity = [0, -9.81]: needs a convex domain (a box or a convex polygon): the engine finds impacts on wall faces only");
  errors.clear();
  EXPECT_FALSE(readScenario(R"({"schema":1,"generate":{"count":2001,"radius":0.001},"gravity":[0,-1]})", spec, errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].text(), "generate.count = 2001: under gravity (0, -1) m/s² at most 2000 discs: every disc is searched per event");
  errors.clear();
  EXPECT_FALSE(readScenario(R"({"schema":1,"gravity":[0]})", spec, errors));
  EXPECT_EQ(errors.at(0).text(), "gravity = [0]: must be a pair [gx, gy] in m/s²");
  errors.clear();
  ASSERT_TRUE(readScenario(R"({"schema":1,"gravity":[0.5,-2]})", spec, errors));
  EXPECT_NE(scenarioToJson(spec).dump().find("\"gravity\":[0.5,-2]"), std::string::npos);
  ASSERT_TRUE(readScenario(R"({"schema":1})", spec, errors));
  EXPECT_NE(scenarioToJson(spec).dump().find("\"gravity\":[0,0]"), std::string::npos);
}

}  // namespace granular
