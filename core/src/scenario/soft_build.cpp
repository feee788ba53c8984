// SoftScenarioSpec -> SoftModel + SoftState: discs explicit or generated from the seed (random
// placement with a clearance, or a square lattice), material and damping constants, the fixed step
// from the Hertz contact duration. Set-ups that cannot be realised are reported, never simulated.
#include <algorithm>
#include <cmath>
#include <limits>

#include "engines/soft/contact_law.hpp"
#include "geometry/grid.hpp"
#include "granular/soft.hpp"
#include "model/soft_model.hpp"
#include "scenario/reader.hpp"
#include "util/detmath.hpp"
#include "util/json.hpp"
#include "util/rng.hpp"

namespace granular {

namespace {

using scenario_reader::index;

/// Distance from (x, y) to the domain's wall (infinite for the open plane).
double wallClearance(const SoftScenarioSpec& s, double x, double y) {
  if (s.domain == "box") return std::min(std::min(x, s.boxWidth - x), std::min(y, s.boxHeight - y));
  if (s.domain == "circle") return s.circleRadius - std::sqrt(x * x + y * y);
  return 1e300;
}

bool generate(const SoftScenarioSpec& s, Rng& rng, std::vector<SoftDiscSpec>& out, std::string& why) {
  const auto& G = s.generate;
  const int n = G.count;
  const double r = G.radius, c = G.clearance, pitch = 2 * r + c;
  out.assign(static_cast<std::size_t>(n), SoftDiscSpec{});
  // Region the centres may occupy.
  double x0, y0, x1, y1;
  if (s.domain == "box") {
    x0 = r + c; y0 = r + c; x1 = s.boxWidth - r - c; y1 = s.boxHeight - r - c;
  } else if (s.domain == "circle") {
    x0 = y0 = -(s.circleRadius - r - c);
    x1 = y1 = s.circleRadius - r - c;
  } else {
    const double side = 2.0 * std::sqrt(static_cast<double>(n)) * pitch;
    x0 = y0 = -0.5 * side;
    x1 = y1 = 0.5 * side;
  }
  if (!(x1 >= x0 && y1 >= y0)) {
    why = "a disc of radius " + formatShort(r) + " m with clearance " + formatShort(c) + " m does not fit in the domain";
    return false;
  }
  if (G.placement == "lattice") {
    int k = 0;
    for (double y = y0; y <= y1 + 1e-12 && k < n; y += pitch)
      for (double x = x0; x <= x1 + 1e-12 && k < n; x += pitch)
        if (wallClearance(s, x, y) >= r + c - 1e-12) {
          out[static_cast<std::size_t>(k)].x = x;
          out[static_cast<std::size_t>(k)].y = y;
          ++k;
        }
    if (k < n) {
      why = "a square lattice of pitch " + formatShort(pitch) + " m holds only " + std::to_string(k) + " of " +
            std::to_string(n) + " discs; use fewer or smaller discs, a smaller clearance or a larger domain";
      return false;
    }
  } else {
    // Random sequential placement jams when the exclusion discs (diameter = pitch) cover about 55 %
    // of the plane; asking for more would only exhaust the attempt budget (seconds), so say so now.
    const double area = (x1 - x0 + pitch) * (y1 - y0 + pitch), jamming = 0.547;
    const double fits = jamming * area / (0.25 * detmath::kPi * pitch * pitch);
    if (static_cast<double>(n) > fits) {
      why = "random placement cannot fit " + std::to_string(n) + " discs of radius " + formatShort(r) + " m with clearance " +
            formatShort(c) + " m here (about " + formatShort(std::floor(fits)) +
            " at most: random packings jam at 55 % coverage); use placement \"lattice\", fewer or smaller discs, a smaller "
            "clearance or a larger domain";
      return false;
    }
    GridShape shape(x0 - pitch, y0 - pitch, x1 + pitch, y1 + pitch, pitch, 4LL * n + 1024);
    BucketGrid grid(shape);
    long long budget = 2000LL * n + 100000;
    for (int i = 0; i < n; ++i) {
      for (;;) {
        if (--budget < 0) {
          why = "could place only " + std::to_string(i) + " of " + std::to_string(n) +
                " discs at random with clearance " + formatShort(c) +
                " m; use placement \"lattice\", fewer or smaller discs, a smaller clearance or a larger domain";
          return false;
        }
        const double x = rng.uniform(x0, x1), y = rng.uniform(y0, y1);
        if (wallClearance(s, x, y) < r + c) continue;
        bool free = true;
        grid.forNeighbours(x, y, [&](int j) {
          const double dx = x - out[static_cast<std::size_t>(j)].x, dy = y - out[static_cast<std::size_t>(j)].y;
          if (dx * dx + dy * dy < pitch * pitch) free = false;
        });
        if (!free) continue;
        out[static_cast<std::size_t>(i)].x = x;
        out[static_cast<std::size_t>(i)].y = y;
        grid.insert(i, x, y);
        break;
      }
    }
  }
  for (auto& d : out) {
    d.radius = r;
    d.mass = G.mass;
    d.vx = rng.uniform(-G.speed, G.speed);
    d.vy = rng.uniform(-G.speed, G.speed);
    d.spin = rng.uniform(-G.spin, G.spin);
    d.angle = rng.uniform(0.0, 2.0 * detmath::kPi);
    d.observerMass = G.observerMass;
    d.observerAlpha = G.observerAlpha;
    d.observerAngle = 0;
  }
  return true;
}

/// Explicit discs: inside the domain and not overlapping by more than kMaxSoftInitialOverlap.
void checkDiscs(const SoftScenarioSpec& s, const std::vector<SoftDiscSpec>& discs, std::vector<Issue>& errors) {
  double rmax = 0;
  for (const auto& d : discs) rmax = std::max(rmax, d.radius);
  for (std::size_t i = 0; i < discs.size(); ++i) {
    const auto& d = discs[i];
    const double depth = d.radius - wallClearance(s, d.x, d.y);
    if (depth > kMaxSoftInitialOverlap * d.radius)
      errors.push_back(Issue{index("discs", i), "(" + formatNumber(d.x) + ", " + formatNumber(d.y) + ")",
                             "reaches " + formatShort(depth) + " m into the wall (at most 10% of its radius may start in contact)"});
  }
  double xmin = 1e300, ymin = 1e300, xmax = -1e300, ymax = -1e300;
  for (const auto& d : discs) {
    xmin = std::min(xmin, d.x);
    ymin = std::min(ymin, d.y);
    xmax = std::max(xmax, d.x);
    ymax = std::max(ymax, d.y);
  }
  GridShape shape(xmin, ymin, xmax, ymax, 2 * rmax, 4LL * static_cast<long long>(discs.size()) + 1024);
  BucketGrid grid(shape);
  int reported = 0;
  for (std::size_t i = 0; i < discs.size() && reported < 20; ++i) {
    const auto& a = discs[i];
    grid.forNeighbours(a.x, a.y, [&](int j) {
      const auto& b = discs[static_cast<std::size_t>(j)];
      const double overlap = a.radius + b.radius - std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));
      if (overlap > kMaxSoftInitialOverlap * std::min(a.radius, b.radius) && reported < 20) {
        // both centres, as written, so the pair can be found in the list
        errors.push_back(Issue{index("discs", i), "(" + formatNumber(a.x) + ", " + formatNumber(a.y) + ")",
                               "overlaps discs[" + std::to_string(j) + "] = (" + formatNumber(b.x) + ", " + formatNumber(b.y) +
                                   ") by " + formatShort(overlap) + " m (at most 10% of the smaller radius)"});
        ++reported;
      }
    });
    grid.insert(static_cast<int>(i), a.x, a.y);
  }
}

