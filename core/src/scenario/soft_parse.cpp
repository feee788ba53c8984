// Soft-disc scenario JSON -> SoftScenarioSpec with every problem reported, and back
// (docs/scenario-format.md, "Soft discs"). Same reader, same message style as the gas.
#include <algorithm>
#include <cmath>
#include <string>

#include "granular/soft.hpp"
#include "scenario/reader.hpp"
#include "util/json.hpp"

namespace granular {

namespace {

using namespace scenario_reader;

void readSoftDomain(Reader& rd, const Json& root, SoftScenarioSpec& s) {
  const Json* domain = rd.object(root, "", "domain");
  if (!domain) return;
  rd.keys(*domain, "domain", {"box", "circle", "open"});
  const int given = (domain->find("box") ? 1 : 0) + (domain->find("circle") ? 1 : 0) + (domain->find("open") ? 1 : 0);
  if (given > 1) {
    rd.error("domain", "", "give one of \"box\", \"circle\" or \"open\"");
    return;
  }
  double v;
  if (const Json* box = rd.object(*domain, "domain", "box")) {
    rd.keys(*box, "domain.box", {"width", "height"});
    s.domain = "box";
    if (rd.number(*box, "domain.box", "width", v) && rd.rule(v > 0 && v <= 1e6, "domain.box.width", v, "must be > 0 and <= 1e6 m"))
      s.boxWidth = v;
    if (rd.number(*box, "domain.box", "height", v) && rd.rule(v > 0 && v <= 1e6, "domain.box.height", v, "must be > 0 and <= 1e6 m"))
      s.boxHeight = v;
  }
  if (const Json* circle = rd.object(*domain, "domain", "circle")) {
    rd.keys(*circle, "domain.circle", {"radius"});
    s.domain = "circle";
    if (rd.number(*circle, "domain.circle", "radius", v) &&
        rd.rule(v > 0 && v <= 1e6, "domain.circle.radius", v, "must be > 0 and <= 1e6 m"))
      s.circleRadius = v;
  }
  if (domain->find("open")) {
    bool open = false;
    if (rd.boolean(*domain, "domain", "open", open)) {
      // the value as written (false), not a number standing in for it
      if (open) s.domain = "open";
      else rd.error("domain.open", "false", "must be true (the open plane has no walls)");
    }
  }
}

void readSoftDiscs(Reader& rd, const Json& discs, SoftScenarioSpec& s) {
  if (!discs.isArray()) {
    rd.error("discs", &discs, "must be an array of discs");
    return;
  }
  const auto& items = discs.items();
  if (items.empty() || items.size() > static_cast<std::size_t>(kMaxSoftDiscs)) {
    rd.error("discs", std::to_string(items.size()) + " discs",
             "must hold between 1 and " + formatCount(kMaxSoftDiscs) + " discs");
    return;
  }
  s.explicitDiscs = true;
  s.discs.assign(items.size(), SoftDiscSpec{});
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Json& d = items[i];
    const std::string path = index("discs", i);
    if (!d.isObject()) {
      rd.error(path, &d, "must be an object {\"x\", \"y\", \"radius\", ...}");
      continue;
    }
    rd.keys(d, path, {"x", "y", "vx", "vy", "angle", "spin", "radius", "mass", "inertia", "observer"});
    SoftDiscSpec& disc = s.discs[i];
    disc.radius = s.generate.radius;
    disc.mass = s.generate.mass;
    for (const char* key : {"x", "y"})
      if (!d.find(key)) rd.error(join(path, key), "", "is required");
    double v;
    auto bounded = [&](const char* key, double& out, double limit, const char* unit) {
      if (rd.number(d, path, key, v) &&
          rd.rule(std::fabs(v) <= limit, join(path, key), v, std::string("must lie within ±") + num(limit) + " " + unit))
        out = v;
    };
    bounded("x", disc.x, 1e6, "m");
    bounded("y", disc.y, 1e6, "m");
    bounded("vx", disc.vx, 1e6, "m/s");
    bounded("vy", disc.vy, 1e6, "m/s");
    bounded("angle", disc.angle, 1e6, "rad");
    bounded("spin", disc.spin, 1e6, "rad/s");
    if (rd.number(d, path, "radius", v) && rd.rule(v > 0, join(path, "radius"), v, "must be > 0 m") && rd.rule(v <= 1e6, join(path, "radius"), v, "must be at most 1e6 m")) disc.radius = v;
    if (rd.number(d, path, "mass", v) && rd.rule(v > 0, join(path, "mass"), v, "must be > 0 kg") && rd.rule(v >= kMinDerived, join(path, "mass"), v, "must be at least 1e-100 kg: too small to compute with") && rd.rule(v <= 1e12, join(path, "mass"), v, "must be at most 1e12 kg")) disc.mass = v;
    if (rd.number(d, path, "inertia", v) && rd.rule(v > 0, join(path, "inertia"), v, "must be > 0 kg m^2") && rd.rule(v >= kMinDerived, join(path, "inertia"), v, "must be at least 1e-100 kg m^2: too small to compute with") && rd.rule(v <= 1e18, join(path, "inertia"), v, "must be at most 1e18 kg m^2")) {
      disc.hasInertia = true;
      disc.inertia = v;
    }
    if (const Json* o = rd.object(d, path, "observer")) {
      const std::string op = join(path, "observer");
      rd.keys(*o, op, {"mass", "alpha", "angle"});
      if (rd.number(*o, op, "mass", v) && rd.rule(v >= 0, join(op, "mass"), v, "must be >= 0 kg") && rd.rule(v <= 1e12, join(op, "mass"), v, "must be at most 1e12 kg")) disc.observerMass = v;
      if (rd.number(*o, op, "alpha", v) && rd.rule(v >= 0 && v < 1, join(op, "alpha"), v, "must be in [0, 1) (fraction of the radius)"))
        disc.observerAlpha = v;
      if (rd.number(*o, op, "angle", v) && rd.rule(std::fabs(v) <= 1e6, join(op, "angle"), v, "must lie within ±1e6 rad"))
        disc.observerAngle = v;
    }
  }
}

/// A disc's moment of inertia f m r^2 (when not given) must be a number the engine can compute
/// with: reported at the radius or the mass, whichever is further below its default (1 m, 1 kg).
bool checkSoftInertia(Reader& rd, const std::string& radiusPath, const std::string& massPath, double r, double mass,
                      double factor, const std::string& what) {
  const double inertia = factor * mass * r * r;
  if (derivedInRange(inertia)) return true;
  const std::string head = what + " moment of inertia f m r² " + derivedOutOfRange(inertia, "kg m^2");
  const std::string tail = ": too small to compute with; use larger or heavier discs";
  if (r * r <= mass)
    rd.error(radiusPath, num(r), head + " (f = inertiaFactor = " + num(factor) + ", m = " + massPath + " = " + num(mass) + " kg)" + tail);
  else
    rd.error(massPath, num(mass), head + " (f = inertiaFactor = " + num(factor) + ", r = " + radiusPath + " = " + num(r) + " m)" + tail);
  return false;
}

/// A radius below 1e-9 of the domain's size: the positions (16 significant digits) no longer
/// resolve its contacts. The open plane has no size.
void checkSoftRadiusScale(Reader& rd, const SoftScenarioSpec& s, const std::string& path, double r) {
  const double extent = s.domain == "box" ? std::max(s.boxWidth, s.boxHeight) : s.domain == "circle" ? 2 * s.circleRadius : 0.0;
  checkRadiusScale(rd, path, r, extent, "discs or a smaller domain");
}

void readSoftGenerate(Reader& rd, const Json& g, SoftScenarioSpec& s) {
  const std::string p = "generate";
  rd.keys(g, p, {"count", "radius", "mass", "observerMass", "observerAlpha", "speed", "spin", "clearance", "placement"});
  auto& G = s.generate;
  double v;
  if (rd.integer(g, p, "count", v) &&
      rd.rule(v >= 1 && v <= kMaxSoftDiscs, "generate.count", v, "must be between 1 and " + formatCount(kMaxSoftDiscs)))
    G.count = static_cast<int>(v);
  if (rd.number(g, p, "radius", v) && rd.rule(v > 0, "generate.radius", v, "must be > 0 m") && rd.rule(v <= 1e6, "generate.radius", v, "must be at most 1e6 m")) G.radius = v;
  if (rd.number(g, p, "mass", v) && rd.rule(v > 0, "generate.mass", v, "must be > 0 kg") && rd.rule(v >= kMinDerived, "generate.mass", v, "must be at least 1e-100 kg: too small to compute with") && rd.rule(v <= 1e12, "generate.mass", v, "must be at most 1e12 kg")) G.mass = v;
  if (rd.number(g, p, "observerMass", v) && rd.rule(v >= 0, "generate.observerMass", v, "must be >= 0 kg") && rd.rule(v <= 1e12, "generate.observerMass", v, "must be at most 1e12 kg"))
    G.observerMass = v;
  if (rd.number(g, p, "observerAlpha", v) &&
      rd.rule(v >= 0 && v < 1, "generate.observerAlpha", v, "must be in [0, 1) (fraction of the radius)"))
    G.observerAlpha = v;
  if (rd.number(g, p, "speed", v) && rd.rule(v >= 0 && v <= 1e6, "generate.speed", v, "must be >= 0 and <= 1e6 m/s")) G.speed = v;
  if (rd.number(g, p, "spin", v) && rd.rule(v >= 0 && v <= 1e6, "generate.spin", v, "must be >= 0 and <= 1e6 rad/s")) G.spin = v;
  if (rd.number(g, p, "clearance", v) && rd.rule(v >= 0, "generate.clearance", v, "must be >= 0 m") && rd.rule(v <= 1e6, "generate.clearance", v, "must be at most 1e6 m")) G.clearance = v;
  rd.choice(g, p, "placement", G.placement, {"random", "lattice"});
}

}  // namespace

