// The one place where scenario defaults live. docs/scenario-format.md documents the same values;
// tests/cpp/scenario_test.cpp checks that `granular-cli defaults` and this agree with the doc table.
#include "granular/avalanche.hpp"
#include "granular/compare.hpp"
#include "granular/scenario.hpp"
#include "granular/soft.hpp"

namespace granular {

ScenarioSpec defaultScenario() {
  ScenarioSpec s;
  s.schema = kSchemaVersion;
  s.name = "Untitled";
  s.notes = "";
  s.engine = "event";
  s.seed = 1;

  s.isBox = true;
  s.boxWidth = 1.0;   // m
  s.boxHeight = 1.0;  // m

  s.explicitDiscs = false;
  s.generate.count = 400;
  s.generate.radius = 0.01;  // m
  s.generate.hasRadiusMax = false;
  s.generate.hasAreaFraction = false;
  s.generate.density = 1.0;  // kg/m^2
  s.generate.speed = 1.0;    // m/s
  s.generate.velocities = "maxwell";
  s.generate.placement = "random";

  s.restitution = 0.9;
  s.gravityX = 0.0;  // m/s^2
  s.gravityY = 0.0;

  s.collapseModel = "tc";
  s.hasTc = false;  // automatic: 1e-4 sigma / v_rms

  s.vibration.enabled = false;
  s.vibration.wall = 0;
  s.vibration.amplitude = 0.005;  // m
  s.vibration.frequency = 20.0;   // Hz

  s.output.interval = 0.02;  // s
  s.output.duration = 0.0;   // s (unbounded)
  s.output.histogramBins = 40;
  return s;
}

// Soft discs (issue 3): the square-box notebook's set-up, in SI units.
SoftScenarioSpec defaultSoftScenario() {
  SoftScenarioSpec s;
  s.schema = kSchemaVersion;
  s.name = "Untitled soft discs";
  s.notes = "";
  s.engine = "soft";
  s.seed = 1;

  s.domain = "box";
  s.boxWidth = 11.0;     // m
  s.boxHeight = 11.0;    // m
  s.circleRadius = 5.0;  // m

  s.explicitDiscs = false;
  s.generate.count = 4;
  s.generate.radius = 1.0;        // m
  s.generate.mass = 1.0;          // kg
  s.generate.observerMass = 0.0;  // kg
  s.generate.observerAlpha = 0.0;
  s.generate.speed = 5.0;         // m/s, per component
  s.generate.spin = 5.0;          // rad/s
  s.generate.clearance = 1.0;     // m
  s.generate.placement = "random";

  s.inertiaFactor = 0.5;          // uniform disc
  s.youngModulus = 2e3;           // Pa
  s.poissonRatio = 0.28;

  s.law = "hunt-crossley";
  s.cTau = 0.9;
  s.hasRestitution = false;
  s.penetration = "total";
  s.persistentSpeed = 1e-3;       // m/s

  s.friction = "coulomb";
  s.mu = 0.1;
  s.muWall = 0.1;
  s.slipSpeed = 1e-4;             // m/s

  s.gravityX = 0.0;
  s.gravityY = 0.0;               // m/s^2: a horizontal plane

  s.integrator = "dopri5";
  s.relTol = 1e-10;
  s.absTol = 1e-12;
  s.stepsPerContact = 50;

  s.outputInterval = 0.02;        // s
  s.duration = 10.0;              // s
  return s;
}

// Avalanche (issue 5): a column of 0.1 m x 0.2 m of grains 8-12 mm across (128 grains),
// mu = 0.5 on a rough floor 1 m long; Moreau-Jean steps of 0.2 ms, Gauss-Seidel to 1e-4 R.
AvalancheScenarioSpec defaultAvalancheScenario() {
  AvalancheScenarioSpec s;
  s.schema = kSchemaVersion;
  s.name = "Untitled avalanche";
  s.notes = "";
  s.engine = "avalanche";
  s.seed = 1;
  s.columnWidth = 0.1;    // m
  s.columnHeight = 0.2;   // m
  s.rmin = 0.004;         // m
  s.rmax = 0.006;         // m
  s.density = 1000;       // kg/m^2
  s.mu = 0.5;
  s.rollingFriction = 0;  // free rolling discs
  s.restitution = 0;      // impacts perfectly inelastic, the usual NSCD choice for dense flows
  s.hasVillage = false;   // no village
  s.village = 0;
  s.floorLength = 1.0;    // m
  s.segments.clear();
  s.gravity = 9.81;       // m/s^2
  s.solver = "gauss-seidel";
  s.timeStep = 2e-4;      // s
  s.tolerance = 1e-4;     // of the mean radius
  s.maxIterations = 300;
  s.warmStart = true;
  s.relaxation = 0.5;
  s.settleThreshold = 1e-4;  // of m g R per grain
  s.settleMaxTime = 5;       // s
  s.stopThreshold = 1e-4;    // of m g R per grain
  s.outputInterval = 0.01;   // s
  s.duration = 20;           // s
  return s;
}

// Comparison (issue 6 §1): the four-sphere row of ARGESIM C12 (REFERENCE §1: d = 1 m, m = 1 kg,
// gaps 1 m, v0 = 1 m/s) at e = 0.5; soft discs of E = 1e7 Pa (contacts of about 6 ms at 1 m/s),
// NSCD steps of 1 ms.
CompareScenarioSpec defaultCompareScenario() {
  CompareScenarioSpec s;
  s.schema = kSchemaVersion;
  s.name = "Untitled comparison";
  s.notes = "";
  s.engine = "compare";
  s.seed = 1;
  s.kind = "row";
  s.count = 24;            // gas and pile
  s.speed = 1.0;           // m/s
  s.gap = 1.0;             // m
  s.gravity = 9.81;        // m/s^2, the pile only
  s.restitution = 0.5;
  s.tc = 1e-4;             // s
  s.youngModulus = 1e7;    // Pa
  s.timeStep = 1e-3;       // s
  s.outputInterval = 0.02; // s
  s.duration = 0.0;        // s: the set-up's own
  return s;
}

}  // namespace granular
