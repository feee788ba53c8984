/**
 * Hand-written types for the embind module built from core/wasm/bindings.cpp
 * (emcc 3.1.6 has no --emit-tsd). tests/wasm/bindings.test.ts checks at run time
 * that every member declared here exists on the real module, so this file cannot
 * silently drift from the C++ side.
 *
 * Units are SI throughout. Arrays documented as (2 x N) are interleaved x0, y0, x1, y1, ...
 *
 * Typed arrays returned by World are *views into WASM memory*: re-acquire them after
 * every call to advance() (memory growth detaches old views; reads then return 0).
 */

/**
 * What advance() reached (the numbers advance() returns; named in sim code as AdvanceStatus):
 * 0 Output   a new output instant was reached: observation(), positions(), histogram() are fresh;
 * 1 Budget   the event budget ran out before the next output instant: call advance() again;
 * 2 Finished the scenario's duration is reached;
 * 3 Stopped  the run stopped on a condition explained by message() (e.g. inelastic collapse).
 */
export type AdvanceStatusCode = 0 | 1 | 2 | 3;

/** Observables at one output instant (recorded every output.interval seconds). */
export interface Observation {
  /** s */
  time: number;
  /** total translational kinetic energy, J (per unit depth in 2D: masses are per unit depth) */
  kineticEnergy: number;
  /** granular temperature T = E_kin / N, J */
  temperature: number;
  /** cumulative disc–disc collisions since t = 0 */
  collisions: number;
  /** cumulative disc–wall collisions since t = 0 */
  wallHits: number;
  /** collisions per disc per second over the last output interval, 1/s (2 dC / (N dt)) */
  collisionRate: number;
  /** normal impulse delivered to the walls per unit wall length per second over the last interval, N/m */
  wallPressure: number;
  /** energy dissipated by inelastic collisions since t = 0, between discs and at the walls, J */
  energyDissipated: number;
  /** energy injected by the vibrating wall since t = 0, J */
  energyInjected: number;
}

/** Engine counters since t = 0. */
export interface EngineStats {
  /** all processed events (collisions, wall hits, cell crossings) */
  events: number;
  collisions: number;
  wallHits: number;
  cellCrossings: number;
  /** queue entries found stale and dropped lazily */
  staleEvents: number;
  /** collisions made elastic by the TC model */
  elasticByTC: number;
}

/** Closed-form reference values for the loaded scenario (means for polydisperse discs). */
export interface Theory {
  /** sum of disc areas / domain area */
  areaFraction: number;
  /** discs per m^2 */
  numberDensity: number;
  /** kg */
  meanMass: number;
  /** m */
  meanDiameter: number;
  /** initial granular temperature T0 = E_kin(0) / N, J */
  temperature0: number;
  /** Henderson contact value g(sigma) = (1 - 7 nu / 16) / (1 - nu)^2 */
  contactValue: number;
  /** Enskog collision frequency per disc at T0, 1/s: 2 n sigma g sqrt(pi T0 / m) */
  collisionFrequency0: number;
  /** Haff time tau = 4 / ((1 - r^2) omega0), s; Infinity when r = 1 */
  haffTau: number;
  /** restitution coefficient r */
  restitution: number;
}

export interface MinContact {
  /** time to the earliest contact, s; Number.MAX_VALUE when there is none */
  time: number;
  /** first disc index (-1 when there is no contact) */
  i: number;
  /** second disc index, or -(k+1) for wall k (-1 ... when none: i = -1) */
  j: number;
}

export interface PairVelocities {
  v1x: number;
  v1y: number;
  v2x: number;
  v2y: number;
}

export interface Velocity {
  vx: number;
  vy: number;
}

export interface ExerciseRun {
  /** positions at each output instant: (steps + 1) blocks of (2 x N), m */
  positions: Float64Array;
  /** velocities at each output instant, same layout, m/s */
  velocities: Float64Array;
  /** disc–disc and disc–wall collisions processed */
  events: number;
  /** false when the arguments were rejected or the run stopped early (see message) */
  ok: boolean;
  /** why ok is false ('' otherwise) */
  message: string;
}

