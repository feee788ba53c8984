// Event-driven hard discs (the granular-gas engine).
//
// Algorithm. Discs fly freely between instantaneous binary collisions. The engine always jumps to
// the earliest future event: a disc-disc collision, a disc-wall collision (a wall segment's face or
// one of its end points), or -- in the fast path -- a disc crossing into another cell of the grid.
// Collisions conserve momentum along the line of centres and reverse the normal relative velocity
// times r (Newton's restitution law); walls have infinite mass.
//
// State is advanced lazily (Lubachevsky 1991): a disc's position is stored at the time of its own
// last collision, so an event touches only the discs it involves. Output instants read positions
// without writing them; the trajectory is independent of the output interval.
//
// Fast path (EventEngine). Each disc keeps one prediction: its earliest collision among the discs
// in the 3 x 3 cells around it and the walls registered in its cell, and its next cell crossing.
// The earliest prediction of all discs comes from a calendar queue (calendar_queue.hpp: buckets in
// time, O(1) per update on average; Marin et al. 1993 use a complete binary tree, O(log N)). A
// prediction names its partner and the partner's collision counter at prediction time; when the
// partner has collided since, the prediction is stale and is recomputed when it comes up (lazy
// deletion). Invariant: a disc's key is never later than its earliest collision with any partner
// that has not changed since the prediction, so no collision is missed. A cell crossing only
// rechecks the three cells that come into range.
//
// Memory. The engine works on its own copy of the discs, one 64-byte line per disc, numbered in
// cell order so that the neighbours of a disc sit close in memory; it renumbers every 8 N
// collisions as the discs wander (and re-predicts everything, which changes no event). A second
// line per disc holds what only its own events read: the prediction, mass, bookkeeping. The queue
// is 16 bytes per disc and the cell lists are singly linked through the discs' lines, so neither
// touches other discs' lines when it changes. At N = 10^5 the data no longer fit in L2 and each
// event waits for memory; while one event is processed, the lines of the queue's runner-up (most
// often the next event) are prefetched. State and event logs always use the scenario's disc numbers.
//
// Reference path (NaiveEventEngine). Searches all pairs and walls for the earliest event, O(N^2)
// per event, with the very same arithmetic; tests require both paths to produce the same events.
//
// Exclusion. Right after disc i collided with j, the pair (i, j) is not predicted again until one of
// them has another event (the exercise's "previous pair" rule); this keeps round-off from producing
// a zero-time repeat collision when the normal relative velocity after impact is ~0 (r ~ 0).
//
// Inelastic collapse (McNamara & Young 1994): with r < 1 a group of discs can collide infinitely
// often in finite time. Remedy, default on: the TC model (Luding & McNamara 1998) makes a collision
// elastic when either disc collided less than t_c earlier. As a safety net in every mode, a disc that
// collides more than kRapidLimit times in a row at intervals shorter than Model::collapseAlarm stops
// the run with a message (status Stopped): the engine never hangs.
//
// Gravity (optional, Model::gx, gy). Flights are parabolas: a disc's lazy state advances by
// x += v dt + g dt^2 / 2, v += g dt. Two discs fall together, so their relative motion stays a
// straight line and discDiscTime applies unchanged once both are brought to the same instant; a
// wall face is met at a root of a quadratic (geom::discSegmentTimeAccel). The domain is convex
// (checked by the scenario), so a disc meets a face before any corner and end points are not
// searched. A disc can fall back on the wall it just left, so walls are not excluded after a hit
// under gravity; the quadratic's root on the approaching side is taken instead. The fast path
// uses a single cell (no crossing events, which would need quadratic crossing times): every disc
// is a neighbour, O(N) per event, for the small piles this is meant for (kMaxGravityDiscs). A
// disc resting on a wall is an endless sequence of ever shorter hops: the TC model turns them
// elastic once they come within t_c, so a pile keeps hopping at heights of order g t_c^2.
//
// Vibrating wall. The wall stays at its mean position and carries the velocity
// u(t) = A w cos(w t) along its inward normal (small-amplitude limit); cos is detmath::cos, so
// native and WebAssembly runs stay bit-identical.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engines/engine.hpp"
#include "engines/event/calendar_queue.hpp"
#include "geometry/contact.hpp"
#include "geometry/grid.hpp"
#include "model/model.hpp"
#include "state/state.hpp"

