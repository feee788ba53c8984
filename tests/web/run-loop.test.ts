/**
 * The run loop both simulation workers share (web/src/sim/run-loop.ts), against a fake
 * world on a fake clock: what play / pause / step / until / tick mean holds for the gas
 * and the soft-disc runner alike.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AdvanceStatusCode } from '../../web/src/sim/granular-wasm';
import { AdvanceStatus, type CrashedMessage, type FrameCommon, type RejectedMessage, type ToWorker } from '../../web/src/sim/protocol';
import { describeEngineFailure, FRAME_BUDGET_MS, RunLoop, SLICE_TARGET_MS, type EngineWorld, type Family, type LoadInfo } from '../../web/src/sim/run-loop';

const INTERVAL = 0.01;

/** Output instants every INTERVAL s; each advance() goes half an interval and costs `costMs` on the clock. */
class FakeWorld implements EngineWorld {
  halves = 0;
  advances = 0;
  deleted = false;

  constructor(
    private readonly clock: { now: number },
    private readonly costMs: number,
    /** Finished after this many half intervals */
    private readonly endHalves: number,
  ) {}

  ok(): boolean {
    return true;
  }
  report(): string {
    return '{"ok":true,"errors":[]}';
  }
  scenarioJson(): string {
    return '{"name":"fake"}';
  }
  time(): number {
    return (this.halves * INTERVAL) / 2;
  }
  outputIndex(): number {
    return Math.floor(this.halves / 2);
  }
  nextOutputTime(): number {
    return (Math.floor(this.halves / 2) + 1) * INTERVAL;
  }
  /** the engine's failure on the next advance() (a WebAssembly abort in the real module) */
  failure: Error | null = null;
  /** the budgets advance() was given, in order */
  budgets: number[] = [];
  /** ms each unit of budget costs on the clock, besides costMs per call */
  costPerUnitMs = 0;
  advance(budget: number): AdvanceStatusCode {
    if (this.failure) throw this.failure;
    this.advances += 1;
    this.budgets.push(budget);
    this.clock.now += this.costMs + budget * this.costPerUnitMs;
    if (this.halves >= this.endHalves) return AdvanceStatus.Finished;
    this.halves += 1;
    return this.halves % 2 === 0 ? AdvanceStatus.Output : AdvanceStatus.Budget;
  }
  message(): string {
    return '';
  }
  hashState(): string {
    return `h${this.halves}`;
  }
  delete(): void {
    this.deleted = true;
  }
}

/**
 * Output instants at 0.01 and 0.02 s, then the run's end at 1 s, far beyond the first interval (as
 * the avalanche's end before its next instant, or its settling instants): advance() goes from one
 * to the next; Finished once the end is reached.
 */
class FarWorld extends FakeWorld {
  private readonly instants = [0.01, 0.02, 1];
  private reached = 0;
  override time(): number {
    return this.reached === 0 ? 0 : this.instants[this.reached - 1]!;
  }
  override outputIndex(): number {
    return this.reached;
  }
  override nextOutputTime(): number {
    return this.instants[Math.min(this.reached, this.instants.length - 1)]!;
  }
  override advance(): AdvanceStatusCode {
    this.advances += 1;
    if (this.reached >= this.instants.length) return AdvanceStatus.Finished;
    this.reached += 1;
    return AdvanceStatus.Output;
  }
}

interface FakeFrame {
  /** output instants reached since the previous frame */
  outputs: number[];
  changed: boolean;
}

type Message = RejectedMessage | CrashedMessage | (FrameCommon & FakeFrame) | { type: 'loaded'; info: LoadInfo };

