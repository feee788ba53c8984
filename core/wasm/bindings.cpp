// The only file that includes <emscripten/bind.h>. One World handle with typed-array views into
// WASM memory (re-acquire after advance(): memory growth detaches old views), value objects for the
// observables, and the six exercise functions. Nice names and conventions live in TypeScript
// (web/src/sim); the contract is web/src/sim/granular-wasm.d.ts.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "engines/chain/chain.hpp"
#include "engines/engine.hpp"
#include "engines/event/exercise.hpp"
#include "geometry/msh.hpp"
#include "granular/avalanche.hpp"
#include "granular/compare.hpp"
#include "granular/scenario.hpp"
#include "granular/soft.hpp"
#include "granular/version.hpp"
#include "granular/world.hpp"
#include "model/model.hpp"
#include "model/soft_model.hpp"
#include "state/state.hpp"
#include "util/json.hpp"

using emscripten::val;
using namespace granular;

namespace {

struct StatsJs {
  double events, collisions, wallHits, cellCrossings, staleEvents, elasticByTC;
};
struct PairVelocities {
  double v1x, v1y, v2x, v2y;
};
struct Velocity {
  double vx, vy;
};

val view(const double* p, std::size_t n) { return val(emscripten::typed_memory_view(n, p)); }
val copy(const std::vector<double>& v) { return val::global("Float64Array").new_(emscripten::typed_memory_view(v.size(), v.data())); }
std::vector<double> numbers(const val& a) { return emscripten::convertJSArrayToNumberVector<double>(a); }

class JsWorld {
 public:
  explicit JsWorld(const std::string& json) : world_(json) {
    if (world_.ok()) {
      const auto& walls = world_.model().walls;
      for (const Wall& w : walls) {
        walls_.push_back(w.a.x);
        walls_.push_back(w.a.y);
        walls_.push_back(w.b.x);
        walls_.push_back(w.b.y);
      }
    }
  }
  bool ok() const { return world_.ok(); }
  std::string report() const { return world_.reportJson(); }
  std::string scenarioJson() const { return world_.scenarioJson(); }
  double time() const { return world_.time(); }
  int count() const { return world_.count(); }
  double outputIndex() const { return static_cast<double>(world_.outputIndex()); }
  double nextOutputTime() const { return world_.nextOutputTime(); }
  int advance(double maxEvents) {
    // JavaScript numbers may be NaN, negative or huge: clamp before converting.
    const double budget = maxEvents >= 1 ? (maxEvents <= 1e15 ? maxEvents : 1e15) : 1;
    return static_cast<int>(world_.advance(static_cast<std::int64_t>(budget)));
  }
  std::string message() const { return world_.message(); }
  val positions() const { return view(world_.positions().data(), static_cast<std::size_t>(world_.positions().size())); }
  val velocities() const { return view(world_.velocities().data(), static_cast<std::size_t>(world_.velocities().size())); }
  val radii() const { return world_.ok() ? view(world_.model().radius.data(), static_cast<std::size_t>(world_.count())) : view(nullptr, 0); }
  val masses() const { return world_.ok() ? view(world_.model().mass.data(), static_cast<std::size_t>(world_.count())) : view(nullptr, 0); }
  val spins() const { return world_.ok() ? view(world_.state().spin.data(), static_cast<std::size_t>(world_.count())) : view(nullptr, 0); }
  val walls() const { return view(walls_.data(), walls_.size()); }
  Observation observation() const { return world_.observation(); }
  val histogram() const { return view(world_.histogram().data(), world_.histogram().size()); }
  double histogramMax() const { return world_.histogramMax(); }
  Theory theory() const { return world_.theory(); }
  StatsJs stats() const {
    const EngineStats& s = world_.stats();
    return StatsJs{static_cast<double>(s.events),        static_cast<double>(s.collisions),
                   static_cast<double>(s.wallHits),      static_cast<double>(s.cellCrossings),
                   static_cast<double>(s.staleEvents),   static_cast<double>(s.elasticByTC)};
  }
  std::string hashState() const { return world_.hashHex(); }
  void enableEventLog(double maxEvents) {
    const double n = maxEvents >= 1 ? (maxEvents <= 1e8 ? maxEvents : 1e8) : 0;
    world_.enableEventLog(static_cast<std::size_t>(n));
  }
  /// The logged collisions numbered `from` on, as columns: {first, total, time, i, j}.
  val eventLog(double from) const {
    std::vector<LoggedCollision> records;
    const double start = from >= 0 ? (from <= 9e15 ? from : 9e15) : 0;
    const std::int64_t first = world_.eventLog(static_cast<std::int64_t>(start), records);
    std::vector<double> time, i, j;
    time.reserve(records.size());
    i.reserve(records.size());
    j.reserve(records.size());
    for (const LoggedCollision& c : records) {
      time.push_back(c.time);
      i.push_back(c.i);
      j.push_back(c.j);
    }
    val o = val::object();
    o.set("first", static_cast<double>(first));
    o.set("total", static_cast<double>(world_.eventsLogged()));
    o.set("time", copy(time));
    o.set("i", copy(i));
    o.set("j", copy(j));
    return o;
  }