namespace granular {

/// One processed collision, for tests and logs: j >= 0 a disc, j < 0 wall -(j+1).
struct EventRecord {
  double time;
  int i, j;
};

/// The working copy of one disc, packed into one cache line: a collision prediction reads only
/// this line per neighbour (struct-of-arrays would touch six). State is written back from it when
/// advanceTo() returns.
struct alignas(64) HotDisc {
  double x, y;               // position at time t (m)
  double vx, vy;             // velocity (m/s)
  double t;                  // local time at which (x, y) is exact (s)
  double radius;             // m
  std::uint32_t count;       // collisions so far (stale-prediction check)
  std::int32_t lastPartner;  // partner of the last collision: disc, -(k+1) wall, INT_MIN none
  std::int32_t next;         // next disc in the same cell (fast path), -1 at the end
  std::int16_t cx, cy;       // the disc's cell, column and row in the padded grid (fast path)
};

/// The fast engine's (EventEngine's) prediction of a disc's next event.
struct Prediction {
  double collTime;             // predicted collision time (s)
  double crossTime;            // predicted cell crossing time (s)
  std::int32_t partner;        // disc, -(k+1) wall, INT_MIN none
  std::uint32_t partnerCount;  // partner's counter when predicted
  std::int8_t crossDx, crossDy;  // direction of the crossing
};

/// What a collision also needs, in a line of its own, with the disc's prediction (the fast engine
/// reads the prediction of the disc whose event comes up, then collides it).
struct alignas(64) ColdDisc {
  double mass;           // kg
  double lastCollision;  // time of the last collision (s)
  std::int32_t ext;      // the disc's number in the scenario
  std::int32_t rapid;    // consecutive collisions closer than Model::collapseAlarm
  Prediction prediction;  // fast engine only
};

/// What the fast and the naive engines share: lazy kinematics, times of impact from lazy state,
/// collision resolution with restitution, TC model, vibration and energy accounting.
class EventCore : public Engine {
 public:
  EventCore(const Model& model, State& state);
  const EngineStats& stats() const override { return stats_; }
  const std::string& message() const override { return message_; }

  /// Record every collision (not cell crossings) into `log` (nullptr to stop).
  void setLog(std::vector<EventRecord>* log) { log_ = log; }

  static constexpr int kRapidLimit = 10000;

 protected:
  /// Absolute time of the next contact of discs i and j from their lazy states (kNoContact if
  /// none). Symmetric in (i, j) to the last bit: both discs are brought to the later of their two
  /// local times, in index order. Inline: the engines' innermost loop.
  double pairTime(int i, int j) const {
    const HotDisc& a = d_[static_cast<std::size_t>(i < j ? i : j)];
    const HotDisc& b = d_[static_cast<std::size_t>(i < j ? j : i)];
    const double t0 = a.t > b.t ? a.t : b.t;
    geom::Vec2 va{a.vx, a.vy}, vb{b.vx, b.vy};
    geom::Vec2 pa = geom::Vec2{a.x, a.y} + (t0 - a.t) * va;
    geom::Vec2 pb = geom::Vec2{b.x, b.y} + (t0 - b.t) * vb;
    if (gravity_) {  // both on their parabolas at t0; from there the relative motion is uniform
      const double da = t0 - a.t, db = t0 - b.t;
      pa = pa + (0.5 * da * da) * g_;
      pb = pb + (0.5 * db * db) * g_;
      va = va + da * g_;
      vb = vb + db * g_;
    }
    const double dt = geom::discDiscTime(pb - pa, vb - va, a.radius + b.radius);
    if (dt == geom::kNoContact) return geom::kNoContact;
    const double t = t0 + dt;
    return t < now_ ? now_ : t;
  }
  /// Absolute time of the next contact of disc i with wall k.
  double wallTime(int i, int k) const;
  /// The exercise's rule: (i, j) collided last with each other and neither has moved on since.
  bool excludedPair(int i, int j) const {
    return d_[static_cast<std::size_t>(i)].lastPartner == j && d_[static_cast<std::size_t>(j)].lastPartner == i;
  }
  bool excludedWall(int i, int k) const { return !gravity_ && d_[static_cast<std::size_t>(i)].lastPartner == -(k + 1); }

