/**
 * The cases of the aspect-ratio study (issue 5 §2–3). The column of each case is built and run by
 * the C++ study (core/src/engines/nscd/study.hpp through the WASM function avalancheStudyCase):
 * the same code as `granular-cli avalanche-study`, so the page and the command line agree. The
 * page chooses the size, in mean grain diameters: W = max(wide, high / a), H = a W, and passes the
 * scenario's material (studyMaterial).
 *   tiny   >= 3 wide, >= 6 high   (about a second in all: demos and the e2e test)
 *   quick  >= 6 wide, >= 15 high  (a few seconds)
 *   full   >= 10 wide, >= 30 high (the issue's test, under a minute on two cores)
 * studyColumn() sizes a case's column as the C++ study does, for the progress bar and the estimate
 * of how long a study takes (studyEstimate).
 */
import { getPath, numberAt, type JsonObject } from '../sim/scenario';
import { clipText, formatCount, formatNumber } from '../ui/dom';
import { DECIMAL } from '../chain/validate';
import { emptyEntryProblem, listEntries } from '../ui/list-entries';
import { listText } from '../ui/table-scroll';

export const STUDY_SIZES = ['tiny', 'quick', 'full'] as const;
export type StudySize = (typeof STUDY_SIZES)[number];

/** the issue's aspect ratios */
export const DEFAULT_ASPECTS: readonly number[] = [0.5, 1, 2, 4, 8];

/**
 * The aspect ratios the panel runs. avalancheStudyCase takes 0 < a <= 64 and the command line any
 * a > 0, but outside this range a column has far more grains than its size promises (W = 6 / a
 * mean diameters on *tiny*: 3,600 grains at a = 0.01, 20 s and more); the command line is the tool
 * for those.
 */
export const ASPECT_MIN = 0.1;
export const ASPECT_MAX = 32;

/**
 * How long a study of the issue's five aspect ratios takes at each size, on two cores: 0.45 s, 3.4 s
 * and 19 s in Chromium on 4 Dec 2026, since contacts come from a candidate list (it had said "a
 * second or two", "about ten seconds" and "a minute or two"), with room for a slower laptop.
 */
export const SIZE_PROMISE: Readonly<Record<StudySize, string>> = {
  tiny: 'about a second',
  quick: 'a few seconds',
  full: 'under a minute on two cores',
};

/** [least width, least height] in mean grain diameters */
const MIN_GRAINS: Readonly<Record<StudySize, readonly [number, number]>> = {
  tiny: [3, 6],
  quick: [6, 15],
  full: [10, 30],
};

/**
 * Said after a study smaller than full: columns a few grains across stop within a few grains'
 * travel, and a tiny study's slopes came out anywhere (−1.2 once, against about 1 at full size).
 * '' for the full size.
 */
export function sizeCaveat(size: StudySize): string {
  if (size === 'full') return '';
  const [w, h] = MIN_GRAINS[size];
  const [fw, fh] = MIN_GRAINS.full;
  return `Columns this small (${size}: from ${w} × ${h} grains) spread by a few grains, so their runouts and slopes can land far from those of large columns: run the full size (at least ${fw} × ${fh} grains) to measure them.`;
}

/**
 * What the study holds fixed whatever the scenario (core/src/engines/nscd/study.hpp, StudyParams, as
 * avalancheStudyCase runs it from the page): radii uniform in [radiusMin, radiusMax] (m), the time
 * step (s) and the solver's tolerance (a fraction of the mean radius). A constant, so that the pure
 * CSV code needs no module; tests/wasm/avalanche-page.test.ts holds it to the engine's own
 * (avalancheStudyFixed), so a change of StudyParams fails there rather than mislabelling the CSV.
 */
export const STUDY_FIXED = { radiusMin: 0.004, radiusMax: 0.006, timeStep: 5e-5, tolerance: 1e-4 } as const;

/**
 * What the study takes from the page's scenario: friction, rolling resistance, restitution, solver,
 * seed, and the floor's roughness: its discs' radius and the gap between them, in proportion to the
 * smallest grain (the scenario's floor.radius / grains.rmin, times the study's R_min), so that a
 * floor as bumpy as the scenario's is laid under the study's own grains. The radii (4–6 mm), time
 * step (5·10⁻⁵ s) and tolerance are the study's own (as in `granular-cli avalanche-study`), chosen so
 * that the runouts are converged (docs/avalanche.md).
 */
