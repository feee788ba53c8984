// The only file that includes <emscripten/bind.h>. One World handle with typed-array views into
// WASM memory (re-acquire after advance(): memory growth detaches old views), value objects for the
// observables, and the six exercise functions. Nice names and conventions live in TypeScript
// (web/src/sim); the contract is web/src/sim/granular-wasm.d.ts.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "engines/engine.hpp"
#include "engines/event/exercise.hpp"
#include "granular/scenario.hpp"
#include "granular/version.hpp"
#include "granular/world.hpp"
#include "model/model.hpp"
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

 private:
  World world_;
  std::vector<double> walls_;
};

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
      .function("hashState", &JsWorld::hashState);

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
