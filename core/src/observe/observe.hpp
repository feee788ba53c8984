// Observables: pure functions of the model and the velocities (and engine stats).
#pragma once

#include <Eigen/Core>
#include <vector>

#include "granular/world.hpp"
#include "model/model.hpp"

namespace granular::observe {

/// Total translational kinetic energy, J.
double kineticEnergy(const Model& m, const Eigen::Matrix2Xd& vel);

/// Speed histogram on [0, vmax] with `bins` bins, as a probability density (1/(m/s)); vmax is
/// 3.5 times the rms speed (1 m/s if everything is at rest).
void speedHistogram(const Eigen::Matrix2Xd& vel, int bins, std::vector<double>& density, double& vmax);

/// Closed-form values of kinetic theory for the initial state (Henderson, Enskog, Haff).
Theory theory(const Model& m, const Eigen::Matrix2Xd& vel0);

}  // namespace granular::observe
