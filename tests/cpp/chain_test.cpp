// The four-sphere chain (issue 4, ARGESIM C12): exact final velocities, the closed forms of the
// 6-collision regime, momentum, inelastic collapse, extended precision, Newton, Monte Carlo.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "engines/chain/chain.hpp"

using namespace granular::chain;

TEST(Chain, ElasticRowPassesTheVelocityOnExactly) {
  const Result r = simulate(standardSetup(1.0));
  ASSERT_EQ(r.finalVelocity.size(), 4u);
  EXPECT_EQ(r.finalVelocity[0], 0.0);
  EXPECT_EQ(r.finalVelocity[1], 0.0);
  EXPECT_EQ(r.finalVelocity[2], 0.0);
  EXPECT_EQ(r.finalVelocity[3], 1.0);
  EXPECT_EQ(r.collisions, 3);
}

TEST(Chain, AtE018AllFourLeaveAtAQuarter) {
  const Result r = simulate(standardSetup(0.18));
  EXPECT_FALSE(r.collapsed);
  // REFERENCE §1 prints 0.250000 to six decimals: |v - 0.25| < 5e-7 (measured at most 1.9e-7)
  for (double v : r.finalVelocity) EXPECT_NEAR(v, 0.25, 5e-7);
}

TEST(Chain, SixCollisionRegimeFollowsTheClosedForms) {
  for (double e : {0.28, 0.4, 0.5874, 0.75, 0.9, 0.99}) {
    const Result r = simulate(standardSetup(e));
    ASSERT_EQ(r.collisions, 6) << e;
    const int order[6] = {0, 1, 2, 0, 1, 0};
    for (int k = 0; k < 6; ++k) EXPECT_EQ(r.log[static_cast<std::size_t>(k)].pair, order[k]) << e;
    const double p = (1 + e) / 2;
    EXPECT_NEAR(r.finalVelocity[3], p * p * p, 1e-12 * p * p * p) << e;
    double momentum = 0;
    for (double v : r.finalVelocity) momentum += v;
    EXPECT_NEAR(momentum, 1.0, 1e-14) << e;
  }
}

TEST(Chain, MomentumIsConservedAtEveryCollision) {
  const Result r = simulate(standardSetup(0.3));
  for (const Collision& c : r.log) {
    double momentum = 0;
    for (double v : c.velocity) momentum += v;
    EXPECT_NEAR(momentum, 1.0, 1e-14);
  }
}

TEST(Chain, InelasticCollapseTerminatesWithTheCommonVelocity) {
  const Result r = simulate(standardSetup(0.1));
  EXPECT_TRUE(r.collapsed);
  EXPECT_FALSE(r.truncated);
  EXPECT_NE(r.message.find("inelastic collapse at t = "), std::string::npos) << r.message;
  for (double v : r.finalVelocity) EXPECT_NEAR(v, 0.25, 1e-9);
}

TEST(Chain, ExtendedPrecisionCounts1263CollisionsNearTheCriticalRestitution) {
  const Result r = simulate(standardSetup(0.1715763, 4, true));
  EXPECT_EQ(r.precision, "double-double");
  EXPECT_FALSE(r.collapsed);
  EXPECT_EQ(r.collisions, 1263);
}

TEST(Chain, NewtonFindsTheBoundaryValueRestitution) {
  const NewtonResult n = solveRestitution(0.5, 0.3, 0.95);
  EXPECT_TRUE(n.converged);
  // the solver stops at a residual of 1e-13 (the slope of v4 near e* is about 0.85): measured
  // 2.2e-16 from 4^(1/3) - 1; 1e-12
  EXPECT_NEAR(n.e, std::cbrt(4.0) - 1, 1e-12);
  EXPECT_LT(n.steps.size(), 20u);
}

