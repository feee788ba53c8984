// Model: everything that stays constant during a run (MuJoCo's mjModel idea). Built once from a
// validated scenario; engines read it, never write it. Arrays are struct-of-arrays; the comment on
// each gives unit and shape.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <vector>

#include "geometry/contact.hpp"

namespace granular {

/// A wall segment; `normal` is the unit normal pointing into the domain.
struct Wall {
  geom::Vec2 a, b;     // end points (m)
  geom::Vec2 normal;   // inward unit normal
  double length = 0;   // m
};

enum class CollapseModel { None, TC };

struct Vibration {
  bool enabled = false;
  int wall = 0;            // index into Model::walls
  double amplitude = 0;    // m
  double frequency = 0;    // Hz
};

struct Model {
  int n = 0;                      // number of discs
  Eigen::VectorXd radius;         // radius (m) (n)
  Eigen::VectorXd mass;           // mass (kg) (n)
  double maxRadius = 0;           // m
  std::vector<Wall> walls;        // domain boundary, closed polygon, wall k from vertex k to k+1
  double xmin = 0, ymin = 0, xmax = 0, ymax = 0;  // bounding box of the walls (m)
  double area = 0;                // domain area (m^2)
  double perimeter = 0;           // total wall length (m)

  double restitution = 1;         // normal restitution coefficient r, disc-disc
  double wallRestitution = 1;     // normal restitution coefficient, disc-wall
  double gx = 0, gy = 0;          // gravity (m/s^2); non-zero: parabolic flights, one cell (engines/event)
  CollapseModel collapse = CollapseModel::TC;
  double tc = 0;                  // TC-model duration (s)
  double collapseAlarm = 0;       // collision interval below which a collision counts as "rapid" (s)
  Vibration vibration;

  double outputInterval = 0;      // s
  double duration = 0;            // s, 0 = unbounded
  int histogramBins = 40;
};

/// Natural time scale of a set of discs: one mean diameter at the rms speed (1 s when nothing
/// moves). The TC model's default t_c and the collapse alarm are fractions of it.
inline double naturalTimeScale(const Eigen::VectorXd& radius, const Eigen::Matrix2Xd& vel) {
  const int n = static_cast<int>(radius.size());
  double sumDiameter = 0, v2 = 0;  // plain loops: the same sums natively and in WebAssembly
  for (int i = 0; i < n; ++i) {
    sumDiameter += 2.0 * radius(i);
    v2 += vel(0, i) * vel(0, i) + vel(1, i) * vel(1, i);
  }
  const double vrms = n ? std::sqrt(v2 / n) : 0.0;
  return vrms > 0 ? (sumDiameter / n) / vrms : 1.0;
}

}  // namespace granular
