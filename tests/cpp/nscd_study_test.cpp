// The aspect-ratio study of issue 5 §3 (core/src/engines/nscd/study.cpp) on small inputs: the
// set-up constraints for every a, the log-log fitter and the verdict on synthetic data, and one tiny
// column that must spread and stop. The full study is `granular-cli avalanche-study`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "engines/nscd/study.hpp"

using namespace granular::nscd;

TEST(NscdStudy, EveryAspectRatioGetsAColumnAtLeast30HighAnd10Wide) {
  const StudyParams p;
  const double d = p.rmin + p.rmax;
  for (double a : {0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 8.0, 16.0}) {
    const AspectSetup s = aspectSetup(a, p);
    EXPECT_GE(s.heightGrains, 30 - 1e-9) << "a = " << a;
    EXPECT_GE(s.widthGrains, 10 - 1e-9) << "a = " << a;
    EXPECT_NEAR(s.height / s.width, a, 1e-12 * a);
    EXPECT_NEAR(s.width, s.widthGrains * d, 1e-12);
    EXPECT_GT(s.fillHeight, s.height) << "the lattice must be taller than the trimmed column";
    EXPECT_GT(s.column.floorLength, s.width + 2 * (s.width + s.height));
    EXPECT_TRUE(s.column.gateAtWidth);
    EXPECT_DOUBLE_EQ(s.column.mu, p.mu);  // nothing depends on a except the geometry
    EXPECT_DOUBLE_EQ(s.column.h, p.h);
  }
  // The two constraints are both active somewhere: 30 high for a = 1 (30 wide), 10 wide for a = 8.
  EXPECT_NEAR(aspectSetup(1, p).widthGrains, 30, 1e-12);
  EXPECT_NEAR(aspectSetup(8, p).heightGrains, 80, 1e-12);
}

TEST(NscdStudy, LogLogFitRecoversAKnownExponent) {
  std::vector<double> x, y;
  for (double a : {0.5, 0.7, 1.0, 1.3}) {
    x.push_back(a);
    y.push_back(1.9 * std::pow(a, 2.0 / 3.0));
  }
  const SlopeFit f = fitLogLog(x, y);
  ASSERT_TRUE(f.ok);
  EXPECT_EQ(f.points, 4);
  EXPECT_NEAR(f.slope, 2.0 / 3.0, 1e-12);
  EXPECT_NEAR(f.intercept, 1.9, 1e-12);
  // Scatter of a factor exp(+-0.05) about y = 1.2 x: the least-squares slope moves by
  // sum (u_k - mean u) d_k / sum (u_k - mean u)^2 with u = ln x = (0, 1, 2, 3) ln 2 and d = 0.05 (+1,
  // -1, +1, -1): 0.05 ln 2 (-1.5 - 0.5 + 0.5 - 1.5) / (5 ln^2 2) = -0.02 / ln 2. Exactly that, not
  // "near 1 within 0.05" (which a fit ignoring the scatter, or off by 0.02, would pass).
  const SlopeFit g = fitLogLog({1, 2, 4, 8}, {1.2 * std::exp(0.05), 2.4 * std::exp(-0.05), 4.8 * std::exp(0.05), 9.6 * std::exp(-0.05)});
  EXPECT_NEAR(g.slope, 1.0 - 0.02 / std::log(2.0), 1e-12);
  EXPECT_FALSE(fitLogLog({2}, {3}).ok);        // one point
  EXPECT_FALSE(fitLogLog({2, 2}, {3, 4}).ok);  // no spread in x
  EXPECT_EQ(fitLogLog({-1, 2, 4}, {1, 2, 4}).points, 2);  // non-positive values are skipped
}

namespace {
CollapseResult synthetic(double target, double aspect, double relative) {
  CollapseResult r;
  r.ok = true;
  r.aspectTarget = target;
  r.aspect = aspect;
  r.relativeRunout = relative;
  return r;
}
}  // namespace

