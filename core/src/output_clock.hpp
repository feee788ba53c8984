// The output-instant bookkeeping every World shares: output k is at k * interval (the last one at
// the duration, when there is one); advance() asks the engine for the next instant within a work
// budget and records the state when it is reached or when the engine stops.
#pragma once

#include <cstdint>
#include <string>

#include "engines/engine.hpp"
#include "granular/world.hpp"

namespace granular {

inline double nextOutput(const OutputClock& c, double interval, double duration) {
  double t = static_cast<double>(c.index + 1) * interval;
  if (duration > 0 && t > duration) t = duration;
  return t;
}

/// engine: advanceTo(t, budget) -> StepResult, message(); record(): store the observables.
template <class Engine, class Record>
AdvanceStatus advanceClock(OutputClock& c, Engine& engine, double interval, double duration, std::int64_t budget, Record record) {
  if (!c.message.empty()) return AdvanceStatus::Stopped;
  if (budget < 1) budget = 1;  // always make progress
  if (c.finished) return AdvanceStatus::Finished;
  const double target = nextOutput(c, interval, duration);
  switch (engine.advanceTo(target, budget)) {
    case StepResult::Budget: return AdvanceStatus::Budget;
    case StepResult::Stopped:
      c.message = engine.message();
      record();  // show where it stopped
      return AdvanceStatus::Stopped;
    case StepResult::Reached: break;
  }
  ++c.index;
  record();
  if (duration > 0 && target >= duration) c.finished = true;
  return AdvanceStatus::Output;
}

/// Output by output up to time t (or the end, or a stop); the last status.
template <class W>
AdvanceStatus runUntil(W& world, double t, std::int64_t budgetPerCall) {
  AdvanceStatus s = AdvanceStatus::Output;
  while (world.time() < t) {
    s = world.advance(budgetPerCall);
    if (s == AdvanceStatus::Stopped || s == AdvanceStatus::Finished) break;
  }
  return s;
}

}  // namespace granular
