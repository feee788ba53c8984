// NSCD with Newton's impact law (issue 6 §1): U_n+ = -e U_n- for a binary impact, a bouncing
// ball, energy that never grows, and e = 0 exactly the solver it was before.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "engines/nscd/nscd.hpp"

using namespace granular::nscd;

namespace {

/// Two discs approaching along x: masses 1 and 2 kg, radii 0.5 and 0.3 m, no gravity or friction.
System pair(double e, double h) {
  System s;
  s.gx = s.gy = 0;
  s.mu = 0;
  s.h = h;
  s.tolerance = 1e-12;
  s.restitution = e;
  s.addDisc(0, 0, 0.5, 1.0);
  s.addDisc(1.5, 0.01, 0.3, 2.0);  // slightly off the line: the normal is not the x axis
  s.vel.col(0) << 1.0, 0.0;
  s.vel.col(1) << -0.5, 0.1;
  return s;
}

/// Disc 1's velocity relative to disc 0 along the unit vector (nx, ny).
double normalVelocity(const System& s, double nx, double ny) {
  return (s.vel(0, 1) - s.vel(0, 0)) * nx + (s.vel(1, 1) - s.vel(1, 0)) * ny;
}

std::uint64_t fnv(std::uint64_t h, const void* data, std::size_t n) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 1099511628211ULL;
  }
  return h;
}

double energy(const System& s) {
  double e = 0;
  for (int i = 0; i < s.count(); ++i) {
    if (s.invMass(i) == 0) continue;
    const double m = 1 / s.invMass(i);
    e += 0.5 * m * s.vel.col(i).squaredNorm() - m * (s.gx * s.pos(0, i) + s.gy * s.pos(1, i));
    e += 0.5 * s.spin(i) * s.spin(i) / s.invInertia(i);
  }
  return e;
}

}  // namespace

TEST(NscdRestitution, HeadOnPairLeavesAtMinusETimesTheApproachVelocity) {
  for (double e : {0.05, 0.3, 0.5, 0.9, 1.0}) {
    System s = pair(e, 1e-3);
    Engine eng(s);
    const double px0 = s.vel(0, 0) + 2 * s.vel(0, 1), py0 = s.vel(1, 0) + 2 * s.vel(1, 1);
    int impacts = 0;
    for (int k = 0; k < 3000; ++k) {
      // the contact normal of this step: the line of centres at its start
      const double dx = s.pos(0, 1) - s.pos(0, 0), dy = s.pos(1, 1) - s.pos(1, 0), d = std::hypot(dx, dy);
      const double before = normalVelocity(s, dx / d, dy / d);  // the start-of-step U_n-, the one Newton's law uses
      eng.step();
      const double after = normalVelocity(s, dx / d, dy / d);
      if (before < 0 && after >= 0) {
        ++impacts;
        EXPECT_NEAR(after, -e * before, 1e-12) << "e = " << e;
      }
    }
    EXPECT_EQ(impacts, 1) << "e = " << e;
    EXPECT_NEAR(s.vel(0, 0) + 2 * s.vel(0, 1), px0, 1e-14);
    EXPECT_NEAR(s.vel(1, 0) + 2 * s.vel(1, 1), py0, 1e-14);
  }
}

TEST(NscdRestitution, WithoutRestitutionAHeadOnPairStaysTogether) {
  System s = pair(0, 1e-3);
  s.pos(1, 1) = 0;  // on the line of centres
  s.vel(1, 1) = 0;
  Engine eng(s);
  for (int k = 0; k < 3000; ++k) eng.step();
  EXPECT_NEAR(normalVelocity(s, 1, 0), 0.0, 1e-12);  // perfectly inelastic in the normal direction
  EXPECT_NEAR(s.vel(0, 0), 0.0, 1e-12);               // the common velocity (1 - 2 * 0.5) / 3
}

TEST(NscdRestitution, ABallDroppedOnTheFloorReboundsWithE) {
  for (double e : {0.5, 0.8}) {
    System s;
    s.walls.push_back(Segment{-10, 0, 10, 0});
    s.mu = 0;
    s.h = 1e-4;
    s.tolerance = 1e-12;
    s.restitution = e;
    s.addDisc(0, 1.0, 0.1, 1.0);  // falls 0.9 m to the floor
    Engine eng(s);
    std::vector<double> apex;  // heights of the centre above contact at each apex
    double last = s.pos(1, 0);
    bool rising = false;
    for (int k = 0; k < 200000 && apex.size() < 3; ++k) {
      const double v = s.vel(1, 0);
      eng.step();
      if (v < 0 && s.vel(1, 0) > 0) {
        // it leaves at e times its approach speed, less what gravity takes in the step
        EXPECT_NEAR(s.vel(1, 0), -e * v - 9.81 * s.h, 1e-12) << "e = " << e;
        rising = true;
      }
      if (rising && s.vel(1, 0) <= 0) {
        apex.push_back(last - 0.1);
        rising = false;
      }
      last = s.pos(1, 0);
    }
    ASSERT_EQ(apex.size(), 3u);
    // each rebound rises e^2 as high as the fall before it (O(h) from the step)
    EXPECT_NEAR(apex[0] / 0.9, e * e, 2e-3 * e * e) << "e = " << e;
    EXPECT_NEAR(apex[1] / apex[0], e * e, 2e-3 * e * e) << "e = " << e;
  }
}