function setup(options: { costMs?: number; endHalves?: number; valid?: boolean; sliceCap?: number; far?: boolean } = {}) {
  const clock = { now: 0 };
  const worlds: FakeWorld[] = [];
  const messages: Message[] = [];
  let waiting: ((m: FrameCommon & FakeFrame) => void) | null = null;
  let watching: { type: Message['type']; resolve: (m: Message) => void } | null = null;
  let outputs: number[] = [];
  const family: Family<FakeWorld, FakeFrame> = {
    sliceSize: 100,
    ...(options.sliceCap === undefined ? {} : { sliceCap: () => options.sliceCap ?? 0 }),
    validate: () =>
      options.valid === false
        ? '{"ok":false,"errors":[{"path":"discs","value":"0","message":"too few"}]}'
        : '{"ok":true,"errors":[],"scenario":{"name":"fake"}}',
    create: () => {
      const world = new (options.far ? FarWorld : FakeWorld)(clock, options.costMs ?? 0, options.endHalves ?? Infinity);
      worlds.push(world);
      return world;
    },
    loaded: (_world, info) => {
      outputs = [];
      messages.push({ type: 'loaded', info });
    },
    output: (world) => outputs.push(world.time()),
    frame: (_world, changed) => {
      const fields = { outputs, changed };
      outputs = [];
      return { fields, transfer: [] };
    },
  };
  const loop = new RunLoop<FakeWorld, FakeFrame>(
    family,
    (message) => {
      messages.push(message);
      if (watching && message.type === watching.type) {
        const { resolve } = watching;
        watching = null;
        resolve(message);
      }
      if (message.type === 'frame' && waiting) {
        const resolve = waiting;
        waiting = null;
        resolve(message);
      }
    },
    () => clock.now,
  );
  /** sends a message in a task of its own, as the worker gets them, and resolves with the next frame */
  const send = async (msg: ToWorker): Promise<FrameCommon & FakeFrame> => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const next = new Promise<FrameCommon & FakeFrame>((resolve) => (waiting = resolve));
    loop.handle(msg);
    return next;
  };
  const load = (play: boolean) => send({ type: 'load', json: '{}', origin: 'form', play });
  /** resolves with the next message of this type (an answer that is not a frame) */
  const next = (type: Message['type']): Promise<Message> => new Promise((resolve) => (watching = { type, resolve }));
  return { loop, clock, worlds, messages, send, load, next };
}

describe('run loop: step', () => {
  it('advances exactly one output interval, over as many slices as it takes, then stays paused', async () => {
    const { send, load, worlds } = setup();
    const first = await load(false);
    expect(first).toMatchObject({ time: 0, outputIndex: 0, running: false, generation: 1, hash: 'h0' });
    const one = await send({ type: 'step' });
    expect(one.time).toBeCloseTo(INTERVAL, 12);
    expect(one).toMatchObject({ outputIndex: 1, running: false, status: AdvanceStatus.Output });
    expect(one.outputs).toHaveLength(1);
    expect(worlds[0]?.advances).toBe(2);
    // a tick while paused computes nothing
    const idle = await send({ type: 'tick', dt: 0.1 });
    expect(idle.time).toBeCloseTo(INTERVAL, 12);
    expect(idle.outputs).toEqual([]);
    const two = await send({ type: 'step' });
    expect(two.time).toBeCloseTo(2 * INTERVAL, 12);
  });

  it('does nothing once the world has finished', async () => {
    const { send, load, worlds, messages } = setup({ endHalves: 2 });
    await load(false);
    await send({ type: 'step' });
    const end = await send({ type: 'step' });
    expect(end).toMatchObject({ status: AdvanceStatus.Finished, running: false });
    const advances = worlds[0]?.advances;
    const posted = messages.length;
    // a tick, handled after the step, is answered with a frame even when paused: by then a step
    // taken up would have posted its frame, computed or still be pending (the frame says stepping);
    // and on a fake clock every timer either set runs before the checks, however late it was due
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let idle: FrameCommon & FakeFrame;
    try {
      void send({ type: 'step' });
      const answer = send({ type: 'tick', dt: 0.1 });
      await vi.runAllTimersAsync();
      idle = await answer;
    } finally {
      vi.useRealTimers();
    }
    expect(messages.slice(posted)).toEqual([idle]);
    expect(idle).toMatchObject({ status: AdvanceStatus.Finished, running: false, stepping: false, changed: false });
    expect(worlds[0]?.advances).toBe(advances);
  });
});

describe('run loop: slices', () => {
  it('a slow world gets smaller slices, so messages are answered within about SLICE_TARGET_MS; a quick one gets the family\'s slice back', async () => {
    const { loop, send, load, worlds } = setup();
    await load(false);
    const world = worlds[0]!;
    // 100 units at 0.5 ms each: 50 ms per call; halved until a call takes at most 2 x 8 ms
    world.costPerUnitMs = 0.5;
    await send({ type: 'step' });
    await send({ type: 'step' });
    await send({ type: 'step' });
    expect(world.budgets.slice(0, 3)).toEqual([100, 50, 25]);
    expect(loop.sliceInUse()).toBe(25);
    expect(25 * world.costPerUnitMs).toBeLessThanOrEqual(2 * SLICE_TARGET_MS);
    // cheap again (0.01 ms per unit): doubles back, never above the family's 100
    world.costPerUnitMs = 0.01;
    for (let k = 0; k < 3; ++k) await send({ type: 'step' });
    expect(loop.sliceInUse()).toBe(100);
    expect(Math.max(...world.budgets)).toBe(100);
  });
});

