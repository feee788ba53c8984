#include "engines/chain/chain.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>
#include <limits>

#include "util/double_double.hpp"
#include "util/json.hpp"
#include "util/rng.hpp"

namespace granular::chain {

Setup standardSetup(double e, int n, bool extended) {
  Setup s;
  for (int i = 0; i < n; ++i) {
    s.diameter.push_back(1.0);
    s.mass.push_back(1.0);
    s.position.push_back(2.0 * i);  // d = 1, gap a = 1: centres 2 apart
    s.velocity.push_back(i == 0 ? 1.0 : 0.0);
  }
  s.restitution.assign(static_cast<std::size_t>(n - 1), e);
  s.extended = extended;
  return s;
}

std::string check(const Setup& s) {
  const std::size_t n = s.diameter.size();
  if (n < 2 || n > 1000) return "spheres = " + std::to_string(n) + ": must be between 2 and 1000";
  if (s.mass.size() != n || s.position.size() != n || s.velocity.size() != n || s.restitution.size() != n - 1)
    return "arrays: diameters, masses, positions and velocities need one value per sphere, restitution one per neighbouring pair";
  for (std::size_t i = 0; i < n; ++i) {
    const std::string at = "[" + std::to_string(i) + "] = ";
    if (!(s.diameter[i] > 0) || !std::isfinite(s.diameter[i])) return "diameter" + at + formatNumber(s.diameter[i]) + ": must be > 0";
    if (!(s.mass[i] > 0) || !std::isfinite(s.mass[i])) return "mass" + at + formatNumber(s.mass[i]) + ": must be > 0";
    if (!std::isfinite(s.position[i])) return "position" + at + formatNumber(s.position[i]) + ": must be finite";
    if (!std::isfinite(s.velocity[i])) return "velocity" + at + formatNumber(s.velocity[i]) + ": must be finite";
    if (i + 1 < n) {
      if (!(s.restitution[i] >= 0 && s.restitution[i] <= 1))
        return "restitution" + at + formatNumber(s.restitution[i]) + ": must be in [0, 1]";
      const double gap = s.position[i + 1] - s.position[i] - 0.5 * (s.diameter[i] + s.diameter[i + 1]);
      if (gap < 0) return "position[" + std::to_string(i + 1) + "]: sphere overlaps sphere " + std::to_string(i) + " by " + formatShort(-gap) + " m";
    }
  }
  return "";
}

namespace {

// Exact scaling by a power of two (both parts of a double-double).
double scaled(double x, int e) { return std::ldexp(x, e); }
DoubleDouble scaled(DoubleDouble x, int e) { return {std::ldexp(x.hi, e), std::ldexp(x.lo, e)}; }
double magnitude(double x) { return std::fabs(x); }
double magnitude(DoubleDouble x) { return std::fabs(x.hi); }

template <class T>
Result run(const Setup& s) {
  Result r;
  r.precision = std::is_same<T, double>::value ? "double" : "double-double";
  const std::size_t n = s.diameter.size();
  // State: velocities v, and the gaps y_k and relative velocities u_k = v_{k+1} - v_k as variables
  // of their own. Near collapse gaps and relative velocities shrink geometrically; kept as
  // differences of positions and velocities (order 1) they would drown in rounding, kept as their
  // own numbers they keep full relative precision until the exponent range runs out.
  // Gaps and relative velocities are stored multiplied by 2^shift: when they shrink towards the
  // bottom of the exponent range they are rescaled (exactly, by a power of two). Collision times
  // y / u do not change under the scaling; velocity changes are scaled back before they reach v.
  std::vector<T> v(n), m(n), y(n - 1), u(n - 1);
  int shift = 0;
  for (std::size_t i = 0; i < n; ++i) {
    v[i] = T(s.velocity[i]);
    m[i] = T(s.mass[i]);
  }
  for (std::size_t k = 0; k + 1 < n; ++k) {
    y[k] = T(s.position[k + 1] - s.position[k] - 0.5 * (s.diameter[k] + s.diameter[k + 1]));
    u[k] = T(s.velocity[k + 1]) - T(s.velocity[k]);
  }
  T x0(s.position[0]);  // the first centre; the others follow from the gaps
  T t(0.0);
  auto positionsNow = [&]() {
    std::vector<double> out(n);
    T x = x0;
    out[0] = toDouble(x);
    for (std::size_t k = 0; k + 1 < n; ++k) {
      x = x + T(0.5 * (s.diameter[k] + s.diameter[k + 1])) + scaled(y[k], -shift);
      out[k + 1] = toDouble(x);
    }
    return out;
  };
  // the log's next entry (while it has room): a collision of the pair, or (pair -1) a merge of
  // spheres first .. last; the state right after it
  auto logEntry = [&](int pair, int first, int last) {
    if (r.log.size() >= s.maxLog) return;
    Collision c;
    c.time = toDouble(t);
    c.pair = pair;
    c.mergeFirst = first;
    c.mergeLast = last;
    c.position = positionsNow();
    for (std::size_t i = 0; i < n; ++i) c.velocity.push_back(toDouble(v[i]));
    r.log.push_back(std::move(c));
  };
  // Collisions in a row that no longer move the clock: the collision times have accumulated to
  // the resolution of this precision (inelastic collapse, or indistinguishable from it).
  int stalled = 0;
  const int stallLimit = 10 * static_cast<int>(n);
  // the pairs that collided while the clock stood still: the collapsing group is the spheres
  // from the lowest such pair's first to the highest pair's second
  std::size_t stallLo = n, stallHi = 0;
  // The collapses, for the message. A merge at the same instant whose group takes in the previous
  // one's (the merged group, still touching its neighbour, strikes it and collapses with it before
  // the clock moves) supersedes that report: at that instant one group took one velocity.
  struct Report {
    T time;
    std::size_t first, last;
    std::string when, what;  // "t = 6 s after 129 collisions", "the spheres move together at 0.25 m/s"
  };
  std::vector<Report> reports;
  for (;;) {
    // Earliest collision among approaching neighbours (ties: smaller index).
    int next = -1;
    T best(0.0);
    for (std::size_t k = 0; k + 1 < n; ++k) {
      if (!(u[k] < T(0.0))) continue;
      const T gap = y[k] > T(0.0) ? y[k] : T(0.0);
      const T dt = gap / (-u[k]);
      if (next < 0 || dt < best) {
        next = static_cast<int>(k);
        best = dt;
      }
    }
    if (next < 0) break;  // nobody approaches: done
    if (r.collisions >= s.maxCollisions) {
      r.truncated = true;
      r.message = "stopped after " + std::to_string(r.collisions) + " collisions without an end";
      break;
    }
    const T later = t + best;
    stalled = (later == t && r.collisions > static_cast<std::int64_t>(n)) ? stalled + 1 : 0;
    if (stalled == 0) {
      stallLo = n;
      stallHi = 0;
    } else {
      stallLo = std::min(stallLo, static_cast<std::size_t>(next));
      stallHi = std::max(stallHi, static_cast<std::size_t>(next));
    }
    t = later;
    x0 += v[0] * best;
    for (std::size_t j = 0; j + 1 < n; ++j) y[j] += u[j] * best;
    const std::size_t k = static_cast<std::size_t>(next);
    y[k] = T(0.0);  // in contact
    const T e(s.restitution[k]);
    const T closing = -u[k];
    const T msum = m[k] + m[k + 1];
    const T dk = (T(1.0) + e) * m[k + 1] / msum * closing;   // velocity change of sphere k (backwards)
    const T dk1 = (T(1.0) + e) * m[k] / msum * closing;      // velocity change of sphere k + 1
    v[k] -= scaled(dk, -shift);
    v[k + 1] += scaled(dk1, -shift);
    u[k] = e * closing;
    if (k > 0) u[k - 1] -= dk;
    if (k + 2 < n) u[k + 1] -= dk1;
    double largest = 0;
    for (const T& uj : u) largest = std::max(largest, magnitude(uj));
    if (largest > 0 && largest < 0x1p-400) {
      for (std::size_t j = 0; j + 1 < n; ++j) {
        y[j] = scaled(y[j], 400);
        u[j] = scaled(u[j], 400);
      }
      shift += 400;
    }
    ++r.collisions;
    logEntry(next, -1, -1);
    if (stalled > stallLimit) {
      // Inelastic collapse of the spheres first .. last (those whose collisions stopped the
      // clock): they take their own common, momentum-conserving velocity and stay in contact.
      // Spheres outside the group keep theirs and are struck, if at all, when the group (or a
      // neighbour) reaches them, so the run goes on.
      const std::size_t first = stallLo, last = stallHi + 1;
      T total(0.0), momentum(0.0);
      for (std::size_t i = first; i <= last; ++i) {
        total += m[i];
        momentum += m[i] * v[i];
      }
      const T common = momentum / total;
      for (std::size_t i = first; i <= last; ++i) v[i] = common;
      for (std::size_t j = first; j < last; ++j) {
        y[j] = T(0.0);
        u[j] = T(0.0);
      }
      // back to unscaled gaps and relative velocities (exact: a power of two), now that the
      // shrinking ones are gone; the pairs at the group's ends see its new velocity
      for (std::size_t j = 0; j + 1 < n; ++j) {
        y[j] = scaled(y[j], -shift);
        u[j] = scaled(u[j], -shift);
      }
      shift = 0;
      if (first > 0) u[first - 1] = v[first] - v[first - 1];
      if (last + 1 < n) u[last] = v[last + 1] - v[last];
      r.collapsed = true;
      logEntry(-1, static_cast<int>(first), static_cast<int>(last));
      const std::string group = (first == 0 && last + 1 == n) ? "the spheres"
                                : "spheres " + std::to_string(first + 1) + "-" + std::to_string(last + 1);
      const std::string when = "t = " + formatShort(toDouble(t)) + " s after " + std::to_string(r.collisions) + " collisions";
      Report report{t, first, last, when, group + " move together at " + formatShort(toDouble(common)) + " m/s"};
      if (!reports.empty() && reports.back().time == t && first <= reports.back().first && last >= reports.back().last)
        reports.back() = std::move(report);
      else
        reports.push_back(std::move(report));
      stalled = 0;
      stallLo = n;
      stallHi = 0;
    }
  }
  if (!r.truncated && !reports.empty()) {
    r.message = "inelastic collapse at " + reports[0].when + " (collision times accumulate below the resolution of " +
                r.precision + "): " + reports[0].what;
    for (std::size_t k = 1; k < reports.size() && k < 3; ++k) r.message += "; again at " + reports[k].when + ": " + reports[k].what;
    if (reports.size() > 3) r.message += "; and later collapses";
  }
  r.endTime = toDouble(t);
  r.finalPosition = positionsNow();
  for (std::size_t i = 0; i < n; ++i) r.finalVelocity.push_back(toDouble(v[i]));
  return r;
}

}  // namespace

Result simulate(const Setup& s) {
  const std::string problem = check(s);
  if (!problem.empty()) {
    Result r;
    r.message = problem;
    return r;
  }
  return s.extended ? run<DoubleDouble>(s) : run<double>(s);
}

double lastVelocity(double e, bool extended) {
  const Result r = simulate(standardSetup(e, 4, extended));
  return r.finalVelocity.empty() ? std::numeric_limits<double>::quiet_NaN() : r.finalVelocity.back();
}

NewtonResult solveRestitution(double target, double lo, double hi, double tolerance, int maxIterations) {
  NewtonResult out;
  auto f = [&](double e) { return lastVelocity(e) - target; };
  double flo = f(lo);
  const double fhi = f(hi);
  for (const NewtonStep end : {NewtonStep{lo, flo, false}, NewtonStep{hi, fhi, false}}) {
    if (std::fabs(end.residual) <= tolerance) {  // an end of the bracket is the root already
      out.steps.push_back(end);
      out.e = end.e;
      out.converged = true;
      return out;
    }
  }
  if ((flo < 0) == (fhi < 0)) {
    // No sign change: the bracket holds no root of a monotone v_N(e); say so at once.
    out.steps.push_back(NewtonStep{lo, flo, false});
    out.steps.push_back(NewtonStep{hi, fhi, false});
    out.e = std::fabs(flo) < std::fabs(fhi) ? lo : hi;
    return out;
  }
  double e = 0.5 * (lo + hi);
  bool fromBisection = false;
  for (int it = 0; it < maxIterations; ++it) {
    const double fe = f(e);
    out.steps.push_back(NewtonStep{e, fe, fromBisection});
    if (std::fabs(fe) <= tolerance) {
      out.converged = true;
      break;
    }
    if ((fe < 0) == (flo < 0)) {  // keep [lo, hi] around the sign change
      lo = e;
      flo = fe;
    } else {
      hi = e;
    }
    const double h = 1e-6;
    const double slope = (f(e + h) - f(e - h)) / (2 * h);
    double next = e - fe / slope;
    fromBisection = !(std::isfinite(next) && next > lo && next < hi);
    if (fromBisection) next = 0.5 * (lo + hi);
    e = next;
  }
  out.e = e;
  return out;
}

std::vector<double> monteCarloValues(int samples, double mu, double sigma, std::uint64_t seed, int from, int to,
                                     std::vector<double>* restitution) {
  std::vector<double> values;
  if (restitution) restitution->clear();
  Rng rng(seed);
  double a = 0, b = 0;
  bool haveSpare = false;
  const int end = to < samples ? to : samples;
  for (int k = 0; k < end; ++k) {
    double z;  // the k-th draw: the same sequence whatever range is asked for
    if (haveSpare) {
      z = b;
      haveSpare = false;
    } else {
      rng.normalPair(a, b);
      z = a;
      haveSpare = true;
    }
    if (k < from) continue;
    double e = mu + sigma * z;
    e = e < 0 ? 0 : e > 1 ? 1 : e;
    if (restitution) restitution->push_back(e);
    values.push_back(lastVelocity(e));
  }
  return values;
}

MonteCarlo summarize(std::vector<double> values) {
  MonteCarlo mc;
  mc.samples = std::move(values);
  const std::size_t k = mc.samples.size();
  double sum = 0;
  for (double x : mc.samples) sum += x;
  mc.mean = k ? sum / static_cast<double>(k) : 0;
  double ss = 0;
  for (double x : mc.samples) ss += (x - mc.mean) * (x - mc.mean);
  mc.sd = k > 1 ? std::sqrt(ss / static_cast<double>(k - 1)) : 0;
  const double half = k ? 1.959963984540054 * mc.sd / std::sqrt(static_cast<double>(k)) : 0;
  mc.ciLow = mc.mean - half;
  mc.ciHigh = mc.mean + half;
  return mc;
}

MonteCarlo monteCarlo(int samples, double mu, double sigma, std::uint64_t seed) {
  std::vector<double> e;
  MonteCarlo mc = summarize(monteCarloValues(samples, mu, sigma, seed, 0, samples, &e));
  mc.restitution = std::move(e);
  return mc;
}

namespace {

std::string resultJson(const Result& r) {
  Json o = Json::object();
  o.set("ok", Json::boolean(!r.precision.empty()));
  o.set("precision", Json::string(r.precision));
  o.set("collisions", Json::number(static_cast<double>(r.collisions)));
  o.set("collapsed", Json::boolean(r.collapsed));
  o.set("truncated", Json::boolean(r.truncated));
  o.set("message", Json::string(r.message));
  o.set("endTime", Json::number(r.endTime));
  o.set("finalVelocity", Json::numbers(r.finalVelocity));
  o.set("finalPosition", Json::numbers(r.finalPosition));
  Json log = Json::array();
  for (const Collision& c : r.log) {
    Json row = Json::object();
    row.set("time", Json::number(c.time));
    row.set("pair", Json::number(c.pair));
    if (c.merge()) {
      Json group = Json::array();
      group.push(Json::number(c.mergeFirst));
      group.push(Json::number(c.mergeLast));
      row.set("merge", std::move(group));
    }
    row.set("position", Json::numbers(c.position));
    row.set("velocity", Json::numbers(c.velocity));
    log.push(std::move(row));
  }
  o.set("log", std::move(log));
  return o.dump();
}

std::string failure(const std::string& message) {
  Json o = Json::object();
  o.set("ok", Json::boolean(false));
  o.set("message", Json::string(message));
  return o.dump();
}

/// A number or an array of `count` numbers, into `out` (a number fills every entry).
bool readList(const Json& root, const char* key, std::size_t count, std::vector<double>& out, std::string& problem) {
  const Json* v = root.find(key);
  if (!v) return true;
  if (v->isNumber()) {
    out.assign(count, v->asNumber());
    return true;
  }
  if (!v->isArray() || v->items().size() != count) {
    problem = std::string(key) + " = " + v->dump().substr(0, 60) + ": must be a number or an array of " + std::to_string(count) + " numbers";
    return false;
  }
  out.clear();
  for (std::size_t i = 0; i < count; ++i) {
    const Json& x = v->items()[i];
    if (!x.isNumber()) {
      problem = std::string(key) + "[" + std::to_string(i) + "] = " + x.dump().substr(0, 60) + ": must be a number";
      return false;
    }
    out.push_back(x.asNumber());
  }
  return true;
}

}  // namespace

std::string runJson(double e, int spheres, bool extended, int maxLog) {
  if (!(e >= 0 && e <= 1)) return failure("restitution = " + formatNumber(e) + ": must be in [0, 1]");
  Setup setup = standardSetup(e, spheres < 2 ? 2 : spheres > 1000 ? 1000 : spheres, extended);
  setup.maxLog = static_cast<std::size_t>(maxLog < 0 ? 0 : maxLog);
  return resultJson(simulate(setup));
}

std::string runSetupJson(const std::string& text, int maxLog, std::int64_t maxCollisions) {
  Json root;
  JsonError err;
  if (!parseJson(text, root, err)) return failure("not valid JSON: " + err.message);
  if (!root.isObject()) return failure("the set-up must be a JSON object");
  for (const auto& m : root.members()) {
    static const char* known[] = {"spheres", "diameter", "mass", "gap", "velocity", "restitution", "extended"};
    bool ok = false;
    for (const char* k : known) ok = ok || m.first == k;
    if (!ok) return failure(m.first + ": unknown field; allowed: spheres diameter mass gap velocity restitution extended");
  }
  double spheres = 4;
  if (const Json* v = root.find("spheres")) {
    if (!v->isNumber() || v->asNumber() != std::floor(v->asNumber()) || v->asNumber() < 2 || v->asNumber() > 1000)
      return failure("spheres = " + v->dump().substr(0, 60) + ": must be an integer between 2 and 1000");
    spheres = v->asNumber();
  }
  const std::size_t n = static_cast<std::size_t>(spheres);
  Setup s = standardSetup(0.5, static_cast<int>(n));
  std::vector<double> gap(n - 1, 1.0);
  std::string problem;
  if (!readList(root, "diameter", n, s.diameter, problem) || !readList(root, "mass", n, s.mass, problem) ||
      !readList(root, "gap", n - 1, gap, problem) || !readList(root, "velocity", n, s.velocity, problem) ||
      !readList(root, "restitution", n - 1, s.restitution, problem))
    return failure(problem);
  for (std::size_t k = 0; k + 1 < n; ++k)
    if (!(gap[k] >= 0) || !std::isfinite(gap[k])) return failure("gap[" + std::to_string(k) + "] = " + formatNumber(gap[k]) + ": must be >= 0 m");
  for (std::size_t i = 0; i < n; ++i)
    if (!(s.diameter[i] > 0)) return failure("diameter[" + std::to_string(i) + "] = " + formatNumber(s.diameter[i]) + ": must be > 0 m");
  s.position.assign(n, 0.0);
  for (std::size_t k = 0; k + 1 < n; ++k) s.position[k + 1] = s.position[k] + 0.5 * (s.diameter[k] + s.diameter[k + 1]) + gap[k];
  if (const Json* v = root.find("extended")) {
    if (!v->isBool()) return failure("extended = " + v->dump().substr(0, 60) + ": must be true or false");
    s.extended = v->asBool();
  }
  s.maxLog = static_cast<std::size_t>(maxLog < 0 ? 0 : maxLog);
  s.maxCollisions = maxCollisions;
  const std::string bad = check(s);
  if (!bad.empty()) return failure(bad);
  return resultJson(simulate(s));
}

std::string monteCarloJson(int samples, double mu, double sigma, double seed) {
  const int k = samples < 1 ? 1 : samples > 1000000 ? 1000000 : samples;
  const MonteCarlo mc = monteCarlo(k, mu, sigma, static_cast<std::uint64_t>(seed >= 0 && seed < 9007199254740992.0 ? seed : 0));
  Json o = Json::object();
  o.set("samples", Json::number(k));
  o.set("mean", Json::number(mc.mean));
  o.set("sd", Json::number(mc.sd));
  o.set("ciLow", Json::number(mc.ciLow));
  o.set("ciHigh", Json::number(mc.ciHigh));
  o.set("values", Json::numbers(mc.samples));
  o.set("restitution", Json::numbers(mc.restitution));
  return o.dump();
}

std::string monteCarloRangeJson(int samples, double mu, double sigma, double seed, int from, int to) {
  const int k = samples < 1 ? 1 : samples > 1000000 ? 1000000 : samples;
  const std::uint64_t s = static_cast<std::uint64_t>(seed >= 0 && seed < 9007199254740992.0 ? seed : 0);
  Json o = Json::object();
  std::vector<double> e;
  const std::vector<double> values = monteCarloValues(k, mu, sigma, s, from < 0 ? 0 : from, to, &e);
  o.set("from", Json::number(from));
  o.set("values", Json::numbers(values));
  o.set("restitution", Json::numbers(e));
  return o.dump();
}

std::string newtonJson(double target, double lo, double hi) {
  const NewtonResult n = solveRestitution(target, lo, hi);
  Json o = Json::object();
  o.set("e", Json::number(n.e));
  o.set("converged", Json::boolean(n.converged));
  Json steps = Json::array();
  for (const NewtonStep& st : n.steps) {
    Json row = Json::object();
    row.set("e", Json::number(st.e));
    row.set("residual", Json::number(st.residual));
    row.set("bisection", Json::boolean(st.bisection));
    steps.push(std::move(row));
  }
  o.set("steps", std::move(steps));
  return o.dump();
}

}  // namespace granular::chain
