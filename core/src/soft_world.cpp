#include <cmath>

#include "engines/soft/contact_law.hpp"
#include "engines/soft/soft_engine.hpp"
#include "granular/soft.hpp"
#include "model/soft_model.hpp"
#include "output_clock.hpp"
#include "util/hash.hpp"
#include "util/json.hpp"

namespace granular {

namespace {

std::string report(const std::vector<Issue>& errors, const SoftScenarioSpec* normalized) {
  return issuesReportJson(errors, errors.empty() && normalized ? softScenarioToJson(*normalized) : Json::null());
}

}  // namespace

std::string validateSoftScenarioJson(const std::string& json) {
  SoftScenarioSpec spec;
  std::vector<Issue> errors;
  if (readSoftScenario(json, spec, errors)) {
    SoftModel m;
    SoftState s;
    buildSoft(spec, m, s, errors);
  }
  return report(errors, &spec);
}

SoftWorld::SoftWorld(const std::string& scenarioJson)
    : model_(std::make_unique<SoftModel>()), state_(std::make_unique<SoftState>()) {
  if (!readSoftScenario(scenarioJson, spec_, errors_)) return;
  if (!buildSoft(spec_, *model_, *state_, errors_)) return;
  engine_ = std::make_unique<SoftEngine>(*model_, *state_);
  SoftLedger start;
  engine_->energies(start);
  initialEnergy_ = start.total();
  potential0_ = engine_->potentialEnergy();
  record();
}

SoftWorld::~SoftWorld() = default;

std::string SoftWorld::reportJson() const { return report(errors_, &spec_); }
std::string SoftWorld::scenarioJson() const { return ok() ? softScenarioToJson(spec_).dump(2) : std::string(); }
double SoftWorld::time() const { return state_->time; }
int SoftWorld::count() const { return model_->n; }
const Eigen::Matrix<double, 6, Eigen::Dynamic>& SoftWorld::coordinates() const { return state_->q; }
const SoftStats& SoftWorld::stats() const {
  static const SoftStats none;
  return engine_ ? engine_->stats() : none;
}
const std::vector<HysteresisLoop>& SoftWorld::loops() const {
  static const std::vector<HysteresisLoop> none;
  return engine_ ? engine_->loops() : none;
}
void SoftWorld::recordHysteresis(int i, int other) {
  if (engine_) engine_->recordHysteresis(i, other);
}
void SoftWorld::momentum(double& px, double& py, double& lz) const {
  px = py = lz = 0;
  if (engine_) engine_->momentum(px, py, lz);
}

double SoftWorld::nextOutputTime() const { return nextOutput(clock_, model_->outputInterval, model_->duration); }

AdvanceStatus SoftWorld::advance(std::int64_t maxSteps) {
  if (!ok()) return AdvanceStatus::Stopped;
  return advanceClock(clock_, *engine_, model_->outputInterval, model_->duration, maxSteps, [this] { record(); });
}

AdvanceStatus SoftWorld::runUntil(double t, std::int64_t maxStepsPerCall) { return granular::runUntil(*this, t, maxStepsPerCall); }

void SoftWorld::record() {
  engine_->energies(ledger_);
  ledger_.potential = engine_->potentialEnergy() - potential0_;
  ledger_.time = state_->time;
  engine_->observerPositions(observers_);
}

std::string SoftWorld::infoJson() const {
  Json o = Json::object();
  if (!ok()) return o.dump();
  const SoftModel& m = *model_;
  o.set("law", Json::string(soft::lawName(m.law)));
  o.set("dampingA", Json::number(m.dampingA));
  o.set("cTau", Json::number(1 - m.dampingA / 1.5));
  o.set("restitution", Json::number(soft::restitutionFromDamping(m.dampingA)));
  o.set("targetRestitution", spec_.hasRestitution ? Json::number(spec_.restitution) : Json::null());
  o.set("shortestContact", Json::number(m.shortestContact));
  o.set("fixedStep", Json::number(m.fixedStep));
  o.set("integrator", Json::string(spec_.integrator));
  std::string note;
  if (spec_.hasRestitution) {
    if (m.law == DampingLaw::HuntCrossley)
      note = "damping set from the target restitution e = " + formatShort(spec_.restitution) +
             " by the exact impact relation: a = " + formatShort(m.dampingA) + ", c_τ = " + formatShort(1 - m.dampingA / 1.5);
    else
      note = std::string(soft::lawTitle(m.law)) + " with e = " + formatShort(spec_.restitution) + ": a = " +
             formatShort(m.dampingA) + "; one impact of this law restitutes e = " +
             formatShort(soft::restitutionFromDamping(m.dampingA)) + " exactly";
  } else {
    note = "Hunt–Crossley with c_τ = " + formatShort(spec_.cTau) + ": a = " + formatShort(m.dampingA) +
           "; one impact restitutes e = " + formatShort(soft::restitutionFromDamping(m.dampingA));
  }
  o.set("note", Json::string(note));
  return o.dump();
}

std::uint64_t SoftWorld::hashState() const {
  std::uint64_t h = kFnvOffset;
  if (!ok()) return h;
  fnv1a(h, &state_->time, sizeof state_->time);
  fnv1a(h, state_->q.data(), sizeof(double) * static_cast<std::size_t>(state_->q.size()));
  fnv1a(h, &state_->damping, sizeof state_->damping);
  fnv1a(h, &state_->friction, sizeof state_->friction);
  return h;
}

std::string SoftWorld::hashHex() const { return hex16(hashState()); }

}  // namespace granular
