/**
 * Between two output instants of a long output interval the soft discs and the avalanche compute
 * ahead of the picture: a frame's `time` (the engine's progress) runs towards the next instant while
 * its `pictureTime`, its hash and the picture stay. What describes the picture reads pictureTime: the
 * test hook's state (ui/page-controls.ts frameState) and the status line (ui/status-line.ts); the t
 * read-out itself is checked on the page (tests/e2e/avalanche.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { relativeRunoutText, runoutText, villageText } from '../../web/src/avalanche/summary-readout';
import type { AvalancheSummary } from '../../web/src/sim/granular-wasm';
import { AdvanceStatus, type FrameCommon } from '../../web/src/sim/protocol';
import { closureText } from '../../web/src/soft/readout';
import { frameState } from '../../web/src/ui/page-controls';
import { StatusLine } from '../../web/src/ui/status-line';

/** a frame of an avalanche with output.interval 0.5 s: the picture at t = 0.5 s, the engine at 0.74 s */
function midInterval(over: Partial<FrameCommon> = {}): FrameCommon {
  return {
    type: 'frame',
    generation: 1,
    time: 0.74,
    pictureTime: 0.5,
    outputIndex: 1,
    hash: '9f3a0c1d2e4b5a60',
    status: AdvanceStatus.Budget,
    running: true,
    stepping: false,
    behind: true,
    nextOutput: 1,
    message: '',
    ...over,
  };
}

/** the little of an HTMLElement StatusLine uses */
function fakeElement(): { element: HTMLElement; text(): string } {
  const classes = new Set<string>();
  const fake = {
    textContent: '' as string | null,
    classList: {
      add: (c: string) => classes.add(c),
      remove: (c: string) => classes.delete(c),
      toggle: (c: string, on?: boolean) => ((on ?? !classes.has(c)) ? classes.add(c) : classes.delete(c), classes.has(c)),
    },
  };
  return { element: fake as unknown as HTMLElement, text: () => fake.textContent ?? '' };
}

describe('the picture on screen, not the engine ahead of it', () => {
  it("the test hook's state pairs the picture's time with its hash, and says the engine's time apart", () => {
    const s = frameState(midInterval(), 128);
    expect(s.time).toBe(0.5);
    expect(s.hash).toBe('9f3a0c1d2e4b5a60');
    expect(s.engineTime).toBe(0.74);
    expect(s.outputIndex).toBe(1);
    expect(s.running).toBe(true);
    // at an output instant the two agree
    const at = frameState(midInterval({ time: 1, pictureTime: 1, outputIndex: 2, status: AdvanceStatus.Output }), 128);
    expect([at.time, at.engineTime]).toEqual([1, 1]);
    // before any frame
    expect(frameState(null, 0)).toMatchObject({ time: 0, engineTime: 0, hash: '' });
  });

  it("the status line says the picture's time while a step of a long interval is computed, paused", () => {
    const { element, text } = fakeElement();
    const status = new StatusLine(element);
    status.frame(midInterval({ running: false, stepping: true, behind: false }), 'Running — 128 grains');
    expect(text()).toBe('Paused at t = 0.5 s (output 1)');
    status.frame(midInterval(), 'Running — 128 grains');
    expect(text()).toBe('Running — 128 grains');
  });
});

/** an avalanche summary flowing: runout 0.16 m, the village at 0.3 m not reached */
function flowing(): AvalancheSummary {
  return {
    grains: 128, settleTime: 0.4, l0: 0.1, h0: 0.2, aspect: 2, runout: 0.16, collapseTime: -1, villageReachedAt: -1, steps: 3100,
    settleSteps: 2000, iterations: 9000, unconverged: 0, fallen: 0, fallenThrough: 0, deepestOverlap: 0, deepestOverlapTime: 0,
    lastIterations: 3, lastResidual: 0,
  };
}

// the engines measure the avalanche's runout and record the soft discs' ledger at output instants
// only; a pause between two instants moves the picture (its time, its counters) there
describe('values older than a paused picture say when they were read', () => {
  it("the avalanche's runout, (L − L0)/L0 and the village's distance", () => {
    const s = flowing();
    expect(runoutText(s, 1)).toBe('0.16');
    expect(runoutText(s, 1, 0.5)).toBe('0.16 (at t = 0.5 s, the last output instant)');
    expect(runoutText(s, 0, 0.5)).toBe('–');
    expect(relativeRunoutText(s, 1)).toBe('0.6 (so far)');
    expect(relativeRunoutText(s, 1, 0.5)).toBe('0.6 (at t = 0.5 s, the last output instant)');
    expect(villageText(0.3, s, 1)).toBe('at 0.3 m: not reached so far (0.14 m to go)');
    expect(villageText(0.3, s, 1, 0, 0.5)).toBe('at 0.3 m: not reached so far (0.14 m to go, at t = 0.5 s, the last output instant)');
    // stopped: the stop is a sample of its own, the picture's
    expect(runoutText(s, 2, 0.5)).toBe('0.16');
  });

  it("the soft discs' ledger closure", () => {
    expect(closureText(3.84e-11)).toBe('3.84e-11');
    expect(closureText(3.84e-11, 8)).toBe('3.84e-11 (at t = 8 s, the last output instant)');
    expect(closureText(0, 8)).toBe('0 (at t = 8 s, the last output instant)');
    expect(closureText(NaN, 8)).toBe('–');
  });
});
