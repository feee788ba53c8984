// The soft-disc engine: discs that collide through a damped Hertz force, integrated as an ODE.
//
// Algorithm. The state is q = (x, y, angle, vx, vy, spin) per disc plus two integrals, the energy
// dissipated by normal damping and by friction, so that the energy ledger closes to the integrator's
// tolerance. The right-hand side, step by step:
//   1. each candidate contact (neighbour list, below) with overlap delta > 0 gives a normal force
//      f = k0 rho^3/2 [1 + a rho_dot / max(rho_dot_minus, persistentSpeed)], rho = convention * delta,
//      clamped at 0 (no adhesion), and a friction force at the contact point: regularised Coulomb
//      f_t = -mu f v_t / max(|v_t|, slipSpeed), or the notebooks' f_t = -mu f v_t; lever arms split
//      the centre distance (l_i + l_j = d), so friction conserves angular momentum between discs;
//   2. each disc then solves its coupled 3 x 3 mass matrix (disc + observer point mass at s, the
//      body-frame offset rotated by the angle) with Eigen:
//        [ M       0       -m_o s_y        ] [a_x]   [F_x + M g_x + m_o w^2 s_x]
//        [ 0       M        m_o s_x        ] [a_y] = [F_y + M g_y + m_o w^2 s_y]
//        [-m_o s_y m_o s_x  I + m_o |s|^2  ] [ α ]   [tau + m_o (s x g)        ]
//      (M = m + m_o); without an observer the matrix is diagonal and the solve is skipped.
// Integrators. dopri5: Dormand–Prince 5(4), adaptive (PI-free standard controller), with event
// location: after each accepted step every candidate contact's overlap is interpolated (cubic
// Hermite on positions and velocities); the earliest start (overlap crosses 0 upwards) or end is
// located by bisection, the step is redone up to that instant, and the contact's approach speed
// rho_dot_minus is captured there, exactly. rk4: classic Runge–Kutta with a fixed step, the
// shortest Hertz contact duration (fastest possible impact) over stepsPerContact; the approach speed
// is taken from the same interpolation at the located touch instant, without shortening the step.
// Persistent contacts: rho_dot_minus -> 0 would make the damping unbounded; the captured speed is
// floored at persistentSpeed, so forces stay bounded; and since damping and friction only remove
// energy (their power is >= 0 by construction, and the clamp only removes damping force while the
// discs separate) the mechanical energy never rises.
// Contact search: a Verlet neighbour list with a skin of half the smallest radius, rebuilt (cell grid,
// or all pairs for small n) when a disc has moved more than half the skin; steps are limited so that
// no disc crosses the skin within one step. Contact memory travels with the pair across rebuilds.
// Determinism: pairs in (i, j) order, forces summed in that order, detmath for angles and step
// control: natively and in WebAssembly the same bits.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engines/engine.hpp"
#include "granular/soft.hpp"
#include "model/soft_model.hpp"

namespace granular {

class SoftEngine {
 public:
  using Coords = Eigen::Matrix<double, 6, Eigen::Dynamic>;

  SoftEngine(const SoftModel& model, SoftState& state);

  /// Integrate to time t (exactly), taking at most maxSteps steps; Stopped on divergence.
  StepResult advanceTo(double t, std::int64_t maxSteps);
  const SoftStats& stats() const { return stats_; }
  const std::string& message() const { return message_; }

  /// Kinetic energies and the elastic energy of the current state (J).
  void energies(SoftLedger& out) const;
  /// Gravitational potential energy of the current state (J, absolute).
  double potentialEnergy() const;
  /// Observer positions (m) of the current state.
  void observerPositions(Eigen::Matrix2Xd& out) const;
  void momentum(double& px, double& py, double& lz) const;

  void recordHysteresis(int i, int other);
  const std::vector<HysteresisLoop>& loops() const { return loops_; }
  static constexpr std::size_t kMaxLoopSamples = 2000000;

 private:
  struct Rate {
    double damping = 0, friction = 0;  // dissipated power (W)
  };
  struct Geometry {
    double delta = 0;       // overlap (m), > 0 in contact
    double nx = 0, ny = 0;  // unit normal from disc i towards the other body
    double deltaDot = 0;    // overlap rate (m/s), > 0 approaching
    double slip = 0;        // tangential slip velocity at the contact point (m/s), along t = (-ny, nx)
    double li = 0, lj = 0;  // lever arms from the centres to the contact point (m)
  };

  Geometry geometry(const SoftPair& p, const Coords& q) const;
  template <class Q>
  Geometry geometryWithRadii(const SoftPair& p, const Q& q, double ri, double rj) const;
  double overlapOnly(const SoftPair& p, const Coords& q) const;
  /// Cheap necessary condition for an overlap (centre distance below the sum of radii).
  bool mayTouch(const SoftPair& p, const Coords& q) const;
  void rhs(const Coords& q, Coords& dq, Rate& rate);
  void rebuildPairs();
  bool needRebuild(double h) const;
  double maxSpeed() const;
  /// One step of size h from the current state into qNew_ (dopri5 also fills err); returns the error norm (0 for rk4).
  double tryStep(double h);
  /// Hermite-interpolated overlap of pair p at fraction s of the step [state, qNew_] of size h.
  double interpolatedOverlap(const SoftPair& p, double s, double h, double& rate) const;
  /// The instant (fraction of the step, just past the crossing) where the interpolated overlap of
  /// pair p crosses zero upwards (starting) or downwards, by bisection; `rate` gets the overlap rate there.
  double crossing(const SoftPair& p, double h, bool starting, double& rate) const;
  /// Earliest contact start or end inside the accepted step, as a fraction in (0, 1], or 2 for none.
  double locateEvent(double h, int& which) const;
  void accept(double h);
  void startContact(SoftPair& p, double approachSpeed, double t);
  void endContact(SoftPair& p, double t);
  /// The overlap at which a contact has failed: a disc's centre on the wall, or two centres closer
  /// than half the smaller radius. (The notebook presets' soft discs overlap by up to a radius; no
  /// step moves a disc more than an eighth of the smallest radius, so a pass is always seen.)
  double passLimit(const SoftPair& p) const;
  /// After an accepted state in which an active contact is past passLimit (recordSamples flags it):
  /// sets the message naming the deepest (relative to its limit) and returns true.
  bool passedThrough();
  void recordSamples();
  bool recordingPair(const SoftPair& p) const;

  const SoftModel& m_;
  SoftState& s_;
  SoftStats stats_;
  std::string message_;
  double skin_ = 0;
  Eigen::Matrix2Xd rebuildPos_;
  std::vector<double> fx_, fy_, tq_;
  /// rk4 + Coulomb only (else empty): per disc 1/(m + m_o) and 1/I, for the slip's relaxation rate
  std::vector<std::pair<double, double>> slipMobility_;
  Coords k_[7], qStage_, qNew_;
  Rate rk_[7];
  double dampNew_ = 0, fricNew_ = 0;
  bool tooDeep_ = false;  // recordSamples saw an active contact past passLimit
  bool fsal_ = false;  // k_[0] holds the derivative at the current state
  double hNext_ = 0;
  std::vector<HysteresisLoop> loops_;
  std::size_t loopSamples_ = 0;
  int recordI_ = -1, recordOther_ = 0;
  bool recordAll_ = false;
};

}  // namespace granular
