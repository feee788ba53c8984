#include "engines/soft/soft_engine.hpp"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <limits>

#include "engines/soft/contact_law.hpp"
#include "geometry/grid.hpp"
#include "util/detmath.hpp"
#include "util/json.hpp"

namespace granular {

namespace {

// Dormand–Prince 5(4): stage coefficients a, the fifth-order weights (= last row, FSAL) and the
// error weights (fifth minus fourth order).
constexpr double kA[7][6] = {
    {0, 0, 0, 0, 0, 0},
    {1.0 / 5, 0, 0, 0, 0, 0},
    {3.0 / 40, 9.0 / 40, 0, 0, 0, 0},
    {44.0 / 45, -56.0 / 15, 32.0 / 9, 0, 0, 0},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729, 0, 0},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656, 0},
    {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84},
};
constexpr double kE[7] = {71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525, -1.0 / 40};

bool pairLess(const SoftPair& a, const SoftPair& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; }

// Cubic Hermite basis on s in [0, 1] for a value (p0, p1) with end derivatives (v0, v1) over a step h.
inline double hermite(double p0, double v0, double p1, double v1, double h, double s) {
  const double s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * h * v0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * h * v1;
}
inline double hermiteRate(double p0, double v0, double p1, double v1, double h, double s) {
  const double s2 = s * s;
  return ((6 * s2 - 6 * s) * p0 + (3 * s2 - 4 * s + 1) * h * v0 + (-6 * s2 + 6 * s) * p1 + (3 * s2 - 2 * s) * h * v1) / h;
}

}  // namespace

SoftEngine::SoftEngine(const SoftModel& model, SoftState& state) : m_(model), s_(state) {
  const int n = m_.n;
  double rmin = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i) rmin = std::min(rmin, m_.radius(i));
  skin_ = n ? 0.5 * rmin : 1.0;
  fx_.assign(static_cast<std::size_t>(n), 0.0);
  fy_.assign(static_cast<std::size_t>(n), 0.0);
  tq_.assign(static_cast<std::size_t>(n), 0.0);
  for (auto& k : k_) k.setZero(6, n);
  qStage_.setZero(6, n);
  qNew_.setZero(6, n);
  recordAll_ = n <= 32;
  if (m_.integrator == SoftIntegrator::Rk4 && m_.friction == FrictionLaw::Coulomb) {
    // the observer left out: it only adds inertia, so the slip's relaxation rate is over-estimated
    slipMobility_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      slipMobility_[static_cast<std::size_t>(i)] = {1.0 / (m_.mass(i) + m_.observerMass(i)), 1.0 / m_.inertia(i)};
  }
  rebuildPairs();
  // Contacts present at t = 0 (a resting stack): captured with their current approach speed.
  for (SoftPair& p : s_.pairs) {
    const Geometry g = geometry(p, s_.q);
    if (g.delta > 0) startContact(p, p.convention * g.deltaDot, s_.time);
  }
  recordSamples();
  hNext_ = m_.fixedStep;
}

// Always inlined: it is the inner loop of the right-hand side (about a third of the run time when
// it is a call, natively and in WebAssembly).
template <class Q>
__attribute__((always_inline)) inline SoftEngine::Geometry SoftEngine::geometryWithRadii(const SoftPair& p, const Q& q, double ri, double rj) const {
  Geometry g;
  const int i = p.i;
  const double xi = q(0, i), yi = q(1, i), vxi = q(3, i), vyi = q(4, i), wi = q(5, i);
  if (p.j >= 0) {
    const int j = p.j;
    const double dx = q(0, j) - xi, dy = q(1, j) - yi;
    const double d = std::sqrt(dx * dx + dy * dy);
    g.nx = d > 0 ? dx / d : 1.0;
    g.ny = d > 0 ? dy / d : 0.0;
    g.delta = ri + rj - d;
    const double dvx = vxi - q(3, j), dvy = vyi - q(4, j);
    g.deltaDot = dvx * g.nx + dvy * g.ny;
    g.li = ri * d / (ri + rj);
    g.lj = rj * d / (ri + rj);
    g.slip = -dvx * g.ny + dvy * g.nx + wi * g.li + q(5, j) * g.lj;
    return g;
  }
  double dist;  // from the centre to the wall along the normal
  if (m_.domain == SoftDomain::Circle) {
    const double d = std::sqrt(xi * xi + yi * yi);
    g.nx = d > 0 ? xi / d : 1.0;
    g.ny = d > 0 ? yi / d : 0.0;
    dist = m_.circleRadius - d;
  } else {
    switch (-p.j - 1) {
      case 0: g.nx = 0; g.ny = -1; dist = yi; break;
      case 1: g.nx = 1; g.ny = 0; dist = m_.width - xi; break;
      case 2: g.nx = 0; g.ny = 1; dist = m_.height - yi; break;
      default: g.nx = -1; g.ny = 0; dist = xi; break;
    }
  }
  g.delta = ri - dist;
  g.deltaDot = vxi * g.nx + vyi * g.ny;
  g.li = dist;
  g.slip = -vxi * g.ny + vyi * g.nx + wi * g.li;
  return g;
}

