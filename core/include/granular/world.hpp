// World: one simulation run. Scenario JSON in, output instants out.
//
// Data flow: scenario JSON -> readScenario (validate, fill defaults) -> buildInitial (Model + State)
// -> engine from the registry -> advance() to each output instant k * output.interval -> observe
// (energies, rates, pressure, histogram) -> positions/velocities at that instant.
//
// The World never throws: an invalid scenario gives ok() == false and every issue in errors().
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "granular/scenario.hpp"

namespace granular {

struct Model;
struct State;
struct EngineStats;
class Engine;

/// Observables at one output instant.
struct Observation {
  double time = 0;              // s
  double kineticEnergy = 0;     // J
  double temperature = 0;       // J, granular temperature E_kin / N
  double collisions = 0;        // cumulative disc-disc collisions
  double wallHits = 0;          // cumulative disc-wall collisions
  double collisionRate = 0;     // collisions per disc per second over the last interval (1/s)
  double wallPressure = 0;      // N/m: wall impulse per unit length per second over the last interval
  double energyDissipated = 0;  // J, cumulative
  double energyInjected = 0;    // J, cumulative (vibrating wall)
};

/// Closed-form reference values for the loaded scenario (see docs/granular-gas.md), for discs of one
/// kind: with several radii or masses they are those of the mean disc, and the page sums the pairs of
/// kinds itself (web/src/plot/theory.ts: Enskog rate, equation of state, each kind's cooling).
struct Theory {
  double areaFraction = 0;         // nu
  double numberDensity = 0;        // n, 1/m^2
  double meanMass = 0;             // kg
  double meanDiameter = 0;         // sigma, m
  double temperature0 = 0;         // T0 = E_kin(0) / N, J
  double contactValue = 0;         // Henderson g(sigma)
  double collisionFrequency0 = 0;  // Enskog omega0 = 2 n sigma g sqrt(pi T0 / m), 1/s
  double haffTau = 0;              // 4 / ((1 - r^2) omega0), s (infinity for r = 1)
  double restitution = 0;
};

enum class AdvanceStatus { Output = 0, Budget = 1, Finished = 2, Stopped = 3 };

/// One collision of the per-collision log: discs i < j at `time`, or disc i and wall -(j+1) when j < 0.
/// Disc numbers are the scenario's (engine renumbering is undone).
struct LoggedCollision {
  double time = 0;  // s
  int i = 0, j = 0;
};

/// Where a World is in its sequence of output instants (core/src/output_clock.hpp moves it on).
struct OutputClock {
  std::int64_t index = 0;  // output instants reached
  bool finished = false;   // the scenario's duration is reached
  std::string message;     // why the engine stopped ("" while it runs)
};

class World {
 public:
  /// `engineOverride` replaces the scenario's engine (e.g. "event-naive" for the reference path).
  explicit World(const std::string& scenarioJson, const std::string& engineOverride = "");
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  bool ok() const { return errors_.empty(); }
  const std::vector<Issue>& errors() const { return errors_; }
  std::string reportJson() const;
  std::string scenarioJson() const;
  const ScenarioSpec& spec() const { return spec_; }

  /// Work towards the next output instant, processing at most maxEvents events.
  AdvanceStatus advance(std::int64_t maxEvents);
  /// Advance output by output up to time t (or the end / a stop); returns the last status.
  AdvanceStatus runUntil(double t, std::int64_t maxEventsPerCall = 1000000);

  double time() const { return observation_.time; }
  int count() const;
  std::int64_t outputIndex() const { return clock_.index; }
  double nextOutputTime() const;
  const std::string& message() const { return clock_.message; }

  const Eigen::Matrix2Xd& positions() const { return outPos_; }   // (2 x n) m at time()
  const Eigen::Matrix2Xd& velocities() const { return outVel_; }  // (2 x n) m/s at time()
  const Observation& observation() const { return observation_; }
  const std::vector<double>& histogram() const { return histogram_; }  // probability density, 1/(m/s)
  double histogramMax() const { return histogramMax_; }                // m/s
  const Theory& theory() const { return theory_; }
  const EngineStats& stats() const;

  /// The per-collision log (disc-disc and disc-wall; cell crossings are bookkeeping, not logged):
  /// keeps the last `maxEvents` collisions from now on (0 turns it off and drops it). It only
  /// records: the run is the same, state for state, with the log on or off.
  void enableEventLog(std::size_t maxEvents);
  /// Collisions logged since enableEventLog() (including those the bound has dropped since).
  std::int64_t eventsLogged() const;
  /// The logged collisions numbered `from` on (0 = the first since enabling) that are still held,
  /// appended to `out`; returns the number of the first one appended (> from when dropped).
  std::int64_t eventLog(std::int64_t from, std::vector<LoggedCollision>& out) const;

  /// FNV-1a over the bits of time, positions and velocities at time().
  std::uint64_t hashState() const;
  std::string hashHex() const;

  const Model& model() const { return *model_; }
  const State& state() const { return *state_; }
  Engine& engine() { return *engine_; }

 private:
  void record();

  ScenarioSpec spec_;
  std::vector<Issue> errors_;
  std::unique_ptr<Model> model_;
  std::unique_ptr<State> state_;
  std::unique_ptr<Engine> engine_;
  OutputClock clock_;
  Eigen::Matrix2Xd outPos_, outVel_;
  Observation observation_;
  std::vector<double> histogram_;
  double histogramMax_ = 1;
  Theory theory_;
  double lastImpulse_ = 0, lastCollisions_ = 0, lastTime_ = 0;
  struct EventLog;
  std::unique_ptr<EventLog> log_;
};

}  // namespace granular