std::string scenarioFamily(const std::string& text) {
  Json root;
  JsonError err;
  if (!parseJson(text, root, err) || !root.isObject()) return "gas";
  const Json* engine = root.find("engine");
  if (engine && engine->isString() &&
      (engine->asString() == "soft" || engine->asString() == "avalanche" || engine->asString() == "compare"))
    return engine->asString();
  return "gas";
}

bool readSoftScenario(const std::string& text, SoftScenarioSpec& s, std::vector<Issue>& errors) {
  s = defaultSoftScenario();
  const std::size_t before = errors.size();
  Json root;
  if (!readRoot(text, root, errors)) return false;
  Reader rd(errors);
  rd.keys(root, "", {"schema", "name", "notes", "engine", "seed", "domain", "discs", "generate", "inertiaFactor", "material",
                     "contact", "friction", "gravity", "integrator", "output"});
  readHeader(rd, root, s.name, s.notes, s.seed);
  rd.choice(root, "", "engine", s.engine, {"soft"});
  double v;
  readSoftDomain(rd, root, s);
  if (const Json* g = rd.object(root, "", "generate")) readSoftGenerate(rd, *g, s);
  if (const Json* d = root.find("discs")) readSoftDiscs(rd, *d, s);
  if (rd.number(root, "", "inertiaFactor", v) &&
      rd.rule(v > 0 && v <= 1, "inertiaFactor", v, "must be in (0, 1] (I = factor m r^2; 0.5 for a uniform disc)"))
    s.inertiaFactor = v;

  if (const Json* mat = rd.object(root, "", "material")) {
    rd.keys(*mat, "material", {"youngModulus", "poissonRatio"});
    if (rd.number(*mat, "material", "youngModulus", v) &&
        rd.rule(v > 0 && v <= 1e13, "material.youngModulus", v, "must be > 0 and <= 1e13 Pa"))
      s.youngModulus = v;
    if (rd.number(*mat, "material", "poissonRatio", v) &&
        rd.rule(v >= 0 && v < 0.5, "material.poissonRatio", v, "must be in [0, 0.5)"))
      s.poissonRatio = v;
  }
  if (const Json* c = rd.object(root, "", "contact")) {
    rd.keys(*c, "contact", {"law", "cTau", "restitution", "penetration", "persistentSpeed"});
    rd.choice(*c, "contact", "law", s.law, {"hunt-crossley", "lankarani-nikravesh", "flores", "gonthier"});
    if (rd.number(*c, "contact", "cTau", v) && rd.rule(v >= 0 && v <= 1, "contact.cTau", v, "must be in [0, 1]")) s.cTau = v;
    bool present = false;
    if (rd.nullableNumber(*c, "contact", "restitution", present, v)) {
      if (!present) s.hasRestitution = false;
      else if (rd.rule(v > 0 && v <= 1, "contact.restitution", v, "must be in (0, 1] (or null: use cTau)")) {
        s.hasRestitution = true;
        s.restitution = v;
      }
    }
    rd.choice(*c, "contact", "penetration", s.penetration, {"total", "half"});
    if (rd.number(*c, "contact", "persistentSpeed", v) &&
        rd.rule(v > 0 && v <= 1e3, "contact.persistentSpeed", v, "must be > 0 and <= 1e3 m/s"))
      s.persistentSpeed = v;
  }
  if (const Json* f = rd.object(root, "", "friction")) {
    rd.keys(*f, "friction", {"law", "mu", "muWall", "slipSpeed"});
    rd.choice(*f, "friction", "law", s.friction, {"coulomb", "notebook", "none"});
    if (rd.number(*f, "friction", "mu", v) && rd.rule(v >= 0 && v <= 10, "friction.mu", v, "must be in [0, 10]")) s.mu = v;
    if (rd.number(*f, "friction", "muWall", v) && rd.rule(v >= 0 && v <= 10, "friction.muWall", v, "must be in [0, 10]")) s.muWall = v;
    if (rd.number(*f, "friction", "slipSpeed", v) &&
        rd.rule(v > 0 && v <= 1e3, "friction.slipSpeed", v, "must be > 0 and <= 1e3 m/s"))
      s.slipSpeed = v;
  }
  if (const Json* g = root.find("gravity")) {
    if (!g->isArray() || g->items().size() != 2) {
      rd.error("gravity", g, "must be a pair [gx, gy] in m/s²");
    } else {
      double gx, gy;
      const bool okx = rd.numberValue(g->items()[0], "gravity[0]", gx) && rd.rule(std::fabs(gx) <= 1e4, "gravity[0]", gx, "must lie within ±1e4 m/s²");
      const bool oky = rd.numberValue(g->items()[1], "gravity[1]", gy) && rd.rule(std::fabs(gy) <= 1e4, "gravity[1]", gy, "must lie within ±1e4 m/s²");
      if (okx && oky) {
        s.gravityX = gx;
        s.gravityY = gy;
      }
    }
  }
  if (const Json* in = rd.object(root, "", "integrator")) {
    rd.keys(*in, "integrator", {"method", "relTol", "absTol", "stepsPerContact"});
    rd.choice(*in, "integrator", "method", s.integrator, {"dopri5", "rk4"});
    if (rd.number(*in, "integrator", "relTol", v) &&
        rd.rule(v >= 1e-14 && v <= 1e-2, "integrator.relTol", v, "must be between 1e-14 and 1e-2"))
      s.relTol = v;
    if (rd.number(*in, "integrator", "absTol", v) &&
        rd.rule(v >= 1e-18 && v <= 1, "integrator.absTol", v, "must be between 1e-18 and 1"))
      s.absTol = v;
    if (rd.integer(*in, "integrator", "stepsPerContact", v) &&
        rd.rule(v >= 10 && v <= 10000, "integrator.stepsPerContact", v, "must be between 10 and 10000"))
      s.stepsPerContact = static_cast<int>(v);
  }
  if (const Json* out = rd.object(root, "", "output")) {
    rd.keys(*out, "output", {"interval", "duration"});
    if (rd.number(*out, "output", "interval", v) &&
        rd.rule(v >= 1e-6 && v <= 1e6, "output.interval", v, "must be between 1e-6 and 1e6 s"))
      s.outputInterval = v;
    if (rd.number(*out, "output", "duration", v) &&
        rd.rule(v >= 0 && v <= 1e6, "output.duration", v, "must be between 0 and 1e6 s (0 = unbounded)"))
      s.duration = v;
  }
  if (errors.size() == before) {
    if (s.law != "hunt-crossley" && !s.hasRestitution)
      rd.error("contact.restitution", "null", "is required by the law \"" + s.law + "\" (it sets the damping)");
    if (s.duration > 0 && s.duration / s.outputInterval > kMaxOutputInstants)
      rd.error("output.duration", formatNumber(s.duration),
               "gives more than 1e7 output instants at output.interval = " + formatNumber(s.outputInterval) + " s");
    if (s.explicitDiscs && root.find("generate"))
      rd.error("generate", "", "give either \"discs\" or \"generate\", not both");
    // Derived quantities: moments of inertia, and radii the positions still resolve.
    const Json* discsJson = root.find("discs");
    if (s.explicitDiscs && discsJson) {
      const std::size_t beforeDiscs = errors.size();
      for (std::size_t i = 0; i < s.discs.size() && errors.size() < beforeDiscs + 20; ++i) {
        const SoftDiscSpec& d = s.discs[i];
        const std::string path = index("discs", i);
        const Json& dj = discsJson->items()[i];
        const std::string radiusPath = dj.find("radius") ? join(path, "radius") : "generate.radius";
        const std::string massPath = dj.find("mass") ? join(path, "mass") : "generate.mass";
        if (d.hasInertia || checkSoftInertia(rd, radiusPath, massPath, d.radius, d.mass, s.inertiaFactor, "the disc's"))
          checkSoftRadiusScale(rd, s, radiusPath, d.radius);
      }
    } else if (!s.explicitDiscs) {
      if (checkSoftInertia(rd, "generate.radius", "generate.mass", s.generate.radius, s.generate.mass, s.inertiaFactor, "the discs'"))
        checkSoftRadiusScale(rd, s, "generate.radius", s.generate.radius);
    }
  }
  return errors.size() == before;
}

