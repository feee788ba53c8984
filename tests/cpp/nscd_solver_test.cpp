// The packed NSCD solver (issue 5 §4) against a straightforward reference written from the header's
// equations; contact detection against brute force; warm start on a resting pile; the bench's
// determinism.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "engines/nscd/bench.hpp"
#include "engines/nscd/column.hpp"
#include "engines/nscd/nscd.hpp"

using namespace granular::nscd;

namespace {

/// A small column after some steps of its collapse: grain-grain, grain-floor-disc and grain-wall
/// contacts, some sliding.
System movingColumn() {
  ColumnSetup setup;
  setup.width = 0.1;
  setup.height = 0.1;
  setup.floorLength = 0.3;
  Column column;
  std::string error;
  EXPECT_TRUE(buildColumn(setup, column, error)) << error;
  Engine e(column.system);
  for (int k = 0; k < 200; ++k) e.step();
  openGate(column);
  for (int k = 0; k < 100; ++k) e.step();
  return column.system;
}

/// The reference: the header's algorithm with the system's own arrays, one contact at a time, in
/// the given order; `gaussSeidel` false: Jacobi with relaxation w. With s.rollingFriction > 0 the
/// rolling torque impulse p_r (bound mu_r R_eff p_n, R_eff = R_i R_j / (R_i + R_j), R_i on a wall)
/// after (p_n, p_t) in Gauss–Seidel, from the same iterate in Jacobi.
void referenceSolve(System& s, std::vector<Contact>& cs, const std::vector<std::size_t>& order, bool gaussSeidel, int sweeps) {
  const double muR = s.rollingFriction;
  auto spinOf = [&](int b) { return b >= 0 ? s.spin(b) : 0.0; };
  auto localRolling = [&](const Contact& c, double pn) {
    const double ri = s.radius(c.i), reff = c.j >= 0 ? ri * s.radius(c.j) / (ri + s.radius(c.j)) : ri;
    const double wrr = s.invInertia(c.i) + (c.j >= 0 ? s.invInertia(c.j) : 0.0);
    if (wrr == 0) return 0.0;
    const double stick = -(spinOf(c.j) - s.spin(c.i) - wrr * c.pr) / wrr;
    return std::clamp(stick, -muR * reff * pn, muR * reff * pn);
  };
  auto applyRolling = [&](const Contact& c, double dpr) {
    s.spin(c.i) -= s.invInertia(c.i) * dpr;
    if (c.j >= 0) s.spin(c.j) += s.invInertia(c.j) * dpr;
  };
  for (int i = 0; i < s.count(); ++i)
    if (s.invMass(i) != 0) s.vel.col(i) += s.h * Eigen::Vector2d(s.gx, s.gy);
  auto velocity = [&](const Contact& c, double& vn, double& vt) {
    Eigen::Vector2d rv = -s.vel.col(c.i);
    double w = s.spin(c.i) * c.li;
    if (c.j >= 0) {
      rv += s.vel.col(c.j);
      w += s.spin(c.j) * c.lj;
    }
    vn = rv.dot(Eigen::Vector2d(c.nx, c.ny));
    vt = rv.dot(Eigen::Vector2d(-c.ny, c.nx)) - w;
  };
  auto apply = [&](const Contact& c, double dpn, double dpt) {
    const Eigen::Vector2d imp = dpn * Eigen::Vector2d(c.nx, c.ny) + dpt * Eigen::Vector2d(-c.ny, c.nx);
    s.vel.col(c.i) -= s.invMass(c.i) * imp;
    s.spin(c.i) -= s.invInertia(c.i) * c.li * dpt;
    if (c.j >= 0) {
      s.vel.col(c.j) += s.invMass(c.j) * imp;
      s.spin(c.j) -= s.invInertia(c.j) * c.lj * dpt;
    }
  };
  auto local = [&](const Contact& c, double& pn, double& pt) {
    double vn, vt;
    velocity(c, vn, vt);
    pn = std::max(0.0, -(vn - c.wnn * c.pn + std::max(0.0, c.gap) / s.h) / c.wnn);
    const double stick = -(vt - c.wtt * c.pt) / c.wtt;
    pt = std::clamp(stick, -s.mu * pn, s.mu * pn);
  };
  for (Contact& c : cs) c.pn = c.pt = c.pr = 0;
  std::vector<double> qn(cs.size()), qt(cs.size()), qr(cs.size());
  for (int it = 0; it < sweeps; ++it) {
    if (gaussSeidel) {
      for (std::size_t k : order) {
        double pn, pt;
        local(cs[k], pn, pt);
        apply(cs[k], pn - cs[k].pn, pt - cs[k].pt);
        cs[k].pn = pn;
        cs[k].pt = pt;
        if (muR > 0) {
          const double pr = localRolling(cs[k], pn);
          applyRolling(cs[k], pr - cs[k].pr);
          cs[k].pr = pr;
        }
      }
    } else {
      for (std::size_t k = 0; k < cs.size(); ++k) {
        local(cs[k], qn[k], qt[k]);
        if (muR > 0) qr[k] = localRolling(cs[k], qn[k]);
      }
      for (std::size_t k : order) {
        const double dpn = s.jacobiRelaxation * (qn[k] - cs[k].pn), dpt = s.jacobiRelaxation * (qt[k] - cs[k].pt);
        apply(cs[k], dpn, dpt);
        cs[k].pn += dpn;
        cs[k].pt += dpt;
        if (muR > 0) {
          const double dpr = s.jacobiRelaxation * (qr[k] - cs[k].pr);
          applyRolling(cs[k], dpr);
          cs[k].pr += dpr;
        }
      }
    }
  }
}

/// The engine's documented sweep order: the (i, j)-sorted list in blocks of 64; within a block, its
/// eight runs of 8 taken in turn (a short last block is cut into eight runs the same way, the last
/// ones shorter or empty).
std::vector<std::size_t> laneOrder(std::size_t m) {
  std::vector<std::size_t> order;
  for (std::size_t b = 0; b < m; b += 64) {
    const std::size_t len = std::min<std::size_t>(64, m - b), run = (len + 7) / 8;
    for (std::size_t k = 0; k < run; ++k)
      for (std::size_t lane = 0; lane < 8; ++lane)
        if (lane * run + k < len) order.push_back(b + lane * run + k);
  }
  return order;
}

}  // namespace

