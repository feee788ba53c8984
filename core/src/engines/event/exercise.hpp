// The granular-gas course exercise as six functions on plain arrays, with the exercise's
// conventions, so that a course can check a student's answers against ours (exposed to JavaScript
// by core/wasm/bindings.cpp). Times are relative to now; no contact gives geom::kNoContact
// (= Number.MAX_VALUE). Walls are segments given as (ax, ay, bx, by) quadruples; wall k is encoded
// as partner j = -(k + 1).
#pragma once

#include <string>
#include <vector>

#include "geometry/contact.hpp"

namespace granular::exercise {

struct MinContact {
  double time = geom::kNoContact;
  int i = -1;
  int j = -1;
};

/// Earliest contact among discs (xy, vxy: 2 x N interleaved; radii: N) and walls (4 x W), excluding
/// the pair (prevI, prevJ) just resolved (in either order; prevJ < 0 is a wall). Ties go to the
/// first pair in index order (discs before walls for the same i).
MinContact minContactTime(const std::vector<double>& xy, const std::vector<double>& vxy, const std::vector<double>& radii,
                          const std::vector<double>& walls, int prevI, int prevJ);

struct Run {
  std::vector<double> positions;   // (steps + 1) blocks of 2 x N (m)
  std::vector<double> velocities;  // same layout (m/s)
  long long events = 0;
  bool ok = true;
  std::string message;
};

constexpr int kMaxExerciseDiscs = 2000;
constexpr long long kMaxExerciseEvents = 10000000;

/// Event-driven run with the naive O(N^2) search, output every dt for `steps` outputs (positions
/// exact at each output instant). Walls need not close a polygon. Limits: kMaxExerciseDiscs discs,
/// kMaxExerciseEvents events in all (the run stops with ok = false beyond).
Run advance(const std::vector<double>& xy, const std::vector<double>& vxy, const std::vector<double>& radii,
            const std::vector<double>& masses, const std::vector<double>& walls, double restitution, double dt, int steps);

}  // namespace granular::exercise