  /// Resolve the collision of i and j at time now_; false if the run must stop.
  bool collideDiscs(int i, int j);
  /// Resolve the collision of i with wall k at time now_; false if the run must stop.
  bool collideWall(int i, int k);
  /// Write the working copy back into State (positions stay lazy: exact at each disc's own time).
  void syncState();
  /// Renumber the working copy: new index k holds the disc that had index order[k].
  void relabel(const std::vector<int>& order);

  const Model& model_;
  State& state_;
  const bool gravity_;                  // Model::gx or gy non-zero
  const geom::Vec2 g_;                  // gravity (m/s^2)
  EngineStats stats_;
  std::string message_;
  double now_ = 0;                      // engine time (s)
  std::vector<HotDisc> d_;              // working copy, engine numbering
  std::vector<ColdDisc> cold_;          // same numbering

 private:
  void advanceDisc(HotDisc& a) const;
  bool noteCollision(int i);
  double restitutionFor(int i, int j);  // r, or 1 under the TC model
  std::vector<EventRecord>* log_ = nullptr;
};

class EventEngine final : public EventCore {
 public:
  EventEngine(const Model& model, State& state);
  StepResult advanceTo(double t, std::int64_t maxEvents) override;

  /// Collisions per disc between spatial renumberings (0: never). Changes no event, only speed;
  /// the tests use it to show exactly that.
  void setResortEvery(int collisionsPerDisc) { resortEvery_ = collisionsPerDisc; }

 private:
  void rebuild();                      // spatial renumbering, cell lists, queue, all predictions
  int cellIndex(const HotDisc& a) const { return a.cy * stride_ + a.cx; }
  void link(int i);                    // into the list of its cell
  void unlink(int i);                  // walks the list of its cell (a disc or two)
  void predict(int i);                 // full prediction: 3 x 3 cells and the cell's walls
  void predictAfterCrossing(int i, int dcx, int dcy);
  void predictCrossing(const HotDisc& a, Prediction& p) const;
  void considerCell(int i, int cell, Prediction& p);  // the pairs (i, j) of one cell
  void considerWalls(int i, int cell, Prediction& p);
  void finishPrediction(int i, const HotDisc& a, Prediction& p);  // walls, crossing, queue key
  void prefetchDisc(int i);            // start loading disc i's two lines

  static constexpr int kResortMinDiscs = 2048;    // below this everything fits in cache anyway
  int resortEvery_ = 8;                           // collisions per disc between renumberings

  GridShape shape_;
  int stride_ = 0;                                // cells per padded row (nx + 2)
  struct Cell {
    std::int32_t head;   // first disc in the cell, -1 if empty
    std::int32_t walls;  // its walls: wallList_[walls, next cell's walls)
  };
  std::vector<Cell> cells_;                       // padded cells and one sentinel; a prediction reads
                                                  // the heads and the walls from the same lines
  std::vector<int> wallList_;                     // walls near each cell
  CalendarQueue queue_;                           // one entry per disc: min(collTime, crossTime) of cold_[i].prediction
  std::int64_t lastResort_ = 0;                   // stats_.collisions at the last renumbering
  std::uint32_t touched_ = 0;                     // sink of prefetchDisc's loads (WebAssembly)
};

class NaiveEventEngine final : public EventCore {
 public:
  NaiveEventEngine(const Model& model, State& state) : EventCore(model, state) {}
  StepResult advanceTo(double t, std::int64_t maxEvents) override;
};

}  // namespace granular
