// Pure geometry of discs and wall segments: times of impact and contact normals.
//
// Every function here is a pure function of its arguments, shared by the engines and exposed to
// JavaScript as the granular-gas exercise functions. Times are relative to "now" (the instant the
// positions refer to). The conventions are the exercise's: no contact, or a contact in the past,
// gives kNoContact (= DBL_MAX, JavaScript's Number.MAX_VALUE); two discs that touch or overlap
// while approaching give 0.
//
// Numerics: the smaller root of |dr + dv t|^2 = sigma^2 is computed as c / (-b + sqrt(b^2 - v^2 c)),
// the cancellation-free form; only + - * / sqrt are used, so results are bit-identical natively and
// in WebAssembly.
#pragma once

#include <cmath>
#include <limits>

namespace granular::geom {

constexpr double kNoContact = std::numeric_limits<double>::max();

struct Vec2 {
  double x = 0, y = 0;
};

inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator*(double s, Vec2 a) { return {s * a.x, s * a.y}; }
inline double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

/// Time until two discs at relative position dr = r2 - r1 with relative velocity dv = v2 - v1
/// come to centre distance sigma = R1 + R2. kNoContact when receding or missing; 0 when already
/// touching or overlapping and approaching. (Inline: it is the engines' innermost loop.)
inline double discDiscTime(Vec2 dr, Vec2 dv, double sigma) {
  const double b = dot(dr, dv);
  if (b >= 0) return kNoContact;  // receding, or moving together
  const double c = dot(dr, dr) - sigma * sigma;
  if (c <= 0) return 0.0;  // touching or overlapping while approaching: contact now
  const double vv = dot(dv, dv);
  const double disc = b * b - vv * c;
  if (disc < 0) return kNoContact;  // passes by
  return c / (-b + std::sqrt(disc));
}

/// Time until a disc (centre p, velocity v, radius R) touches a fixed point q.
inline double discPointTime(Vec2 p, Vec2 v, double radius, Vec2 q) { return discDiscTime(q - p, -1.0 * v, radius); }

/// Time until a disc touches the wall segment [a, b]: either its face (the disc touches the
/// segment's line at a point between a and b) or one of its end points. The segment is two-sided:
/// the disc is reflected on whichever side it is. kNoContact if it never touches.
double discSegmentTime(Vec2 p, Vec2 v, double radius, Vec2 a, Vec2 b);

/// The same under a constant acceleration g (gravity): the disc's centre follows p + v t + g t^2/2.
/// Faces only (inside a convex domain a disc meets a face before any end point): the first root of
/// the quadratic gap(t) = 0 on the approaching side, 0 when touching while approaching (or at rest
/// and pulled towards the wall), and the return time when touching and moving away while g pulls
/// the disc back. kNoContact if the face is never met. Only + - * / sqrt.
double discSegmentTimeAccel(Vec2 p, Vec2 v, Vec2 g, double radius, Vec2 a, Vec2 b);

/// Closest point of segment [a, b] to p.
Vec2 closestPointOnSegment(Vec2 p, Vec2 a, Vec2 b);

/// Post-collision velocities of two discs (masses m1, m2) at contact, with normal restitution r:
/// momentum is conserved and (v1' - v2').n = -r (v1 - v2).n along n = (p2 - p1)/|p2 - p1|.
/// Receding or coincident discs are left unchanged. Returns the normal impulse magnitude (>= 0).
double resolveDiscDisc(Vec2 p1, Vec2& v1, double m1, Vec2 p2, Vec2& v2, double m2, double r);

/// Post-collision velocity of a disc on a wall segment of infinite mass, normal along the line
/// from the closest point of the segment to the centre; wallVelocity is the wall's velocity (zero
/// for a wall at rest). If the wall recedes faster than the disc approaches, the disc is reflected
/// as from a wall at rest; if a receding wall leaves the disc still moving into the wall's (fixed)
/// position, the disc is reflected once more, as from a wall at rest, so that it always leaves the
/// wall. Returns the change of normal velocity (>= 0), i.e. impulse per unit mass; `lostPerMass`
/// receives the kinetic energy dissipated per unit mass, (1 - r^2)/2 times the squared approach
/// speeds of the hits.
double resolveDiscSegment(Vec2 p, Vec2& v, Vec2 a, Vec2 b, double r, Vec2 wallVelocity, double* lostPerMass = nullptr);

}  // namespace granular::geom
