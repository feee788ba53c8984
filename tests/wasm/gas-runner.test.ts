/**
 * The gas worker's runner (sim/runner.ts) over the real WebAssembly build: what its frames carry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GranularModule, Observation } from '../../web/src/sim/granular-wasm';
import { AdvanceStatus, type FrameMessage, type FromWorker } from '../../web/src/sim/protocol';
import { Runner } from '../../web/src/sim/runner';
import { loadGranular, readRepoFile } from './load';

let mod: GranularModule;

beforeAll(async () => {
  mod = await loadGranular();
});

/** Runs (ticks as the page sends them) until the run ends; every frame the runner posted. */
async function runToEnd(json: string): Promise<FrameMessage[]> {
  const frames: FrameMessage[] = [];
  const runner = new Runner(mod, (message: FromWorker) => {
    if (message.type === 'frame') frames.push(message);
  });
  runner.handle({ type: 'speed', value: 0.05 });
  runner.handle({ type: 'load', json, origin: 'form', play: true });
  for (;;) {
    const last = frames[frames.length - 1];
    if (last && !last.running) return frames;
    const before = frames.length;
    runner.handle({ type: 'tick', dt: 0.1 });
    // the tick computes in slices and posts one frame when done; the next tick comes after the
    // pump has ended (a tick meanwhile is answered by the running pump's frame, as on the page)
    do await new Promise((resolve) => setTimeout(resolve, 0));
    while (frames.length === before);
  }
}

describe('gas runner', () => {
  it('a run stopped by inelastic collapse sends the observation of the instant it stopped at', async () => {
    const preset = JSON.parse(readRepoFile('scenarios/gas-dense-collapse.json')) as Record<string, unknown>;
    const json = JSON.stringify({ ...preset, collapse: { model: 'none' } });
    const frames = await runToEnd(json);
    const last = frames[frames.length - 1] as FrameMessage;
    expect(last.status).toBe(AdvanceStatus.Stopped);
    const observations: Observation[] = frames.flatMap((f) => f.observations);
    const final = observations[observations.length - 1] as Observation;
    // the stop falls between output instants (interval 0.005 s): the frame's time is the stop's
    expect(last.time % 0.005).not.toBe(0);
    // the read-out and the plots end where the canvas and the clock are: at the stop
    expect(final.time).toBe(last.time);
    expect(final.collisions).toBeGreaterThan((observations[observations.length - 2] as Observation).collisions);
    // once only
    expect(observations.filter((o) => o.time === last.time)).toHaveLength(1);
  }, 60_000);
});