__attribute__((always_inline)) inline SoftEngine::Geometry SoftEngine::geometry(const SoftPair& p, const Coords& q) const {
  return geometryWithRadii(p, q, m_.radius(p.i), p.j >= 0 ? m_.radius(p.j) : 0.0);
}

double SoftEngine::overlapOnly(const SoftPair& p, const Coords& q) const { return geometry(p, q).delta; }

__attribute__((always_inline)) inline bool SoftEngine::mayTouch(const SoftPair& p, const Coords& q) const {
  if (p.j < 0) return true;  // walls: geometry() is as cheap as any test
  const double dx = q(0, p.j) - q(0, p.i), dy = q(1, p.j) - q(1, p.i), reach = m_.radius(p.i) + m_.radius(p.j);
  return dx * dx + dy * dy < reach * reach;
}

void SoftEngine::rhs(const Coords& q, Coords& dq, Rate& rate) {
  ++stats_.rhsEvaluations;
  const int n = m_.n;
  std::fill(fx_.begin(), fx_.end(), 0.0);
  std::fill(fy_.begin(), fy_.end(), 0.0);
  std::fill(tq_.begin(), tq_.end(), 0.0);
  rate = Rate{};
  const double a = m_.dampingA;
  for (const SoftPair& p : s_.pairs) {
    if (!mayTouch(p, q)) continue;  // most candidates are apart: skip the square root
    const Geometry g = geometry(p, q);
    if (!(g.delta > 0)) continue;
    const double rho = p.convention * g.delta, rhoDot = p.convention * g.deltaDot;
    // An inactive pair overlaps only inside a step that event location will cut short (dopri5) or
    // within the step in which it touched (rk4): take the current rate as its approach speed.
    const double captured = p.active ? p.approachSpeed : rhoDot;
    const double approach = captured > m_.persistentSpeed ? captured : m_.persistentSpeed;
    double elastic;
    const double f = soft::normalForce(p.k0, a, rho, rhoDot, approach, elastic);
    rate.damping += (f - elastic) * g.deltaDot;
    double ft = 0;
    const double mu = p.j >= 0 ? m_.mu : m_.muWall;
    switch (m_.friction) {
      case FrictionLaw::Coulomb: {
        const double s = std::fabs(g.slip);
        ft = -mu * f * g.slip / (s > m_.slipSpeed ? s : m_.slipSpeed);
        break;
      }
      case FrictionLaw::Notebook: ft = -mu * f * g.slip; break;
      case FrictionLaw::None: break;
    }
    rate.friction -= ft * g.slip;
    const double tx = -g.ny, ty = g.nx;
    const auto i = static_cast<std::size_t>(p.i);
    fx_[i] += -f * g.nx + ft * tx;
    fy_[i] += -f * g.ny + ft * ty;
    tq_[i] += g.li * ft;
    if (p.j >= 0) {
      const auto j = static_cast<std::size_t>(p.j);
      fx_[j] += f * g.nx - ft * tx;
      fy_[j] += f * g.ny - ft * ty;
      tq_[j] += g.lj * ft;
    }
  }
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const double mo = m_.observerMass(i), M = m_.mass(i) + mo;
    double Fx = fx_[u] + M * m_.gx, Fy = fy_[u] + M * m_.gy, T = tq_[u];
    dq(0, i) = q(3, i);
    dq(1, i) = q(4, i);
    dq(2, i) = q(5, i);
    if (mo == 0) {
      dq(3, i) = Fx / M;
      dq(4, i) = Fy / M;
      dq(5, i) = T / m_.inertia(i);
      continue;
    }
    const double c = detmath::cos(q(2, i)), s = detmath::sin(q(2, i));
    const double bx = m_.observerOffset(0, i), by = m_.observerOffset(1, i);
    const double sx = c * bx - s * by, sy = s * bx + c * by, w = q(5, i);
    Fx += mo * w * w * sx;
    Fy += mo * w * w * sy;
    T += mo * (sx * m_.gy - sy * m_.gx);
    Eigen::Matrix3d A;
    A << M, 0, -mo * sy, 0, M, mo * sx, -mo * sy, mo * sx, m_.inertia(i) + mo * (sx * sx + sy * sy);
    const Eigen::Vector3d acc = A.llt().solve(Eigen::Vector3d(Fx, Fy, T));
    dq(3, i) = acc(0);
    dq(4, i) = acc(1);
    dq(5, i) = acc(2);
  }
}

