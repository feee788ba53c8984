// The one interface every engine implements: advance to a time, report what happened.
//
// An engine owns nothing but its acceleration structures: the constant Model and the mutable State
// are the World's. advanceTo(t) processes every event (or step) before t and leaves State::time = t,
// unless the event budget runs out first (Budget: call again) or the engine stops on a condition it
// explains in message() (Stopped: e.g. inelastic collapse).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace granular {

struct Model;
struct State;

struct EngineStats {
  std::int64_t events = 0;         // every processed event (collisions, wall hits, cell crossings, stale)
  std::int64_t collisions = 0;     // disc-disc collisions
  std::int64_t wallHits = 0;       // disc-wall collisions
  std::int64_t cellCrossings = 0;  // bookkeeping events of the cell grid
  std::int64_t staleEvents = 0;    // predictions found outdated and dropped lazily
  std::int64_t elasticByTC = 0;    // collisions made elastic by the TC model
  double energyDissipated = 0;     // J, by inelastic collisions (disc-disc and disc-wall)
  double energyInjected = 0;       // J, work done by the vibrating wall
  double wallImpulse = 0;          // N s (per unit depth), sum of normal impulses on the walls
};

enum class StepResult { Reached, Budget, Stopped };

class Engine {
 public:
  virtual ~Engine() = default;
  virtual StepResult advanceTo(double t, std::int64_t maxEvents) = 0;
  virtual const EngineStats& stats() const = 0;
  virtual const std::string& message() const = 0;
};

/// The engine registry: one line per engine in engines/registry.cpp. Returns nullptr for an
/// unknown name (the scenario validator only accepts registered names).
std::unique_ptr<Engine> makeEngine(const std::string& name, const Model& model, State& state);

}  // namespace granular