TEST(Chain, MonteCarloMatchesTheExactMomentsAndIsReproducible) {
  const MonteCarlo a = monteCarlo(1000, 0.5, 0.05, 42);
  EXPECT_NEAR(a.mean, 0.42328125, 0.004);
  EXPECT_NEAR(a.sd, 0.0422812, 0.003);
  // The 95 % interval of the mean is mean -+ z sd / sqrt(n), z = Phi^-1(0.975), found here from erfc
  // by bisection (0.5 erfc(z / sqrt 2) = 0.025). The published interval (0.422337, 0.427459) around
  // 0.424898 with sd 0.041321, n = 1000, has that half-width to its six decimals. (It cannot tell
  // z = 1.96 from 1.959964: they differ by 5e-8 there.) The engine's must be it to round-off.
  double zlo = 1.9, zhi = 2.0;
  for (int k = 0; k < 100; ++k) {
    const double mid = 0.5 * (zlo + zhi);
    if (0.5 * std::erfc(mid / std::sqrt(2.0)) > 0.025) zlo = mid;
    else zhi = mid;
  }
  const double z = 0.5 * (zlo + zhi);
  EXPECT_NEAR(0.424898 - z * 0.041321 / std::sqrt(1000.0), 0.422337, 5e-7);
  EXPECT_NEAR(0.424898 + z * 0.041321 / std::sqrt(1000.0), 0.427459, 5e-7);
  const double half = z * a.sd / std::sqrt(1000.0);
  EXPECT_NEAR(a.mean - a.ciLow, half, 1e-12 * half);
  EXPECT_NEAR(a.ciHigh - a.mean, half, 1e-12 * half);
  const MonteCarlo b = monteCarlo(1000, 0.5, 0.05, 42);
  EXPECT_EQ(a.mean, b.mean);
  EXPECT_EQ(a.sd, b.sd);
  // In chunks (the page's progress bar): the same samples, the same summary bit for bit.
  std::vector<double> chunks;
  for (int from = 0; from < 1000; from += 300) {
    const std::vector<double> part = monteCarloValues(1000, 0.5, 0.05, 42, from, from + 300);
    chunks.insert(chunks.end(), part.begin(), part.end());
  }
  EXPECT_EQ(chunks, a.samples);
  EXPECT_EQ(summarize(chunks).mean, a.mean);
}

TEST(Chain, MonteCarloKeepsEverySamplesRestitution) {
  // the page's sample CSV lists e beside v4: each e is the draw that gave that v4
  const MonteCarlo a = monteCarlo(500, 0.5, 0.2, 3);
  ASSERT_EQ(a.restitution.size(), a.samples.size());
  for (std::size_t k = 0; k < a.samples.size(); ++k) {
    EXPECT_GE(a.restitution[k], 0.0);
    EXPECT_LE(a.restitution[k], 1.0);
    EXPECT_EQ(lastVelocity(a.restitution[k]), a.samples[k]);
  }
  std::vector<double> e;
  const std::vector<double> part = monteCarloValues(500, 0.5, 0.2, 3, 100, 250, &e);
  ASSERT_EQ(e.size(), part.size());
  EXPECT_EQ(e, std::vector<double>(a.restitution.begin() + 100, a.restitution.begin() + 250));
  // the JSON answers carry them too
  EXPECT_NE(monteCarloJson(10, 0.5, 0.05, 1).find("\"restitution\":["), std::string::npos);
  EXPECT_NE(monteCarloRangeJson(10, 0.5, 0.05, 1, 2, 5).find("\"restitution\":["), std::string::npos);
}

TEST(Chain, BadSetUpsAreNamed) {
  granular::chain::Setup s = standardSetup(0.5);
  s.restitution[1] = 1.5;
  EXPECT_EQ(simulate(s).message, "restitution[1] = 1.5: must be in [0, 1]");
  s = standardSetup(0.5);
  s.position[2] = 2.5;
  EXPECT_NE(simulate(s).message.find("overlaps"), std::string::npos);
}

TEST(Chain, GapFormulationKeepsDoublePrecisionExactNearTheCriticalRestitution) {
  // REFERENCE §1 says double precision cannot count the 1263 collisions at e = 0.1715763: true
  // when gaps are differences of positions (they drown in rounding). This engine keeps gaps and
  // relative velocities as numbers of their own, so even doubles keep their relative precision;
  // both precisions agree with the exact count.
  EXPECT_EQ(simulate(standardSetup(0.1715763)).collisions, 1263);
  EXPECT_EQ(simulate(standardSetup(0.2)).collisions, simulate(standardSetup(0.2, 4, true)).collisions);
}

