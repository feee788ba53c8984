// The event-driven engine against exact results, conservation laws and kinetic theory.
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <limits>

#include "engines/event/event_engine.hpp"
#include "granular/world.hpp"
#include "scenario/polygon.hpp"
#include "test_support.hpp"
#include "util/json.hpp"

namespace granular {
namespace {

using testing::build;
using testing::preset;

constexpr std::int64_t kUnlimited = std::numeric_limits<std::int64_t>::max() / 4;

std::string gas(int count, double areaFraction, double r, int seed, const std::string& extra = "") {
  return "{\"schema\":1,\"seed\":" + std::to_string(seed) + ",\"generate\":{\"count\":" + std::to_string(count) +
         ",\"areaFraction\":" + formatNumber(areaFraction) + "},\"restitution\":" + formatNumber(r) + extra + "}";
}

void expectSameEvents(const std::vector<EventRecord>& a, const std::vector<EventRecord>& b, std::size_t count) {
  ASSERT_GE(a.size(), count);
  ASSERT_GE(b.size(), count);
  for (std::size_t k = 0; k < count; ++k) {
    ASSERT_EQ(a[k].i, b[k].i) << "event " << k;
    ASSERT_EQ(a[k].j, b[k].j) << "event " << k;
    ASSERT_EQ(a[k].time, b[k].time) << "event " << k;  // bit for bit
  }
}

// ---- the fast path against the naive O(N^2) reference ---------------------------------------

TEST(EventEngine, FastPathAndNaiveReferenceGiveTheSameFirst10000Events) {
  // 200 discs, inelastic (r = 0.8) with the TC model, walls included: every event must agree in
  // partners and in time to the last bit, since both paths share every arithmetic step.
  Model m;
  State a, b;
  build(gas(200, 0.25, 0.8, 9), m, a);
  b = a;
  NaiveEventEngine naive(m, b);
  std::vector<EventRecord> logNaive, logFast;
  naive.setLog(&logNaive);
  ASSERT_EQ(naive.advanceTo(1e9, 10000), StepResult::Budget);
  ASSERT_EQ(logNaive.size(), 10000u);
  EventEngine fast(m, a);
  fast.setLog(&logFast);
  ASSERT_EQ(fast.advanceTo(std::nextafter(logNaive.back().time, 1e9), kUnlimited), StepResult::Reached);
  ASSERT_EQ(logFast.size(), 10000u);
  expectSameEvents(logFast, logNaive, 10000);
  EXPECT_GT(fast.stats().wallHits, 0);
  EXPECT_GT(fast.stats().cellCrossings, 0);
}

TEST(EventEngine, SpatialRenumberingChangesNoEvent) {
  // Above 2048 discs the fast path renumbers its discs every 8 collisions per disc; a run that never
  // renumbers must see exactly the same events.
  Model m;
  State a, b;
  build(gas(3000, 0.3, 1.0, 4), m, a);
  b = a;
  EventEngine sorted(m, a), unsorted(m, b);
  unsorted.setResortEvery(0);
  std::vector<EventRecord> la, lb;
  sorted.setLog(&la);
  unsorted.setLog(&lb);
  const double t = 0.35;  // about 30 collisions per disc: several renumberings
  sorted.advanceTo(t, kUnlimited);
  unsorted.advanceTo(t, kUnlimited);
  ASSERT_GT(la.size(), 3u * 8u * 3000u);
  ASSERT_EQ(la.size(), lb.size());
  expectSameEvents(la, lb, la.size());
}

// ---- conservation ---------------------------------------------------------------------------

TEST(EventEngine, ElasticGasKeepsItsEnergyOverAMillionCollisionsWithoutOverlaps) {
  World w(gas(1000, 0.3, 1.0, 2, ",\"output\":{\"interval\":0.05}"));
  ASSERT_TRUE(w.ok());
  const double e0 = w.observation().kineticEnergy;
  double worstOverlap = 0, worstWall = 0;
  int outputs = 0;
  while (w.observation().collisions < 1e6) {
    const AdvanceStatus s = w.advance(1000000);
    ASSERT_NE(s, AdvanceStatus::Stopped) << w.message();
    if (s != AdvanceStatus::Output) continue;
    ++outputs;
    ASSERT_NEAR(w.observation().kineticEnergy, e0, 1e-10 * e0) << "t = " << w.time();
    worstOverlap = std::max(worstOverlap, testing::deepestOverlap(w.model(), w.state(), w.time()));
    worstWall = std::max(worstWall, testing::deepestPastConvexWalls(w.model(), w.state(), w.time()));
  }
  EXPECT_GT(outputs, 10);
  EXPECT_LE(worstOverlap, 1e-9);
  EXPECT_LE(worstWall, 1e-9);
  EXPECT_EQ(w.observation().energyDissipated, 0.0);
}

TEST(EventEngine, EnergyLedgerClosesWithDissipationAndAVibratingWall) {
  World w(preset("gas-vibrated.json"));
  ASSERT_TRUE(w.ok());
  const double e0 = w.observation().kineticEnergy;
  w.runUntil(3.0);
  const Observation& o = w.observation();
  EXPECT_GT(o.energyInjected, 0.1 * e0);    // the wall does feed the gas
  EXPECT_GT(o.energyDissipated, 0.1 * e0);  // and the collisions do dissipate
  EXPECT_NEAR(o.kineticEnergy + o.energyDissipated - o.energyInjected, e0, 1e-10 * (e0 + o.energyInjected));
}

TEST(EventEngine, AVibratingFloorKeepsEveryDiscInTheBox) {
  // The floor keeps its mean position and lends its velocity u(t) to the discs it hits. Hit while
  // receding faster than r times their approach, discs left the collision still falling and went
  // through the floor (disc 260 at t = 0.83 s, 31 discs out by 200 s, all 300 by about 1600 s).
  World w(preset("gas-vibrated.json"));
  ASSERT_TRUE(w.ok());
  double worst = 0;
  int outputs = 0;
  while (w.time() < 5.0) {
    const AdvanceStatus s = w.advance(1000000);
    ASSERT_NE(s, AdvanceStatus::Stopped) << w.message();
    if (s != AdvanceStatus::Output) continue;
    ++outputs;
    worst = std::max(worst, testing::deepestPastConvexWalls(w.model(), w.state(), w.time()));
  }
  EXPECT_EQ(outputs, 250);
  EXPECT_LE(worst, 1e-9);
}

TEST(EventEngine, InelasticCollisionsLoseExactlyTheirShare) {
  // Dissipation accounted collision by collision equals the drop in kinetic energy.
  World w(gas(500, 0.2, 0.6, 3, ",\"collapse\":{\"model\":\"tc\"}"));
  ASSERT_TRUE(w.ok());
  const double e0 = w.observation().kineticEnergy;
  w.runUntil(0.5);
  EXPECT_LT(w.observation().kineticEnergy, 0.5 * e0);
  EXPECT_NEAR(w.observation().kineticEnergy + w.observation().energyDissipated, e0, 1e-12 * e0);
}

// ---- kinetic theory -------------------------------------------------------------------------

TEST(EventEngine, HaffLawInCollisionCountAndTimeForms) {
  // REFERENCE section 3: T = T0 exp(-(1 - r^2) s / 2), s = 2 C / N collisions per disc, and
  // T(t) = T0 / (1 + t / tau)^2, while the dilute gas (nu = 0.05, elastic walls) stays homogeneous
  // (s up to about 17, T down to a fifth).
  World w(preset("haff-dilute.json"));
  ASSERT_TRUE(w.ok());
  const double r = w.model().restitution;
  const double n = w.count();
  const double t0 = w.observation().temperature;
  const double tau = w.theory().haffTau;
  int checked = 0;
  while (w.time() < 1.2) {
    ASSERT_EQ(w.advance(10000000), AdvanceStatus::Output);
    const Observation& o = w.observation();
    const double s = 2.0 * o.collisions / n;
    // The run is deterministic (the same on every platform, see the state hash below), so this is
    // no sampling lottery: measured within 1.8 % (count form) and 2.1 % (time form) over the 24
    // instants, drifting up slowly as the gas leaves the homogeneous state. 3 % (was 5 %, nearly
    // three times the worst deviation the physics leaves).
    EXPECT_NEAR(o.temperature / (t0 * std::exp(-(1 - r * r) * s / 2)), 1.0, 0.03) << "t = " << o.time << ", s = " << s;
    EXPECT_NEAR(o.temperature / (t0 / ((1 + o.time / tau) * (1 + o.time / tau))), 1.0, 0.03) << "t = " << o.time;
    ++checked;
  }
  EXPECT_GT(2.0 * w.observation().collisions / n, 15.0);
  EXPECT_LT(w.observation().temperature, 0.3 * t0);
  EXPECT_EQ(checked, 24);
}

struct Averages {
  double temperature = 0, pressure = 0, rate = 0;
};

Averages averageElastic(double nu, double from, double to) {
  World w(gas(2000, nu, 1.0, 5, ",\"output\":{\"interval\":0.05}"));
  Averages a;
  int k = 0;
  while (w.time() < to - 1e-12) {
    if (w.advance(10000000) != AdvanceStatus::Output || w.time() <= from) continue;
    a.temperature += w.observation().temperature;
    a.pressure += w.observation().wallPressure;
    a.rate += w.observation().collisionRate;
    ++k;
  }
  a.temperature /= k;
  a.pressure /= k;
  a.rate /= k;
  return a;
}

class ElasticGas : public ::testing::TestWithParam<double> {};

TEST_P(ElasticGas, WallPressureFollowsTheHardDiscEquationOfStateAndCollisionsTheEnskogRate) {
  // P = n T (1 + 2 nu g(sigma)) with Henderson's g, and omega = 2 n sigma g sqrt(pi T / m).
  const double nu = GetParam();
  const Averages a = averageElastic(nu, 0.5, 2.5);
  World w(gas(2000, nu, 1.0, 5));
  const Theory& th = w.theory();
  const double g = (1 - 7 * nu / 16) / ((1 - nu) * (1 - nu));
  EXPECT_NEAR(th.contactValue, g, 1e-12);
  const double pressure = th.numberDensity * a.temperature * (1 + 2 * nu * g);
  EXPECT_NEAR(a.pressure / pressure, 1.0, 0.03);
  const double omega = 2 * th.numberDensity * th.meanDiameter * g * std::sqrt(3.141592653589793 * a.temperature / th.meanMass);
  EXPECT_NEAR(a.rate / omega, 1.0, 0.02);
}

INSTANTIATE_TEST_SUITE_P(AreaFractions, ElasticGas, ::testing::Values(0.1, 0.3));

TEST(EventEngine, ElasticGasRelaxesToTheMaxwellDistribution) {
  // All discs start at the same speed: <v^4>/<v^2>^2 = 1. The 2D Maxwell (Rayleigh) distribution has
  // <v^4>/<v^2>^2 = 2, and its histogram f(v) = (m v / T) exp(-m v^2 / (2 T)).
  World w(preset("gas-elastic.json"));
  ASSERT_TRUE(w.ok());
  auto ratio = [&] {
    double v2 = 0, v4 = 0;
    for (int i = 0; i < w.count(); ++i) {
      const double s = w.velocities()(0, i) * w.velocities()(0, i) + w.velocities()(1, i) * w.velocities()(1, i);
      v2 += s;
      v4 += s * s;
    }
    v2 /= w.count();
    v4 /= w.count();
    return v4 / (v2 * v2);
  };
  EXPECT_NEAR(ratio(), 1.0, 1e-12);
  w.runUntil(0.5);
  double sum = 0;
  std::vector<double> hist(static_cast<std::size_t>(w.model().histogramBins), 0.0);
  int samples = 0;
  while (w.time() < 2.5) {
    ASSERT_EQ(w.advance(10000000), AdvanceStatus::Output);
    sum += ratio();
    for (std::size_t b = 0; b < hist.size(); ++b) hist[b] += w.histogram()[b];
    ++samples;
  }
  EXPECT_NEAR(sum / samples, 2.0, 0.08);
  // The time-averaged histogram against the Maxwell density (all discs have the same mass).
  const double m = w.model().mass(0), temperature = w.observation().temperature, width = w.histogramMax() / static_cast<double>(hist.size());
  double l1 = 0;
  for (std::size_t b = 0; b < hist.size(); ++b) {
    const double v = (static_cast<double>(b) + 0.5) * width;
    const double f = m * v / temperature * std::exp(-m * v * v / (2 * temperature));
    l1 += std::fabs(hist[b] / samples - f) * width;
  }
  EXPECT_LT(l1, 0.05);  // total variation distance between histogram and Maxwell
}

// ---- inelastic collapse ---------------------------------------------------------------------

std::string fourInARow(const std::string& collapseModel) {
  // REFERENCE section 1: a row of four equal discs (diameter 1, gaps 1), the first at v0 = 1,
  // collapses for e below about 0.1716. Walls far away.
  return R"({"schema":1,"domain":{"box":{"width":40,"height":4}},"discs":[)"
         R"({"x":10,"y":2,"vx":1,"radius":0.5,"mass":1},{"x":12,"y":2,"radius":0.5,"mass":1},)"
         R"({"x":14,"y":2,"radius":0.5,"mass":1},{"x":16,"y":2,"radius":0.5,"mass":1}],)"
         R"("restitution":0.1,"collapse":{"model":")" +
         collapseModel + R"("},"output":{"interval":1,"duration":20}})";
}

