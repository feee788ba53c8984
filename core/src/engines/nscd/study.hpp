// The aspect-ratio study of the granular column collapse (issue 5 §3): for each aspect ratio
// a = H0/L0 a column is deposited behind a gate, trimmed to height, released, and followed until it
// stops; the normalised runout (L∞ − L0)/L0 against a is compared with the published scaling
// (Lube et al.: ≈ 1.2 a for small a, ≈ 1.9 a^(2/3) for large a; REFERENCE §5) by fitting log–log
// slopes. Plain structs and JSON so the CLI, a WebAssembly binding and a web panel share this code.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engines/nscd/column.hpp"

namespace granular::nscd {

/// Everything the study holds fixed across aspect ratios (no parameter depends on a).
struct StudyParams {
  double rmin = 0.004;             // m; radii uniform in [rmin, rmax]
  double rmax = 0.006;             // m
  double density = 1000;           // kg/m^2
  double mu = 0.5;                 // grain-grain and grain-floor friction
  double rollingFriction = 0;      // rolling resistance mu_r (System::rollingFriction)
  double restitution = 0;          // Newton's normal restitution at impacts (System::restitution)
  double floorRadius = 0.004;      // m, the floor's fixed discs (= rmin, as a scenario's floor.radius null)
  double floorGap = 0;             // m, between neighbouring floor discs
  double minHeightGrains = 30;     // the column is at least this many mean diameters high ...
  double minWidthGrains = 10;      // ... and this many wide
  double h = 5e-5;                 // s (see docs/avalanche.md, Study: converged against 2.5e-5)
  double alert = 0;                // m, contact alert distance; 0: the engine's default (0.1 rmin)
  double tolerance = 1e-4;         // solver tolerance, fraction of the mean radius
  int maxIterations = 1000;
  bool gaussSeidel = true;
  std::uint64_t seed = 1;
  double settleEnergy = 1e-4;      // deposit settled: kinetic energy per grain below this x m g R
  double stopEnergy = 1e-4;        // flow stopped: kinetic energy per grain below this x m g R ...
  double stopHold = 0.25;          // ... for this long, in sqrt(H0/g) ...
  double minStopTime = 1;          // ... and not before this, in sqrt(H0/g) (released at rest)
  double maxTime = 40;             // give up after this, in sqrt(H0/g)
  double maxSettleTime = 40;       // deposit limit, in sqrt(fill height/g)
  double outputInterval = 0.01;    // s, samples of the collapse
  bool keepSeries = false;         // keep the samples in CollapseResult::series
  bool lockRotation = false;       // diagnostic only: spins zeroed after every collapse step (grains
                                   // that cannot roll, the limit of strong rolling resistance)
};

/// The column for one aspect ratio: W = max(minWidth, minHeight / a) mean diameters, H = a W.
struct AspectSetup {
  double aspect = 0;               // target a = H/W
  double widthGrains = 0;          // W and H in mean diameters
  double heightGrains = 0;
  double width = 0, height = 0;    // m: the gate position and the trim height above the floor
  double fillHeight = 0;           // m: the lattice that is deposited (taller: it compacts)
  double floorTop = 0;             // m: top of the floor discs, where heights are measured from
  ColumnSetup column;
};

AspectSetup aspectSetup(double aspect, const StudyParams& p);

/// One output sample of the collapse (t = 0 when the gate opens).
struct CollapseSample {
  double time = 0;                 // s
  double runout = 0;               // m
  double frontVelocity = 0;        // m/s, x-velocity of the grain that sets the runout
  double kineticEnergy = 0;        // J
  int iterations = 0;              // solver iterations of the last step
  double residual = 0;             // and its residual
  int contacts = 0;
};

struct CollapseResult {
  bool ok = false;                 // false: see error (did not settle, did not stop, grains lost)
  std::string error;
  double aspectTarget = 0;         // the requested a
  double aspect = 0;               // settled H0 / L0 (used in the fit)
  double widthGrains = 0, heightGrains = 0;  // settled L0, H0 in mean diameters
  double l0 = 0, h0 = 0;           // m
  int grains = 0;
  double runout = 0;               // L∞, m
  double relativeRunout = 0;       // (L∞ − L0) / L0
  double stopTime = 0;             // s after the gate opens (kinetic energy criterion)
  double stopTimeScaled = 0;       // stopTime / sqrt(H0/g)
  double settleTime = 0;           // s of deposition before the gate opens
  long long steps = 0;             // collapse steps
  long long settleSteps = 0;
  double meanIterations = 0;       // per collapse step
  double deepestOverlap = 0;       // of any contact during the collapse, fraction of the smaller radius (nscd::deepestOverlap)
  std::vector<CollapseSample> series;  // when StudyParams::keepSeries
  std::vector<double> finalX, finalY, finalRadius;  // the deposit (mobile grains), when keepSeries
  std::vector<int> finalComponent;     // 1 for grains of the largest contact component, else 0
  // The column as the gate opens (t = 0), when keepSeries: what another engine needs to run the
  // same collapse (scripts/avalanche-rapier.mjs). Every disc, the mobile grains first, then the
  // floor's fixed discs (mass 0); the walls left once the gate is gone.
  struct Released {
    std::vector<double> x, y, radius, mass;  // m, m, m, kg
    std::vector<Segment> walls;
  } released;
};

/// Called at every output interval of the collapse; return false to abandon the run.
using SampleCallback = std::function<bool(const CollapseSample&)>;

/// Deposit, trim to height, open the gate and step until the flow stops.
CollapseResult runCollapse(double aspect, const StudyParams& p, const SampleCallback& onSample = {});

/// Least squares fit of log y = slope log x + c.
struct SlopeFit {
  double slope = 0, intercept = 0;  // intercept: prefactor exp(c)
  int points = 0;
  bool ok = false;                  // at least two distinct x
};

SlopeFit fitLogLog(const std::vector<double>& x, const std::vector<double>& y);

/// The study's verdict: slope over the cases a <= 1.5 against 1 ± 0.15, over a >= 4 against
/// 2/3 ± 0.12 (cases grouped by their target a, fitted on their settled a). With several seeds per
/// aspect, the runouts of one target a are averaged first.
struct StudyVerdict {
  SlopeFit small, large;
  bool smallPass = false, largePass = false, pass = false;
  std::string reason;               // why it fails, if it does
};

StudyVerdict judgeStudy(const std::vector<CollapseResult>& results);

std::string collapseResultJson(const CollapseResult& r);
std::string studyVerdictJson(const StudyVerdict& v);
/// The parameters a peer engine needs to run the same collapses and judge them alike (material,
/// time step, the stop rule; alert 0: the engine's default, 0.1 of the smallest radius).
std::string studyParamsJson(const StudyParams& p);

}  // namespace granular::nscd