void SoftEngine::rebuildPairs() {
  const int n = m_.n;
  std::vector<SoftPair> fresh;
  auto consider = [&](int i, int j) {
    SoftPair p;
    p.i = i;
    p.j = j;
    if (overlapOnly(p, s_.q) <= -skin_) return;
    const double inf = std::numeric_limits<double>::infinity();
    if (j >= 0) {
      p.k0 = soft::hertzStiffness(m_.radius(i), m_.radius(j), m_.sigma, m_.sigma);
      p.convention = m_.halfDiscPenetration;
    } else {
      const double r2 = m_.domain == SoftDomain::Circle ? -m_.circleRadius : inf;
      p.k0 = soft::hertzStiffness(m_.radius(i), r2, m_.sigma, m_.sigma);
      p.convention = 1.0;
    }
    fresh.push_back(p);
  };
  if (n <= 64) {
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) consider(i, j);
  } else {
    double xmin = s_.q(0, 0), xmax = xmin, ymin = s_.q(1, 0), ymax = ymin;
    for (int i = 1; i < n; ++i) {
      xmin = std::min(xmin, s_.q(0, i));
      xmax = std::max(xmax, s_.q(0, i));
      ymin = std::min(ymin, s_.q(1, i));
      ymax = std::max(ymax, s_.q(1, i));
    }
    GridShape shape(xmin, ymin, xmax, ymax, 2.0 * m_.maxRadius + skin_, 4LL * n + 1024);
    BucketGrid grid(shape);
    for (int i = 0; i < n; ++i) grid.insert(i, s_.q(0, i), s_.q(1, i));
    for (int i = 0; i < n; ++i)
      grid.forNeighbours(s_.q(0, i), s_.q(1, i), [&](int j) {
        if (j > i) consider(i, j);
      });
  }
  const int walls = m_.domain == SoftDomain::Box ? 4 : m_.domain == SoftDomain::Circle ? 1 : 0;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < walls; ++k) consider(i, -(k + 1));
  std::sort(fresh.begin(), fresh.end(), pairLess);
  // Carry each contact's memory over (both lists sorted; active pairs overlap, so they are in `fresh`).
  std::size_t o = 0;
  for (SoftPair& p : fresh) {
    while (o < s_.pairs.size() && pairLess(s_.pairs[o], p)) ++o;
    if (o < s_.pairs.size() && s_.pairs[o].i == p.i && s_.pairs[o].j == p.j) {
      p.active = s_.pairs[o].active;
      p.approachSpeed = s_.pairs[o].approachSpeed;
      p.startTime = s_.pairs[o].startTime;
      p.loop = s_.pairs[o].loop;
    }
  }
  s_.pairs.swap(fresh);
  rebuildPos_ = s_.q.topRows<2>();
}

double SoftEngine::maxSpeed() const {
  double v2 = 0;
  for (int i = 0; i < m_.n; ++i) v2 = std::max(v2, s_.q(3, i) * s_.q(3, i) + s_.q(4, i) * s_.q(4, i));
  return std::sqrt(v2);
}