describe('run loop: a family\'s cap per call', () => {
  it('bounds every advance() from the first call on, never below one unit, and the slice still adapts beneath it', async () => {
    const capped = setup({ sliceCap: 3 });
    await capped.load(false);
    for (let k = 0; k < 3; ++k) await capped.send({ type: 'step' });
    // the family's slice is 100: without the cap the first call took all of it
    expect(capped.worlds[0]!.budgets.length).toBeGreaterThan(0);
    expect(capped.worlds[0]!.budgets.every((b) => b === 3)).toBe(true);

    const zero = setup({ sliceCap: 0 });
    await zero.load(false);
    await zero.send({ type: 'step' });
    expect(zero.worlds[0]!.budgets.every((b) => b === 1)).toBe(true);

    const loose = setup({ sliceCap: 1000 });
    await loose.load(false);
    const world = loose.worlds[0]!;
    world.costPerUnitMs = 0.5;
    for (let k = 0; k < 3; ++k) await loose.send({ type: 'step' });
    expect(world.budgets.slice(0, 3)).toEqual([100, 50, 25]);
  });
});

describe('run loop: until', () => {
  it('pauses once at the first output instant >= until, and again after a reset', async () => {
    const { loop, send, load } = setup();
    loop.handle({ type: 'until', time: 0.035 });
    await load(true);
    const stopped = await send({ type: 'tick', dt: 0.1 });
    expect(stopped.time).toBeCloseTo(0.04, 12);
    expect(stopped.running).toBe(false);
    expect(stopped.outputs.map((t) => Math.round(t / INTERVAL))).toEqual([1, 2, 3, 4]);
    // play on: until is spent until the next load / reset
    loop.handle({ type: 'play' });
    const on = await send({ type: 'tick', dt: 0.055 });
    expect(on.running).toBe(true);
    expect(on.time).toBeCloseTo(0.09, 12);
    await send({ type: 'reset', play: true });
    const again = await send({ type: 'tick', dt: 0.1 });
    expect(again.time).toBeCloseTo(0.04, 12);
    expect(again.running).toBe(false);
  });

  it('pauses at an output instant equal to until, and is not armed for a time already passed', async () => {
    const { loop, send, load } = setup();
    loop.handle({ type: 'until', time: 0.03 });
    await load(true);
    const stopped = await send({ type: 'tick', dt: 0.1 });
    expect(stopped.time).toBeCloseTo(0.03, 12);
    expect(stopped.running).toBe(false);
    loop.handle({ type: 'until', time: 0.02 });
    loop.handle({ type: 'play' });
    const on = await send({ type: 'tick', dt: 0.055 });
    expect(on.running).toBe(true);
    expect(on.time).toBeCloseTo(0.08, 12);
  });
});

