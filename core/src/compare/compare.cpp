// The comparison family (issue 6 §1): one neutral set-up, three engines side by side.
//
// translate() turns a CompareScenarioSpec into discs (centre, velocity; diameter 1 m, mass 1 kg),
// walls and gravity, then into the event engine's scenario JSON, the soft engine's scenario JSON
// and an nscd::System. The engines never see each other: World and SoftWorld read their own
// scenario text, NSCD gets its System. The exact reference of the pair and the row is the chain
// engine (1D, exact binary collisions), which also sets the automatic run length and the view.
//
// Units: SI throughout. The row is ARGESIM C12 (REFERENCE §1) with d = 1 m, m = 1 kg, gaps in m
// and v0 in m/s; everything else uses the same discs, so one stiffness and one time step suit all.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "engines/chain/chain.hpp"
#include "engines/engine.hpp"
#include "engines/nscd/nscd.hpp"
#include "granular/compare.hpp"
#include "granular/soft.hpp"
#include "granular/world.hpp"
#include "scenario/reader.hpp"
#include "util/hash.hpp"
#include "util/json.hpp"
#include "util/rng.hpp"

namespace granular {

const char* compareEngineName(int engine) {
  switch (engine) {
    case 0: return "event-driven";
    case 1: return "soft (Hunt-Crossley)";
    case 2: return "NSCD (Moreau-Jean)";
    default: return "";
  }
}

namespace {

constexpr double kPi = 3.141592653589793;
constexpr double kGasAreaFraction = 0.2;
constexpr double kNscdTolerance = 1e-10;  // of the mean radius: velocity corrections below 1e-10 R / h
constexpr int kNscdMaxIterations = 2000;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string num(double x) { return formatNumber(x); }

struct DiscInit {
  double x = 0, y = 0, vx = 0, vy = 0;
};

/// The neutral set-up: what every engine starts from.
struct Setup {
  std::vector<DiscInit> discs;
  bool box = false;            // gas and pile: a box from (0, 0) to (width, height)
  double width = 0, height = 0;
  double gravity = 0;          // m/s^2, downwards
  double duration = 0;         // s, resolved
  std::array<double, 4> view{};  // xmin, ymin, xmax, ymax (m)
  // the pair and the row: the exact 1D answer (chain engine)
  bool hasExact = false;
  chain::Result exact;
};

chain::Setup chainSetup(const Setup& s, double e) {
  chain::Setup c;
  const std::size_t n = s.discs.size();
  c.diameter.assign(n, 2 * kCompareRadius);
  c.mass.assign(n, kCompareMass);
  for (const DiscInit& d : s.discs) {
    c.position.push_back(d.x);
    c.velocity.push_back(d.vx);
  }
  c.restitution.assign(n - 1, e);
  c.maxLog = 0;
  return c;
}

/// The region to draw for a row of discs on y = 0: where they start and where the exact answer
/// has them at the end, with a margin; at least a tenth as tall as wide.
std::array<double, 4> rowView(const Setup& s) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const DiscInit& d : s.discs) {
    lo = std::min(lo, d.x);
    hi = std::max(hi, d.x);
  }
  if (s.hasExact) {
    for (std::size_t k = 0; k < s.exact.finalPosition.size(); ++k) {
      const double x = s.exact.finalPosition[k] + s.exact.finalVelocity[k] * std::max(0.0, s.duration - s.exact.endTime);
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
  }
  lo -= kCompareRadius + 0.25;
  hi += kCompareRadius + 0.25;
  const double half = std::max(kCompareRadius + 0.25, 0.05 * (hi - lo));
  return {lo, -half, hi, half};
}

bool translate(const CompareScenarioSpec& spec, Setup& s, std::vector<Issue>& errors) {
  const double e = spec.restitution;
  const double d = 2 * kCompareRadius;
  if (spec.kind == "head-on" || spec.kind == "row") {
    if (spec.kind == "head-on") {
      s.discs.push_back({0, 0, 0.5 * spec.speed, 0});
      s.discs.push_back({d + spec.gap, 0, -0.5 * spec.speed, 0});
    } else {
      for (int k = 0; k < 4; ++k) s.discs.push_back({k * (d + spec.gap), 0, k == 0 ? spec.speed : 0.0, 0});
    }
    const std::string problem = chain::check(chainSetup(s, e));
    if (!problem.empty()) {
      errors.push_back(Issue{"setup", "", problem});
      return false;
    }
    s.exact = chain::simulate(chainSetup(s, e));
    s.hasExact = true;
    // automatic length: the exact answer's last collision and as long again as it takes to cross a gap
    s.duration = spec.duration > 0 ? spec.duration
                                   : std::min(1000.0, 1.25 * s.exact.endTime + 2 * (d + spec.gap) / spec.speed);
    s.view = rowView(s);
    return true;
  }
  Rng rng(spec.seed);
  if (spec.kind == "gas") {
    // Random placement at area fraction 0.2 and Maxwell velocities of rms `speed`, by the gas
    // engine's own generator (its World is only asked for the initial state).
    const double side = std::sqrt(spec.count * kPi * kCompareRadius * kCompareRadius / kGasAreaFraction);
    Json g = Json::object();
    g.set("schema", Json::number(kSchemaVersion));
    g.set("seed", Json::number(static_cast<double>(spec.seed)));
    Json box = Json::object();
    box.set("width", Json::number(side));
    box.set("height", Json::number(side));
    Json domain = Json::object();
    domain.set("box", std::move(box));
    g.set("domain", std::move(domain));
    Json gen = Json::object();
    gen.set("count", Json::number(spec.count));
    gen.set("radius", Json::number(kCompareRadius));
    gen.set("speed", Json::number(spec.speed));
    gen.set("placement", Json::string("random"));
    g.set("generate", std::move(gen));
    World w(g.dump());
    if (!w.ok()) {
      for (const Issue& i : w.errors()) errors.push_back(Issue{"setup", "", "the gas could not be placed: " + i.text()});
      return false;
    }
    for (int i = 0; i < w.count(); ++i)
      s.discs.push_back({w.positions()(0, i), w.positions()(1, i), w.velocities()(0, i), w.velocities()(1, i)});
    s.box = true;
    s.width = s.height = side;
    s.duration = spec.duration > 0 ? spec.duration : std::min(1000.0, 10.0 / spec.speed);
  } else {  // pile: a loose lattice above the floor, random velocities of magnitude `speed`, falling
    const int n = spec.count;
    const int cols = std::max(2, static_cast<int>(std::lround(std::sqrt(static_cast<double>(n)))));
    const int rows = (n + cols - 1) / cols;
    const double pitchX = 1.15, pitchY = 1.3, jitter = 0.05;
    s.width = cols * pitchX + 0.35;
    s.height = 1.0 + (rows - 1) * pitchY + kCompareRadius + 1.5;
    for (int k = 0; k < n; ++k) {
      const int r = k / cols, c = k % cols;
      DiscInit disc;
      disc.x = 0.175 + kCompareRadius + c * pitchX + rng.uniform(-jitter, jitter);
      disc.y = 1.0 + r * pitchY;
      double ux, uy;
      rng.unitVector(ux, uy);
      disc.vx = spec.speed * ux;
      disc.vy = spec.speed * uy;
      s.discs.push_back(disc);
    }
    s.box = true;
    s.gravity = spec.gravity;
    const double fall = spec.gravity > 0 ? std::sqrt(2 * s.height / spec.gravity) : 0.0;
    s.duration = spec.duration > 0 ? spec.duration : std::min(1000.0, fall + 3.0);
  }
  s.view = {0, 0, s.width, s.height};
  return true;
}

// What the event and soft scenarios share, piece by piece (each builder keeps its own key order).
Json scenarioHead(const CompareScenarioSpec& spec, const char* engine, const char* label) {
  Json o = Json::object();
  o.set("schema", Json::number(kSchemaVersion));
  o.set("name", Json::string(spec.name + " — " + label));
  o.set("engine", Json::string(engine));
  o.set("seed", Json::number(static_cast<double>(spec.seed)));
  return o;
}

Json boxDomain(const Setup& s) {
  Json box = Json::object();
  box.set("width", Json::number(s.width));
  box.set("height", Json::number(s.height));
  Json domain = Json::object();
  domain.set("box", std::move(box));
  return domain;
}

Json discList(const Setup& s) {
  Json discs = Json::array();
  for (const DiscInit& d : s.discs) {
    Json disc = Json::object();
    disc.set("x", Json::number(d.x));
    disc.set("y", Json::number(d.y));
    disc.set("vx", Json::number(d.vx));
    disc.set("vy", Json::number(d.vy));
    disc.set("radius", Json::number(kCompareRadius));
    disc.set("mass", Json::number(kCompareMass));
    discs.push(std::move(disc));
  }
  return discs;
}

Json gravityVector(const Setup& s) {
  Json gravity = Json::array();
  gravity.push(Json::number(0));
  gravity.push(Json::number(-s.gravity));
  return gravity;
}

Json outputClock(const CompareScenarioSpec& spec, const Setup& s) {
  return scenario_reader::outputJson(spec.outputInterval, s.duration);
}

/// The event engine's scenario: explicit discs, the box (or, for the pair and the row, a wide
/// polygon no disc can reach in the run), e for discs and walls, the TC model.
Json eventScenario(const CompareScenarioSpec& spec, const Setup& s) {
  Json o = scenarioHead(spec, "event", "event-driven");
  if (s.box) {
    o.set("domain", boxDomain(s));
  } else {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, vmax = 0;
    for (const DiscInit& d : s.discs) {
      lo = std::min(lo, d.x);
      hi = std::max(hi, d.x);
      vmax = std::max(vmax, std::hypot(d.vx, d.vy));
    }
    // speeds never exceed the largest initial one (equal masses, e <= 1)
    const double reach = vmax * s.duration + 2.0;
    const double x0 = lo - reach, x1 = hi + reach, y = 2.0;
    Json poly = Json::array();
    for (const auto& p : {std::array<double, 2>{x0, -y}, {x1, -y}, {x1, y}, {x0, y}}) {
      Json v = Json::array();
      v.push(Json::number(p[0]));
      v.push(Json::number(p[1]));
      poly.push(std::move(v));
    }
    Json domain = Json::object();
    domain.set("polygon", std::move(poly));
    o.set("domain", std::move(domain));
  }
  o.set("discs", discList(s));
  o.set("restitution", Json::number(spec.restitution));
  o.set("wallRestitution", Json::number(spec.restitution));
  o.set("gravity", gravityVector(s));
  // The TC model only where it is needed: a gas and a pile meet inelastic collapse; the pair and
  // the row have finitely many collisions above e_c, and a TC model would make the touching row's
  // collisions (all at t = 0) elastic. Below e_c the row collapses and the engine says so.
  const bool tc = s.box && spec.tc > 0;
  Json collapse = Json::object();
  collapse.set("model", Json::string(tc ? "tc" : "none"));
  collapse.set("tc", tc ? Json::number(spec.tc) : Json::null());
  o.set("collapse", std::move(collapse));
  o.set("output", outputClock(spec, s));
  return o;
}

/// The soft engine's scenario: the same discs, Hunt–Crossley with its damping from the target e,
/// no friction, the box or the open plane.
Json softScenario(const CompareScenarioSpec& spec, const Setup& s) {
  Json o = scenarioHead(spec, "soft", "soft");
  if (s.box) {
    o.set("domain", boxDomain(s));
  } else {
    Json domain = Json::object();
    domain.set("open", Json::boolean(true));
    o.set("domain", std::move(domain));
  }
  o.set("discs", discList(s));
  Json material = Json::object();
  material.set("youngModulus", Json::number(spec.youngModulus));
  material.set("poissonRatio", Json::number(kComparePoisson));
  o.set("material", std::move(material));
  Json contact = Json::object();
  contact.set("law", Json::string("hunt-crossley"));
  contact.set("restitution", Json::number(spec.restitution));
  o.set("contact", std::move(contact));
  Json friction = Json::object();
  friction.set("law", Json::string("none"));
  o.set("friction", std::move(friction));
  o.set("gravity", gravityVector(s));
  o.set("output", outputClock(spec, s));
  return o;
}

/// NSCD: the same discs, frictionless, Newton's impact law with e; the alert distance covers the
/// largest distance a disc can travel in one step (from the energy it starts with).
void nscdSystem(const CompareScenarioSpec& spec, const Setup& s, nscd::System& sys) {
  double energy = 0;
  std::vector<nscd::DiscSpec> discs;
  discs.reserve(s.discs.size());
  for (const DiscInit& d : s.discs) discs.push_back(nscd::DiscSpec{d.x, d.y, kCompareRadius, kCompareMass, false});
  const Eigen::Index first = sys.count();
  sys.addDiscs(discs);  // one resize of each array, not one per disc
  for (std::size_t k = 0; k < s.discs.size(); ++k) {
    const DiscInit& d = s.discs[k];
    sys.vel.col(first + static_cast<Eigen::Index>(k)) << d.vx, d.vy;
    energy += 0.5 * kCompareMass * (d.vx * d.vx + d.vy * d.vy) + kCompareMass * s.gravity * std::max(0.0, d.y - kCompareRadius);
  }
  if (s.box) {
    const double w = s.width, h = s.height;
    sys.walls = {{0, 0, w, 0}, {w, 0, w, h}, {w, h, 0, h}, {0, h, 0, 0}};
  }
  const double vmax = std::sqrt(2 * energy / kCompareMass);
  sys.gx = 0;
  sys.gy = -s.gravity;
  sys.mu = 0;
  sys.h = spec.timeStep;
  sys.alert = std::max(0.1 * kCompareRadius, 2 * spec.timeStep * vmax);
  sys.tolerance = kNscdTolerance;
  sys.maxIterations = kNscdMaxIterations;
  sys.gaussSeidel = true;
  sys.warmStart = true;
  sys.restitution = spec.restitution;
}

Json nscdParameters(const nscd::System& sys) {
  Json o = Json::object();
  o.set("method", Json::string("Moreau-Jean, non-linear Gauss-Seidel"));
  o.set("timeStep", Json::number(sys.h));
  o.set("restitution", Json::number(sys.restitution));
  o.set("friction", Json::number(sys.mu));
  o.set("alertDistance", Json::number(sys.alert));
  o.set("tolerance", Json::number(sys.tolerance));
  o.set("maxIterations", Json::number(sys.maxIterations));
  Json g = Json::array();
  g.push(Json::number(sys.gx));
  g.push(Json::number(sys.gy));
  o.set("gravity", std::move(g));
  return o;
}

/// NSCD stepped by the comparison: time counted in steps, contacts made (a pair whose impulse
/// becomes positive), and steps that carried impulses at two or more contacts at once.
struct NscdRun {
  nscd::System sys;
  std::unique_ptr<nscd::Engine> engine;
  std::int64_t steps = 0;
  double iterationSum = 0;
  std::vector<std::pair<int, int>> active;  // pairs with p_n > 0 in the last step, sorted
  std::vector<std::pair<int, int>> next;
  double made = 0;
  std::int64_t simultaneousSteps = 0;
  int maxActive = 0;

