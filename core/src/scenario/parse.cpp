// JSON text -> ScenarioSpec with every problem reported (field path, value, rule), and back.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>

#include "granular/scenario.hpp"
#include "scenario/polygon.hpp"
#include "scenario/reader.hpp"
#include "util/json.hpp"

namespace granular {

std::string Issue::text() const {
  if (path.empty()) return message;
  if (value.empty()) return path + ": " + message;
  return path + " = " + value + ": " + message;
}

namespace {

using namespace scenario_reader;

void readDomain(Reader& rd, const Json& root, ScenarioSpec& s) {
  const Json* domain = rd.object(root, "", "domain");
  if (!domain) return;
  rd.keys(*domain, "domain", {"box", "polygon"});
  const Json* box = domain->find("box");
  const Json* poly = domain->find("polygon");
  if (box && poly) {
    rd.error("domain", "", "give either \"box\" or \"polygon\", not both");
    return;
  }
  if (poly) {
    if (!poly->isArray()) {
      rd.error("domain.polygon", poly, "must be an array of [x, y] vertices");
      return;
    }
    const auto& items = poly->items();
    if (items.size() < 3 || items.size() > static_cast<std::size_t>(kMaxPolygonVertices)) {
      rd.error("domain.polygon", std::to_string(items.size()) + " vertices",
               "must have between 3 and " + std::to_string(kMaxPolygonVertices) + " vertices");
      return;
    }
    std::vector<double> xy;
    bool ok = true;
    for (std::size_t i = 0; i < items.size(); ++i) {
      const Json& p = items[i];
      std::string path = index("domain.polygon", i);
      if (!p.isArray() || p.items().size() != 2) {
        rd.error(path, &p, "must be a pair [x, y]");
        ok = false;
        continue;
      }
      for (int c = 0; c < 2; ++c) {
        double x;
        if (!rd.numberValue(p.items()[static_cast<std::size_t>(c)], index(path, static_cast<std::size_t>(c)), x)) {
          ok = false;
        } else if (!rd.rule(std::fabs(x) <= 1e6, index(path, static_cast<std::size_t>(c)), x, "must lie within ±1e6 m")) {
          ok = false;
        } else {
          xy.push_back(x);
        }
      }
    }
    if (!ok) return;
    std::string why;
    if (!polygonIsValid(xy, why)) {
      rd.error("domain.polygon", poly, why);
      return;
    }
    s.isBox = false;
    s.polygon = xy;
    return;
  }
  if (box) {
    if (!box->isObject()) {
      rd.error("domain.box", box, "must be an object {\"width\", \"height\"}");
      return;
    }
    rd.keys(*box, "domain.box", {"width", "height"});
    double w = s.boxWidth, h = s.boxHeight;
    if (rd.number(*box, "domain.box", "width", w)) {
      if (rd.rule(w > 0 && w <= 1e6, "domain.box.width", w, "must be > 0 and <= 1e6 m")) s.boxWidth = w;
    }
    if (rd.number(*box, "domain.box", "height", h)) {
      if (rd.rule(h > 0 && h <= 1e6, "domain.box.height", h, "must be > 0 and <= 1e6 m")) s.boxHeight = h;
    }
    s.isBox = true;
  }
}

constexpr double kPi = 3.141592653589793;

/// The domain's size: the longer side of its bounding box (m).
double domainExtent(const ScenarioSpec& s) {
  if (s.isBox) return std::max(s.boxWidth, s.boxHeight);
  double x0 = s.polygon[0], x1 = x0, y0 = s.polygon[1], y1 = y0;
  for (std::size_t i = 0; i + 1 < s.polygon.size(); i += 2) {
    x0 = std::min(x0, s.polygon[i]);
    x1 = std::max(x1, s.polygon[i]);
    y0 = std::min(y0, s.polygon[i + 1]);
    y1 = std::max(y1, s.polygon[i + 1]);
  }
  return std::max(x1 - x0, y1 - y0);
}

/// A disc's mass from its radius and the density, π r² ρ, must be a number the engine can compute
/// with: reported at the factor further below its default (radius 0.01 m, density 1 kg/m^2), the
/// other named in the message.
bool checkDerivedMass(Reader& rd, const std::string& radiusPath, double r, double density, const std::string& what) {
  const double mass = density * kPi * r * r;
  if (derivedInRange(mass)) return true;
  const std::string tail = ": too small to compute with; use larger or denser discs";
  if (r * r / 1e-4 <= density)
    rd.error(radiusPath, num(r), what + " mass π r² ρ " + derivedOutOfRange(mass, "kg") + " (ρ = generate.density = " +
                                     num(density) + " kg/m^2)" + tail);
  else
    rd.error("generate.density", num(density), what + " mass π r² ρ " + derivedOutOfRange(mass, "kg") + " (r = " +
                                                   radiusPath + " = " + num(r) + " m)" + tail);
  return false;
}

void readDiscs(Reader& rd, const Json& discs, ScenarioSpec& s, double density) {
  if (!discs.isArray()) {
    rd.error("discs", &discs, "must be an array of discs");
    return;
  }
  const auto& items = discs.items();
  if (items.empty() || items.size() > static_cast<std::size_t>(kMaxDiscs)) {
    rd.error("discs", std::to_string(items.size()) + " discs", "must hold between 1 and " + formatCount(kMaxDiscs) + " discs");
    return;
  }
  s.explicitDiscs = true;
  s.discs.assign(items.size(), DiscSpec{});
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Json& d = items[i];
    std::string path = index("discs", i);
    if (!d.isObject()) {
      rd.error(path, &d, "must be an object {\"x\", \"y\", \"vx\", \"vy\", \"radius\", \"mass\"}");
      continue;
    }
    rd.keys(d, path, {"x", "y", "vx", "vy", "radius", "mass"});
    DiscSpec& disc = s.discs[i];
    for (const char* key : {"x", "y", "radius"}) {
      if (!d.find(key)) rd.error(join(path, key), "", "is required");
    }
    double v;
    if (rd.number(d, path, "x", v) && rd.rule(std::fabs(v) <= 1e6, join(path, "x"), v, "must lie within ±1e6 m")) disc.x = v;
    if (rd.number(d, path, "y", v) && rd.rule(std::fabs(v) <= 1e6, join(path, "y"), v, "must lie within ±1e6 m")) disc.y = v;
    if (rd.number(d, path, "vx", v) && rd.rule(std::fabs(v) <= 1e6, join(path, "vx"), v, "must be within ±1e6 m/s")) disc.vx = v;
    if (rd.number(d, path, "vy", v) && rd.rule(std::fabs(v) <= 1e6, join(path, "vy"), v, "must be within ±1e6 m/s")) disc.vy = v;
    if (rd.number(d, path, "radius", v) && rd.rule(v > 0, join(path, "radius"), v, "must be > 0 m") && rd.rule(v <= 1e6, join(path, "radius"), v, "must be at most 1e6 m")) disc.radius = v;
    disc.mass = density * 3.141592653589793 * disc.radius * disc.radius;
    if (rd.number(d, path, "mass", v) && rd.rule(v > 0, join(path, "mass"), v, "must be > 0 kg") &&
        rd.rule(v >= kMinDerived, join(path, "mass"), v, "must be at least 1e-100 kg: too small to compute with") &&
        rd.rule(v <= 1e12, join(path, "mass"), v, "must be at most 1e12 kg"))
      disc.mass = v;
  }
}

void readGenerate(Reader& rd, const Json& g, ScenarioSpec& s) {
  const std::string p = "generate";
  rd.keys(g, p, {"count", "radius", "radiusMax", "areaFraction", "density", "speed", "velocities", "placement"});
  auto& G = s.generate;
  double v;
  if (rd.integer(g, p, "count", v) &&
      rd.rule(v >= 1 && v <= kMaxDiscs, "generate.count", v, "must be between 1 and " + formatCount(kMaxDiscs)))
    G.count = static_cast<int>(v);
  if (rd.number(g, p, "radius", v) && rd.rule(v > 0, "generate.radius", v, "must be > 0 m") && rd.rule(v <= 1e6, "generate.radius", v, "must be at most 1e6 m")) G.radius = v;
  bool present = false;
  if (rd.nullableNumber(g, p, "radiusMax", present, v)) {
    if (!present) G.hasRadiusMax = false;
    else if (rd.rule(v >= G.radius && v <= kMaxRadiusRatio * G.radius, "generate.radiusMax", v,
                     "must lie between generate.radius (" + num(G.radius) + ") and " + num(kMaxRadiusRatio) +
                         " times it")) {
      G.hasRadiusMax = true;
      G.radiusMax = v;
    }
  }
  if (rd.nullableNumber(g, p, "areaFraction", present, v)) {
    if (!present) G.hasAreaFraction = false;
    else if (rd.rule(v > 0 && v <= kMaxLatticeAreaFraction, "generate.areaFraction", v,
                     "must be > 0 and <= " + num(kMaxLatticeAreaFraction))) {
      G.hasAreaFraction = true;
      G.areaFraction = v;
    }
  }
  if (rd.number(g, p, "density", v) && rd.rule(v > 0, "generate.density", v, "must be > 0 kg/m^2") && rd.rule(v <= 1e12, "generate.density", v, "must be at most 1e12 kg/m^2")) G.density = v;
  if (rd.number(g, p, "speed", v) && rd.rule(v >= 0 && v <= 1e6, "generate.speed", v, "must be >= 0 and <= 1e6 m/s")) G.speed = v;
  rd.choice(g, p, "velocities", G.velocities, {"maxwell", "fixed"});
  rd.choice(g, p, "placement", G.placement, {"random", "lattice"});
}

}  // namespace

