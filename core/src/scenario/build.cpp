// ScenarioSpec -> Model + State: walls from the domain polygon, discs explicit or generated from the
// seed (random sequential placement or a jittered hexagonal lattice), masses, velocities, and the
// derived constants of the collapse remedy. Everything random comes from one Rng seeded by the
// scenario, drawn in a fixed order, with no libm transcendentals: the same seed gives the same bits
// natively and in WebAssembly.
#include <algorithm>
#include <cmath>

#include "geometry/grid.hpp"
#include "granular/scenario.hpp"
#include "model/model.hpp"
#include "scenario/polygon.hpp"
#include "state/state.hpp"
#include "util/json.hpp"
#include "util/rng.hpp"

namespace granular {

namespace {

constexpr double kPi = 3.141592653589793;
constexpr double kSqrt3 = 1.7320508075688772;

struct Placed {
  std::vector<double> x, y;
};

bool fitsInDomain(const Model& m, const std::vector<double>& poly, bool isBox, double x, double y, double r) {
  if (isBox) return x >= m.xmin + r && x <= m.xmax - r && y >= m.ymin + r && y <= m.ymax - r;
  return insidePolygon(poly, x, y) && distanceToWalls(m.walls, x, y) >= r;
}

bool placeRandom(const Model& m, const std::vector<double>& poly, bool isBox, const std::vector<double>& radius, Rng& rng,
                 Placed& out, std::string& why) {
  const std::size_t n = radius.size();
  GridShape shape(m.xmin, m.ymin, m.xmax, m.ymax, 2.0 * m.maxRadius, 4LL * static_cast<long long>(n) + 1024);
  BucketGrid grid(shape);
  out.x.assign(n, 0.0);
  out.y.assign(n, 0.0);
  long long budget = 2000LL * static_cast<long long>(n) + 100000;
  for (std::size_t i = 0; i < n; ++i) {
    const double r = radius[i];
    bool placed = false;
    while (!placed) {
      if (--budget < 0) {
        why = "could place only " + std::to_string(i) + " of " + std::to_string(n) +
              " discs at random; use placement \"lattice\", fewer or smaller discs, or a larger domain";
        return false;
      }
      const double x = rng.uniform(m.xmin + r, m.xmax - r);
      const double y = rng.uniform(m.ymin + r, m.ymax - r);
      if (!fitsInDomain(m, poly, isBox, x, y, r)) continue;
      bool free = true;
      grid.forNeighbours(x, y, [&](int j) {
        const double dx = x - out.x[static_cast<std::size_t>(j)], dy = y - out.y[static_cast<std::size_t>(j)];
        const double s = r + radius[static_cast<std::size_t>(j)];
        if (dx * dx + dy * dy < s * s) free = false;
      });
      if (!free) continue;
      out.x[i] = x;
      out.y[i] = y;
      grid.insert(static_cast<int>(i), x, y);
      placed = true;
    }
  }
  return true;
}

bool placeLattice(const Model& m, const std::vector<double>& poly, bool isBox, std::size_t n, Rng& rng, Placed& out,
                  std::string& why) {
  const double rmax = m.maxRadius;
  const double minSpacing = 2.0 * rmax * (1.0 + 1e-9);
  double spacing = std::max(minSpacing, std::sqrt(2.0 * m.area / (kSqrt3 * static_cast<double>(n))));
  std::vector<double> sx, sy;
  double jitter = 0;
  while (true) {
    jitter = 0.45 * (spacing - 2.0 * rmax);
    const double margin = rmax + jitter;
    const double rowHeight = spacing * kSqrt3 / 2.0;
    sx.clear();
    sy.clear();
    long long examined = 0;
    for (int row = 0;; ++row) {
      const double y = m.ymin + margin + row * rowHeight;
      if (y > m.ymax - margin) break;
      const double offset = (row % 2) ? spacing / 2.0 : 0.0;
      for (int col = 0;; ++col) {
        const double x = m.xmin + margin + offset + col * spacing;
        if (x > m.xmax - margin) break;
        if (++examined > 50000000LL) {
          why = "the domain's bounding box is too large for a lattice of this spacing; use placement \"random\"";
          return false;
        }
        if (fitsInDomain(m, poly, isBox, x, y, margin)) {
          sx.push_back(x);
          sy.push_back(y);
        }
      }
      if (sx.size() > 4 * n + 1000000) break;  // far more than needed
    }
    if (sx.size() >= n) break;
    if (spacing <= minSpacing) {
      why = "only " + std::to_string(sx.size()) + " discs of radius " + formatNumber(rmax) +
            " m fit in this domain on a lattice, not " + std::to_string(n);
      return false;
    }
    spacing = std::max(minSpacing, spacing * 0.97);
  }
  // Choose n of the sites at random (partial Fisher-Yates), then jitter each inside its free gap.
  std::vector<std::size_t> order(sx.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = i + static_cast<std::size_t>(rng.below(order.size() - i));
    std::swap(order[i], order[j]);
  }
  std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n));  // keep a spatial order
  out.x.resize(n);
  out.y.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    double dx = 0, dy = 0;
    if (jitter > 0) {
      do {
        dx = rng.uniform(-1.0, 1.0);
        dy = rng.uniform(-1.0, 1.0);
      } while (dx * dx + dy * dy > 1.0);
    }
    out.x[i] = sx[order[i]] + jitter * dx;
    out.y[i] = sy[order[i]] + jitter * dy;
  }
  return true;
}

}  // namespace

