// The avalanche: the scenario family of issue 5 ("engine": "avalanche"). A column of frictional
// discs settles behind a gate on a rough floor, the gate opens at t = 0, the grains collapse and
// spread; the runout is read from the contact graph. Non-Smooth Contact Dynamics
// (core/src/engines/nscd/nscd.hpp explains the algorithm).
//
// Data flow: scenario JSON -> readAvalancheScenario (validate, fill defaults from
// defaultAvalancheScenario() in core/src/scenario/defaults.cpp) -> nscd::buildColumn -> settling
// (phase Settling, gate closed) -> gate opens (t = 0, L0 and H0 measured) -> phase Flowing, one
// sample per output interval (runout, front velocity, kinetic energy, solver iterations and
// residual) -> phase Stopped when the kinetic energy per grain falls below the stop threshold
// (the collapse time). The format is documented field by field in docs/scenario-format.md.
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

constexpr int kMaxAvalancheGrains = 50000;
constexpr int kMaxAvalancheSegments = 10000;

// Every field's default is set in defaultAvalancheScenario() (core/src/scenario/defaults.cpp).
struct AvalancheScenarioSpec {
  int schema = kSchemaVersion;
  std::string name, notes;
  std::string engine;
  std::uint64_t seed = 0;

  double columnWidth = 0, columnHeight = 0;  // m: the column's extent before settling
  double rmin = 0, rmax = 0;                  // m: grain radii uniform in [rmin, rmax]
  double density = 0;                         // kg/m^2 (2D: mass = density pi r^2)
  double mu = 0;                              // friction, grain-grain and grain-boundary
  double rollingFriction = 0;                 // rolling resistance mu_r: torque <= mu_r R_eff p_n (0: free rolling)
  double restitution = 0;                     // Newton's normal restitution at impacts (0: perfectly inelastic)
  double floorLength = 0;                     // m: the rough floor (a row of fixed discs centred on y = 0) from x = 0
  bool hasFloorRadius = false;                // the floor discs' radius is floorRadius; false: grains.rmin (null in JSON)
  double floorRadius = 0;                     // m, when hasFloorRadius
  double floorGap = 0;                        // m, space between neighbouring floor discs (0: touching)
  std::vector<std::array<double, 4>> segments;  // extra boundary segments ax, ay, bx, by (m), e.g. from Gmsh
  double gravity = 0;                         // m/s^2, downwards
  bool hasVillage = false;                    // a village on the floor (drawn, and the page says whether the flow reaches it)
  double village = 0;                         // m from the left wall, beyond the column and on the floor

  std::string solver;      // "gauss-seidel" | "jacobi"
  double timeStep = 0;     // s
  double tolerance = 0;    // geometric, fraction of the mean radius
  int maxIterations = 0;
  bool warmStart = true;
  double relaxation = 0;   // Jacobi relaxation in (0, 1]

  double settleThreshold = 0;  // settled when kinetic energy per grain < threshold * m g R (mean grain)
  double settleMaxTime = 0;    // s, the gate opens after this at the latest
  double stopThreshold = 0;    // stopped when kinetic energy per grain < threshold * m g R, after t > 0
  double outputInterval = 0;   // s
  double duration = 0;         // s after the gate opens (the run ends there if it has not stopped)
};

AvalancheScenarioSpec defaultAvalancheScenario();
/// The radius of the floor's fixed discs: floor.radius, or grains.rmin when that is null.
inline double avalancheFloorRadius(const AvalancheScenarioSpec& s) { return s.hasFloorRadius ? s.floorRadius : s.rmin; }
bool readAvalancheScenario(const std::string& json, AvalancheScenarioSpec& spec, std::vector<Issue>& errors);
Json avalancheScenarioToJson(const AvalancheScenarioSpec& spec);
/// {"ok", "errors", "scenario"} as for the other families (reading, then building the column).
std::string validateAvalancheScenarioJson(const std::string& json);

/// One sample of the collapse, at an output instant after the gate opened.
struct AvalancheSample {
  double time = 0;           // s since the gate opened
  double runout = 0;         // m, farthest x + R of the largest grain-grain contact component
  double frontVelocity = 0;  // m/s, x-velocity of the grain that sets the runout (the front grain)
  double kineticEnergy = 0;  // J (translation and rotation of the grains)
  int iterations = 0;        // solver iterations, largest over the interval's steps
  double meanIterations = 0; // mean over the interval's steps
  double residual = 0;       // residual of the interval's last step
  int contacts = 0;          // contacts of the last step
};

