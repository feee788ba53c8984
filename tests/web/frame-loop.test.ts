/**
 * The page's animation loop (web/src/ui/frame-loop.ts) on fake animation frames: it asks the
 * worker for a frame per animation frame while the simulation runs, and nothing while it is idle.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameLoop } from '../../web/src/ui/frame-loop';

let callbacks: FrameRequestCallback[] = [];

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
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const state = { idle: false, loaded: true };
  const ticks: number[] = [];
  let draws = 0;
  const loop = new FrameLoop(
    { update: () => void (draws += 1) },
    {
      loaded: () => state.loaded,
      idle: () => state.idle,
      tick: (dt) => ticks.push(dt),
      plotsDirty: () => false,
      updatePlots: () => undefined,
    },
  );
  return { loop, state, ticks, draws: () => draws };
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

  it('sends nothing while idle, still draws, and measures the first tick after it from the last idle frame', () => {
    const { loop, state, ticks, draws } = setup();
    frameAt(16);
    loop.answered();
    state.idle = true;
    for (let k = 2; k <= 100; ++k) frameAt(16 * k);
    expect(ticks).toEqual([0.016]);
    expect(draws()).toBe(100);
    // a frame says it runs again (play): ticking resumes with one frame's dt, not the pause's length
    state.idle = false;
    frameAt(16 * 101);
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