TEST(EventEngine, CollapsingRowEndsMovingTogetherAtAQuarterOfV0) {
  // Without a remedy the row collapses: ever shorter intervals until, in double precision, the
  // relative velocities vanish; the run must end (never hang) with all velocities at v0 / 4.
  World w(fourInARow("none"));
  ASSERT_TRUE(w.ok());
  AdvanceStatus s = AdvanceStatus::Output;
  for (int calls = 0; calls < 1000 && s != AdvanceStatus::Stopped && s != AdvanceStatus::Finished; ++calls) s = w.advance(1000000);
  ASSERT_TRUE(s == AdvanceStatus::Finished || s == AdvanceStatus::Stopped) << w.message();
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(w.velocities()(0, i), 0.25, 1e-9);
  EXPECT_GT(w.observation().collisions, 100);  // far beyond the 6 collisions of e > 0.27
}

TEST(EventEngine, InelasticCollapseOfADenseGasIsDetectedAndStopsTheRun) {
  std::string json = preset("gas-dense-collapse.json");
  const std::string tc = R"("collapse": { "model": "tc", "tc": 1e-5 })";
  ASSERT_NE(json.find(tc), std::string::npos);
  json.replace(json.find(tc), tc.size(), R"("collapse": { "model": "none" })");
  World w(json);
  ASSERT_TRUE(w.ok());
  AdvanceStatus s = AdvanceStatus::Output;
  for (int calls = 0; calls < 10000 && s != AdvanceStatus::Stopped && s != AdvanceStatus::Finished; ++calls) s = w.advance(1000000);
  ASSERT_EQ(s, AdvanceStatus::Stopped);
  EXPECT_NE(w.message().find("inelastic collapse at t = "), std::string::npos) << w.message();
  EXPECT_NE(w.message().find("TC model"), std::string::npos) << w.message();
  EXPECT_EQ(w.advance(1000000), AdvanceStatus::Stopped);  // stays stopped, no further work
  EXPECT_LT(w.time(), 0.2);
}