export interface StudyMaterial {
  mu: number;
  rollingFriction: number;
  restitution: number;
  solver: 'gauss-seidel' | 'jacobi';
  seed: number;
  /** m, the floor's fixed discs under the study's grains (--floor-radius) */
  floorRadius: number;
  /** m, between neighbouring floor discs (--floor-gap) */
  floorGap: number;
}

/** The study's defaults, the same as the command line's (and the default scenario's: floor discs of radius R_min, touching). */
export const DEFAULT_STUDY_MATERIAL: StudyMaterial = {
  mu: 0.5,
  rollingFriction: 0,
  restitution: 0,
  solver: 'gauss-seidel',
  seed: 1,
  floorRadius: STUDY_FIXED.radiusMin,
  floorGap: 0,
};

/** The options of avalancheStudyCase: the column size in mean diameters and the material. */
export interface StudyCaseOptions extends StudyMaterial {
  minWidthGrains: number;
  minHeightGrains: number;
}

/** The options of avalancheStudyCase for a study of `size` with `material`. */
export function studyCaseOptions(size: StudySize, material: StudyMaterial = DEFAULT_STUDY_MATERIAL): StudyCaseOptions {
  const [wide, high] = MIN_GRAINS[size];
  return { minWidthGrains: wide, minHeightGrains: high, ...material };
}

/** The study material of a (validated) avalanche scenario; what it lacks keeps the study's default. */
export function studyMaterial(scenario: JsonObject | null): StudyMaterial {
  const m = { ...DEFAULT_STUDY_MATERIAL };
  if (!scenario) return m;
  const number = (path: string, fallback: number): number => numberAt(scenario, path, fallback);
  m.mu = number('friction.mu', m.mu);
  m.rollingFriction = number('friction.rolling', m.rollingFriction);
  m.restitution = number('restitution', m.restitution);
  m.seed = number('seed', m.seed);
  if (getPath(scenario, 'solver.method') === 'jacobi') m.solver = 'jacobi';
  // the floor in proportion to the smallest grain: floor.radius null means grains.rmin (the default)
  const rmin = number('grains.rmin', NaN);
  if (rmin > 0) {
    const radius = getPath(scenario, 'floor.radius');
    if (typeof radius === 'number' && radius > 0) m.floorRadius = STUDY_FIXED.radiusMin * (radius / rmin);
    const gap = number('floor.gap', 0);
    if (gap > 0) m.floorGap = STUDY_FIXED.radiusMin * (gap / rmin);
  }
  return m;
}

/**
 * "μ = 0.5, μ_r = 0, e = 0, Gauss–Seidel, seed 1"; a floor other than the default's (discs of
 * radius R_min, touching) is named: "…, seed 1, floor discs 0.01 m, 0.003 m apart".
 */
export function materialText(m: StudyMaterial): string {
  const floor =
    m.floorRadius !== DEFAULT_STUDY_MATERIAL.floorRadius || m.floorGap !== DEFAULT_STUDY_MATERIAL.floorGap
      ? `, floor discs ${formatNumber(m.floorRadius)} m${m.floorGap > 0 ? `, ${formatNumber(m.floorGap)} m apart` : ''}`
      : '';
  return `μ = ${m.mu}, μ_r = ${m.rollingFriction}, e = ${m.restitution}, ${m.solver === 'jacobi' ? 'Jacobi' : 'Gauss–Seidel'}, seed ${m.seed}${floor}`;
}

/**
 * Aspect ratios from text like "0.5, 1, 2 4;8": plain decimal numbers (an exponent allowed: 2.5e0)
 * from ASPECT_MIN to ASPECT_MAX, each once, or a message naming the bad entries (an empty one,
 * "1,,2", by its position). `Number` read "0x10" as a = 16 and "0b1" as 1, and "1, 1" ran one case
 * without a word: both are refused, with the entries named.
 */
export function parseAspects(text: string): { aspects: number[] } | { error: string } {
  const parts = listEntries(text);
  if (parts.length === 0) return { error: 'give at least one aspect ratio' };
  const empty = emptyEntryProblem(parts, 'aspect ratios');
  if (empty) return { error: empty };
  const aspects: number[] = [];
  const bad: string[] = [];
  for (const p of parts) {
    const v = DECIMAL.test(p) ? Number(p) : NaN;
    if (!Number.isFinite(v) || v < ASPECT_MIN || v > ASPECT_MAX) bad.push(p);
    else aspects.push(v);
  }
  if (bad.length > 0) return { error: badAspectsProblem(bad) };
  const twice = repeatedAspectsProblem(parts);
  if (twice) return { error: twice };
  return { aspects: [...aspects].sort((x, y) => x - y) };
}

