#include <algorithm>
#include <cmath>

#include "engines/nscd/column.hpp"
#include "engines/nscd/nscd.hpp"
#include "geometry/contact.hpp"
#include "granular/avalanche.hpp"
#include "util/hash.hpp"
#include "util/json.hpp"

namespace granular {

namespace {

constexpr double kPi = 3.141592653589793;
constexpr int kMinSettleSteps = 50;  // let the column start to move before judging it settled (and settleMinTime_)

std::string num(double x) { return formatNumber(x); }

nscd::ColumnSetup columnSetup(const AvalancheScenarioSpec& s) {
  nscd::ColumnSetup c;
  c.width = s.columnWidth;
  c.height = s.columnHeight;
  c.rmin = s.rmin;
  c.rmax = s.rmax;
  c.density = s.density;
  c.mu = s.mu;
  c.rollingFriction = s.rollingFriction;
  c.restitution = s.restitution;
  c.floorLength = s.floorLength;
  c.floorRadius = avalancheFloorRadius(s);
  c.floorGap = s.floorGap;
  c.seed = s.seed;
  c.h = s.timeStep;
  c.tolerance = s.tolerance;
  c.maxIterations = s.maxIterations;
  c.gaussSeidel = s.solver != "jacobi";
  return c;
}

/// Set-ups that read well but cannot be built: a column thinner than a grain, a floor shorter than
/// the column, too many grains or floor discs. Checked before anything is allocated.
bool checkSetup(const AvalancheScenarioSpec& s, std::vector<Issue>& errors) {
  const std::size_t before = errors.size();
  const double d = 2 * s.rmax;
  // the grains start on a square lattice of this pitch: a column narrower or lower holds none
  const double pitch = nscd::latticePitch(columnSetup(s));
  if (!(s.columnWidth >= pitch))
    errors.push_back(Issue{"column.width", num(s.columnWidth),
                           "must hold one grain: at least the lattice pitch, 2.04 times grains.rmax = " + formatShort(pitch) + " m"});
  if (!(s.columnHeight >= pitch))
    errors.push_back(Issue{"column.height", num(s.columnHeight),
                           "must hold one grain: at least the lattice pitch, 2.04 times grains.rmax = " + formatShort(pitch) + " m"});
  if (!(s.floorLength > s.columnWidth))
    errors.push_back(Issue{"floor.length", num(s.floorLength), "must exceed column.width = " + num(s.columnWidth) + " m"});
  const double grains = std::floor(s.columnWidth / d) * std::floor(s.columnHeight / d);
  if (grains > kMaxAvalancheGrains)
    errors.push_back(Issue{"column", num(s.columnWidth) + " m x " + num(s.columnHeight) + " m",
                           "holds about " + formatCount(grains) + " grains of radius up to " + num(s.rmax) + " m (limit " +
                               formatCount(kMaxAvalancheGrains) + "): use larger grains or a smaller column"});
  const double floorR = avalancheFloorRadius(s);
  const double floorDiscs = nscd::floorDiscCount(columnSetup(s));  // buildColumn's own count and limit
  if (!(floorDiscs <= nscd::kMaxFloorDiscs))
    errors.push_back(Issue{"floor.length", num(s.floorLength),
                           "needs " + formatCount(floorDiscs) + " floor discs of radius " +
                               (s.hasFloorRadius ? "floor.radius" : "grains.rmin") + " = " + num(floorR) + " m" +
                               (s.floorGap > 0 ? " spaced floor.gap = " + num(s.floorGap) + " m apart" : "") + " (limit " +
                               formatCount(nscd::kMaxFloorDiscs) + "): shorten the floor" +
                               (s.hasFloorRadius ? ", or use larger floor discs" : ", or set floor.radius larger than grains.rmin")});
  return errors.size() == before;
}

/// Imported segments that pass through the column as built (the lattice behind the gate, before it
/// settles): a grain would start inside the boundary, which the solver can only push out at once, as
/// an explosion. Each such segment is named with the grain it cuts (the first few, then a count).
/// The grains are binned in cells of one diameter; a segment visits only the cells along it.
bool checkSegmentsClear(const AvalancheScenarioSpec& s, const nscd::Column& column, std::vector<Issue>& errors) {
  const nscd::System& sys = column.system;
  const int n = column.grains;
  if (s.segments.empty() || n == 0) return true;
  double x0 = sys.pos(0, 0), x1 = x0, y0 = sys.pos(1, 0), y1 = y0, rmax = 0;
  for (int i = 0; i < n; ++i) {
    x0 = std::min(x0, sys.pos(0, i));
    x1 = std::max(x1, sys.pos(0, i));
    y0 = std::min(y0, sys.pos(1, i));
    y1 = std::max(y1, sys.pos(1, i));
    rmax = std::max(rmax, sys.radius(i));
  }
  const double cell = 2 * rmax;
  const int nx = static_cast<int>(std::floor((x1 - x0) / cell)) + 1, ny = static_cast<int>(std::floor((y1 - y0) / cell)) + 1;
  std::vector<int> start(static_cast<std::size_t>(nx) * ny + 1, 0), order(static_cast<std::size_t>(n));
  auto cellOf = [&](int i) {
    const int cx = std::min(nx - 1, static_cast<int>((sys.pos(0, i) - x0) / cell));
    const int cy = std::min(ny - 1, static_cast<int>((sys.pos(1, i) - y0) / cell));
    return static_cast<std::size_t>(cy) * nx + cx;
  };
  for (int i = 0; i < n; ++i) ++start[cellOf(i) + 1];
  for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  {
    std::vector<int> fill(start.begin(), start.end() - 1);
    for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(fill[cellOf(i)]++)] = i;
  }
  // the cell of a coordinate, clamped in floating point first: a segment 1e4 m away over cells of
  // a micrometre is more cells than an int holds
  auto cellIndex = [cell](double v, double origin, int count) {
    return static_cast<int>(std::min(static_cast<double>(count - 1), std::max(0.0, std::floor((v - origin) / cell))));
  };
  constexpr int kNamed = 5;
  int crossing = 0;
  for (std::size_t k = 0; k < s.segments.size(); ++k) {
    const auto& g = s.segments[k];
    int hit = -1;
    // rows of cells whose band (grown by a radius) the segment reaches, and in each row the
    // columns its stretch inside that band covers
    const double sy0 = std::min(g[1], g[3]) - rmax, sy1 = std::max(g[1], g[3]) + rmax;
    if (sy1 < y0 - rmax || sy0 > y1 + rmax) continue;
    const int r0 = cellIndex(sy0, y0, ny), r1 = cellIndex(sy1, y0, ny);
    for (int row = r0; row <= r1 && hit < 0; ++row) {
      const double b0 = y0 + row * cell - rmax, b1 = y0 + (row + 1) * cell + rmax;
      double t0 = 0, t1 = 1;
      const double ey = g[3] - g[1];
      if (ey != 0) {
        double ta = (b0 - g[1]) / ey, tb = (b1 - g[1]) / ey;
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
      } else if (g[1] < b0 || g[1] > b1) {
        continue;
      }
      if (t0 > t1) continue;
      const double xa = g[0] + t0 * (g[2] - g[0]), xb = g[0] + t1 * (g[2] - g[0]);
      if (std::max(xa, xb) + rmax < x0 || std::min(xa, xb) - rmax > x1) continue;
      const int c0 = cellIndex(std::min(xa, xb) - rmax, x0, nx), c1 = cellIndex(std::max(xa, xb) + rmax, x0, nx);
      for (int c = c0; c <= c1 && hit < 0; ++c) {
        const std::size_t id = static_cast<std::size_t>(row) * nx + c;
        for (int q = start[id]; q < start[id + 1]; ++q) {
          const int i = order[static_cast<std::size_t>(q)];
          const geom::Vec2 p{sys.pos(0, i), sys.pos(1, i)};
          const geom::Vec2 d = p - geom::closestPointOnSegment(p, {g[0], g[1]}, {g[2], g[3]});
          if (geom::dot(d, d) < sys.radius(i) * sys.radius(i)) {
            hit = i;
            break;
          }
        }
      }
    }
    if (hit < 0) continue;
    if (++crossing > kNamed) continue;
    Json seg = Json::array();
    for (double v : g) seg.push(Json::number(v));
    errors.push_back(Issue{"boundary.segments[" + std::to_string(k) + "]", seg.dump(),
                           "passes through the column (x from 0 to column.width = " + num(s.columnWidth) +
                               " m): the grain at (" + formatShort(sys.pos(0, hit)) + ", " + formatShort(sys.pos(1, hit)) +
                               ") m, radius " + formatShort(sys.radius(hit)) +
                               " m, would start inside it: move the segment clear of the column"});
  }
  if (crossing > kNamed)
    errors.push_back(Issue{"boundary.segments", std::to_string(s.segments.size()) + " segments",
                           "and " + std::to_string(crossing - kNamed) + " more segments pass through the column"});
  return crossing == 0;
}

std::string report(const std::vector<Issue>& errors, const AvalancheScenarioSpec* spec) {
  return issuesReportJson(errors, errors.empty() && spec ? avalancheScenarioToJson(*spec) : Json::null());
}

}  // namespace

