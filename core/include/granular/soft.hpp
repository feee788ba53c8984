// Soft discs: the scenario family of issue 3 (Hunt–Crossley contact, friction, rotation, an observer
// point mass on each disc; square box, circular wall or the open plane), and its World.
//
// Data flow, as for the gas: scenario JSON -> readSoftScenario (validate, fill defaults from
// defaultSoftScenario() in core/src/scenario/defaults.cpp) -> buildSoft (SoftModel + SoftState) ->
// SoftEngine::advanceTo(each output instant) -> energy ledger, coordinates, hysteresis loops.
// The format is documented field by field in docs/scenario-format.md ("Soft discs").
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "granular/scenario.hpp"
#include "granular/world.hpp"

namespace granular {

constexpr int kMaxSoftDiscs = 20000;
constexpr double kMaxSoftInitialOverlap = 0.1;  // initial overlap allowed, as a fraction of the smaller radius

struct SoftDiscSpec {
  double x = 0, y = 0;        // m
  double vx = 0, vy = 0;      // m/s
  double angle = 0;           // rad
  double spin = 0;            // rad/s
  double radius = 0;          // m
  double mass = 0;            // kg
  bool hasInertia = false;
  double inertia = 0;         // kg m^2 (default inertiaFactor * m r^2)
  double observerMass = 0;    // kg
  double observerAlpha = 0;   // observer distance from the centre, as a fraction of the radius, in [0, 1)
  double observerAngle = 0;   // rad, in the body frame
};

// Every field's default is set in defaultSoftScenario() (core/src/scenario/defaults.cpp), nowhere else.
struct SoftScenarioSpec {
  int schema = kSchemaVersion;
  std::string name, notes;
  std::string engine;
  std::uint64_t seed = 0;

  std::string domain;    // "box" | "circle" | "open"
  double boxWidth = 0, boxHeight = 0;  // m, box from (0, 0) to (width, height)
  double circleRadius = 0;               // m, circle centred at (0, 0)

  bool explicitDiscs = false;
  std::vector<SoftDiscSpec> discs;
  struct Generate {
    int count = 0;
    double radius = 0;          // m
    double mass = 0;            // kg
    double observerMass = 0;    // kg
    double observerAlpha = 0;
    double speed = 0;           // m/s: each velocity component uniform in [-speed, speed]
    double spin = 0;            // rad/s: spin uniform in [-spin, spin]
    double clearance = 0;       // m: at least this gap between discs and from the walls
    std::string placement;  // "random" | "lattice"
  } generate;

  double inertiaFactor = 0;   // I = factor * m r^2 for discs without an explicit inertia
  double youngModulus = 0;    // Pa (N/m in 2D notebooks' units), discs and walls
  double poissonRatio = 0;

  std::string law;  // "hunt-crossley" | "lankarani-nikravesh" | "flores" | "gonthier"
  double cTau = 0;                   // Hunt–Crossley c_tau in [0, 1]
  bool hasRestitution = false;
  double restitution = 0;              // target restitution e (sets the damping; required by the other laws)
  std::string penetration;   // "total" (r1 + r2 - d) | "half" (notebooks: (r1 + r2 - d) / 2 between discs)
  double persistentSpeed = 0;       // m/s: floor on the captured approach speed

  std::string friction;    // "coulomb" | "notebook" | "none"
  double mu = 0, muWall = 0;
  double slipSpeed = 0;             // m/s: Coulomb regularisation speed

  double gravityX = 0, gravityY = 0;   // m/s^2

  std::string integrator;   // "dopri5" (adaptive, event location) | "rk4" (fixed step)
  double relTol = 0, absTol = 0;
  int stepsPerContact = 0;            // rk4: steps per shortest Hertz contact