export interface World {
  /** false when the scenario was rejected; report() says why */
  ok(): boolean;
  /** JSON text of a ValidationReport (see scenario.ts) */
  report(): string;
  /** the normalized scenario (every default filled in), JSON text */
  scenarioJson(): string;
  /** simulated time of the last output instant, s */
  time(): number;
  /** number of discs */
  count(): number;
  /** index of the last output instant (0 at t = 0) */
  outputIndex(): number;
  /** the output instant advance() works towards, s */
  nextOutputTime(): number;
  /** process at most maxEvents events towards the next output instant */
  advance(maxEvents: number): AdvanceStatusCode;
  /** human-readable reason for the last Stopped status ('' otherwise) */
  message(): string;
  /** (2 x N) positions at time(), m — a view, re-acquire after advance() */
  positions(): Float64Array;
  /** (2 x N) velocities at time(), m/s — a view */
  velocities(): Float64Array;
  /** (N) radii, m — a view */
  radii(): Float64Array;
  /** (N) masses, kg — a view */
  masses(): Float64Array;
  /** (N) spins, rad/s (constant for smooth hard discs) — a view */
  spins(): Float64Array;
  /** (4 x W) wall segments ax, ay, bx, by, m — a view */
  walls(): Float64Array;
  /** observables at time() */
  observation(): Observation;
  /** speed histogram at time(): probability density per bin, 1/(m/s) — a view */
  histogram(): Float64Array;
  /** upper edge of the last histogram bin, m/s (bins are uniform on [0, histogramMax]) */
  histogramMax(): number;
  theory(): Theory;
  stats(): EngineStats;
  /** 16 hex digits: FNV-1a over the bits of positions, velocities and time at time() */
  hashState(): string;
  /**
   * Start the per-collision log, keeping the last maxEvents collisions (0: off). It only records:
   * the run is the same, state for state, with it on or off.
   */
  enableEventLog(maxEvents: number): void;
  /** the logged collisions numbered `from` on (0 = the first since enableEventLog) that are still held */
  eventLog(from: number): EventLog;
  /** free the C++ object */
  delete(): void;
}

/** Collisions of the per-collision log, as columns of equal length (copies, not views). */
export interface EventLog {
  /** number of the first collision returned (larger than asked when the bound dropped older ones) */
  first: number;
  /** collisions logged since enableEventLog(), dropped ones included */
  total: number;
  /** s */
  time: Float64Array;
  /** disc (scenario numbering) */
  i: Float64Array;
  /** partner: disc j > i, or wall k as j = -(k + 1) */
  j: Float64Array;
}

export interface WorldConstructor {
  new (scenarioJson: string): World;
}

/** Soft discs (issue 3): one energy-ledger row, J. total = initial up to the integrator's tolerance. */
export interface SoftLedger {
  /** s */
  time: number;
  /** kinetic energy of the disc centres' translation, J */
  translational: number;
  /** kinetic energy of the discs' rotation about their centres, J */
  rotational: number;
  /** kinetic energy of the observer point masses, J */
  observer: number;
  /** Hertz potential (2/5) k0 rho^5/2 summed over contacts, J */
  elastic: number;
  /** gravitational potential energy relative to t = 0, J */
  potential: number;
  /** energy dissipated by normal damping since t = 0, J */
  damping: number;
  /** energy dissipated by friction since t = 0, J */
  friction: number;
  /** sum of all the above, J */
  total: number;
  /** total at t = 0, J */
  initial: number;
}