struct AvalancheWorld::Impl {
  nscd::Column column;
  std::unique_ptr<nscd::Engine> engine;
  double peakEnergy = 0;  // J, largest kinetic energy since the gate opened
};

std::string validateAvalancheScenarioJson(const std::string& json) {
  AvalancheWorld world(json);
  return world.reportJson();
}

AvalancheWorld::AvalancheWorld(const std::string& scenarioJson) {
  if (!readAvalancheScenario(scenarioJson, spec_, errors_)) return;
  if (!checkSetup(spec_, errors_)) return;
  impl_ = std::make_unique<Impl>();
  std::string error;
  if (!nscd::buildColumn(columnSetup(spec_), impl_->column, error)) {
    errors_.push_back(Issue{"column", "", error});
    impl_.reset();
    return;
  }
  if (!checkSegmentsClear(spec_, impl_->column, errors_)) {
    impl_.reset();
    return;
  }
  nscd::System& sys = impl_->column.system;
  sys.gx = 0;
  sys.gy = -spec_.gravity;
  sys.warmStart = spec_.warmStart;
  sys.jacobiRelaxation = spec_.relaxation;
  for (const auto& p : spec_.segments) sys.walls.push_back(nscd::Segment{p[0], p[1], p[2], p[3]});
  impl_->engine = std::make_unique<nscd::Engine>(sys);
  summary_.grains = impl_->column.grains;
  const double r = 0.5 * (spec_.rmin + spec_.rmax), mgr = spec_.density * kPi * r * r * spec_.gravity * r;
  settleEnergy_ = spec_.settleThreshold * mgr * summary_.grains;
  stopEnergy_ = spec_.stopThreshold * mgr * summary_.grains;
  settleMinTime_ = summary_.grains > 0 ? nscd::settleMinTime(impl_->column, settleEnergy_ / summary_.grains) : 0;
  if (spec_.settleMaxTime <= 0) openGate();
}

