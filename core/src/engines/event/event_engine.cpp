#include "engines/event/event_engine.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

namespace granular {

using geom::kNoContact;
using geom::Vec2;

// ---- fast engine -----------------------------------------------------------------------------

namespace {

// Cell side: at least one diameter (plus a margin for round-off in the crossing times), and about
// kCellPerSpacing mean inter-disc spacings: bigger cells mean fewer crossing events but more
// neighbours per prediction (measured with `npm run bench`).
constexpr double kCellPerSpacing = 0.6;

double distancePointSegment(Vec2 p, const Wall& w) {
  const Vec2 d = p - geom::closestPointOnSegment(p, w.a, w.b);
  return std::sqrt(geom::dot(d, d));
}

}  // namespace

EventEngine::EventEngine(const Model& model, State& state) : EventCore(model, state) {
  const int n = model.n;
  const double extent = std::max({std::fabs(model.xmin), std::fabs(model.xmax), std::fabs(model.ymin), std::fabs(model.ymax),
                                  model.xmax - model.xmin, model.ymax - model.ymin});
  const double minCell = 2.0 * model.maxRadius * (1.0 + 1e-9) + 1e-12 * extent;
  const double spacing = std::sqrt(model.area / std::max(1, n));
  double cell = std::max(minCell, kCellPerSpacing * spacing);
  // Under gravity one cell holds everything: crossing times would be roots of quadratics.
  if (gravity_) cell = std::max(cell, 2.0 * std::max(model.xmax - model.xmin, model.ymax - model.ymin));
  shape_ = GridShape(model.xmin, model.ymin, model.xmax, model.ymax, cell, 4LL * n + 1024);
  while (shape_.nx() > 32000 || shape_.ny() > 32000) {  // cell coordinates are 16-bit (a long, thin domain)
    cell *= 2;
    shape_ = GridShape(model.xmin, model.ymin, model.xmax, model.ymax, cell, 4LL * n + 1024);
  }
  // A ring of empty cells around the grid: the 3 x 3 neighbourhood of any cell exists, no bounds tests.
  stride_ = shape_.nx() + 2;
  const int cells = stride_ * (shape_.ny() + 2);

  // Walls near each cell: a disc centred in the cell can touch the wall only if the wall passes
  // within maxRadius of the cell; register conservatively by the distance to the cell centre.
  std::vector<std::vector<int>> near(static_cast<std::size_t>(cells));
  const double cw = shape_.cellWidth(), ch = shape_.cellHeight();
  const double reach = 0.5 * std::sqrt(cw * cw + ch * ch) + model.maxRadius + minCell;
  for (std::size_t k = 0; k < model.walls.size(); ++k) {
    const Wall& w = model.walls[k];
    const int c0 = shape_.column(std::min(w.a.x, w.b.x) - reach), c1 = shape_.column(std::max(w.a.x, w.b.x) + reach);
    const int r0 = shape_.row(std::min(w.a.y, w.b.y) - reach), r1 = shape_.row(std::max(w.a.y, w.b.y) + reach);
    for (int r = r0; r <= r1; ++r)
      for (int c = c0; c <= c1; ++c) {
        const Vec2 centre{shape_.x0() + (c + 0.5) * cw, shape_.y0() + (r + 0.5) * ch};
        if (distancePointSegment(centre, w) <= reach) near[static_cast<std::size_t>((r + 1) * stride_ + c + 1)].push_back(static_cast<int>(k));
      }
  }
  cells_.assign(static_cast<std::size_t>(cells) + 1, Cell{-1, 0});
  for (int c = 0; c < cells; ++c)
    cells_[static_cast<std::size_t>(c) + 1].walls = cells_[static_cast<std::size_t>(c)].walls + static_cast<int>(near[static_cast<std::size_t>(c)].size());
  wallList_.reserve(static_cast<std::size_t>(cells_.back().walls));
  for (const auto& list : near) wallList_.insert(wallList_.end(), list.begin(), list.end());

  // Initial cells from the lazy positions at the current time (the state may come from a run).
  for (HotDisc& a : d_) {
    const double dt = now_ - a.t;
    a.cx = static_cast<std::int16_t>(shape_.column(a.x + a.vx * dt) + 1);
    a.cy = static_cast<std::int16_t>(shape_.row(a.y + a.vy * dt) + 1);
  }
  rebuild();
}

void EventEngine::rebuild() {
  const int n = model_.n;
  // Renumber in cell order (a stable counting sort, one pass over the discs in memory order):
  // neighbours in space become neighbours in memory.
  std::vector<int> start(cells_.size(), 0), order(static_cast<std::size_t>(n));
  for (const HotDisc& a : d_) ++start[static_cast<std::size_t>(cellIndex(a)) + 1];
  for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(start[static_cast<std::size_t>(cellIndex(d_[static_cast<std::size_t>(i)]))]++)] = i;
  relabel(order);
  // Collision counters only serve to spot stale predictions, and every prediction is redone here.
  for (HotDisc& a : d_) a.count = 0;
  for (Cell& c : cells_) c.head = -1;
  queue_.reset(n);
  for (int i = n - 1; i >= 0; --i) link(i);  // lists in index order
  for (int i = 0; i < n; ++i) predict(i);
  lastResort_ = stats_.collisions;
}

