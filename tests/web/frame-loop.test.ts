/**
 * The page's animation loop (web/src/ui/frame-loop.ts) on fake animation frames: it asks the
 * worker for a frame per animation frame while the simulation runs, nothing while it is idle, and
 * no animation frame either once nothing is left to draw, until something wakes it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameLoop } from '../../web/src/ui/frame-loop';

let callbacks: FrameRequestCallback[] = [];
/** the listeners the loop put on the document and the window, by event type */
let listeners: Map<string, Array<() => void>>;

function listen(type: string, fn: () => void): void {
  listeners.set(type, [...(listeners.get(type) ?? []), fn]);
}

/** an event of `type` reaches the document or the window */
function fire(type: string): void {
  for (const fn of listeners.get(type) ?? []) fn();
}

/** runs the animation frame the loop asked for, at `now` ms */
function frameAt(now: number): void {
  const pending = callbacks;
  callbacks = [];
  for (const cb of pending) cb(now);
}

beforeEach(() => {
  callbacks = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    callbacks.push(cb);
    return callbacks.length;
  });
  vi.stubGlobal('performance', { now: () => 0, mark: () => undefined });
  listeners = new Map();
  vi.stubGlobal('document', { addEventListener: listen });
  vi.stubGlobal('window', { addEventListener: listen, devicePixelRatio: 1 });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const state = { idle: false, loaded: true, plotsDirty: false };
  const ticks: number[] = [];
  let draws = 0;
  let plotUpdates = 0;
  let wakeView: () => void = () => undefined;
  const loop = new FrameLoop(
    { update: () => void (draws += 1), setWake: (wake) => void (wakeView = wake) },
    {
      loaded: () => state.loaded,
      idle: () => state.idle,
      tick: (dt) => ticks.push(dt),
      plotsDirty: () => state.plotsDirty,
      updatePlots: () => {
        plotUpdates += 1;
        state.plotsDirty = false;
      },
    },
  );
  return { loop, state, ticks, draws: () => draws, plotUpdates: () => plotUpdates, wakeView: () => wakeView() };
}

describe('frame loop', () => {
  it('ticks once per answered frame while the simulation runs', () => {
    const { loop, ticks } = setup();
    frameAt(16);
    frameAt(32); // unanswered: no second tick yet
    expect(ticks).toEqual([0.016]);
    loop.answered();
    frameAt(48);
    expect(ticks).toEqual([0.016, 0.032]);
  });

  it('sends nothing while idle and stops asking for animation frames once nothing is left to draw', () => {
    const { loop, state, ticks, draws } = setup();
    frameAt(16);
    state.idle = true;
    loop.answered(); // the frame that says it paused
    frameAt(32);
    expect(draws()).toBe(2);
    expect(callbacks).toHaveLength(0); // asleep
    for (let k = 3; k <= 100; ++k) frameAt(16 * k);
    expect(ticks).toEqual([0.016]);
    expect(draws()).toBe(2);
  });

  it('wakes for a frame, for the view, for input and for a resize, one animation frame each', () => {
    const { loop, state, draws, wakeView } = setup();
    state.idle = true;
    frameAt(16);
    expect(callbacks).toHaveLength(0);
    const wakers: Array<[string, () => void]> = [
      ['a frame from the worker', () => loop.answered()],
      ['the view', wakeView],
      ['a click', () => fire('click')],
      ['the pointer', () => fire('pointermove')],
      ['a key', () => fire('keydown')],
      ['a resize', () => fire('resize')],
    ];
    let expected = 1;
    for (const [, wake] of wakers) {
      wake();
      wake(); // twice before the frame: still one animation frame
      expect(callbacks).toHaveLength(1);
      frameAt(16 * (expected + 1));
      expected += 1;
      expect(draws()).toBe(expected);
      expect(callbacks).toHaveLength(0);
    }
  });

  it('keeps running while plots wait for their interval, then sleeps', () => {
    const { loop, state, plotUpdates } = setup();
    state.idle = true;
    state.plotsDirty = true;
    loop.answered();
    frameAt(1000); // updated at once (the last update was long ago)
    expect(plotUpdates()).toBe(1);
    expect(callbacks).toHaveLength(0);
    state.plotsDirty = true; // e.g. a legend toggled
    fire('click');
    frameAt(1016); // held back by the interval: the loop keeps going
    expect(plotUpdates()).toBe(1);
    expect(callbacks).toHaveLength(1);
    for (let t = 1032; callbacks.length > 0 && t < 2000; t += 16) frameAt(t);
    expect(plotUpdates()).toBe(2);
    expect(callbacks).toHaveLength(0);
  });

  it('measures the first tick after a pause or a sleep as one frame, not the time since', () => {
    const { loop, state, ticks } = setup();
    frameAt(16);
    loop.answered();
    state.idle = true;
    frameAt(32); // asleep from here
    // much later, a frame says it runs (play): the first run only restarts the clock
    state.idle = false;
    loop.answered();
    frameAt(5000);
    frameAt(5016);
    expect(ticks).toEqual([0.016, 0.016]);
  });

  it('sends nothing before a scenario is loaded', () => {
    const { state, ticks } = setup();
    state.loaded = false;
    frameAt(16);
    frameAt(32);
    expect(ticks).toEqual([]);
  });
});