AvalancheWorld::~AvalancheWorld() = default;

std::string AvalancheWorld::reportJson() const { return report(errors_, &spec_); }
std::string AvalancheWorld::scenarioJson() const { return avalancheScenarioToJson(spec_).dump(); }

int AvalancheWorld::grains() const { return impl_ ? impl_->column.grains : 0; }
int AvalancheWorld::bodies() const { return impl_ ? impl_->column.system.count() : 0; }

namespace {
const nscd::System& emptySystem() {
  static const nscd::System s;
  return s;
}
}  // namespace

const Eigen::Matrix2Xd& AvalancheWorld::positions() const { return (impl_ ? impl_->column.system : emptySystem()).pos; }
const Eigen::Matrix2Xd& AvalancheWorld::velocities() const { return (impl_ ? impl_->column.system : emptySystem()).vel; }
const Eigen::VectorXd& AvalancheWorld::angles() const { return (impl_ ? impl_->column.system : emptySystem()).angle; }
const Eigen::VectorXd& AvalancheWorld::spins() const { return (impl_ ? impl_->column.system : emptySystem()).spin; }
const Eigen::VectorXd& AvalancheWorld::radii() const { return (impl_ ? impl_->column.system : emptySystem()).radius; }

double AvalancheWorld::time() const {
  if (!impl_) return 0;
  // Counted in steps (one rounding), so output instants fall on multiples of the interval.
  const double h = spec_.timeStep;
  return phase_ == Phase::Settling ? static_cast<double>(summary_.settleSteps) * h - spec_.settleMaxTime
                                   : static_cast<double>(summary_.steps) * h;
}