/** Soft-disc integrator and contact counters since t = 0. */
export interface SoftStats {
  /** accepted integrator steps */
  steps: number;
  /** rejected (retried) dopri5 steps */
  rejected: number;
  contactsStarted: number;
  contactsEnded: number;
  rhsEvaluations: number;
  /** contacts in progress now */
  activeContacts: number;
  /** largest normal force seen, N */
  maxForce: number;
  /** last step size, s */
  lastStep: number;
  /**
   * rk4 with Coulomb friction: the largest λh so far of a contact whose slip one step of full
   * friction could stop (RK4 is stable below 2.785; past it the friction tally drifts); 0 for
   * dopri5 or other laws
   */
  slipStep: number;
}

/** Linear momentum (kg m/s) and angular momentum about the origin (kg m^2/s), observers included. */
export interface Momentum {
  px: number;
  py: number;
  lz: number;
}

/** The soft-disc domain: a box (0,0)-(width,height), a circle of `radius` centred at the origin, or the open plane. */
export interface SoftDomain {
  kind: string;
  /** m */
  width: number;
  /** m */
  height: number;
  /** m */
  radius: number;
}

/** One impact's force–penetration loop (copied arrays, safe to keep). */
export interface HysteresisLoop {
  /** first disc */
  i: number;
  /** second disc, or -(k+1) for wall k (box: 0 bottom, 1 right, 2 top, 3 left; circle: -1) */
  other: number;
  /** s */
  startTime: number;
  /** s, -1 while the contact lasts */
  endTime: number;
  /** approach speed captured at first touch, m/s */
  approachSpeed: number;
  /** m */
  penetration: Float64Array;
  /** N */
  force: Float64Array;
}

/** One soft-disc run. Views are into WASM memory: re-acquire after advance(). */
export interface SoftWorld {
  ok(): boolean;
  /** JSON text of a ValidationReport */
  report(): string;
  /** the normalized scenario, every field spelled out */
  scenarioJson(): string;
  /** JSON text: law, dampingA, cTau, restitution (exact, of one impact), targetRestitution, shortestContact (s), fixedStep (s), integrator, note */
  info(): string;
  /** s */
  time(): number;
  count(): number;
  outputIndex(): number;
  /** s */
  nextOutputTime(): number;
  /** integrate towards the next output instant with at most maxSteps steps */
  advance(maxSteps: number): AdvanceStatusCode;
  message(): string;
  /** (6 x N) view: x (m), y (m), angle (rad), vx (m/s), vy (m/s), spin (rad/s) per disc */
  coordinates(): Float64Array;
  /** (2 x N) view: observer positions, m */
  observers(): Float64Array;
  /** (N) view, m */
  radii(): Float64Array;
  /** (N) view, kg (observer excluded) */
  masses(): Float64Array;
  /** (N) view, kg */
  observerMasses(): Float64Array;
  domain(): SoftDomain;
  ledger(): SoftLedger;
  stats(): SoftStats;
  momentum(): Momentum;
  /** record loops of disc i with `other` (a disc, or -(k+1) for wall k); i = -1 records all (default for <= 32 discs) */
  recordHysteresis(i: number, other: number): void;
  loopCount(): number;
  /** loop k (0-based, in order of impact), or null */
  loop(k: number): HysteresisLoop | null;
  /** 16 hex digits: FNV-1a over the bits of time, coordinates and the dissipation integrals */
  hashState(): string;
  /** free the C++ object */
  delete(): void;
}

export interface SoftWorldConstructor {
  new (scenarioJson: string): SoftWorld;
}

/** The avalanche's samples from some index on, one column per quantity (issue 5). */
export interface AvalancheSamples {
  /** s since the gate opened */
  time: Float64Array;
  /** m: farthest x + R of the largest grain-grain contact component (x = 0 is the left wall) */
  runout: Float64Array;
  /** m/s: x-velocity of the grain that sets the runout (the front grain) */
  frontVelocity: Float64Array;
  /** J: translation and rotation of the grains */
  kineticEnergy: Float64Array;
  /** solver iterations, largest over the interval's steps */
  iterations: Float64Array;
  /** solver iterations, mean over the interval's steps */
  meanIterations: Float64Array;
  /** geometric residual of the interval's last step (fraction of the mean radius) */
  residual: Float64Array;
  contacts: Float64Array;
}

