/**
 * The cases of the aspect-ratio study (issue 5 §2–3). The column of each case is built and run by
 * the C++ study (core/src/engines/nscd/study.hpp through the WASM function avalancheStudyCase):
 * the same code as `granular-cli avalanche-study`, so the page and the command line agree. The
 * page only chooses the size, in mean grain diameters: W = max(wide, high / a), H = a W.
 *   tiny   >= 3 wide, >= 6 high   (seconds in all: demos and the e2e test)
 *   quick  >= 6 wide, >= 15 high
 *   full   >= 10 wide, >= 30 high (the test)
 */
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

/** The options of avalancheStudyCase for a study of `size`. */
export function studyCaseOptions(size: StudySize): { minWidthGrains: number; minHeightGrains: number } {
  const [wide, high] = MIN_GRAINS[size];
  return { minWidthGrains: wide, minHeightGrains: high };
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