TEST(EventEngine, TheTcModelCarriesTheCollapsingRowThrough) {
  World w(fourInARow("tc"));
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(w.runUntil(20.0), AdvanceStatus::Output);
  EXPECT_DOUBLE_EQ(w.time(), 20.0);
  EXPECT_GT(w.stats().elasticByTC, 0);
  // Momentum along x is conserved until the first disc reaches a wall (x = 40 - 0.5 at t > 20).
  double px = 0;
  for (int i = 0; i < 4; ++i) px += w.velocities()(0, i);
  EXPECT_NEAR(px, 1.0, 1e-12);
}

TEST(EventEngine, DenseVeryInelasticGasRunsWithTheTcModel) {
  World w(preset("gas-dense-collapse.json"));
  ASSERT_TRUE(w.ok());
  const double e0 = w.observation().kineticEnergy;
  EXPECT_EQ(w.runUntil(0.2), AdvanceStatus::Output);
  EXPECT_NEAR(w.time(), 0.2, 1e-12);
  EXPECT_LT(w.observation().kineticEnergy, 0.5 * e0);
  EXPECT_NEAR(w.observation().kineticEnergy + w.observation().energyDissipated, e0, 1e-10 * e0);
  EXPECT_LE(testing::deepestOverlap(w.model(), w.state(), w.time()), 1e-9);
}