  double time() const { return static_cast<double>(steps) * sys.h; }

  void step() {
    const nscd::StepReport r = engine->step();
    ++steps;
    iterationSum += r.iterations;
    next.clear();
    for (const nscd::Contact& c : engine->contacts())
      if (c.pn > 0) next.emplace_back(c.i, c.j);  // contacts come sorted by (i, j)
    std::size_t o = 0;
    for (const auto& p : next) {
      while (o < active.size() && active[o] < p) ++o;
      if (o >= active.size() || active[o] != p) made += 1;
    }
    if (next.size() >= 2) ++simultaneousSteps;
    maxActive = std::max(maxActive, static_cast<int>(next.size()));
    active.swap(next);
  }
};

double heightOf(const Eigen::Matrix2Xd& pos) { return pos.cols() ? pos.row(1).sum() / static_cast<double>(pos.cols()) : 0.0; }
double kineticOf(const Eigen::Matrix2Xd& vel) { return 0.5 * kCompareMass * vel.squaredNorm(); }

/// Velocities in increasing order along the row: no pair approaches. A pair closing slower than
/// `still` (m/s) counts as not approaching: the soft integrator leaves some 1e-10 m/s of error where
/// the exact velocities are equal (the elastic row's three discs at rest), and without it such a
/// row ran to the table's time limit and was reported as not finished.
bool sortedVelocities(const Eigen::Matrix2Xd& vel, double still = 0) {
  for (Eigen::Index k = 0; k + 1 < vel.cols(); ++k)
    if (vel(0, k) > vel(0, k + 1) + still) return false;
  return true;
}

/// The soft engine's `still` for sortedVelocities: 1e-8 of the row's speed v0, a hundred times its
/// error on the elastic row; a pair closing at that speed across a 1 m gap would meet after 1e8 s / v0.
constexpr double kSoftStillFraction = 1e-8;

}  // namespace

