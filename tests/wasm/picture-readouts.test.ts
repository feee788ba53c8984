/**
 * The numbers the soft-disc and avalanche read-outs show describe the picture on screen, over the real
 * WebAssembly build. Between two output instants of a long output interval the workers post frames
 * whose `time` (the engine's progress) runs ahead of `pictureTime`; the avalanche's summary (steps,
 * sweeps, unconverged steps, deepest overlap, fallen grains) and the soft discs' counters (steps,
 * contacts, largest force, last step) ran ahead with it, beside the picture's time and runout. They
 * are read with the picture and repeated until the next one; a pause between two instants moves the
 * picture, and them, to the pause. The avalanche's runout and the soft discs' ledger are the engine's
 * at output instants only: older than such a picture, which the read-outs say
 * (tests/web/picture-time.test.ts).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvalancheRunner } from '../../web/src/avalanche/runner';
import type { AvalancheFrameMessage, AvalancheFromWorker } from '../../web/src/avalanche/protocol';
import type { GranularModule } from '../../web/src/sim/granular-wasm';
import type { ToWorker } from '../../web/src/sim/protocol';
import { parseValidationReport } from '../../web/src/sim/scenario';
import { SoftRunner } from '../../web/src/soft/runner';
import type { SoftFrameMessage, SoftFromWorker } from '../../web/src/soft/protocol';
import { loadGranular, readRepoFile } from './load';

let mod: GranularModule;
beforeAll(async () => {
  mod = await loadGranular();
});

/**
 * The run loop's clock (performance.now), a fake one that runs FAKE_MS a reading: every advance()
 * call seems slow, so the loop halves its slice after each (down to one step) and posts a frame
 * after each (FRAME_BUDGET_MS), however fast the machine; the engine is then seen between two
 * output instants of a long interval
 */
const FAKE_MS = 20;
beforeEach(() => {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += FAKE_MS));
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface Driven<F> {
  frames: F[];
  send(msg: ToWorker): void;
}

/**
 * Ticks (as the page sends them) until `done` says so or the run ends; the next tick waits for the
 * frame of the previous one, as on the page.
 */
async function drive<F extends { running: boolean }>(driven: Driven<F>, done: (frames: F[]) => boolean, maxTicks = 50_000): Promise<void> {
  for (let k = 0; k < maxTicks; k++) {
    const last = driven.frames[driven.frames.length - 1];
    if ((last && !last.running) || done(driven.frames)) return;
    const before = driven.frames.length;
    driven.send({ type: 'tick', dt: 0.1 });
    do await new Promise((resolve) => setTimeout(resolve, 0));
    while (driven.frames.length === before);
  }
  throw new Error('the run did not get there');
}

/** the frames that carried the state (the picture): the avalanche's carry its grains */
const carriesPicture = (f: AvalancheFrameMessage): boolean => f.grains !== null;

