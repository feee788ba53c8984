#include "granular/world.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "engines/engine.hpp"
#include "engines/event/event_engine.hpp"
#include "model/model.hpp"
#include "observe/observe.hpp"
#include "state/state.hpp"
#include "output_clock.hpp"
#include "util/hash.hpp"
#include "util/json.hpp"

namespace granular {

World::World(const std::string& scenarioJson, const std::string& engineOverride)
    : model_(std::make_unique<Model>()), state_(std::make_unique<State>()) {
  if (!readScenario(scenarioJson, spec_, errors_)) return;
  if (!buildInitial(spec_, *model_, *state_, errors_)) return;
  const std::string engineName = engineOverride.empty() ? spec_.engine : engineOverride;
  engine_ = makeEngine(engineName, *model_, *state_);
  if (!engine_) {
    errors_.push_back(Issue{"engine", "\"" + engineName + "\"", "no such engine"});
    return;
  }
  theory_ = observe::theory(*model_, state_->vel);
  record();
}

/// The engine appends each collision to `pending` during advance(); World moves them into a ring of
/// `max` records after the call, so memory stays bounded whatever the run's length.
struct World::EventLog {
  std::vector<EventRecord> pending;
  std::vector<LoggedCollision> ring;
  std::size_t max = 0;
  std::int64_t total = 0;  // collisions moved into the ring so far

  void drain() {
    for (const EventRecord& r : pending) {
      const LoggedCollision c{r.time, r.i, r.j};
      if (ring.size() < max) ring.push_back(c);
      else ring[static_cast<std::size_t>(total % static_cast<std::int64_t>(max))] = c;
      ++total;
    }
    pending.clear();
  }
};

World::~World() = default;

void World::enableEventLog(std::size_t maxEvents) {
  auto* core = dynamic_cast<EventCore*>(engine_.get());
  if (core) core->setLog(nullptr);
  log_.reset();
  if (maxEvents == 0 || !core) return;
  log_ = std::make_unique<EventLog>();
  log_->max = maxEvents;
  core->setLog(&log_->pending);
}

std::int64_t World::eventsLogged() const { return log_ ? log_->total : 0; }

std::int64_t World::eventLog(std::int64_t from, std::vector<LoggedCollision>& out) const {
  if (!log_) return 0;
  const std::int64_t held = static_cast<std::int64_t>(log_->ring.size());
  const std::int64_t first = std::max(std::max<std::int64_t>(from, 0), log_->total - held);
  const std::int64_t max = static_cast<std::int64_t>(log_->max);
  for (std::int64_t k = first; k < log_->total; ++k) out.push_back(log_->ring[static_cast<std::size_t>(k % max)]);
  return std::min(first, log_->total);
}

std::string World::reportJson() const { return validationReportJson(errors_, &spec_); }
std::string World::scenarioJson() const { return ok() ? scenarioToJson(spec_).dump(2) : std::string(); }
int World::count() const { return model_->n; }
const EngineStats& World::stats() const {
  static const EngineStats none;
  return engine_ ? engine_->stats() : none;
}

double World::nextOutputTime() const { return nextOutput(clock_, model_->outputInterval, model_->duration); }

AdvanceStatus World::advance(std::int64_t maxEvents) {
  if (!ok()) return AdvanceStatus::Stopped;
  const AdvanceStatus status =
      advanceClock(clock_, *engine_, model_->outputInterval, model_->duration, maxEvents, [this] { record(); });
  if (log_) log_->drain();
  return status;
}

AdvanceStatus World::runUntil(double t, std::int64_t maxEventsPerCall) { return granular::runUntil(*this, t, maxEventsPerCall); }

void World::record() {
  const Model& m = *model_;
  const State& st = *state_;
  const double t = st.time;
  outPos_.resize(2, m.n);
  for (int i = 0; i < m.n; ++i) {
    const double dt = t - st.tLocal(i);
    outPos_(0, i) = st.pos(0, i) + st.vel(0, i) * dt;
    outPos_(1, i) = st.pos(1, i) + st.vel(1, i) * dt;
  }
  outVel_ = st.vel;
  if (m.gx != 0 || m.gy != 0) {  // on their parabolas since each disc's last event
    for (int i = 0; i < m.n; ++i) {
      const double dt = t - st.tLocal(i);
      outPos_(0, i) += 0.5 * m.gx * dt * dt;
      outPos_(1, i) += 0.5 * m.gy * dt * dt;
      outVel_(0, i) += m.gx * dt;
      outVel_(1, i) += m.gy * dt;
    }
  }
  const EngineStats& s = stats();
  Observation& o = observation_;
  o.time = t;
  o.kineticEnergy = observe::kineticEnergy(m, outVel_);
  o.temperature = m.n ? o.kineticEnergy / m.n : 0.0;
  o.collisions = static_cast<double>(s.collisions);
  o.wallHits = static_cast<double>(s.wallHits);
  const double dt = t - lastTime_;
  if (dt > 0) {
    o.collisionRate = 2.0 * (o.collisions - lastCollisions_) / (m.n * dt);
    o.wallPressure = (s.wallImpulse - lastImpulse_) / (m.perimeter * dt);
  }
  o.energyDissipated = s.energyDissipated;
  o.energyInjected = s.energyInjected;
  lastTime_ = t;
  lastCollisions_ = o.collisions;
  lastImpulse_ = s.wallImpulse;
  observe::speedHistogram(outVel_, m.histogramBins, histogram_, histogramMax_);
}

std::uint64_t World::hashState() const {
  std::uint64_t h = kFnvOffset;
  const double t = time();
  fnv1a(h, &t, sizeof t);
  fnv1a(h, outPos_.data(), sizeof(double) * static_cast<std::size_t>(outPos_.size()));
  fnv1a(h, outVel_.data(), sizeof(double) * static_cast<std::size_t>(outVel_.size()));
  return h;
}

std::string World::hashHex() const { return hex16(hashState()); }

}  // namespace granular