struct CompareWorld::Impl {
  Setup setup;
  std::string eventJson, softJson;
  std::unique_ptr<World> event;
  std::unique_ptr<SoftWorld> soft;
  NscdRun nscd;
  std::array<CompareEngineStatus, kCompareEngines> status;
  std::array<Eigen::Matrix2Xd, kCompareEngines> pos, vel;
};

std::string validateCompareScenarioJson(const std::string& json) {
  CompareWorld world(json);
  return world.reportJson();
}

CompareWorld::CompareWorld(const std::string& scenarioJson) {
  if (!readCompareScenario(scenarioJson, spec_, errors_)) return;
  auto impl = std::make_unique<Impl>();
  if (!translate(spec_, impl->setup, errors_)) return;
  Setup& s = impl->setup;
  duration_ = s.duration;
  lastExact_ = s.hasExact ? s.exact.endTime : -1;
  if (duration_ / spec_.outputInterval > 1e5) {
    errors_.push_back(Issue{"output.interval", num(spec_.outputInterval),
                            "gives more than 1e5 output instants over the run of " + formatShort(duration_) + " s"});
    return;
  }
  if (duration_ / spec_.timeStep > 1e8) {
    errors_.push_back(Issue{"nscd.timeStep", num(spec_.timeStep), "needs more than 1e8 steps over the run of " + formatShort(duration_) + " s"});
    return;
  }
  impl->eventJson = eventScenario(spec_, s).dump();
  impl->softJson = softScenario(spec_, s).dump();
  impl->event = std::make_unique<World>(impl->eventJson);
  impl->soft = std::make_unique<SoftWorld>(impl->softJson);
  // The set-ups are built to be valid for both; a refusal is the translator's fault, said plainly.
  for (const Issue& i : impl->event->errors()) errors_.push_back(Issue{"setup", "", "the event engine refused the set-up: " + i.text()});
  for (const Issue& i : impl->soft->errors()) errors_.push_back(Issue{"setup", "", "the soft engine refused the set-up: " + i.text()});
  if (!errors_.empty()) return;
  impl->soft->recordHysteresis(static_cast<int>(s.discs.size()), 0);  // no loops: nobody reads them here
  nscdSystem(spec_, s, impl->nscd.sys);
  impl->nscd.engine = std::make_unique<nscd::Engine>(impl->nscd.sys);
  radii_ = Eigen::VectorXd::Constant(static_cast<Eigen::Index>(s.discs.size()), kCompareRadius);
  view_ = s.view;
  impl_ = std::move(impl);
  record();
}