bool readScenario(const std::string& text, ScenarioSpec& s, std::vector<Issue>& errors) {
  s = defaultScenario();
  const std::size_t before = errors.size();
  Json root;
  if (!readRoot(text, root, errors)) return false;
  Reader rd(errors);
  rd.keys(root, "", {"schema", "name", "notes", "engine", "seed", "domain", "discs", "generate", "restitution",
                     "wallRestitution", "gravity", "collapse", "vibration", "output"});
  readHeader(rd, root, s.name, s.notes, s.seed);
  rd.choice(root, "", "engine", s.engine, {"event"});
  double v;

  readDomain(rd, root, s);

  if (const Json* g = rd.object(root, "", "generate")) readGenerate(rd, *g, s);
  if (const Json* d = root.find("discs")) readDiscs(rd, *d, s, s.generate.density);

  if (rd.number(root, "", "restitution", v) &&
      rd.rule(v >= 0 && v <= 1, "restitution", v, "must be between 0 and 1"))
    s.restitution = v;
  {
    bool present = false;
    if (rd.nullableNumber(root, "", "wallRestitution", present, v)) {
      if (!present) s.hasWallRestitution = false;
      else if (rd.rule(v >= 0 && v <= 1, "wallRestitution", v, "must be between 0 and 1 (or null: same as restitution)")) {
        s.hasWallRestitution = true;
        s.wallRestitution = v;
      }
    }
  }

  if (const Json* g = root.find("gravity")) {
    if (!g->isArray() || g->items().size() != 2) {
      rd.error("gravity", g, "must be a pair [gx, gy] in m/s²");
    } else {
      double gx = 0, gy = 0;
      const bool okx = rd.numberValue(g->items()[0], "gravity[0]", gx) && rd.rule(std::fabs(gx) <= 1e4, "gravity[0]", gx, "must lie within ±1e4 m/s²");
      const bool oky = rd.numberValue(g->items()[1], "gravity[1]", gy) && rd.rule(std::fabs(gy) <= 1e4, "gravity[1]", gy, "must lie within ±1e4 m/s²");
      if (okx && oky) {
        s.gravityX = gx;
        s.gravityY = gy;
      }
    }
  }

  if (const Json* c = rd.object(root, "", "collapse")) {
    rd.keys(*c, "collapse", {"model", "tc"});
    rd.choice(*c, "collapse", "model", s.collapseModel, {"tc", "none"});
    bool present = false;
    if (rd.nullableNumber(*c, "collapse", "tc", present, v)) {
      if (!present) s.hasTc = false;
      else if (rd.rule(v >= 0, "collapse.tc", v, "must be >= 0 s") && rd.rule(v <= 1e6, "collapse.tc", v, "must be at most 1e6 s")) {
        s.hasTc = true;
        s.tc = v;
      }
    }
  }

  if (const Json* vib = rd.object(root, "", "vibration")) {
    rd.keys(*vib, "vibration", {"enabled", "wall", "amplitude", "frequency"});
    rd.boolean(*vib, "vibration", "enabled", s.vibration.enabled);
    if (rd.integer(*vib, "vibration", "wall", v) && rd.rule(v >= 0 && v < kMaxPolygonVertices, "vibration.wall", v, "must be a wall index >= 0"))
      s.vibration.wall = static_cast<int>(v);
    if (rd.number(*vib, "vibration", "amplitude", v) && rd.rule(v >= 0, "vibration.amplitude", v, "must be >= 0 m") && rd.rule(v <= 1e6, "vibration.amplitude", v, "must be at most 1e6 m"))
      s.vibration.amplitude = v;
    if (rd.number(*vib, "vibration", "frequency", v) && rd.rule(v >= 0, "vibration.frequency", v, "must be >= 0 Hz") && rd.rule(v <= 1e6, "vibration.frequency", v, "must be at most 1e6 Hz"))
      s.vibration.frequency = v;
  }

  if (const Json* out = rd.object(root, "", "output")) {
    rd.keys(*out, "output", {"interval", "duration", "histogramBins"});
    if (rd.number(*out, "output", "interval", v) &&
        rd.rule(v >= 1e-9 && v <= 1e6, "output.interval", v, "must be between 1e-9 and 1e6 s"))
      s.output.interval = v;
    if (rd.number(*out, "output", "duration", v) && rd.rule(v >= 0, "output.duration", v, "must be >= 0 s (0 = unbounded)") && rd.rule(v <= 1e12, "output.duration", v, "must be at most 1e12 s"))
      s.output.duration = v;
    if (rd.integer(*out, "output", "histogramBins", v) &&
        rd.rule(v >= 5 && v <= 400, "output.histogramBins", v, "must be between 5 and 400"))
      s.output.histogramBins = static_cast<int>(v);
  }

  // Cross-field rules (only meaningful when the fields themselves are valid).
  if (errors.size() == before) {
    if (s.output.duration > 0 && s.output.duration / s.output.interval > kMaxOutputInstants)
      rd.error("output.duration", formatNumber(s.output.duration),
               "gives more than 1e7 output instants at output.interval = " + formatNumber(s.output.interval) +
                   " s; raise the interval or shorten the run");
    const int walls = s.isBox ? 4 : static_cast<int>(s.polygon.size() / 2);
    if (s.vibration.wall >= walls)
      rd.error("vibration.wall", std::to_string(s.vibration.wall),
               "no such wall: the domain has " + std::to_string(walls) + " walls (0 to " + std::to_string(walls - 1) + ")");
    // Derived quantities: the masses from the density, and radii the positions still resolve.
    const std::size_t beforeDerived = errors.size();
    const double extent = domainExtent(s);
    const Json* discsJson = root.find("discs");
    if (s.explicitDiscs && discsJson) {
      for (std::size_t i = 0; i < s.discs.size() && errors.size() < beforeDerived + 20; ++i) {
        const std::string path = index("discs", i);
        const Json& d = discsJson->items()[i];
        if (d.find("mass") || checkDerivedMass(rd, join(path, "radius"), s.discs[i].radius, s.generate.density, "the disc's"))
          checkRadiusScale(rd, join(path, "radius"), s.discs[i].radius, extent, "discs or a smaller domain");
      }
    } else if (!s.explicitDiscs) {
      if (checkDerivedMass(rd, "generate.radius", s.generate.radius, s.generate.density, "the discs'") &&
          !s.generate.hasAreaFraction)
        checkRadiusScale(rd, "generate.radius", s.generate.radius, extent, "discs or a smaller domain");
    }
    if (s.explicitDiscs && errors.size() == beforeDerived) checkExplicitDiscs(s, errors);
    if (s.gravityX != 0 || s.gravityY != 0) {
      // Parabolic flights: times of impact with the walls' faces only (a disc inside a convex
      // domain meets a face before any corner), and every disc searched per event.
      if (!s.isBox && !polygonIsConvex(s.polygon))
        rd.error("gravity", "[" + formatNumber(s.gravityX) + ", " + formatNumber(s.gravityY) + "]",
                 "needs a convex domain (a box or a convex polygon): the engine finds impacts on wall faces only");
      // named at the count (the field a reader changes to fix it), gravity in the message
      const int count = s.explicitDiscs ? static_cast<int>(s.discs.size()) : s.generate.count;
      if (count > kMaxGravityDiscs)
        rd.error(s.explicitDiscs ? "discs" : "generate.count", std::to_string(count) + (s.explicitDiscs ? " discs" : ""),
                 "under gravity (" + formatNumber(s.gravityX) + ", " + formatNumber(s.gravityY) + ") m/s² at most " +
                     std::to_string(kMaxGravityDiscs) + " discs: every disc is searched per event");
    }
  }
  return errors.size() == before;
}

