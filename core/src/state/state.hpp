// State: what a step changes (MuJoCo's mjData idea).
//
// The event engine advances discs lazily: disc i's position pos.col(i) is exact at its own time
// tLocal(i) (the time of its last collision); at any later time t its position is
// pos.col(i) + vel.col(i) * (t - tLocal(i)). Output instants never modify this state, so the
// trajectory does not depend on how often one looks at it.
#pragma once

#include <Eigen/Core>

namespace granular {

struct State {
  Eigen::Matrix2Xd pos;      // position at tLocal (m) (2 x n)
  Eigen::Matrix2Xd vel;      // velocity (m/s) (2 x n)
  Eigen::VectorXd tLocal;    // time at which pos is exact (s) (n)
  Eigen::VectorXd spin;      // angular velocity (rad/s) (n); constant for smooth hard discs
  double time = 0;           // engine time: every event before it has been processed (s)

  void resize(int n) {
    pos.setZero(2, n);
    vel.setZero(2, n);
    tLocal.setZero(n);
    spin.setZero(n);
  }
};

}  // namespace granular