CompareWorld::~CompareWorld() = default;

std::string CompareWorld::reportJson() const {
  return issuesReportJson(errors_, errors_.empty() ? compareScenarioToJson(spec_) : Json::null());
}
std::string CompareWorld::scenarioJson() const { return ok() ? compareScenarioToJson(spec_).dump(2) : std::string(); }

std::string CompareWorld::engineScenarioJson(int engine) const {
  if (!impl_) return "";
  if (engine == 0) return impl_->eventJson;
  if (engine == 1) return impl_->softJson;
  if (engine == 2) return nscdParameters(impl_->nscd.sys).dump();
  return "";
}

int CompareWorld::count() const { return impl_ ? static_cast<int>(impl_->setup.discs.size()) : 0; }

double CompareWorld::time() const { return samples_.empty() ? 0.0 : samples_.back().time; }

double CompareWorld::nextOutputTime() const {
  const double t = static_cast<double>(index_ + 1) * spec_.outputInterval;
  return t > duration_ ? duration_ : t;
}

std::string CompareWorld::message() const {
  if (!impl_) return "";
  std::string out;
  for (int k = 0; k < kCompareEngines; ++k) {
    const CompareEngineStatus& st = impl_->status[static_cast<std::size_t>(k)];
    if (!st.stopped) continue;
    if (!out.empty()) out += "; ";
    out += std::string(compareEngineName(k)) + " stopped: " + st.message;
  }
  return out;
}

