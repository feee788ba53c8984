/**
 * The cases of the aspect-ratio study (issue 5 §2–3). The column of each case is built and run by
 * the C++ study (core/src/engines/nscd/study.hpp through the WASM function avalancheStudyCase):
 * the same code as `granular-cli avalanche-study`, so the page and the command line agree. The
 * page chooses the size, in mean grain diameters: W = max(wide, high / a), H = a W, and passes the
 * scenario's material (studyMaterial).
 *   tiny   >= 3 wide, >= 6 high   (seconds in all: demos and the e2e test)
 *   quick  >= 6 wide, >= 15 high
 *   full   >= 10 wide, >= 30 high (the test)
 */
import { getPath, type JsonObject } from '../sim/scenario';

export const STUDY_SIZES = ['tiny', 'quick', 'full'] as const;
export type StudySize = (typeof STUDY_SIZES)[number];

/** the aspect ratios */
export const DEFAULT_ASPECTS: readonly number[] = [0.5, 1, 2, 4, 8];

/** [least width, least height] in mean grain diameters */
const MIN_GRAINS: Readonly<Record<StudySize, readonly [number, number]>> = {
  tiny: [3, 6],
  quick: [6, 15],
  full: [10, 30],
};

/**
 * What the study takes from the page's scenario: friction, rolling resistance, restitution, solver
 * and seed. The radii (4–6 mm), time step (5·10⁻⁵ s) and tolerance are the study's own (as in
 * `granular-cli avalanche-study`), chosen so that the runouts are converged (docs/avalanche.md).
 */
export interface StudyMaterial {
  mu: number;
  rollingFriction: number;
  restitution: number;
  solver: 'gauss-seidel' | 'jacobi';
  seed: number;
}

/** The study's defaults, the same as the command line's (and the default scenario's). */
export const DEFAULT_STUDY_MATERIAL: StudyMaterial = { mu: 0.5, rollingFriction: 0, restitution: 0, solver: 'gauss-seidel', seed: 1 };

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
  const number = (path: string, fallback: number): number => {
    const v = getPath(scenario, path);
    return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  };
  m.mu = number('friction.mu', m.mu);
  m.rollingFriction = number('friction.rolling', m.rollingFriction);
  m.restitution = number('restitution', m.restitution);
  m.seed = number('seed', m.seed);
  if (getPath(scenario, 'solver.method') === 'jacobi') m.solver = 'jacobi';
  return m;
}

/** "μ = 0.5, μ_r = 0, e = 0, Gauss–Seidel, seed 1" */
export function materialText(m: StudyMaterial): string {
  return `μ = ${m.mu}, μ_r = ${m.rollingFriction}, e = ${m.restitution}, ${m.solver === 'jacobi' ? 'Jacobi' : 'Gauss–Seidel'}, seed ${m.seed}`;
}

/** Aspect ratios from text like "0.5, 1, 2 4;8": positive numbers, or a message naming the bad entry. */
export function parseAspects(text: string): { aspects: number[] } | { error: string } {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length === 0) return { error: 'give at least one aspect ratio' };
  const aspects: number[] = [];
  for (const p of parts) {
    const v = Number(p);
    if (!Number.isFinite(v) || v <= 0 || v > 64) return { error: `aspect ratio "${p}": must be a number > 0 and <= 64` };
    aspects.push(v);
  }
  return { aspects: [...new Set(aspects)].sort((x, y) => x - y) };
}

/** The page address with ?study=SIZE&aspects=A,B,… set (other parameters and the fragment kept). */
export function studyAddress(href: string, size: StudySize, aspects: readonly number[]): string {
  const url = new URL(href);
  url.searchParams.set('study', size);
  url.searchParams.set('aspects', aspects.join(','));
  return `${url.pathname}${url.search}${url.hash}`;
}