// ---- walls ----------------------------------------------------------------------------------

TEST(EventEngine, DiscHitsTheReflexCornerOfAnLShapedRoom) {
  // From the lower-left square of the L, a disc aimed at the inner corner (0.5, 0.5) touches the end
  // point shared by two walls: at t = 0.2 - R / sqrt 2, then comes straight back.
  const std::string json =
      R"({"schema":1,"domain":{"polygon":[[0,0],[1.2,0],[1.2,0.5],[0.5,0.5],[0.5,1.2],[0,1.2]]},)"
      R"("discs":[{"x":0.3,"y":0.3,"vx":1,"vy":1,"radius":0.05,"mass":1}],"restitution":1,"output":{"interval":0.1}})";
  Model m;
  State s;
  build(json, m, s);
  EventEngine e(m, s);
  std::vector<EventRecord> log;
  e.setLog(&log);
  e.advanceTo(0.25, kUnlimited);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_NEAR(log[0].time, 0.2 - 0.05 / std::sqrt(2.0), 1e-15);
  EXPECT_TRUE(log[0].j == -3 || log[0].j == -4);  // wall 2 or 3: both end at the corner
  EXPECT_NEAR(s.vel(0, 0), -1.0, 1e-15);
  EXPECT_NEAR(s.vel(1, 0), -1.0, 1e-15);
}