const Eigen::Matrix2Xd& CompareWorld::positions(int engine) const {
  static const Eigen::Matrix2Xd none;
  if (!impl_ || engine < 0 || engine >= kCompareEngines) return none;
  return impl_->pos[static_cast<std::size_t>(engine)];
}

const Eigen::Matrix2Xd& CompareWorld::velocities(int engine) const {
  static const Eigen::Matrix2Xd none;
  if (!impl_ || engine < 0 || engine >= kCompareEngines) return none;
  return impl_->vel[static_cast<std::size_t>(engine)];
}

const CompareEngineStatus& CompareWorld::status(int engine) const {
  static const CompareEngineStatus none;
  if (!impl_ || engine < 0 || engine >= kCompareEngines) return none;
  return impl_->status[static_cast<std::size_t>(engine)];
}

std::vector<double> CompareWorld::walls() const {
  std::vector<double> out;
  if (!impl_ || !impl_->setup.box) return out;
  const double w = impl_->setup.width, h = impl_->setup.height;
  out = {0, 0, w, 0, w, 0, w, h, w, h, 0, h, 0, h, 0, 0};
  return out;
}

AdvanceStatus CompareWorld::advance(std::int64_t maxWork) {
  if (!impl_) return AdvanceStatus::Stopped;
  if (finished_) return AdvanceStatus::Finished;
  if (maxWork < 1) maxWork = 1;
  Impl& m = *impl_;
  const double target = nextOutputTime();
  bool reached = true;
  // event-driven: events are cheap, so it gets more of them per call than the others get steps
  CompareEngineStatus& ev = m.status[0];
  if (!ev.stopped && m.event->outputIndex() <= index_) {
    const AdvanceStatus r = m.event->advance(8 * maxWork);
    if (r == AdvanceStatus::Stopped) {
      ev.stopped = true;
      ev.message = m.event->message();
    } else if (m.event->outputIndex() <= index_ && r != AdvanceStatus::Finished) {
      reached = false;
    }
  }
  CompareEngineStatus& so = m.status[1];
  if (!so.stopped && m.soft->outputIndex() <= index_) {
    const AdvanceStatus r = m.soft->advance(maxWork);
    if (r == AdvanceStatus::Stopped) {
      so.stopped = true;
      so.message = m.soft->message();
    } else if (m.soft->outputIndex() <= index_ && r != AdvanceStatus::Finished) {
      reached = false;
    }
  }
  // NSCD: whole steps; the output instant is the step nearest to it
  NscdRun& ns = m.nscd;
  for (std::int64_t k = 0; k < maxWork && ns.time() < target - 0.5 * ns.sys.h; ++k) ns.step();
  if (ns.time() < target - 0.5 * ns.sys.h) reached = false;
  if (!reached) return AdvanceStatus::Budget;
  ++index_;
  record();
  if (target >= duration_) finished_ = true;
  return AdvanceStatus::Output;
}