std::vector<double> AvalancheWorld::walls() const {
  std::vector<double> out;
  if (!impl_) return out;
  for (const auto& w : impl_->column.system.walls) out.insert(out.end(), {w.ax, w.ay, w.bx, w.by});
  return out;
}

std::vector<double> AvalancheWorld::contactLines() const {
  std::vector<double> out;
  if (!impl_) return out;
  const nscd::System& s = impl_->column.system;
  for (const nscd::Contact& c : impl_->engine->contacts()) {
    const double x1 = s.pos(0, c.i), y1 = s.pos(1, c.i);
    double x2, y2;
    if (c.j >= 0) {
      x2 = s.pos(0, c.j);
      y2 = s.pos(1, c.j);
    } else {  // the contact point on the wall
      const double reach = s.radius(c.i) + c.gap;
      x2 = x1 + reach * c.nx;
      y2 = y1 + reach * c.ny;
    }
    out.insert(out.end(), {x1, y1, x2, y2, c.pn});
  }
  return out;
}

void AvalancheWorld::openGate() {
  nscd::Column& col = impl_->column;
  nscd::openGate(col);
  phase_ = Phase::Flowing;
  gateTime_ = impl_->engine->time();
  summary_.settleTime = gateTime_;
  const nscd::System& s = col.system;
  double top = 0;
  for (int i = 0; i < col.grains; ++i) top = std::max(top, s.pos(1, i) + s.radius(i));
  summary_.h0 = top - avalancheFloorRadius(spec_);  // above the tops of the floor discs (centres at y = 0)
  sample();
  summary_.l0 = samples_.back().runout;
  summary_.aspect = summary_.l0 > 0 ? summary_.h0 / summary_.l0 : 0;
}

double AvalancheWorld::flowEnergy() {
  // the floor's discs are centred on y = 0: their tops at y = their radius
  const double below = nscd::fallenBelow(avalancheFloorRadius(spec_), spec_.rmin + spec_.rmax);
  const double e = nscd::kineticEnergyAbove(impl_->column.system, impl_->column.grains, below, &summary_.fallen);
  // the floor's discs run from x = 0 to floor.length
  summary_.fallenThrough = summary_.fallen > 0 ? nscd::grainsThroughFloor(impl_->column.system, impl_->column.grains, below, spec_.floorLength) : 0;
  return e;
}

void AvalancheWorld::sample() {
  const nscd::Column& col = impl_->column;
  const nscd::System& s = col.system;
  AvalancheSample smp;
  smp.time = time();
  const nscd::RunoutFront front = nscd::runoutFront(impl_->engine->contacts(), s, col.grains);
  const double l = front.position;
  smp.runout = l;
  // the front grain's own velocity: the runout's change between samples would jump whenever the
  // largest cluster gains or loses its front grains, faster than any grain moves
  smp.frontVelocity = front.grain >= 0 ? s.vel(0, front.grain) : 0.0;
  smp.kineticEnergy = flowEnergy();
  smp.iterations = intervalMaxIterations_;
  smp.meanIterations = intervalSteps_ ? static_cast<double>(intervalIterations_) / static_cast<double>(intervalSteps_) : 0.0;
  smp.residual = lastResidual_;
  smp.contacts = static_cast<int>(impl_->engine->contacts().size());
  samples_.push_back(smp);
  summary_.runout = l;
  // once reached, the village stays reached (a front grain that later leaves the main mass does not undo it)
  if (spec_.hasVillage && summary_.villageReachedAt < 0 && l >= spec_.village) summary_.villageReachedAt = smp.time;
  intervalSteps_ = intervalIterations_ = 0;
  intervalMaxIterations_ = 0;
}

