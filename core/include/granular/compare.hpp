// Same set-up, three contact models (issue 6 §1): the scenario family "engine": "compare".
//
// One neutral set-up — a head-on pair, the four-sphere row of ARGESIM C12 laid out as discs, a
// small gas in a box, a small pile under gravity — is translated into one scenario per engine and
// run side by side: the event-driven hard discs (World), the soft Hunt–Crossley discs (SoftWorld,
// damping set from the same restitution e) and Non-Smooth Contact Dynamics (nscd::Engine with
// Newton's impact law, e). Every disc has diameter 1 m and mass 1 kg (REFERENCE §1's units read
// as SI); no friction (the event engine's discs are smooth), no gravity except in the pile.
//
// Data flow: scenario JSON -> readCompareScenario (validate, defaults from
// defaultCompareScenario() in core/src/scenario/defaults.cpp) -> compare::translate (the discs,
// the walls, one scenario JSON for World and one for SoftWorld, an nscd::System) -> each engine to
// every output instant in turn -> one sample per instant (kinetic energy, centre-of-mass height,
// collisions or contacts made, every disc's velocity) for each engine.
//
// The translator lives here, outside the engines (an engine never includes another): it uses the
// event and soft engines through their Worlds and scenario JSON, and NSCD through its System and
// Engine. The format is documented in docs/scenario-format.md ("Comparison").
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "granular/scenario.hpp"
#include "granular/world.hpp"

namespace granular {

constexpr int kCompareEngines = 3;      // 0 event-driven, 1 soft (Hunt–Crossley), 2 NSCD (Moreau–Jean)
constexpr int kMaxCompareDiscs = 200;   // gas and pile
constexpr double kCompareRadius = 0.5;  // m: every disc has diameter 1 m
constexpr double kCompareMass = 1.0;    // kg
constexpr double kComparePoisson = 0.3; // soft discs' Poisson ratio

/// The engines' names as the page and the table show them.
const char* compareEngineName(int engine);

// Every field's default is set in defaultCompareScenario() (core/src/scenario/defaults.cpp).
struct CompareScenarioSpec {
  int schema = kSchemaVersion;
  std::string name, notes;
  std::string engine;
  std::uint64_t seed = 0;

  std::string kind;        // "head-on" | "row" | "gas" | "pile"
  int count = 0;           // gas and pile: number of discs
  double speed = 0;        // m/s: head-on closing speed, row v0 of disc 1, gas rms speed, pile random speed
  double gap = 0;          // m: head-on and row surface gaps
  double gravity = 0;      // m/s^2, downwards, the pile only
  double restitution = 0;  // e in (0, 1], every engine, disc-disc and disc-wall

  double tc = 0;           // s: the event engine's TC model in the gas and the pile (0: none, collapse detected)
  double youngModulus = 0; // Pa (2D: N/m): the soft discs' material
  double timeStep = 0;     // s: NSCD
  double outputInterval = 0;  // s
  double duration = 0;        // s (0: automatic, the set-up's own)
};

CompareScenarioSpec defaultCompareScenario();
bool readCompareScenario(const std::string& json, CompareScenarioSpec& spec, std::vector<Issue>& errors);
Json compareScenarioToJson(const CompareScenarioSpec& spec);
/// {"ok", "errors", "scenario"} as for the other families (reading, then building the set-up).
std::string validateCompareScenarioJson(const std::string& json);

/// One output instant, per engine (index 0 event, 1 soft, 2 NSCD); NaN after an engine stopped.
struct CompareSample {
  double time = 0;                              // s
  std::array<double, kCompareEngines> kinetic{};   // J, translational kinetic energy
  std::array<double, kCompareEngines> height{};    // m, centre-of-mass height
  std::array<double, kCompareEngines> contacts{};  // cumulative: collisions (event), contacts made (soft, NSCD)
};

/// Where one engine is.
struct CompareEngineStatus {
  bool stopped = false;     // the engine stopped (message says why); the others go on
  std::string message;
  double work = 0;          // events (event), integrator steps (soft), time steps (NSCD)
  double contacts = 0;      // collisions and wall hits (event), contacts made (soft, NSCD), cumulative
  double active = 0;        // contacts active now (soft, NSCD; 0 for the event engine)
  double iterations = 0;    // NSCD: mean solver iterations per step; soft: rejected steps; event: elastic by TC
};

class CompareWorld {
 public:
  explicit CompareWorld(const std::string& scenarioJson);
  ~CompareWorld();
  CompareWorld(const CompareWorld&) = delete;
  CompareWorld& operator=(const CompareWorld&) = delete;