export interface AvalancheSummary {
  grains: number;
  /** s of settling before the gate opened */
  settleTime: number;
  /** m: settled column width (the runout at t = 0) */
  l0: number;
  /** m: settled column height above the floor */
  h0: number;
  /** H0 / L0 */
  aspect: number;
  /** m, latest */
  runout: number;
  /** s after the gate opened when the flow stopped; -1 while it flows */
  collapseTime: number;
  /** s after the gate opened when the runout first reached the scenario's village (at an output instant); -1: not (yet), or no village */
  villageReachedAt: number;
  /** steps since the gate opened */
  steps: number;
  settleSteps: number;
  /** solver sweeps summed over the steps since the gate opened (their mean per step: iterations / steps) */
  iterations: number;
  /** steps that ended at the iteration limit */
  unconverged: number;
  /** grains fallen below the floor (their bottom 5 mean diameters below its top), off its end or through it: left out of the kinetic energy and the stop test */
  fallen: number;
  /** of `fallen`, those still over the floor (x − R ≤ floor.length): they went through it, not off its end */
  fallenThrough: number;
  /** the deepest overlap seen at the start of any step (settling included), as a fraction of the smaller radius of the two bodies; 0: none */
  deepestOverlap: number;
  /** s, on time()'s clock (negative while settling): when deepestOverlap was seen */
  deepestOverlapTime: number;
  lastIterations: number;
  lastResidual: number;
}

/** 0 settling (gate closed), 1 flowing, 2 stopped */
export type AvalanchePhaseCode = 0 | 1 | 2;

export interface AvalancheWorld {
  ok(): boolean;
  /** JSON text of a ValidationReport */
  report(): string;
  /** the normalized scenario, every field spelled out */
  scenarioJson(): string;
  /** step to the next output instant (or the gate's opening) with at most maxSteps steps */
  advance(maxSteps: number): AdvanceStatusCode;
  phase(): AvalanchePhaseCode;
  /** s since the gate opened (negative while settling) */
  time(): number;
  outputIndex(): number;
  /** s: after the gate opens, the next output instant, output.duration (the run's end) at the latest */
  nextOutputTime(): number;
  message(): string;
  /** mobile grains: bodies 0 .. grains-1; the rest are the fixed floor discs */
  grains(): number;
  bodies(): number;
  /** (2 x bodies) view, m */
  positions(): Float64Array;
  /** (2 x bodies) view, m/s */
  velocities(): Float64Array;
  /** (bodies) view, rad */
  angles(): Float64Array;
  /** (bodies) view, rad/s */
  spins(): Float64Array;
  /** (bodies) view, m */
  radii(): Float64Array;
  /** boundary segments now (the gate while closed): ax, ay, bx, by (m) each */
  walls(): Float64Array;
  /** last step's contacts: x1, y1, x2, y2 (m) and normal impulse (N s) each */
  contactLines(): Float64Array;
  sampleCount(): number;
  /** samples from index `from` on */
  samples(from: number): AvalancheSamples;
  summary(): AvalancheSummary;
  /** 16 hex digits: FNV-1a over the bits of time, positions, velocities, angles and spins */
  hashState(): string;
  /** free the C++ object */
  delete(): void;
}

/** What every case of the aspect-ratio study holds fixed (nscd::StudyParams' defaults). */
export interface AvalancheStudyFixed {
  /** m, radii uniform in [radiusMin, radiusMax] */
  radiusMin: number;
  radiusMax: number;
  /** s */
  timeStep: number;
  /** the solver's tolerance, a fraction of the mean radius */
  tolerance: number;
}

export interface AvalancheWorldConstructor {
  new (scenarioJson: string): AvalancheWorld;
}