TEST(EventEngine, PolydisperseGasStaysInsideAPolygon) {
  World w(preset("gas-polygon.json"));
  ASSERT_TRUE(w.ok());
  const std::vector<double> poly = domainPolygon(w.spec());
  while (w.time() < 3.0) {
    ASSERT_EQ(w.advance(10000000), AdvanceStatus::Output);
    for (int i = 0; i < w.count(); ++i) ASSERT_TRUE(insidePolygon(poly, w.positions()(0, i), w.positions()(1, i)));
    ASSERT_LE(testing::deepestWallPenetration(w.model(), w.state(), w.time()), 1e-9);
    ASSERT_LE(testing::deepestOverlap(w.model(), w.state(), w.time()), 1e-9);
  }
  EXPECT_GT(w.observation().wallHits, 100);
}

TEST(EventEngine, TwoDiscsHeadOnConserveMomentumAndRestitute) {
  World w(preset("two-discs.json"));
  ASSERT_TRUE(w.ok());
  // Gap 1 - 0.15 = 0.85 m closing at 2 m/s: contact at 0.425 s.
  w.runUntil(0.5);
  ASSERT_EQ(w.observation().collisions, 1);
  const double m1 = 4, m2 = 1, u1 = 1, u2 = -1, r = 0.8;
  const double v1 = (m1 * u1 + m2 * u2 - m2 * r * (u1 - u2)) / (m1 + m2);
  const double v2 = (m1 * u1 + m2 * u2 + m1 * r * (u1 - u2)) / (m1 + m2);
  EXPECT_NEAR(w.velocities()(0, 0), v1, 1e-15);
  EXPECT_NEAR(w.velocities()(0, 1), v2, 1e-15);
  // Positions exact at the output instant t = 0.5: each disc moved from contact at 0.425 s.
  const double xc1 = 0.5 + 0.425, xc2 = 1.5 - 0.425;
  EXPECT_NEAR(w.positions()(0, 0), xc1 + v1 * 0.075, 1e-14);
  EXPECT_NEAR(w.positions()(0, 1), xc2 + v2 * 0.075, 1e-14);
}

// ---- determinism ----------------------------------------------------------------------------

TEST(EventEngine, TrajectoryDoesNotDependOnOutputIntervalOrEventBudget) {
  const std::string fine = gas(300, 0.2, 0.9, 8, ",\"output\":{\"interval\":0.01}");
  const std::string coarse = gas(300, 0.2, 0.9, 8, ",\"output\":{\"interval\":0.25}");
  World a(fine), b(coarse), c(coarse);
  a.runUntil(1.0);
  b.runUntil(1.0);
  while (c.time() < 1.0) c.advance(17);  // tiny slices of 17 events
  EXPECT_EQ(a.hashHex(), b.hashHex());
  EXPECT_EQ(b.hashHex(), c.hashHex());
  World d(coarse);
  d.runUntil(1.0);
  EXPECT_EQ(b.hashHex(), d.hashHex());
}