 private:
  World world_;
  std::vector<double> walls_;
};

// Soft discs (issue 3): coordinates as one (6 x n) view, the energy ledger and stats as value
// objects, hysteresis loops copied out on request.
struct LedgerJs {
  double time, translational, rotational, observer, elastic, potential, damping, friction, total, initial;
};
struct SoftStatsJs {
  double steps, rejected, contactsStarted, contactsEnded, rhsEvaluations, activeContacts, maxForce, lastStep, slipStep;
};
struct MomentumJs {
  double px, py, lz;
};

class JsSoftWorld {
 public:
  explicit JsSoftWorld(const std::string& json) : world_(json) {}
  bool ok() const { return world_.ok(); }
  std::string report() const { return world_.reportJson(); }
  std::string scenarioJson() const { return world_.scenarioJson(); }
  std::string info() const { return world_.infoJson(); }
  double time() const { return world_.time(); }
  int count() const { return world_.ok() ? world_.count() : 0; }
  double outputIndex() const { return static_cast<double>(world_.outputIndex()); }
  double nextOutputTime() const { return world_.ok() ? world_.nextOutputTime() : 0.0; }
  int advance(double maxSteps) {
    const double budget = maxSteps >= 1 ? (maxSteps <= 1e15 ? maxSteps : 1e15) : 1;
    return static_cast<int>(world_.advance(static_cast<std::int64_t>(budget)));
  }
  std::string message() const { return world_.message(); }
  val coordinates() const {
    return world_.ok() ? view(world_.coordinates().data(), static_cast<std::size_t>(world_.coordinates().size())) : view(nullptr, 0);
  }
  val observers() const { return world_.ok() ? view(world_.observers().data(), static_cast<std::size_t>(world_.observers().size())) : view(nullptr, 0); }
  val radii() const { return world_.ok() ? view(world_.model().radius.data(), static_cast<std::size_t>(count())) : view(nullptr, 0); }
  val masses() const { return world_.ok() ? view(world_.model().mass.data(), static_cast<std::size_t>(count())) : view(nullptr, 0); }
  val observerMasses() const {
    return world_.ok() ? view(world_.model().observerMass.data(), static_cast<std::size_t>(count())) : view(nullptr, 0);
  }
  val domain() const {
    val d = val::object();
    const auto& sp = world_.spec();
    d.set("kind", sp.domain);
    d.set("width", sp.boxWidth);
    d.set("height", sp.boxHeight);
    d.set("radius", sp.circleRadius);
    return d;
  }
  LedgerJs ledger() const {
    const SoftLedger& L = world_.ledger();
    return LedgerJs{L.time, L.translational, L.rotational, L.observer, L.elastic, L.potential, L.damping, L.friction, L.total(),
                    world_.initialEnergy()};
  }
  SoftStatsJs stats() const {
    const SoftStats& st = world_.stats();
    return SoftStatsJs{static_cast<double>(st.steps),           static_cast<double>(st.rejected),
                       static_cast<double>(st.contactsStarted), static_cast<double>(st.contactsEnded),
                       static_cast<double>(st.rhsEvaluations),  static_cast<double>(st.activeContacts),
                       st.maxForce,                             st.lastStep,
                       st.slipStep};
  }
  MomentumJs momentum() const {
    MomentumJs m{0, 0, 0};
    world_.momentum(m.px, m.py, m.lz);
    return m;
  }
  void recordHysteresis(int i, int other) { world_.recordHysteresis(i, other); }
  int loopCount() const { return static_cast<int>(world_.loops().size()); }
  val loop(int k) const {
    const auto& loops = world_.loops();
    if (k < 0 || k >= static_cast<int>(loops.size())) return val::null();
    const HysteresisLoop& L = loops[static_cast<std::size_t>(k)];
    val o = val::object();
    o.set("i", L.i);
    o.set("other", L.other);
    o.set("startTime", L.startTime);
    o.set("endTime", L.endTime);
    o.set("approachSpeed", L.approachSpeed);
    o.set("penetration", copy(L.penetration));
    o.set("force", copy(L.force));
    return o;
  }
  std::string hashState() const { return world_.hashHex(); }