bool buildInitial(const ScenarioSpec& s, Model& m, State& st, std::vector<Issue>& errors) {
  const std::vector<double> poly = domainPolygon(s);
  m = Model{};
  m.walls = makeWalls(poly);
  m.xmin = m.xmax = poly[0];
  m.ymin = m.ymax = poly[1];
  for (std::size_t i = 0; i < poly.size(); i += 2) {
    m.xmin = std::min(m.xmin, poly[i]);
    m.xmax = std::max(m.xmax, poly[i]);
    m.ymin = std::min(m.ymin, poly[i + 1]);
    m.ymax = std::max(m.ymax, poly[i + 1]);
  }
  m.area = std::fabs(polygonSignedArea(poly));
  for (const Wall& w : m.walls) m.perimeter += w.length;
  m.restitution = s.restitution;
  m.wallRestitution = s.hasWallRestitution ? s.wallRestitution : s.restitution;
  m.gx = s.gravityX;
  m.gy = s.gravityY;
  m.collapse = s.collapseModel == "none" ? CollapseModel::None : CollapseModel::TC;
  m.vibration.enabled = s.vibration.enabled;
  m.vibration.wall = s.vibration.wall;
  m.vibration.amplitude = s.vibration.amplitude;
  m.vibration.frequency = s.vibration.frequency;
  m.outputInterval = s.output.interval;
  m.duration = s.output.duration;
  m.histogramBins = s.output.histogramBins;

  Rng rng(s.seed);
  std::vector<double> radius, mass, x, y, vx, vy;
  if (s.explicitDiscs) {
    for (const DiscSpec& d : s.discs) {
      radius.push_back(d.radius);
      mass.push_back(d.mass);
      x.push_back(d.x);
      y.push_back(d.y);
      vx.push_back(d.vx);
      vy.push_back(d.vy);
    }
  } else {
    const auto& G = s.generate;
    const std::size_t n = static_cast<std::size_t>(G.count);
    radius.resize(n);
    for (std::size_t i = 0; i < n; ++i) radius[i] = G.hasRadiusMax ? rng.uniform(G.radius, G.radiusMax) : G.radius;
    double discArea = 0;
    for (double r : radius) discArea += kPi * r * r;
    if (G.hasAreaFraction) {
      const double scale = std::sqrt(G.areaFraction * m.area / discArea);
      for (double& r : radius) r *= scale;
      discArea = G.areaFraction * m.area;
    }
    const double fraction = discArea / m.area;
    const bool lattice = G.placement == "lattice";
    // Random sequential placement succeeds far more often with the large discs placed first.
    if (!lattice) std::sort(radius.begin(), radius.end(), [](double a, double b) { return a > b; });
    const double limit = lattice ? kMaxLatticeAreaFraction : kMaxRandomAreaFraction;
    if (fraction > limit) {
      errors.push_back(Issue{"generate.count", std::to_string(G.count),
                             "the discs would cover an area fraction of " + formatShort(fraction) + ", above " +
                                 formatNumber(limit) + " for " + G.placement + " placement; use " +
                                 (lattice ? "" : "placement \"lattice\", ") + "fewer or smaller discs, or a larger domain"});
      return false;
    }
    m.maxRadius = *std::max_element(radius.begin(), radius.end());
    Placed placed;
    std::string why;
    const bool ok = lattice ? placeLattice(m, poly, s.isBox, n, rng, placed, why)
                            : placeRandom(m, poly, s.isBox, radius, rng, placed, why);
    if (!ok) {
      errors.push_back(Issue{"generate", "", why});
      return false;
    }
    x = placed.x;
    y = placed.y;
    mass.resize(n);
    for (std::size_t i = 0; i < n; ++i) mass[i] = G.density * kPi * radius[i] * radius[i];
    vx.assign(n, 0.0);
    vy.assign(n, 0.0);
    if (G.velocities == "fixed") {
      for (std::size_t i = 0; i < n; ++i) {
        double ux, uy;
        rng.unitVector(ux, uy);
        vx[i] = G.speed * ux;
        vy[i] = G.speed * uy;
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) rng.normalPair(vx[i], vy[i]);
      if (n > 1) {
        double px = 0, py = 0, mt = 0;
        for (std::size_t i = 0; i < n; ++i) {
          px += mass[i] * vx[i];
          py += mass[i] * vy[i];
          mt += mass[i];
        }
        for (std::size_t i = 0; i < n; ++i) {
          vx[i] -= px / mt;
          vy[i] -= py / mt;
        }
      }
      double v2 = 0;
      for (std::size_t i = 0; i < n; ++i) v2 += vx[i] * vx[i] + vy[i] * vy[i];
      const double scale = v2 > 0 ? G.speed / std::sqrt(v2 / static_cast<double>(n)) : 0.0;
      for (std::size_t i = 0; i < n; ++i) {
        vx[i] *= scale;
        vy[i] *= scale;
      }
    }
  }

  const int n = static_cast<int>(radius.size());
  m.n = n;
  m.radius.resize(n);
  m.mass.resize(n);
  st.resize(n);
  m.maxRadius = 0;
  for (int i = 0; i < n; ++i) {
    const std::size_t k = static_cast<std::size_t>(i);
    m.radius(i) = radius[k];
    m.mass(i) = mass[k];
    m.maxRadius = std::max(m.maxRadius, radius[k]);
    st.pos(0, i) = x[k];
    st.pos(1, i) = y[k];
    st.vel(0, i) = vx[k];
    st.vel(1, i) = vy[k];
  }
  st.time = 0;
  const double scale = naturalTimeScale(m.radius, st.vel);
  m.tc = s.hasTc ? s.tc : 1e-4 * scale;
  m.collapseAlarm = 1e-9 * scale;
  return true;
}

std::vector<Issue> checkScenario(const std::string& json, ScenarioSpec* spec) {
  ScenarioSpec local;
  ScenarioSpec& s = spec ? *spec : local;
  std::vector<Issue> errors;
  if (readScenario(json, s, errors)) {
    Model model;
    State state;
    buildInitial(s, model, state, errors);
  }
  return errors;
}

std::string validateScenarioJson(const std::string& json) {
  ScenarioSpec spec;
  const std::vector<Issue> errors = checkScenario(json, &spec);
  return validationReportJson(errors, &spec);
}

}  // namespace granular
