// NSCD (issue 5, engine core): rolling without slipping, the sliding-to-rolling transition
// (REFERENCE §4), a resting stack, Jacobi = Gauss–Seidel on one contact set, runout graphs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "engines/nscd/column.hpp"
#include "engines/nscd/nscd.hpp"

using namespace granular::nscd;

namespace {
System floorWith(double mu) {
  System s;
  s.walls.push_back(Segment{-100, 0, 100, 0});
  s.mu = mu;
  s.h = 1e-4;
  s.tolerance = 1e-12;
  return s;
}
}  // namespace

TEST(Nscd, RollingWithoutSlippingKeepsVEqualsOmegaR) {
  System s = floorWith(0.5);
  s.addDisc(0, 0.1, 0.1, 1.0);
  s.addDisc(5, 0.2, 0.2, 3.0);
  s.vel(0, 0) = 1.0;
  s.spin(0) = -1.0 / 0.1;
  s.vel(0, 1) = -0.5;
  s.spin(1) = 0.5 / 0.2;
  Engine e(s);
  for (int k = 0; k < 5000; ++k) {
    e.step();
    for (int i = 0; i < 2; ++i) EXPECT_NEAR(s.vel(0, i), -s.spin(i) * s.radius(i), 1e-6) << "grain " << i << " step " << k;
  }
  EXPECT_NEAR(s.vel(0, 0), 1.0, 1e-9);  // rolling on a flat floor: no friction needed, speed kept
}

TEST(Nscd, SlidingDiscStartsRollingAtTheClosedFormTime) {
  const double mu = 0.3, g = 9.81, v0 = 1.0, r = 0.1;
  System s = floorWith(mu);
  s.addDisc(0, r, r, 1.0);
  s.vel(0, 0) = v0;
  Engine e(s);
  double tRoll = -1, vRoll = 0;
  for (int k = 0; k < 20000 && tRoll < 0; ++k) {
    e.step();
    if (std::fabs(s.vel(0, 0) + s.spin(0) * r) < 1e-9) {
      tRoll = e.time();
      vRoll = s.vel(0, 0);
    }
  }
  EXPECT_NEAR(tRoll / (v0 / (3 * mu * g)), 1.0, 0.005);
  EXPECT_NEAR(vRoll / (2 * v0 / 3), 1.0, 0.005);
}

TEST(Nscd, RestingStackStaysAtRest) {
  System s = floorWith(0.5);
  s.h = 1e-3;
  s.tolerance = 1e-10;
  for (int k = 0; k < 3; ++k) s.addDisc(0, 0.1 + 0.2 * k, 0.1, 1.0);
  Engine e(s);
  for (int k = 0; k < 10000; ++k) {
    const StepReport rep = e.step();
    ASSERT_TRUE(rep.converged) << k;
  }
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(s.pos(0, i), 0.0, 1e-9);
    EXPECT_NEAR(s.pos(1, i), 0.1 + 0.2 * i, 1e-6);  // penetration stays below the tolerance
    EXPECT_LT(std::hypot(s.vel(0, i), s.vel(1, i)), 1e-9);
  }
}

TEST(Nscd, JacobiAndGaussSeidelGiveTheSameImpulses) {
  auto solved = [](bool gaussSeidel) {
    System s = floorWith(0.5);
    s.h = 1e-3;
    s.tolerance = 1e-13;
    s.maxIterations = 100000;
    s.gaussSeidel = gaussSeidel;
    for (int k = 0; k < 3; ++k) s.addDisc(0, 0.1 + 0.2 * k, 0.1, 1.0);
    Engine e(s);
    const StepReport rep = e.solveOnly();
    EXPECT_TRUE(rep.converged);
    return e.contacts();
  };
  const auto gs = solved(true), jac = solved(false);
  ASSERT_EQ(gs.size(), 3u);
  ASSERT_EQ(jac.size(), gs.size());
  for (std::size_t k = 0; k < gs.size(); ++k) {
    EXPECT_NEAR(jac[k].pn, gs[k].pn, 1e-9) << k;
    EXPECT_NEAR(jac[k].pt, gs[k].pt, 1e-9) << k;
  }
  // and the statics: the floor carries 3 m g h, the contacts above 2 m g h and m g h
  const double w = 9.81 * 1e-3;
  std::vector<double> pn;
  for (const Contact& c : gs) pn.push_back(c.pn);
  std::sort(pn.begin(), pn.end());
  EXPECT_NEAR(pn[0], 1 * w, 1e-9);
  EXPECT_NEAR(pn[1], 2 * w, 1e-9);
  EXPECT_NEAR(pn[2], 3 * w, 1e-9);
}

TEST(Nscd, RunoutFromTheLargestComponentOfGrainContacts) {
  System s;
  for (double x : {0.0, 1.0, 2.0, 10.0, 20.0, 21.0}) s.addDisc(x, 0, 0.5, 1.0);
  s.addDisc(30, 0, 0.5, 1.0, true);  // a fixed floor disc
  std::vector<Contact> contacts;
  auto link = [&](int i, int j) {
    Contact c;
    c.i = i;
    c.j = j;
    contacts.push_back(c);
  };
  link(0, 1);
  link(1, 2);   // main mass: 0-1-2, front at 2 + 0.5
  link(4, 5);   // a second, smaller component further out
  link(3, -1);  // a detached grain touching a wall: boundary contacts are ignored
  link(5, 6);   // contact with a fixed disc: ignored too
  EXPECT_DOUBLE_EQ(runout(contacts, s, 6), 2.5);
  link(2, 3);   // now the detached grain joins the main mass
  EXPECT_DOUBLE_EQ(runout(contacts, s, 6), 10.5);
}

TEST(Nscd, SmallColumnSettlesThenCollapsesAndStops) {
  ColumnSetup setup;
  setup.width = 0.05;
  setup.height = 0.1;
  setup.rmin = 0.004;
  setup.rmax = 0.005;
  setup.floorLength = 0.5;
  Column column;
  std::string error;
  ASSERT_TRUE(buildColumn(setup, column, error)) << error;
  ASSERT_GT(column.grains, 30);
  Engine engine(column.system);
  const double g = 9.81, mgr = 1000 * 3.14159 * 0.0045 * 0.0045 * g * 0.0045;
  deposit(column, engine, 1e-4 * mgr, 2.0);
  const double l0 = runout(engine.contacts(), column.system, column.grains);
  EXPECT_NEAR(l0, 0.05, 0.01);  // the settled column fills the space behind the gate
  openGate(column);
  double l = l0;
  const double t0 = engine.time();
  while (engine.time() - t0 < 3.0) {
    engine.step();
    l = runout(engine.contacts(), column.system, column.grains);
    if (engine.time() - t0 > 0.2 && kineticEnergy(column.system, column.grains) < 1e-4 * mgr * column.grains) break;
  }
  EXPECT_LT(engine.time() - t0, 3.0) << "the flow stops after a few sqrt(H/g) (0.1 s)";
  EXPECT_GT(l, l0 * 1.2);  // it spread
  for (int i = 0; i < column.grains; ++i) EXPECT_GT(column.system.pos(1, i), 0.0) << "grain " << i << " fell through the floor";
}