TEST(Chain, CountsGrowTowardsTheCriticalRestitutionWithoutPrematureCollapse) {
  // Above e_c = 3 - 2 sqrt 2 = 0.171572875... the sequence is finite; its length grows like
  // C / sqrt(e - e_c) (REFERENCE §1, which gives no C). Rescaling the gaps keeps underflow from
  // cutting it short; both precisions agree.
  const double ec = 3 - 2 * std::sqrt(2.0);
  std::int64_t previous = 0;
  double lowest = INFINITY, highest = 0;
  for (double e : {0.1716, 0.17158, 0.1715735, 0.17157296}) {
    const Result d = simulate(standardSetup(e)), x = simulate(standardSetup(e, 4, true));
    EXPECT_FALSE(d.collapsed) << e;
    EXPECT_EQ(d.collisions, x.collisions) << e;
    EXPECT_GT(d.collisions, previous) << e;
    previous = d.collisions;
    // so close to e_c every velocity ends at v0 / 4 to round-off (measured at most 2.2e-16)
    for (double v : d.finalVelocity) EXPECT_NEAR(v, 0.25, 1e-12) << e;
    const double c = static_cast<double>(d.collisions) * std::sqrt(e - ec);
    lowest = std::min(lowest, c);
    highest = std::max(highest, c);
  }
  EXPECT_GT(previous, 5000);
  // n sqrt(e - e_c) is the same constant at every e (measured 2.354, 2.341, 2.329, 2.325: 1.3 %
  // apart, the next order of the expansion): within 3 %, while e - e_c spans a factor 310, so
  // n ~ (e - e_c)^-p with p off 1/2 by 0.005 already fails, and so does a wrong e_c.
  EXPECT_LT(highest / lowest, 1.03) << lowest << " .. " << highest;
}

TEST(Chain, NewtonReportsABracketWithoutARoot) {
  const NewtonResult n = solveRestitution(0.5, 0.9, 0.95);
  EXPECT_FALSE(n.converged);
  EXPECT_EQ(n.steps.size(), 2u);
}

// v4 = 1 exactly at e = 1 (elastic: sphere 4 leaves at v0): with the bracket [0.5, 1] its upper end
// is the root, and is returned as such (it used to be bisected towards for 50 steps, ending at
// 0.99999999999994).
TEST(Chain, NewtonReturnsABracketEndThatIsTheRoot) {
  const NewtonResult n = solveRestitution(1.0, 0.5, 1.0);
  EXPECT_TRUE(n.converged);
  EXPECT_EQ(n.e, 1.0);
  ASSERT_EQ(n.steps.size(), 1u);
  EXPECT_EQ(n.steps[0].residual, 0.0);
  const NewtonResult low = solveRestitution(lastVelocity(0.5), 0.5, 0.9);
  EXPECT_TRUE(low.converged);
  EXPECT_EQ(low.e, 0.5);
}

TEST(Chain, GeneralSetUpFromJsonWithNamedProblems) {
  // Unequal masses, touching spheres: a heavy sphere hits a light one elastically.
  const std::string out = runSetupJson(R"({"spheres": 2, "mass": [3, 1], "gap": 0.5, "velocity": [1, 0], "restitution": 1})");
  EXPECT_NE(out.find("\"finalVelocity\":[0.5,1.5]"), std::string::npos) << out;
  // Newton's cradle, touching: simultaneous contacts resolved pair by pair, smaller index first.
  const std::string cradle = runSetupJson(R"({"spheres": 3, "gap": [0, 0], "velocity": [1, 0, 0], "restitution": 1})");
  EXPECT_NE(cradle.find("\"finalVelocity\":[0,0,1]"), std::string::npos) << cradle;
  EXPECT_NE(runSetupJson(R"({"mass": [1, 1, -1, 1]})").find("mass[2] = -1: must be > 0"), std::string::npos);
  EXPECT_NE(runSetupJson(R"({"gap": [1, -0.5, 1]})").find("gap[1] = -0.5: must be >= 0 m"), std::string::npos);
  EXPECT_NE(runSetupJson(R"({"restitution": [1, 2]})").find("restitution = [1,2]: must be a number or an array of 3 numbers"),
            std::string::npos);
  EXPECT_NE(runSetupJson(R"({"spheres": 1e9})").find("spheres = 1000000000: must be an integer"), std::string::npos);
}