Json scenarioToJson(const ScenarioSpec& s) {
  Json root = scenario_reader::headerJson(s.schema, s.name, s.notes, s.engine, s.seed);
  Json domain = Json::object();
  if (s.isBox) {
    Json box = Json::object();
    box.set("width", Json::number(s.boxWidth));
    box.set("height", Json::number(s.boxHeight));
    domain.set("box", std::move(box));
  } else {
    Json poly = Json::array();
    for (std::size_t i = 0; i + 1 < s.polygon.size(); i += 2) {
      Json p = Json::array();
      p.push(Json::number(s.polygon[i]));
      p.push(Json::number(s.polygon[i + 1]));
      poly.push(std::move(p));
    }
    domain.set("polygon", std::move(poly));
  }
  root.set("domain", std::move(domain));
  if (s.explicitDiscs) {
    Json discs = Json::array();
    for (const auto& d : s.discs) {
      Json o = Json::object();
      o.set("x", Json::number(d.x));
      o.set("y", Json::number(d.y));
      o.set("vx", Json::number(d.vx));
      o.set("vy", Json::number(d.vy));
      o.set("radius", Json::number(d.radius));
      o.set("mass", Json::number(d.mass));
      discs.push(std::move(o));
    }
    root.set("discs", std::move(discs));
  } else {
    const auto& G = s.generate;
    Json g = Json::object();
    g.set("count", Json::number(G.count));
    g.set("radius", Json::number(G.radius));
    g.set("radiusMax", G.hasRadiusMax ? Json::number(G.radiusMax) : Json::null());
    g.set("areaFraction", G.hasAreaFraction ? Json::number(G.areaFraction) : Json::null());
    g.set("density", Json::number(G.density));
    g.set("speed", Json::number(G.speed));
    g.set("velocities", Json::string(G.velocities));
    g.set("placement", Json::string(G.placement));
    root.set("generate", std::move(g));
  }
  root.set("restitution", Json::number(s.restitution));
  root.set("wallRestitution", s.hasWallRestitution ? Json::number(s.wallRestitution) : Json::null());
  Json gravity = Json::array();
  gravity.push(Json::number(s.gravityX));
  gravity.push(Json::number(s.gravityY));
  root.set("gravity", std::move(gravity));
  Json c = Json::object();
  c.set("model", Json::string(s.collapseModel));
  c.set("tc", s.hasTc ? Json::number(s.tc) : Json::null());
  root.set("collapse", std::move(c));
  Json vib = Json::object();
  vib.set("enabled", Json::boolean(s.vibration.enabled));
  vib.set("wall", Json::number(s.vibration.wall));
  vib.set("amplitude", Json::number(s.vibration.amplitude));
  vib.set("frequency", Json::number(s.vibration.frequency));
  root.set("vibration", std::move(vib));
  Json out = scenario_reader::outputJson(s.output.interval, s.output.duration);
  out.set("histogramBins", Json::number(s.output.histogramBins));
  root.set("output", std::move(out));
  return root;
}

std::string issuesReportJson(const std::vector<Issue>& errors, const Json& normalized) {
  Json report = Json::object();
  report.set("ok", Json::boolean(errors.empty()));
  Json list = Json::array();
  for (const auto& e : errors) {
    Json o = Json::object();
    o.set("path", Json::string(e.path));
    o.set("value", Json::string(e.value));
    o.set("message", Json::string(e.message));
    o.set("text", Json::string(e.text()));
    list.push(std::move(o));
  }
  report.set("errors", std::move(list));
  report.set("scenario", normalized);
  return report.dump();
}

std::string validationReportJson(const std::vector<Issue>& errors, const ScenarioSpec* normalized) {
  return issuesReportJson(errors, errors.empty() && normalized ? scenarioToJson(*normalized) : Json::null());
}

}  // namespace granular