 private:
  SoftWorld world_;
};

std::string defaultSoftScenarioJson() { return softScenarioToJson(defaultSoftScenario()).dump(2); }

std::string defaultScenarioJson() { return scenarioToJson(defaultScenario()).dump(2); }
std::string versionString() { return kVersion; }

double contactTimeDiscDisc(double x1, double y1, double vx1, double vy1, double r1, double x2, double y2, double vx2,
                           double vy2, double r2) {
  return geom::discDiscTime({x2 - x1, y2 - y1}, {vx2 - vx1, vy2 - vy1}, r1 + r2);
}

double contactTimeDiscWall(double x, double y, double vx, double vy, double r, double ax, double ay, double bx, double by) {
  return geom::discSegmentTime({x, y}, {vx, vy}, r, {ax, ay}, {bx, by});
}

exercise::MinContact minContactTime(const val& xy, const val& vxy, const val& radii, const val& walls, int prevI, int prevJ) {
  return exercise::minContactTime(numbers(xy), numbers(vxy), numbers(radii), numbers(walls), prevI, prevJ);
}

PairVelocities resolveDiscDisc(double x1, double y1, double vx1, double vy1, double m1, double x2, double y2, double vx2,
                               double vy2, double m2, double r) {
  geom::Vec2 v1{vx1, vy1}, v2{vx2, vy2};
  geom::resolveDiscDisc({x1, y1}, v1, m1, {x2, y2}, v2, m2, r);
  return PairVelocities{v1.x, v1.y, v2.x, v2.y};
}

Velocity resolveDiscWall(double x, double y, double vx, double vy, double radius, double ax, double ay, double bx, double by,
                         double r) {
  (void)radius;  // the contact normal follows from the centre and the segment; kept for the exercise's signature
  geom::Vec2 v{vx, vy};
  geom::resolveDiscSegment({x, y}, v, {ax, ay}, {bx, by}, r, {0.0, 0.0});
  return Velocity{v.x, v.y};
}

val advanceExercise(const val& xy, const val& vxy, const val& radii, const val& masses, const val& walls, double r, double dt,
                    int steps) {
  const exercise::Run run = exercise::advance(numbers(xy), numbers(vxy), numbers(radii), numbers(masses), numbers(walls), r, dt, steps);
  val out = val::object();
  out.set("positions", copy(run.positions));
  out.set("velocities", copy(run.velocities));
  out.set("events", static_cast<double>(run.events));
  out.set("ok", run.ok);
  out.set("message", run.message);
  return out;
}

/// The avalanche (issue 5): views into the NSCD system, samples and summary as plain objects.
class JsAvalancheWorld {
 public:
  explicit JsAvalancheWorld(const std::string& json) : world_(json) {}
  bool ok() const { return world_.ok(); }
  std::string report() const { return world_.reportJson(); }
  std::string scenarioJson() const { return world_.scenarioJson(); }
  int advance(double maxSteps) {
    const double budget = maxSteps >= 1 ? (maxSteps <= 1e15 ? maxSteps : 1e15) : 1;
    return static_cast<int>(world_.advance(static_cast<std::int64_t>(budget)));
  }
  /// 0 settling, 1 flowing, 2 stopped
  int phase() const { return static_cast<int>(world_.phase()); }
  double time() const { return world_.time(); }
  double outputIndex() const { return static_cast<double>(world_.outputIndex()); }
  /// after the gate opens: the next output instant, the run's end (output.duration) at the latest
  double nextOutputTime() const { return world_.nextOutputTime(); }
  std::string message() const { return world_.message(); }
  int grains() const { return world_.grains(); }
  int bodies() const { return world_.bodies(); }
  val positions() const { return view(world_.positions().data(), static_cast<std::size_t>(world_.positions().size())); }
  val velocities() const { return view(world_.velocities().data(), static_cast<std::size_t>(world_.velocities().size())); }
  val angles() const { return view(world_.angles().data(), static_cast<std::size_t>(world_.angles().size())); }
  val spins() const { return view(world_.spins().data(), static_cast<std::size_t>(world_.spins().size())); }
  val radii() const { return view(world_.radii().data(), static_cast<std::size_t>(world_.radii().size())); }
  val walls() const { return copy(world_.walls()); }
  val contactLines() const { return copy(world_.contactLines()); }
  int sampleCount() const { return static_cast<int>(world_.samples().size()); }
  /// Samples from index `from` on, as columns (one Float64Array per quantity).
  val samples(int from) const {
    const auto& all = world_.samples();
    const std::size_t start = from > 0 ? std::min(static_cast<std::size_t>(from), all.size()) : 0;
    std::vector<double> time, runout, front, energy, iterations, mean, residual, contacts;
    for (std::size_t k = start; k < all.size(); ++k) {
      const AvalancheSample& a = all[k];
      time.push_back(a.time);
      runout.push_back(a.runout);
      front.push_back(a.frontVelocity);
      energy.push_back(a.kineticEnergy);
      iterations.push_back(a.iterations);
      mean.push_back(a.meanIterations);
      residual.push_back(a.residual);
      contacts.push_back(a.contacts);
    }
    val o = val::object();
    o.set("time", copy(time));
    o.set("runout", copy(runout));
    o.set("frontVelocity", copy(front));
    o.set("kineticEnergy", copy(energy));
    o.set("iterations", copy(iterations));
    o.set("meanIterations", copy(mean));
    o.set("residual", copy(residual));
    o.set("contacts", copy(contacts));
    return o;
  }
  val summary() const {
    const AvalancheSummary& s = world_.summary();
    val o = val::object();
    o.set("grains", s.grains);
    o.set("settleTime", s.settleTime);
    o.set("l0", s.l0);
    o.set("h0", s.h0);
    o.set("aspect", s.aspect);
    o.set("runout", s.runout);
    o.set("collapseTime", s.collapseTime);
    o.set("villageReachedAt", s.villageReachedAt);
    o.set("steps", static_cast<double>(s.steps));
    o.set("settleSteps", static_cast<double>(s.settleSteps));
    o.set("iterations", static_cast<double>(s.iterations));
    o.set("unconverged", s.unconverged);
    o.set("fallen", s.fallen);
    o.set("fallenThrough", s.fallenThrough);
    o.set("deepestOverlap", s.deepestOverlap);
    o.set("deepestOverlapTime", s.deepestOverlapTime);
    o.set("lastIterations", world_.lastIterations());
    o.set("lastResidual", world_.lastResidual());
    return o;
  }
  std::string hashState() const { return world_.hashHex(); }

