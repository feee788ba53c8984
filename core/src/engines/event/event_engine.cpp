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
  shape_ = GridShape(model.xmin, model.ymin, model.xmax, model.ymax, std::max(minCell, kCellPerSpacing * spacing),
                     4LL * n + 1024);
  const int cells = shape_.cells();

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
        if (distancePointSegment(centre, w) <= reach) near[static_cast<std::size_t>(r * shape_.nx() + c)].push_back(static_cast<int>(k));
      }
  }
  wallStart_.assign(static_cast<std::size_t>(cells) + 1, 0);
  for (int c = 0; c < cells; ++c)
    wallStart_[static_cast<std::size_t>(c) + 1] = wallStart_[static_cast<std::size_t>(c)] + static_cast<int>(near[static_cast<std::size_t>(c)].size());
  wallList_.reserve(static_cast<std::size_t>(wallStart_.back()));
  for (const auto& list : near) wallList_.insert(wallList_.end(), list.begin(), list.end());

  // Initial cells from the lazy positions at the current time (the state may come from a run).
  for (HotDisc& a : d_) {
    const double dt = now_ - a.t;
    a.cell = shape_.cellOf(a.x + a.vx * dt, a.y + a.vy * dt);
  }
  rebuild();
}

void EventEngine::rebuild() {
  const int n = model_.n;
  // Renumber in cell order (stable): neighbours in space become neighbours in memory.
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
  std::stable_sort(order.begin(), order.end(), [this](int a, int b) {
    return d_[static_cast<std::size_t>(a)].cell < d_[static_cast<std::size_t>(b)].cell;
  });
  relabel(order);
  // Collision counters only serve to spot stale predictions, and every prediction is redone here.
  for (HotDisc& a : d_) a.count = 0;
  head_.assign(static_cast<std::size_t>(shape_.cells()), -1);
  pred_.assign(static_cast<std::size_t>(n), Prediction{kNoContact, kNoContact, INT_MIN, 0u, -1, 0, 0});
  for (int i = n - 1; i >= 0; --i) insert(i, d_[static_cast<std::size_t>(i)].cell);  // lists in index order
  queue_.reset(n);
  for (int i = 0; i < n; ++i) predict(i);
  lastResort_ = stats_.collisions;
}

void EventEngine::insert(int i, int cell) {
  HotDisc& a = d_[static_cast<std::size_t>(i)];
  a.cell = cell;
  const int h = head_[static_cast<std::size_t>(cell)];
  a.next = h;
  pred_[static_cast<std::size_t>(i)].prev = -1;
  if (h >= 0) pred_[static_cast<std::size_t>(h)].prev = i;
  head_[static_cast<std::size_t>(cell)] = i;
}

void EventEngine::remove(int i) {
  const HotDisc& a = d_[static_cast<std::size_t>(i)];
  const int prev = pred_[static_cast<std::size_t>(i)].prev;
  if (prev >= 0) d_[static_cast<std::size_t>(prev)].next = a.next;
  else head_[static_cast<std::size_t>(a.cell)] = a.next;
  if (a.next >= 0) pred_[static_cast<std::size_t>(a.next)].prev = prev;
}

inline void EventEngine::consider(int i, int j) {
  if (j == i || excludedPair(i, j)) return;
  const double t = pairTime(i, j);
  Prediction& p = pred_[static_cast<std::size_t>(i)];
  if (t < p.collTime) {
    p.collTime = t;
    p.partner = j;
    p.partnerCount = d_[static_cast<std::size_t>(j)].count;
  }
}

void EventEngine::considerWalls(int i) {
  const int cell = d_[static_cast<std::size_t>(i)].cell;
  Prediction& p = pred_[static_cast<std::size_t>(i)];
  for (int w = wallStart_[static_cast<std::size_t>(cell)]; w < wallStart_[static_cast<std::size_t>(cell) + 1]; ++w) {
    const int wall = wallList_[static_cast<std::size_t>(w)];
    if (excludedWall(i, wall)) continue;
    const double t = wallTime(i, wall);
    if (t < p.collTime) {
      p.collTime = t;
      p.partner = -(wall + 1);
    }
  }
}