bool SoftEngine::needRebuild(double h) const {
  double d2 = 0;
  for (int i = 0; i < m_.n; ++i) {
    const double dx = s_.q(0, i) - rebuildPos_(0, i), dy = s_.q(1, i) - rebuildPos_(1, i);
    d2 = std::max(d2, dx * dx + dy * dy);
  }
  return std::sqrt(d2) + maxSpeed() * h > 0.5 * skin_;
}

double SoftEngine::tryStep(double h) {
  const Eigen::Index size = s_.q.size();
  const double* q = s_.q.data();
  // qStage_ = q + h * sum_k a[k] k_[k], elementwise in a fixed order (no reductions: same bits everywhere).
  auto stage = [&](Coords& out, const double* a, int stages) {
    double* o = out.data();
    for (Eigen::Index x = 0; x < size; ++x) {
      double acc = 0;
      for (int k = 0; k < stages; ++k)
        if (a[k] != 0) acc += a[k] * k_[k].data()[x];
      o[x] = q[x] + h * acc;
    }
  };
  if (m_.integrator == SoftIntegrator::Rk4) {
    rhs(s_.q, k_[0], rk_[0]);
    const double half[4] = {0.5, 0, 0, 0}, half2[4] = {0, 0.5, 0, 0}, full[4] = {0, 0, 1, 0};
    stage(qStage_, half, 1);
    rhs(qStage_, k_[1], rk_[1]);
    stage(qStage_, half2, 2);
    rhs(qStage_, k_[2], rk_[2]);
    stage(qStage_, full, 3);
    rhs(qStage_, k_[3], rk_[3]);
    const double b[4] = {1.0 / 6, 2.0 / 6, 2.0 / 6, 1.0 / 6};
    stage(qNew_, b, 4);
    dampNew_ = s_.damping + h * (b[0] * rk_[0].damping + b[1] * rk_[1].damping + b[2] * rk_[2].damping + b[3] * rk_[3].damping);
    fricNew_ = s_.friction + h * (b[0] * rk_[0].friction + b[1] * rk_[1].friction + b[2] * rk_[2].friction + b[3] * rk_[3].friction);
    return 0;
  }
  if (!fsal_) {
    rhs(s_.q, k_[0], rk_[0]);
    fsal_ = true;
  }
  for (int st = 1; st < 6; ++st) {
    stage(qStage_, kA[st], st);
    rhs(qStage_, k_[st], rk_[st]);
  }
  stage(qNew_, kA[6], 6);
  double dd = 0, df = 0;
  for (int k = 0; k < 6; ++k) {
    dd += kA[6][k] * rk_[k].damping;
    df += kA[6][k] * rk_[k].friction;
  }
  dampNew_ = s_.damping + h * dd;
  fricNew_ = s_.friction + h * df;
  rhs(qNew_, k_[6], rk_[6]);
  // Error norm: root mean square of err / (absTol + relTol max(|y0|, |y1|)), plain loop order.
  const double* y1 = qNew_.data();
  double sum = 0;
  for (Eigen::Index x = 0; x < size; ++x) {
    double e = 0;
    for (int k = 0; k < 7; ++k)
      if (kE[k] != 0) e += kE[k] * k_[k].data()[x];
    e *= h;
    const double sc = m_.absTol + m_.relTol * std::max(std::fabs(q[x]), std::fabs(y1[x]));
    sum += (e / sc) * (e / sc);
  }
  double ed = 0, ef = 0;
  for (int k = 0; k < 7; ++k) {
    ed += kE[k] * rk_[k].damping;
    ef += kE[k] * rk_[k].friction;
  }
  ed *= h;
  ef *= h;
  const double sd = m_.absTol + m_.relTol * std::max(std::fabs(s_.damping), std::fabs(dampNew_));
  const double sf = m_.absTol + m_.relTol * std::max(std::fabs(s_.friction), std::fabs(fricNew_));
  sum += (ed / sd) * (ed / sd) + (ef / sf) * (ef / sf);
  return std::sqrt(sum / static_cast<double>(size + 2));
}