void EventEngine::link(int i) {
  HotDisc& a = d_[static_cast<std::size_t>(i)];
  int& head = cells_[static_cast<std::size_t>(cellIndex(a))].head;
  a.next = head;
  head = i;
}

void EventEngine::unlink(int i) {
  // Singly linked: a cell holds a disc or two, whose lines are close to i's (cell order), while a
  // back link would have to be kept up to date in the lines of other discs.
  const HotDisc& a = d_[static_cast<std::size_t>(i)];
  int* link = &cells_[static_cast<std::size_t>(cellIndex(a))].head;
  while (*link != i) link = &d_[static_cast<std::size_t>(*link)].next;
  *link = a.next;
}

inline void EventEngine::considerCell(int i, int cell, Prediction& p) {
  for (int j = cells_[static_cast<std::size_t>(cell)].head; j >= 0; j = d_[static_cast<std::size_t>(j)].next) {
    if (j == i || excludedPair(i, j)) continue;
    const double t = pairTime(i, j);
    if (t < p.collTime) {
      p.collTime = t;
      p.partner = j;
      p.partnerCount = d_[static_cast<std::size_t>(j)].count;
    }
  }
}

inline void EventEngine::considerWalls(int i, int cell, Prediction& p) {
  for (int w = cells_[static_cast<std::size_t>(cell)].walls; w < cells_[static_cast<std::size_t>(cell) + 1].walls; ++w) {
    const int wall = wallList_[static_cast<std::size_t>(w)];
    if (excludedWall(i, wall)) continue;
    const double t = wallTime(i, wall);
    if (t < p.collTime) {
      p.collTime = t;
      p.partner = -(wall + 1);
    }
  }
}

inline void EventEngine::predictCrossing(const HotDisc& a, Prediction& p) const {
  // Padded column cx holds x in [x0 + (cx - 1) w, x0 + cx w); no crossing out of the grid.
  double tx = kNoContact, ty = kNoContact;
  if (a.vx > 0 && a.cx < shape_.nx()) tx = (shape_.x0() + a.cx * shape_.cellWidth() - a.x) / a.vx;
  else if (a.vx < 0 && a.cx > 1) tx = (shape_.x0() + (a.cx - 1) * shape_.cellWidth() - a.x) / a.vx;
  if (a.vy > 0 && a.cy < shape_.ny()) ty = (shape_.y0() + a.cy * shape_.cellHeight() - a.y) / a.vy;
  else if (a.vy < 0 && a.cy > 1) ty = (shape_.y0() + (a.cy - 1) * shape_.cellHeight() - a.y) / a.vy;
  double t = kNoContact;
  p.crossDx = p.crossDy = 0;
  if (tx <= ty && tx != kNoContact) {
    t = tx;
    p.crossDx = a.vx > 0 ? 1 : -1;
  } else if (ty != kNoContact) {
    t = ty;
    p.crossDy = a.vy > 0 ? 1 : -1;
  }
  if (t != kNoContact) {
    t = a.t + (t > 0 ? t : 0.0);  // a disc already past the boundary by round-off crosses now
    if (t < now_) t = now_;
  }
  p.crossTime = t;
}

void EventEngine::predict(int i) {
  const HotDisc& a = d_[static_cast<std::size_t>(i)];
  Prediction& p = cold_[static_cast<std::size_t>(i)].prediction;
  p.collTime = kNoContact;
  p.partner = INT_MIN;
  const int cell = cellIndex(a);
  for (int row = cell - stride_; row <= cell + stride_; row += stride_) {
    considerCell(i, row - 1, p);
    considerCell(i, row, p);
    considerCell(i, row + 1, p);
  }
  finishPrediction(i, a, p);
}

void EventEngine::finishPrediction(int i, const HotDisc& a, Prediction& p) {
  considerWalls(i, cellIndex(a), p);
  predictCrossing(a, p);
  queue_.update(i, std::min(p.collTime, p.crossTime));
}