/**
 * Entries that give the same a more than once (each case would run once, the rest dropped without a
 * word): 'aspect ratio "1" appears twice: give each once', 'aspect ratios "1" and "1.0" are the same
 * number: give each once', several: 'aspect ratios appear more than once: "1" twice; "2" and "2.0"
 * (the same number): give each once'. null when each is given once. `entries` are plain decimals.
 */
function repeatedAspectsProblem(entries: readonly string[]): string | null {
  const byValue = new Map<number, string[]>();
  for (const p of entries) byValue.set(Number(p), [...(byValue.get(Number(p)) ?? []), p]);
  const repeated = [...byValue.values()].filter((g) => g.length > 1);
  const first = repeated[0];
  if (first === undefined) return null;
  const quoted = (p: string): string => `"${clipText(p, 24)}"`;
  const times = (n: number): string => (n === 2 ? 'twice' : `${n} times`);
  /** the entries' texts when they differ ("1" and "1.0"), or null when they are one text repeated */
  const texts = (g: readonly string[]): string | null => {
    const distinct = [...new Set(g)];
    return distinct.length > 1 ? listText(distinct.map(quoted)) : null;
  };
  const fix = 'give each once';
  if (repeated.length === 1) {
    const differ = texts(first);
    return differ === null ? `aspect ratio ${quoted(first[0] ?? '')} appears ${times(first.length)}: ${fix}` : `aspect ratios ${differ} are the same number: ${fix}`;
  }
  const shown = repeated.slice(0, BAD_ASPECTS_NAMED).map((g) => {
    const differ = texts(g);
    return differ === null ? `${quoted(g[0] ?? '')} ${times(g.length)}` : `${differ} (the same number)`;
  });
  const more = repeated.length - shown.length;
  return `aspect ratios appear more than once: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}: ${fix}`;
}

/** at most this many refused aspect ratios are quoted; the rest are counted */
const BAD_ASPECTS_NAMED = 4;

/**
 * Every entry that cannot run, each once and in the order typed (a list from the address such as
 * "abc,-1,2" named only "abc", and "-1" was refused only once "abc" was fixed): 'aspect ratio
 * "64": must be …', 'aspect ratios "abc" and "-1": each must be …', past four '… "d" and 3 more: …'.
 */
function badAspectsProblem(entries: readonly string[]): string {
  const bad = [...new Set(entries)];
  // "0x10" is 16 to JavaScript, within the range: the message says why it is refused all the same
  const notDecimal = bad.some((p) => !DECIMAL.test(p) && Number.isFinite(Number(p)));
  const range = `${notDecimal ? 'a decimal number (such as 16, 0.5 or 1e1)' : 'a number'} from ${ASPECT_MIN} to ${ASPECT_MAX} here (granular-cli avalanche-study takes any a > 0)`;
  const quoted = (p: string): string => `"${clipText(p, 24)}"`;
  if (bad.length === 1) return `aspect ratio ${quoted(bad[0] ?? '')}: must be ${range}`;
  const named = bad.slice(0, BAD_ASPECTS_NAMED).map(quoted);
  const more = bad.length - named.length;
  const list = more > 0 ? `${named.join(', ')} and ${more} more` : listText(named);
  return `aspect ratios ${list}: each must be ${range}`;
}

/** The study's mean grain diameter, m: radii uniform in 4–6 mm, d = R_min + R_max (core/src/engines/nscd/study.hpp). */
export const STUDY_MEAN_DIAMETER = 0.01;
/**
 * Grains in a settled column of W × H mean diameters: about 0.98 (W − 0.3)(H − 0.5), within 5 % of
 * the command line's counts from 3 × 6 (14 grains) to 60 × 30 (1,771) and 3 × 96 (260): the
 * lattice loses part of a pitch at the gate and the trimmed top half a grain.
 */
function settledGrains(widthGrains: number, heightGrains: number): number {
  return 0.98 * Math.max(0, widthGrains - 0.3) * Math.max(0, heightGrains - 0.5);
}

/** The column of one case before it settles (the C++ study's aspectSetup). */
export interface StudyColumn {
  /** W and H in mean diameters */
  widthGrains: number;
  heightGrains: number;
  /** m */
  width: number;
  height: number;
  /** roughly how many grains it holds once settled */
  grains: number;
}