void CompareWorld::record() {
  Impl& m = *impl_;
  const int n = count();
  CompareSample smp;
  smp.time = static_cast<double>(index_) * spec_.outputInterval;
  if (smp.time > duration_) smp.time = duration_;
  // event-driven
  if (!m.status[0].stopped) {
    m.pos[0] = m.event->positions();
    m.vel[0] = m.event->velocities();
  }
  const EngineStats& es = m.event->stats();
  m.status[0].work = static_cast<double>(es.events);
  m.status[0].contacts = static_cast<double>(es.collisions + es.wallHits);
  m.status[0].iterations = static_cast<double>(es.elasticByTC);
  // soft
  if (!m.status[1].stopped) {
    const auto& q = m.soft->coordinates();
    m.pos[1] = q.topRows(2);
    m.vel[1] = q.middleRows(3, 2);
  }
  const SoftStats& ss = m.soft->stats();
  m.status[1].work = static_cast<double>(ss.steps);
  m.status[1].contacts = static_cast<double>(ss.contactsStarted);
  m.status[1].active = ss.activeContacts;
  m.status[1].iterations = static_cast<double>(ss.rejected);
  // NSCD
  const nscd::System& sys = m.nscd.sys;
  m.pos[2] = sys.pos;
  m.vel[2] = sys.vel;
  m.status[2].work = static_cast<double>(m.nscd.steps);
  m.status[2].contacts = m.nscd.made;
  m.status[2].active = static_cast<double>(m.nscd.active.size());
  m.status[2].iterations = m.nscd.steps ? m.nscd.iterationSum / static_cast<double>(m.nscd.steps) : 0.0;
  for (int k = 0; k < kCompareEngines; ++k) {
    const std::size_t u = static_cast<std::size_t>(k);
    const bool stopped = m.status[u].stopped;
    smp.kinetic[u] = stopped ? kNaN : kineticOf(m.vel[u]);
    smp.height[u] = stopped ? kNaN : heightOf(m.pos[u]);
    smp.contacts[u] = stopped ? kNaN : m.status[u].contacts;
    for (int i = 0; i < n; ++i) {
      sampleVelocities_.push_back(stopped ? kNaN : m.vel[u](0, i));
      sampleVelocities_.push_back(stopped ? kNaN : m.vel[u](1, i));
    }
  }
  samples_.push_back(smp);
}

std::uint64_t CompareWorld::hashState() const {
  std::uint64_t h = kFnvOffset;
  if (!impl_) return h;
  const std::uint64_t parts[2] = {impl_->event->hashState(), impl_->soft->hashState()};
  fnv1a(h, parts, sizeof parts);
  const nscd::System& s = impl_->nscd.sys;
  const double t = impl_->nscd.time();
  fnv1a(h, &t, sizeof t);
  fnv1a(h, s.pos.data(), sizeof(double) * static_cast<std::size_t>(s.pos.size()));
  fnv1a(h, s.vel.data(), sizeof(double) * static_cast<std::size_t>(s.vel.size()));
  return h;
}

std::string CompareWorld::hashHex() const { return hex16(hashState()); }

// ---- the row's table ----------------------------------------------------------------------------

namespace {

std::vector<double> xVelocities(const Eigen::Matrix2Xd& vel) {
  std::vector<double> out;
  for (Eigen::Index k = 0; k < vel.cols(); ++k) out.push_back(vel(0, k));
  return out;
}

double maxDifference(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0;
  for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) worst = std::max(worst, std::fabs(a[k] - b[k]));
  return worst;
}