void EventEngine::predictAfterCrossing(int i, int dcx, int dcy) {
  const HotDisc& a = d_[static_cast<std::size_t>(i)];
  Prediction& p = cold_[static_cast<std::size_t>(i)].prediction;
  const int cell = cellIndex(a);
  // The cells that just came within range: one column (or row) beyond the new cell. The earlier
  // prediction still covers the cells that stayed in range.
  if (dcx != 0) {
    const int c = cell + dcx;
    considerCell(i, c - stride_, p);
    considerCell(i, c, p);
    considerCell(i, c + stride_, p);
  } else {
    const int c = cell + dcy * stride_;
    considerCell(i, c - 1, p);
    considerCell(i, c, p);
    considerCell(i, c + 1, p);
  }
  finishPrediction(i, a, p);
}

inline void EventEngine::prefetchDisc(int i) {
#ifdef __wasm__
  // WebAssembly has no prefetch instruction; a load whose value is barely used does the same
  // job as long as nothing waits for it.
  touched_ ^= d_[static_cast<std::size_t>(i)].count ^ static_cast<std::uint32_t>(cold_[static_cast<std::size_t>(i)].rapid);
#else
  __builtin_prefetch(&d_[static_cast<std::size_t>(i)]);
  __builtin_prefetch(&cold_[static_cast<std::size_t>(i)]);
#endif
}

StepResult EventEngine::advanceTo(double tEnd, std::int64_t maxEvents) {
  if (!message_.empty()) return StepResult::Stopped;
  StepResult result = StepResult::Reached;
  std::int64_t budget = maxEvents;
  const bool resort = resortEvery_ > 0 && model_.n >= kResortMinDiscs;
  const std::int64_t resortAfter = static_cast<std::int64_t>(resortEvery_) * model_.n;
  while (model_.n > 0) {
    const int i = queue_.top();
    const double t = queue_.key(i);
    if (!(t < tEnd) || t == kNoContact) break;  // nothing before tEnd (or nothing scheduled at all)
    if (budget-- <= 0) {
      result = StepResult::Budget;
      break;
    }
    if (resort && stats_.collisions - lastResort_ >= resortAfter) {
      rebuild();
      continue;
    }
    // Most likely the next event's disc: its two lines load while this event is processed.
    if (const int r = queue_.runnerUp(); r >= 0) prefetchDisc(r);
    Prediction& p = cold_[static_cast<std::size_t>(i)].prediction;
    now_ = t;
    if (p.crossTime < p.collTime) {
      // Cell crossing: bookkeeping only, the disc's state is untouched.
      const int dcx = p.crossDx, dcy = p.crossDy;
      unlink(i);
      HotDisc& a = d_[static_cast<std::size_t>(i)];
      a.cx = static_cast<std::int16_t>(a.cx + dcx);
      a.cy = static_cast<std::int16_t>(a.cy + dcy);
      link(i);
      ++stats_.cellCrossings;
      ++stats_.events;
      predictAfterCrossing(i, dcx, dcy);
      continue;
    }
    const int j = p.partner;
    if (j >= 0) {
      if (d_[static_cast<std::size_t>(j)].count != p.partnerCount) {
        ++stats_.staleEvents;
        ++stats_.events;
        predict(i);
        continue;
      }
      const bool ok = collideDiscs(i, j);
      predict(i);
      predict(j);
      if (!ok) {
        result = StepResult::Stopped;
        break;
      }
    } else {
      const bool ok = collideWall(i, -(j + 1));
      predict(i);
      if (!ok) {
        result = StepResult::Stopped;
        break;
      }
    }
  }
  if (result == StepResult::Reached && tEnd > now_) now_ = tEnd;
  syncState();
  return result;
}

// ---- naive reference -------------------------------------------------------------------------

StepResult NaiveEventEngine::advanceTo(double tEnd, std::int64_t maxEvents) {
  if (!message_.empty()) return StepResult::Stopped;
  const int n = model_.n;
  const int walls = static_cast<int>(model_.walls.size());
  StepResult result = StepResult::Reached;
  std::int64_t budget = maxEvents;
  while (true) {
    double best = kNoContact;
    int bi = -1, bj = 0;
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (excludedPair(i, j)) continue;
        const double t = pairTime(i, j);
        if (t < best) {
          best = t;
          bi = i;
          bj = j;
        }
      }
      for (int w = 0; w < walls; ++w) {
        if (excludedWall(i, w)) continue;
        const double t = wallTime(i, w);
        if (t < best) {
          best = t;
          bi = i;
          bj = -(w + 1);
        }
      }
    }
    if (bi < 0 || !(best < tEnd)) break;
    if (budget-- <= 0) {
      result = StepResult::Budget;
      break;
    }
    now_ = best;
    const bool ok = bj >= 0 ? collideDiscs(bi, bj) : collideWall(bi, -(bj + 1));
    if (!ok) {
      result = StepResult::Stopped;
      break;
    }
  }
  if (result == StepResult::Reached && tEnd > now_) now_ = tEnd;
  syncState();
  return result;
}

}  // namespace granular