TEST(NscdStudy, VerdictJudgesTheTwoSlopes) {
  std::vector<CollapseResult> published;
  for (double a : {0.5, 1.0, 2.0, 4.0, 8.0}) published.push_back(synthetic(a, a * 0.98, a < 3 ? 1.2 * a * 0.98 : 1.9 * std::cbrt(a * a * 0.98 * 0.98)));
  StudyVerdict v = judgeStudy(published);
  EXPECT_TRUE(v.pass) << v.reason;
  EXPECT_NEAR(v.small.slope, 1, 1e-9);
  EXPECT_NEAR(v.large.slope, 2.0 / 3.0, 1e-9);
  EXPECT_EQ(v.small.points, 2);  // a = 2 is in neither range

  // Linear all the way: the large-a slope is 1, outside 2/3 +- 0.12.
  std::vector<CollapseResult> linear;
  for (double a : {0.5, 1.0, 4.0, 8.0}) linear.push_back(synthetic(a, a, 1.2 * a));
  v = judgeStudy(linear);
  EXPECT_TRUE(v.smallPass);
  EXPECT_FALSE(v.largePass);
  EXPECT_FALSE(v.pass);

  // Two seeds per aspect ratio are averaged before the fit.
  std::vector<CollapseResult> seeds;
  for (double a : {0.5, 1.0, 4.0, 8.0}) {
    const double y = a < 3 ? 1.2 * a : 1.9 * std::cbrt(a * a);
    seeds.push_back(synthetic(a, a, y * 0.9));
    seeds.push_back(synthetic(a, a, y * 1.1));
  }
  v = judgeStudy(seeds);
  EXPECT_TRUE(v.pass) << v.reason;
  EXPECT_EQ(v.large.points, 2);

  // A failed case fails the study.
  seeds[3].ok = false;
  seeds[3].error = "the flow did not stop";
  EXPECT_FALSE(judgeStudy(seeds).pass);
  EXPECT_NE(studyVerdictJson(judgeStudy(seeds)).find("did not stop"), std::string::npos);
}

TEST(NscdStudy, RemovingGrainsAboveKeepsTheRestInOrder) {
  Column c;
  for (int k = 0; k < 5; ++k) c.system.addDisc(0, 0.01 + 0.02 * k, 0.01, 1.0);
  c.grains = 5;
  c.system.addDisc(1, 0, 0.01, 1.0, true);  // a floor disc stays whatever its height
  c.system.vel(0, 1) = 0.5;
  EXPECT_EQ(removeGrainsAbove(c, 0.065), 2);  // tops at 0.02, 0.04, 0.06 kept; 0.08, 0.10 removed
  EXPECT_EQ(c.grains, 3);
  ASSERT_EQ(c.system.count(), 4);
  EXPECT_DOUBLE_EQ(c.system.pos(1, 2), 0.05);
  EXPECT_DOUBLE_EQ(c.system.vel(0, 1), 0.5);
  EXPECT_EQ(c.system.invMass(3), 0.0);
  EXPECT_DOUBLE_EQ(c.system.invInertia(0), 2.0 / (0.01 * 0.01));
}

