#include "engines/nscd/nscd.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

#include "geometry/grid.hpp"

namespace granular::nscd {

void System::addDisc(double x, double y, double r, double mass, bool fixed) {
  const DiscSpec d{x, y, r, mass, fixed};
  addDiscs(&d, 1);
}

void System::addDiscs(const std::vector<DiscSpec>& discs) { addDiscs(discs.data(), discs.size()); }

void System::addDiscs(const DiscSpec* discs, std::size_t count) {
  const Eigen::Index n = radius.size(), m = n + static_cast<Eigen::Index>(count);
  radius.conservativeResize(m);
  invMass.conservativeResize(m);
  invInertia.conservativeResize(m);
  pos.conservativeResize(2, m);
  vel.conservativeResize(2, m);
  angle.conservativeResize(m);
  spin.conservativeResize(m);
  for (Eigen::Index k = n; k < m; ++k) {
    const DiscSpec& d = discs[k - n];
    radius(k) = d.r;
    invMass(k) = d.fixed ? 0.0 : 1.0 / d.mass;
    invInertia(k) = d.fixed ? 0.0 : 2.0 / (d.mass * d.r * d.r);
    pos.col(k) << d.x, d.y;
    vel.col(k) << 0, 0;
    angle(k) = 0;
    spin(k) = 0;
  }
}

System System::withBodies(const std::vector<int>& from) const {
  System s = *this;
  const Eigen::Index m = static_cast<Eigen::Index>(from.size());
  s.radius.resize(m);
  s.invMass.resize(m);
  s.invInertia.resize(m);
  s.pos.resize(2, m);
  s.vel.resize(2, m);
  s.angle.resize(m);
  s.spin.resize(m);
  for (Eigen::Index k = 0; k < m; ++k) {
    const int i = from[static_cast<std::size_t>(k)];
    s.radius(k) = radius(i);
    s.invMass(k) = invMass(i);
    s.invInertia(k) = invInertia(i);
    s.pos.col(k) = pos.col(i);
    s.vel.col(k) = vel.col(i);
    s.angle(k) = angle(i);
    s.spin(k) = spin(i);
  }
  return s;
}

Engine::Engine(System& s) : s_(s) {
  const int n = s_.count();
  // the tolerance's length: the mean radius of the mobile grains. Fixed discs (a floor of any length)
  // do not count, or a longer floor would tighten the tolerance and change the run (24 Nov 2026).
  double sum = 0;
  int mobile = 0;
  for (int i = 0; i < n; ++i) {
    if (s_.invMass(i) > 0) {
      sum += s_.radius(i);
      ++mobile;
    }
  }
  meanRadius_ = mobile > 0 ? sum / mobile : (n ? s_.radius.sum() / n : 1.0);
  index();
}

Engine::Engine(System& s, const Engine& from) : Engine(s) {
  if (s.count() != from.s_.count())
    throw std::invalid_argument("nscd::Engine: the copy has " + std::to_string(s.count()) + " bodies, the engine's system " +
                                std::to_string(from.s_.count()));
  contacts_ = from.contacts_;
  time_ = from.time_;
  meanRadius_ = from.meanRadius_;  // fixed when `from` was made, even if grains were added since
}

void Engine::index() {
  const int n = s_.count();
  indexed_ = n;
  mobile_.clear();
  fixedByX_.clear();
  rmin_ = std::numeric_limits<double>::infinity();
  rmax_ = 0;
  const double* px = s_.pos.data();
  for (int i = 0; i < n; ++i) {
    // a fixed disc at x = NaN is never within reach of anything (and would not sort)
    if (s_.invMass(i) != 0) mobile_.push_back(i);
    else if (!std::isnan(px[2 * i])) fixedByX_.push_back(i);
    rmin_ = std::min(rmin_, s_.radius(i));
    rmax_ = std::max(rmax_, s_.radius(i));
  }
  std::stable_sort(fixedByX_.begin(), fixedByX_.end(), [px](int a, int b) { return px[2 * a] < px[2 * b]; });
  // bodies_: a fixed disc's entry is constant (no velocity, nothing to scale an impulse by: an
  // impulse adds +-0 to its zero velocity and spin), so load() and store() visit the mobile bodies only
  bodies_.assign(static_cast<std::size_t>(n) + 2, Body{0, 0, 0, 0, 0, 0});
  for (int i = 0; i < n; ++i) {
    Body& b = bodies_[static_cast<std::size_t>(i)];
    b.vx = s_.vel(0, i);
    b.vy = s_.vel(1, i);
    b.w = s_.spin(i);
    b.invMass = s_.invMass(i);
    b.invInertiaR = s_.invInertia(i) * s_.radius(i);
    b.radius = s_.radius(i);
  }
  bodyInvInertia_.resize(static_cast<std::size_t>(n) + 1);
  for (int i = 0; i < n; ++i) bodyInvInertia_[static_cast<std::size_t>(i)] = s_.invInertia(i);
  bodyInvInertia_[static_cast<std::size_t>(n)] = 0;
}

namespace {
bool keyLess(const Contact& a, const Contact& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; }
}  // namespace

bool Engine::candidatesStale(double reach) const {
  if (candidatesFor_ != s_.count() || candidatesReach_ != reach) return true;
  const double* px = s_.pos.data();
  // two grains that each moved less than half the skin have closed by less than the skin; 0.45 leaves
  // room for rounding in the distances compared (a pair at exactly the bound)
  const double limit = 0.45 * 0.45 * candidatesSkin_ * candidatesSkin_;
  for (std::size_t k = 0; k < mobile_.size(); ++k) {
    const int i = mobile_[k];
    const double dx = px[2 * i] - candidatesAt_[2 * k], dy = px[2 * i + 1] - candidatesAt_[2 * k + 1];
    if (!(dx * dx + dy * dy <= limit)) return true;  // also NaN
  }
  return false;
}

void Engine::findCandidates(double reach) {
  const int n = s_.count();
  const double* px = s_.pos.data();  // column-major 2 x n: x, y interleaved
  // Every pair closer than reach + skin (fixed pairs apart): while no body has moved half the skin
  // since, every pair closer than reach is among them, so the contacts found from these candidates
  // are those a search of the whole grid would find, in the same order, bit for bit.
  candidatesFor_ = n;
  candidatesReach_ = reach;
  candidatesSkin_ = kSkin * rmin_;
  const double far = reach + candidatesSkin_, far2 = far * far;
  candidatesAt_.resize(2 * mobile_.size());
  for (std::size_t k = 0; k < mobile_.size(); ++k) {
    candidatesAt_[2 * k] = px[2 * mobile_[k]];
    candidatesAt_[2 * k + 1] = px[2 * mobile_[k] + 1];
  }
  candOwners_.clear();
  candItems_.clear();
  candStart_.assign(1, 0);
  // The grid covers the mobile bodies and what they can touch: a fixed body pairs only with a
  // mobile one (fixed pairs are never contacts), so one farther than a cell (far) from every mobile
  // body is left out. A long floor's thousands of discs beyond the grains are then neither binned
  // nor visited.
  double xmin = std::numeric_limits<double>::infinity(), xmax = -xmin, ymin = xmin, ymax = -xmin;
  for (const int i : mobile_) {
    xmin = std::min(xmin, px[2 * i]);
    xmax = std::max(xmax, px[2 * i]);
    ymin = std::min(ymin, px[2 * i + 1]);
    ymax = std::max(ymax, px[2 * i + 1]);
  }
  const double rx0 = xmin - far, rx1 = xmax + far, ry0 = ymin - far, ry1 = ymax + far;
  // fixed bodies outside [rx0, rx1] x [ry0, ry1] (all of them when nothing moves) take no part
  auto inReach = [&](int fixed) {
    const double x = px[2 * fixed], y = px[2 * fixed + 1];
    return x >= rx0 && x <= rx1 && y >= ry0 && y <= ry1;
  };
  // the bodies binned: every mobile one and the fixed ones in reach (found by x among the fixed
  // discs sorted by x, which never move), in increasing order
  reachFixed_.clear();
  {
    const auto lo = std::lower_bound(fixedByX_.begin(), fixedByX_.end(), rx0, [px](int i, double x) { return px[2 * i] < x; });
    const auto hi = std::upper_bound(lo, fixedByX_.end(), rx1, [px](double x, int i) { return x < px[2 * i]; });
    for (auto it = lo; it != hi; ++it)
      if (inReach(*it)) reachFixed_.push_back(*it);
    std::sort(reachFixed_.begin(), reachFixed_.end());
  }
  binned_.resize(mobile_.size() + reachFixed_.size());
  std::merge(mobile_.begin(), mobile_.end(), reachFixed_.begin(), reachFixed_.end(), binned_.begin());
  if (xmin > xmax) xmin = xmax = ymin = ymax = 0;  // no mobile body: an empty grid of one cell
  // A cell list in two flat arrays (counting sort by cell): cell c holds cellItems_[cellStart_[c]
  // .. cellStart_[c + 1]), in increasing grain order.
  const GridShape shape(xmin, ymin, xmax, ymax, far, 4LL * n + 1024);
  const int cells = shape.cells();
  cellStart_.assign(static_cast<std::size_t>(cells) + 2, 0);
  cellItems_.resize(binned_.size());
  for (const int i : binned_) ++cellStart_[static_cast<std::size_t>(shape.cellOf(px[2 * i], px[2 * i + 1])) + 2];
  for (int c = 0; c < cells; ++c) cellStart_[static_cast<std::size_t>(c) + 2] += cellStart_[static_cast<std::size_t>(c) + 1];
  for (const int i : binned_) {
    const std::size_t slot = static_cast<std::size_t>(shape.cellOf(px[2 * i], px[2 * i + 1])) + 1;
    cellItems_[static_cast<std::size_t>(cellStart_[slot]++)] = i;
  }
  // now cellStart_[c] .. cellStart_[c + 1] delimit cell c
  // A fixed body pairs only with mobile ones of higher index (j > i below): past the last mobile
  // body there is nothing to find, and a long floor's thousands of fixed discs are not visited.
  const int lastMobile = mobile_.empty() ? -1 : mobile_.back();
  for (const int i : binned_) {
    const double xi = px[2 * i], yi = px[2 * i + 1];
    const bool mobile = s_.invMass(i) != 0;
    if (!mobile && i > lastMobile) break;  // binned_ is increasing: only fixed discs remain
    near_.clear();
    const int col = shape.column(xi), row = shape.row(yi);
    for (int r = std::max(0, row - 1); r <= std::min(shape.ny() - 1, row + 1); ++r) {
      const int c0 = r * shape.nx() + std::max(0, col - 1), c1 = r * shape.nx() + std::min(shape.nx() - 1, col + 1);
      // the cells c0..c1 of one row are contiguous in cellItems_
      for (int k = cellStart_[static_cast<std::size_t>(c0)]; k < cellStart_[static_cast<std::size_t>(c1) + 1]; ++k) {
        const int j = cellItems_[static_cast<std::size_t>(k)];
        if (j > i && (mobile || s_.invMass(j) != 0)) {
          const double dx = px[2 * j] - xi, dy = px[2 * j + 1] - yi;
          if (!(dx * dx + dy * dy >= far2)) near_.push_back(j);  // NaN kept: the contact test decides
        }
      }
    }
    // deterministic order: insertion sort (a handful of neighbours)
    for (std::size_t a = 1; a < near_.size(); ++a) {
      const int v = near_[a];
      std::size_t b = a;
      for (; b > 0 && near_[b - 1] > v; --b) near_[b] = near_[b - 1];
      near_[b] = v;
    }
    // every mobile body owns a row (its walls are tested each step), a fixed one only if it has candidates
    if (!mobile && near_.empty()) continue;
    candOwners_.push_back(i);
    candItems_.insert(candItems_.end(), near_.begin(), near_.end());
    candStart_.push_back(static_cast<int>(candItems_.size()));
  }
}

void Engine::detect() {
  const int n = s_.count();
  if (n != indexed_) index();
  const double rmin = rmin_, rmax = rmax_;
  const double alert = s_.alert > 0 ? s_.alert : 0.1 * rmin;
  previous_.swap(contacts_);
  contacts_.clear();  // keeps its capacity: no allocation once the contact count is reached
  auto finish = [&](Contact& c) {
    const double ii = s_.invMass(c.i), ji = c.j >= 0 ? s_.invMass(c.j) : 0.0;
    const double iI = s_.invInertia(c.i), jI = c.j >= 0 ? s_.invInertia(c.j) : 0.0;
    c.wnn = ii + ji;
    c.wtt = ii + ji + c.li * c.li * iI + c.lj * c.lj * jI;
    if (s_.restitution > 0) {  // the start-of-step normal velocity U_n- (other body minus i) for Newton's law
      const double ox = c.j >= 0 ? s_.vel(0, c.j) : 0.0, oy = c.j >= 0 ? s_.vel(1, c.j) : 0.0;
      c.un = (ox - s_.vel(0, c.i)) * c.nx + (oy - s_.vel(1, c.i)) * c.ny;
    }
    if (s_.rollingFriction > 0) {  // rolling resistance's Delassus term and rolling radius
      c.wrr = iI + jI;
      c.reff = c.j >= 0 ? c.li * c.lj / (c.li + c.lj) : c.li;
    }
    contacts_.push_back(c);
  };
  if (n > 0) {
    const double* px = s_.pos.data();  // column-major 2 x n: x, y interleaved
    const double reach = 2 * rmax + alert;  // at least the largest centre distance of a contact
    if (candidatesStale(reach)) findCandidates(reach);
    const std::size_t walls = s_.walls.size();
    for (std::size_t o = 0; o < candOwners_.size(); ++o) {
      const int i = candOwners_[o];
      const double xi = px[2 * i], yi = px[2 * i + 1];
      // contacts come out sorted by (i, j): walls first (j = -(k+1), so the last wall first), then
      // grains j > i in increasing order
      if (s_.invMass(i) != 0) {
        for (std::size_t m = walls; m-- > 0;) {
          const Segment& w = s_.walls[m];
          const double ex = w.bx - w.ax, ey = w.by - w.ay, len2 = ex * ex + ey * ey;
          double u = len2 > 0 ? ((xi - w.ax) * ex + (yi - w.ay) * ey) / len2 : 0.0;
          u = u < 0 ? 0 : u > 1 ? 1 : u;
          const double qx = w.ax + u * ex - xi, qy = w.ay + u * ey - yi;
          const double d = std::sqrt(qx * qx + qy * qy);
          const double gap = d - s_.radius(i);
          if (gap >= alert || d == 0) continue;
          Contact c;
          c.i = i;
          c.j = -static_cast<int>(m) - 1;
          c.nx = qx / d;
          c.ny = qy / d;
          c.gap = gap;
          c.li = s_.radius(i);
          finish(c);
        }
      }
      for (int k = candStart_[o]; k < candStart_[o + 1]; ++k) {
        const int j = candItems_[static_cast<std::size_t>(k)];
        const double dx = px[2 * j] - xi, dy = px[2 * j + 1] - yi;
        const double d = std::sqrt(dx * dx + dy * dy);
        const double gap = d - s_.radius(i) - s_.radius(j);
        if (gap >= alert || d == 0) continue;
        Contact c;
        c.i = i;
        c.j = j;
        c.nx = dx / d;
        c.ny = dy / d;
        c.gap = gap;
        c.li = s_.radius(i);
        c.lj = s_.radius(j);
        finish(c);
      }
    }
  }
  if (s_.warmStart) {
    std::size_t o = 0;
    for (Contact& c : contacts_) {
      while (o < previous_.size() && keyLess(previous_[o], c)) ++o;
      if (o < previous_.size() && previous_[o].i == c.i && previous_[o].j == c.j) {
        c.pn = previous_[o].pn;
        c.pt = previous_[o].pt;
        c.pr = previous_[o].pr;
      }
    }
  }
}

void Engine::load() {
  const int n = s_.count();
  // index() filled every body's constants and the fixed discs' entries (detect() has run)
  for (const int i : mobile_) {
    Body& b = bodies_[static_cast<std::size_t>(i)];
    b.vx = s_.vel(0, i);
    b.vy = s_.vel(1, i);
    b.w = s_.spin(i);
  }
  bodies_[static_cast<std::size_t>(n)] = Body{0, 0, 0, 0, 0, 0};      // every wall
  bodies_[static_cast<std::size_t>(n) + 1] = Body{0, 0, 0, 0, 0, 0};  // the empty lane of a Gauss-Seidel pair
  const std::size_t m = contacts_.size();
  packed_.resize(m);
  order_.resize(m);
  // Sweep order: contacts sorted by (i, j) share a grain with their neighbours in the list, so each
  // would wait for the previous one's velocity update. The list is cut into blocks of
  // kLanes * kSpan contacts, and each block is swept taking its kLanes runs of kSpan contacts in
  // turn: consecutive contacts rarely share a grain, so Gauss-Seidel solves them two at a time
  // (pairUp), and the next pair that does share a grain with this one is four pairs on, so the
  // processor overlaps four chains of updates. The sweep still walks memory in one stream, a block at
  // a time. (Taking the lanes from far-apart runs of the whole list, an earlier order, made kLanes
  // streams through memory, which WebAssembly pays for once the contacts outgrow the cache. Two runs
  // of 16, the order until 1 Dec 2026, left one pair waiting for the one before it: 9.6-10.3 ns per
  // contact per sweep natively and 10.0-10.4 in WebAssembly at 20 000 grains with pairs, against
  // 5.7-5.9 and 6.0-6.3 with eight runs of 8; docs/avalanche.md, Benchmark.)
  // Still Gauss–Seidel (every contact sees the latest velocities), in a fixed, deterministic order.
  for (std::size_t b = 0, slot = 0; b < m; b += kLanes * kSpan) {
    const std::size_t len = std::min(kLanes * kSpan, m - b);
    const std::size_t run = (len + kLanes - 1) / kLanes;
    for (std::size_t k = 0; k < run; ++k)
      for (std::size_t lane = 0; lane < kLanes; ++lane)
        if (lane * run + k < len) order_[slot++] = static_cast<int>(b + lane * run + k);
  }
  const double invH = 1.0 / s_.h;
  const double e = s_.restitution;
  // approach speeds below what one step of gravity gives are resting contacts, not impacts
  const double resting = e > 0 ? s_.h * std::sqrt(s_.gx * s_.gx + s_.gy * s_.gy) : 0.0;
  for (std::size_t k = 0; k < m; ++k) {
    Contact& c = contacts_[static_cast<std::size_t>(order_[k])];
    Packed& p = packed_[k];
    p.i = c.i;
    p.j = c.j >= 0 ? c.j : n;
    p.nx = c.nx;
    p.ny = c.ny;
    p.bias = std::max(0.0, c.gap) * invH;
    if (e > 0 && c.un < -resting && c.gap + s_.h * c.un <= 0) {
      // Newton's law for an impact, a contact closing within the step: it leaves at -e U_n- (the
      // start-of-step velocity) plus what gravity changes of U_n over the step, dU_g =
      // h (g_other - g_i).n (0 between two grains, -g h n_y against a wall), but never slower
      // than the gap condition allows. The local law U_n + bias >= 0 takes
      // bias = min(e U_n- - dU_g, max(0, d) / h).
      const bool iFalls = s_.invMass(c.i) != 0, otherFalls = c.j >= 0 && s_.invMass(c.j) != 0;
      const double gix = iFalls ? s_.gx : 0.0, giy = iFalls ? s_.gy : 0.0;
      const double gjx = otherFalls ? s_.gx : 0.0, gjy = otherFalls ? s_.gy : 0.0;
      const double dUg = s_.h * ((gjx - gix) * c.nx + (gjy - giy) * c.ny);
      p.bias = std::min(e * c.un - dUg, p.bias);
    }
    p.wnn = c.wnn;
    p.wtt = c.wtt;
    p.invWnn = 1.0 / c.wnn;
    p.invWtt = 1.0 / c.wtt;
    p.pn = c.pn;
    p.pt = c.pt;
  }
  if (s_.rollingFriction > 0) {  // bodyInvInertia_: see index()
    rolling_.resize(m);
    for (std::size_t k = 0; k < m; ++k) {
      const Contact& c = contacts_[static_cast<std::size_t>(order_[k])];
      Rolling& r = rolling_[k];
      r.limit = s_.rollingFriction * c.reff;
      r.wrr = c.wrr;
      r.invWrr = c.wrr > 0 ? 1.0 / c.wrr : 0.0;  // 0: between two bodies that cannot turn, nothing to resist
      r.reff = c.reff;
      r.pr = c.pr;
    }
  }
}

void Engine::store() {
  for (const int i : mobile_) {
    const Body& b = bodies_[static_cast<std::size_t>(i)];
    s_.vel(0, i) = b.vx;
    s_.vel(1, i) = b.vy;
    s_.spin(i) = b.w;
  }
  for (std::size_t k = 0; k < contacts_.size(); ++k) {
    Contact& c = contacts_[static_cast<std::size_t>(order_[k])];
    c.pn = packed_[k].pn;
    c.pt = packed_[k].pt;
    if (s_.rollingFriction > 0) c.pr = rolling_[k].pr;
  }
}

// v <- v + M^-1 H^T (dpn, dpt) for one contact: the impulse acts on the other body o, its opposite on a.
inline void Engine::applyTo(const Packed& c, Body& a, Body& o, double dpn, double dpt) {
  const double ix = dpn * c.nx - dpt * c.ny, iy = dpn * c.ny + dpt * c.nx;
  a.vx -= a.invMass * ix;
  a.vy -= a.invMass * iy;
  a.w -= a.invInertiaR * dpt;
  o.vx += o.invMass * ix;
  o.vy += o.invMass * iy;
  o.w -= o.invInertiaR * dpt;
}

// F64x2 and Mask2 (nscd.hpp) as each other's bits.
inline Mask2 bitsOf(F64x2 v) { return (Mask2)v; }
inline F64x2 valueOf(Mask2 m) { return (F64x2)m; }

// The scalar solver's `velocity` and `local` (solveWith) on two contacts at once, lane by lane, given
// their terms and their bodies' velocities, spins and radii as 2-lane vectors (a: body i, o: the
// other), operation for operation (no fused multiply-add; max, fabs and the clamp as lane masks that
// pick what std::max, std::fabs and the scalar comparisons pick, NaN and -0 included), so the
// impulses are the scalar ones bit for bit.
inline void localLanes(F64x2 nx, F64x2 ny, F64x2 bias, F64x2 wnn, F64x2 wtt, F64x2 invWnn, F64x2 invWtt, F64x2 pn0, F64x2 pt0,
                       F64x2 avx, F64x2 avy, F64x2 aw, F64x2 aRad, F64x2 ovx, F64x2 ovy, F64x2 ow, F64x2 oRad, double mu,
                       F64x2& pn, F64x2& pt) {
  const F64x2 zero = {0.0, 0.0}, muv = {mu, mu};
  const Mask2 sign = bitsOf(F64x2{-0.0, -0.0});
  const F64x2 rvx = ovx - avx, rvy = ovy - avy;
  const F64x2 vn = rvx * nx + rvy * ny;
  const F64x2 vt = rvx * -ny + rvy * nx - (aw * aRad + ow * oRad);
  const F64x2 un = vn - wnn * pn0;
  const F64x2 ut = vt - wtt * pt0;
  const F64x2 unclamped = -(un + bias) * invWnn;
  pn = valueOf(bitsOf(unclamped) & (zero < unclamped));  // max(0, x): x where 0 < x, else +0
  const F64x2 stick = -ut * invWtt;
  const F64x2 limit = muv * pn;
  const Mask2 inside = valueOf(bitsOf(stick) & ~sign) <= limit, up = stick > zero;
  const Mask2 bound = (bitsOf(limit) & up) | (bitsOf(-limit) & ~up);
  pt = valueOf((bitsOf(stick) & inside) | (bound & ~inside));
}

std::size_t Engine::jacobiLocalPairs(const Packed* cs, const Body* body, NewImpulse* q, std::size_t m, double mu) {
  // Jacobi's contacts all read the same iterate and each writes only its own q[k], so nothing orders
  // one pair after another. Used where the sweep is not paired (the WebAssembly build without SIMD,
  // which compiles the vectors lane by lane: the same results); elsewhere jacobiSweep solves the
  // pairs of pairUp and applies them two at a time as well (docs/avalanche.md, Benchmark).
  std::size_t k = 0;
  for (; k + 1 < m; k += 2) {
    const Packed& c0 = cs[k];
    const Packed& c1 = cs[k + 1];
    const Body &a0 = body[c0.i], &o0 = body[c0.j], &a1 = body[c1.i], &o1 = body[c1.j];
    F64x2 pn, pt;
    localLanes(F64x2{c0.nx, c1.nx}, F64x2{c0.ny, c1.ny}, F64x2{c0.bias, c1.bias}, F64x2{c0.wnn, c1.wnn}, F64x2{c0.wtt, c1.wtt},
               F64x2{c0.invWnn, c1.invWnn}, F64x2{c0.invWtt, c1.invWtt}, F64x2{c0.pn, c1.pn}, F64x2{c0.pt, c1.pt},
               F64x2{a0.vx, a1.vx}, F64x2{a0.vy, a1.vy}, F64x2{a0.w, a1.w}, F64x2{a0.radius, a1.radius}, F64x2{o0.vx, o1.vx},
               F64x2{o0.vy, o1.vy}, F64x2{o0.w, o1.w}, F64x2{o0.radius, o1.radius}, mu, pn, pt);
    q[k].pn = pn[0];
    q[k].pt = pt[0];
    q[k + 1].pn = pn[1];
    q[k + 1].pt = pt[1];
  }
  return k;
}

void Engine::pairUp() {
  // Gauss-Seidel in packed_'s order, two contacts at a time where they may be: contacts k and k + 1
  // that share no body (the wall body and fixed discs count too) do not read anything the other
  // writes, so solving them together gives what solving k, then k + 1 gives. A contact that shares a
  // body with its successor goes alone, with an empty lane beside it (the spare immobile body
  // count() + 1, every term zero: it computes zero impulses and leaves that body at rest).
  const std::size_t m = packed_.size();
  const int spare = s_.count() + 1;
  pairs_.clear();
  auto lane = [&](PairGroup& g, int l, const Packed& c) {
    g.i[l] = c.i;
    g.j[l] = c.j;
    g.nx[l] = c.nx, g.ny[l] = c.ny, g.bias[l] = c.bias;
    g.wnn[l] = c.wnn, g.wtt[l] = c.wtt, g.invWnn[l] = c.invWnn, g.invWtt[l] = c.invWtt;
    g.pn[l] = c.pn, g.pt[l] = c.pt;
  };
  for (std::size_t k = 0; k < m;) {
    const Packed& a = packed_[k];
    const bool two = k + 1 < m && a.i != packed_[k + 1].i && a.i != packed_[k + 1].j && a.j != packed_[k + 1].i &&
                     a.j != packed_[k + 1].j;
    PairGroup g{};
    g.i[1] = g.j[1] = spare;
    lane(g, 0, a);
    if (two) lane(g, 1, packed_[k + 1]);
    pairs_.push_back(g);
    k += two ? 2 : 1;
  }
}

void Engine::unpair() {
  // the groups in order hold packed_'s contacts in order: lane 0, then lane 1 unless it is empty
  const int spare = s_.count() + 1;
  std::size_t k = 0;
  for (const PairGroup& g : pairs_) {
    for (int l = 0; l < (g.i[1] == spare ? 1 : 2); ++l, ++k) {
      packed_[k].pn = g.pn[l];
      packed_[k].pt = g.pt[l];
    }
  }
}

namespace {

// The bodies of a pair of contacts as 2-lane vectors (lane 0: contact k, lane 1: k + 1): body i's
// (a) and the other body's (o) velocity, spin, inverse mass, inverse inertia times radius and radius.
struct LaneBodies {
  F64x2 avx, avy, aw, aMass, aR, aRad;
  F64x2 ovx, ovy, ow, oMass, oR, oRad;
};

// Each body is read as its (vx, vy), (w, 1/m) and (R/I, R) pairs, which are swapped into lanes.
template <class B>
LaneBodies loadLanes(const B& a0, const B& a1, const B& o0, const B& o1) {
  constexpr std::size_t kV = offsetof(B, vx), kW = offsetof(B, w), kR = offsetof(B, invInertiaR);
  static_assert(offsetof(B, vy) == kV + 8 && offsetof(B, invMass) == kW + 8 && offsetof(B, radius) == kR + 8,
                "fields read in pairs must be neighbours");
  // two neighbouring fields of a body, from the byte offset `at` of its object representation
  auto load2 = [](const B& b, std::size_t at) {
    F64x2 v;
    std::memcpy(&v, reinterpret_cast<const char*>(&b) + at, sizeof v);
    return v;
  };
  const F64x2 av0 = load2(a0, kV), av1 = load2(a1, kV), ov0 = load2(o0, kV), ov1 = load2(o1, kV);
  const F64x2 aw0 = load2(a0, kW), aw1 = load2(a1, kW), ow0 = load2(o0, kW), ow1 = load2(o1, kW);
  const F64x2 ar0 = load2(a0, kR), ar1 = load2(a1, kR), or0 = load2(o0, kR), or1 = load2(o1, kR);
  LaneBodies v;
  v.avx = __builtin_shufflevector(av0, av1, 0, 2), v.avy = __builtin_shufflevector(av0, av1, 1, 3);
  v.ovx = __builtin_shufflevector(ov0, ov1, 0, 2), v.ovy = __builtin_shufflevector(ov0, ov1, 1, 3);
  v.aw = __builtin_shufflevector(aw0, aw1, 0, 2), v.aMass = __builtin_shufflevector(aw0, aw1, 1, 3);
  v.ow = __builtin_shufflevector(ow0, ow1, 0, 2), v.oMass = __builtin_shufflevector(ow0, ow1, 1, 3);
  v.aR = __builtin_shufflevector(ar0, ar1, 0, 2), v.aRad = __builtin_shufflevector(ar0, ar1, 1, 3);
  v.oR = __builtin_shufflevector(or0, or1, 0, 2), v.oRad = __builtin_shufflevector(or0, or1, 1, 3);
  return v;
}

// applyTo's operations on both lanes, given the bodies as loaded (v): the impulse change (dpn, dpt)
// along (nx, ny) acts on o, its opposite on a; written back a before o, lane 0 before lane 1 (in an
// empty lane a and o are the same spare body, left at 0).
template <class B>
void applyLanes(B& a0, B& a1, B& o0, B& o1, const LaneBodies& v, F64x2 nx, F64x2 ny, F64x2 dpn, F64x2 dpt) {
  auto store2 = [](B& b, F64x2 x) { std::memcpy(reinterpret_cast<char*>(&b) + offsetof(B, vx), &x, sizeof x); };
  const F64x2 ix = dpn * nx - dpt * ny, iy = dpn * ny + dpt * nx;
  const F64x2 avx2 = v.avx - v.aMass * ix, avy2 = v.avy - v.aMass * iy, aw2 = v.aw - v.aR * dpt;
  const F64x2 ovx2 = v.ovx + v.oMass * ix, ovy2 = v.ovy + v.oMass * iy, ow2 = v.ow - v.oR * dpt;
  store2(a0, __builtin_shufflevector(avx2, avy2, 0, 2));
  a0.w = aw2[0];
  store2(o0, __builtin_shufflevector(ovx2, ovy2, 0, 2));
  o0.w = ow2[0];
  store2(a1, __builtin_shufflevector(avx2, avy2, 1, 3));
  a1.w = aw2[1];
  store2(o1, __builtin_shufflevector(ovx2, ovy2, 1, 3));
  o1.w = ow2[1];
}

// The running maximum of |dp_n| W_nn + |dp_t| W_tt, lane by lane (a NaN change is skipped, as
// std::max(worst, NaN) skips it).
inline F64x2 largerChange(F64x2 worst, F64x2 dpn, F64x2 dpt, F64x2 wnn, F64x2 wtt) {
  const Mask2 sign = bitsOf(F64x2{-0.0, -0.0});
  const F64x2 change = valueOf(bitsOf(dpn) & ~sign) * wnn + valueOf(bitsOf(dpt) & ~sign) * wtt;
  const Mask2 larger = worst < change;
  return valueOf((bitsOf(change) & larger) | (bitsOf(worst) & ~larger));
}

}  // namespace

double Engine::gaussSeidelSweep(PairGroup* gs, Body* body, std::size_t groups, double mu) {
  // One sweep: the lanes of a group are contacts k and k + 1 of packed_'s order (see pairUp), each
  // lane computes the scalar sweep's operations (localLanes, then applyTo's, in the same order), so
  // velocities and impulses are the one-at-a-time sweep's bit for bit (the rolling-resistance sweep
  // in solveWith is that sweep). Contacts are stored lane-interleaved already.
  // Returns the sweep's largest |dp_n| W_nn + |dp_t| W_tt (one running max per lane, then the two:
  // the same maximum as one running std::max, which skips NaN as these do).
  F64x2 worst = {0.0, 0.0};
  for (std::size_t g = 0; g < groups; ++g) {
    PairGroup& c = gs[g];
    Body &a0 = body[c.i[0]], &a1 = body[c.i[1]], &o0 = body[c.j[0]], &o1 = body[c.j[1]];
    const LaneBodies v = loadLanes(a0, a1, o0, o1);
    F64x2 pn, pt;
    localLanes(c.nx, c.ny, c.bias, c.wnn, c.wtt, c.invWnn, c.invWtt, c.pn, c.pt, v.avx, v.avy, v.aw, v.aRad, v.ovx, v.ovy, v.ow,
               v.oRad, mu, pn, pt);
    const F64x2 dpn = pn - c.pn, dpt = pt - c.pt;
    applyLanes(a0, a1, o0, o1, v, c.nx, c.ny, dpn, dpt);
    c.pn = pn;
    c.pt = pt;
    worst = largerChange(worst, dpn, dpt, c.wnn, c.wtt);
  }
  return std::max(std::max(0.0, worst[0]), worst[1]);
}

double Engine::jacobiSweep(PairGroup* gs, NewPair* q, Body* body, std::size_t groups, double mu, double relaxation) {
  // Jacobi over the same groups as Gauss-Seidel (pairUp): first every group's local solution from the
  // velocities as they stand (nothing is written to a body), then every group's relaxed change
  // applied in packed_'s order, lane 0 before lane 1. The lanes of a group share no body, so applying
  // them together gives what applying contact k, then k + 1 gives: the one-at-a-time Jacobi sweep
  // (solveWith, the build without SIMD) bit for bit, read and written the way gaussSeidelSweep does.
  const F64x2 w = {relaxation, relaxation};
  F64x2 worst = {0.0, 0.0};
  for (std::size_t g = 0; g < groups; ++g) {
    const PairGroup& c = gs[g];
    const LaneBodies v = loadLanes(body[c.i[0]], body[c.i[1]], body[c.j[0]], body[c.j[1]]);
    localLanes(c.nx, c.ny, c.bias, c.wnn, c.wtt, c.invWnn, c.invWtt, c.pn, c.pt, v.avx, v.avy, v.aw, v.aRad, v.ovx, v.ovy, v.ow,
               v.oRad, mu, q[g].pn, q[g].pt);
  }
  for (std::size_t g = 0; g < groups; ++g) {
    PairGroup& c = gs[g];
    Body &a0 = body[c.i[0]], &a1 = body[c.i[1]], &o0 = body[c.j[0]], &o1 = body[c.j[1]];
    const LaneBodies v = loadLanes(a0, a1, o0, o1);
    const F64x2 dpn = w * (q[g].pn - c.pn), dpt = w * (q[g].pt - c.pt);
    applyLanes(a0, a1, o0, o1, v, c.nx, c.ny, dpn, dpt);
    c.pn = c.pn + dpn;
    c.pt = c.pt + dpt;
    worst = largerChange(worst, dpn, dpt, c.wnn, c.wtt);
  }
  return std::max(std::max(0.0, worst[0]), worst[1]);
}

// Gauss-Seidel and Jacobi two contacts at a time (pairUp, gaussSeidelSweep, jacobiSweep) want 2-lane vectors. The
// WebAssembly build without SIMD compiles them lane by lane, and there the pairs measured slower than
// one contact at a time (npm run bench -- --baseline, 20 000 grains: 17.1 against 15.0 ns per contact
// per sweep, 1 Dec 2026), so that build sweeps one contact at a time: the same bits.
#if defined(__wasm__) && !defined(__wasm_simd128__)
constexpr bool kPairedSweeps = false;
#else
constexpr bool kPairedSweeps = true;
#endif

StepReport Engine::solve() { return s_.rollingFriction > 0 ? solveWith<true>() : solveWith<false>(); }

template <bool kRolling>
StepReport Engine::solveWith() {
  StepReport rep;
  rep.contacts = static_cast<int>(packed_.size());
  const double h = s_.h, mu = s_.mu;
  Body* const body = bodies_.data();
  Packed* const cs = packed_.data();
  const std::size_t m = packed_.size();
  // The relative velocity at the contact (other body minus i), normal and tangential (t = (-ny, nx)).
  auto velocity = [&](const Packed& c, double& vn, double& vt) {
    const Body& a = body[c.i];
    const Body& o = body[c.j];
    const double rvx = o.vx - a.vx, rvy = o.vy - a.vy;
    vn = rvx * c.nx + rvy * c.ny;                                    // rate of the gap (> 0 separating)
    vt = rvx * -c.ny + rvy * c.nx - (a.w * a.radius + o.w * o.radius);  // slip of the other body relative to i
  };
  // The local solution given the contact velocity (vn, vt) with its own impulse included.
  auto local = [&](const Packed& c, double vn, double vt, double& pn, double& pt) {
    const double un = vn - c.wnn * c.pn, ut = vt - c.wtt * c.pt;
    pn = std::max(0.0, -(un + c.bias) * c.invWnn);
    const double stick = -ut * c.invWtt;
    const double limit = mu * pn;
    pt = std::fabs(stick) <= limit ? stick : (stick > 0 ? limit : -limit);
  };
  newP_.resize(m);
  NewImpulse* const q = newP_.data();
  // Rolling resistance (kRolling): the relative rotation of the other body against i, and the local
  // solution for p_r given it (its own impulse included) and the contact's p_n.
  Rolling* const rs = kRolling ? rolling_.data() : nullptr;
  const double* const invI = kRolling ? bodyInvInertia_.data() : nullptr;
  if (kRolling) newPr_.resize(m);
  double* const qr = kRolling ? newPr_.data() : nullptr;
  auto localRolling = [](const Rolling& r, double wr, double pn) {
    const double stick = -(wr - r.wrr * r.pr) * r.invWrr;
    const double limit = r.limit * pn;
    return std::fabs(stick) <= limit ? stick : (stick > 0 ? limit : -limit);
  };
  auto applyRolling = [&](const Packed& c, double dpr) {
    body[c.i].w -= invI[c.i] * dpr;
    body[c.j].w += invI[c.j] * dpr;
  };
  const bool twoAtATime = !kRolling && kPairedSweeps;
  if (twoAtATime) {
    pairUp();
    if (!s_.gaussSeidel) newPairs_.resize(pairs_.size());
  }
  for (int it = 1; it <= s_.maxIterations; ++it) {
    double worst = 0;
    if (twoAtATime && s_.gaussSeidel) {
      worst = gaussSeidelSweep(pairs_.data(), body, pairs_.size(), mu);
    } else if (twoAtATime) {
      worst = jacobiSweep(pairs_.data(), newPairs_.data(), body, pairs_.size(), mu, s_.jacobiRelaxation);
    } else if (s_.gaussSeidel) {
      for (std::size_t k = 0; k < m; ++k) {
        Packed& c = cs[k];
        double vn, vt, pn, pt;
        velocity(c, vn, vt);
        local(c, vn, vt, pn, pt);
        const double dpn = pn - c.pn, dpt = pt - c.pt;
        applyTo(c, body[c.i], body[c.j], dpn, dpt);
        c.pn = pn;
        c.pt = pt;
        if constexpr (kRolling) {
          Rolling& r = rs[k];
          const double pr = localRolling(r, body[c.j].w - body[c.i].w, pn);
          const double dpr = pr - r.pr;
          applyRolling(c, dpr);
          r.pr = pr;
          worst = std::max(worst, std::fabs(dpn) * c.wnn + std::fabs(dpt) * c.wtt + std::fabs(dpr) * r.wrr * r.reff);
        } else {
          worst = std::max(worst, std::fabs(dpn) * c.wnn + std::fabs(dpt) * c.wtt);
        }
      }
    } else {
      // every contact from the same iterate (with rolling resistance, or in the build without SIMD);
      // without rolling resistance the local solutions two at a time (all but an odd last one)
      const std::size_t paired = kRolling ? 0 : jacobiLocalPairs(cs, body, q, m, mu);
      for (std::size_t k = paired; k < m; ++k) {
        double vn, vt;
        velocity(cs[k], vn, vt);
        local(cs[k], vn, vt, q[k].pn, q[k].pt);
        if constexpr (kRolling) qr[k] = localRolling(rs[k], body[cs[k].j].w - body[cs[k].i].w, q[k].pn);
      }
      const double w = s_.jacobiRelaxation;
      for (std::size_t k = 0; k < m; ++k) {
        Packed& c = cs[k];
        const double dpn = w * (q[k].pn - c.pn), dpt = w * (q[k].pt - c.pt);
        applyTo(c, body[c.i], body[c.j], dpn, dpt);
        c.pn += dpn;
        c.pt += dpt;
        if constexpr (kRolling) {
          Rolling& r = rs[k];
          const double dpr = w * (qr[k] - r.pr);
          applyRolling(c, dpr);
          r.pr += dpr;
          worst = std::max(worst, std::fabs(dpn) * c.wnn + std::fabs(dpt) * c.wtt + std::fabs(dpr) * r.wrr * r.reff);
        } else {
          worst = std::max(worst, std::fabs(dpn) * c.wnn + std::fabs(dpt) * c.wtt);
        }
      }
    }
    rep.iterations = it;
    rep.residual = worst * h / meanRadius_;
    if (rep.residual < s_.tolerance) {
      rep.converged = true;
      break;
    }
  }
  if (twoAtATime) unpair();
  return rep;
}

void Engine::freeVelocities() {
  for (const int i : mobile_) {
    s_.vel(0, i) += s_.h * s_.gx;
    s_.vel(1, i) += s_.h * s_.gy;
  }
}

StepReport Engine::step() {
  detect();
  freeVelocities();
  load();
  for (const Packed& c : packed_) applyTo(c, bodies_[static_cast<std::size_t>(c.i)], bodies_[static_cast<std::size_t>(c.j)], c.pn, c.pt);  // warm start (zero without)
  if (s_.rollingFriction > 0)
    for (std::size_t k = 0; k < packed_.size(); ++k) {
      const Packed& c = packed_[k];
      bodies_[static_cast<std::size_t>(c.i)].w -= bodyInvInertia_[static_cast<std::size_t>(c.i)] * rolling_[k].pr;
      bodies_[static_cast<std::size_t>(c.j)].w += bodyInvInertia_[static_cast<std::size_t>(c.j)] * rolling_[k].pr;
    }
  const StepReport rep = solve();
  store();
  for (const int i : mobile_) {
    s_.pos(0, i) += s_.h * s_.vel(0, i);
    s_.pos(1, i) += s_.h * s_.vel(1, i);
    s_.angle(i) += s_.h * s_.spin(i);
  }
  time_ += s_.h;
  return rep;
}

StepReport Engine::solveOnly() {
  detect();
  for (Contact& c : contacts_) c.pn = c.pt = c.pr = 0;
  freeVelocities();
  load();
  const StepReport rep = solve();
  store();
  return rep;
}

double runout(const std::vector<Contact>& contacts, const System& s, int mobileCount) {
  return runoutFront(contacts, s, mobileCount).position;
}

double deepestOverlap(const std::vector<Contact>& contacts, const System& s) {
  double deepest = 0;
  for (const Contact& c : contacts) {
    if (c.gap >= 0) continue;
    const double r = c.j >= 0 ? std::min(s.radius(c.i), s.radius(c.j)) : s.radius(c.i);
    deepest = std::max(deepest, -c.gap / r);
  }
  return deepest;
}

RunoutFront runoutFront(const std::vector<Contact>& contacts, const System& s, int mobileCount) {
  // Union-find over grain-grain contacts between mobile grains.
  std::vector<int> parent(static_cast<std::size_t>(mobileCount));
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int x) {
    while (parent[static_cast<std::size_t>(x)] != x) {
      parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
      x = parent[static_cast<std::size_t>(x)];
    }
    return x;
  };
  for (const Contact& c : contacts) {
    if (c.j < 0 || c.i >= mobileCount || c.j >= mobileCount) continue;  // boundaries do not connect
    const int a = find(c.i), b = find(c.j);
    if (a != b) parent[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
  }
  std::vector<int> size(static_cast<std::size_t>(mobileCount), 0);
  for (int i = 0; i < mobileCount; ++i) ++size[static_cast<std::size_t>(find(i))];
  int best = -1;
  for (int i = 0; i < mobileCount; ++i)
    if (best < 0 || size[static_cast<std::size_t>(i)] > size[static_cast<std::size_t>(best)]) best = i;
  RunoutFront front{std::numeric_limits<double>::quiet_NaN(), -1};
  for (int i = 0; i < mobileCount; ++i) {
    if (find(i) != best) continue;
    const double x = s.pos(0, i) + s.radius(i);
    if (front.grain < 0 || x > front.position) front = {x, i};
  }
  return front;
}

}  // namespace granular::nscd
