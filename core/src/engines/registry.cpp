// Engine registry: adding an engine is one line here (plus its folder, its tests and a scenario).
#include "engines/engine.hpp"
#include "engines/event/event_engine.hpp"

namespace granular {

std::unique_ptr<Engine> makeEngine(const std::string& name, const Model& model, State& state) {
  if (name == "event") return std::make_unique<EventEngine>(model, state);
  if (name == "event-naive") return std::make_unique<NaiveEventEngine>(model, state);
  return nullptr;
}

}  // namespace granular
