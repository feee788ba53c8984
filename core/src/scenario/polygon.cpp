#include "scenario/polygon.hpp"

#include <cmath>

#include "geometry/grid.hpp"
#include "util/json.hpp"

namespace granular {

std::vector<double> domainPolygon(const ScenarioSpec& s) {
  if (!s.isBox) return s.polygon;
  const double w = s.boxWidth, h = s.boxHeight;
  return {0.0, 0.0, w, 0.0, w, h, 0.0, h};
}

double polygonSignedArea(const std::vector<double>& xy) {
  const std::size_t n = xy.size() / 2;
  double a = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n;
    a += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
  }
  return 0.5 * a;
}

namespace {

// Discs written as touching (centres 0.4 and 0.6 m, radii 0.1 m) come out of the decimal-to-binary
// conversion overlapping by some 1e-17 m, and a disc at x = 0.9 in a 1 m box crosses its wall by as
// much: refused as "overlaps ... by 5.55112e-17 m". An overlap this far below the discs' size
// (relative 1e-12, far above a double's 1e-16) is touching; the event engine takes an approaching
// pair that touches or overlaps as colliding now (geom::discDiscTime), so it runs as written.
constexpr double kTouchRoundOff = 1e-12;

double cross(double ax, double ay, double bx, double by) { return ax * by - ay * bx; }

// Proper or touching intersection of segments p1p2 and p3p4.
bool segmentsIntersect(double x1, double y1, double x2, double y2, double x3, double y3, double x4, double y4) {
  const double d1 = cross(x4 - x3, y4 - y3, x1 - x3, y1 - y3);
  const double d2 = cross(x4 - x3, y4 - y3, x2 - x3, y2 - y3);
  const double d3 = cross(x2 - x1, y2 - y1, x3 - x1, y3 - y1);
  const double d4 = cross(x2 - x1, y2 - y1, x4 - x1, y4 - y1);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  auto onSegment = [](double ax, double ay, double bx, double by, double px, double py) {
    return std::min(ax, bx) <= px && px <= std::max(ax, bx) && std::min(ay, by) <= py && py <= std::max(ay, by);
  };
  if (d1 == 0 && onSegment(x3, y3, x4, y4, x1, y1)) return true;
  if (d2 == 0 && onSegment(x3, y3, x4, y4, x2, y2)) return true;
  if (d3 == 0 && onSegment(x1, y1, x2, y2, x3, y3)) return true;
  if (d4 == 0 && onSegment(x1, y1, x2, y2, x4, y4)) return true;
  return false;
}

}  // namespace

bool polygonIsValid(const std::vector<double>& xy, std::string& why) {
  const std::size_t n = xy.size() / 2;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n;
    if (xy[2 * i] == xy[2 * j] && xy[2 * i + 1] == xy[2 * j + 1]) {
      why = "vertices " + std::to_string(i) + " and " + std::to_string(j) + " coincide";
      return false;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t i2 = (i + 1) % n;
    for (std::size_t k = i + 1; k < n; ++k) {
      const std::size_t k2 = (k + 1) % n;
      if (k == i2 || k2 == i) continue;  // adjacent edges share a vertex
      if (segmentsIntersect(xy[2 * i], xy[2 * i + 1], xy[2 * i2], xy[2 * i2 + 1], xy[2 * k], xy[2 * k + 1], xy[2 * k2],
                            xy[2 * k2 + 1])) {
        why = "edges " + std::to_string(i) + " and " + std::to_string(k) + " cross: the polygon must be simple";
        return false;
      }
    }
  }
  if (std::fabs(polygonSignedArea(xy)) <= 0) {
    why = "has zero area";
    return false;
  }
  return true;
}

bool polygonIsConvex(const std::vector<double>& xy) {
  const std::size_t n = xy.size() / 2;
  bool left = false, right = false;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n, k = (i + 2) % n;
    const double cross = (xy[2 * j] - xy[2 * i]) * (xy[2 * k + 1] - xy[2 * j + 1]) -
                         (xy[2 * j + 1] - xy[2 * i + 1]) * (xy[2 * k] - xy[2 * j]);
    if (cross > 0) left = true;
    if (cross < 0) right = true;
  }
  return !(left && right);
}

std::vector<Wall> makeWalls(const std::vector<double>& xy) {
  const std::size_t n = xy.size() / 2;
  const double orientation = polygonSignedArea(xy) > 0 ? 1.0 : -1.0;
  std::vector<Wall> walls(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n;
    Wall& w = walls[i];
    w.a = {xy[2 * i], xy[2 * i + 1]};
    w.b = {xy[2 * j], xy[2 * j + 1]};
    const geom::Vec2 e = w.b - w.a;
    w.length = std::sqrt(geom::dot(e, e));
    // Counter-clockwise polygon: the interior is on the left of each edge.
    w.normal = {-orientation * e.y / w.length, orientation * e.x / w.length};
  }
  return walls;
}