 private:
  AvalancheWorld world_;
};

/// Boundary segments from the text of a 2D Gmsh .msh file: {ok, segments: [[ax, ay, bx, by], ...], message}.
std::string mshSegmentsJson(const std::string& text) {
  std::vector<geom::Segment2> segments;
  std::string error;
  Json o = Json::object();
  const bool ok = geom::readMsh(text, segments, error);
  o.set("ok", Json::boolean(ok));
  o.set("message", Json::string(ok ? "" : error));
  Json list = Json::array();
  for (const auto& g : segments) list.push(Json::numbers({g.ax, g.ay, g.bx, g.by}));
  o.set("segments", std::move(list));
  return o.dump();
}

std::string defaultAvalancheScenarioJson() { return avalancheScenarioToJson(defaultAvalancheScenario()).dump(); }

/// The comparison (issue 6 §1): three engines on one set-up. Per engine k (0 event-driven, 1 soft,
/// 2 NSCD) views of its positions and velocities; samples as columns with one entry per engine.
class JsCompareWorld {
 public:
  explicit JsCompareWorld(const std::string& json) : world_(json) {}
  bool ok() const { return world_.ok(); }
  std::string report() const { return world_.reportJson(); }
  std::string scenarioJson() const { return world_.scenarioJson(); }
  std::string engineScenario(int engine) const { return world_.engineScenarioJson(engine); }
  double duration() const { return world_.duration(); }
  double lastExactCollision() const { return world_.lastExactCollision(); }
  int advance(double maxWork) {
    const double budget = maxWork >= 1 ? (maxWork <= 1e15 ? maxWork : 1e15) : 1;
    return static_cast<int>(world_.advance(static_cast<std::int64_t>(budget)));
  }
  double time() const { return world_.time(); }
  double outputIndex() const { return static_cast<double>(world_.outputIndex()); }
  double nextOutputTime() const { return world_.nextOutputTime(); }
  std::string message() const { return world_.message(); }
  int count() const { return world_.count(); }
  val radii() const { return view(world_.radii().data(), static_cast<std::size_t>(world_.radii().size())); }
  val positions(int engine) const {
    const auto& p = world_.positions(engine);
    return view(p.data(), static_cast<std::size_t>(p.size()));
  }
  val velocities(int engine) const {
    const auto& v = world_.velocities(engine);
    return view(v.data(), static_cast<std::size_t>(v.size()));
  }
  val walls() const { return copy(world_.walls()); }
  val region() const {
    const auto r = world_.view();
    return copy(std::vector<double>(r.begin(), r.end()));
  }
  int sampleCount() const { return static_cast<int>(world_.samples().size()); }
  /// Samples from index `from` on: time, and per engine in turn (k = 0, 1, 2 for each sample)
  /// kinetic energy, centre-of-mass height and contacts; velocities: per sample, engine and disc, vx, vy.
  val samples(int from) const {
    const auto& all = world_.samples();
    const std::size_t start = from > 0 ? std::min(static_cast<std::size_t>(from), all.size()) : 0;
    std::vector<double> time, kinetic, height, contacts;
    for (std::size_t k = start; k < all.size(); ++k) {
      time.push_back(all[k].time);
      for (int e = 0; e < kCompareEngines; ++e) {
        kinetic.push_back(all[k].kinetic[static_cast<std::size_t>(e)]);
        height.push_back(all[k].height[static_cast<std::size_t>(e)]);
        contacts.push_back(all[k].contacts[static_cast<std::size_t>(e)]);
      }
    }
    const std::size_t per = static_cast<std::size_t>(kCompareEngines) * 2 * static_cast<std::size_t>(world_.count());
    const auto& vel = world_.sampleVelocities();
    const std::vector<double> velocities(vel.begin() + static_cast<std::ptrdiff_t>(start * per), vel.end());
    val o = val::object();
    o.set("time", copy(time));
    o.set("kinetic", copy(kinetic));
    o.set("height", copy(height));
    o.set("contacts", copy(contacts));
    o.set("velocities", copy(velocities));
    return o;
  }
  val status(int engine) const {
    const CompareEngineStatus& s = world_.status(engine);
    val o = val::object();
    o.set("stopped", s.stopped);
    o.set("message", s.message);
    o.set("work", s.work);
    o.set("contacts", s.contacts);
    o.set("active", s.active);
    o.set("iterations", s.iterations);
    return o;
  }
  std::string hashState() const { return world_.hashHex(); }