TEST(NscdRestitution, EnergyNeverGrowsInAPileOrAGas) {
  // Without gravity no step raises the energy (beyond round-off). Under gravity an impact carried
  // through a resting stack to the floor within one step may raise it by O(g h p_n) in that step
  // (nscd.hpp); measured over every 20 steps (20 ms) the energy never rises.
  for (double e : {0.3, 0.5, 0.9, 1.0}) {
    for (bool gravity : {true, false}) {
      System s;
      s.walls = {{0, 0, 3, 0}, {3, 0, 3, 4}, {3, 4, 0, 4}, {0, 4, 0, 0}};
      s.mu = 0;
      s.h = 1e-3;
      s.tolerance = 1e-10;
      s.maxIterations = 5000;
      s.restitution = e;
      s.gy = gravity ? -9.81 : 0.0;  // (the pile: 30 grains in six layers, frictionless)
      std::uint64_t st = 88172645463325252ULL;
      auto rnd = [&]() {
        st ^= st << 13;
        st ^= st >> 7;
        st ^= st << 17;
        return static_cast<double>(st >> 11) / 9007199254740992.0;
      };
      for (int k = 0; k < 30; ++k) {
        s.addDisc(0.4 + 0.55 * (k % 5) + 0.05 * rnd(), 0.4 + 0.55 * (k / 5), 0.2, 1.0);
        s.vel.col(k) << 2 * rnd() - 1, 2 * rnd() - 1;
      }
      Engine eng(s);
      const double e0 = energy(s);
      double before = e0;
      const int every = gravity ? 20 : 1;
      for (int k = 1; k <= 4000; ++k) {
        eng.step();
        if (k % every != 0) continue;
        const double now = energy(s);
        ASSERT_LE(now, before + 1e-10 * std::fabs(e0)) << "e = " << e << (gravity ? " pile" : " gas") << ", step " << k;
        before = now;
      }
      if (e < 1) {
        EXPECT_LT(before, 0.99 * e0);
      }
    }
  }
}

TEST(NscdRestitution, ZeroRestitutionIsTheSolverBeforeItBitForBit) {
  // 40 frictional discs falling into a box for 3 s, Gauss–Seidel with warm start, then 500 Jacobi
  // steps without: the hashes were computed with the solver as it was before the restitution
  // option (core/src/engines/nscd/nscd.cpp at commit c61de66, one contact at a time) with the same
  // set-up and flags, its sweep order changed to today's (eight runs of 8 of each block of 64
  // contacts in turn, load()); c61de66 as it stands, with its four far-apart lanes, gives
  // 0x4a27e5d659e06d5a / 0x693db6bbb63ea9ae, and with the order until 1 Dec 2026 (two halves of
  // each block of 32) 0x2f1958cdc8292ab6 / 0x6ef3b895d17b0ea2. Today's Gauss-Seidel solves two
  // contacts at once where they share no body, so this also checks that it is still the
  // one-at-a-time sweep bit for bit.
  System s;
  s.walls = {{0, 0, 1, 0}, {1, 0, 1, 2}, {1, 2, 0, 2}, {0, 2, 0, 0}};
  s.mu = 0.4;
  s.h = 1e-3;
  s.tolerance = 1e-6;
  s.maxIterations = 200;
  std::uint64_t st = 88172645463325252ULL;
  auto rnd = [&]() {
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return static_cast<double>(st >> 11) / 9007199254740992.0;
  };
  for (int k = 0; k < 40; ++k) {
    const double r = 0.04 + 0.02 * rnd();
    s.addDisc(0.1 + 0.16 * (k % 6) + 0.02 * rnd(), 0.2 + 0.16 * (k / 6), r, 1000 * 3.14159 * r * r);
    s.vel(0, k) = rnd() - 0.5;
    s.vel(1, k) = rnd() - 0.5;
  }
  ASSERT_EQ(s.restitution, 0.0);  // the default
  Engine e(s);
  for (int k = 0; k < 3000; ++k) e.step();
  std::uint64_t h = 14695981039346656037ULL;
  h = fnv(h, s.pos.data(), sizeof(double) * static_cast<std::size_t>(s.pos.size()));
  h = fnv(h, s.vel.data(), sizeof(double) * static_cast<std::size_t>(s.vel.size()));
  h = fnv(h, s.spin.data(), sizeof(double) * static_cast<std::size_t>(s.spin.size()));
  h = fnv(h, s.angle.data(), sizeof(double) * static_cast<std::size_t>(s.angle.size()));
  EXPECT_EQ(h, 0xb815245285fc08baULL);
  System j = s;
  j.gaussSeidel = false;
  j.warmStart = false;
  Engine ej(j);
  for (int k = 0; k < 500; ++k) ej.step();
  std::uint64_t h2 = 14695981039346656037ULL;
  h2 = fnv(h2, j.pos.data(), sizeof(double) * static_cast<std::size_t>(j.pos.size()));
  h2 = fnv(h2, j.vel.data(), sizeof(double) * static_cast<std::size_t>(j.vel.size()));
  EXPECT_EQ(h2, 0x18edb2de63347544ULL);
}
