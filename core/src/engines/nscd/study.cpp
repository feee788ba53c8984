#include "engines/nscd/study.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "util/detmath.hpp"
#include "util/json.hpp"

namespace granular::nscd {

namespace {
constexpr double kPi = 3.141592653589793;
constexpr double kG = 9.81;
// Upper bound on the packing fraction a deposit of discs reaches (random close packing of discs is
// about 0.82-0.84): the lattice is filled at least this much taller than the trimmed column.
constexpr double kMaxPacking = 0.84;

double meanSquareRadius(double rmin, double rmax) {
  if (rmax <= rmin) return rmin * rmin;
  return (rmax * rmax * rmax - rmin * rmin * rmin) / (3 * (rmax - rmin));  // E[r^2], r uniform
}

double maxTop(const System& s, int grains) {
  double top = -1e300;
  for (int i = 0; i < grains; ++i) top = std::max(top, s.pos(1, i) + s.radius(i));
  return top;
}

double minBottom(const System& s, int grains) {
  double bottom = 1e300;
  for (int i = 0; i < grains; ++i) bottom = std::min(bottom, s.pos(1, i) - s.radius(i));
  return bottom;
}
/// 1 for the grains of the largest grain-grain contact component (as runout() counts them), else 0.
std::vector<int> largestComponent(const std::vector<Contact>& contacts, int n) {
  std::vector<int> parent(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) parent[static_cast<std::size_t>(i)] = i;
  auto find = [&](int x) {
    while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
    return x;
  };
  for (const Contact& c : contacts) {
    if (c.j < 0 || c.i >= n || c.j >= n) continue;
    const int a = find(c.i), b = find(c.j);
    if (a != b) parent[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
  }
  std::vector<int> size(static_cast<std::size_t>(n), 0), member(static_cast<std::size_t>(n), 0);
  int best = -1;
  for (int i = 0; i < n; ++i) ++size[static_cast<std::size_t>(find(i))];
  for (int i = 0; i < n; ++i)
    if (best < 0 || size[static_cast<std::size_t>(i)] > size[static_cast<std::size_t>(best)]) best = i;
  for (int i = 0; i < n; ++i) member[static_cast<std::size_t>(i)] = find(i) == best ? 1 : 0;
  return member;
}
}  // namespace

AspectSetup aspectSetup(double aspect, const StudyParams& p) {
  AspectSetup s;
  s.aspect = aspect;
  if (!(aspect > 0)) return s;
  const double d = p.rmin + p.rmax;  // mean diameter
  s.widthGrains = std::max(p.minWidthGrains, p.minHeightGrains / aspect);
  s.heightGrains = aspect * s.widthGrains;
  s.width = s.widthGrains * d;
  s.height = s.heightGrains * d;
  ColumnSetup& c = s.column;
  c.rmin = p.rmin;
  c.rmax = p.rmax;
  c.density = p.density;
  c.mu = p.mu;
  c.rollingFriction = p.rollingFriction;
  c.restitution = p.restitution;
  c.seed = p.seed;
  c.h = p.h;
  c.tolerance = p.tolerance;
  c.maxIterations = p.maxIterations;
  c.gaussSeidel = p.gaussSeidel;
  c.gateAtWidth = true;
  c.floorRadius = p.floorRadius;
  c.floorGap = p.floorGap;
  c.alert = p.alert;
  c.width = s.width;
  const double pitch = latticePitch(c);
  const double latticePacking = kPi * meanSquareRadius(p.rmin, p.rmax) / (pitch * pitch);
  s.fillHeight = s.height * kMaxPacking / latticePacking + 2 * d;
  c.height = s.fillHeight;
  // Room to spread: three times the column's extent beyond it (the runouts measured are below half that).
  c.floorLength = s.width + 3 * (s.width + s.height);
  s.floorTop = p.floorRadius;  // the floor's discs are centred on y = 0
  return s;
}

CollapseResult runCollapse(double aspect, const StudyParams& p, const SampleCallback& onSample) {
  CollapseResult r;
  r.aspectTarget = aspect;
  AspectSetup setup = aspectSetup(aspect, p);
  if (!(aspect > 0)) {
    r.error = "aspect ratio must be positive";
    return r;
  }
  const double rmean = 0.5 * (p.rmin + p.rmax), d = 2 * rmean;
  const double mgR = p.density * kPi * rmean * rmean * kG * rmean;  // m g R of a mean grain

  // 1. Deposit the lattice behind the gate. The lattice fills whole pitches only, so a narrow column
  // (a few grains wide) loses up to a pitch of its width at the gate and its deposit can settle
  // lower than the column: then the lattice is made taller in proportion, with 5 % to spare, and
  // deposited again (at most twice). Columns whose first deposit is tall enough, the study's full
  // size among them, are not touched by this.
  Column column;
  for (int attempt = 0;; ++attempt) {
    std::string error;
    column = Column{};
    if (!buildColumn(setup.column, column, error)) {
      r.error = error;
      return r;
    }
    Engine engine(column.system);
    const double limit = p.maxSettleTime * std::sqrt(setup.fillHeight / kG);
    const double t = deposit(column, engine, p.settleEnergy * mgR, limit);
    r.settleTime = t;  // the deposit that is kept
    r.settleSteps = static_cast<long long>(std::llround(t / p.h));
    if (kineticEnergy(column.system, column.grains) >= p.settleEnergy * mgR * column.grains) {
      r.error = "the deposit did not settle within " + formatShort(limit) + " s";
      return r;
    }
    const double reached = maxTop(column.system, column.grains) - setup.floorTop;
    if (reached >= setup.height) break;
    if (attempt == 2 || !(reached > 0)) {
      // 2. (below) needs a deposit at least as high as the column
      r.error = "the deposit is lower than the column (" + formatShort(reached) + " m < " + formatShort(setup.height) + " m)";
      return r;
    }
    setup.fillHeight *= 1.05 * setup.height / reached;
    setup.column.height = setup.fillHeight;
  }
  // 2. Trim it to the column's height and let the cut surface settle.
  removeGrainsAbove(column, setup.floorTop + setup.height);
  Engine engine(column.system);
  {
    const double t = deposit(column, engine, p.settleEnergy * mgR, p.maxSettleTime * std::sqrt(setup.height / kG));
    r.settleTime += t;
    r.settleSteps += static_cast<long long>(std::llround(t / p.h));
    if (kineticEnergy(column.system, column.grains) >= p.settleEnergy * mgR * column.grains) {
      r.error = "the trimmed column did not settle";
      return r;
    }
  }
  const System& s = column.system;
  const int n = column.grains;
  r.grains = n;
  r.l0 = runout(engine.contacts(), s, n);
  r.h0 = maxTop(s, n) - setup.floorTop;
  r.aspect = r.h0 / r.l0;
  r.widthGrains = r.l0 / d;
  r.heightGrains = r.h0 / d;
  if (!(r.l0 > 0) || !(r.h0 > 0)) {
    r.error = "the settled column has no extent";
    return r;
  }
  const double timeUnit = std::sqrt(r.h0 / kG);

  // 3. Release and follow until the kinetic energy stays below the threshold.
  openGate(column);
  if (p.keepSeries) {
    for (int i = 0; i < s.count(); ++i) {
      r.released.x.push_back(s.pos(0, i));
      r.released.y.push_back(s.pos(1, i));
      r.released.radius.push_back(s.radius(i));
      r.released.mass.push_back(s.invMass(i) > 0 ? 1.0 / s.invMass(i) : 0.0);
    }
    r.released.walls = s.walls;
  }
  const long long sampleEvery = std::max<long long>(1, std::llround(p.outputInterval / p.h));
  const double stopEnergy = p.stopEnergy * mgR * n;
  const double lostBelow = fallenBelow(setup.floorTop, d);  // a grain this low fell off the floor's end
  double lastL = r.l0, quietSince = -1, iterations = 0;
  auto sample = [&](double t, const StepReport& rep, double ke) {
    CollapseSample c;
    c.time = t;
    const RunoutFront front = runoutFront(engine.contacts(), s, n);
    c.runout = front.position;
    c.frontVelocity = front.grain >= 0 ? s.vel(0, front.grain) : 0.0;  // as AvalancheWorld's samples
    c.kineticEnergy = ke;
    c.iterations = rep.iterations;
    c.residual = rep.residual;
    c.contacts = rep.contacts;
    lastL = c.runout;
    if (p.keepSeries) r.series.push_back(c);
    return onSample ? onSample(c) : true;
  };
  {
    CollapseSample c;
    c.runout = r.l0;
    c.kineticEnergy = kineticEnergy(s, n);
    if (p.keepSeries) r.series.push_back(c);
    if (onSample && !onSample(c)) {
      r.error = "cancelled";
      return r;
    }
  }
  for (;;) {
    const StepReport rep = engine.step();
    r.deepestOverlap = std::max(r.deepestOverlap, deepestOverlap(engine.contacts(), s));
    if (p.lockRotation) column.system.spin.head(n).setZero();
    ++r.steps;
    iterations += rep.iterations;
    const double t = static_cast<double>(r.steps) * p.h;
    const double ke = kineticEnergy(s, n);
    if (ke < stopEnergy) {
      if (quietSince < 0) quietSince = t;
    } else {
      quietSince = -1;
    }
    const bool stopped = t >= p.minStopTime * timeUnit && quietSince >= 0 && t - quietSince >= p.stopHold * timeUnit;
    const bool timeUp = t >= p.maxTime * timeUnit;
    if (r.steps % sampleEvery == 0 || stopped || timeUp) {
      if (!sample(t, rep, ke)) {
        r.error = "cancelled";
        return r;
      }
      if (minBottom(s, n) < lostBelow) {
        r.error = "grains fell off the end of the floor";
        return r;
      }
    }
    if (stopped) {
      r.stopTime = quietSince;
      break;
    }
    if (timeUp) {
      r.error = "the flow did not stop within " + formatShort(p.maxTime) + " sqrt(H0/g)";
      r.stopTime = t;
      break;
    }
  }
  r.runout = lastL;
  if (p.keepSeries) {
    r.finalComponent = largestComponent(engine.contacts(), n);
    for (int i = 0; i < n; ++i) {
      r.finalX.push_back(s.pos(0, i));
      r.finalY.push_back(s.pos(1, i));
      r.finalRadius.push_back(s.radius(i));
    }
  }
  r.relativeRunout = (r.runout - r.l0) / r.l0;
  r.stopTimeScaled = r.stopTime / timeUnit;
  r.meanIterations = r.steps ? iterations / static_cast<double>(r.steps) : 0.0;
  r.ok = r.error.empty();
  return r;
}

SlopeFit fitLogLog(const std::vector<double>& x, const std::vector<double>& y) {
  SlopeFit f;
  const std::size_t n = std::min(x.size(), y.size());
  double sx = 0, sy = 0;
  std::vector<double> lx, ly;
  for (std::size_t k = 0; k < n; ++k) {
    if (!(x[k] > 0) || !(y[k] > 0)) continue;
    lx.push_back(detmath::log(x[k]));
    ly.push_back(detmath::log(y[k]));
    sx += lx.back();
    sy += ly.back();
  }
  f.points = static_cast<int>(lx.size());
  if (f.points < 2) return f;
  const double mx = sx / f.points, my = sy / f.points;
  double sxx = 0, sxy = 0;
  for (std::size_t k = 0; k < lx.size(); ++k) {
    sxx += (lx[k] - mx) * (lx[k] - mx);
    sxy += (lx[k] - mx) * (ly[k] - my);
  }
  if (!(sxx > 0)) return f;
  f.slope = sxy / sxx;
  f.intercept = std::exp(my - f.slope * mx);
  f.ok = true;
  return f;
}

StudyVerdict judgeStudy(const std::vector<CollapseResult>& results) {
  StudyVerdict v;
  struct Sum {
    double aspect = 0, runout = 0;
    int count = 0;
  };
  std::map<double, Sum> byTarget;  // ordered: deterministic
  for (const CollapseResult& r : results) {
    if (!r.ok) {
      v.reason = "a = " + formatShort(r.aspectTarget) + " failed: " + r.error;
      return v;
    }
    Sum& s = byTarget[r.aspectTarget];
    s.aspect += r.aspect;
    s.runout += r.relativeRunout;
    ++s.count;
  }
  std::vector<double> xs, ys, xl, yl;
  for (const auto& [target, s] : byTarget) {
    if (target <= 1.5) {
      xs.push_back(s.aspect / s.count);
      ys.push_back(s.runout / s.count);
    } else if (target >= 4) {
      xl.push_back(s.aspect / s.count);
      yl.push_back(s.runout / s.count);
    }
  }
  v.small = fitLogLog(xs, ys);
  v.large = fitLogLog(xl, yl);
  v.smallPass = v.small.ok && std::fabs(v.small.slope - 1.0) <= 0.15;
  v.largePass = v.large.ok && std::fabs(v.large.slope - 2.0 / 3.0) <= 0.12;
  v.pass = v.smallPass && v.largePass;
  if (!v.small.ok) v.reason = "need two aspect ratios a <= 1.5 for the small-a slope";
  else if (!v.large.ok) v.reason = "need two aspect ratios a >= 4 for the large-a slope";
  else if (!v.smallPass) v.reason = "small-a slope " + formatShort(v.small.slope) + " outside 1 +- 0.15";
  else if (!v.largePass) v.reason = "large-a slope " + formatShort(v.large.slope) + " outside 2/3 +- 0.12";
  return v;
}

namespace {
Json fitJson(const SlopeFit& f) {
  Json j = Json::object();
  j.set("slope", f.ok ? Json::number(f.slope) : Json::null());
  j.set("prefactor", f.ok ? Json::number(f.intercept) : Json::null());
  j.set("points", Json::number(f.points));
  return j;
}
}  // namespace

std::string collapseResultJson(const CollapseResult& r) {
  Json j = Json::object();
  j.set("ok", Json::boolean(r.ok));
  if (!r.error.empty()) j.set("error", Json::string(r.error));
  j.set("aspectTarget", Json::number(r.aspectTarget));
  j.set("aspect", Json::number(r.aspect));
  j.set("L0", Json::number(r.l0));
  j.set("H0", Json::number(r.h0));
  j.set("widthGrains", Json::number(r.widthGrains));
  j.set("heightGrains", Json::number(r.heightGrains));
  j.set("grains", Json::number(r.grains));
  j.set("runout", Json::number(r.runout));
  j.set("relativeRunout", Json::number(r.relativeRunout));
  j.set("stopTime", Json::number(r.stopTime));
  j.set("stopTimeScaled", Json::number(r.stopTimeScaled));
  j.set("settleTime", Json::number(r.settleTime));
  j.set("steps", Json::number(static_cast<double>(r.steps)));
  j.set("settleSteps", Json::number(static_cast<double>(r.settleSteps)));
  j.set("meanIterations", Json::number(r.meanIterations));
  j.set("deepestOverlap", Json::number(r.deepestOverlap));
  if (!r.series.empty()) {
    Json t = Json::array(), l = Json::array(), v = Json::array(), e = Json::array(), it = Json::array(), res = Json::array();
    for (const CollapseSample& c : r.series) {
      t.push(Json::number(c.time));
      l.push(Json::number(c.runout));
      v.push(Json::number(c.frontVelocity));
      e.push(Json::number(c.kineticEnergy));
      it.push(Json::number(c.iterations));
      res.push(Json::number(c.residual));
    }
    Json series = Json::object();
    series.set("time", std::move(t));
    series.set("runout", std::move(l));
    series.set("frontVelocity", std::move(v));
    series.set("kineticEnergy", std::move(e));
    series.set("iterations", std::move(it));
    series.set("residual", std::move(res));
    j.set("series", std::move(series));
  }
  if (!r.finalX.empty()) {
    Json comp = Json::array();
    for (int member : r.finalComponent) comp.push(Json::number(member));
    Json deposit = Json::object();
    deposit.set("x", Json::numbers(r.finalX));
    deposit.set("y", Json::numbers(r.finalY));
    deposit.set("radius", Json::numbers(r.finalRadius));
    deposit.set("mainMass", std::move(comp));
    j.set("deposit", std::move(deposit));
  }
  if (!r.released.x.empty()) {
    Json walls = Json::array();
    for (const Segment& w : r.released.walls) walls.push(Json::numbers({w.ax, w.ay, w.bx, w.by}));
    Json released = Json::object();
    released.set("x", Json::numbers(r.released.x));
    released.set("y", Json::numbers(r.released.y));
    released.set("radius", Json::numbers(r.released.radius));
    released.set("mass", Json::numbers(r.released.mass));
    released.set("walls", std::move(walls));
    j.set("released", std::move(released));
  }
  return j.dump();
}

std::string studyVerdictJson(const StudyVerdict& v) {
  Json j = Json::object();
  j.set("pass", Json::boolean(v.pass));
  j.set("small", fitJson(v.small));
  j.set("smallPass", Json::boolean(v.smallPass));
  j.set("large", fitJson(v.large));
  j.set("largePass", Json::boolean(v.largePass));
  if (!v.reason.empty()) j.set("reason", Json::string(v.reason));
  return j.dump();
}

std::string studyParamsJson(const StudyParams& p) {
  Json j = Json::object();
  j.set("rmin", Json::number(p.rmin));
  j.set("rmax", Json::number(p.rmax));
  j.set("density", Json::number(p.density));
  j.set("mu", Json::number(p.mu));
  j.set("rollingFriction", Json::number(p.rollingFriction));
  j.set("restitution", Json::number(p.restitution));
  j.set("h", Json::number(p.h));
  j.set("alert", Json::number(p.alert));
  j.set("stopEnergy", Json::number(p.stopEnergy));
  j.set("stopHold", Json::number(p.stopHold));
  j.set("minStopTime", Json::number(p.minStopTime));
  j.set("maxTime", Json::number(p.maxTime));
  j.set("gravity", Json::number(kG));
  return j.dump();
}

}  // namespace granular::nscd
