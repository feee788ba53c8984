/**
 * The study panel's texts and estimates (pure parts of web/src/avalanche/study-panel.ts): singular
 * and plural, the column each case builds (as the C++ study sizes it) and the progress it gives,
 * the accepted range of aspect ratios, the cost estimate, the sideways-scroll hint.
 */
import { describe, expect, it } from 'vitest';
import {
  ASPECT_MAX, ASPECT_MIN, DEFAULT_ASPECTS, parseAspects, plural, roughCount, sizeCaveat, STUDY_SIZES, studyColumn, studyEstimate, usualGrains,
} from '../../web/src/avalanche/study-cases';
import {
  cancelledResultText, cancelledText, caseFraction, doneText, progressText, runningCaseFraction, runningCaseText, runningText, SETTLE_SHARE, settleFraction,
  slopeText, slopeTextParts, SMALL_SLOPE, type RunningCase,
} from '../../web/src/avalanche/study';
import { listText, scrollHint } from '../../web/src/ui/table-scroll';

const MATERIAL = 'μ = 0.5, μ_r = 0, e = 0, Gauss–Seidel, seed 1';

describe('study panel: singular and plural', () => {
  it('one case, one collapse', () => {
    expect(progressText(0, 1)).toBe('0 of 1 case done');
    expect(progressText(1, 1)).toBe('1 of 1 case done');
    expect(progressText(2, 5, 'a = 8: settling the column (about 63 grains)')).toBe('2 of 5 cases done · a = 8: settling the column (about 63 grains)');
    expect(cancelledText(0, 1)).toBe('Cancelled: 0 of 1 case done.');
    expect(cancelledText(0, 2)).toBe('Cancelled: 0 of 2 cases done.');
    // the kept rows keep the material they were run with
    expect(cancelledResultText(0, MATERIAL)).toBe(`Study cancelled; no case had finished (${MATERIAL}).`);
    expect(cancelledResultText(1, MATERIAL)).toBe(`Study cancelled; the finished case is kept (${MATERIAL}).`);
    expect(cancelledResultText(3, MATERIAL)).toBe(`Study cancelled; the 3 finished cases are kept (${MATERIAL}).`);
    expect(runningText(1, 'tiny', MATERIAL)).toBe(`Running 1 collapse (tiny; ${MATERIAL})…`);
    expect(runningText(5, 'tiny', MATERIAL)).toBe(`Running 5 collapses (tiny; ${MATERIAL})…`);
    expect(doneText(1, 16.04, MATERIAL, 0)).toBe(`1 collapse in 16 s (${MATERIAL}).`);
    expect(doneText(4, 1.953, MATERIAL, 1)).toBe(`4 collapses in 1.95 s (${MATERIAL}); 1 failed (the table says why).`);
    // a study below the full size says its slopes are no measurement, with the sizes
    expect(sizeCaveat('tiny')).toBe('Columns this small (tiny: from 3 × 6 grains) spread by a few grains, so their runouts and slopes can land far from those of large columns: run the full size (at least 10 × 30 grains) to measure them.');
    expect(sizeCaveat('quick')).toContain('(quick: from 6 × 15 grains)');
    expect(sizeCaveat('full')).toBe('');
    expect(plural(1, 'case')).toBe('1 case');
    expect(plural(0, 'case')).toBe('0 cases');
    expect(studyEstimate('tiny', [2])).toMatch(/^1 case of about \d+ grains: /);
    expect(studyEstimate('tiny', [1, 2])).toMatch(/^2 cases of about /);
    expect(listText(['a'])).toBe('a');
    expect(listText(['a', 'b'])).toBe('a and b');
    expect(listText(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('the slope text keeps its words; its verdict is a part of its own (kept on one line)', () => {
    const fit = { slope: 0.882, prefactor: 1, points: 2 };
    expect(slopeText(fit, SMALL_SLOPE)).toBe('0.882 (2 cases), inside 1 ± 0.15');
    expect(slopeTextParts(fit, SMALL_SLOPE)).toEqual(['0.882 (2 cases), ', 'inside 1 ± 0.15']);
    expect(slopeTextParts(null, SMALL_SLOPE)).toEqual(['needs two cases', '']);
  });
});

/** The command line's cases (granular-cli avalanche-study, docs/avalanche.md and the tiny size): a, size, grains, H0 (m), the last time the run steps to (s). */
const CASES: ReadonlyArray<{ a: number; size: 'tiny' | 'full'; grains: number; h0: number; end: number }> = [
  { a: 0.1, size: 'tiny', grains: 330, h0: 0.0598, end: 0.4935 + 0.25 * Math.sqrt(0.0598 / 9.81) },
  { a: 0.5, size: 'tiny', grains: 60, h0: 0.0591, end: 0.898 + 0.25 * Math.sqrt(0.0591 / 9.81) },
  { a: 8, size: 'tiny', grains: 62, h0: 0.236, end: 0.898 + 0.25 * Math.sqrt(0.236 / 9.81) },
  { a: 32, size: 'tiny', grains: 260, h0: 0.958, end: 1.571 + 0.25 * Math.sqrt(0.958 / 9.81) },
  { a: 0.5, size: 'full', grains: 1771, h0: 0.3, end: 8.42 * Math.sqrt(0.3 / 9.81) },
  { a: 4, size: 'full', grains: 384, h0: 0.399, end: 6.24 * Math.sqrt(0.399 / 9.81) },
  { a: 8, size: 'full', grains: 780, h0: 0.799, end: 5.56 * Math.sqrt(0.799 / 9.81) },
];

describe('study panel: the column of a case and its progress', () => {
  it('sizes the column as the C++ study does: W = max(wide, high / a) mean diameters (10 mm), H = a W', () => {
    expect(studyColumn(0.01, 'tiny')).toMatchObject({ widthGrains: 600, heightGrains: 6 });
    expect(studyColumn(0.01, 'tiny').height).toBeCloseTo(0.06, 12);
    expect(studyColumn(8, 'tiny')).toMatchObject({ widthGrains: 3, heightGrains: 24 });
    expect(studyColumn(0.5, 'full')).toMatchObject({ widthGrains: 60, heightGrains: 30 });
    expect(studyColumn(4, 'full').height).toBeCloseTo(0.4, 12);
    expect(studyColumn(2, 'quick')).toMatchObject({ widthGrains: 7.5, heightGrains: 15 });
    // its grains, within 10 % of what the command line settled
    for (const c of CASES) {
      expect(Math.abs(studyColumn(c.a, c.size).grains / c.grains - 1), `a = ${c.a} ${c.size}`).toBeLessThan(0.1);
      expect(Math.abs(studyColumn(c.a, c.size).height / c.h0 - 1), `a = ${c.a} ${c.size}`).toBeLessThan(0.05);
    }
  });

  it('the flow moves the bar from the gate opening to the end and never fills it before the case ends', () => {
    for (const c of CASES) {
      const running = (time: number): RunningCase => ({ a: c.a, phase: 1, started: 0, time, column: studyColumn(c.a, c.size) });
      const at = (t: number): number => runningCaseFraction(running(t), 100);
      expect(at(0)).toBeCloseTo(SETTLE_SHARE, 12);
      // a visible step in the first tenth of the run, and still moving in its last tenth
      expect(at(0.1 * c.end) - at(0), `a = ${c.a} ${c.size}`).toBeGreaterThan(0.05);
      expect(at(c.end) - at(0.9 * c.end), `a = ${c.a} ${c.size}`).toBeGreaterThan(0.01);
      // at the end (the case still running) the bar is not full
      expect(at(c.end), `a = ${c.a} ${c.size}`).toBeLessThan(0.96);
      // nor ever, however long the case runs (up to 40 √(H0/g))
      expect(at(40 * Math.sqrt(c.h0 / 9.81))).toBeLessThan(1);
    }
    // the audit's case: a = 0.01 on tiny, 0.07 s after the gate opened, is far from done
    expect(runningCaseFraction({ a: 0.01, phase: 1, started: 0, time: 0.07, column: studyColumn(0.01, 'tiny') }, 100)).toBeLessThan(0.6);
  });

  it('settling moves the bar with the clock, below its share, and the line says so', () => {
    const c: RunningCase = { a: 0.5, phase: 0, started: 10, time: 0, column: studyColumn(0.5, 'tiny') };
    let last = 0;
    for (const dt of [0, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 60]) {
      const f = runningCaseFraction(c, 10 + dt);
      expect(f).toBeGreaterThanOrEqual(last);
      expect(f).toBeLessThan(SETTLE_SHARE);
      last = f;
    }
    expect(runningCaseFraction(c, 10.2)).toBeGreaterThan(0.02);
    // at the time expected (here 4 ms a grain), most of the share
    expect(settleFraction(60 * 0.004, 60, 0.004)).toBeGreaterThan(0.8 * SETTLE_SHARE);
    expect(runningCaseText(c)).toBe('a = 0.5: settling the column (about 63 grains)');
    expect(runningCaseText({ ...c, phase: 1, time: 0.3141 })).toBe('a = 0.5: t = 0.314 s after the gate opened (about 63 grains)');
    // caseFraction's contract as before: settling (time < 0) up to the share, then the flow
    expect(caseFraction(0, -4, 5, 0.1, 9.81)).toBeCloseTo(SETTLE_SHARE, 12);
    expect(caseFraction(1, 100, 5, 0.1, 9.81)).toBeLessThan(1);
  });
});

describe('study panel: which aspect ratios, and what they cost', () => {
  it('accepts 0.1 to 32 (the issue\'s 0.5–8 and room around them); the message names the field and the value', () => {
    expect(parseAspects('0.5, 1, 2, 4, 8')).toEqual({ aspects: [...DEFAULT_ASPECTS] });
    expect(parseAspects(`${ASPECT_MIN} ${ASPECT_MAX}`)).toEqual({ aspects: [0.1, 32] });
    const refused = 'must be a number from 0.1 to 32 here (granular-cli avalanche-study takes any a > 0)';
    expect(parseAspects('0.01')).toEqual({ error: `aspect ratio "0.01": ${refused}` });
    expect(parseAspects('1, 64')).toEqual({ error: `aspect ratio "64": ${refused}` });
    expect(parseAspects('1, two')).toEqual({ error: `aspect ratio "two": ${refused}` });
    expect(parseAspects('-1')).toHaveProperty('error');
    expect(parseAspects('0')).toHaveProperty('error');
    expect(parseAspects('x'.repeat(200))).toEqual({ error: `aspect ratio "${'x'.repeat(24)}…": ${refused}` });
  });

  it('names every aspect ratio that cannot run, not only the first (each once; past four, how many more)', () => {
    const each = 'each must be a number from 0.1 to 32 here (granular-cli avalanche-study takes any a > 0)';
    // the address's ?aspects=abc,-1,2 named only "abc"
    expect(parseAspects('abc,-1,2')).toEqual({ error: `aspect ratios "abc" and "-1": ${each}` });
    expect(parseAspects('0, 1, 64, 0, x')).toEqual({ error: `aspect ratios "0", "64" and "x": ${each}` });
    expect(parseAspects('a b c d e f 2')).toEqual({ error: `aspect ratios "a", "b", "c", "d" and 2 more: ${each}` });
    expect(parseAspects('64, 64')).toEqual({ error: 'aspect ratio "64": must be a number from 0.1 to 32 here (granular-cli avalanche-study takes any a > 0)' });
  });

  it("the issue's aspect ratios keep each size's promise; far more grains are said, with how many", () => {
    expect(studyEstimate('tiny', DEFAULT_ASPECTS)).toBe('5 cases of about 15–63 grains: about a second.');
    expect(studyEstimate('quick', DEFAULT_ASPECTS)).toBe('5 cases of about 100–420 grains: a few seconds.');
    expect(studyEstimate('full', DEFAULT_ASPECTS)).toBe('5 cases of about 380–1,700 grains: under a minute on two cores.');
    for (const size of STUDY_SIZES) {
      for (const a of DEFAULT_ASPECTS) expect(studyColumn(a, size).grains).toBeLessThanOrEqual(usualGrains(size));
    }
    expect(studyEstimate('tiny', [0.1])).toBe('1 case of about 320 grains, 5 times a usual tiny case’s 63: expect it to take 5 times as long or more.');
    expect(studyEstimate('tiny', [0.1, 1, 4])).toBe(
      '3 cases of about 30–320 grains; a = 0.1 has about 320, 5 times a usual tiny case’s 63: expect it to take 5 times as long or more.',
    );
    expect(studyEstimate('tiny', [0.1, 1, 32])).toBe(
      '3 cases of about 31–320 grains; a = 0.1 and 32 have up to about 320, 5 times a usual tiny case’s 63: expect those cases to take 5 times as long or more.',
    );
    expect(studyEstimate('full', [0.1])).toMatch(/^1 case of about 8,700 grains, 5 times a usual full case’s 1,700/);
    expect(roughCount(3421)).toBe('3,400');
    expect(roughCount(62.4)).toBe('62');
    expect(roughCount(7)).toBe('7');
  });

  // each size's promise is for the issue's five cases: a = 1 … 20 at quick size said "about ten
  // seconds" and took 110 s in Chromium on two cores (the five: 8.4 s)
  it('many usual cases say how many times the promised work they are', () => {
    const twenty = Array.from({ length: 20 }, (_, k) => k + 1);
    expect(studyEstimate('quick', twenty)).toBe(
      '20 cases of about 98–670 grains: about 12 times the work of the usual 5 cases (a few seconds), so expect about 12 times as long.',
    );
    expect(studyEstimate('full', [0.5, 1, 2, 4, 8, 16, 32])).toBe(
      '7 cases of about 380–3,000 grains: about 4 times the work of the usual 5 cases (under a minute on two cores), so expect about 4 times as long.',
    );
    // up to twice the five's work keeps the promise (eight cases of a = 1 … 8; one case)
    expect(studyEstimate('quick', [1, 2, 3, 4, 5, 6, 7, 8])).toBe('8 cases of about 98–270 grains: a few seconds.');
    expect(studyEstimate('full', [1])).toBe('1 case of about 860 grains: under a minute on two cores.');
  });
});

describe('study panel: the table wider than its box', () => {
  const names = ['a nominal', 'grains', 'H0 (m)', 'L0 (m)', 'a = H0/L0', 'L∞ (m)', '(L∞ − L0)/L0', 'collapse time (s)'];
  const cells = names.map((name, k) => ({ left: 10 + 60 * k, right: 70 + 60 * k, name }));
  const nb = (s: string): string => s.replace(/ /g, '\u00a0');
  it('names the columns out of view and which way they are', () => {
    expect(scrollHint(cells, 10, 490)).toBe('');
    expect(scrollHint(cells, 10, 310)).toBe(`Scroll the table right to see ${nb('L∞ (m)')}, ${nb('(L∞ − L0)/L0')} and ${nb('collapse time (s)')}.`);
    expect(scrollHint(cells, 190, 490)).toBe(`Scroll the table left to see ${nb('a nominal')}, grains and ${nb('H0 (m)')}.`);
    expect(scrollHint(cells, 70, 370)).toBe(`Scroll the table sideways to see ${nb('a nominal')}, ${nb('(L∞ − L0)/L0')} and ${nb('collapse time (s)')}.`);
  });

  // a first column without a header (the comparison's engine names) scrolled out of view read
  // "Scroll the table left to see  and v1 (m/s)."
  it('leaves a column without a header out of the list, and says only the way when no named one hides', () => {
    const rowNames = [{ left: 10, right: 70, name: '' }, ...cells.slice(1)];
    expect(scrollHint(rowNames, 130, 490)).toBe('Scroll the table left to see grains.');
    expect(scrollHint(rowNames, 30, 490)).toBe('Scroll the table left to see the rest.');
  });
});
