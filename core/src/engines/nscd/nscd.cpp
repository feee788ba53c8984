#include "engines/nscd/nscd.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "geometry/grid.hpp"

namespace granular::nscd {

void System::addDisc(double x, double y, double r, double mass, bool fixed) {
  const Eigen::Index n = radius.size();
  radius.conservativeResize(n + 1);
  invMass.conservativeResize(n + 1);
  invInertia.conservativeResize(n + 1);
  pos.conservativeResize(2, n + 1);
  vel.conservativeResize(2, n + 1);
  angle.conservativeResize(n + 1);
  spin.conservativeResize(n + 1);
  radius(n) = r;
  invMass(n) = fixed ? 0.0 : 1.0 / mass;
  invInertia(n) = fixed ? 0.0 : 2.0 / (mass * r * r);
  pos.col(n) << x, y;
  vel.col(n) << 0, 0;
  angle(n) = 0;
  spin(n) = 0;
}

Engine::Engine(System& s) : s_(s) {
  const int n = s_.count();
  meanRadius_ = n ? s_.radius.sum() / n : 1.0;
}

namespace {
bool keyLess(const Contact& a, const Contact& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; }
}  // namespace

void Engine::detect() {
  const int n = s_.count();
  double rmin = std::numeric_limits<double>::infinity(), rmax = 0;
  for (int i = 0; i < n; ++i) {
    rmin = std::min(rmin, s_.radius(i));
    rmax = std::max(rmax, s_.radius(i));
  }
  const double alert = s_.alert > 0 ? s_.alert : 0.1 * rmin;
  previous_.swap(contacts_);
  contacts_.clear();
  auto finish = [&](Contact& c) {
    const double ii = s_.invMass(c.i), ji = c.j >= 0 ? s_.invMass(c.j) : 0.0;
    const double iI = s_.invInertia(c.i), jI = c.j >= 0 ? s_.invInertia(c.j) : 0.0;
    c.wnn = ii + ji;
    c.wtt = ii + ji + c.li * c.li * iI + c.lj * c.lj * jI;
    contacts_.push_back(c);
  };
  if (n > 0) {
    double xmin = s_.pos(0, 0), xmax = xmin, ymin = s_.pos(1, 0), ymax = ymin;
    for (int i = 1; i < n; ++i) {
      xmin = std::min(xmin, s_.pos(0, i));
      xmax = std::max(xmax, s_.pos(0, i));
      ymin = std::min(ymin, s_.pos(1, i));
      ymax = std::max(ymax, s_.pos(1, i));
    }
    GridShape shape(xmin, ymin, xmax, ymax, 2 * rmax + alert, 4LL * n + 1024);
    BucketGrid grid(shape);
    for (int i = 0; i < n; ++i) grid.insert(i, s_.pos(0, i), s_.pos(1, i));
    for (int i = 0; i < n; ++i) {
      std::vector<int> near;
      grid.forNeighbours(s_.pos(0, i), s_.pos(1, i), [&](int j) {
        if (j > i) near.push_back(j);
      });
      std::sort(near.begin(), near.end());  // deterministic contact order
      for (int j : near) {
        if (s_.invMass(i) == 0 && s_.invMass(j) == 0) continue;
        const double dx = s_.pos(0, j) - s_.pos(0, i), dy = s_.pos(1, j) - s_.pos(1, i);
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
  for (int i = 0; i < n; ++i) {
    if (s_.invMass(i) == 0) continue;
    for (std::size_t k = 0; k < s_.walls.size(); ++k) {
      const Segment& w = s_.walls[k];
      const double ex = w.bx - w.ax, ey = w.by - w.ay, len2 = ex * ex + ey * ey;
      double u = len2 > 0 ? ((s_.pos(0, i) - w.ax) * ex + (s_.pos(1, i) - w.ay) * ey) / len2 : 0.0;
      u = u < 0 ? 0 : u > 1 ? 1 : u;
      const double qx = w.ax + u * ex - s_.pos(0, i), qy = w.ay + u * ey - s_.pos(1, i);
      const double d = std::sqrt(qx * qx + qy * qy);
      const double gap = d - s_.radius(i);
      if (gap >= alert || d == 0) continue;
      Contact c;
      c.i = i;
      c.j = -static_cast<int>(k) - 1;
      c.nx = qx / d;
      c.ny = qy / d;
      c.gap = gap;
      c.li = s_.radius(i);
      finish(c);
    }
  }
  std::sort(contacts_.begin(), contacts_.end(), keyLess);
  if (s_.warmStart) {
    std::size_t o = 0;
    for (Contact& c : contacts_) {
      while (o < previous_.size() && keyLess(previous_[o], c)) ++o;
      if (o < previous_.size() && previous_[o].i == c.i && previous_[o].j == c.j) {
        c.pn = previous_[o].pn;
        c.pt = previous_[o].pt;
      }
    }
  }
}

void Engine::localVelocity(const Contact& c, double& vn, double& vt) const {
  const double tx = -c.ny, ty = c.nx;
  double rvx = -s_.vel(0, c.i), rvy = -s_.vel(1, c.i);
  double wterm = s_.spin(c.i) * c.li;
  if (c.j >= 0) {
    rvx += s_.vel(0, c.j);
    rvy += s_.vel(1, c.j);
    wterm += s_.spin(c.j) * c.lj;
  }
  vn = rvx * c.nx + rvy * c.ny;          // rate of the gap (> 0 separating)
  vt = rvx * tx + rvy * ty - wterm;      // slip of the other body relative to i, along t
}

void Engine::apply(const Contact& c, double dpn, double dpt) {
  const double tx = -c.ny, ty = c.nx;
  const double ix = dpn * c.nx + dpt * tx, iy = dpn * c.ny + dpt * ty;  // impulse on the other body
  s_.vel(0, c.i) -= s_.invMass(c.i) * ix;
  s_.vel(1, c.i) -= s_.invMass(c.i) * iy;
  s_.spin(c.i) -= s_.invInertia(c.i) * c.li * dpt;
  if (c.j >= 0) {
    s_.vel(0, c.j) += s_.invMass(c.j) * ix;
    s_.vel(1, c.j) += s_.invMass(c.j) * iy;
    s_.spin(c.j) -= s_.invInertia(c.j) * c.lj * dpt;
  }
}

StepReport Engine::solve() {
  StepReport rep;
  rep.contacts = static_cast<int>(contacts_.size());
  const double h = s_.h;
  // The local solution for contact c given its velocity (vn, vt) with its own impulse included.
  auto local = [&](const Contact& c, double vn, double vt, double& pn, double& pt) {
    const double un = vn - c.wnn * c.pn, ut = vt - c.wtt * c.pt;
    pn = std::max(0.0, -(un + std::max(0.0, c.gap) / h) / c.wnn);
    const double stick = -ut / c.wtt;
    const double limit = s_.mu * pn;
    pt = std::fabs(stick) <= limit ? stick : (stick > 0 ? limit : -limit);
  };
  std::vector<double> newPn(contacts_.size()), newPt(contacts_.size());
  for (int it = 1; it <= s_.maxIterations; ++it) {
    double worst = 0;
    if (s_.gaussSeidel) {
      for (Contact& c : contacts_) {
        double vn, vt, pn, pt;
        localVelocity(c, vn, vt);
        local(c, vn, vt, pn, pt);
        const double dpn = pn - c.pn, dpt = pt - c.pt;
        apply(c, dpn, dpt);
        c.pn = pn;
        c.pt = pt;
        worst = std::max(worst, std::fabs(dpn) * c.wnn + std::fabs(dpt) * c.wtt);
      }
    } else {
      for (std::size_t k = 0; k < contacts_.size(); ++k) {
        double vn, vt;
        localVelocity(contacts_[k], vn, vt);
        local(contacts_[k], vn, vt, newPn[k], newPt[k]);
      }
      const double w = s_.jacobiRelaxation;
      for (std::size_t k = 0; k < contacts_.size(); ++k) {
        Contact& c = contacts_[k];
        const double dpn = w * (newPn[k] - c.pn), dpt = w * (newPt[k] - c.pt);
        apply(c, dpn, dpt);
        c.pn += dpn;
        c.pt += dpt;
        worst = std::max(worst, std::fabs(dpn) * c.wnn + std::fabs(dpt) * c.wtt);
      }
    }
    rep.iterations = it;
    rep.residual = worst * h / meanRadius_;
    if (rep.residual < s_.tolerance) {
      rep.converged = true;
      break;
    }
  }
  return rep;
}

void Engine::freeVelocities() {
  for (int i = 0; i < s_.count(); ++i) {
    if (s_.invMass(i) == 0) continue;
    s_.vel(0, i) += s_.h * s_.gx;
    s_.vel(1, i) += s_.h * s_.gy;
  }
}

StepReport Engine::step() {
  const int n = s_.count();
  detect();
  freeVelocities();
  for (const Contact& c : contacts_) apply(c, c.pn, c.pt);  // warm start (zero without)
  const StepReport rep = solve();
  for (int i = 0; i < n; ++i) {
    if (s_.invMass(i) == 0) continue;
    s_.pos(0, i) += s_.h * s_.vel(0, i);
    s_.pos(1, i) += s_.h * s_.vel(1, i);
    s_.angle(i) += s_.h * s_.spin(i);
  }
  time_ += s_.h;
  return rep;
}

StepReport Engine::solveOnly() {
  detect();
  for (Contact& c : contacts_) c.pn = c.pt = 0;
  freeVelocities();
  return solve();
}

double runout(const std::vector<Contact>& contacts, const System& s, int mobileCount) {
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
  if (best < 0) return std::numeric_limits<double>::quiet_NaN();
  double front = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < mobileCount; ++i)
    if (find(i) == best) front = std::max(front, s.pos(0, i) + s.radius(i));
  return front;
}

}  // namespace granular::nscd
