// granular-cli on comparison scenarios ("engine": "compare"): validate, normalize, hash, run (one
// line per output instant with each engine's kinetic energy, centre-of-mass height and collisions
// or contacts made), table (the four-sphere row's final velocities beside the exact answer).
#include "compare_cli.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>

#include "granular/compare.hpp"
#include "run_until.hpp"
#include "util/json.hpp"

namespace granular::cli {

namespace {

int printErrors(const CompareWorld& w, const std::string& file) {
  for (const Issue& e : w.errors()) std::cerr << file << ": " << e.text() << "\n";
  return 1;
}

void runTo(CompareWorld& w, double until) {
  while (w.time() < until) {
    const AdvanceStatus s = w.advance(100000);
    if (s == AdvanceStatus::Finished || s == AdvanceStatus::Stopped) return;
  }
}

std::string fixed(double v, int width, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%*.*f", width, digits, v);
  return buf;
}

/// The table as text: one line per engine, the exact answer first.
int printTable(const std::string& json) {
  Json t;
  JsonError err;
  if (!parseJson(json, t, err) || !t.isObject()) return 1;
  if (!t.find("ok")->asBool()) {
    std::cerr << t.find("message")->asString() << "\n";
    return 1;
  }
  const Json& exact = *t.find("exact");
  std::cout << "four-sphere row, e = " << formatNumber(t.find("restitution")->asNumber()) << ", gaps "
            << formatNumber(t.find("gap")->asNumber()) << " m, v0 = " << formatNumber(t.find("speed")->asNumber()) << " m/s\n";
  std::cout << "engine                       v1          v2          v3          v4     collisions   max |dv|\n";
  auto line = [](const std::string& name, const Json& v, double collisions, const std::string& diff) {
    std::string out = name;
    out.resize(22, ' ');
    for (const Json& x : v.items()) out += fixed(x.asNumber(), 12, 8);
    out += fixed(collisions, 13, 0) + "   " + diff;
    std::cout << out << "\n";
  };
  line("exact (chain)", *exact.find("velocities"), exact.find("collisions")->asNumber(), "");
  for (const Json& e : t.find("engines")->items())
    line(e.find("engine")->asString(), *e.find("velocities"), e.find("collisions")->asNumber(),
         formatNumber(e.find("maxDifference")->asNumber()));
  return 0;
}

}  // namespace

int compareCommand(const std::string& command, const std::string& file, const std::string& text, double until,
                   const std::string& format, const std::string& outPath) {
  if (command == "validate") {
    CompareWorld w(text);
    for (const Issue& e : w.errors()) std::cout << file << ": " << e.text() << "\n";
    if (w.ok()) std::cout << file << ": ok\n";
    return w.ok() ? 0 : 1;
  }
  if (command == "normalize") {
    CompareWorld w(text);
    if (!w.ok()) return printErrors(w, file);
    std::cout << w.scenarioJson() << "\n";
    return 0;
  }
  if (command == "hash") {
    CompareWorld w(text);
    if (!w.ok()) return printErrors(w, file);
    runTo(w, until);
    std::cout << w.hashHex() << " " << formatNumber(w.time()) << " " << w.outputIndex() << "\n";
    return 0;
  }
  if (command == "table") {
    const std::string json = compareRowTableJson(text);
    if (format == "json") {
      std::cout << json << "\n";
      return 0;
    }
    return printTable(json);
  }
  if (command == "run") {
    CompareWorld w(text);
    if (!w.ok()) return printErrors(w, file);
    std::ofstream fileOut;
    if (!outPath.empty()) {
      fileOut.open(outPath);
      if (!fileOut) {
        std::cerr << "cannot write " << outPath << "\n";
        return 1;
      }
    }
    std::ostream& out = outPath.empty() ? std::cout : fileOut;
    const bool csv = format != "jsonl";
    const char* keys[kCompareEngines] = {"event", "soft", "nscd"};
    if (csv) {
      out << "time_s";
      for (const char* k : keys) out << ",kinetic_" << k << "_J";
      for (const char* k : keys) out << ",height_" << k << "_m";
      for (const char* k : keys) out << ",contacts_" << k;
      out << "\n";
    }
    std::size_t written = 0;
    auto flush = [&]() {
      for (; written < w.samples().size(); ++written) {
        const CompareSample& s = w.samples()[written];
        if (csv) {
          out << formatNumber(s.time);
          for (double v : s.kinetic) out << ',' << formatNumber(v);
          for (double v : s.height) out << ',' << formatNumber(v);
          for (double v : s.contacts) out << ',' << formatNumber(v);
          out << "\n";
        } else {
          Json j = Json::object();
          j.set("time", Json::number(s.time));
          for (int k = 0; k < kCompareEngines; ++k) {
            Json e = Json::object();
            e.set("kinetic", Json::number(s.kinetic[static_cast<std::size_t>(k)]));
            e.set("height", Json::number(s.height[static_cast<std::size_t>(k)]));
            e.set("contacts", Json::number(s.contacts[static_cast<std::size_t>(k)]));
            j.set(keys[k], std::move(e));
          }
          out << j.dump() << "\n";
        }
      }
    };
    flush();
    while (w.time() < until && atOrBefore(w.nextOutputTime(), until)) {  // no row past --until
      const AdvanceStatus s = w.advance(100000);
      flush();
      if (s == AdvanceStatus::Finished || s == AdvanceStatus::Stopped) break;
    }
    const std::string why = w.message();
    if (!why.empty()) std::cerr << why << "\n";
    return 0;
  }
  return 2;
}

}  // namespace granular::cli
