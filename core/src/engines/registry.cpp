// Engine registry of the gas family: a new engine is one line here, and its name in parse.cpp's engine
// choices, web/src/ui/family.ts and docs/scenario-format.md (README "Add an engine" lists every step;
// Scenario.EveryEngineTheValidatorAcceptsIsRegistered checks this list against the validator's).
#include "engines/engine.hpp"
#include "engines/event/event_engine.hpp"

namespace granular {

std::unique_ptr<Engine> makeEngine(const std::string& name, const Model& model, State& state) {
  if (name == "event") return std::make_unique<EventEngine>(model, state);
  if (name == "event-naive") return std::make_unique<NaiveEventEngine>(model, state);
  return nullptr;
}

}  // namespace granular