double SoftEngine::interpolatedOverlap(const SoftPair& p, double s, double h, double& rate) const {
  // Position and velocity of disc i at fraction s of the step, by cubic Hermite on both ends.
  auto at = [&](int i, double& x, double& y, double& vx, double& vy) {
    x = hermite(s_.q(0, i), s_.q(3, i), qNew_(0, i), qNew_(3, i), h, s);
    y = hermite(s_.q(1, i), s_.q(4, i), qNew_(1, i), qNew_(4, i), h, s);
    vx = hermiteRate(s_.q(0, i), s_.q(3, i), qNew_(0, i), qNew_(3, i), h, s);
    vy = hermiteRate(s_.q(1, i), s_.q(4, i), qNew_(1, i), qNew_(4, i), h, s);
  };
  // geometry() on a two-column state holding the interpolated bodies (spins do not matter here).
  Eigen::Matrix<double, 6, 2> local = Eigen::Matrix<double, 6, 2>::Zero();
  double x, y, vx, vy;
  at(p.i, x, y, vx, vy);
  local.col(0) << x, y, 0, vx, vy, 0;
  SoftPair q = p;
  q.i = 0;
  if (p.j >= 0) {
    at(p.j, x, y, vx, vy);
    local.col(1) << x, y, 0, vx, vy, 0;
    q.j = 1;
  }
  const Geometry g = geometryWithRadii(q, local, m_.radius(p.i), p.j >= 0 ? m_.radius(p.j) : 0.0);
  rate = g.deltaDot;
  return g.delta;
}

double SoftEngine::crossing(const SoftPair& p, double h, bool starting, double& rate) const {
  double lo = 0, hi = 1;
  for (int it = 0; it < 60; ++it) {
    const double mid = 0.5 * (lo + hi);
    const bool overlapping = interpolatedOverlap(p, mid, h, rate) > 0;
    if (overlapping == starting) hi = mid;
    else lo = mid;
  }
  interpolatedOverlap(p, hi, h, rate);
  return hi;
}

double SoftEngine::locateEvent(double h, int& which) const {
  double best = 2;
  which = -1;
  for (std::size_t k = 0; k < s_.pairs.size(); ++k) {
    const SoftPair& p = s_.pairs[k];
    const double d0 = overlapOnly(p, s_.q), d1 = overlapOnly(p, qNew_);
    double at, rate;
    if (!p.active) {
      if (d0 > 0) continue;  // overlapping but not started: handled at the step's end
      if (!(d1 > 0) && !(interpolatedOverlap(p, 0.5, h, rate) > 0)) continue;  // no touch in the step
      at = crossing(p, h, true, rate);
    } else {
      if (!(d0 > 0) || d1 > 0) continue;
      at = crossing(p, h, false, rate);
    }
    if (at < best) {
      best = at;
      which = static_cast<int>(k);
    }
  }
  return best;
}

void SoftEngine::startContact(SoftPair& p, double approachSpeed, double t) {
  p.active = true;
  p.approachSpeed = approachSpeed;
  p.startTime = t;
  ++stats_.contactsStarted;
  p.loop = -1;
  if (recordingPair(p) && loopSamples_ < kMaxLoopSamples) {
    HysteresisLoop loop;
    loop.i = p.i;
    loop.other = p.j;
    loop.startTime = t;
    loop.approachSpeed = approachSpeed;
    p.loop = static_cast<int>(loops_.size());
    loops_.push_back(std::move(loop));
  }
}

void SoftEngine::endContact(SoftPair& p, double t) {
  if (p.loop >= 0) {
    HysteresisLoop& loop = loops_[static_cast<std::size_t>(p.loop)];
    loop.endTime = t;
    loop.penetration.push_back(0.0);
    loop.force.push_back(0.0);
    ++loopSamples_;
  }
  p.active = false;
  p.loop = -1;
  ++stats_.contactsEnded;
}

bool SoftEngine::recordingPair(const SoftPair& p) const {
  if (recordAll_) return true;
  if (recordI_ < 0) return false;
  return (p.i == recordI_ && p.j == recordOther_) || (p.j == recordI_ && p.i == recordOther_);
}

void SoftEngine::recordHysteresis(int i, int other) {
  recordAll_ = i < 0;
  recordI_ = i;
  recordOther_ = other;
}