 private:
  CompareWorld world_;
};

std::string defaultCompareScenarioJson() { return compareScenarioToJson(defaultCompareScenario()).dump(); }

}  // namespace

EMSCRIPTEN_BINDINGS(granular) {
  using namespace emscripten;
  value_object<Observation>("Observation")
      .field("time", &Observation::time)
      .field("kineticEnergy", &Observation::kineticEnergy)
      .field("temperature", &Observation::temperature)
      .field("collisions", &Observation::collisions)
      .field("wallHits", &Observation::wallHits)
      .field("collisionRate", &Observation::collisionRate)
      .field("wallPressure", &Observation::wallPressure)
      .field("energyDissipated", &Observation::energyDissipated)
      .field("energyInjected", &Observation::energyInjected);
  value_object<Theory>("Theory")
      .field("areaFraction", &Theory::areaFraction)
      .field("numberDensity", &Theory::numberDensity)
      .field("meanMass", &Theory::meanMass)
      .field("meanDiameter", &Theory::meanDiameter)
      .field("temperature0", &Theory::temperature0)
      .field("contactValue", &Theory::contactValue)
      .field("collisionFrequency0", &Theory::collisionFrequency0)
      .field("haffTau", &Theory::haffTau)
      .field("restitution", &Theory::restitution);
  value_object<StatsJs>("EngineStats")
      .field("events", &StatsJs::events)
      .field("collisions", &StatsJs::collisions)
      .field("wallHits", &StatsJs::wallHits)
      .field("cellCrossings", &StatsJs::cellCrossings)
      .field("staleEvents", &StatsJs::staleEvents)
      .field("elasticByTC", &StatsJs::elasticByTC);
  value_object<exercise::MinContact>("MinContact")
      .field("time", &exercise::MinContact::time)
      .field("i", &exercise::MinContact::i)
      .field("j", &exercise::MinContact::j);
  value_object<PairVelocities>("PairVelocities")
      .field("v1x", &PairVelocities::v1x)
      .field("v1y", &PairVelocities::v1y)
      .field("v2x", &PairVelocities::v2x)
      .field("v2y", &PairVelocities::v2y);
  value_object<Velocity>("Velocity").field("vx", &Velocity::vx).field("vy", &Velocity::vy);

  class_<JsWorld>("World")
      .constructor<std::string>()
      .function("ok", &JsWorld::ok)
      .function("report", &JsWorld::report)
      .function("scenarioJson", &JsWorld::scenarioJson)
      .function("time", &JsWorld::time)
      .function("count", &JsWorld::count)
      .function("outputIndex", &JsWorld::outputIndex)
      .function("nextOutputTime", &JsWorld::nextOutputTime)
      .function("advance", &JsWorld::advance)
      .function("message", &JsWorld::message)
      .function("positions", &JsWorld::positions)
      .function("velocities", &JsWorld::velocities)
      .function("radii", &JsWorld::radii)
      .function("masses", &JsWorld::masses)
      .function("spins", &JsWorld::spins)
      .function("walls", &JsWorld::walls)
      .function("observation", &JsWorld::observation)
      .function("histogram", &JsWorld::histogram)
      .function("histogramMax", &JsWorld::histogramMax)
      .function("theory", &JsWorld::theory)
      .function("stats", &JsWorld::stats)
      .function("hashState", &JsWorld::hashState)
      .function("enableEventLog", &JsWorld::enableEventLog)
      .function("eventLog", &JsWorld::eventLog);

  value_object<LedgerJs>("SoftLedger")
      .field("time", &LedgerJs::time)
      .field("translational", &LedgerJs::translational)
      .field("rotational", &LedgerJs::rotational)
      .field("observer", &LedgerJs::observer)
      .field("elastic", &LedgerJs::elastic)
      .field("potential", &LedgerJs::potential)
      .field("damping", &LedgerJs::damping)
      .field("friction", &LedgerJs::friction)
      .field("total", &LedgerJs::total)
      .field("initial", &LedgerJs::initial);
  value_object<SoftStatsJs>("SoftStats")
      .field("steps", &SoftStatsJs::steps)
      .field("rejected", &SoftStatsJs::rejected)
      .field("contactsStarted", &SoftStatsJs::contactsStarted)
      .field("contactsEnded", &SoftStatsJs::contactsEnded)
      .field("rhsEvaluations", &SoftStatsJs::rhsEvaluations)
      .field("activeContacts", &SoftStatsJs::activeContacts)
      .field("maxForce", &SoftStatsJs::maxForce)
      .field("lastStep", &SoftStatsJs::lastStep)
      .field("slipStep", &SoftStatsJs::slipStep);
  value_object<MomentumJs>("Momentum").field("px", &MomentumJs::px).field("py", &MomentumJs::py).field("lz", &MomentumJs::lz);
  class_<JsSoftWorld>("SoftWorld")
      .constructor<std::string>()
      .function("ok", &JsSoftWorld::ok)
      .function("report", &JsSoftWorld::report)
      .function("scenarioJson", &JsSoftWorld::scenarioJson)
      .function("info", &JsSoftWorld::info)
      .function("time", &JsSoftWorld::time)
      .function("count", &JsSoftWorld::count)
      .function("outputIndex", &JsSoftWorld::outputIndex)
      .function("nextOutputTime", &JsSoftWorld::nextOutputTime)
      .function("advance", &JsSoftWorld::advance)
      .function("message", &JsSoftWorld::message)
      .function("coordinates", &JsSoftWorld::coordinates)
      .function("observers", &JsSoftWorld::observers)
      .function("radii", &JsSoftWorld::radii)
      .function("masses", &JsSoftWorld::masses)
      .function("observerMasses", &JsSoftWorld::observerMasses)
      .function("domain", &JsSoftWorld::domain)
      .function("ledger", &JsSoftWorld::ledger)
      .function("stats", &JsSoftWorld::stats)
      .function("momentum", &JsSoftWorld::momentum)
      .function("recordHysteresis", &JsSoftWorld::recordHysteresis)
      .function("loopCount", &JsSoftWorld::loopCount)
      .function("loop", &JsSoftWorld::loop)
      .function("hashState", &JsSoftWorld::hashState);
  function("defaultSoftScenario", &defaultSoftScenarioJson);
  function("validateSoftScenario", &validateSoftScenarioJson);
  function("scenarioFamily", &scenarioFamily);

  class_<JsAvalancheWorld>("AvalancheWorld")
      .constructor<std::string>()
      .function("ok", &JsAvalancheWorld::ok)
      .function("report", &JsAvalancheWorld::report)
      .function("scenarioJson", &JsAvalancheWorld::scenarioJson)
      .function("advance", &JsAvalancheWorld::advance)
      .function("phase", &JsAvalancheWorld::phase)
      .function("time", &JsAvalancheWorld::time)
      .function("outputIndex", &JsAvalancheWorld::outputIndex)
      .function("nextOutputTime", &JsAvalancheWorld::nextOutputTime)
      .function("message", &JsAvalancheWorld::message)
      .function("grains", &JsAvalancheWorld::grains)
      .function("bodies", &JsAvalancheWorld::bodies)
      .function("positions", &JsAvalancheWorld::positions)
      .function("velocities", &JsAvalancheWorld::velocities)
      .function("angles", &JsAvalancheWorld::angles)
      .function("spins", &JsAvalancheWorld::spins)
      .function("radii", &JsAvalancheWorld::radii)
      .function("walls", &JsAvalancheWorld::walls)
      .function("contactLines", &JsAvalancheWorld::contactLines)
      .function("sampleCount", &JsAvalancheWorld::sampleCount)
      .function("samples", &JsAvalancheWorld::samples)
      .function("summary", &JsAvalancheWorld::summary)
      .function("hashState", &JsAvalancheWorld::hashState);
  function("defaultAvalancheScenario", &defaultAvalancheScenarioJson);
  function("validateAvalancheScenario", &validateAvalancheScenarioJson);
  function("mshSegments", &mshSegmentsJson);
  // the limits the page's warnings judge by, from the engine's own constants (not a second copy)
  function("avalancheOverlapWarn", +[]() { return AvalancheSummary::kOverlapWarn; });
  function("rk4SlipLimit", +[]() { return SoftStats::kRk4SlipLimit; });

  class_<JsCompareWorld>("CompareWorld")
      .constructor<std::string>()
      .function("ok", &JsCompareWorld::ok)
      .function("report", &JsCompareWorld::report)
      .function("scenarioJson", &JsCompareWorld::scenarioJson)
      .function("engineScenario", &JsCompareWorld::engineScenario)
      .function("duration", &JsCompareWorld::duration)
      .function("lastExactCollision", &JsCompareWorld::lastExactCollision)
      .function("advance", &JsCompareWorld::advance)
      .function("time", &JsCompareWorld::time)
      .function("outputIndex", &JsCompareWorld::outputIndex)
      .function("nextOutputTime", &JsCompareWorld::nextOutputTime)
      .function("message", &JsCompareWorld::message)
      .function("count", &JsCompareWorld::count)
      .function("radii", &JsCompareWorld::radii)
      .function("positions", &JsCompareWorld::positions)
      .function("velocities", &JsCompareWorld::velocities)
      .function("walls", &JsCompareWorld::walls)
      .function("region", &JsCompareWorld::region)
      .function("sampleCount", &JsCompareWorld::sampleCount)
      .function("samples", &JsCompareWorld::samples)
      .function("status", &JsCompareWorld::status)
      .function("hashState", &JsCompareWorld::hashState);
  function("defaultCompareScenario", &defaultCompareScenarioJson);
  function("validateCompareScenario", &validateCompareScenarioJson);
  function("compareRowTable", +[](const std::string& json) { return compareRowTableJson(json); });
  function("chainRun", &chain::runJson);
  // the page's runs keep the engine's default collision budget
  function("chainRunSetup", +[](const std::string& json, int maxLog) { return chain::runSetupJson(json, maxLog); });
  function("chainMonteCarlo", &chain::monteCarloJson);
  function("chainMonteCarloRange", &chain::monteCarloRangeJson);
  function("chainNewton", &chain::newtonJson);

  function("version", &versionString);
  function("defaultScenario", &defaultScenarioJson);
  function("validateScenario", &validateScenarioJson);
  function("contactTimeDiscDisc", &contactTimeDiscDisc);
  function("contactTimeDiscWall", &contactTimeDiscWall);
  function("minContactTime", &minContactTime);
  function("resolveDiscDisc", &resolveDiscDisc);
  function("resolveDiscWall", &resolveDiscWall);
  function("advanceExercise", &advanceExercise);
}