DampingLaw lawOf(const std::string& name) {
  if (name == "lankarani-nikravesh") return DampingLaw::LankaraniNikravesh;
  if (name == "flores") return DampingLaw::Flores;
  if (name == "gonthier") return DampingLaw::Gonthier;
  return DampingLaw::HuntCrossley;
}

}  // namespace

bool buildSoft(const SoftScenarioSpec& s, SoftModel& m, SoftState& st, std::vector<Issue>& errors) {
  const std::size_t before = errors.size();
  std::vector<SoftDiscSpec> discs;
  if (s.explicitDiscs) {
    discs = s.discs;
    checkDiscs(s, discs, errors);
  } else {
    Rng rng(s.seed);
    std::string why;
    if (!generate(s, rng, discs, why)) errors.push_back(Issue{"generate.count", std::to_string(s.generate.count), why});
  }
  if (errors.size() != before) return false;

  const int n = static_cast<int>(discs.size());
  m.n = n;
  m.radius.resize(n);
  m.mass.resize(n);
  m.inertia.resize(n);
  m.observerMass.resize(n);
  m.observerOffset.resize(2, n);
  st.q.resize(6, n);
  m.maxRadius = 0;
  for (int i = 0; i < n; ++i) {
    const auto& d = discs[static_cast<std::size_t>(i)];
    m.radius(i) = d.radius;
    m.mass(i) = d.mass;
    m.inertia(i) = d.hasInertia ? d.inertia : s.inertiaFactor * d.mass * d.radius * d.radius;
    m.observerMass(i) = d.observerMass;
    m.observerOffset(0, i) = d.observerAlpha * d.radius * detmath::cos(d.observerAngle);
    m.observerOffset(1, i) = d.observerAlpha * d.radius * detmath::sin(d.observerAngle);
    st.q.col(i) << d.x, d.y, d.angle, d.vx, d.vy, d.spin;
    m.maxRadius = std::max(m.maxRadius, d.radius);
  }
  m.domain = s.domain == "box" ? SoftDomain::Box : s.domain == "circle" ? SoftDomain::Circle : SoftDomain::Open;
  m.width = s.boxWidth;
  m.height = s.boxHeight;
  m.circleRadius = s.circleRadius;
  m.sigma = (1 - s.poissonRatio * s.poissonRatio) / s.youngModulus;
  m.law = lawOf(s.law);
  if (m.law == DampingLaw::HuntCrossley && !s.hasRestitution) m.dampingA = 1.5 * (1 - s.cTau);
  else m.dampingA = soft::lawDamping(m.law, s.restitution);
  m.halfDiscPenetration = s.penetration == "half" ? 0.5 : 1.0;
  m.persistentSpeed = s.persistentSpeed;
  m.friction = s.friction == "coulomb" ? FrictionLaw::Coulomb : s.friction == "notebook" ? FrictionLaw::Notebook : FrictionLaw::None;
  m.mu = s.mu;
  m.muWall = s.muWall;
  m.slipSpeed = s.slipSpeed;
  m.gx = s.gravityX;
  m.gy = s.gravityY;
  m.integrator = s.integrator == "rk4" ? SoftIntegrator::Rk4 : SoftIntegrator::Dopri5;
  m.relTol = s.relTol;
  m.absTol = s.absTol;
  m.outputInterval = s.outputInterval;
  m.duration = s.duration;

  // The shortest contact: the fastest impact the energy allows (all kinetic energy, plus a fall
  // across the domain, in the lightest disc), between the two stiffest bodies.
  double energy = 0, mmin = 1e300, rmin = 1e300;
  for (int i = 0; i < n; ++i) {
    const double M = m.mass(i) + m.observerMass(i);
    const double v2 = st.q(3, i) * st.q(3, i) + st.q(4, i) * st.q(4, i);
    const double w = st.q(5, i), reach = m.observerOffset.col(i).norm();
    energy += 0.5 * M * v2 + 0.5 * (m.inertia(i) + m.observerMass(i) * reach * reach) * w * w;
    mmin = std::min(mmin, m.mass(i));
    rmin = std::min(rmin, m.radius(i));
  }
  double extent = s.domain == "box" ? std::max(s.boxWidth, s.boxHeight) : s.domain == "circle" ? 2 * s.circleRadius : 0.0;
  const double g = std::sqrt(m.gx * m.gx + m.gy * m.gy);
  const double vmax = std::sqrt(2 * energy / mmin) + std::sqrt(2 * g * extent) + m.persistentSpeed;
  const double inf = std::numeric_limits<double>::infinity();
  const double kDisc = soft::hertzStiffness(m.maxRadius, m.maxRadius, m.sigma, m.sigma);
  const double kWall = soft::hertzStiffness(m.maxRadius, m.domain == SoftDomain::Circle ? -m.circleRadius : inf, m.sigma, m.sigma);
  m.shortestContact = std::min(soft::hertzDuration(0.5 * mmin, kDisc, vmax), soft::hertzDuration(mmin, kWall, vmax));
  m.fixedStep = std::min(m.shortestContact / s.stepsPerContact, s.outputInterval);
  // Discs so light (or a material so stiff) that a contact lasts a vanishing time: the integrator
  // would crawl, or its steps would no longer move the clock. Named at the lightest disc's mass.
  if (!(m.fixedStep > 0 && s.outputInterval / m.fixedStep <= 1e9)) {
    int lightest = 0;
    for (int i = 1; i < n; ++i)
      if (m.mass(i) < m.mass(lightest)) lightest = i;
    const double mass = m.mass(lightest);
    const bool own = s.explicitDiscs && mass != s.generate.mass;
    errors.push_back(Issue{own ? index("discs", static_cast<std::size_t>(lightest)) + ".mass" : "generate.mass", formatNumber(mass),
                           "the shortest contact lasts " + formatShort(m.shortestContact) +
                               " s: more than 1e9 integration steps per output interval (" + formatNumber(s.outputInterval) +
                               " s); use heavier discs or a softer material (material.youngModulus)"});
    return false;
  }
  if (m.integrator == SoftIntegrator::Rk4 && s.duration > 0 && s.duration / m.fixedStep > 1e10)
    errors.push_back(Issue{"output.duration", formatNumber(s.duration),
                           "needs about " + formatShort(s.duration / m.fixedStep) +
                               " fixed steps (limit 1e10): shorten the run, lower stepsPerContact or soften the material"});
  st.time = 0;
  st.damping = st.friction = 0;
  st.pairs.clear();
  return errors.size() == before;
}

}  // namespace granular
