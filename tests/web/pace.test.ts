import { describe, expect, it } from 'vitest';
import { PACE_SHORT_MAX, PaceMeter, paceText, WAIT_NOTE_S } from '../../web/src/ui/pace';

describe('PaceMeter: simulated seconds per real second while playing', () => {
  it('measures over the last two seconds of frames, once they span one', () => {
    const pace = new PaceMeter();
    // 60 frames a second, 0.01 simulated s per real s
    let rate: number | null = null;
    for (let k = 0; k <= 60; ++k) {
      rate = pace.sample(k * (1000 / 60), 0.01 * (k / 60), true, true);
      if (k < 60) expect(rate).toBeNull();
    }
    expect(rate).toBeCloseTo(0.01, 12);
    // then full speed: after two more seconds the window holds only the new pace
    for (let k = 61; k <= 60 + 180; ++k) rate = pace.sample(k * (1000 / 60), 0.01 + (k - 60) / 60, true, true);
    // exact in principle: 2.2e-16 off in floating point, so 12 digits as above
    expect(rate).toBeCloseTo(1, 12);
  });

  it('starts over after a pause, and when the time goes back (reset, a new run)', () => {
    const pace = new PaceMeter();
    for (let k = 0; k <= 70; ++k) pace.sample(k * 20, k * 0.02, true, true);
    expect(pace.sample(1420, 1.42, true, true)).toBeCloseTo(1, 12);
    expect(pace.sample(1440, 1.42, false, false)).toBeNull();
    expect(pace.sample(1460, 1.44, true, true)).toBeNull();
    // back to t = 0 while playing
    expect(pace.sample(3000, 0, true, true)).toBeNull();
    expect(pace.sample(3999, 0.5, true, true)).toBeNull();
    expect(pace.sample(4000, 0.5, true, true)).toBeCloseTo(0.5, 12);
  });

  // an output interval of 10 s at 1 s per s: the frames' time stands still for 10 s while the loop
  // waits for its target, and the page said "no output instant …: the machine cannot keep up"
  it('measures only over frames that were all behind: a frame that kept up starts over', () => {
    const pace = new PaceMeter();
    let rate: number | null = 0;
    for (let k = 0; k <= 180; ++k) rate = pace.sample(k * (1000 / 60), 0, true, false);
    expect(rate).toBeNull();
    // then behind (the waited-for instant takes a while to compute): measured from there, once a second long
    expect(pace.sample(3000, 0, true, true)).toBeNull();
    expect(pace.sample(3999, 0, true, true)).toBeNull();
    expect(pace.sample(4000, 0.1, true, true)).toBeCloseTo(0.1, 12);
    // caught up: nothing until behind for a second again
    expect(pace.sample(4016, 0.2, true, false)).toBeNull();
    expect(pace.sample(4032, 0.2, true, true)).toBeNull();
    expect(pace.sample(5032, 0.7, true, true)).toBeCloseTo(0.5, 12);
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

  // interval 10 s at 1 s per s: the picture stood still for 10 s with nothing said
  it('a run that keeps up says when its next picture comes, once that is WAIT_NOTE_S or more away', () => {
    expect(WAIT_NOTE_S).toBe(2);
    expect(paceText(null, 1, { time: 0, next: 10 })).toBe('next picture 10 s after this one: 10 s of simulated time (a shorter output interval shows more)');
    expect(paceText(null, 0.1, { time: 0.5, next: 1 })).toBe('next picture 5 s after this one: 0.5 s of simulated time (a shorter output interval shows more)');
    expect(paceText(null, 1, { time: 0, next: 1.99 })).toBe('');
    expect(paceText(1, 1, { time: -5, next: 0 })).toBe('next picture 5 s after this one: 5 s of simulated time (a shorter output interval shows more)');
    expect(paceText(null, 1, null)).toBe('');
    // behind: the machine's shortfall first
    expect(paceText(0.1, 1, { time: 0, next: 10 })).toBe('only 0.1 s per s: the machine cannot keep up');
  });

  // the notice is one line in the row kept for it: a reason shows where the row has room for the whole
  // text (32rem, or 44rem for a long one); the machine's shortfall fits the narrower row, the next picture's does not
  it('the machine\'s shortfall is short, the next picture long', () => {
    for (const text of [paceText(0.012, 1), paceText(0, 1), paceText(123.456, 1000)]) expect(text.length, text).toBeLessThanOrEqual(PACE_SHORT_MAX);
    for (const text of [paceText(null, 1, { time: 0, next: 2 }), paceText(null, 1000, { time: 0, next: 2000 })]) expect(text.length, text).toBeGreaterThan(PACE_SHORT_MAX);
  });
});