/// Contact intervals of the soft run (from its hysteresis loops): how long each lasted, how long
/// two or more overlapped in time, the most at once, and the slowest approach.
void softOverlap(const std::vector<HysteresisLoop>& loops, double end, Json& out) {
  std::vector<std::pair<double, int>> edges;
  double sum = 0, longest = 0, slowest = std::numeric_limits<double>::infinity();
  for (const HysteresisLoop& l : loops) {
    const double stop = l.endTime >= 0 ? l.endTime : end;
    sum += stop - l.startTime;
    longest = std::max(longest, stop - l.startTime);
    slowest = std::min(slowest, l.approachSpeed);
    edges.emplace_back(l.startTime, 1);
    edges.emplace_back(stop, -1);
  }
  std::sort(edges.begin(), edges.end(), [](const auto& a, const auto& b) { return a.first != b.first ? a.first < b.first : a.second < b.second; });
  int now = 0, most = 0;
  double overlap = 0, last = 0;
  for (const auto& [t, d] : edges) {
    if (now >= 2) overlap += t - last;
    now += d;
    most = std::max(most, now);
    last = t;
  }
  out.set("contactDurationMean", Json::number(loops.empty() ? 0.0 : sum / static_cast<double>(loops.size())));
  out.set("contactDurationMax", Json::number(longest));
  out.set("overlapTime", Json::number(overlap));
  out.set("maxSimultaneous", Json::number(most));
  // below the floor on the captured approach speed the damping no longer restitutes e exactly
  out.set("slowestApproach", loops.empty() ? Json::null() : Json::number(slowest));
}

std::string failure(const std::string& message) {
  Json o = Json::object();
  o.set("ok", Json::boolean(false));
  o.set("message", Json::string(message));
  return o.dump();
}

}  // namespace