bool insidePolygon(const std::vector<double>& xy, double x, double y) {
  const std::size_t n = xy.size() / 2;
  bool inside = false;
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    const double xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
    if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

double distanceToWalls(const std::vector<Wall>& walls, double x, double y) {
  double best = std::numeric_limits<double>::infinity();
  const geom::Vec2 p{x, y};
  for (const Wall& w : walls) {
    const geom::Vec2 d = p - geom::closestPointOnSegment(p, w.a, w.b);
    best = std::min(best, std::sqrt(geom::dot(d, d)));
  }
  return best;
}

void checkExplicitDiscs(const ScenarioSpec& s, std::vector<Issue>& errors) {
  const std::vector<double> poly = domainPolygon(s);
  const std::vector<Wall> walls = makeWalls(poly);
  const std::size_t n = s.discs.size();
  int outside = 0, overlapping = 0;
  const int cap = 20;
  double discArea = 0, rmax = 0;
  double xmin = poly[0], xmax = poly[0], ymin = poly[1], ymax = poly[1];
  for (std::size_t i = 0; i < poly.size(); i += 2) {
    xmin = std::min(xmin, poly[i]);
    xmax = std::max(xmax, poly[i]);
    ymin = std::min(ymin, poly[i + 1]);
    ymax = std::max(ymax, poly[i + 1]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    const DiscSpec& d = s.discs[i];
    discArea += 3.141592653589793 * d.radius * d.radius;
    rmax = std::max(rmax, d.radius);
    const std::string path = "discs[" + std::to_string(i) + "]";
    if (!insidePolygon(poly, d.x, d.y)) {
      if (outside++ < cap)
        errors.push_back(Issue{path, "(" + formatNumber(d.x) + ", " + formatNumber(d.y) + ")", "centre lies outside the domain"});
      continue;
    }
    const double gap = distanceToWalls(walls, d.x, d.y) - d.radius;
    if (gap < -kTouchRoundOff * d.radius) {
      if (outside++ < cap)
        errors.push_back(Issue{path, "(" + formatNumber(d.x) + ", " + formatNumber(d.y) + ")",
                               "crosses a wall by " + formatShort(-gap) + " m (radius " + formatNumber(d.radius) + " m)"});
    }
  }
  if (outside > cap)
    errors.push_back(Issue{"discs", "", std::to_string(outside - cap) + " more discs lie outside the domain or cross a wall"});
  double rmin = rmax;
  for (const DiscSpec& d : s.discs) rmin = std::min(rmin, d.radius);
  if (rmax > kMaxRadiusRatio * rmin) {
    errors.push_back(Issue{"discs", formatShort(rmax / rmin) + " (largest / smallest radius)",
                           "radii may differ by a factor of at most " + formatNumber(kMaxRadiusRatio) +
                               " (the cell grid is sized by the largest disc)"});
    return;
  }
  const double area = std::fabs(polygonSignedArea(poly));
  if (discArea > kMaxAreaFraction * area) {
    errors.push_back(Issue{"discs", formatShort(discArea / area) + " area fraction",
                           "the discs cover more than the densest packing (0.9069) of the domain: they cannot fit"});
    return;  // the overlap search below would only list the consequences
  }
  GridShape shape(xmin, ymin, xmax, ymax, 2.0 * rmax, 4LL * static_cast<long long>(n) + 1024);
  BucketGrid grid(shape);
  for (std::size_t i = 0; i < n; ++i) {
    const DiscSpec& d = s.discs[i];
    grid.forNeighbours(d.x, d.y, [&](int j) {
      const DiscSpec& e = s.discs[static_cast<std::size_t>(j)];
      const double dx = d.x - e.x, dy = d.y - e.y, sigma = d.radius + e.radius;
      const double dist2 = dx * dx + dy * dy;
      if (dist2 < sigma * sigma * (1 - 2 * kTouchRoundOff)) {
        if (overlapping++ < cap) {
          const double depth = sigma - std::sqrt(dist2);
          // both centres, as written, so the pair can be found in the list
          errors.push_back(Issue{"discs[" + std::to_string(i) + "]", "(" + formatNumber(d.x) + ", " + formatNumber(d.y) + ")",
                                 "overlaps discs[" + std::to_string(j) + "] = (" + formatNumber(e.x) + ", " + formatNumber(e.y) +
                                     ") by " + formatShort(depth) + " m (radii " + formatNumber(d.radius) + " and " +
                                     formatNumber(e.radius) + " m)"});
        }
      }
    });
    grid.insert(static_cast<int>(i), d.x, d.y);
  }
  if (overlapping > cap) errors.push_back(Issue{"discs", "", std::to_string(overlapping - cap) + " more overlapping pairs"});
}

}  // namespace granular