TEST(EventEngine, StateHashOfTheDefaultScenarioIsStable) {
  // A golden value: it changes only if the physics or the generator changes (update it knowingly;
  // the WASM build must give the same value: tests/wasm/world.test.ts).
  World w(preset("gas-cooling.json"));
  w.runUntil(1.0);
  EXPECT_EQ(w.hashHex(), "a399ef233a3e5589");
}

// ---- the per-collision log (World::enableEventLog) ------------------------------------------

TEST(EventLog, RecordsWithoutChangingTheRun) {
  // the log only records: the state hash at every output instant is the same with it on or off
  World plain(preset("gas-cooling.json"));
  World logged(preset("gas-cooling.json"));
  ASSERT_TRUE(plain.ok());
  logged.enableEventLog(300);
  for (int k = 0; k < 10; ++k) {
    plain.advance(kUnlimited);
    logged.advance(kUnlimited);
    ASSERT_EQ(plain.hashHex(), logged.hashHex()) << "output " << k;
  }
  const auto& s = logged.stats();
  EXPECT_EQ(logged.eventsLogged(), s.collisions + s.wallHits);
  // bounded: the last 300 collisions, in time order, numbered on from the dropped ones
  ASSERT_GT(logged.eventsLogged(), 300);
  std::vector<LoggedCollision> out;
  const std::int64_t first = logged.eventLog(0, out);
  ASSERT_EQ(out.size(), 300u);
  EXPECT_EQ(first, logged.eventsLogged() - 300);
  for (std::size_t k = 1; k < out.size(); ++k) ASSERT_LE(out[k - 1].time, out[k].time);
  for (const LoggedCollision& c : out) {
    ASSERT_GE(c.i, 0);
    ASSERT_LT(c.i, logged.count());
    if (c.j >= 0) ASSERT_LT(c.i, c.j);
    else ASSERT_LT(-(c.j + 1), 4);  // the box's four walls
  }
  // from a later number: only what follows
  std::vector<LoggedCollision> tail;
  EXPECT_EQ(logged.eventLog(logged.eventsLogged() - 3, tail), logged.eventsLogged() - 3);
  ASSERT_EQ(tail.size(), 3u);
  EXPECT_EQ(tail[2].time, out.back().time);
  // off again: nothing held
  logged.enableEventLog(0);
  std::vector<LoggedCollision> none;
  logged.eventLog(0, none);
  EXPECT_TRUE(none.empty());
}

TEST(EventLog, MatchesTheEngineLogOfTheFirstCollisions) {
  // the World's log holds the engine's own records (scenario numbering) in order: the same model run
  // by an EventEngine of its own, stopped at the same output instants, logs the same collisions
  World w(preset("gas-cooling.json"));
  w.enableEventLog(1u << 20);
  w.runUntil(0.05);
  std::vector<LoggedCollision> out;
  w.eventLog(0, out);
  ASSERT_EQ(static_cast<std::int64_t>(out.size()), w.eventsLogged());
  ASSERT_GT(out.size(), 10u);
  EXPECT_GT(out.front().time, 0.0);
  EXPECT_LE(out.back().time, w.time());  // the output instant runUntil stopped at
  Model m;
  State s;
  build(preset("gas-cooling.json"), m, s);
  EventEngine engine(m, s);
  std::vector<EventRecord> log;
  engine.setLog(&log);
  for (std::int64_t k = 1; k <= w.outputIndex(); ++k)
    ASSERT_EQ(engine.advanceTo(static_cast<double>(k) * m.outputInterval, kUnlimited), StepResult::Reached) << k;
  ASSERT_EQ(log.size(), out.size());
  for (std::size_t k = 0; k < out.size(); ++k) {
    ASSERT_EQ(out[k].i, log[k].i) << "collision " << k;
    ASSERT_EQ(out[k].j, log[k].j) << "collision " << k;
    ASSERT_EQ(out[k].time, log[k].time) << "collision " << k;  // bit for bit: the same run
  }
}

}  // namespace
}  // namespace granular
