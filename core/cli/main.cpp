// granular-cli: run any scenario file headless (the same files the web app reads).
//
//   granular-cli run FILE [--until T] [--format csv|jsonl] [--out FILE] [--state FILE] [--events FILE] [--engine NAME]
//   granular-cli validate FILE        every problem, one per line; exit status 1 if any
//   granular-cli normalize FILE       the scenario with every default filled in
//   granular-cli defaults             the default scenario
//   granular-cli hash FILE --until T [--engine NAME]
//                                     state hash at the output instant T (native/WASM parity checks)
//   granular-cli bench FILE --discs N --events E [--engine NAME]
//                                     collisions per second on FILE with N discs (JSON line)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "avalanche_cli.hpp"
#include "compare_cli.hpp"
#include "memory_probe.hpp"
#include "run_until.hpp"
#include "engines/engine.hpp"
#include "engines/chain/chain.hpp"
#include "engines/nscd/bench.hpp"
#include "engines/nscd/column.hpp"
#include "engines/nscd/study.hpp"
#include "geometry/msh.hpp"
#include "granular/scenario.hpp"
#include "granular/soft.hpp"
#include "granular/version.hpp"
#include "granular/world.hpp"
#include "model/model.hpp"
#include "state/state.hpp"
#include "util/json.hpp"

using namespace granular;