std::string compareRowTableJson(const std::string& scenarioJson, std::int64_t maxNscdSteps) {
  CompareScenarioSpec spec;
  std::vector<Issue> errors;
  if (!readCompareScenario(scenarioJson, spec, errors)) return failure(errors.front().text());
  if (spec.kind != "row") return failure("the table is for the four-sphere row: setup.kind = \"" + spec.kind + "\", not \"row\"");
  Setup s;
  if (!translate(spec, s, errors)) return failure(errors.front().text());
  const std::vector<double>& exact = s.exact.finalVelocity;
  // Every engine runs until its row is done — velocities in increasing order (no pair approaches)
  // and no contact active — checked at every output instant, or until a generous limit.
  const double d = 2 * kCompareRadius;
  const double limit = std::min(2000.0, 4 * s.exact.endTime + 40 * (d + spec.gap) / spec.speed);
  s.duration = limit;
  Json engines = Json::array();

  {  // event-driven
    World w(eventScenario(spec, s).dump());
    if (!w.ok()) return failure("the event engine refused the row: " + w.errors().front().text());
    AdvanceStatus st = AdvanceStatus::Output;
    while (st == AdvanceStatus::Output || st == AdvanceStatus::Budget) {
      st = w.advance(10000000);
      if (st == AdvanceStatus::Output && w.stats().collisions > 0 && sortedVelocities(w.velocities())) break;
    }
    Json o = Json::object();
    const std::vector<double> v = xVelocities(w.velocities());
    o.set("engine", Json::string("event"));
    o.set("name", Json::string(compareEngineName(0)));
    o.set("velocities", Json::numbers(v));
    o.set("collisions", Json::number(static_cast<double>(w.stats().collisions)));
    o.set("elasticByTC", Json::number(static_cast<double>(w.stats().elasticByTC)));
    o.set("doneAt", Json::number(w.time()));
    o.set("done", Json::boolean(sortedVelocities(w.velocities())));
    o.set("message", Json::string(w.message()));
    o.set("maxDifference", Json::number(maxDifference(v, exact)));
    engines.push(std::move(o));
  }
  {  // soft
    SoftWorld w(softScenario(spec, s).dump());
    if (!w.ok()) return failure("the soft engine refused the row: " + w.errors().front().text());
    w.recordHysteresis(-1, 0);
    const double still = kSoftStillFraction * spec.speed;
    AdvanceStatus st = AdvanceStatus::Output;
    Eigen::Matrix2Xd vel;
    while (st == AdvanceStatus::Output || st == AdvanceStatus::Budget) {
      st = w.advance(10000000);
      vel = w.coordinates().middleRows(3, 2);
      if (st == AdvanceStatus::Output && w.stats().contactsStarted > 0 && w.stats().activeContacts == 0 && sortedVelocities(vel, still)) break;
    }
    Json o = Json::object();
    const std::vector<double> v = xVelocities(vel);
    o.set("engine", Json::string("soft"));
    o.set("name", Json::string(compareEngineName(1)));
    o.set("velocities", Json::numbers(v));
    o.set("collisions", Json::number(static_cast<double>(w.stats().contactsStarted)));
    o.set("steps", Json::number(static_cast<double>(w.stats().steps)));
    o.set("doneAt", Json::number(w.time()));
    o.set("done", Json::boolean(w.stats().activeContacts == 0 && sortedVelocities(vel, still)));
    o.set("message", Json::string(w.message()));
    o.set("maxDifference", Json::number(maxDifference(v, exact)));
    o.set("persistentSpeed", Json::number(w.spec().persistentSpeed));
    softOverlap(w.loops(), w.time(), o);
    engines.push(std::move(o));
  }
  {  // NSCD
    NscdRun run;
    nscdSystem(spec, s, run.sys);
    run.engine = std::make_unique<nscd::Engine>(run.sys);
    const double h = spec.timeStep;
    const auto every = std::max<std::int64_t>(1, std::llround(spec.outputInterval / h));
    bool done = false;
    // A slow row at a fine step (v0 = 0.01 m/s, h = 1e-6 s: 2e9 steps to the 2000 s limit) kept the page's
    // table computing for six minutes with no word; past maxNscdSteps it stops and says so.
    bool capped = false;
    while (run.time() < limit) {
      if (run.steps >= maxNscdSteps) {
        capped = true;
        break;
      }
      run.step();
      if (run.steps % every == 0 && run.made > 0 && run.active.empty() && sortedVelocities(run.sys.vel)) {
        done = true;
        break;
      }
    }
    Json o = Json::object();
    const std::vector<double> v = xVelocities(run.sys.vel);
    o.set("engine", Json::string("nscd"));
    o.set("name", Json::string(compareEngineName(2)));
    o.set("velocities", Json::numbers(v));
    o.set("collisions", Json::number(run.made));
    o.set("steps", Json::number(static_cast<double>(run.steps)));
    o.set("timeStep", Json::number(h));
    o.set("simultaneousSteps", Json::number(static_cast<double>(run.simultaneousSteps)));
    o.set("maxSimultaneous", Json::number(run.maxActive));
    o.set("doneAt", Json::number(run.time()));
    o.set("done", Json::boolean(done));
    o.set("message", Json::string(capped ? "stopped after " + formatShort(static_cast<double>(maxNscdSteps)) +
                                               " steps, the table's limit: a longer nscd.timeStep reaches the end" : ""));
    o.set("maxDifference", Json::number(maxDifference(v, exact)));
    engines.push(std::move(o));
  }

  Json out = Json::object();
  out.set("ok", Json::boolean(true));
  out.set("message", Json::string(""));
  out.set("restitution", Json::number(spec.restitution));
  out.set("gap", Json::number(spec.gap));
  out.set("speed", Json::number(spec.speed));
  out.set("youngModulus", Json::number(spec.youngModulus));
  out.set("timeStep", Json::number(spec.timeStep));
  Json ex = Json::object();
  ex.set("velocities", Json::numbers(exact));
  ex.set("collisions", Json::number(static_cast<double>(s.exact.collisions)));
  ex.set("endTime", Json::number(s.exact.endTime));
  ex.set("collapsed", Json::boolean(s.exact.collapsed));
  ex.set("message", Json::string(s.exact.message));
  {  // the shortest time between two successive exact collisions: the yardstick of contact durations
    chain::Setup c = chainSetup(s, spec.restitution);
    c.maxLog = 100000;
    const chain::Result r = chain::simulate(c);
    double shortest = std::numeric_limits<double>::infinity();
    double previous = std::numeric_limits<double>::quiet_NaN();
    int logged = 0;
    for (const chain::Collision& entry : r.log) {
      if (entry.merge()) continue;  // a collapse's merge, not a collision
      if (logged++ > 0) shortest = std::min(shortest, entry.time - previous);
      previous = entry.time;
    }
    ex.set("shortestInterval", logged > 1 ? Json::number(shortest) : Json::null());
  }
  out.set("exact", std::move(ex));
  out.set("engines", std::move(engines));
  // REFERENCE §1: for 2 - sqrt 3 <= e < 1 (and equal gaps > 0), six collisions and v4 = ((1 + e)/2)^3 v0
  const double e = spec.restitution;
  if (spec.gap > 0 && e >= 2 - std::sqrt(3.0) && e < 1) {
    Json cf = Json::object();
    const double p = 0.5 * (1 + e);
    cf.set("v4", Json::number(p * p * p * spec.speed));
    cf.set("collisions", Json::number(6));
    out.set("closedForm", std::move(cf));
  } else {
    out.set("closedForm", Json::null());
  }
  return out.dump();
}

}  // namespace granular
