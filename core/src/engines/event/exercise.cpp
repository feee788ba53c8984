#include "engines/event/exercise.hpp"

#include <cmath>
#include <string>

#include "engines/event/event_engine.hpp"
#include "model/model.hpp"
#include "state/state.hpp"

namespace granular::exercise {

using geom::Vec2;

MinContact minContactTime(const std::vector<double>& xy, const std::vector<double>& vxy, const std::vector<double>& radii,
                          const std::vector<double>& walls, int prevI, int prevJ) {
  MinContact best;
  const int n = static_cast<int>(radii.size());
  const int w = static_cast<int>(walls.size() / 4);
  if (xy.size() < 2 * radii.size() || vxy.size() < 2 * radii.size()) return best;
  auto excluded = [&](int i, int j) { return (i == prevI && j == prevJ) || (i == prevJ && j == prevI); };
  for (int i = 0; i < n; ++i) {
    const std::size_t a = static_cast<std::size_t>(i);
    const Vec2 p{xy[2 * a], xy[2 * a + 1]}, v{vxy[2 * a], vxy[2 * a + 1]};
    for (int j = i + 1; j < n; ++j) {
      if (excluded(i, j)) continue;
      const std::size_t b = static_cast<std::size_t>(j);
      const Vec2 q{xy[2 * b], xy[2 * b + 1]}, u{vxy[2 * b], vxy[2 * b + 1]};
      const double t = geom::discDiscTime(q - p, u - v, radii[a] + radii[b]);
      if (t < best.time) best = MinContact{t, i, j};
    }
    for (int k = 0; k < w; ++k) {
      if (excluded(i, -(k + 1))) continue;
      const std::size_t c = 4 * static_cast<std::size_t>(k);
      const double t = geom::discSegmentTime(p, v, radii[a], {walls[c], walls[c + 1]}, {walls[c + 2], walls[c + 3]});
      if (t < best.time) best = MinContact{t, i, -(k + 1)};
    }
  }
  return best;
}

Run advance(const std::vector<double>& xy, const std::vector<double>& vxy, const std::vector<double>& radii,
            const std::vector<double>& masses, const std::vector<double>& walls, double restitution, double dt, int steps) {
  Run run;
  const int n = static_cast<int>(radii.size());
  if (n > kMaxExerciseDiscs || xy.size() != 2 * radii.size() || vxy.size() != 2 * radii.size() || masses.size() != radii.size() ||
      walls.size() % 4 != 0 || !(dt > 0) || steps < 0 || steps > 100000 || !(restitution >= 0 && restitution <= 1)) {
    run.ok = false;
    run.message = "invalid arguments: need equal-length arrays (2N positions and velocities, N radii and masses), at most " +
                  std::to_string(kMaxExerciseDiscs) + " discs, 4 numbers per wall, dt > 0, 0 <= steps <= 100000, 0 <= r <= 1";
    return run;
  }
  Model m;
  m.n = n;
  m.radius.resize(n);
  m.mass.resize(n);
  State st;
  st.resize(n);
  for (int i = 0; i < n; ++i) {
    const std::size_t k = static_cast<std::size_t>(i);
    m.radius(i) = radii[k];
    m.mass(i) = masses[k];
    m.maxRadius = std::max(m.maxRadius, radii[k]);
    st.pos(0, i) = xy[2 * k];
    st.pos(1, i) = xy[2 * k + 1];
    st.vel(0, i) = vxy[2 * k];
    st.vel(1, i) = vxy[2 * k + 1];
  }
  for (std::size_t k = 0; k + 3 < walls.size(); k += 4) {
    Wall wall;
    wall.a = {walls[k], walls[k + 1]};
    wall.b = {walls[k + 2], walls[k + 3]};
    const Vec2 e = wall.b - wall.a;
    wall.length = std::sqrt(geom::dot(e, e));
    m.walls.push_back(wall);
  }
  m.restitution = restitution;
  m.wallRestitution = restitution;
  m.collapse = CollapseModel::None;
  m.collapseAlarm = 1e-9 * naturalTimeScale(m.radius, st.vel);
  NaiveEventEngine engine(m, st);
  auto snapshot = [&](double t) {
    for (int i = 0; i < n; ++i) {
      const double d = t - st.tLocal(i);
      run.positions.push_back(st.pos(0, i) + st.vel(0, i) * d);
      run.positions.push_back(st.pos(1, i) + st.vel(1, i) * d);
      run.velocities.push_back(st.vel(0, i));
      run.velocities.push_back(st.vel(1, i));
    }
  };
  snapshot(0.0);
  for (int s = 1; s <= steps; ++s) {
    const double t = s * dt;
    const std::int64_t left = kMaxExerciseEvents - (engine.stats().collisions + engine.stats().wallHits);
    const StepResult r = engine.advanceTo(t, left);
    if (r != StepResult::Reached) {
      run.ok = false;
      run.message = r == StepResult::Budget ? "more than " + std::to_string(kMaxExerciseEvents) + " events: stopped"
                                            : engine.message();
      break;
    }
    snapshot(t);
  }
  run.events = engine.stats().collisions + engine.stats().wallHits;
  return run;
}

}  // namespace granular::exercise
