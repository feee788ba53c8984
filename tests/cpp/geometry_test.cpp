// Times of impact and collision laws against hand-computed cases.
#include <gtest/gtest.h>

#include <cmath>

#include "geometry/contact.hpp"

using namespace granular::geom;

namespace {

TEST(DiscDiscTime, HeadOn) {
  // Centres 1 m apart on x, radii 0.1 + 0.15, closing at 2 m/s: gap 0.75 m -> 0.375 s.
  EXPECT_DOUBLE_EQ(discDiscTime({1.0, 0.0}, {-2.0, 0.0}, 0.25), 0.375);
}

TEST(DiscDiscTime, Oblique) {
  // Disc 2 at (3, 1) moving (-1, 0) towards disc 1 at rest; sigma = 2. Contact when
  // (3 - t)^2 + 1 = 4 -> t = 3 - sqrt(3).
  EXPECT_NEAR(discDiscTime({3.0, 1.0}, {-1.0, 0.0}, 2.0), 3.0 - std::sqrt(3.0), 1e-15);
}

TEST(DiscDiscTime, GrazingMissAndGrazingHit) {
  // Impact parameter just above sigma: a miss; just below: a (late) hit.
  EXPECT_EQ(discDiscTime({5.0, 1.0 + 1e-9}, {-1.0, 0.0}, 1.0), kNoContact);
  const double t = discDiscTime({5.0, 1.0 - 1e-6}, {-1.0, 0.0}, 1.0);
  EXPECT_NEAR(t, 5.0 - std::sqrt(1.0 - (1.0 - 1e-6) * (1.0 - 1e-6)), 1e-12);
}

TEST(DiscDiscTime, Receding) {
  EXPECT_EQ(discDiscTime({1.0, 0.0}, {1.0, 0.0}, 0.5), kNoContact);
  EXPECT_EQ(discDiscTime({1.0, 0.0}, {0.0, 1.0}, 0.5), kNoContact);  // b = 0: moving sideways
  EXPECT_EQ(discDiscTime({1.0, 0.0}, {0.0, 0.0}, 0.5), kNoContact);  // at rest
}

TEST(DiscDiscTime, TouchingAtStart) {
  EXPECT_EQ(discDiscTime({1.0, 0.0}, {-1.0, 0.0}, 1.0), 0.0);   // touching, approaching
  EXPECT_EQ(discDiscTime({1.0, 0.0}, {1.0, 0.0}, 1.0), kNoContact);  // touching, separating
  EXPECT_EQ(discDiscTime({0.9, 0.0}, {-1.0, 0.0}, 1.0), 0.0);   // overlapping, approaching
}

TEST(DiscSegmentTime, Face) {
  // Disc radius 0.1 at (0.5, 0.5) falling at 2 m/s onto the segment (0,0)-(1,0): (0.5-0.1)/2.
  EXPECT_DOUBLE_EQ(discSegmentTime({0.5, 0.5}, {0.0, -2.0}, 0.1, {0.0, 0.0}, {1.0, 0.0}), 0.2);
  // From below: the segment is two-sided.
  EXPECT_DOUBLE_EQ(discSegmentTime({0.5, -0.5}, {0.0, 2.0}, 0.1, {0.0, 0.0}, {1.0, 0.0}), 0.2);
  // Oblique approach along (1, -1): time depends only on the normal speed.
  EXPECT_DOUBLE_EQ(discSegmentTime({0.2, 0.5}, {1.0, -1.0}, 0.1, {0.0, 0.0}, {1.0, 0.0}), 0.4);
  // Moving parallel or away: no contact.
  EXPECT_EQ(discSegmentTime({0.5, 0.5}, {1.0, 0.0}, 0.1, {0.0, 0.0}, {1.0, 0.0}), kNoContact);
  EXPECT_EQ(discSegmentTime({0.5, 0.5}, {0.0, 1.0}, 0.1, {0.0, 0.0}, {1.0, 0.0}), kNoContact);
}

TEST(DiscSegmentTime, EndPoint) {
  // Disc radius 0.5 at (2, 0.3) moving (-1, 0) towards the segment (0,0)-(1,0): it misses the
  // face's line extension and hits the end point (1, 0): (2 - t - 1)^2 + 0.09 = 0.25 -> t = 1 - 0.4.
  EXPECT_NEAR(discSegmentTime({2.0, 0.3}, {-1.0, 0.0}, 0.5, {0.0, 0.0}, {1.0, 0.0}), 0.6, 1e-15);
  // A disc passing beyond the end point misses the segment entirely.
  EXPECT_EQ(discSegmentTime({2.0, 0.6}, {-1.0, 0.0}, 0.5, {0.0, 0.0}, {1.0, 0.0}), kNoContact);
  // Head-on onto the end point along the segment's direction.
  EXPECT_DOUBLE_EQ(discSegmentTime({3.0, 0.0}, {-1.0, 0.0}, 0.5, {0.0, 0.0}, {1.0, 0.0}), 1.5);
}

TEST(DiscSegmentTime, FaceMissedBeyondEnd) {
  // Falling onto the line y = 0 at x = 1.2, beyond the segment (0,0)-(1,0), radius 0.1: misses.
  EXPECT_EQ(discSegmentTime({1.2, 1.0}, {0.0, -1.0}, 0.1, {0.0, 0.0}, {1.0, 0.0}), kNoContact);
  // At x = 1.05 it touches the end point: (0.05)^2 + y^2 = 0.01 -> y = sqrt(0.0075).
  EXPECT_NEAR(discSegmentTime({1.05, 1.0}, {0.0, -1.0}, 0.1, {0.0, 0.0}, {1.0, 0.0}), 1.0 - std::sqrt(0.0075), 1e-15);
}

class ResolveDiscDisc : public ::testing::TestWithParam<double> {};

TEST_P(ResolveDiscDisc, MomentumAndEnergyLoss) {
  const double r = GetParam();
  const Vec2 p1{0.0, 0.0}, p2{0.3, 0.4};  // n = (0.6, 0.8)
  Vec2 v1{1.5, -0.25}, v2{-0.5, -2.0};
  const double m1 = 2.0, m2 = 0.7;
  const Vec2 n{0.6, 0.8};
  const double vn = dot(v1 - v2, n);
  const double meff = m1 * m2 / (m1 + m2);
  const Vec2 P0 = m1 * v1 + m2 * v2;
  const double E0 = 0.5 * m1 * dot(v1, v1) + 0.5 * m2 * dot(v2, v2);
  const Vec2 u1 = v1, u2 = v2;
  resolveDiscDisc(p1, v1, m1, p2, v2, m2, r);
  const Vec2 P1 = m1 * v1 + m2 * v2;
  const double E1 = 0.5 * m1 * dot(v1, v1) + 0.5 * m2 * dot(v2, v2);
  const double pscale = std::hypot(P0.x, P0.y);
  EXPECT_NEAR(P1.x, P0.x, 1e-12 * pscale);
  EXPECT_NEAR(P1.y, P0.y, 1e-12 * pscale);
  EXPECT_NEAR(dot(v1 - v2, n), -r * vn, 1e-12 * std::fabs(vn));
  const double lost = 0.5 * (1 - r * r) * meff * vn * vn;
  EXPECT_NEAR(E0 - E1, lost, 1e-12 * E0);
  // Tangential components unchanged.
  const Vec2 t{-0.8, 0.6};
  EXPECT_NEAR(dot(v1, t), dot(u1, t), 1e-14);
  EXPECT_NEAR(dot(v2, t), dot(u2, t), 1e-14);
}

INSTANTIATE_TEST_SUITE_P(Restitution, ResolveDiscDisc, ::testing::Values(0.0, 0.1, 0.5, 0.9, 1.0));

TEST(ResolveDiscDiscSpecial, RecedingUnchanged) {
  Vec2 v1{-1.0, 0.0}, v2{1.0, 0.0};
  resolveDiscDisc({0.0, 0.0}, v1, 1.0, {1.0, 0.0}, v2, 1.0, 1.0);
  EXPECT_EQ(v1.x, -1.0);
  EXPECT_EQ(v2.x, 1.0);
}

TEST(ResolveDiscDiscSpecial, EqualMassElasticHeadOnSwaps) {
  Vec2 v1{1.0, 0.0}, v2{0.0, 0.0};
  resolveDiscDisc({0.0, 0.0}, v1, 1.0, {1.0, 0.0}, v2, 1.0, 1.0);
  EXPECT_DOUBLE_EQ(v1.x, 0.0);
  EXPECT_DOUBLE_EQ(v2.x, 1.0);
}

TEST(ResolveDiscSegment, FaceAndEndPoint) {
  // Face: normal (0, 1); v = (1, -2), r = 0.5 -> (1, 1).
  Vec2 v{1.0, -2.0};
  resolveDiscSegment({0.5, 0.1}, v, {0.0, 0.0}, {1.0, 0.0}, 0.5, {0.0, 0.0});
  EXPECT_DOUBLE_EQ(v.x, 1.0);
  EXPECT_DOUBLE_EQ(v.y, 1.0);
  // End point (1, 0), disc centre at (1.3, 0.4): n = (0.6, 0.8); v = (-1, 0), r = 1 ->
  // v - 2 (v.n) n = (-1, 0) + 1.2 (0.6, 0.8) = (-0.28, 0.96).
  Vec2 u{-1.0, 0.0};
  resolveDiscSegment({1.3, 0.4}, u, {0.0, 0.0}, {1.0, 0.0}, 1.0, {0.0, 0.0});
  EXPECT_NEAR(u.x, -0.28, 1e-15);
  EXPECT_NEAR(u.y, 0.96, 1e-15);
  EXPECT_NEAR(std::hypot(u.x, u.y), 1.0, 1e-15);  // elastic: speed kept
}

TEST(ResolveDiscSegment, MovingWall) {
  // Wall moving up at 1 m/s, disc falling at 2 m/s, r = 0.5: relative approach 3 m/s;
  // after: relative +1.5 m/s -> lab velocity 2.5 m/s up.
  Vec2 v{0.0, -2.0};
  double lost = 0;
  resolveDiscSegment({0.5, 0.1}, v, {0.0, 0.0}, {1.0, 0.0}, 0.5, {0.0, 1.0}, &lost);
  EXPECT_DOUBLE_EQ(v.y, 2.5);
  EXPECT_DOUBLE_EQ(lost, 0.5 * (1.0 - 0.25) * 3.0 * 3.0);
  // A wall receding faster than the disc falls: plain reflection from a wall at rest.
  Vec2 w{0.0, -1.0};
  resolveDiscSegment({0.5, 0.1}, w, {0.0, 0.0}, {1.0, 0.0}, 1.0, {0.0, -3.0});
  EXPECT_DOUBLE_EQ(w.y, 1.0);
}

TEST(ResolveDiscSegment, RecedingWallNeverLeavesTheDiscMovingIntoIt) {
  // Wall receding at 0.9 m/s, disc falling at 1 m/s, r = 0.5: relative approach 0.1 m/s, after
  // the moving-wall law -0.9 + 0.05 = -0.85 m/s, still into the wall (which keeps its mean
  // position); the second hit, from rest, sends it up at 0.425 m/s.
  Vec2 v{0.3, -1.0};
  double lost = 0;
  const double dv = resolveDiscSegment({0.5, 0.1}, v, {0.0, 0.0}, {1.0, 0.0}, 0.5, {0.0, -0.9}, &lost);
  EXPECT_DOUBLE_EQ(v.x, 0.3);
  EXPECT_NEAR(v.y, 0.425, 1e-15);
  EXPECT_NEAR(dv, 1.425, 1e-15);
  EXPECT_NEAR(lost, 0.5 * 0.75 * (0.1 * 0.1 + 0.85 * 0.85), 1e-15);
  // Any wall velocity of a vibrating floor, approach speed and restitution: the disc leaves the floor.
  for (double r : {0.0, 0.3, 0.8, 1.0}) {
    for (double u = -1.0; u <= 1.0; u += 0.0625) {
      for (double vy = -2.0; vy < 0; vy += 0.03125) {
        Vec2 w{0.1, vy};
        resolveDiscSegment({0.5, 0.1}, w, {0.0, 0.0}, {1.0, 0.0}, r, {0.0, u});
        EXPECT_GE(w.y, 0.0) << "r = " << r << ", u = " << u << ", vy = " << vy;
      }
    }
  }
}

}  // namespace