void SoftEngine::recordSamples() {
  int active = 0;
  // the slip's relaxation step, sampled every 8th accepted state to keep it out of the stepping's
  // cost (in the right-hand side it took several per cent of soft-bench's time). A slip slower than
  // v_s lasts many steps where it matters (a rolling or resting contact), changing little per step.
  const bool sampleSlip = !slipMobility_.empty() && stats_.steps % 8 == 0;
  for (SoftPair& p : s_.pairs) {
    if (!p.active) continue;
    ++active;
    const Geometry g = geometry(p, s_.q);
    const double rho = g.delta > 0 ? p.convention * g.delta : 0.0;
    double elastic = 0, f = 0;
    if (rho > 0) {
      const double approach = p.approachSpeed > m_.persistentSpeed ? p.approachSpeed : m_.persistentSpeed;
      f = soft::normalForce(p.k0, m_.dampingA, rho, p.convention * g.deltaDot, approach, elastic);
    }
    if (f > stats_.maxForce) stats_.maxForce = f;
    if (g.delta > passLimit(p)) tooDeep_ = true;  // the run stops here (advanceTo: passedThrough)
    if (sampleSlip && f > 0) {
      // Below v_s the slip relaxes like ds/dt = -lambda s, lambda = mu f (1/m_i + l_i^2/I_i + (j)) / v_s.
      // That matters for a contact whose slip one step of full friction could stop (|s| < lambda h
      // v_s): one that sticks, or chatters about zero past the limit, where the step's ends see slips
      // above v_s and only the stages below it. A sliding contact's friction is saturated.
      const auto& mi = slipMobility_[static_cast<std::size_t>(p.i)];
      double kappa = mi.first + g.li * g.li * mi.second;
      if (p.j >= 0) {
        const auto& mj = slipMobility_[static_cast<std::size_t>(p.j)];
        kappa += mj.first + g.lj * g.lj * mj.second;
      }
      const double mu = p.j >= 0 ? m_.mu : m_.muWall;
      const double stop = mu * f * kappa * stats_.lastStep;  // slip speed one step of full friction removes (m/s)
      if (std::fabs(g.slip) < std::max(m_.slipSpeed, stop)) stats_.slipStep = std::max(stats_.slipStep, stop / m_.slipSpeed);
    }
    if (p.loop >= 0 && loopSamples_ < kMaxLoopSamples) {
      HysteresisLoop& loop = loops_[static_cast<std::size_t>(p.loop)];
      loop.penetration.push_back(rho);
      loop.force.push_back(f);
      ++loopSamples_;
    }
  }
  stats_.activeContacts = active;
}

void SoftEngine::accept(double h) {
  const double t0 = s_.time;
  // Transitions the event location did not cut the step for (all of them in rk4): a touch inside
  // the step takes its approach speed from the interpolated overlap rate at the touch instant.
  for (SoftPair& p : s_.pairs) {
    if (!p.active && !mayTouch(p, qNew_)) continue;
    const Geometry g1 = geometry(p, qNew_);
    if (!p.active && g1.delta > 0) {
      if (!(g1.deltaDot > 0)) continue;  // separating: not a new contact
      double at = 0, rate;
      if (overlapOnly(p, s_.q) <= 0) at = crossing(p, h, true, rate);
      else rate = geometry(p, s_.q).deltaDot;  // already overlapping at the step's start
      startContact(p, p.convention * rate, t0 + at * h);
    } else if (p.active && !(g1.delta > 0)) {
      if (!(g1.deltaDot < 0)) continue;  // still approaching (a grazing start): keep it
      double at = 1, rate;
      if (overlapOnly(p, s_.q) > 0) at = crossing(p, h, false, rate);
      endContact(p, t0 + at * h);
    }
  }
  s_.q.swap(qNew_);
  s_.damping = dampNew_;
  s_.friction = fricNew_;
  if (m_.integrator == SoftIntegrator::Dopri5) {  // FSAL: the last stage is the next step's first
    std::swap(k_[0], k_[6]);
    std::swap(rk_[0], rk_[6]);
  }
  ++stats_.steps;
  stats_.lastStep = h;
  recordSamples();
}