// Without rolling resistance Jacobi solves its contacts two at a time in 2-lane vectors
// (Engine::jacobiLocalPairs), and so does Gauss-Seidel where two consecutive contacts share no body
// (Engine::gaussSeidelSweep); this reference, one scalar contact at a time, checks every lane.
TEST(NscdSolver, PackedSolverMatchesTheReference) {
  const System moving = movingColumn();
  for (const double muR : {0.0, 0.1})
  for (const bool gaussSeidel : {true, false}) {
    System start = moving;
    start.rollingFriction = muR;  // 0.1: the rolling torque impulse solved with the other two
    System s = start;
    s.gaussSeidel = gaussSeidel;
    s.tolerance = 0;  // a fixed number of sweeps
    s.maxIterations = 40;
    Engine e(s);
    const StepReport rep = e.solveOnly();
    const std::vector<Contact>& got = e.contacts();
    ASSERT_GT(got.size(), 50u);
    ASSERT_EQ(rep.iterations, 40);
    ASSERT_TRUE(std::any_of(got.begin(), got.end(), [](const Contact& c) { return c.j < 0; })) << "no wall contact";
    if (gaussSeidel && muR == 0) {
      // Gauss-Seidel's grouping (Engine::pairUp): walking the sweep order, a contact goes with its
      // successor when they share no body (-1, a wall, counts as one body), else alone. The set
      // must exercise both, so that every lane of both kinds is checked below.
      const std::vector<std::size_t> order = laneOrder(got.size());
      int pairs = 0, singles = 0;
      for (std::size_t k = 0; k < order.size();) {
        const Contact &a = got[order[k]];
        const bool two = k + 1 < order.size() && [&](const Contact& b) {
          return a.i != b.i && a.i != b.j && a.j != b.i && a.j != b.j;
        }(got[order[k + 1]]);
        ++(two ? pairs : singles);
        k += two ? 2 : 1;
      }
      EXPECT_GT(pairs, 10);
      EXPECT_GT(singles, 0);
    }
    System r = start;
    std::vector<Contact> ref = got;
    referenceSolve(r, ref, laneOrder(ref.size()), gaussSeidel, 40);
    double scale = 0;
    for (const Contact& c : ref) scale = std::max(scale, std::fabs(c.pn));
    ASSERT_GT(scale, 0);
    int sliding = 0, rollingAtLimit = 0, rollingInside = 0;
    for (std::size_t k = 0; k < got.size(); ++k) {
      EXPECT_NEAR(got[k].pn, ref[k].pn, 1e-12 * scale) << (gaussSeidel ? "GS " : "Jacobi ") << "mu_r " << muR << " " << k;
      EXPECT_NEAR(got[k].pt, ref[k].pt, 1e-12 * scale) << (gaussSeidel ? "GS " : "Jacobi ") << "mu_r " << muR << " " << k;
      EXPECT_NEAR(got[k].pr, ref[k].pr, 1e-12 * scale * r.radius(got[k].i)) << (gaussSeidel ? "GS " : "Jacobi ") << "mu_r " << muR << " " << k;
      if (ref[k].pn > 0 && std::fabs(std::fabs(ref[k].pt) - s.mu * ref[k].pn) < 1e-12 * scale) ++sliding;
      if (muR == 0) {
        EXPECT_EQ(got[k].pr, 0.0) << k;
      } else if (ref[k].pn > 0) {
        const double ri = r.radius(ref[k].i), reff = ref[k].j >= 0 ? ri * r.radius(ref[k].j) / (ri + r.radius(ref[k].j)) : ri;
        const double bound = muR * reff * ref[k].pn;
        EXPECT_LE(std::fabs(ref[k].pr), bound * (1 + 1e-12)) << k;
        if (std::fabs(std::fabs(ref[k].pr) - bound) <= 1e-12 * bound) ++rollingAtLimit;
        else if (ref[k].pr != 0) ++rollingInside;
      }
    }
    EXPECT_GT(sliding, 0) << "the set should contain sliding contacts";
    if (muR > 0) {
      EXPECT_GT(rollingAtLimit, 0) << "the set should contain contacts rolling at the bound";
      EXPECT_GT(rollingInside, 0) << "and contacts held inside it";
    }
    double vscale = 0;
    for (int i = 0; i < r.count(); ++i) vscale = std::max(vscale, r.vel.col(i).norm());
    for (int i = 0; i < r.count(); ++i) {
      EXPECT_NEAR(s.vel(0, i), r.vel(0, i), 1e-12 * vscale) << i;
      EXPECT_NEAR(s.vel(1, i), r.vel(1, i), 1e-12 * vscale) << i;
      EXPECT_NEAR(s.spin(i), r.spin(i), 1e-12 * vscale / r.radius(i)) << i;
    }
  }
}