/**
 * The comparison's samples from some index on (issue 6 §1). Engines are numbered 0 event-driven,
 * 1 soft (Hunt–Crossley), 2 NSCD (Moreau–Jean); per-engine columns hold 3 values per sample, in
 * that order; NaN after an engine stopped.
 */
export interface CompareSamples {
  /** s, one per sample */
  time: Float64Array;
  /** J, translational kinetic energy (3 per sample) */
  kinetic: Float64Array;
  /** m, centre-of-mass height (3 per sample) */
  height: Float64Array;
  /** cumulative collisions and wall hits (event), contacts made (soft, NSCD) (3 per sample) */
  contacts: Float64Array;
  /** m/s: per sample, per engine, per disc: vx, vy (3 x 2N per sample) */
  velocities: Float64Array;
}

/** Where one engine of the comparison is. */
export interface CompareEngineStatus {
  /** the engine stopped (message says why); the others go on */
  stopped: boolean;
  message: string;
  /** events (event-driven), integrator steps (soft), time steps (NSCD) so far */
  work: number;
  /** collisions and wall hits (event-driven), contacts made (soft, NSCD), cumulative */
  contacts: number;
  /** contacts active now (soft, NSCD; 0 for the event-driven engine) */
  active: number;
  /** NSCD: mean solver iterations per step; soft: rejected steps; event-driven: collisions made elastic by the TC model */
  iterations: number;
}

/** One comparison set-up through the three engines side by side (core/include/granular/compare.hpp). */
export interface CompareWorld {
  ok(): boolean;
  /** JSON text of a ValidationReport */
  report(): string;
  /** the normalized scenario, every field spelled out */
  scenarioJson(): string;
  /** the scenario JSON handed to the event-driven (0) or soft (1) engine, or NSCD's parameters (2) */
  engineScenario(engine: number): string;
  /** s: the run's length (the set-up's own when output.duration is 0) */
  duration(): number;
  /** s: the exact answer's last collision (pair and row), -1 for the gas and the pile */
  lastExactCollision(): number;
  /** work towards the next output instant: each engine with its own budget from maxWork */
  advance(maxWork: number): AdvanceStatusCode;
  /** s, of the last output instant */
  time(): number;
  outputIndex(): number;
  nextOutputTime(): number;
  /** the engines that stopped and why ('' while all run) */
  message(): string;
  /** discs */
  count(): number;
  /** (N) view, m */
  radii(): Float64Array;
  /** (2 x N) view of engine k's positions, m */
  positions(engine: number): Float64Array;
  /** (2 x N) view of engine k's velocities, m/s */
  velocities(engine: number): Float64Array;
  /** walls to draw: ax, ay, bx, by (m) each (the box of the gas and the pile; none for the pair and the row) */
  walls(): Float64Array;
  /** the region worth drawing at t = 0: xmin, ymin, xmax, ymax (m) */
  region(): Float64Array;
  sampleCount(): number;
  samples(from: number): CompareSamples;
  status(engine: number): CompareEngineStatus;
  /** 16 hex digits: FNV-1a over the three engines' states */
  hashState(): string;
  /** free the C++ object */
  delete(): void;
}

export interface CompareWorldConstructor {
  new (scenarioJson: string): CompareWorld;
}