TEST(NscdStudy, ATinyColumnSpreadsAndStops) {
  // 8 x 4 mean diameters (about 30 grains) instead of the study's 30 x 10, a coarser step.
  StudyParams p;
  p.minHeightGrains = 8;
  p.minWidthGrains = 4;
  p.h = 2e-4;
  p.keepSeries = true;
  int samples = 0;
  const CollapseResult r = runCollapse(2.0, p, [&](const CollapseSample&) {
    ++samples;
    return true;
  });
  ASSERT_TRUE(r.ok) << r.error;
  const double d = p.rmin + p.rmax;
  EXPECT_GT(r.grains, 20);
  EXPECT_NEAR(r.l0, 4 * d, 0.5 * d);           // the settled column fills the space behind the gate
  EXPECT_LE(r.h0, 8 * d + 1e-12);               // trimmed to the column's height ...
  EXPECT_GT(r.h0, 7 * d);                       // ... less at most about a grain
  EXPECT_GT(r.runout, r.l0 + d);                // it spread by more than a grain
  // H0, L0, a = H0 / L0 and (L_inf - L0) / L0 (REFERENCE §5) from the grains themselves: the column
  // as released (mobile grains, then the floor's fixed discs, of mass 0) and the deposit's largest
  // contact component
  const CollapseResult::Released& at0 = r.released;
  double top = 0, floorTop = 0, front = 0;
  for (std::size_t k = 0; k < at0.x.size(); ++k) {
    if (at0.mass[k] > 0) {
      top = std::max(top, at0.y[k] + at0.radius[k]);
      front = std::max(front, at0.x[k] + at0.radius[k]);
    } else {
      floorTop = std::max(floorTop, at0.y[k] + at0.radius[k]);
    }
  }
  double runout = 0;
  ASSERT_EQ(r.finalX.size(), r.finalComponent.size());
  for (std::size_t k = 0; k < r.finalX.size(); ++k)
    if (r.finalComponent[k] == 1) runout = std::max(runout, r.finalX[k] + r.finalRadius[k]);
  EXPECT_NEAR(r.h0, top - floorTop, 1e-12 * r.h0);
  EXPECT_NEAR(r.l0, front, 1e-12 * r.l0);
  EXPECT_NEAR(r.aspect, (top - floorTop) / front, 1e-12 * r.aspect);
  EXPECT_NEAR(r.runout, runout, 1e-12 * r.runout);
  EXPECT_NEAR(r.relativeRunout, (runout - front) / front, 1e-12 * r.relativeRunout);
  EXPECT_GT(r.stopTimeScaled, p.minStopTime - 1e-9);
  EXPECT_LT(r.stopTimeScaled, 15);              // "a few sqrt(H0/g)", with margin for a tiny pile
  EXPECT_GT(r.settleTime, 0);
  EXPECT_GT(r.steps, 0);
  EXPECT_GE(r.meanIterations, 1);
  // rigid grains: the collapse's contacts overlap, but by well under the page's 5 % of a radius
  EXPECT_GT(r.deepestOverlap, 0);
  EXPECT_LT(r.deepestOverlap, 0.05);
  ASSERT_FALSE(r.series.empty());
  EXPECT_EQ(samples, static_cast<int>(r.series.size()));
  EXPECT_DOUBLE_EQ(r.series.back().runout, r.runout);
  EXPECT_DOUBLE_EQ(r.series.front().runout, r.l0);
  const std::string json = collapseResultJson(r);
  EXPECT_EQ(json.rfind("{\"ok\":true", 0), 0u) << json.substr(0, 80);
  EXPECT_NE(json.find("\"frontVelocity\":["), std::string::npos);
  EXPECT_NE(json.find("\"deepestOverlap\":"), std::string::npos);

  // A callback that returns false abandons the run.
  const CollapseResult cancelled = runCollapse(2.0, p, [](const CollapseSample& c) { return c.time < 0.05; });
  EXPECT_FALSE(cancelled.ok);
  EXPECT_EQ(cancelled.error, "cancelled");
}

TEST(NscdStudy, ANarrowColumnIsDepositedTallerWhenTheLatticeFallsShort) {
  // 6 mean diameters wide: the lattice fills 4 whole pitches (2.04 rmax) and leaves 18 % of the
  // width empty, so the first deposit at a = 4 settles lower than the column (0.234 m < 0.24 m
  // with seed 1; the case used to fail there). It is deposited again from a taller lattice and
  // released as a column of the full height. Stopped at the first sample after the gate opens.
  StudyParams p;
  p.minWidthGrains = 6;
  p.minHeightGrains = 15;
  const CollapseResult r = runCollapse(4.0, p, [](const CollapseSample&) { return false; });
  EXPECT_EQ(r.error, "cancelled");
  const double d = p.rmin + p.rmax;
  EXPECT_LE(r.h0, 24 * d + 1e-12);  // trimmed to the column's height, less at most about a grain
  EXPECT_GT(r.h0, 23 * d);
  EXPECT_NEAR(r.l0, 6 * d, 0.5 * d);
}

TEST(NscdStudy, DeepestOverlapIsAFractionOfTheSmallerRadius) {
  granular::nscd::System s;
  s.addDisc(0, 0, 1.0, 1.0);
  s.addDisc(2.7, 0, 2.0, 1.0);   // 0.3 m into the first: 30 % of the smaller radius, 1 m
  s.addDisc(10, 0, 2.0, 1.0);
  std::vector<granular::nscd::Contact> contacts(3);
  contacts[0].i = 0, contacts[0].j = 1, contacts[0].gap = -0.3;
  contacts[1].i = 2, contacts[1].j = -1, contacts[1].gap = -0.5;  // a wall: 0.5 m of the grain's 2 m, 25 %
  contacts[2].i = 1, contacts[2].j = 2, contacts[2].gap = 0.01;  // open: not an overlap
  EXPECT_DOUBLE_EQ(granular::nscd::deepestOverlap(contacts, s), 0.3);
  contacts[1].gap = -0.8;  // 40 % of the grain
  EXPECT_DOUBLE_EQ(granular::nscd::deepestOverlap(contacts, s), 0.4);
  contacts.resize(0);
  EXPECT_EQ(granular::nscd::deepestOverlap(contacts, s), 0.0);
}
