/**
 * The scenario of one case of the aspect-ratio study (issue 5 §2–3): the default avalanche
 * scenario with the column sized for the aspect ratio a = H/W and the floor long enough for
 * the runout. This is the page's one definition of a study case; the CLI's study command
 * (C++, written separately) should build the same columns — keep the two in step.
 *
 * Sizes, in grain diameters d = 2 R_max of the base scenario:
 *   tiny   W = max(3, 6/a) d,  H = a W   (a few seconds in all: demos and the e2e test)
 *   quick  W = max(6, 15/a) d, H = a W   (>= 6 grains wide and >= 15 high)
 *   full   W = max(10, 30/a) d, H = a W  (>= 10 wide and >= 30 high: the test)
 * Floor: W (2 + 3 a), past the largest published runout L∞ ≈ W (1 + 1.9 a^(2/3)) for a >= 0.5.
 * Everything else (grains, μ, solver, seed, thresholds) is the base scenario's; the duration
 * is long enough for the flow to stop (the run ends at the stop, not the duration).
 */
import { cloneJson, getPath, type JsonObject } from '../sim/scenario';

export const STUDY_SIZES = ['tiny', 'quick', 'full'] as const;
export type StudySize = (typeof STUDY_SIZES)[number];

/** the aspect ratios */
export const DEFAULT_ASPECTS: readonly number[] = [0.5, 1, 2, 4, 8];

/** [least width, least height] in grain diameters */
const MIN_GRAINS: Readonly<Record<StudySize, readonly [number, number]>> = {
  tiny: [3, 6],
  quick: [6, 15],
  full: [10, 30],
};

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The scenario of the case a (> 0) of a study of `size`, from `base` (the default avalanche scenario). */
export function studyCaseScenario(base: JsonObject, a: number, size: StudySize): JsonObject {
  const scenario = cloneJson(base);
  const d = 2 * num(getPath(base, 'grains.rmax'), 0.006);
  const [wide, high] = MIN_GRAINS[size];
  const width = d * Math.max(wide, high / a);
  const height = a * width;
  scenario['name'] = `Study case a = ${a} (${size})`;
  scenario['column'] = { width: round(width), height: round(height) };
  scenario['floor'] = { length: round(width * (2 + 3 * a)) };
  scenario['output'] = { interval: num(getPath(base, 'output.interval'), 0.01), duration: 60 };
  return scenario;
}

/** 6 significant digits: readable JSON, sizes exact enough */
function round(v: number): number {
  return Number(v.toPrecision(6));
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
