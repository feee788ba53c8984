// granular-cli on avalanche scenarios ("engine": "avalanche"): validate, normalize, hash, run.
// `run` writes one CSV (or JSON) line per output instant after the gate opens and a summary on stderr.
#include "avalanche_cli.hpp"

#include <fstream>
#include <iostream>

#include "granular/avalanche.hpp"
#include "run_until.hpp"
#include "util/json.hpp"

namespace granular::cli {

namespace {

int printErrors(const AvalancheWorld& w, const std::string& file) {
  for (const Issue& e : w.errors()) std::cerr << file << ": " << e.text() << "\n";
  return 1;
}

/// Run until the flow stops, the duration ends or `until` (s after the gate opened) is reached:
/// for hash, to the first output instant at or after it; for run (`lastAtOrBefore`), to the last
/// one at or before it, so that no row is past --until.
void runTo(AvalancheWorld& w, double until, bool lastAtOrBefore = false) {
  for (;;) {
    const bool flowing = w.phase() != AvalancheWorld::Phase::Settling;
    if (flowing && lastAtOrBefore && !atOrBefore(w.nextOutputTime(), until)) return;
    const AdvanceStatus s = w.advance(100000);
    if (s == AdvanceStatus::Finished || s == AdvanceStatus::Stopped) return;
    if (w.phase() != AvalancheWorld::Phase::Settling && w.time() >= until) return;
  }
}

Json summaryJson(const AvalancheWorld& w) {
  const AvalancheSummary& s = w.summary();
  Json j = Json::object();
  j.set("grains", Json::number(s.grains));
  j.set("settleTime", Json::number(s.settleTime));
  j.set("l0", Json::number(s.l0));
  j.set("h0", Json::number(s.h0));
  j.set("aspect", Json::number(s.aspect));
  j.set("runout", Json::number(s.runout));
  j.set("relativeRunout", Json::number(s.l0 > 0 ? (s.runout - s.l0) / s.l0 : 0));
  j.set("collapseTime", Json::number(s.collapseTime));
  j.set("steps", Json::number(static_cast<double>(s.steps)));
  j.set("settleSteps", Json::number(static_cast<double>(s.settleSteps)));
  j.set("iterations", Json::number(static_cast<double>(s.iterations)));
  j.set("unconverged", Json::number(s.unconverged));
  j.set("fallen", Json::number(s.fallen));
  j.set("fallenThrough", Json::number(s.fallenThrough));
  j.set("deepestOverlap", Json::number(s.deepestOverlap));
  j.set("deepestOverlapTime", Json::number(s.deepestOverlapTime));
  if (w.spec().hasVillage) {  // will the village be destroyed? when the flow reached it, or null
    Json village = Json::object();
    village.set("x", Json::number(w.spec().village));
    village.set("reachedAt", s.villageReachedAt >= 0 ? Json::number(s.villageReachedAt) : Json::null());
    j.set("village", std::move(village));
  }
  j.set("hash", Json::string(w.hashHex()));
  return j;
}

}  // namespace

bool addBoundarySegments(std::string& scenarioJson, const std::vector<geom::Segment2>& segments, std::string& error) {
  Json root;
  JsonError jerr;
  if (!parseJson(scenarioJson, root, jerr) || !root.isObject()) {
    error = "not a JSON object";
    return false;
  }
  Json list = Json::array();
  if (const Json* b = root.find("boundary"); b && b->isObject())
    if (const Json* old = b->find("segments"); old && old->isArray())
      for (const Json& item : old->items()) list.push(item);
  for (const auto& g : segments) list.push(Json::numbers({g.ax, g.ay, g.bx, g.by}));
  Json boundary = Json::object();
  boundary.set("segments", std::move(list));
  root.set("boundary", std::move(boundary));
  scenarioJson = root.dump();
  return true;
}

int avalancheCommand(const std::string& command, const std::string& file, const std::string& text, double until,
                     const std::string& format, const std::string& outPath) {
  AvalancheWorld w(text);
  if (command == "validate") {
    for (const Issue& e : w.errors()) std::cout << file << ": " << e.text() << "\n";
    if (w.ok()) std::cout << file << ": ok\n";
    return w.ok() ? 0 : 1;
  }
  if (!w.ok()) return printErrors(w, file);
  if (command == "normalize") {
    std::cout << w.scenarioJson() << "\n";
    return 0;
  }
  if (command == "hash") {
    runTo(w, until);
    std::cout << w.hashHex() << " " << formatNumber(w.time()) << " " << w.outputIndex() << "\n";
    return 0;
  }
  if (command != "run") return 2;
  std::ofstream file_out;
  if (!outPath.empty()) {
    file_out.open(outPath);
    if (!file_out) {
      std::cerr << "cannot write " << outPath << "\n";
      return 1;
    }
  }
  std::ostream& out = outPath.empty() ? std::cout : file_out;
  const bool csv = format != "jsonl";
  if (csv) out << "time_s,runout_m,front_velocity_m_per_s,kinetic_energy_J,max_iterations,mean_iterations,residual,contacts\n";
  runTo(w, until, true);
  for (const AvalancheSample& s : w.samples()) {
    if (csv) {
      out << formatNumber(s.time) << ',' << formatNumber(s.runout) << ',' << formatNumber(s.frontVelocity) << ','
          << formatNumber(s.kineticEnergy) << ',' << s.iterations << ',' << formatNumber(s.meanIterations) << ','
          << formatNumber(s.residual) << ',' << s.contacts << "\n";
    } else {
      Json j = Json::object();
      j.set("time", Json::number(s.time));
      j.set("runout", Json::number(s.runout));
      j.set("frontVelocity", Json::number(s.frontVelocity));
      j.set("kineticEnergy", Json::number(s.kineticEnergy));
      j.set("iterations", Json::number(s.iterations));
      j.set("meanIterations", Json::number(s.meanIterations));
      j.set("residual", Json::number(s.residual));
      j.set("contacts", Json::number(s.contacts));
      out << j.dump() << "\n";
    }
  }
  const AvalancheSummary& sum = w.summary();
  if (sum.deepestOverlap > AvalancheSummary::kOverlapWarn)
    std::cerr << file << ": warning: grains sank " << 100 * sum.deepestOverlap << " % of a radius into each other (t = " << sum.deepestOverlapTime
              << " s; negative: while settling): these are not rigid grains, so the runout is not theirs; shorten solver.timeStep, "
                 "lower solver.tolerance, keep solver.warmStart on (docs/avalanche.md)\n";
  std::cerr << summaryJson(w).dump() << "\n";
  return 0;
}

}  // namespace granular::cli