/// Every pair closer than the alert distance (0.1 of the smallest radius), by trying them all: walls
/// (last first), then grains j > i, in the engine's (i, j) order; fixed pairs are not contacts.
std::vector<std::pair<int, int>> bruteForcePairs(const System& s) {
  double rmin = s.radius.minCoeff();
  const double alert = 0.1 * rmin;
  std::vector<std::pair<int, int>> expected;
  for (int i = 0; i < s.count(); ++i) {
    if (s.invMass(i) != 0)
      for (int k = static_cast<int>(s.walls.size()) - 1; k >= 0; --k) {
        const Segment& w = s.walls[static_cast<std::size_t>(k)];
        const Eigen::Vector2d a(w.ax, w.ay), b(w.bx, w.by), p = s.pos.col(i);
        const double u = std::clamp((p - a).dot(b - a) / (b - a).squaredNorm(), 0.0, 1.0);
        if ((a + u * (b - a) - p).norm() - s.radius(i) < alert) expected.emplace_back(i, -k - 1);
      }
    for (int j = i + 1; j < s.count(); ++j) {
      if (s.invMass(i) == 0 && s.invMass(j) == 0) continue;
      if ((s.pos.col(j) - s.pos.col(i)).norm() - s.radius(i) - s.radius(j) < alert) expected.emplace_back(i, j);
    }
  }
  return expected;
}

std::vector<std::pair<int, int>> pairsOf(const Engine& e) {
  std::vector<std::pair<int, int>> got;
  for (const Contact& c : e.contacts()) got.emplace_back(c.i, c.j);
  return got;
}

/// `s` with `count` fixed discs of radius r appended in a row at height y from x0 on, 2 r apart.
System withFixedRow(System s, int count, double x0, double y, double r) {
  std::vector<DiscSpec> row;
  for (int k = 0; k < count; ++k) row.push_back(DiscSpec{x0 + 2 * r * k, y, r, 0.0, true});
  s.addDiscs(row);
  return s;
}

TEST(NscdSolver, ContactDetectionFindsExactlyTheBruteForcePairs) {
  const System s0 = movingColumn();
  System s = s0;
  Engine e(s);
  e.solveOnly();
  EXPECT_EQ(pairsOf(e), bruteForcePairs(s0));  // same pairs, same (i, j) order
}

