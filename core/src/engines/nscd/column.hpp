// The granular column collapse (issue 5): a column of polydisperse discs between a left wall and a
// gate, settled by deposition on a rough floor (a row of fixed discs), then released at t = 0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engines/nscd/nscd.hpp"

namespace granular::nscd {

struct ColumnSetup {
  double width = 0.1;       // W, m
  double height = 0.2;      // H, m
  double rmin = 0.004;      // m
  double rmax = 0.006;      // m
  double density = 1000;    // kg/m^2 (mass = density pi r^2)
  double mu = 0.5;          // grain-grain and grain-boundary friction
  double rollingFriction = 0;  // rolling resistance mu_r (System::rollingFriction)
  double restitution = 0;   // Newton's normal restitution at impacts (System::restitution)
  double floorLength = 1;   // m, the rough floor from x = 0
  double floorRadius = 0;   // m, radius of the fixed discs of the floor (centres on y = 0); 0: rmin
  double floorGap = 0;      // m, space between neighbouring floor discs (0: touching)
  std::uint64_t seed = 1;
  double h = 2e-4;          // s
  double tolerance = 1e-4;  // geometric, fraction of the mean radius
  int maxIterations = 300;
  bool gaussSeidel = true;
  double alert = 0;         // m, contact alert distance (System::alert; 0: the engine's default)
  bool gateAtWidth = false; // true: the gate stands at x = width exactly (the lattice fits inside);
                            // false: at the last lattice column's edge (floor(width / pitch) pitches)
};

struct Column {
  System system;
  int grains = 0;           // mobile grains come first in the system's arrays
  int gateWall = -1;        // index of the gate segment while it is closed
};

/// Grains on a square lattice of pitch 2 rmax inside the column, radii uniform in [rmin, rmax]
/// (seeded); the floor, the left wall and the gate. Returns false with a reason when it cannot be built.
bool buildColumn(const ColumnSetup& c, Column& out, std::string& error);

/// The lattice pitch buildColumn uses: 2 rmax and 2 % of clearance.
double latticePitch(const ColumnSetup& c);

/// The most grains, and the most floor discs, buildColumn lays (the page's scenarios allow fewer grains:
/// kMaxAvalancheGrains).
constexpr double kMaxColumnGrains = 200000, kMaxFloorDiscs = 200000;

/// The floor's disc radius (floorRadius, or rmin when 0) and how many discs buildColumn lays along
/// floorLength at that radius and floorGap: the number every limit on the floor is judged by.
double floorDiscRadius(const ColumnSetup& c);
double floorDiscCount(const ColumnSetup& c);

/// Remove the mobile grains whose top (y + r) is above `top` (m), keeping the others' order; fixed
/// discs and walls stay. Returns how many were removed. An Engine built on the old system must be
/// rebuilt afterwards (its contacts name grains by index).
int removeGrainsAbove(Column& column, double top);

/// The earliest time (s) at which "kinetic energy per grain below `threshold` (J)" can mean
/// settled: a grain starting from rest and falling freely exceeds it four times over by then
/// (t = 2 sqrt(2 threshold / m) / g, m the mean grain mass). Before it, a column released from rest
/// is still calm because gravity has not had time to act, whatever its support; with a small time
/// step a count of steps alone would declare it settled at once. 0 without gravity.
double settleMinTime(const Column& column, double threshold);

/// Let the column settle behind the closed gate until the kinetic energy per grain falls below
/// `threshold` (J) or maxTime (s) passes, judged after 50 steps and settleMinTime at the earliest;
/// returns the settling time (s).
double deposit(Column& column, Engine& engine, double threshold, double maxTime);

/// Remove the gate (t = 0 of the collapse).
void openGate(Column& column);

double kineticEnergy(const System& s, int grains);

/// Below this height (m) a grain's bottom has fallen off the end of the floor: five mean diameters
/// under the floor's top. The study fails such a case; the page's world leaves the grain out of the flow.
double fallenBelow(double floorTop, double meanDiameter);

/// Kinetic energy (J) of the grains whose bottom (y - r) is at or above `bottom`; `below`, when
/// given, gets how many are not. With bottom = -infinity it is kineticEnergy, bit for bit.
double kineticEnergyAbove(const System& s, int grains, double bottom, int* below);

/// Of the grains whose bottom is below `bottom`, those whose left edge (x - r) is at or before
/// `floorEnd` (m): still over the floor, so they went through it rather than off its end.
int grainsThroughFloor(const System& s, int grains, double bottom, double floorEnd);

}  // namespace granular::nscd
