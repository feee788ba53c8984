// The one place where scenario defaults live. docs/scenario-format.md documents the same values;
// tests/cpp/scenario_test.cpp checks that `granular-cli defaults` and this agree with the doc table.
#include "granular/scenario.hpp"

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

}  // namespace granular