/** The column the C++ study builds for aspect ratio `a` at `size`: W = max(wide, high / a) mean diameters, H = a W. */
export function studyColumn(a: number, size: StudySize): StudyColumn {
  const [wide, high] = MIN_GRAINS[size];
  const widthGrains = Math.max(wide, high / a);
  const heightGrains = a * widthGrains;
  return {
    widthGrains,
    heightGrains,
    width: widthGrains * STUDY_MEAN_DIAMETER,
    height: heightGrains * STUDY_MEAN_DIAMETER,
    grains: settledGrains(widthGrains, heightGrains),
  };
}

/** The most grains a case of the issue's aspect ratios has at `size`: what the size's promise is for. */
export function usualGrains(size: StudySize): number {
  return Math.max(...DEFAULT_ASPECTS.map((a) => studyColumn(a, size).grains));
}

/** "about" a grain count: two significant digits, with a thousands separator (3,600). */
export function roughCount(n: number): string {
  if (!(n > 0)) return '0';
  const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return formatCount(Math.round(n / step) * step);
}

/** "1 case", "2 cases" */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** a case with more than this many times its size's usual grains is named in the estimate */
const MANY_GRAINS = 2;

/**
 * The work of one case, in arbitrary units: its grains times the square root of its height in
 * grains, for the steps of the collapse (and of the settling) grow as √(H/g). Measured in Chromium on
 * two cores, quick size: a = 1 … 20 took 110 s against 8.4 s for the issue's five, 13 times; this
 * gives 12 (grains alone 6).
 */
function caseWork(a: number, size: StudySize): number {
  const c = studyColumn(a, size);
  return c.grains * Math.sqrt(c.heightGrains);
}

/** How many times the work of the issue's five cases at `size` a study of `aspects` is. */
export function studyWork(size: StudySize, aspects: readonly number[]): number {
  const sum = (list: readonly number[]): number => list.reduce((total, a) => total + caseWork(a, size), 0);
  return sum(aspects) / sum(DEFAULT_ASPECTS);
}

/** a study of more than this many times the issue's five cases' work says how much longer it takes */
const MUCH_WORK = 2;

/**
 * What a study of `aspects` at `size` costs: "5 cases of about 15–63 grains: about a second."; a
 * case with far more grains than the size's usual is named instead of the promise ("1 case of
 * about 320 grains, 5 times a usual tiny case's 63: expect it to take 5 times as long or more."),
 * and a list of usual cases, but many of them, says how many times the promise's work it is ("20
 * cases of about 98–670 grains: about 12 times the work of the usual 5 cases (a few seconds), so
 * expect about 12 times as long.").
 */
export function studyEstimate(size: StudySize, aspects: readonly number[]): string {
  if (aspects.length === 0) return '';
  const grains = aspects.map((a) => studyColumn(a, size).grains);
  const lo = roughCount(Math.min(...grains));
  const hi = roughCount(Math.max(...grains));
  const head = `${plural(aspects.length, 'case')} of about ${lo === hi ? lo : `${lo}–${hi}`} grains`;
  const usual = usualGrains(size);
  const large = aspects.filter((_, k) => (grains[k] ?? 0) > MANY_GRAINS * usual);
  if (large.length === 0) {
    // the promise is for the issue's five cases: twenty of them at quick size said "about ten seconds" and took 110 s
    const work = studyWork(size, aspects);
    if (work <= MUCH_WORK) return `${head}: ${SIZE_PROMISE[size]}.`;
    const times = Math.round(work);
    return `${head}: about ${times} times the work of the usual ${DEFAULT_ASPECTS.length} cases (${SIZE_PROMISE[size]}), so expect about ${times} times as long.`;
  }
  const most = Math.max(...large.map((a) => studyColumn(a, size).grains));
  const times = `${Math.round(most / usual)} times a usual ${size} case’s ${roughCount(usual)}`;
  if (large.length === aspects.length && large.length === 1) return `${head}, ${times}: expect it to take ${Math.round(most / usual)} times as long or more.`;
  const which = `a = ${listText(large.map(String))}`;
  const has = large.length === 1 ? `has about ${roughCount(most)}` : `have up to about ${roughCount(most)}`;
  const them = large.length === 1 ? 'it' : 'those cases';
  return `${head}; ${which} ${has}, ${times}: expect ${them} to take ${Math.round(most / usual)} times as long or more.`;
}

/** The page address with ?study=SIZE&aspects=A,B,… set (other parameters and the fragment kept). */
export function studyAddress(href: string, size: StudySize, aspects: readonly number[]): string {
  const url = new URL(href);
  url.searchParams.set('study', size);
  url.searchParams.set('aspects', aspects.join(','));
  return `${url.pathname}${url.search}${url.hash}`;
}