export interface GranularModule {
  World: WorldConstructor;
  SoftWorld: SoftWorldConstructor;
  AvalancheWorld: AvalancheWorldConstructor;
  CompareWorld: CompareWorldConstructor;
  /** JSON text of the default comparison scenario ("engine": "compare") */
  defaultCompareScenario(): string;
  /** JSON text of a ValidationReport for a comparison scenario */
  validateCompareScenario(json: string): string;
  /**
   * The four-sphere row of a comparison scenario run to its end through the three engines, beside
   * the exact (chain engine) answer, JSON text: {ok, message, restitution, gap (m), speed (m/s),
   * youngModulus (Pa), timeStep (s), exact: {velocities, collisions, endTime, collapsed, message,
   * shortestInterval}, engines: [{engine: "event"|"soft"|"nscd", name, velocities (m/s), collisions,
   * doneAt (s), done, message, maxDifference (m/s), ...}], closedForm: {v4, collisions} | null}.
   * Soft adds steps, contactDurationMean, contactDurationMax, overlapTime (s), maxSimultaneous,
   * slowestApproach and persistentSpeed (m/s: below that floor the damping no longer meets e);
   * NSCD adds steps, timeStep, simultaneousSteps, maxSimultaneous; event adds elasticByTC.
   * Not a row: {ok: false, message}.
   */
  compareRowTable(json: string): string;
  /** JSON text of the default avalanche scenario */
  defaultAvalancheScenario(): string;
  /** JSON text of a ValidationReport for an avalanche scenario */
  validateAvalancheScenario(json: string): string;
  /** boundary segments from the text of a 2D Gmsh .msh file: JSON {ok, message, segments: [[ax, ay, bx, by], ...]} */
  mshSegments(text: string): string;
  /** AvalancheSummary::kOverlapWarn: deeper overlaps (fraction of the smaller radius) are not rigid grains (the page's OVERLAP_WARN) */
  avalancheOverlapWarn(): number;
  /** SoftStats::kRk4SlipLimit: RK4's stability limit on the negative real axis (the page's RK4_SLIP_LIMIT) */
  rk4SlipLimit(): number;
  /**
   * One case of the aspect-ratio study (core/src/engines/nscd/study.hpp, the same code as
   * `granular-cli avalanche-study`): deposit, trim, release, run until it stops. Options JSON:
   * {minWidthGrains, minHeightGrains, seed, mu, rollingFriction (μ_r, 0 … 1), restitution (e, 0 … 1), solver}; onSample(time s, runout m) at every output
   * interval (return false to stop). JSON text {ok, error?, aspectTarget, aspect, L0, H0,
   * widthGrains, heightGrains, grains, runout, relativeRunout, stopTime, stopTimeScaled, settleTime,
   * steps, settleSteps, meanIterations}.
   */
  avalancheStudyCase(aspect: number, optionsJson: string, onSample: (time: number, runout: number) => boolean | undefined): string;
  /** what every study case holds fixed: radii (m), time step (s), tolerance (fraction of the mean radius) */
  avalancheStudyFixed(): AvalancheStudyFixed;
  /** JSON text of the default soft-disc scenario */
  defaultSoftScenario(): string;
  /** JSON text of a ValidationReport for a soft-disc scenario */
  validateSoftScenario(json: string): string;
  /** "soft", "avalanche" or "compare" when the scenario's engine says so, else "gas" */
  scenarioFamily(json: string): string;
  /**
   * The four-sphere row (ARGESIM C12, issue 4), JSON text: {ok, precision, collisions, collapsed,
   * truncated, message, endTime (s), finalVelocity (m/s), finalPosition (m), log: [{time, pair, position, velocity}]}
   * for the standard set-up (d = 1 m, m = 1 kg, gaps 1 m, v0 = 1 m/s) with restitution e. The log
   * holds the first maxLog entries: collisions, and for each inelastic collapse its merge
   * ({time, pair: -1, merge: [first, last] (0-based), position, velocity}: the group's common velocity).
   */
  chainRun(e: number, spheres: number, extended: boolean, maxLog: number): string;
  /**
   * Any row, JSON in and out (same result as chainRun): {"spheres", "diameter", "mass", "velocity"
   * (a number or one per sphere), "gap" (surface gaps, m: a number or one per pair), "restitution"
   * (a number or one per pair), "extended"}; absent fields take the standard set-up's values.
   * A bad set-up gives {"ok": false, "message": "mass[2] = -1: must be > 0"}.
   */
  chainRunSetup(json: string, maxLog: number): string;
  /**
   * JSON text {samples, mean, sd, ciLow, ciHigh, values, restitution}: e ~ Gauss(mu, sigma) clamped
   * to [0, 1], seeded; values[k] is the last velocity (m/s) of the run with e = restitution[k]
   */
  chainMonteCarlo(samples: number, mu: number, sigma: number, seed: number): string;
  /** JSON text {from, values, restitution}: samples from .. to-1 of chainMonteCarlo's sequence (for progress in chunks) */
  chainMonteCarloRange(samples: number, mu: number, sigma: number, seed: number, from: number, to: number): string;
  /** JSON text {e, converged, steps: [{e, residual, bisection}]}: last velocity = target, Newton + bisection on [lo, hi] */
  chainNewton(target: number, lo: number, hi: number): string;
  /** engine version string */
  version(): string;
  /** JSON text of the default scenario (every field, every default) */
  defaultScenario(): string;
  /** JSON text of a ValidationReport for the given scenario JSON text */
  validateScenario(json: string): string;

