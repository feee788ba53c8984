#include "observe/observe.hpp"

#include <cmath>
#include <limits>

namespace granular::observe {

double kineticEnergy(const Model& m, const Eigen::Matrix2Xd& vel) {
  double e = 0;  // plain loop: the same summation order natively and in WebAssembly
  for (int i = 0; i < m.n; ++i) e += 0.5 * m.mass(i) * (vel(0, i) * vel(0, i) + vel(1, i) * vel(1, i));
  return e;
}

void speedHistogram(const Eigen::Matrix2Xd& vel, int bins, std::vector<double>& density, double& vmax) {
  const int n = static_cast<int>(vel.cols());
  double v2 = 0;
  for (int i = 0; i < n; ++i) v2 += vel(0, i) * vel(0, i) + vel(1, i) * vel(1, i);
  const double vrms = n ? std::sqrt(v2 / n) : 0.0;
  vmax = vrms > 0 ? 3.5 * vrms : 1.0;
  density.assign(static_cast<std::size_t>(bins), 0.0);
  if (!n) return;
  const double width = vmax / bins;
  for (int i = 0; i < n; ++i) {
    const double v = std::sqrt(vel(0, i) * vel(0, i) + vel(1, i) * vel(1, i));
    const int b = static_cast<int>(v / width);
    if (b < bins) density[static_cast<std::size_t>(b)] += 1.0;
  }
  for (double& d : density) d /= n * width;
}

Theory theory(const Model& m, const Eigen::Matrix2Xd& vel0) {
  Theory t;
  const int n = m.n;
  if (!n) return t;
  double discArea = 0, mass = 0, diameter = 0;
  for (int i = 0; i < n; ++i) {
    discArea += 3.141592653589793 * m.radius(i) * m.radius(i);
    mass += m.mass(i);
    diameter += 2.0 * m.radius(i);
  }
  t.areaFraction = discArea / m.area;
  t.numberDensity = n / m.area;
  t.meanMass = mass / n;
  t.meanDiameter = diameter / n;
  t.temperature0 = kineticEnergy(m, vel0) / n;
  const double nu = t.areaFraction;
  t.contactValue = (1.0 - 7.0 * nu / 16.0) / ((1.0 - nu) * (1.0 - nu));
  t.collisionFrequency0 = 2.0 * t.numberDensity * t.meanDiameter * t.contactValue *
                          std::sqrt(3.141592653589793 * t.temperature0 / t.meanMass);
  t.restitution = m.restitution;
  const double loss = 1.0 - m.restitution * m.restitution;
  t.haffTau = loss > 0 && t.collisionFrequency0 > 0 ? 4.0 / (loss * t.collisionFrequency0)
                                                    : std::numeric_limits<double>::infinity();
  return t;
}

}  // namespace granular::observe