// The engine visits only the fixed discs near the grains (found by x among the fixed discs sorted
// once) and the mobile ones; these check that this finds every contact wherever the fixed discs sit
// in the body order, and that far fixed discs take no part at all.
TEST(NscdSolver, FixedDiscsInAnyOrderAreFoundAndFarOnesTakeNoPart) {
  const System s0 = movingColumn();
  const double r = s0.radius.minCoeff();
  // 1. The bodies in reverse order (the floor's fixed discs first, the grains after them), a second
  // floor 5-7.4 m away and a fixed disc at x = NaN: every step's contacts are the brute-force pairs.
  std::vector<int> reversed(static_cast<std::size_t>(s0.count()));
  for (std::size_t k = 0; k < reversed.size(); ++k) reversed[k] = s0.count() - 1 - static_cast<int>(k);
  System p = withFixedRow(s0.withBodies(reversed), 300, 5.0, 0.0, r);
  p.addDiscs({DiscSpec{std::nan(""), 0.05, r, 0.0, true}});
  Engine e(p);
  int contacts = 0;
  for (int step = 0; step < 60; ++step) {
    const System before = p;
    e.step();
    ASSERT_EQ(pairsOf(e), bruteForcePairs(before)) << "step " << step;
    contacts += static_cast<int>(e.contacts().size());
  }
  EXPECT_GT(contacts, 60 * 50);
  // a grain added after the engine was made (the body count changes) is found from the next step on
  double top = 0;
  for (int i = 0; i < p.count(); ++i)
    if (p.invMass(i) != 0) top = std::max(top, p.pos(1, i) + p.radius(i));
  p.addDiscs({DiscSpec{0.02, top + 0.01, r, 0.01, false}});  // 1 cm above the pile: lands within 0.05 s
  bool touched = false;
  for (int step = 0; step < 1000 && !touched; ++step) {
    const System before = p;
    e.step();
    ASSERT_EQ(pairsOf(e), bruteForcePairs(before)) << "after the new grain, step " << step;
    for (const Contact& c : e.contacts()) touched = touched || c.i == p.count() - 1 || c.j == p.count() - 1;
  }
  EXPECT_TRUE(touched) << "the new grain should reach the pile";

  // 2. A second floor of 5000 fixed discs from 0.6 m on, beyond the grains' reach: the grains move
  // bit for bit as without it.
  System near = s0, far = withFixedRow(s0, 5000, 0.6, 0.0, r);
  Engine en(near), ef(far);
  for (int step = 0; step < 100; ++step) {
    en.step();
    ef.step();
  }
  const Eigen::Index m = near.count();
  EXPECT_EQ(far.pos.leftCols(m), near.pos);
  EXPECT_EQ(far.vel.leftCols(m), near.vel);
  EXPECT_EQ(far.spin.head(m), near.spin);
  EXPECT_EQ(pairsOf(ef), pairsOf(en));
}

// Contacts come from candidates found again only once a grain has moved 0.45 of a skin
// (0.5 R_min) since they were found. Moves of a tenth of R_min per step, which never trip a per-step
// test, add up here to several radii; a grain teleported onto another must be found at once. Every
// step's contacts are the brute-force pairs of the positions it started from.
TEST(NscdSolver, ContactsFollowGrainsThatMoveInSmallStepsOrJump) {
  System s = movingColumn();
  s.gx = s.gy = 0;
  const double rmin = s.radius.minCoeff();
  Engine e(s);
  std::vector<int> grains;
  for (int i = 0; i < s.count(); ++i)
    if (s.invMass(i) != 0) grains.push_back(i);
  ASSERT_GT(grains.size(), 20u);
  int changed = 0;
  std::vector<std::pair<int, int>> last;
  for (int step = 0; step < 80; ++step) {
    // every other grain drifts right by 0.1 R_min a step, the rest left: neighbours slide past each other
    for (std::size_t k = 0; k < grains.size(); ++k) {
      const int i = grains[k];
      s.pos(0, i) += (k % 2 ? 0.1 : -0.1) * rmin;
      s.vel.col(i).setZero();
      s.spin(i) = 0;
    }
    if (step == 40) s.pos.col(grains[3]) = s.pos.col(grains.back()) + Eigen::Vector2d(s.radius(grains[3]) + s.radius(grains.back()), 0);
    const System before = s;
    e.step();
    const auto pairs = pairsOf(e);
    ASSERT_EQ(pairs, bruteForcePairs(before)) << "step " << step;
    changed += pairs != last;
    last = pairs;
  }
  EXPECT_GT(changed, 20);  // the contact set really moved
}

