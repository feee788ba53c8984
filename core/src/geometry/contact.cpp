#include "geometry/contact.hpp"

#include <cmath>

namespace granular::geom {

Vec2 closestPointOnSegment(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 e = b - a;
  const double ee = dot(e, e);
  if (ee == 0) return a;
  double u = dot(p - a, e) / ee;
  if (u < 0) u = 0;
  if (u > 1) u = 1;
  return a + u * e;
}

double discSegmentTime(Vec2 p, Vec2 v, double radius, Vec2 a, Vec2 b) {
  const Vec2 e = b - a;
  const double ee = dot(e, e);
  if (ee == 0) return discPointTime(p, v, radius, a);
  // Face: signed distance h to the line along the unit normal towards the disc.
  const double len = std::sqrt(ee);
  Vec2 n{-e.y / len, e.x / len};
  double h = dot(p - a, n);
  if (h < 0) {
    n = -1.0 * n;
    h = -h;
  }
  double best = kNoContact;
  const double vn = dot(v, n);
  if (vn < 0) {
    const double t = h <= radius ? 0.0 : (h - radius) / (-vn);
    const Vec2 q = p + t * v;
    const double u = dot(q - a, e) / ee;
    if (u >= 0 && u <= 1) best = t;
  }
  // End points (the only contacts when the face is missed; never earlier than a face contact).
  const double ta = discPointTime(p, v, radius, a);
  const double tb = discPointTime(p, v, radius, b);
  if (ta < best) best = ta;
  if (tb < best) best = tb;
  return best;
}

double discSegmentTimeAccel(Vec2 p, Vec2 v, Vec2 g, double radius, Vec2 a, Vec2 b) {
  const Vec2 e = b - a;
  const double ee = dot(e, e);
  if (ee == 0) return kNoContact;
  const double len = std::sqrt(ee);
  Vec2 n{-e.y / len, e.x / len};
  double h = dot(p - a, n);
  if (h < 0) {
    n = -1.0 * n;
    h = -h;
  }
  // gap(t) = s + vn t + an t^2 / 2 along the normal towards the disc
  const double s = h > radius ? h - radius : 0.0;
  const double vn = dot(v, n), an = dot(g, n);
  double t;
  if (s == 0) {
    if (vn < 0 || (vn == 0 && an < 0)) t = 0.0;  // touching and approaching, or resting and pulled in
    else if (an < 0) t = -2.0 * vn / an;         // leaving, pulled back: it returns
    else return kNoContact;
  } else if (an == 0) {
    if (vn >= 0) return kNoContact;
    t = s / -vn;
  } else {
    const double disc = vn * vn - 2.0 * an * s;
    if (disc < 0) return kNoContact;  // turns back before it reaches the wall
    const double root = std::sqrt(disc);
    if (vn < 0) t = 2.0 * s / (root - vn);  // the smaller positive root, without cancellation
    else if (an < 0) t = (vn + root) / -an;  // moving away now, pulled back later
    else return kNoContact;
  }
  const Vec2 q = p + t * v + (0.5 * t * t) * g;
  const double u = dot(q - a, e) / ee;
  return u >= 0 && u <= 1 ? t : kNoContact;
}

double resolveDiscDisc(Vec2 p1, Vec2& v1, double m1, Vec2 p2, Vec2& v2, double m2, double r) {
  const Vec2 d = p2 - p1;
  const double dd = dot(d, d);
  if (dd == 0) return 0.0;
  const double len = std::sqrt(dd);
  const Vec2 n{d.x / len, d.y / len};
  const double vn = dot(v1 - v2, n);  // approach speed (> 0 when approaching)
  if (vn <= 0) return 0.0;
  const double meff = (m1 * m2) / (m1 + m2);
  const double j = (1.0 + r) * meff * vn;
  v1 = v1 - (j / m1) * n;
  v2 = v2 + (j / m2) * n;
  return j;
}

double resolveDiscSegment(Vec2 p, Vec2& v, Vec2 a, Vec2 b, double r, Vec2 wallVelocity, double* lostPerMass) {
  const Vec2 q = closestPointOnSegment(p, a, b);
  const Vec2 d = p - q;
  const double dd = dot(d, d);
  if (dd == 0) return 0.0;
  const double len = std::sqrt(dd);
  const Vec2 n{d.x / len, d.y / len};             // from the wall to the disc
  double rel = dot(v - wallVelocity, n);          // normal velocity relative to the wall
  if (rel >= 0) {
    rel = dot(v, n);  // the wall recedes faster than the disc approaches: reflect as from rest
    if (rel >= 0) return 0.0;
  }
  double dv = -(1.0 + r) * rel;
  double lost = 0.5 * (1.0 - r * r) * rel * rel;
  v = v + dv * n;
  // The wall stays at its mean position (small-amplitude limit). Hit while receding faster than
  // r times the approach speed, a disc leaves the law above still moving into that position
  // (v.n = u + r |rel| < 0), and nothing stopped it from crossing the wall. The moving wall would
  // meet it again at once, now receding faster than the disc: that second hit is the one from a
  // wall at rest, as above, and the disc leaves the wall.
  const double out = dot(v, n);
  if (out < 0) {
    const double dv2 = -(1.0 + r) * out;
    v = v + dv2 * n;
    dv += dv2;
    lost += 0.5 * (1.0 - r * r) * out * out;
  }
  if (lostPerMass) *lostPerMass = lost;
  return dv;
}

}  // namespace granular::geom