StepResult SoftEngine::advanceTo(double t, std::int64_t maxSteps) {
  if (!message_.empty()) return StepResult::Stopped;
  std::int64_t taken = 0;
  const bool adaptive = m_.integrator == SoftIntegrator::Dopri5;
  while (s_.time < t) {
    if (taken >= maxSteps) return StepResult::Budget;
    ++taken;
    double h = adaptive ? hNext_ : m_.fixedStep;
    const double vmax = maxSpeed();
    if (vmax > 0 && h > 0.25 * skin_ / vmax) h = 0.25 * skin_ / vmax;
    if (needRebuild(h)) {
      rebuildPairs();
      fsal_ = false;  // same state, but the derivative is recomputed with the new list's order
    }
    bool last = false;
    // Land on t exactly; a step that would leave a sliver (rounding of the accumulated time) is
    // stretched to t instead of leaving a 1e-16 s step behind.
    if (s_.time + h >= t || t - (s_.time + h) < 1e-6 * h) {
      h = t - s_.time;
      last = true;
    }
    const double err = tryStep(h);
    bool finite = std::isfinite(err) && std::isfinite(dampNew_) && std::isfinite(fricNew_);
    for (Eigen::Index x = 0; finite && x < qNew_.size(); ++x) finite = std::isfinite(qNew_.data()[x]);
    const double tiny = 1e-14 * std::max(1.0, std::fabs(s_.time));
    if (!finite || (adaptive && err > 1)) {
      if (adaptive && h > tiny) {
        ++stats_.rejected;
        const double shrink = finite ? std::max(0.2, 0.9 / detmath::fifthRoot(err)) : 0.1;
        hNext_ = h * shrink;
        continue;
      }
      message_ = "the integration diverged at t = " + formatShort(s_.time) +
                 " s (a non-finite state or a step below 1e-14 s): stiffer contacts need a smaller output interval, or check the material and masses";
      return StepResult::Stopped;
    }
    if (adaptive) {
      int which;
      const double frac = locateEvent(h, which);
      if (frac <= 1 && which >= 0 && frac < 1 - 1e-12) {
        // Redo the step up to the located instant, then start or end that contact there.
        const double hE = frac * h;
        if (hE > tiny) {
          tryStep(hE);
          // the located transition is applied below, at the exact instant; no other pair flips
          s_.q.swap(qNew_);
          s_.damping = dampNew_;
          s_.friction = fricNew_;
          s_.time += hE;
          ++stats_.steps;
          stats_.lastStep = hE;
        }
        SoftPair& p = s_.pairs[static_cast<std::size_t>(which)];
        const Geometry g = geometry(p, s_.q);
        if (!p.active) startContact(p, p.convention * g.deltaDot, s_.time);
        else endContact(p, s_.time);
        recordSamples();
        fsal_ = false;
        if (tooDeep_ && passedThrough()) return StepResult::Stopped;
        continue;
      }
    }
    accept(h);
    s_.time = last ? t : s_.time + h;
    if (tooDeep_ && passedThrough()) return StepResult::Stopped;
    if (adaptive) {
      const double grow = err > 0 ? std::min(5.0, std::max(0.2, 0.9 / detmath::fifthRoot(err))) : 5.0;
      const double proposal = h * grow;
      if (!last || proposal > hNext_) hNext_ = std::min(proposal, m_.outputInterval);
    }
  }
  return StepResult::Reached;
}

double SoftEngine::passLimit(const SoftPair& p) const {
  if (p.j < 0) return m_.radius(p.i);
  const double ri = m_.radius(p.i), rj = m_.radius(p.j);
  return ri + rj - 0.5 * std::min(ri, rj);
}

bool SoftEngine::passedThrough() {
  tooDeep_ = false;
  const SoftPair* worst = nullptr;
  double worstDelta = 0, worstLimit = 1, worstDepth = 1;  // the deepest relative to its limit
  for (const SoftPair& p : s_.pairs) {
    if (!mayTouch(p, s_.q)) continue;
    const double delta = overlapOnly(p, s_.q), limit = passLimit(p);
    if (delta > limit && delta / limit > worstDepth) {
      worst = &p;
      worstDelta = delta;
      worstLimit = limit;
      worstDepth = delta / limit;
    }
  }
  if (!worst) return false;
  static const char* const kBoxWalls[] = {"bottom", "right", "top", "left"};
  const std::string who = "disc " + std::to_string(worst->i);
  const std::string when = " at t = " + formatShort(s_.time) + " s: the Hertz contact cannot stop this impact, and ";
  if (worst->j >= 0) {
    const double ri = m_.radius(worst->i), rj = m_.radius(worst->j);
    message_ = who + " and disc " + std::to_string(worst->j) + " overlap by " + formatShort(worstDelta) + " m: their centres are " +
               formatShort(ri + rj - worstDelta) + " m apart, less than half the smaller radius (" + formatShort(0.5 * std::min(ri, rj)) +
               " m)" + when + "the discs would pass through each other";
  } else {
    message_ = who + " is " + formatShort(worstDelta) + " m into the " +
               (m_.domain == SoftDomain::Circle ? std::string("circular wall") : std::string(kBoxWalls[(-worst->j - 1) & 3]) + " wall") +
               ", more than its radius (" + formatShort(worstLimit) + " m)" + when + "the disc would pass through it";
  }
  message_ += "; use a stiffer material (material.youngModulus), or lighter or slower discs";
  return true;
}