describe('the avalanche read-outs: the summary of the picture on screen', () => {
  it('frames computed ahead of the picture repeat the summary read with it; a pause moves both', async () => {
    const report = parseValidationReport(mod.validateAvalancheScenario(mod.defaultAvalancheScenario()));
    expect(report.ok).toBe(true);
    // a short settling (the gate opens on its time limit), to keep the frames few: one step a frame
    const normalized = report.scenario as Record<string, unknown>;
    const settleMaxTime = 0.1;
    const scenario = { ...normalized, settle: { ...(normalized['settle'] as object), maxTime: settleMaxTime }, output: { interval: 0.5, duration: 3 } };
    const h = (normalized['solver'] as { timeStep: number }).timeStep;
    const frames: AvalancheFrameMessage[] = [];
    const runner = new AvalancheRunner(mod, (m: AvalancheFromWorker) => {
      if (m.type === 'frame') frames.push(m);
    });
    const driven: Driven<AvalancheFrameMessage> = { frames, send: (msg) => runner.handle(msg) };
    runner.handle({ type: 'speed', value: 1 });
    runner.handle({ type: 'load', json: JSON.stringify(scenario), origin: 'form', play: true });
    // computed ahead of the picture while the column settles, then while it flows
    const aheadIn = (phase: number) => (fs: AvalancheFrameMessage[]): boolean => fs.some((f) => f.phase === phase && f.time > f.pictureTime + 1e-9);
    await drive(driven, aheadIn(0));
    await drive(driven, (fs) => aheadIn(1)(fs) && fs[fs.length - 1]!.time > fs[fs.length - 1]!.pictureTime + 1e-9);
    expect(aheadIn(0)(frames)).toBe(true);
    expect(aheadIn(1)(frames)).toBe(true);
    // a pause between two output instants of the flow: the picture moves to the pause
    const before = frames.length;
    runner.handle({ type: 'pause' });
    await drive(driven, () => frames.length > before);
    const paused = frames[frames.length - 1]!;
    expect(paused.running).toBe(false);
    expect(carriesPicture(paused)).toBe(true);
    expect(paused.pictureTime).toBe(paused.time);
    expect(paused.pictureTime % 0.5).toBeGreaterThan(1e-6);

    let picture: AvalancheFrameMessage | null = null;
    for (const f of frames) {
      if (carriesPicture(f)) picture = f;
      const what = `frame at t = ${f.time} s, picture at ${f.pictureTime} s`;
      expect(picture, what).not.toBeNull();
      // the summary of the picture the frame stands beside, whatever the engine has computed since
      expect(f.summary, what).toEqual(picture!.summary);
      expect(f.pictureTime, what).toBe(picture!.pictureTime);
      // its steps are the picture's: the world's time counts them (settling from -settle.maxTime)
      const stepsTime = f.phase === 0 ? f.summary.settleSteps * h - settleMaxTime : f.summary.steps * h;
      expect(stepsTime, what).toBeCloseTo(f.pictureTime, 9);
    }
    // the runout is the engine's sample's, the last output instant's (0.5 s): the page says it
    // is older than the paused picture (summary-readout.ts runoutText)
    const flowPictures = frames.filter((f) => f.phase === 1 && carriesPicture(f) && f !== paused);
    expect(paused.summary.runout).toBe(flowPictures[flowPictures.length - 1]!.summary.runout);
  }, 120_000);
});

describe('the soft-disc read-out: the counters of the picture on screen', () => {
  it('frames computed ahead of the picture repeat its counters; a pause between two instants gives its own, the ledger stays at the instant before', async () => {
    const preset = JSON.parse(readRepoFile('scenarios/soft-box.json')) as Record<string, unknown>;
    const interval = 2;
    const scenario = { ...preset, output: { interval, duration: 10 } };
    const frames: SoftFrameMessage[] = [];
    const runner = new SoftRunner(mod, (m: SoftFromWorker) => {
      if (m.type === 'frame') frames.push(m);
    });
    const driven: Driven<SoftFrameMessage> = { frames, send: (msg) => runner.handle(msg) };
    runner.handle({ type: 'load', json: JSON.stringify(scenario), origin: 'form', play: true });
    const ahead = (f: SoftFrameMessage): boolean => f.time > f.pictureTime + 1e-9;
    // ahead of the picture for a few frames after the first output instant (the ledger has rows before the pause)
    await drive(driven, (fs) => {
      const last = fs[fs.length - 1];
      return last !== undefined && ahead(last) && fs.filter((f) => f.pictureTime >= interval && ahead(f)).length >= 5;
    });
    const before = frames.length;
    runner.handle({ type: 'pause' });
    await drive(driven, () => frames.length > before);
    const paused = frames[frames.length - 1]!;
    expect(paused.running).toBe(false);
    expect(paused.snapshots).not.toBeNull();
    expect(paused.pictureTime).toBe(paused.time);
    expect(paused.pictureTime % interval).toBeGreaterThan(1e-6);

    let picture: SoftFrameMessage | null = null;
    const rows: number[] = [];
    for (const f of frames) {
      if (f.snapshots !== null) picture = f;
      rows.push(...f.ledger.map((r) => r.time));
      const what = `frame at t = ${f.time} s, picture at ${f.pictureTime} s`;
      expect(picture, what).not.toBeNull();
      expect(f.pictureTime, what).toBe(picture!.pictureTime);
      // the counters read with the picture, however far the engine has got since
      expect(f.stats, what).toEqual(picture!.stats);
    }
    expect(frames.filter(ahead).length).toBeGreaterThanOrEqual(5);
    // the ledger's rows are the output instants', none at the pause: its last is older than the picture
    expect(rows.every((t) => Math.abs(t / interval - Math.round(t / interval)) < 1e-9)).toBe(true);
    expect(rows[rows.length - 1]).toBeLessThan(paused.pictureTime);
    // and the counters moved with the picture to the pause
    const lastInstant = [...frames].reverse().find((f) => f !== paused && f.snapshots !== null)!;
    expect(paused.stats.steps).toBeGreaterThan(lastInstant.stats.steps);
  }, 120_000);
});
