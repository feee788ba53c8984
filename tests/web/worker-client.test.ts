/** WorkerClient's restart after an engine failure, against fake workers. */
import { describe, expect, it } from 'vitest';
import type { CrashedMessage, FatalMessage } from '../../web/src/sim/protocol';
import { WorkerClient } from '../../web/src/sim/worker-client';

type Listener = (event: { data: unknown; message?: string }) => void;

class FakeWorker {
  sent: unknown[] = [];
  terminated = false;
  private readonly listeners = new Map<string, Listener[]>();
  postMessage(message: unknown): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: { data: unknown; message?: string }): void {
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const received: Array<{ type: string; message?: string }> = [];
  const client = new WorkerClient<{ type: string }>(
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
    (m: { type: string } | FatalMessage | CrashedMessage) => received.push(m),
  );
  return { client, workers, received };
}

describe('WorkerClient restart', () => {
  it('replaces a crashed worker, replays the settings, and tells the page', () => {
    const { client, workers, received } = setup();
    const first = workers[0]!;
    first.emit('message', { data: { type: 'ready' } });
    client.setSpeed(4);
    client.setUntil(2);
    client.play();
    first.emit('message', { data: { type: 'crashed', message: 'The simulation ran out of memory.' } });
    expect(first.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.sent).toEqual([{ type: 'speed', value: 4 }, { type: 'until', time: 2 }]);
    expect(received).toEqual([{ type: 'ready' }, { type: 'crashed', message: 'The simulation ran out of memory.' }]);
    // the retired worker's late messages are dropped
    first.emit('message', { data: { type: 'frame' } });
    expect(received).toHaveLength(2);
    client.pause();
    expect(workers[1]!.sent[2]).toEqual({ type: 'pause' });
  });

  it('a worker that dies before it is ready is fatal (the engine cannot load: no restart loop)', () => {
    const { workers, received } = setup();
    workers[0]!.emit('error', { data: null, message: 'SyntaxError' });
    expect(workers).toHaveLength(1);
    expect(received).toEqual([{ type: 'fatal', message: 'The simulation worker failed: SyntaxError' }]);
  });

  it('an error after ready restarts; the fourth failure within a minute is fatal', () => {
    const { workers, received } = setup();
    for (let k = 0; k < 4; k++) {
      const w = workers[workers.length - 1]!;
      w.emit('message', { data: { type: 'ready' } });
      w.emit('error', { data: null, message: `boom ${k}` });
    }
    expect(workers).toHaveLength(4);
    const kinds = received.filter((m) => m.type !== 'ready').map((m) => m.type);
    expect(kinds).toEqual(['crashed', 'crashed', 'crashed', 'fatal']);
    expect(received[received.length - 1]?.message).toContain('failed 4 times in a minute');
  });
});

describe('WorkerClient.normalize', () => {
  it('resolves each request with its own answer, which the page does not see; a crash answers the pending ones with null', async () => {
    const { client, workers, received } = setup();
    const first = workers[0]!;
    first.emit('message', { data: { type: 'ready' } });
    const a = client.normalize('{"a":1}', 'compare');
    const b = client.normalize('{"b":1}', 'compare');
    expect(first.sent).toEqual([
      { type: 'normalize', id: 1, json: '{"a":1}', family: 'compare' },
      { type: 'normalize', id: 2, json: '{"b":1}', family: 'compare' },
    ]);
    first.emit('message', { data: { type: 'normalized', id: 2, scenarioJson: '{"b":1,"c":0}' } });
    expect(await b).toBe('{"b":1,"c":0}');
    expect(received).toEqual([{ type: 'ready' }]);
    first.emit('message', { data: { type: 'crashed', message: 'boom' } });
    expect(await a).toBeNull();
    // not sent again to the new worker (the page asks again when it needs to)
    expect(workers[1]!.sent).toEqual([]);
  });
});
