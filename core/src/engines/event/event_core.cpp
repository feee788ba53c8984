#include <climits>
#include <cmath>

#include "engines/event/event_engine.hpp"
#include "util/detmath.hpp"
#include "util/json.hpp"

namespace granular {

using geom::kNoContact;
using geom::Vec2;

EventCore::EventCore(const Model& model, State& state)
    : model_(model),
      state_(state),
      gravity_(model.gx != 0 || model.gy != 0),
      g_{model.gx, model.gy},
      now_(state.time),
      d_(static_cast<std::size_t>(model.n)),
      cold_(static_cast<std::size_t>(model.n)) {
  for (int i = 0; i < model.n; ++i) {
    HotDisc& a = d_[static_cast<std::size_t>(i)];
    a.x = state.pos(0, i);
    a.y = state.pos(1, i);
    a.vx = state.vel(0, i);
    a.vy = state.vel(1, i);
    a.t = state.tLocal(i);
    a.radius = model.radius(i);
    a.count = 0;
    a.lastPartner = INT_MIN;
    a.next = -1;
    a.cx = a.cy = 0;
    ColdDisc& c = cold_[static_cast<std::size_t>(i)];
    c.mass = model.mass(i);
    c.lastCollision = -std::numeric_limits<double>::infinity();
    c.ext = i;
    c.rapid = 0;
    c.prediction = Prediction{kNoContact, kNoContact, INT_MIN, 0u, 0, 0};
  }
}

void EventCore::relabel(const std::vector<int>& order) {
  const std::size_t n = d_.size();
  std::vector<int> newIndex(n);
  for (std::size_t k = 0; k < n; ++k) newIndex[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
  std::vector<HotDisc> d(n);
  std::vector<ColdDisc> cold(n);
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t old = static_cast<std::size_t>(order[k]);
    d[k] = d_[old];
    if (d[k].lastPartner >= 0) d[k].lastPartner = newIndex[static_cast<std::size_t>(d[k].lastPartner)];
    cold[k] = cold_[old];
  }
  d_.swap(d);
  cold_.swap(cold);
}

void EventCore::syncState() {
  for (int k = 0; k < model_.n; ++k) {
    const HotDisc& a = d_[static_cast<std::size_t>(k)];
    const int i = cold_[static_cast<std::size_t>(k)].ext;
    state_.pos(0, i) = a.x;
    state_.pos(1, i) = a.y;
    state_.vel(0, i) = a.vx;
    state_.vel(1, i) = a.vy;
    state_.tLocal(i) = a.t;
  }
  state_.time = now_;
}

double EventCore::wallTime(int i, int k) const {
  const Wall& w = model_.walls[static_cast<std::size_t>(k)];
  const HotDisc& a = d_[static_cast<std::size_t>(i)];
  const double dt = gravity_ ? geom::discSegmentTimeAccel({a.x, a.y}, {a.vx, a.vy}, g_, a.radius, w.a, w.b)
                             : geom::discSegmentTime({a.x, a.y}, {a.vx, a.vy}, a.radius, w.a, w.b);
  if (dt == kNoContact) return kNoContact;
  const double t = a.t + dt;
  return t < now_ ? now_ : t;
}

void EventCore::advanceDisc(HotDisc& a) const {
  const double dt = now_ - a.t;
  a.x += a.vx * dt;
  a.y += a.vy * dt;
  if (gravity_) {
    a.x += 0.5 * g_.x * dt * dt;
    a.y += 0.5 * g_.y * dt * dt;
    a.vx += g_.x * dt;
    a.vy += g_.y * dt;
  }
  a.t = now_;
}

double EventCore::restitutionFor(int i, int j) {
  const double r = j >= 0 ? model_.restitution : model_.wallRestitution;
  if (model_.collapse != CollapseModel::TC || r == 1.0) return r;
  const double now = now_;
  const bool recent = now - cold_[static_cast<std::size_t>(i)].lastCollision < model_.tc ||
                      (j >= 0 && now - cold_[static_cast<std::size_t>(j)].lastCollision < model_.tc);
  if (recent) {
    ++stats_.elasticByTC;
    return 1.0;
  }
  return r;
}

bool EventCore::noteCollision(int i) {
  ColdDisc& c = cold_[static_cast<std::size_t>(i)];
  const double now = now_;
  if (now - c.lastCollision < model_.collapseAlarm) {
    if (++c.rapid >= kRapidLimit) {
      message_ = "inelastic collapse at t = " + formatShort(now) + " s: disc " + std::to_string(c.ext) + " collided " +
                 std::to_string(kRapidLimit) + " times in a row at intervals below " + formatShort(model_.collapseAlarm) +
                 " s" +
                 (model_.collapse == CollapseModel::TC ? "; raise collapse.tc"
                                                       : "; switch the TC model on (collapse.model = \"tc\")");
      return false;
    }
  } else {
    c.rapid = 0;
  }
  c.lastCollision = now;
  ++d_[static_cast<std::size_t>(i)].count;
  return true;
}

bool EventCore::collideDiscs(int i, int j) {
  HotDisc& a = d_[static_cast<std::size_t>(i)];
  HotDisc& b = d_[static_cast<std::size_t>(j)];
  advanceDisc(a);
  advanceDisc(b);
  const double r = restitutionFor(i, j);
  Vec2 va{a.vx, a.vy}, vb{b.vx, b.vy};
  const ColdDisc& ca = cold_[static_cast<std::size_t>(i)];
  const ColdDisc& cb = cold_[static_cast<std::size_t>(j)];
  const int ei = ca.ext, ej = cb.ext;
  const double ma = ca.mass, mb = cb.mass;
  const double impulse = geom::resolveDiscDisc({a.x, a.y}, va, ma, {b.x, b.y}, vb, mb, r);
  a.vx = va.x;
  a.vy = va.y;
  b.vx = vb.x;
  b.vy = vb.y;
  // Energy lost: (1 - r^2)/2 m_eff v_n^2, with v_n = J / ((1 + r) m_eff).
  const double meff = ma * mb / (ma + mb);
  const double vn = impulse / ((1.0 + r) * meff);
  stats_.energyDissipated += 0.5 * (1.0 - r * r) * meff * vn * vn;
  ++stats_.collisions;
  ++stats_.events;
  a.lastPartner = j;
  b.lastPartner = i;
  if (log_) log_->push_back(EventRecord{now_, ei < ej ? ei : ej, ei < ej ? ej : ei});
  const bool okI = noteCollision(i);
  const bool okJ = noteCollision(j);
  return okI && okJ;
}

bool EventCore::collideWall(int i, int k) {
  HotDisc& a = d_[static_cast<std::size_t>(i)];
  advanceDisc(a);
  const Wall& w = model_.walls[static_cast<std::size_t>(k)];
  const double r = restitutionFor(i, -(k + 1));
  Vec2 v{a.vx, a.vy};
  Vec2 wallVelocity{0.0, 0.0};
  const bool vibrating = model_.vibration.enabled && model_.vibration.wall == k;
  if (vibrating) {
    const double omega = 2.0 * detmath::kPi * model_.vibration.frequency;
    const double u = model_.vibration.amplitude * omega * detmath::cos(omega * now_);
    wallVelocity = u * w.normal;
  }
  const int ei = cold_[static_cast<std::size_t>(i)].ext;
  const double m = cold_[static_cast<std::size_t>(i)].mass;
  const double e0 = 0.5 * m * geom::dot(v, v);
  double lostPerMass = 0;
  const double dv = geom::resolveDiscSegment({a.x, a.y}, v, w.a, w.b, r, wallVelocity, &lostPerMass);
  a.vx = v.x;
  a.vy = v.y;
  const double lost = m * lostPerMass;
  stats_.energyDissipated += lost;
  if (vibrating) stats_.energyInjected += (0.5 * m * geom::dot(v, v) - e0) + lost;
  stats_.wallImpulse += m * dv;
  ++stats_.wallHits;
  ++stats_.events;
  a.lastPartner = -(k + 1);
  if (log_) log_->push_back(EventRecord{now_, ei, -(k + 1)});
  return noteCollision(i);
}

}  // namespace granular