void SoftEngine::energies(SoftLedger& out) const {
  out.translational = out.rotational = out.observer = out.elastic = 0;
  for (int i = 0; i < m_.n; ++i) {
    const double vx = s_.q(3, i), vy = s_.q(4, i), w = s_.q(5, i);
    out.translational += 0.5 * m_.mass(i) * (vx * vx + vy * vy);
    out.rotational += 0.5 * m_.inertia(i) * w * w;
    const double mo = m_.observerMass(i);
    if (mo > 0) {
      const double c = detmath::cos(s_.q(2, i)), s = detmath::sin(s_.q(2, i));
      const double sx = c * m_.observerOffset(0, i) - s * m_.observerOffset(1, i);
      const double sy = s * m_.observerOffset(0, i) + c * m_.observerOffset(1, i);
      const double ux = vx - w * sy, uy = vy + w * sx;
      out.observer += 0.5 * mo * (ux * ux + uy * uy);
    }
  }
  for (const SoftPair& p : s_.pairs) {
    if (!mayTouch(p, s_.q)) continue;
    const double delta = overlapOnly(p, s_.q);
    if (!(delta > 0)) continue;
    const double rho = p.convention * delta;
    out.elastic += 0.4 * p.k0 * rho * rho * std::sqrt(rho) / p.convention;
  }
  out.damping = s_.damping;
  out.friction = s_.friction;
}

double SoftEngine::potentialEnergy() const {
  Eigen::Matrix2Xd obs;
  observerPositions(obs);
  double v = 0;
  for (int i = 0; i < m_.n; ++i) {
    v -= m_.mass(i) * (m_.gx * s_.q(0, i) + m_.gy * s_.q(1, i));
    v -= m_.observerMass(i) * (m_.gx * obs(0, i) + m_.gy * obs(1, i));
  }
  return v;
}

void SoftEngine::observerPositions(Eigen::Matrix2Xd& out) const {
  out.resize(2, m_.n);
  for (int i = 0; i < m_.n; ++i) {
    const double c = detmath::cos(s_.q(2, i)), s = detmath::sin(s_.q(2, i));
    const double bx = m_.observerOffset(0, i), by = m_.observerOffset(1, i);
    out(0, i) = s_.q(0, i) + c * bx - s * by;
    out(1, i) = s_.q(1, i) + s * bx + c * by;
  }
}

void SoftEngine::momentum(double& px, double& py, double& lz) const {
  px = py = lz = 0;
  for (int i = 0; i < m_.n; ++i) {
    const double x = s_.q(0, i), y = s_.q(1, i), vx = s_.q(3, i), vy = s_.q(4, i), w = s_.q(5, i);
    const double m = m_.mass(i), mo = m_.observerMass(i);
    px += m * vx;
    py += m * vy;
    lz += m * (x * vy - y * vx) + m_.inertia(i) * w;
    if (mo > 0) {
      const double c = detmath::cos(s_.q(2, i)), s = detmath::sin(s_.q(2, i));
      const double sx = c * m_.observerOffset(0, i) - s * m_.observerOffset(1, i);
      const double sy = s * m_.observerOffset(0, i) + c * m_.observerOffset(1, i);
      const double ox = x + sx, oy = y + sy, ux = vx - w * sy, uy = vy + w * sx;
      px += mo * ux;
      py += mo * uy;
      lz += mo * (ox * uy - oy * ux);
    }
  }
}

}  // namespace granular