struct AvalancheSummary {
  int grains = 0;
  double settleTime = 0;     // s of settling before the gate opened
  double l0 = 0, h0 = 0;     // m: settled column width (runout at t = 0) and height above the floor
  double aspect = 0;         // H0 / L0
  double runout = 0;         // m, latest
  double collapseTime = -1;  // s, when the flow stopped (-1: not yet)
  double villageReachedAt = -1;  // s, the first output instant whose runout reached the village (-1: not, or no village)
  std::int64_t steps = 0;    // since the gate opened
  std::int64_t settleSteps = 0;
  std::int64_t iterations = 0;  // solver sweeps summed over the steps since the gate opened
  int unconverged = 0;       // steps that hit maxIterations
  int fallen = 0;            // grains fallen below the floor, off its end or through it (left out of the kinetic energy and the stop test)
  int fallenThrough = 0;     // of `fallen`, those still over the floor (x - R <= floor.length): they went through it, not off its end
  // The deepest overlap of any contact at the start of any step (settling included), as a fraction of the
  // smaller radius of the two bodies (a wall's: the grain's), and the instant (time(), s) it was seen; 0 and 0
  // if nothing ever overlapped. A rigid-grain method keeps it near the solver's tolerance; a time step too
  // large for the speeds, or a tolerance too loose for a cold start, lets grains sink into each other.
  double deepestOverlap = 0;
  double deepestOverlapTime = 0;
  // Deeper than this fraction of a radius the grains are not rigid any more: the presets stay near 0.1 %;
  // five times the preset's time step lets the deposition's first impacts sink 9 %. The page and the CLI warn past it.
  static constexpr double kOverlapWarn = 0.05;
};

class AvalancheWorld {
 public:
  enum class Phase { Settling = 0, Flowing = 1, Stopped = 2 };

  explicit AvalancheWorld(const std::string& scenarioJson);
  ~AvalancheWorld();
  AvalancheWorld(const AvalancheWorld&) = delete;
  AvalancheWorld& operator=(const AvalancheWorld&) = delete;

  bool ok() const { return errors_.empty(); }
  const std::vector<Issue>& errors() const { return errors_; }
  std::string reportJson() const;
  std::string scenarioJson() const;
  const AvalancheScenarioSpec& spec() const { return spec_; }

  /// Step until the next output instant (while flowing) or the gate opens (while settling), with
  /// at most maxSteps steps. Finished when the flow stopped or the duration is over.
  AdvanceStatus advance(std::int64_t maxSteps);
  Phase phase() const { return phase_; }
  /// s since the gate opened (during settling: minus the time still allowed, counting up to 0).
  double time() const;
  std::int64_t outputIndex() const { return clock_.index; }
  /// s after the gate opened: the instant the flow's next sample is for (the duration at most).
  double nextOutputTime() const;
  const std::string& message() const { return clock_.message; }

  int grains() const;      // mobile grains (indices 0 .. grains-1)
  int bodies() const;      // grains and fixed floor discs
  /// (2 x bodies) positions (m), (2 x bodies) velocities (m/s), angles (rad), spins (rad/s), radii (m).
  const Eigen::Matrix2Xd& positions() const;
  const Eigen::Matrix2Xd& velocities() const;
  const Eigen::VectorXd& angles() const;
  const Eigen::VectorXd& spins() const;
  const Eigen::VectorXd& radii() const;
  /// Boundary segments now (the gate while closed): 4 numbers each, m.
  std::vector<double> walls() const;
  /// The last step's contacts with their impulses: 5 numbers each, x1, y1, x2, y2 (m, centre to
  /// centre, or to the contact point on a wall) and the normal impulse (N s).
  std::vector<double> contactLines() const;
  const std::vector<AvalancheSample>& samples() const { return samples_; }
  const AvalancheSummary& summary() const { return summary_; }
  /// The last step's solver report (iterations, residual, contacts, converged).
  int lastIterations() const { return lastIterations_; }
  double lastResidual() const { return lastResidual_; }

  std::uint64_t hashState() const;
  std::string hashHex() const;

 private:
  struct Impl;
  void openGate();
  void sample();
  void noteOverlaps();
  /// Kinetic energy of the grains still in the flow (J); counts the ones that fell off the end of
  /// the floor into summary_.fallen (their free fall would keep the energy rising for ever).
  double flowEnergy();

  AvalancheScenarioSpec spec_;
  std::vector<Issue> errors_;
  std::unique_ptr<Impl> impl_;
  Phase phase_ = Phase::Settling;
  OutputClock clock_;
  std::vector<AvalancheSample> samples_;
  AvalancheSummary summary_;
  double gateTime_ = 0;        // engine time at which the gate opened
  double stopEnergy_ = 0, settleEnergy_ = 0;  // J, thresholds for all grains
  double settleMinTime_ = 0;                  // s, settled is not judged before (nscd::settleMinTime)
  int lastIterations_ = 0;
  double lastResidual_ = 0;
  std::int64_t intervalSteps_ = 0, intervalIterations_ = 0;
  int intervalMaxIterations_ = 0;
};

}  // namespace granular