  bool ok() const { return errors_.empty(); }
  const std::vector<Issue>& errors() const { return errors_; }
  std::string reportJson() const;
  std::string scenarioJson() const;
  const CompareScenarioSpec& spec() const { return spec_; }
  /// The scenario handed to the event engine (0) or the soft engine (1), or NSCD's parameters (2), as JSON.
  std::string engineScenarioJson(int engine) const;
  /// s: the run's length (the set-up's own when output.duration is 0)
  double duration() const { return duration_; }
  /// s: the exact answer's last collision for the pair and the row (chain engine), -1 for the gas and the
  /// pile; past duration() the run ends before the row does (a slow row is cut at 1000 s)
  double lastExactCollision() const { return lastExact_; }

  /// Work towards the next output instant: each engine in turn, each with its own budget derived
  /// from maxWork (events, integrator steps, time steps). Output when all three have reached it.
  AdvanceStatus advance(std::int64_t maxWork);
  double time() const;
  std::int64_t outputIndex() const { return index_; }
  double nextOutputTime() const;
  /// The engines that stopped, and why ("" while all run).
  std::string message() const;

  int count() const;
  const Eigen::VectorXd& radii() const { return radii_; }
  /// (2 x n) positions (m) and velocities (m/s) of an engine at time()
  const Eigen::Matrix2Xd& positions(int engine) const;
  const Eigen::Matrix2Xd& velocities(int engine) const;
  /// Walls to draw (4 numbers each, m): the box of the gas and the pile; none for the pair and the row.
  std::vector<double> walls() const;
  /// The region worth drawing at t = 0 (m): xmin, ymin, xmax, ymax.
  std::array<double, 4> view() const { return view_; }
  const std::vector<CompareSample>& samples() const { return samples_; }
  /// (kCompareEngines x 2n) per sample: vx, vy of every disc for each engine in turn (m/s)
  const std::vector<double>& sampleVelocities() const { return sampleVelocities_; }
  const CompareEngineStatus& status(int engine) const;

  std::uint64_t hashState() const;
  std::string hashHex() const;

 private:
  struct Impl;
  void record();

  CompareScenarioSpec spec_;
  std::vector<Issue> errors_;
  std::unique_ptr<Impl> impl_;
  double duration_ = 0;
  double lastExact_ = -1;
  std::int64_t index_ = 0;
  bool finished_ = false;
  Eigen::VectorXd radii_;
  std::array<double, 4> view_{};
  std::vector<CompareSample> samples_;
  std::vector<double> sampleVelocities_;
};

/// The four-sphere row to its end through every engine, beside the exact (chain engine) answer:
/// final velocities, collisions or contacts, and what overlapped in time. JSON:
/// {"ok", "message", "restitution", "gap", "exact": {...}, "engines": [{...} x 3], "closedForm"}.
/// Only for "setup.kind": "row" (otherwise ok is false with the reason). NSCD stops after
/// maxNscdSteps steps (done false, its message says so): a slow row at a fine step would take minutes.
inline constexpr std::int64_t kCompareTableNscdSteps = 20000000;
std::string compareRowTableJson(const std::string& scenarioJson, std::int64_t maxNscdSteps = kCompareTableNscdSteps);

}  // namespace granular