Json softScenarioToJson(const SoftScenarioSpec& s) {
  Json root = scenario_reader::headerJson(s.schema, s.name, s.notes, s.engine, s.seed);
  Json domain = Json::object();
  if (s.domain == "box") {
    Json box = Json::object();
    box.set("width", Json::number(s.boxWidth));
    box.set("height", Json::number(s.boxHeight));
    domain.set("box", std::move(box));
  } else if (s.domain == "circle") {
    Json c = Json::object();
    c.set("radius", Json::number(s.circleRadius));
    domain.set("circle", std::move(c));
  } else {
    domain.set("open", Json::boolean(true));
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
      o.set("angle", Json::number(d.angle));
      o.set("spin", Json::number(d.spin));
      o.set("radius", Json::number(d.radius));
      o.set("mass", Json::number(d.mass));
      if (d.hasInertia) o.set("inertia", Json::number(d.inertia));
      Json ob = Json::object();
      ob.set("mass", Json::number(d.observerMass));
      ob.set("alpha", Json::number(d.observerAlpha));
      ob.set("angle", Json::number(d.observerAngle));
      o.set("observer", std::move(ob));
      discs.push(std::move(o));
    }
    root.set("discs", std::move(discs));
  } else {
    const auto& G = s.generate;
    Json g = Json::object();
    g.set("count", Json::number(G.count));
    g.set("radius", Json::number(G.radius));
    g.set("mass", Json::number(G.mass));
    g.set("observerMass", Json::number(G.observerMass));
    g.set("observerAlpha", Json::number(G.observerAlpha));
    g.set("speed", Json::number(G.speed));
    g.set("spin", Json::number(G.spin));
    g.set("clearance", Json::number(G.clearance));
    g.set("placement", Json::string(G.placement));
    root.set("generate", std::move(g));
  }
  root.set("inertiaFactor", Json::number(s.inertiaFactor));
  Json mat = Json::object();
  mat.set("youngModulus", Json::number(s.youngModulus));
  mat.set("poissonRatio", Json::number(s.poissonRatio));
  root.set("material", std::move(mat));
  Json c = Json::object();
  c.set("law", Json::string(s.law));
  c.set("cTau", Json::number(s.cTau));
  c.set("restitution", s.hasRestitution ? Json::number(s.restitution) : Json::null());
  c.set("penetration", Json::string(s.penetration));
  c.set("persistentSpeed", Json::number(s.persistentSpeed));
  root.set("contact", std::move(c));
  Json f = Json::object();
  f.set("law", Json::string(s.friction));
  f.set("mu", Json::number(s.mu));
  f.set("muWall", Json::number(s.muWall));
  f.set("slipSpeed", Json::number(s.slipSpeed));
  root.set("friction", std::move(f));
  Json g = Json::array();
  g.push(Json::number(s.gravityX));
  g.push(Json::number(s.gravityY));
  root.set("gravity", std::move(g));
  Json in = Json::object();
  in.set("method", Json::string(s.integrator));
  in.set("relTol", Json::number(s.relTol));
  in.set("absTol", Json::number(s.absTol));
  in.set("stepsPerContact", Json::number(s.stepsPerContact));
  root.set("integrator", std::move(in));
  root.set("output", scenario_reader::outputJson(s.outputInterval, s.duration));
  return root;
}

}  // namespace granular