namespace {

/// The commands and their options: on stdout for --help (status 0), on stderr when no command is given (2).
int usage(std::ostream& to = std::cerr, int status = 2) {
  to << "granular-cli " << kVersion << "\n"
            << "usage:\n"
            << "  granular-cli run FILE [--until T] [--format csv|jsonl] [--out FILE] [--state FILE] [--events FILE] [--engine NAME]\n"
            << "  granular-cli validate FILE\n"
            << "  granular-cli normalize FILE\n"
            << "  granular-cli defaults\n"
            << "  granular-cli hash FILE --until T [--engine NAME]\n"
            << "  granular-cli bench FILE --discs N --events E [--engine NAME]\n"
            << "  granular-cli avalanche-bench [--grains N --steps K --sweeps S --settle T --pile true]   (NSCD pile of N <= 200000 grains: time per step, JSON)\n"
            << "  granular-cli memory-latency   (dependent random loads over 1-64 MB: this machine's cache and memory, JSON)\n"
            << "  granular-cli info FILE            (soft discs: damping constants, Hertz times)\n"
            << "  granular-cli chain --e E [--spheres N] [--extended true]   (four-sphere row: collisions, final velocities)\n"
            << "  granular-cli chain --setup '{\"spheres\": 3, \"mass\": [1, 2, 1], \"gap\": 0, \"restitution\": [1, 0.5]}'   (any row: spheres,\n"
            << "                                    diameter, mass, gap, velocity, restitution: a number for all, or one each)\n"
            << "  granular-cli chain-mc --samples K --mu M --sigma S --seed SEED\n"
            << "  granular-cli chain-newton --target V [--lo A --hi B]\n"
            << "  granular-cli avalanche-study [--aspects 0.5,1,2,4,8 --solver gs|jacobi --seed S --seeds K --jobs J --mu MU --mu-r MU_R --restitution E --dt H --tol T --min-width W --min-height H --json FILE\n"
            << "                           --max-iterations N --rmin R --rmax R --stop-energy E --floor-radius R --floor-gap G --alert A --lock-rotation true]\n"
            << "                                    (runout vs aspect ratio, log-log slopes judged; exit 1 on FAIL)\n"
            << "  granular-cli bench FILE [--until T]  (soft discs: wall-clock time of the run)\n"
            << "Avalanche scenarios (\"engine\": \"avalanche\"): validate, normalize, hash --until T, run [--until T] [--boundary SLOPE.msh]\n"
            << "(runout, front velocity, kinetic energy, solver iterations per output instant; summary on stderr).\n"
            << "Soft-disc scenarios (\"engine\": \"soft\") print the energy ledger instead of the gas observables.\n"
            << "Comparison scenarios (\"engine\": \"compare\"): validate, normalize, hash --until T, run [--until T] (each engine's\n"
            << "kinetic energy, centre-of-mass height, collisions or contacts), table [--format json] (the four-sphere row vs exact).\n";
  return status;
}

/// A usage mistake: what is wrong (the command, the option and its value), a pointer to --help, status 2.
int usageError(const std::string& message) {
  std::cerr << "granular-cli " << message << "\n(granular-cli --help lists the commands and their options)\n";
  return 2;
}

/// The whole file; false with the reason (missing, unreadable, a directory) in `error`.
bool readFile(const std::string& path, std::string& text, std::string& error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = path + ": is a directory, not a file";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read " + path + (std::filesystem::exists(path, ec) ? "" : ": no such file");
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return true;
}

struct Args {
  std::string command, file;
  std::map<std::string, std::string> options;
  bool has(const std::string& k) const { return options.count(k) != 0; }
  std::string get(const std::string& k, const std::string& def = "") const {
    auto it = options.find(k);
    return it == options.end() ? def : it->second;
  }
};

/// argv into command, FILE and --name value (or --name=value) options; false with a message.
bool parseArgs(int argc, char** argv, Args& a, std::string& error) {
  a.command = argv[1];
  for (int i = 2; i < argc; ++i) {
    std::string s = argv[i];
    if (s.rfind("--", 0) == 0) {
      const std::size_t eq = s.find('=');
      if (eq != std::string::npos) {
        a.options[s.substr(2, eq - 2)] = s.substr(eq + 1);
        continue;
      }
      if (i + 1 >= argc) {
        error = a.command + ": option " + s + " needs a value";
        return false;
      }
      a.options[s.substr(2)] = argv[++i];
    } else if (a.file.empty()) {
      a.file = s;
    } else {
      error = a.command + ": unexpected argument '" + s + "' (one FILE only, options as --name value)";
      return false;
    }
  }
  return true;
}

/// Every option given is one of `allowed` (what the command does with this kind of scenario);
/// otherwise a message naming the option and listing those it takes. An option the command does
/// not read would otherwise be dropped without a word (a mistyped --unitl, --state on a comparison).
bool allowOptions(const Args& a, std::initializer_list<const char*> allowed, const std::string& context = "") {
  for (const auto& option : a.options) {
    bool ok = false;
    for (const char* name : allowed) ok = ok || option.first == name;
    if (ok) continue;
    std::string list;
    for (const char* name : allowed) list += std::string(list.empty() ? "" : " ") + "--" + name;
    usageError(a.command + (context.empty() ? "" : " " + context) + ": unknown option --" + option.first + " " + option.second +
               (list.empty() ? " (it takes no options)" : " (its options: " + list + ")"));
    return false;
  }
  return true;
}

/// Commands without a FILE refuse one (`defaults x.json` wrote the defaults, not x.json).
bool noFile(const Args& a) {
  if (a.file.empty()) return true;
  usageError(a.command + ": takes no FILE (got '" + a.file + "')");
  return false;
}

bool parseNumber(const std::string& text, double& out) {
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return end && *end == '\0' && !text.empty() && std::isfinite(out);
}

constexpr double kHuge = 1.7976931348623157e308;

/// --name's value (`out` kept when the option is absent) as a finite number in [lo, hi] (lo itself
/// excluded when `above`), a whole number when `integer`; otherwise a message naming the option and
/// its value (nan, inf, -1 and 1e12 were taken as they came: a negative --until hashed t = 0, an
/// infinite one never ended, --samples 1e12 ran one sample).
bool numberOption(const Args& a, const char* name, double& out, double lo, double hi, bool integer = false, bool above = false) {
  if (!a.has(name)) return true;
  double v = 0;
  const bool ok = parseNumber(a.get(name), v) && (above ? v > lo : v >= lo) && v <= hi && (!integer || v == std::floor(v));
  if (ok) {
    out = v;
    return true;
  }
  std::string rule = integer ? "must be a whole number" : "must be a number";
  if (hi >= kHuge) rule += above ? " > " + formatNumber(lo) : " >= " + formatNumber(lo);
  else if (above) rule += " > " + formatNumber(lo) + " and <= " + formatNumber(hi);
  else rule += " from " + formatNumber(lo) + " to " + formatNumber(hi);
  usageError(a.command + ": --" + name + " " + a.get(name) + ": " + rule);
  return false;
}

/// --name true | false (`out` kept when absent).
bool boolOption(const Args& a, const char* name, bool& out) {
  if (!a.has(name)) return true;
  if (a.get(name) == "true" || a.get(name) == "false") {
    out = a.get(name) == "true";
    return true;
  }
  usageError(a.command + ": --" + name + " " + a.get(name) + ": must be true or false");
  return false;
}

/// --name one of `choices` (`out` kept when absent).
bool choiceOption(const Args& a, const char* name, std::string& out, std::initializer_list<const char*> choices) {
  if (!a.has(name)) return true;
  std::string list;
  for (const char* c : choices) {
    if (a.get(name) == c) {
      out = c;
      return true;
    }
    list += std::string(list.empty() ? "" : " or ") + c;
  }
  usageError(a.command + ": --" + name + " " + a.get(name) + ": must be " + list);
  return false;
}

/// --until T of run and bench (> 0 s) and of hash (>= 0 s: 0 is the initial state).
bool untilOption(const Args& a, double& until) {
  return numberOption(a, "until", until, 0, kHuge, false, a.command != "hash");
}

/// The engines a scenario file can name, across the families (core/src/scenario/*parse.cpp).
constexpr const char* kScenarioEngines =
    "\"event\" (granular gas, the default), \"soft\" (soft discs), \"avalanche\" (NSCD column collapse) or "
    "\"compare\" (the engines side by side)";

/// What --engine takes on a gas scenario: the registry's engines (core/src/engines/registry.cpp).
constexpr const char* kGasEngines = "\"event\" (the event-driven fast path, the default) or \"event-naive\" (the O(N^2) reference)";

/// One problem of a gas scenario as the CLI says it. A file is read as a gas scenario whenever its
/// engine is none of the other families', so the gas parser's `engine = "sof": must be one of:
/// "event"` there means an engine no family has: name them all, not just the gas page's.
std::string issueText(const Issue& e) {
  if (e.path == "engine" && e.message.rfind("must be one of", 0) == 0)
    return e.path + " = " + e.value + ": no such engine; a scenario's engine is " + kScenarioEngines;
  // World's own "no such engine" comes only from --engine (the scenario's engine was validated
  // first): name what --engine takes, the gas engines of core/src/engines/registry.cpp
  if (e.path == "engine" && e.message == "no such engine")
    return "--engine " + e.value.substr(1, e.value.size() - 2) + ": no such engine; --engine takes " + kGasEngines;
  return e.text();
}

int printErrors(const World& w, const std::string& file) {
  for (const Issue& e : w.errors()) std::cerr << file << ": " << issueText(e) << "\n";
  return 1;
}

void writeObservation(std::ostream& out, const Observation& o, bool csv) {
  if (csv) {
    out << formatNumber(o.time) << ',' << formatNumber(o.kineticEnergy) << ',' << formatNumber(o.temperature) << ','
        << formatNumber(o.collisions) << ',' << formatNumber(o.wallHits) << ',' << formatNumber(o.collisionRate) << ','
        << formatNumber(o.wallPressure) << ',' << formatNumber(o.energyDissipated) << ',' << formatNumber(o.energyInjected)
        << '\n';
  } else {
    Json j = Json::object();
    j.set("time", Json::number(o.time));
    j.set("kineticEnergy", Json::number(o.kineticEnergy));
    j.set("temperature", Json::number(o.temperature));
    j.set("collisions", Json::number(o.collisions));
    j.set("wallHits", Json::number(o.wallHits));
    j.set("collisionRate", Json::number(o.collisionRate));
    j.set("wallPressure", Json::number(o.wallPressure));
    j.set("energyDissipated", Json::number(o.energyDissipated));
    j.set("energyInjected", Json::number(o.energyInjected));
    out << j.dump() << '\n';
  }
}

void writeState(std::ostream& out, const World& w) {
  Json j = Json::object();
  j.set("time", Json::number(w.time()));
  Json x = Json::array(), y = Json::array(), vx = Json::array(), vy = Json::array(), spin = Json::array();
  for (int i = 0; i < w.count(); ++i) {
    x.push(Json::number(w.positions()(0, i)));
    y.push(Json::number(w.positions()(1, i)));
    vx.push(Json::number(w.velocities()(0, i)));
    vy.push(Json::number(w.velocities()(1, i)));
    spin.push(Json::number(w.state().spin(i)));
  }
  j.set("x", std::move(x));
  j.set("y", std::move(y));
  j.set("vx", std::move(vx));
  j.set("vy", std::move(vy));
  j.set("spin", std::move(spin));
  out << j.dump() << '\n';
}

/// The `run` command for any World: --until (default: the scenario's duration), --format csv|jsonl,
/// --out FILE, --state FILE; one row per output instant up to --until (never past it: a T between two
/// instants ends at the earlier one), the state per instant when asked.
template <class W, class Row, class StateRow>
int runWorld(const Args& a, W& w, double duration, const char* csvHeader, Row row, StateRow stateRow) {
  double until = duration;
  if (!untilOption(a, until)) return 2;
  if (!(until > 0)) {
    std::cerr << a.file << ": output.duration is 0 (unbounded): pass --until T (seconds)\n";
    return 2;
  }
  std::string format = "csv";
  if (!choiceOption(a, "format", format, {"csv", "jsonl"})) return 2;
  std::ofstream file, state;
  for (const char* option : {"out", "state"}) {
    if (!a.has(option)) continue;
    std::ofstream& f = std::string(option) == "out" ? file : state;
    f.open(a.get(option));
    if (!f) {
      std::cerr << "cannot write " << a.get(option) << "\n";
      return 1;
    }
  }
  std::ostream& out = a.has("out") ? static_cast<std::ostream&>(file) : std::cout;
  const bool csv = format == "csv";
  if (csv) out << csvHeader << "\n";
  row(out, csv);
  if (state) stateRow(state);
  while (w.time() < until && cli::atOrBefore(w.nextOutputTime(), until)) {
    const AdvanceStatus s = w.advance(1000000);
    if (s == AdvanceStatus::Budget) continue;
    if (s == AdvanceStatus::Finished) break;
    row(out, csv);
    if (state) stateRow(state);
    if (s == AdvanceStatus::Stopped) {
      std::cerr << a.file << ": stopped: " << w.message() << "\n";
      return 3;
    }
  }
  return 0;
}

/// --events FILE: every collision, in order, as CSV rows time_s,i,j (j < 0: wall -(j+1)).
constexpr std::size_t kCliEventLog = std::size_t{1} << 22;

int run(const Args& a, const std::string& text) {
  World w(text, a.get("engine"));
  if (!w.ok()) return printErrors(w, a.file);
  std::ofstream events;
  std::int64_t written = 0;
  std::vector<LoggedCollision> batch;
  if (a.has("events")) {
    events.open(a.get("events"));
    if (!events) {
      std::cerr << "cannot write " << a.get("events") << "\n";
      return 1;
    }
    events << "time_s,i,j\n";
    w.enableEventLog(kCliEventLog);
  }
  // written at every output instant: the log holds what happened since the previous one
  auto writeEvents = [&] {
    if (!events) return;
    batch.clear();
    const std::int64_t first = w.eventLog(written, batch);
    if (first > written) std::cerr << a.file << ": " << (first - written) << " collisions dropped from the event log\n";
    for (const LoggedCollision& c : batch) events << formatNumber(c.time) << ',' << c.i << ',' << c.j << '\n';
    written = first + static_cast<std::int64_t>(batch.size());
  };
  return runWorld(
      a, w, w.model().duration,
      "time_s,kinetic_energy_J,temperature_J,collisions,wall_hits,collision_rate_per_s,wall_pressure_N_per_m,"
      "energy_dissipated_J,energy_injected_J",
      [&](std::ostream& o, bool csv) {
        writeObservation(o, w.observation(), csv);
        writeEvents();
      },
      [&](std::ostream& o) { writeState(o, w); });
}

int bench(const Args& a, const std::string& text) {
  double discs = 0, events = 0;
  if (!a.has("discs") || !a.has("events")) return usageError("bench: a gas scenario needs --discs N --events E");
  if (!numberOption(a, "discs", discs, 1, 200000, true) || !numberOption(a, "events", events, 1, 1e15, true)) return 2;
  Json root;
  JsonError err;
  if (!parseJson(text, root, err)) {
    std::cerr << a.file << ": " << err.message << "\n";
    return 1;
  }
  // Same override as the WASM side of the benchmark (scripts/bench.mjs): disc count, unbounded run.
  Json gen = root.find("generate") ? *root.find("generate") : Json::object();
  gen.set("count", Json::number(discs));
  root.set("generate", gen);
  Json out = root.find("output") ? *root.find("output") : Json::object();
  out.set("interval", Json::number(1e6));
  out.set("duration", Json::number(0));
  root.set("output", out);
  const auto t0 = std::chrono::steady_clock::now();
  World w(root.dump(), a.get("engine"));
  if (!w.ok()) return printErrors(w, a.file);
  const auto t1 = std::chrono::steady_clock::now();
  // Warm up (the first events after placement are atypical), then measure.
  const std::int64_t warm = static_cast<std::int64_t>(events / 5);
  w.advance(warm);
  const double c0 = static_cast<double>(w.stats().collisions + w.stats().wallHits);
  const auto t2 = std::chrono::steady_clock::now();
  w.advance(static_cast<std::int64_t>(events));
  const auto t3 = std::chrono::steady_clock::now();
  const double collisions = static_cast<double>(w.stats().collisions + w.stats().wallHits) - c0;
  const double seconds = std::chrono::duration<double>(t3 - t2).count();
  Json j = Json::object();
  j.set("discs", Json::number(discs));
  j.set("collisions", Json::number(collisions));
  j.set("seconds", Json::number(seconds));
  j.set("collisionsPerSecond", Json::number(collisions / seconds));
  j.set("setupSeconds", Json::number(std::chrono::duration<double>(t1 - t0).count()));
  j.set("cellCrossings", Json::number(static_cast<double>(w.stats().cellCrossings)));
  j.set("staleEvents", Json::number(static_cast<double>(w.stats().staleEvents)));
  std::cout << j.dump() << "\n";
  return 0;
}

// Soft discs: the same commands, with the energy ledger as observables.
int printSoftErrors(const SoftWorld& w, const std::string& file) {
  for (const Issue& e : w.errors()) std::cerr << file << ": " << e.text() << "\n";
  return 1;
}

void writeLedger(std::ostream& out, const SoftWorld& w, bool csv) {
  const SoftLedger& L = w.ledger();
  const SoftStats& st = w.stats();
  if (csv) {
    out << formatNumber(L.time) << ',' << formatNumber(L.translational) << ',' << formatNumber(L.rotational) << ','
        << formatNumber(L.observer) << ',' << formatNumber(L.elastic) << ',' << formatNumber(L.potential) << ','
        << formatNumber(L.damping) << ',' << formatNumber(L.friction) << ',' << formatNumber(L.total()) << ',' << st.steps
        << ',' << st.rejected << ',' << st.contactsStarted << '\n';
    return;
  }
  Json j = Json::object();
  j.set("time", Json::number(L.time));
  j.set("translational", Json::number(L.translational));
  j.set("rotational", Json::number(L.rotational));
  j.set("observer", Json::number(L.observer));
  j.set("elastic", Json::number(L.elastic));
  j.set("potential", Json::number(L.potential));
  j.set("dissipatedDamping", Json::number(L.damping));
  j.set("dissipatedFriction", Json::number(L.friction));
  j.set("total", Json::number(L.total()));
  j.set("steps", Json::number(static_cast<double>(st.steps)));
  j.set("rejected", Json::number(static_cast<double>(st.rejected)));
  j.set("contacts", Json::number(static_cast<double>(st.contactsStarted)));
  out << j.dump() << '\n';
}

void writeSoftState(std::ostream& out, const SoftWorld& w) {
  Json j = Json::object();
  j.set("time", Json::number(w.time()));
  const char* names[6] = {"x", "y", "angle", "vx", "vy", "spin"};
  for (int r = 0; r < 6; ++r) {
    Json a = Json::array();
    for (int i = 0; i < w.count(); ++i) a.push(Json::number(w.coordinates()(r, i)));
    j.set(names[r], std::move(a));
  }
  Json ox = Json::array(), oy = Json::array();
  for (int i = 0; i < w.count(); ++i) {
    ox.push(Json::number(w.observers()(0, i)));
    oy.push(Json::number(w.observers()(1, i)));
  }
  j.set("observerX", std::move(ox));
  j.set("observerY", std::move(oy));
  out << j.dump() << '\n';
}

int runSoft(const Args& a, const std::string& text) {
  SoftWorld w(text);
  if (!w.ok()) return printSoftErrors(w, a.file);
  const int status = runWorld(
      a, w, w.spec().duration,
      "time_s,translational_J,rotational_J,observer_J,elastic_J,potential_J,dissipated_damping_J,dissipated_friction_J,"
      "total_J,steps,rejected_steps,contacts",
      [&](std::ostream& o, bool csv) { writeLedger(o, w, csv); }, [&](std::ostream& o) { writeSoftState(o, w); });
  const double slip = w.stats().slipStep;
  if (slip >= SoftStats::kRk4SlipLimit)
    std::cerr << a.file << ": warning: rk4's step is too long for the Coulomb regularisation (slip relaxation lambda h up to "
              << formatShort(slip) << ", stable below " << SoftStats::kRk4SlipLimit
              << "): the friction tally drifts and the ledger closes only to first order in h; use integrator.method dopri5, a "
                 "larger friction.slipSpeed or more integrator.stepsPerContact (docs/soft-discs.md)\n";
  return status;
}

int softCommand(const Args& a, const std::string& text) {
  if (a.command == "validate") {
    SoftWorld w(text);
    for (const Issue& e : w.errors()) std::cout << a.file << ": " << e.text() << "\n";
    if (w.ok()) std::cout << a.file << ": ok\n";
    return w.ok() ? 0 : 1;
  }
  if (a.command == "normalize") {
    SoftWorld w(text);
    if (!w.ok()) return printSoftErrors(w, a.file);
    std::cout << w.scenarioJson() << "\n";
    return 0;
  }
  if (a.command == "hash") {
    double until = 0;
    if (!untilOption(a, until)) return 2;
    SoftWorld w(text);
    if (!w.ok()) return printSoftErrors(w, a.file);
    w.runUntil(until);
    std::cout << w.hashHex() << " " << formatNumber(w.time()) << " " << w.outputIndex() << "\n";
    return 0;
  }
  if (a.command == "info") {
    SoftWorld w(text);
    if (!w.ok()) return printSoftErrors(w, a.file);
    std::cout << w.infoJson() << "\n";
    return 0;
  }
  if (a.command == "run") return runSoft(a, text);
  if (a.command == "bench") {
    // Wall-clock time of the whole run to --until (default: the scenario's duration), set-up excluded.
    SoftWorld w(text);
    if (!w.ok()) return printSoftErrors(w, a.file);
    double until = w.spec().duration;
    if (!untilOption(a, until)) return 2;
    const auto t0 = std::chrono::steady_clock::now();
    w.runUntil(until);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    Json j = Json::object();
    j.set("discs", Json::number(w.count()));
    j.set("simulated", Json::number(w.time()));
    j.set("steps", Json::number(static_cast<double>(w.stats().steps)));
    j.set("seconds", Json::number(seconds));
    j.set("particleStepsPerSecond", Json::number(static_cast<double>(w.stats().steps) * w.count() / seconds));
    j.set("hash", Json::string(w.hashHex()));
    std::cout << j.dump() << "\n";
    return 0;
  }
  return usage();
}


// granular-cli avalanche-study: issue 5 §3, the runout vs aspect ratio table and its judged slopes.
int avalancheStudy(const Args& a) {
  nscd::StudyParams p;
  double seed = 1, seeds = 1, jobs = 1, maxIterations = p.maxIterations;
  std::vector<double> aspects;
  {
    std::stringstream list(a.get("aspects", "0.5,1,2,4,8"));
    std::string item;
    while (std::getline(list, item, ',')) {
      double x = 0;
      if (!parseNumber(item, x) || !(x > 0 && x <= 64))
        return usageError("avalanche-study: --aspects " + a.get("aspects") + ": '" + item + "' is not an aspect ratio > 0 and <= 64");
      aspects.push_back(x);
    }
    if (aspects.empty()) return usageError("avalanche-study: --aspects " + a.get("aspects") + ": no aspect ratio");
  }
  // The ranges of the page's study panel (core/wasm/study_bindings.cpp) where it has them; the
  // solver's own within what runs in hours, not years (--dt 1e-9, --min-width 1e9 would not end).
  std::string solver = "gs";
  bool lockRotation = false;
  const bool ok = numberOption(a, "seed", seed, 0, 9007199254740991.0, true) && numberOption(a, "seeds", seeds, 1, 1000, true) &&
                  numberOption(a, "jobs", jobs, 1, 256, true) && numberOption(a, "mu", p.mu, 0, 10) &&
                  numberOption(a, "mu-r", p.rollingFriction, 0, 1) && numberOption(a, "restitution", p.restitution, 0, 1) &&
                  numberOption(a, "dt", p.h, 1e-6, 1e-3) && numberOption(a, "tol", p.tolerance, 0, 1, false, true) &&
                  numberOption(a, "max-iterations", maxIterations, 1, 1e6, true) && numberOption(a, "rmin", p.rmin, 0, 1, false, true) &&
                  numberOption(a, "rmax", p.rmax, 0, 1, false, true) && numberOption(a, "stop-energy", p.stopEnergy, 0, 1, false, true) &&
                  numberOption(a, "floor-radius", p.floorRadius, 0, 1, false, true) && numberOption(a, "alert", p.alert, 0, 1) &&
                  numberOption(a, "floor-gap", p.floorGap, 0, 1) && numberOption(a, "min-width", p.minWidthGrains, 2, 1000) &&
                  numberOption(a, "min-height", p.minHeightGrains, 2, 1000) && choiceOption(a, "solver", solver, {"gs", "jacobi"}) &&
                  boolOption(a, "lock-rotation", lockRotation);
  if (!ok) return 2;
  if (!(p.rmin <= p.rmax))
    return usageError("avalanche-study: --rmin " + formatNumber(p.rmin) + " --rmax " + formatNumber(p.rmax) + ": need rmin <= rmax");
  p.maxIterations = static_cast<int>(maxIterations);
  p.gaussSeidel = solver == "gs";
  p.keepSeries = a.has("json");
  p.lockRotation = lockRotation;  // diagnostic, see study.hpp
  // Every column and floor is built in the first second of its case, possibly hours after the start:
  // one too large is refused now, before any case runs (the limit of nscd::buildColumn).
  for (double x : aspects) {
    const nscd::AspectSetup setup = nscd::aspectSetup(x, p);
    const double pitch = nscd::latticePitch(setup.column);
    const double grains = std::floor(setup.column.width / pitch) * std::floor(setup.column.height / pitch);
    const double floorDiscs = nscd::floorDiscCount(setup.column);
    if (!(floorDiscs <= nscd::kMaxFloorDiscs))
      return usageError("avalanche-study: a = " + formatShort(x) + " would lay " + formatCount(floorDiscs) + " floor discs (limit " +
                        formatCount(nscd::kMaxFloorDiscs) + "): raise --floor-radius (" + formatNumber(p.floorRadius) + ") or --floor-gap (" +
                        formatNumber(p.floorGap) + ")");
    if (grains > nscd::kMaxColumnGrains)
      return usageError("avalanche-study: a = " + formatShort(x) + " would deposit " + formatCount(grains) + " grains (limit " +
                        formatCount(nscd::kMaxColumnGrains) + "): lower --min-width (" +
                        formatNumber(p.minWidthGrains) + "), --min-height (" + formatNumber(p.minHeightGrains) +
                        ") or that aspect ratio, or use larger grains");
  }
  // --json FILE is written at the end: one that cannot be written is said before the study runs.
  std::ofstream jsonOut;
  if (a.has("json")) {
    jsonOut.open(a.get("json"));
    if (!jsonOut) {
      std::cerr << "avalanche-study: cannot write --json " << a.get("json") << "\n";
      return 1;
    }
  }
  struct Case {
    double aspect;
    std::uint64_t seed;
    nscd::CollapseResult result;
    double wall = 0;
  };
  std::vector<Case> cases;
  for (double x : aspects)
    for (int k = 0; k < static_cast<int>(seeds); ++k) cases.push_back(Case{x, static_cast<std::uint64_t>(seed) + static_cast<std::uint64_t>(k), {}, 0});
  // Each case is independent and single-threaded, so the results do not depend on --jobs.
  std::mutex log;
  std::size_t nextCase = 0;
  const auto started = std::chrono::steady_clock::now();
  auto worker = [&]() {
    for (;;) {
      std::size_t k;
      {
        std::lock_guard<std::mutex> lock(log);
        if (nextCase >= cases.size()) return;
        k = nextCase++;
        std::cerr << "[study] a = " << formatShort(cases[k].aspect) << " seed " << cases[k].seed << ": starting (" << (k + 1) << "/"
                  << cases.size() << ")\n";
      }
      nscd::StudyParams q = p;
      q.seed = cases[k].seed;
      const auto t0 = std::chrono::steady_clock::now();
      cases[k].result = nscd::runCollapse(cases[k].aspect, q);
      cases[k].wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::lock_guard<std::mutex> lock(log);
      const nscd::CollapseResult& r = cases[k].result;
      std::cerr << "[study] a = " << formatShort(cases[k].aspect) << " seed " << cases[k].seed << ": "
                << (r.ok ? "done" : "FAILED: " + r.error) << ", " << r.grains << " grains, (L_inf - L0)/L0 = " << formatShort(r.relativeRunout)
                << ", " << formatShort(cases[k].wall) << " s\n";
    }
  };
  const int threads = std::min<int>(static_cast<int>(jobs), static_cast<int>(cases.size()));
  if (threads <= 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (int k = 0; k < threads; ++k) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
  }
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::vector<nscd::CollapseResult> results;
  char line[400];
  std::cout << "Column collapse, NSCD " << (p.gaussSeidel ? "Gauss-Seidel" : "Jacobi") << ", mu = " << formatShort(p.mu)
            << ", mu_r = " << formatShort(p.rollingFriction) << ", e = " << formatShort(p.restitution)
            << ", radii " << formatShort(p.rmin) << "-" << formatShort(p.rmax) << " m, h = " << formatShort(p.h)
            << " s, tol = " << formatShort(p.tolerance)
            << "; W, H in mean diameters (settled); t_stop in sqrt(H0/g); ovl_%R: deepest overlap in the collapse, % of the smaller radius\n";
  std::snprintf(line, sizeof line, "%6s %5s %7s %6s %6s %6s %7s %7s %9s %6s %10s %7s %7s %7s %7s\n", "a_set", "seed", "a", "W", "H",
                "grains", "L0_m", "Linf_m", "dL/L0", "1.2a", "1.9a^2/3", "t_stop", "ovl_%R", "steps", "wall_s");
  std::cout << line;
  for (const Case& c : cases) {
    const nscd::CollapseResult& r = c.result;
    results.push_back(r);
    std::snprintf(line, sizeof line, "%6.3g %5llu %7.3f %6.1f %6.1f %6d %7.3f %7.3f %9.3f %6.2f %10.2f %7.2f %7.2f %7lld %7.1f%s\n", c.aspect,
                  static_cast<unsigned long long>(c.seed), r.aspect, r.widthGrains, r.heightGrains, r.grains, r.l0, r.runout,
                  r.relativeRunout, 1.2 * r.aspect, 1.9 * std::cbrt(r.aspect * r.aspect), r.stopTimeScaled, 100 * r.deepestOverlap, r.steps, c.wall,
                  r.ok ? "" : ("  FAILED: " + r.error).c_str());
    std::cout << line;
  }
  const nscd::StudyVerdict v = nscd::judgeStudy(results);
  auto slope = [](const nscd::SlopeFit& f) { return f.ok ? formatShort(f.slope) : std::string("n/a"); };
  std::cout << "slope a <= 1.5: " << slope(v.small) << " (" << v.small.points << " aspect ratios; want 1 +- 0.15) "
            << (v.smallPass ? "PASS" : "FAIL") << "\n";
  std::cout << "slope a >= 4:   " << slope(v.large) << " (" << v.large.points << " aspect ratios; want 0.667 +- 0.12) "
            << (v.largePass ? "PASS" : "FAIL") << "\n";
  std::cout << "study " << (v.pass ? "PASS" : "FAIL") << (v.reason.empty() ? "" : " (" + v.reason + ")") << "; wall-clock "
            << formatShort(total) << " s with " << std::max(1, threads) << " thread(s)\n";
  if (a.has("json")) {
    std::ofstream& out = jsonOut;
    out << "{\"cases\": [";
    for (std::size_t k = 0; k < results.size(); ++k) out << (k ? ",\n" : "\n") << nscd::collapseResultJson(results[k]);
    out << "],\n\"verdict\": " << nscd::studyVerdictJson(v) << ",\n\"params\": " << nscd::studyParamsJson(p) << "}\n";
  }
  return v.pass ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0 || (i == 1 && std::strcmp(argv[i], "help") == 0))
      return usage(std::cout, 0);
  Args a;
  std::string error;
  if (!parseArgs(argc, argv, a, error)) return usageError(error);
  if (a.command == "defaults") {
    if (!noFile(a) || !allowOptions(a, {})) return 2;
    std::cout << scenarioToJson(defaultScenario()).dump(2) << "\n";
    return 0;
  }
  if (a.command == "--version" || a.command == "version") {
    if (!noFile(a) || !allowOptions(a, {})) return 2;
    std::cout << kVersion << "\n";
    return 0;
  }
  if (a.command == "chain" || a.command == "chain-mc" || a.command == "chain-newton") {
    // The four-sphere row (ARGESIM C12): JSON results on stdout.
    if (!noFile(a)) return 2;
    if (a.command == "chain" && !(a.has("setup") ? allowOptions(a, {"setup"}, "--setup") : allowOptions(a, {"e", "spheres", "extended", "setup"})))
      return 2;
    if (a.command == "chain-mc" && !allowOptions(a, {"samples", "mu", "sigma", "seed"})) return 2;
    if (a.command == "chain-newton" && !allowOptions(a, {"target", "lo", "hi"})) return 2;
    double e = 0.5, spheres = 4, samples = 1000, mu = 0.5, sigma = 0.05, seed = 1, target = 0.5, lo = 0.3, hi = 0.95;
    bool extended = false;
    const bool ok = numberOption(a, "e", e, 0, 1) && numberOption(a, "spheres", spheres, 2, 1000, true) && boolOption(a, "extended", extended) &&
                    numberOption(a, "samples", samples, 1, 1e6, true) && numberOption(a, "mu", mu, 0, 1) &&
                    numberOption(a, "sigma", sigma, 0, 1) && numberOption(a, "seed", seed, 0, 9007199254740991.0, true) &&
                    numberOption(a, "target", target, 0, 1, false, true) && numberOption(a, "lo", lo, 0, 1) && numberOption(a, "hi", hi, 0, 1);
    if (!ok) return 2;
    if (a.command == "chain-newton" && !(lo < hi))
      return usageError("chain-newton: --lo " + formatNumber(lo) + " --hi " + formatNumber(hi) + ": the bracket needs lo < hi");
    std::string result;
    if (a.command == "chain" && a.has("setup")) result = chain::runSetupJson(a.get("setup"));
    else if (a.command == "chain") result = chain::runJson(e, static_cast<int>(spheres), extended);
    if (a.command == "chain-mc") result = chain::monteCarloJson(static_cast<int>(samples), mu, sigma, seed);
    if (a.command == "chain-newton") result = chain::newtonJson(target, lo, hi);
    std::cout << result << "\n";
    // A set-up the row refuses ({"ok": false, "message"}) or a target no e in [lo, hi] reaches is a failure.
    Json j;
    JsonError jerr;
    if (parseJson(result, j, jerr) && j.isObject()) {
      const Json* okField = j.find("ok");
      if (okField && okField->isBool() && !okField->asBool()) {
        const Json* message = j.find("message");
        std::cerr << a.command << ": " << (message && message->isString() ? message->asString() : std::string("failed")) << "\n";
        return 1;
      }
      const Json* converged = j.find("converged");
      if (converged && converged->isBool() && !converged->asBool()) {
        std::cerr << "chain-newton: no e in [" << formatNumber(lo) << ", " << formatNumber(hi) << "] gives v4/v0 = " << formatNumber(target)
                  << "\n";
        return 1;
      }
    }
    return 0;
  }
  if (a.command == "avalanche-bench") {
    // NSCD benchmark (issue 5 §4): a settled pile of N grains, Gauss–Seidel and Jacobi, JSON line.
    if (!noFile(a) || !allowOptions(a, {"grains", "steps", "sweeps", "settle", "pile"})) return 2;
    nscd::PileSetup p;
    double grains = 1000, steps = 10, sweeps = 100, settle = p.settleSteps;
    bool pile = false;
    // at most the grains the avalanche page and the column generator take (core/src/engines/nscd/column.cpp)
    const bool ok = numberOption(a, "grains", grains, 0, 200000, true) && numberOption(a, "steps", steps, 0, 1e6, true) &&
                    numberOption(a, "sweeps", sweeps, 2, 1e6, true) && numberOption(a, "settle", settle, 0, 1e7, true) &&
                    boolOption(a, "pile", pile);
    if (!ok) return 2;
    p.grains = static_cast<int>(grains);
    p.settleSteps = static_cast<int>(settle);
    std::cout << nscd::benchJson(p, static_cast<int>(steps), static_cast<int>(sweeps), pile) << "\n";
    return 0;
  }
  if (a.command == "avalanche-study") {
    if (!noFile(a) ||
        !allowOptions(a, {"aspects", "solver", "seed", "seeds", "jobs", "mu", "mu-r", "restitution", "dt", "tol", "max-iterations", "rmin",
                          "rmax", "stop-energy", "floor-radius", "alert", "floor-gap", "min-width", "min-height", "json", "lock-rotation"}))
      return 2;
    return avalancheStudy(a);
  }
  if (a.command == "memory-latency") {
    if (!noFile(a) || !allowOptions(a, {})) return 2;
    std::cout << cli::memoryLatencyJson() << "\n";
    return 0;
  }
  // The commands on a scenario FILE, and what each family of scenarios takes.
  static const std::map<std::string, std::vector<std::string>> kFamilyCommands = {
      {"gas", {"validate", "normalize", "hash", "run", "bench"}},
      {"soft", {"validate", "normalize", "hash", "run", "bench", "info"}},
      {"compare", {"validate", "normalize", "hash", "run", "table"}},
      {"avalanche", {"validate", "normalize", "hash", "run"}}};
  static const std::map<std::string, std::string> kFamilyName = {{"gas", "a gas scenario (event-driven discs)"},
                                                                 {"soft", "a soft-disc scenario (\"engine\": \"soft\")"},
                                                                 {"compare", "a comparison scenario (\"engine\": \"compare\")"},
                                                                 {"avalanche", "an avalanche scenario (\"engine\": \"avalanche\")"}};
  bool known = false;
  for (const auto& f : kFamilyCommands)
    for (const std::string& c : f.second) known = known || c == a.command;
  if (!known) return usageError("'" + a.command + "': unknown command");
  if (a.file.empty()) return usageError(a.command + ": needs a scenario FILE");
  std::string text;
  if (!readFile(a.file, text, error)) {
    std::cerr << error << "\n";
    return 1;
  }
  const std::string family = scenarioFamily(text);
  {
    const std::vector<std::string>& commands = kFamilyCommands.at(family);
    if (std::find(commands.begin(), commands.end(), a.command) == commands.end()) {
      std::string takers;
      for (const auto& f : kFamilyCommands)
        if (std::find(f.second.begin(), f.second.end(), a.command) != f.second.end())
          takers += std::string(takers.empty() ? "" : " or ") + kFamilyName.at(f.first);
      return usageError(a.command + ": " + a.file + " is " + kFamilyName.at(family) + "; " + a.command + " takes " + takers);
    }
  }
  // The options each command reads, per family (an option it would not read is refused).
  const std::string context = "on " + kFamilyName.at(family);
  const bool none = a.command == "validate" || a.command == "normalize" || a.command == "info";
  if (family == "gas" && !(none              ? allowOptions(a, {}, context)
                           : a.command == "hash" ? allowOptions(a, {"until", "engine"}, context)
                           : a.command == "bench" ? allowOptions(a, {"discs", "events", "engine"}, context)
                                                  : allowOptions(a, {"until", "format", "out", "state", "events", "engine"}, context)))
    return 2;
  if (family == "soft" && !(none                 ? allowOptions(a, {}, context)
                            : a.command == "run" ? allowOptions(a, {"until", "format", "out", "state"}, context)
                                                 : allowOptions(a, {"until"}, context)))
    return 2;
  if (family == "compare" && !(none                   ? allowOptions(a, {}, context)
                               : a.command == "hash"  ? allowOptions(a, {"until"}, context)
                               : a.command == "table" ? allowOptions(a, {"format"}, context)
                                                      : allowOptions(a, {"until", "format", "out"}, context)))
    return 2;
  if (family == "avalanche" && !(a.command == "run"    ? allowOptions(a, {"until", "format", "out", "boundary"}, context)
                                 : a.command == "hash" ? allowOptions(a, {"until", "boundary"}, context)
                                                       : allowOptions(a, {"boundary"}, context)))
    return 2;
  if (family == "soft") return softCommand(a, text);
  if (family == "compare") {
    double until = 1e300;
    std::string format = a.command == "table" ? "text" : "csv";
    if (!untilOption(a, until) ||
        !(a.command == "table" ? choiceOption(a, "format", format, {"text", "json"}) : choiceOption(a, "format", format, {"csv", "jsonl"})))
      return 2;
    const int status = cli::compareCommand(a.command, a.file, text, until, format, a.get("out"));
    return status == 2 ? usage() : status;
  }
  if (family == "avalanche") {
    double until = 1e300;
    std::string format = "csv";
    if (!untilOption(a, until) || !choiceOption(a, "format", format, {"csv", "jsonl"})) return 2;
    if (a.has("boundary")) {  // extra boundary segments (a custom slope) from a 2D Gmsh .msh file
      std::string msh;
      std::vector<geom::Segment2> segments;
      if (!readFile(a.get("boundary"), msh, error)) {
        std::cerr << "--boundary " << error << "\n";
        return 1;
      }
      if (!geom::readMsh(msh, segments, error)) {
        std::cerr << a.get("boundary") << ": " << error << "\n";
        return 1;
      }
      if (!cli::addBoundarySegments(text, segments, error)) {
        std::cerr << a.file << ": " << error << "\n";
        return 1;
      }
    }
    const int status = cli::avalancheCommand(a.command, a.file, text, until, format, a.get("out"));
    return status == 2 ? usage() : status;
  }
  if (a.command == "validate") {
    const std::vector<Issue> errors = checkScenario(text);
    for (const Issue& e : errors) std::cout << a.file << ": " << issueText(e) << "\n";
    if (errors.empty()) std::cout << a.file << ": ok\n";
    return errors.empty() ? 0 : 1;
  }
  if (a.command == "normalize") {
    World w(text);
    if (!w.ok()) return printErrors(w, a.file);
    std::cout << w.scenarioJson() << "\n";
    return 0;
  }
  if (a.command == "hash") {
    double until = 0;
    if (!untilOption(a, until)) return 2;
    World w(text, a.get("engine"));
    if (!w.ok()) return printErrors(w, a.file);
    w.runUntil(until);
    std::cout << w.hashHex() << " " << formatNumber(w.time()) << " " << w.outputIndex() << "\n";
    return 0;
  }
  if (a.command == "run") return run(a, text);
  if (a.command == "bench") return bench(a, text);
  return usage();
}