TEST(Chain, ThreeSpheresCollapseBelowSevenMinusFourRootThree) {
  // Three equal spheres collapse for e below 7 - 4 sqrt 3 = 0.07179677 (Constantin, Grossman & Mungan
  // 1995), the value the page names for N = 3: just below it the standard row collapses after tens
  // of thousands of collisions, just above it the collisions end (extended precision).
  const double ec = 7 - 4 * std::sqrt(3.0);
  const Result below = simulate(standardSetup(ec - 1e-7, 3, true));
  const Result above = simulate(standardSetup(ec + 1e-7, 3, true));
  EXPECT_TRUE(below.collapsed);
  EXPECT_GT(below.collisions, 10000);
  EXPECT_FALSE(above.collapsed);
  EXPECT_FALSE(above.truncated);
  EXPECT_GT(above.collisions, 1000);  // near e_c the count grows without bound
  EXPECT_TRUE(simulate(standardSetup(0.05, 3)).collapsed);
  EXPECT_FALSE(simulate(standardSetup(0.08, 3)).collapsed);
}

TEST(Chain, FourSpheresCollapseBelowThreeMinusTwoRootTwoAndCollideSixTimesFromTwoMinusRootThree) {
  // The same for the standard row of four (REFERENCE §1): just below e_c = 3 - 2 sqrt 2 it collapses
  // (measured after 94,621 collisions), just above it the collisions end (extended precision; about
  // 2.33 / sqrt(1e-7) = 7,400 of them by the law checked above).
  const double ec = 3 - 2 * std::sqrt(2.0);
  const Result below = simulate(standardSetup(ec - 1e-7, 4, true));
  const Result above = simulate(standardSetup(ec + 1e-7, 4, true));
  EXPECT_TRUE(below.collapsed);
  EXPECT_GT(below.collisions, 10000);
  for (double v : below.finalVelocity) EXPECT_NEAR(v, 0.25, 1e-12);
  EXPECT_FALSE(above.collapsed);
  EXPECT_FALSE(above.truncated);
  EXPECT_GT(above.collisions, 5000);
  // Exactly six collisions for 2 - sqrt 3 <= e < 1, more below (measured 10 at 2 - sqrt 3 - 1e-6).
  const double six = 2 - std::sqrt(3.0);
  const Result justBelow = simulate(standardSetup(six - 1e-6)), justAbove = simulate(standardSetup(six + 1e-6));
  EXPECT_FALSE(justBelow.collapsed);
  EXPECT_GT(justBelow.collisions, 6);
  EXPECT_EQ(justAbove.collisions, 6);
}

TEST(Chain, ASetUpRunStopsAtItsCollisionBudget) {
  // 499 spheres at e = 0.5 take 4.9 million collisions (the fuzzer's harness runs with a budget of
  // 20 000); a run cut short says so and how far it got.
  const std::string cut = runSetupJson(R"({"spheres": 20})", 16, 1000);
  EXPECT_NE(cut.find("\"collisions\":1000,"), std::string::npos) << cut.substr(0, 300);
  EXPECT_NE(cut.find("\"truncated\":true"), std::string::npos);
  EXPECT_NE(cut.find("stopped after 1000 collisions without an end"), std::string::npos);
  // with the default budget the same row ends by itself
  const std::string whole = runSetupJson(R"({"spheres": 20})", 16);
  EXPECT_NE(whole.find("\"truncated\":false"), std::string::npos);
  EXPECT_EQ(whole.find("\"collisions\":1000,"), std::string::npos);
}

