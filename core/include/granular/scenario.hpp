// Scenario: JSON text -> validated ScenarioSpec (every default filled in) -> Model + State.
//
// Defaults live in exactly one place: defaultScenario() in core/src/scenario/defaults.cpp. The
// field-by-field format is documented in docs/scenario-format.md. Validation never stops at the
// first problem: it returns every Issue it finds, each with the field path, the offending value
// and the rule ("discs[3].radius = -0.1: must be > 0").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace granular {

class Json;
struct Model;
struct State;

constexpr int kSchemaVersion = 1;
constexpr int kMaxDiscs = 200000;
constexpr int kMaxPolygonVertices = 1000;
constexpr double kMaxRandomAreaFraction = 0.5;
constexpr double kMaxLatticeAreaFraction = 0.85;
constexpr double kMaxAreaFraction = 0.9068996821171089;  // pi / (2 sqrt 3), densest disc packing
constexpr double kMaxOutputInstants = 1e7;
constexpr double kMaxRadiusRatio = 10;  // largest / smallest radius (cell grid sized by the largest)
constexpr int kMaxGravityDiscs = 2000;  // under gravity the event engine searches every disc per event (one cell)

struct Issue {
  std::string path;     // e.g. "discs[3].radius" ("" for the whole document)
  std::string value;    // the offending value as JSON text, shortened
  std::string message;  // the rule, e.g. "must be > 0"
  std::string text() const;  // "discs[3].radius = -0.1: must be > 0"
};

struct DiscSpec {
  double x = 0, y = 0;    // m
  double vx = 0, vy = 0;  // m/s
  double radius = 0;      // m
  double mass = 0;        // kg
};

struct ScenarioSpec {
  int schema = kSchemaVersion;
  std::string name;
  std::string notes;
  std::string engine;
  std::uint64_t seed = 1;

  // domain: a box (0,0)-(boxWidth, boxHeight) or an explicit polygon
  bool isBox = true;
  double boxWidth = 1, boxHeight = 1;  // m
  std::vector<double> polygon;         // x0, y0, x1, y1, ... (m), when !isBox

  bool explicitDiscs = false;
  std::vector<DiscSpec> discs;  // when explicitDiscs

  struct Generate {
    int count = 0;
    double radius = 0;           // m
    bool hasRadiusMax = false;
    double radiusMax = 0;        // m
    bool hasAreaFraction = false;
    double areaFraction = 0;
    double density = 0;          // kg/m^2
    double speed = 0;            // m/s (rms)
    std::string velocities;      // "maxwell" | "fixed"
    std::string placement;       // "random" | "lattice"
  } generate;

  double restitution = 1;
  bool hasWallRestitution = false;
  double wallRestitution = 1;    // disc-wall restitution when given (else = restitution)

  double gravityX = 0, gravityY = 0;  // m/s^2; non-zero: parabolic flights (a convex domain, at most kMaxGravityDiscs discs)

  std::string collapseModel;     // "tc" | "none"
  bool hasTc = false;
  double tc = 0;                 // s

  struct Vibration {
    bool enabled = false;
    int wall = 0;
    double amplitude = 0;        // m
    double frequency = 0;        // Hz
  } vibration;

  struct Output {
    double interval = 0;         // s
    double duration = 0;         // s
    int histogramBins = 0;
  } output;
};

/// The default scenario: every field at its default value.
ScenarioSpec defaultScenario();

/// Parse and validate scenario JSON text. Returns true when there is no error; `spec` is then
/// complete. Issues are appended to `errors` in document order.
bool readScenario(const std::string& json, ScenarioSpec& spec, std::vector<Issue>& errors);

/// The scenario with every field spelled out (the normalized form shared by links and files).
Json scenarioToJson(const ScenarioSpec& spec);

/// Build the constant model and the initial state (generating random discs from the seed).
/// Set-ups that cannot be realised (discs that do not fit) are reported as issues.
bool buildInitial(const ScenarioSpec& spec, Model& model, State& state, std::vector<Issue>& errors);

/// {"ok", "errors": [...], "scenario": normalized} for any scenario family (normalized: the
/// family's normalized scenario, or null when there are errors).
std::string issuesReportJson(const std::vector<Issue>& errors, const Json& normalized);

/// The JSON report shared with the web app:
/// {"ok":bool,"errors":[{"path","value","message","text"}],"scenario":{...}|null}
std::string validationReportJson(const std::vector<Issue>& errors, const ScenarioSpec* normalized);

/// Every issue of a scenario: readScenario, then (if that passed) buildInitial into throw-away
/// objects, so that set-ups that cannot be realised are reported too. `spec` receives the
/// normalized scenario when given.
std::vector<Issue> checkScenario(const std::string& json, ScenarioSpec* spec = nullptr);

/// checkScenario, as the JSON report.
std::string validateScenarioJson(const std::string& json);

}  // namespace granular
