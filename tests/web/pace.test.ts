import { describe, expect, it } from 'vitest';
import { PaceMeter, paceText } from '../../web/src/ui/pace';

describe('PaceMeter: simulated seconds per real second while playing', () => {
  it('measures over the last two seconds of frames, once they span one', () => {
    const pace = new PaceMeter();
    // 60 frames a second, 0.01 simulated s per real s
    let rate: number | null = null;
    for (let k = 0; k <= 60; ++k) {
      rate = pace.sample(k * (1000 / 60), 0.01 * (k / 60), true);
      if (k < 60) expect(rate).toBeNull();
    }
    expect(rate).toBeCloseTo(0.01, 12);
    // then full speed: after two more seconds the window holds only the new pace
    for (let k = 61; k <= 60 + 180; ++k) rate = pace.sample(k * (1000 / 60), 0.01 + (k - 60) / 60, true);
    // exact in principle: 2.2e-16 off in floating point, so 12 digits as above
    expect(rate).toBeCloseTo(1, 12);
  });

  it('starts over after a pause, and when the time goes back (reset, a new run)', () => {
    const pace = new PaceMeter();
    for (let k = 0; k <= 70; ++k) pace.sample(k * 20, k * 0.02, true);
    expect(pace.sample(1420, 1.42, true)).toBeCloseTo(1, 12);
    expect(pace.sample(1440, 1.42, false)).toBeNull();
    expect(pace.sample(1460, 1.44, true)).toBeNull();
    // back to t = 0 while playing
    expect(pace.sample(3000, 0, true)).toBeNull();
    expect(pace.sample(3999, 0.5, true)).toBeNull();
    expect(pace.sample(4000, 0.5, true)).toBeCloseTo(0.5, 12);
  });
});

describe('what the controls say about the pace', () => {
  it('nothing while the run keeps up or the rate is unknown; the rate when behind; no output at all said as such', () => {
    expect(paceText(null, 1)).toBe('');
    expect(paceText(0.85, 1)).toBe('');
    expect(paceText(0.012, 1)).toBe('only 0.012 s per s: the machine cannot keep up');
    expect(paceText(0.5, 4)).toBe('only 0.5 s per s: the machine cannot keep up');
    // 200,000 discs still on their first output interval: not "only 0 s per s"
    expect(paceText(0, 1)).toBe('no output instant in the last second or two: the machine cannot keep up');
  });
});