// A collapse merges only the spheres that collapse. At e = 0 spheres 1-3 collapse at t = 3 s (1
// reaches 2 at t = 1 s, the pair, at 1/2, reaches 3 at t = 1 + 1 / (1/2) = 3 s) while sphere 4
// rests 1 m ahead; it used to take the row's common velocity at once. Now it rests until the group,
// moving at v0 / 3, closes the 1 m gap: struck at t = 3 + 3 = 6 s, and all four end at v0 / 4.
TEST(Chain, ACollapseMergesOnlyTheGroupThatCollapses) {
  const Result r = simulate(standardSetup(0.0));
  EXPECT_TRUE(r.collapsed);
  EXPECT_NE(r.message.find("spheres 1-3 move together at 0.333333"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("again at t = 6 s after"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find(": the spheres move together at 0.25 m/s"), std::string::npos) << r.message;
  // At t = 6 s the group 1-3 strikes sphere 4 while still touching it; the engine merges 1-3 again
  // (at 0.277778 m/s) before all four, at the same instant: one collapse is reported for t = 6 s.
  EXPECT_EQ(r.message.find("0.277778"), std::string::npos) << r.message;
  EXPECT_EQ(r.message.find("again", r.message.find("again") + 1), std::string::npos) << r.message;
  for (double v : r.finalVelocity) EXPECT_NEAR(v, 0.25, 1e-12);
  // sphere 4 is at rest in every logged collision before t = 6 s, and first moves at t = 6 s
  double firstMoved = -1;
  for (const Collision& c : r.log) {
    if (c.velocity[3] != 0 && firstMoved < 0) firstMoved = c.time;
    if (c.time < 6 - 1e-9) {
      EXPECT_EQ(c.velocity[3], 0.0) << "t = " << c.time;
    }
  }
  EXPECT_NEAR(firstMoved, 6.0, 1e-9);
  // every merge is in the log, with its group and the velocities it leaves: 1-3 at t = 3 s, and
  // at t = 6 s 1-3 again and then all four
  std::vector<const Collision*> merges;
  for (const Collision& c : r.log)
    if (c.merge()) merges.push_back(&c);
  ASSERT_EQ(merges.size(), 3u);
  EXPECT_EQ(merges[0]->time, 3.0);
  EXPECT_EQ(merges[0]->mergeFirst, 0);
  EXPECT_EQ(merges[0]->mergeLast, 2);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(merges[0]->velocity[i], 1.0 / 3.0, 1e-15);
  EXPECT_EQ(merges[0]->velocity[3], 0.0);
  EXPECT_EQ(merges[2]->time, 6.0);
  EXPECT_EQ(merges[2]->mergeFirst, 0);
  EXPECT_EQ(merges[2]->mergeLast, 3);
  for (double v : merges[2]->velocity) EXPECT_NEAR(v, 0.25, 1e-15);
  EXPECT_EQ(static_cast<std::int64_t>(r.log.size()) - 3, r.collisions);  // the rest are the collisions
  const std::string json = runJson(0.0, 4, false, 2000);
  EXPECT_NE(json.find("\"pair\":-1,\"merge\":[0,3]"), std::string::npos);
  EXPECT_NEAR(r.endTime, 6.0, 1e-9);
  EXPECT_NEAR(r.finalPosition[3], 6.0, 1e-9);  // sphere 4 has not moved yet when it is struck
}

// Twenty spheres at e = 0.5: the collapsing group is the front of the row; the spheres beyond it
// are struck in turn and the run conserves momentum to the end.
TEST(Chain, AfterACollapseTheRestOfTheRowIsStruckInTurn) {
  const Result r = simulate(standardSetup(0.5, 20));
  EXPECT_TRUE(r.collapsed);
  EXPECT_FALSE(r.truncated);
  double momentum = 0;
  for (double v : r.finalVelocity) momentum += v;
  EXPECT_NEAR(momentum, 1.0, 1e-12);
  // nobody approaches its neighbour at the end
  for (std::size_t k = 0; k + 1 < r.finalVelocity.size(); ++k) EXPECT_GE(r.finalVelocity[k + 1] - r.finalVelocity[k], -1e-12) << k;
  // the last sphere rests until its pair collides (it used to get the row's common 0.05 m/s at the
  // first collapse without ever being touched)
  std::int64_t logged = 0;
  for (const Collision& c : r.log) logged += c.merge() ? 0 : 1;
  ASSERT_EQ(logged, r.collisions) << "the whole log is needed here";
  // one report per instant: the merges at t = 62.6942 s (1-10, then 1-11) read as one
  EXPECT_EQ(r.message.find("spheres 1-10 move together at 0.0915145"), std::string::npos) << r.message;
  bool struck = false;
  for (const Collision& c : r.log) {
    if (c.merge()) continue;
    if (c.pair == 18) struck = true;
    if (!struck) {
      EXPECT_EQ(c.velocity[19], 0.0) << "t = " << c.time;
    }
  }
  EXPECT_TRUE(struck);
}