void EventEngine::updateKey(int i) {
  const Prediction& p = pred_[static_cast<std::size_t>(i)];
  queue_.update(i, std::min(p.collTime, p.crossTime));
}

void EventEngine::predictCrossing(int i) {
  const HotDisc& a = d_[static_cast<std::size_t>(i)];
  Prediction& p = pred_[static_cast<std::size_t>(i)];
  const int cx = a.cell % shape_.nx(), cy = a.cell / shape_.nx();
  double tx = kNoContact, ty = kNoContact;
  if (a.vx > 0 && cx + 1 < shape_.nx()) tx = (shape_.x0() + (cx + 1) * shape_.cellWidth() - a.x) / a.vx;
  else if (a.vx < 0 && cx > 0) tx = (shape_.x0() + cx * shape_.cellWidth() - a.x) / a.vx;
  if (a.vy > 0 && cy + 1 < shape_.ny()) ty = (shape_.y0() + (cy + 1) * shape_.cellHeight() - a.y) / a.vy;
  else if (a.vy < 0 && cy > 0) ty = (shape_.y0() + cy * shape_.cellHeight() - a.y) / a.vy;
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
  Prediction& p = pred_[static_cast<std::size_t>(i)];
  p.collTime = kNoContact;
  p.partner = INT_MIN;
  const int cell = d_[static_cast<std::size_t>(i)].cell;
  const int nx = shape_.nx(), ny = shape_.ny();
  const int cx = cell % nx, cy = cell / nx;
  for (int r = std::max(0, cy - 1); r <= std::min(ny - 1, cy + 1); ++r)
    for (int c = std::max(0, cx - 1); c <= std::min(nx - 1, cx + 1); ++c)
      for (int j = head_[static_cast<std::size_t>(r * nx + c)]; j >= 0; j = d_[static_cast<std::size_t>(j)].next) consider(i, j);
  considerWalls(i);
  predictCrossing(i);
  updateKey(i);
}

void EventEngine::predictAfterCrossing(int i, int dcx, int dcy) {
  const int cell = d_[static_cast<std::size_t>(i)].cell;
  const int nx = shape_.nx(), ny = shape_.ny();
  const int cx = cell % nx, cy = cell / nx;
  // The cells that just came within range: one column (or row) beyond the new cell. The earlier
  // prediction still covers the cells that stayed in range.
  if (dcx != 0) {
    const int c = cx + dcx;
    if (c >= 0 && c < nx)
      for (int r = std::max(0, cy - 1); r <= std::min(ny - 1, cy + 1); ++r)
        for (int j = head_[static_cast<std::size_t>(r * nx + c)]; j >= 0; j = d_[static_cast<std::size_t>(j)].next) consider(i, j);
  } else {
    const int r = cy + dcy;
    if (r >= 0 && r < ny)
      for (int c = std::max(0, cx - 1); c <= std::min(nx - 1, cx + 1); ++c)
        for (int j = head_[static_cast<std::size_t>(r * nx + c)]; j >= 0; j = d_[static_cast<std::size_t>(j)].next) consider(i, j);
  }
  considerWalls(i);
  predictCrossing(i);
  updateKey(i);
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
    if (!(t < tEnd)) break;
    if (budget-- <= 0) {
      result = StepResult::Budget;
      break;
    }
    if (resort && stats_.collisions - lastResort_ >= resortAfter) {
      rebuild();
      continue;
    }
    Prediction& p = pred_[static_cast<std::size_t>(i)];
    now_ = t;
    if (p.crossTime < p.collTime) {
      // Cell crossing: bookkeeping only, the disc's state is untouched.
      const int dcx = p.crossDx, dcy = p.crossDy;
      const int cell = d_[static_cast<std::size_t>(i)].cell;
      remove(i);
      insert(i, cell + dcx + dcy * shape_.nx());
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