TEST(NscdSolver, WarmStartCutsIterationsOnARestingPile) {
  PileSetup p;
  p.grains = 300;
  System settled = pileLattice(p);
  {
    Engine e(settled);
    settled.tolerance = 1e-4;
    settled.maxIterations = 200;
    for (int k = 0; k < 150; ++k) e.step();
  }
  auto iterations = [&](bool warm) {
    System s = settled;
    s.warmStart = warm;
    s.tolerance = 1e-4;
    s.maxIterations = 3000;
    Engine e(s);
    int total = 0;
    for (int k = 0; k < 10; ++k) {
      const StepReport rep = e.step();
      if (k < 3) continue;  // the first steps have little or nothing to start from
      if (warm) {
        EXPECT_TRUE(rep.converged) << k;
      }
      total += rep.iterations;
    }
    return total;
  };
  const int warm = iterations(true), cold = iterations(false);
  EXPECT_LT(2 * warm, cold) << "warm " << warm << ", cold " << cold;
}

TEST(NscdSolver, AForkStepsAsTheEngineItCameFrom) {
  // a collapsing column: contacts sliding and opening, so a warm start that is lost shows at once
  System s = movingColumn();
  s.warmStart = true;
  s.maxIterations = 20;  // not converged: each step's impulses depend on where the last ones ended
  Engine e(s);
  for (int k = 0; k < 50; ++k) e.step();
  System copy = s, cold = s;
  Engine fork(copy, e), fresh(cold);
  EXPECT_EQ(fork.time(), e.time());
  ASSERT_EQ(fork.contacts().size(), e.contacts().size());
  for (int k = 0; k < 30; ++k) {
    const StepReport a = e.step(), b = fork.step();
    fresh.step();
    EXPECT_EQ(a.iterations, b.iterations) << k;
    EXPECT_EQ(a.residual, b.residual) << k;
  }
  EXPECT_EQ(copy.pos, s.pos);
  EXPECT_EQ(copy.vel, s.vel);
  EXPECT_EQ(copy.spin, s.spin);
  EXPECT_EQ(fork.time(), e.time());
  // an engine made afresh on the same state starts cold and ends elsewhere: what the fork carries matters
  EXPECT_NE(cold.vel, s.vel);
  System fewer = s.withBodies({0, 1, 2});
  EXPECT_THROW(Engine(fewer, e), std::invalid_argument);
}

TEST(NscdSolver, BenchSettlesThePileAndStartsBothSolversFromIt) {
  PileSetup p;
  p.grains = 200;
  const std::string j = benchJson(p, 3, 5, false);
  auto number = [&](const std::string& from, const std::string& key) {
    const std::size_t at = j.find("\"" + key + "\": ", j.find(from));
    EXPECT_NE(at, std::string::npos) << from << " " << key;
    return std::stod(j.substr(at + key.size() + 4));
  };
  EXPECT_NE(j.find("\"settled\": true"), std::string::npos) << j;
  EXPECT_LT(number("{", "settleSteps"), p.settleSteps);
  // on the settled pile every step to tolerance converges, with either solver
  for (const char* solver : {"\"gaussSeidel\"", "\"jacobi\""}) {
    EXPECT_EQ(number(solver, "converged"), 3) << solver;
    EXPECT_LT(number(solver, "iterations"), 500) << solver;
  }
  // a cap too low to settle is reported as such
  PileSetup hurried = p;
  hurried.settleSteps = 5;
  const std::string h = benchJson(hurried, 1, 2, false);
  EXPECT_NE(h.find("\"settled\": false"), std::string::npos) << h;
  EXPECT_NE(h.find("\"settleSteps\": 5,"), std::string::npos) << h;
}

TEST(NscdSolver, BenchIsDeterministicAndReportsBothSolvers) {
  PileSetup p;
  p.grains = 60;
  p.settleSteps = 20;
  const std::string a = benchJson(p, 2, 5, true), b = benchJson(p, 2, 5, true);
  const auto hash = [](const std::string& j) { return j.substr(j.find("\"hash\"")); };
  EXPECT_EQ(hash(a), hash(b));
  for (const char* key : {"\"gaussSeidel\"", "\"jacobi\"", "\"nsPerContactSweep\"", "\"residual\"", "\"x\": [", "\"m\": ["})
    EXPECT_NE(a.find(key), std::string::npos) << key;
  PileSetup empty;
  empty.grains = 0;
  const std::string none = benchJson(empty, 0, 2, false);  // no grains: still valid
  EXPECT_NE(none.find("\"grains\": 0"), std::string::npos);
}