  // The six functions of the granular-gas exercise. Conventions: times are relative to now;
  // no contact (or a contact in the past) gives Number.MAX_VALUE.
  contactTimeDiscDisc(
    x1: number, y1: number, vx1: number, vy1: number, r1: number,
    x2: number, y2: number, vx2: number, vy2: number, r2: number,
  ): number;
  contactTimeDiscWall(
    x: number, y: number, vx: number, vy: number, r: number,
    ax: number, ay: number, bx: number, by: number,
  ): number;
  /** earliest contact among discs (xy, vxy: 2 x N) and walls (4 x W); the pair (prevI, prevJ) is excluded */
  minContactTime(
    xy: Float64Array, vxy: Float64Array, radii: Float64Array, walls: Float64Array,
    prevI: number, prevJ: number,
  ): MinContact;
  resolveDiscDisc(
    x1: number, y1: number, vx1: number, vy1: number, m1: number,
    x2: number, y2: number, vx2: number, vy2: number, m2: number,
    restitution: number,
  ): PairVelocities;
  resolveDiscWall(
    x: number, y: number, vx: number, vy: number, r: number,
    ax: number, ay: number, bx: number, by: number,
    restitution: number,
  ): Velocity;
  /** naive event-driven run with output every dt for `steps` outputs */
  advanceExercise(
    xy: Float64Array, vxy: Float64Array, radii: Float64Array, masses: Float64Array,
    walls: Float64Array, restitution: number, dt: number, steps: number,
  ): ExerciseRun;
  /**
   * The avalanche benchmark (issue 5 §4; core/wasm/nscd_bench_bindings.cpp, the same C++ as
   * `granular-cli avalanche-bench`), JSON text: a pile of `grains` discs settled in a box of fixed
   * discs, then Gauss–Seidel and Jacobi, warm-started, `steps` timed steps each to tolerance, at
   * `sweeps` sweeps and at one sweep: {grains, fixedDiscs, h (s), mu, sweeps, contacts, hash,
   * gaussSeidel: {tolerance, fixed, oneSweep: {msPerStep (best), meanMsPerStep, stepsPerSecond,
   * iterations (mean), residual (last), converged, steps, contacts}, nsPerContactSweep}, jacobi: {...}};
   * with `withPile` also the settled pile: x, y, r (m), m (kg, 0 for fixed discs).
   */
  avalancheBench(grains: number, steps: number, sweeps: number, withPile: boolean): string;
}

export interface ModuleOptions {
  /** the .wasm bytes (Node: readFileSync) */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** map 'granular.wasm' to its URL (browser: Vite's ?url import) */
  locateFile?: (path: string, prefix: string) => string;
}

/** The default export of build/wasm/granular.mjs (MODULARIZE + EXPORT_ES6). */
export type GranularModuleFactory = (options?: ModuleOptions) => Promise<GranularModule>;