describe('run loop: ticks', () => {
  it('moves the target by speed × dt and stops at the last output instant before it', async () => {
    const { loop, send, load } = setup();
    loop.handle({ type: 'speed', value: 0.5 });
    await load(true);
    const frame = await send({ type: 'tick', dt: 0.05 });
    expect(frame.time).toBeCloseTo(0.02, 12);
    expect(frame.running).toBe(true);
    // kept up: the next instant (0.03 s) lies beyond the target (0.025 s)
    expect(frame.behind).toBe(false);
    // a long pause of the page asks for at most MAX_TICK_S of real time
    const capped = await send({ type: 'tick', dt: 10 });
    expect(capped.time).toBeCloseTo(0.07, 12);
  });

  it('never computes much beyond the frame budget in one tick', async () => {
    const costMs = 7;
    const { loop, clock, send, load, worlds } = setup({ costMs });
    loop.handle({ type: 'speed', value: 1000 });
    await load(true);
    for (let k = 0; k < 3; k++) {
      const start = clock.now;
      const frame = await send({ type: 'tick', dt: 0.1 });
      const spent = clock.now - start;
      expect(spent).toBeGreaterThan(FRAME_BUDGET_MS);
      expect(spent).toBeLessThanOrEqual(FRAME_BUDGET_MS + costMs);
      expect(frame.running).toBe(true);
      // instants due and not reached: the page may say the machine cannot keep up
      expect(frame.behind).toBe(true);
    }
    expect(worlds[0]?.advances).toBe(3 * Math.ceil((FRAME_BUDGET_MS + 1) / costMs));
  });

  // the avalanche with output.interval 0.5 s and output.duration 0.1 s: after its last instant the
  // next one lay further ahead than the target's ceiling (one interval and MAX_LAG_S past the
  // world's time), so the run never ended: "Running" for ever, and the machine blamed
  it('reaches an instant further off than the first interval: the target may always get to the next one', async () => {
    const { send, load } = setup({ far: true });
    await load(true);
    const frames: Array<FrameCommon & FakeFrame> = [];
    for (let k = 0; k < 200; ++k) {
      const frame = await send({ type: 'tick', dt: 0.016 });
      frames.push(frame);
      if (frame.status === AdvanceStatus.Finished) break;
    }
    const last = frames[frames.length - 1]!;
    expect(last).toMatchObject({ status: AdvanceStatus.Finished, running: false, time: 1 });
    // about one real second at 1 s per s (0.016 s a tick), not sooner: the run keeps its pace
    expect(frames.length).toBeGreaterThan(55);
    expect(frames.length).toBeLessThan(70);
    // waiting for the target to reach 1 s is not being behind
    expect(frames.filter((f) => f.behind)).toEqual([]);
  });

  // an avalanche with an output interval of 3 s: while the loop computed the flow its frames' time ran
  // on from the picture on screen (t = 0) towards 3 s, and the pace notice, counting from it, said
  // "next picture 2.6 s after this one" over a picture 3 s from the next
  it('a frame computed between output instants says which picture is on screen: the last one it carried', async () => {
    // one advance() (half an interval) a tick: each frame is posted between instants or at one
    const { send, load } = setup({ costMs: FRAME_BUDGET_MS + 1 });
    const loaded = await load(true);
    expect(loaded).toMatchObject({ time: 0, pictureTime: 0, changed: true });
    const between = await send({ type: 'tick', dt: 0.02 });
    expect(between.time).toBeCloseTo(INTERVAL / 2, 12);
    expect(between).toMatchObject({ pictureTime: 0, changed: false, behind: true });
    expect(between.nextOutput).toBeCloseTo(INTERVAL, 12);
    const at = await send({ type: 'tick', dt: 0 });
    expect(at.changed).toBe(true);
    expect(at.time).toBeCloseTo(INTERVAL, 12);
    expect(at.pictureTime).toBe(at.time);
    const on = await send({ type: 'tick', dt: 0.02 });
    expect(on.time).toBeCloseTo(1.5 * INTERVAL, 12);
    expect(on.pictureTime).toBe(at.time);
    // paused between instants: the frame carries the state there, and that is the picture
    const paused = await send({ type: 'pause' });
    expect(paused.changed).toBe(true);
    expect(paused.pictureTime).toBe(paused.time);
    expect(paused.time).toBeCloseTo(1.5 * INTERVAL, 12);
  });

  it('answers a tick before the first load with nothing, and pause sends the state again', async () => {
    const { loop, send, load, messages } = setup();
    loop.handle({ type: 'tick', dt: 0.1 });
    expect(messages).toEqual([]);
    await load(true);
    const ran = await send({ type: 'tick', dt: 0.1 });
    expect(ran.changed).toBe(true);
    const same = await send({ type: 'tick', dt: 0 });
    expect(same.changed).toBe(false);
    const paused = await send({ type: 'pause' });
    expect(paused).toMatchObject({ running: false, stepping: false, changed: true });
  });

  // a paused page sends no ticks (ui/frame-loop.ts): whatever starts or stops the run must say so itself
  it('answers play and pause with a frame of their own, and says while a step is unfinished', async () => {
    const { loop, send, load, messages, worlds } = setup();
    const loaded = await load(false);
    expect(loaded).toMatchObject({ running: false, stepping: false });
    const playing = await send({ type: 'play' });
    expect(playing).toMatchObject({ running: true, stepping: false, time: 0 });
    const moved = await send({ type: 'tick', dt: 0.025 });
    expect(moved.time).toBeCloseTo(0.02, 12);
    const paused = await send({ type: 'pause' });
    expect(paused).toMatchObject({ running: false, stepping: false });
    // a step longer than the frame budget: its first frame says it is not done, ticks finish it
    worlds[0]!.costPerUnitMs = 1;
    const partway = await send({ type: 'step' });
    expect(partway).toMatchObject({ running: false, stepping: true });
    expect(partway.time).toBeCloseTo(0.025, 12);
    let frame = partway;
    for (let k = 0; k < 10 && frame.stepping; ++k) frame = await send({ type: 'tick', dt: 0.016 });
    expect(frame).toMatchObject({ running: false, stepping: false });
    expect(frame.time).toBeCloseTo(0.03, 12);
    // nothing but frames, and one per message
    expect(messages.filter((m) => m.type !== 'frame' && m.type !== 'loaded')).toEqual([]);
  });
});