  double outputInterval = 0;        // s
  double duration = 0;                // s (0 = unbounded)
};

SoftScenarioSpec defaultSoftScenario();
bool readSoftScenario(const std::string& json, SoftScenarioSpec& spec, std::vector<Issue>& errors);
Json softScenarioToJson(const SoftScenarioSpec& spec);

/// Which scenario family a JSON text belongs to, from its "engine" field: "soft" for the soft-disc
/// engine, "avalanche" for the column collapse, "compare" for the three-engine comparison, "gas"
/// otherwise (including unreadable text: the gas parser then reports the problem).
std::string scenarioFamily(const std::string& json);

struct SoftModel;
struct SoftState;
class SoftEngine;

/// Build the constant model and the initial state; set-ups that cannot be realised are reported.
bool buildSoft(const SoftScenarioSpec& spec, SoftModel& model, SoftState& state, std::vector<Issue>& errors);
/// Every issue of a soft scenario (reading, then building), as the JSON report shared with the web
/// app: {"ok", "errors": [...], "scenario": normalized | null}.
std::string validateSoftScenarioJson(const std::string& json);

/// One energy-ledger row (J). initial = kinetic + elastic + potential + dissipated, to the integrator's tolerance.
struct SoftLedger {
  double time = 0;
  double translational = 0, rotational = 0, observer = 0;  // kinetic energies
  double elastic = 0;      // sum over contacts of the Hertz potential
  double potential = 0;    // gravity, relative to the initial configuration
  double damping = 0;      // dissipated by normal damping, cumulative
  double friction = 0;     // dissipated by friction, cumulative
  double total() const { return translational + rotational + observer + elastic + potential + damping + friction; }
};

/// One impact's hysteresis loop: penetration and normal force sampled at every integrator step of
/// the contact's life. `other` is the second disc, or -(k+1) for wall k (-1 for the circular wall).
struct HysteresisLoop {
  int i = 0, other = 0;
  double startTime = 0;      // s
  double endTime = -1;       // s (-1 while the contact lasts)
  double approachSpeed = 0;  // m/s, captured at first touch
  std::vector<double> penetration;  // m
  std::vector<double> force;        // N
};

struct SoftStats {
  std::int64_t steps = 0, rejected = 0;   // integrator steps accepted / rejected
  std::int64_t contactsStarted = 0, contactsEnded = 0;
  std::int64_t rhsEvaluations = 0;
  int activeContacts = 0;
  double maxForce = 0;                     // N, largest normal force seen
  double lastStep = 0;                     // s
  // rk4 with Coulomb friction: the largest lambda h of a contact whose slip one step of full friction
  // could stop, lambda = mu F_n (1/m_i + l_i^2/I_i + 1/m_j + l_j^2/I_j) / v_s, sampled every 8th
  // step. RK4 is stable below 2.785; past it the slip locks at a spurious value or chatters and the
  // friction tally drifts (docs/soft-discs.md). 0 otherwise.
  double slipStep = 0;
  static constexpr double kRk4SlipLimit = 2.785;
};

class SoftWorld {
 public:
  explicit SoftWorld(const std::string& scenarioJson);
  ~SoftWorld();
  SoftWorld(const SoftWorld&) = delete;
  SoftWorld& operator=(const SoftWorld&) = delete;

  bool ok() const { return errors_.empty(); }
  const std::vector<Issue>& errors() const { return errors_; }
  std::string reportJson() const;
  std::string scenarioJson() const;
  const SoftScenarioSpec& spec() const { return spec_; }
  /// Derived constants as JSON: damping parameter a, c_tau, effective restitution, Hertz times, step.
  std::string infoJson() const;

  /// Work towards the next output instant, taking at most maxSteps integrator steps.
  AdvanceStatus advance(std::int64_t maxSteps);
  AdvanceStatus runUntil(double t, std::int64_t maxStepsPerCall = 1000000);

  double time() const;
  int count() const;
  std::int64_t outputIndex() const { return clock_.index; }
  double nextOutputTime() const;
  const std::string& message() const { return clock_.message; }

  /// (6 x n): x, y (m), angle (rad), vx, vy (m/s), spin (rad/s) of each disc centre at time().
  const Eigen::Matrix<double, 6, Eigen::Dynamic>& coordinates() const;
  /// (2 x n): observer positions (m) at time().
  const Eigen::Matrix2Xd& observers() const { return observers_; }
  const SoftLedger& ledger() const { return ledger_; }
  double initialEnergy() const { return initialEnergy_; }
  const SoftStats& stats() const;
  /// Linear momentum (kg m/s) and angular momentum about the origin (kg m^2/s), observers included.
  void momentum(double& px, double& py, double& lz) const;

  /// Hysteresis recording: every contact of disc i with `other` (a disc, or -(k+1) for wall k);
  /// i = -1 records every contact (the default for up to 32 discs, until kMaxLoopSamples).
  void recordHysteresis(int i, int other);
  const std::vector<HysteresisLoop>& loops() const;

  std::uint64_t hashState() const;
  std::string hashHex() const;

  const SoftModel& model() const { return *model_; }
  const SoftState& state() const { return *state_; }
  SoftEngine& engine() { return *engine_; }

 private:
  void record();

  SoftScenarioSpec spec_;
  std::vector<Issue> errors_;
  std::unique_ptr<SoftModel> model_;
  std::unique_ptr<SoftState> state_;
  std::unique_ptr<SoftEngine> engine_;
  OutputClock clock_;
  Eigen::Matrix2Xd observers_;
  SoftLedger ledger_;
  double initialEnergy_ = 0;
  double potential0_ = 0;  // J, gravitational potential energy at t = 0
};

}  // namespace granular
