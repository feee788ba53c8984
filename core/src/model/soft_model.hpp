// SoftModel and SoftState: the constant model and the mutable state of the soft-disc engine
// (issue 3), in the same Model/State split as the gas (model/model.hpp, state/state.hpp).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace granular {

enum class SoftDomain { Box, Circle, Open };
enum class DampingLaw { HuntCrossley, LankaraniNikravesh, Flores, Gonthier };
enum class FrictionLaw { None, Coulomb, Notebook };
enum class SoftIntegrator { Dopri5, Rk4 };

struct SoftModel {
  int n = 0;
  Eigen::VectorXd radius;          // disc radius (m) (n)
  Eigen::VectorXd mass;            // disc mass without the observer (kg) (n)
  Eigen::VectorXd inertia;         // moment of inertia about the centre, observer excluded (kg m^2) (n)
  Eigen::VectorXd observerMass;    // observer point mass (kg) (n)
  Eigen::Matrix2Xd observerOffset; // observer position in the body frame (m) (2 x n)

  SoftDomain domain = SoftDomain::Box;
  double width = 0, height = 0;    // box from (0, 0) to (width, height) (m)
  double circleRadius = 0;         // circular wall centred at the origin (m)

  double sigma = 0;                // (1 - nu^2) / E of discs and walls (1/Pa)
  DampingLaw law = DampingLaw::HuntCrossley;
  double dampingA = 0;             // a in f = k0 rho^3/2 (1 + a rho_dot / rho_dot_minus)
  double halfDiscPenetration = 1;  // 0.5: notebooks' rho = (r1 + r2 - d) / 2 between discs; 1: total overlap
  double persistentSpeed = 0;      // floor on the captured approach speed (m/s)

  FrictionLaw friction = FrictionLaw::Coulomb;
  double mu = 0, muWall = 0;       // friction coefficients disc-disc, disc-wall
  double slipSpeed = 0;            // Coulomb regularisation speed (m/s)

  double gx = 0, gy = 0;           // gravity (m/s^2)

  SoftIntegrator integrator = SoftIntegrator::Dopri5;
  double relTol = 0, absTol = 0;
  double fixedStep = 0;            // rk4 step; also the dopri5 first step (s)
  double shortestContact = 0;      // Hertz contact duration at the fastest possible impact (s)

  double outputInterval = 0;       // s
  double duration = 0;             // s, 0 = unbounded

  double maxRadius = 0;            // m
};

/// A candidate contact: a disc pair (i < j) or a disc and a wall (j = -(k+1)), found by the cell
/// grid within the neighbour-list skin. It carries the contact's memory while it lasts.
struct SoftPair {
  int i = 0, j = 0;
  double k0 = 0;                   // Hertz stiffness 4 / (3 (sigma1 + sigma2)) sqrt(R1 R2 / (R1 + R2)) (N/m^1.5)
  double convention = 1;           // rho = convention * overlap
  bool active = false;             // in contact (between the located start and end)
  double approachSpeed = 0;        // rho_dot_minus captured at first touch (m/s, in rho units)
  double startTime = 0;            // s
  int loop = -1;                   // hysteresis loop being recorded, or -1
};

struct SoftState {
  Eigen::Matrix<double, 6, Eigen::Dynamic> q;  // x, y (m), angle (rad), vx, vy (m/s), spin (rad/s) (6 x n)
  double damping = 0;              // energy dissipated by normal damping (J)
  double friction = 0;             // energy dissipated by friction (J)
  double time = 0;                 // s
  std::vector<SoftPair> pairs;     // candidate contacts, sorted by (i, j)
};

}  // namespace granular