void AvalancheWorld::noteOverlaps() {
  // The contacts of the step just taken, with their gaps at its start: time() is still the step's start
  // until the caller counts it, so the instant recorded is when the overlap was there.
  const double depth = nscd::deepestOverlap(impl_->engine->contacts(), impl_->column.system);
  if (depth > summary_.deepestOverlap) {
    summary_.deepestOverlap = depth;
    summary_.deepestOverlapTime = time();
  }
}

double AvalancheWorld::nextOutputTime() const {
  return std::min(static_cast<double>(clock_.index + 1) * spec_.outputInterval, spec_.duration);
}

AdvanceStatus AvalancheWorld::advance(std::int64_t maxSteps) {
  if (!impl_) return AdvanceStatus::Stopped;
  if (clock_.finished) return AdvanceStatus::Finished;
  if (maxSteps < 1) maxSteps = 1;
  nscd::Engine& engine = *impl_->engine;
  const nscd::System& s = impl_->column.system;
  const double h = spec_.timeStep;
  auto step = [&]() {
    const nscd::StepReport r = engine.step();
    noteOverlaps();
    lastIterations_ = r.iterations;
    lastResidual_ = r.residual;
    if (!r.converged) ++summary_.unconverged;
    ++intervalSteps_;
    intervalIterations_ += r.iterations;
    intervalMaxIterations_ = std::max(intervalMaxIterations_, r.iterations);
  };
  if (phase_ == Phase::Settling) {
    for (std::int64_t k = 0; k < maxSteps; ++k) {
      step();
      ++summary_.settleSteps;
      const bool calm = summary_.settleSteps > kMinSettleSteps && static_cast<double>(summary_.settleSteps) * h >= settleMinTime_ &&
                        nscd::kineticEnergy(s, impl_->column.grains) < settleEnergy_;
      if (calm || engine.time() >= spec_.settleMaxTime - 0.5 * h) {
        intervalSteps_ = intervalIterations_ = 0;
        intervalMaxIterations_ = 0;
        openGate();
        return AdvanceStatus::Output;
      }
    }
    return AdvanceStatus::Budget;
  }
  const double target = nextOutputTime();
  // The flow has stopped when the kinetic energy falls below the threshold after it has risen
  // well above it, or after 2 sqrt(H0 / g) if it never did (a column too flat to collapse).
  const double quiet = 2 * std::sqrt(summary_.h0 / spec_.gravity);
  for (std::int64_t k = 0; k < maxSteps; ++k) {
    if (time() >= target - 0.5 * h) {
      ++clock_.index;
      sample();
      if (target >= spec_.duration) clock_.finished = true;
      return AdvanceStatus::Output;
    }
    step();
    ++summary_.steps;
    summary_.iterations += lastIterations_;
    const double ke = flowEnergy();
    impl_->peakEnergy = std::max(impl_->peakEnergy, ke);
    if (ke < stopEnergy_ && (impl_->peakEnergy > 10 * stopEnergy_ || time() > quiet)) {
      phase_ = Phase::Stopped;
      summary_.collapseTime = time();
      ++clock_.index;
      sample();
      clock_.finished = true;
      return AdvanceStatus::Finished;
    }
  }
  return AdvanceStatus::Budget;
}

std::uint64_t AvalancheWorld::hashState() const {
  std::uint64_t h = kFnvOffset;
  if (!impl_) return h;
  const nscd::System& s = impl_->column.system;
  const double t = impl_->engine->time();
  fnv1a(h, &t, sizeof t);
  const auto bytes = [](Eigen::Index n) { return sizeof(double) * static_cast<std::size_t>(n); };
  fnv1a(h, s.pos.data(), bytes(s.pos.size()));
  fnv1a(h, s.vel.data(), bytes(s.vel.size()));
  fnv1a(h, s.angle.data(), bytes(s.angle.size()));
  fnv1a(h, s.spin.data(), bytes(s.spin.size()));
  return h;
}

std::string AvalancheWorld::hashHex() const { return hex16(hashState()); }

}  // namespace granular