describe('run loop: load', () => {
  it('rejects an invalid scenario and keeps the loaded world', async () => {
    const ok = setup();
    await ok.load(false);
    expect(ok.messages[0]).toMatchObject({ type: 'loaded', info: { origin: 'form', generation: 1, outputInterval: INTERVAL } });
    const bad = setup({ valid: false });
    bad.loop.handle({ type: 'load', json: '{}', origin: 'json', play: true });
    expect(bad.messages).toEqual([
      { type: 'rejected', origin: 'json', errors: [expect.objectContaining({ path: 'discs', message: 'too few' })] },
    ]);
  });

  it('a new load replaces the world: the old one is deleted, frames carry the new generation', async () => {
    const { load, worlds } = setup();
    await load(false);
    const second = await load(false);
    expect(worlds[0]?.deleted).toBe(true);
    expect(second.generation).toBe(2);
  });
});

describe('run loop: engine failures', () => {
  it('an exception while computing becomes one "crashed" message; the broken world is never touched again', async () => {
    const { send, load, worlds, messages, next } = setup();
    await load(true);
    const world = worlds[0];
    if (!world) throw new Error('no world');
    world.failure = new WebAssembly.RuntimeError('Aborted(OOM)');
    const before = world.advances;
    messages.length = 0;
    // the tick's computation fails: no frame follows, so wait for the message itself
    const crashing = next('crashed');
    void send({ type: 'tick', dt: 0.05 });
    await crashing;
    const crashed = messages.filter((m): m is CrashedMessage => m.type === 'crashed');
    expect(crashed).toHaveLength(1);
    expect(crashed[0]?.message).toContain('ran out of memory');
    expect(world.advances).toBe(before);
    expect(world.deleted).toBe(false); // never call into an aborted module
    // later messages find no world: nothing happens, nothing throws (a throw is a second "crashed").
    // A load handled after them is answered, and on a fake clock every timer set meanwhile runs
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let reloaded: FrameCommon & FakeFrame;
    try {
      void send({ type: 'play' });
      void send({ type: 'tick', dt: 0.05 });
      const answer = load(false);
      await vi.runAllTimersAsync();
      reloaded = await answer;
    } finally {
      vi.useRealTimers();
    }
    expect(messages.map((m) => m.type)).toEqual(['crashed', 'loaded', 'frame']);
    expect(messages[2]).toBe(reloaded);
    expect(world.advances).toBe(before);
  });

  it('"simulate-crash" takes the same path (the end-to-end test of the restart uses it)', async () => {
    const { load, loop, messages } = setup();
    await load(false);
    loop.handle({ type: 'simulate-crash' });
    expect(messages[messages.length - 1]).toEqual({ type: 'crashed', message: 'The simulation engine failed (Error: simulated failure (test)).' });
  });

  it('describes out-of-memory failures plainly and others with the engine\'s words', () => {
    for (const e of [new WebAssembly.RuntimeError('Aborted(OOM)'), new RangeError('Array buffer allocation failed'), new Error('Cannot enlarge memory arrays')]) {
      expect(describeEngineFailure(e)).toMatch(/^The simulation ran out of memory/);
    }
    expect(describeEngineFailure(new WebAssembly.RuntimeError('unreachable'))).toBe('The simulation engine failed (RuntimeError: unreachable).');
    expect(describeEngineFailure('x'.repeat(1000)).length).toBeLessThan(340);
  });
});
