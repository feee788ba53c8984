#include "engines/nscd/column.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "util/json.hpp"
#include "util/rng.hpp"

namespace granular::nscd {

double latticePitch(const ColumnSetup& c) { return 2 * c.rmax * 1.02; }

double floorDiscRadius(const ColumnSetup& c) { return c.floorRadius > 0 ? c.floorRadius : c.rmin; }

double floorDiscCount(const ColumnSetup& c) {
  // discs at x = 0, pitch, 2 pitch, ... up to floorLength and 1e-12 m (buildColumn's loop)
  return std::floor((c.floorLength + 1e-12) / (2 * floorDiscRadius(c) + std::max(0.0, c.floorGap))) + 1;
}

bool buildColumn(const ColumnSetup& c, Column& out, std::string& error) {
  if (!(c.rmin > 0) || !(c.rmax >= c.rmin) || !(c.width > 2 * c.rmax) || !(c.height > 2 * c.rmax) || !(c.floorLength > c.width)) {
    error = "column: need 0 < rmin <= rmax, width and height above one diameter, and a floor longer than the column";
    return false;
  }
  const double pitch = latticePitch(c);
  const int columns = static_cast<int>(std::floor(c.width / pitch));
  const int rows = static_cast<int>(std::floor(c.height / pitch));
  if (columns < 1 || rows < 1) {
    error = "column: narrower or lower than one lattice pitch (2.04 rmax): it would hold no grain";
    return false;
  }
  if (static_cast<double>(columns) * rows > kMaxColumnGrains) {
    error = "column: " + formatCount(static_cast<double>(columns) * rows) + " grains (limit " + formatCount(kMaxColumnGrains) +
            "): use larger grains or a smaller column";
    return false;
  }
  // a floor of tiny discs (a radius or gap from a study's options) would otherwise be laid however long it is
  const double floorDiscs = floorDiscCount(c);
  if (!(floorDiscs <= kMaxFloorDiscs)) {
    error = "floor: " + formatCount(floorDiscs) + " discs of radius " + formatNumber(floorDiscRadius(c)) + " m along " +
            formatNumber(c.floorLength) + " m (limit " + formatCount(kMaxFloorDiscs) + "): use larger floor discs, a gap between them, or a shorter floor";
    return false;
  }
  System& s = out.system;
  s = System{};
  s.mu = c.mu;
  s.rollingFriction = c.rollingFriction;
  s.restitution = c.restitution;
  s.h = c.h;
  s.tolerance = c.tolerance;
  s.maxIterations = c.maxIterations;
  s.gaussSeidel = c.gaussSeidel;
  s.alert = c.alert;
  Rng rng(c.seed);
  const double floorR = floorDiscRadius(c);  // the rough floor: fixed discs, centres at y = 0
  const double floorPitch = 2 * floorR + std::max(0.0, c.floorGap);
  std::vector<DiscSpec> discs;
  discs.reserve(static_cast<std::size_t>(columns) * rows + static_cast<std::size_t>(floorDiscs) + 1);
  for (int row = 0; row < rows; ++row)
    for (int col = 0; col < columns; ++col) {
      const double r = rng.uniform(c.rmin, c.rmax);
      discs.push_back(DiscSpec{pitch * (col + 0.5), floorR + pitch * (row + 0.5), r, c.density * 3.141592653589793 * r * r, false});
    }
  out.grains = static_cast<int>(discs.size());
  for (double x = 0; x <= c.floorLength + 1e-12; x += floorPitch) discs.push_back(DiscSpec{x, 0, floorR, 1.0, true});
  s.addDiscs(discs);
  s.walls.push_back(Segment{0, 0, 0, 2 * c.height + 1});                  // left wall
  const double gateX = c.gateAtWidth ? c.width : columns * pitch;
  s.walls.push_back(Segment{gateX, 0, gateX, 2 * c.height + 1});  // the gate
  out.gateWall = 1;
  return true;
}

int removeGrainsAbove(Column& column, double top) {
  const System& old = column.system;
  std::vector<int> from;  // the old index of each disc kept, in order
  from.reserve(static_cast<std::size_t>(old.count()));
  int kept = 0;
  for (int i = 0; i < old.count(); ++i) {
    const bool mobile = i < column.grains;
    if (mobile && old.pos(1, i) + old.radius(i) > top) continue;
    from.push_back(i);
    if (mobile) ++kept;
  }
  // every parameter and wall as it was; each kept disc's state copied as it was, bit for bit
  System s = old.withBodies(from);
  const int removed = column.grains - kept;
  column.system = std::move(s);
  column.grains = kept;
  return removed;
}

double kineticEnergy(const System& s, int grains) {
  return kineticEnergyAbove(s, grains, -std::numeric_limits<double>::infinity(), nullptr);
}

double fallenBelow(double floorTop, double meanDiameter) { return floorTop - 5 * meanDiameter; }

double kineticEnergyAbove(const System& s, int grains, double bottom, int* below) {
  double e = 0;
  int fallen = 0;
  for (int i = 0; i < grains; ++i) {
    if (s.pos(1, i) - s.radius(i) < bottom) {
      ++fallen;
      continue;
    }
    const double m = 1.0 / s.invMass(i), inertia = 1.0 / s.invInertia(i);
    e += 0.5 * m * (s.vel(0, i) * s.vel(0, i) + s.vel(1, i) * s.vel(1, i)) + 0.5 * inertia * s.spin(i) * s.spin(i);
  }
  if (below) *below = fallen;
  return e;
}

int grainsThroughFloor(const System& s, int grains, double bottom, double floorEnd) {
  int through = 0;
  for (int i = 0; i < grains; ++i)
    if (s.pos(1, i) - s.radius(i) < bottom && s.pos(0, i) - s.radius(i) <= floorEnd) ++through;
  return through;
}

double settleMinTime(const Column& column, double threshold) {
  const System& s = column.system;
  const double g = std::hypot(s.gx, s.gy);
  if (!(g > 0) || column.grains <= 0) return 0;
  double mass = 0;
  for (int i = 0; i < column.grains; ++i) mass += 1.0 / s.invMass(i);
  mass /= column.grains;
  return 2 * std::sqrt(2 * threshold / mass) / g;
}

double deposit(Column& column, Engine& engine, double threshold, double maxTime) {
  const double t0 = engine.time();
  const int minSteps = 50;
  const double minTime = settleMinTime(column, threshold);
  int steps = 0;
  while (engine.time() - t0 < maxTime) {
    engine.step();
    ++steps;
    if (steps > minSteps && engine.time() - t0 >= minTime && kineticEnergy(column.system, column.grains) < threshold * column.grains) break;
  }
  return engine.time() - t0;
}

void openGate(Column& column) {
  if (column.gateWall < 0) return;
  column.system.walls.erase(column.system.walls.begin() + column.gateWall);
  column.gateWall = -1;
}

}  // namespace granular::nscd
