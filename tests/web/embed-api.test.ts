import { describe, expect, it } from 'vitest';
import { EMBED_PROTOCOL, EmbedApi, parseAllowList, type EmbedTarget } from '../../web/src/ui/embed-api';

interface Sent {
  target: unknown;
  message: Record<string, unknown>;
  origin: string;
}

function setup(originsParam: string | null = 'https://course.example.edu') {
  const calls: string[] = [];
  const obs = { time: 0, kineticEnergy: 10 };
  const target: EmbedTarget = {
    load: (json) => {
      calls.push(`load ${json}`);
      return Promise.resolve(json.includes('"radius":-1') ? 'generate.radius = -1: must be > 0 m' : null);
    },
    play: () => calls.push('play'),
    pause: () => calls.push('pause'),
    reset: () => calls.push('reset'),
    step: () => calls.push('step'),
    observables: () => ({ ...obs }),
  };
  const sent: Sent[] = [];
  const api = new EmbedApi(target, parseAllowList(originsParam, 'https://lab.example.org'), (t, message, origin) =>
    sent.push({ target: t, message, origin }),
  );
  const course = { name: 'course window' };
  const send = (data: unknown, origin = 'https://course.example.edu') => api.handle({ origin, data, source: course });
  return { api, calls, sent, send, obs, course };
}

describe('embed API (postMessage)', () => {
  it('parses the allow-list: own origin, listed origins normalised, junk ignored, * for any', () => {
    const a = parseAllowList(' https://a.edu/path , javascript:alert(1), nonsense, http://b.org:8080 ', 'https://lab.org');
    expect([...a.origins].sort()).toEqual(['http://b.org:8080', 'https://a.edu', 'https://lab.org']);
    expect(a.any).toBe(false);
    expect(parseAllowList(null, 'https://lab.org').origins).toEqual(new Set(['https://lab.org']));
    expect(parseAllowList('*', 'https://lab.org').any).toBe(true);
  });

  it('runs commands from an allowed origin and answers to that origin with the id', async () => {
    const { calls, sent, send, course } = setup();
    await send({ protocol: EMBED_PROTOCOL, id: 7, type: 'play' });
    await send({ protocol: EMBED_PROTOCOL, id: 'p', type: 'pause' });
    await send({ protocol: EMBED_PROTOCOL, type: 'step' });
    await send({ protocol: EMBED_PROTOCOL, type: 'reset' });
    await send({ protocol: EMBED_PROTOCOL, id: 8, type: 'observe' });
    expect(calls).toEqual(['play', 'pause', 'step', 'reset']);
    expect(sent[0]).toEqual({ target: course, message: { protocol: EMBED_PROTOCOL, id: 7, type: 'result', ok: true }, origin: 'https://course.example.edu' });
    expect(sent[1]?.message['id']).toBe('p');
    expect(sent[4]?.message).toMatchObject({ id: 8, type: 'result', observables: { time: 0, kineticEnergy: 10 } });
  });

  it('ignores other origins and foreign messages without answering', async () => {
    const { calls, sent, send } = setup();
    await send({ protocol: EMBED_PROTOCOL, type: 'play' }, 'https://evil.example.com');
    await send({ type: 'play' });
    await send('play');
    await send(null);
    expect(calls).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('load takes JSON text or an object and reports a refused scenario by field and value', async () => {
    const { calls, sent, send } = setup();
    await send({ protocol: EMBED_PROTOCOL, id: 1, type: 'load', scenario: { schema: 1 } });
    await send({ protocol: EMBED_PROTOCOL, id: 2, type: 'load', scenario: '{"schema":1,"generate":{"radius":-1}}' });
    await send({ protocol: EMBED_PROTOCOL, id: 3, type: 'load', scenario: 42 });
    expect(calls[0]).toBe('load {"schema":1}');
    expect(sent[0]?.message).toMatchObject({ id: 1, type: 'result', ok: true });
    expect(sent[1]?.message).toMatchObject({ id: 2, type: 'error', message: 'generate.radius = -1: must be > 0 m' });
    expect(sent[2]?.message).toMatchObject({ id: 3, type: 'error' });
    expect(String(sent[2]?.message['message'])).toContain('load needs "scenario"');
  });

  it('unknown commands and bad subscriptions get an error naming what was wrong', async () => {
    const { sent, send } = setup();
    await send({ protocol: EMBED_PROTOCOL, id: 1, type: 'explode' });
    await send({ protocol: EMBED_PROTOCOL, id: 2, type: 'subscribe', observable: 'pressure', threshold: 1 });
    await send({ protocol: EMBED_PROTOCOL, id: 3, type: 'subscribe', observable: 'time', threshold: 'soon' });
    await send({ protocol: EMBED_PROTOCOL, id: 4, type: 'subscribe', observable: 'time', threshold: 1, direction: 'sideways' });
    await send({ protocol: EMBED_PROTOCOL, id: 5, type: 'unsubscribe', subscription: 99 });
    const messages = sent.map((s) => String(s.message['message']));
    expect(messages[0]).toContain('unknown command "explode"');
    expect(messages[1]).toContain('observable "pressure" is not one of: time, kineticEnergy');
    expect(messages[2]).toContain('threshold = "soon": must be a finite number');
    expect(messages[3]).toContain('direction = "sideways"');
    expect(messages[4]).toContain('no subscription 99');
    expect(sent.every((s) => s.message['type'] === 'error')).toBe(true);
  });

  // an object id ran the command and answered with id null, which the course page waiting for its id never matched
  it('refuses an id it cannot repeat, without running the command', async () => {
    const { sent, send, calls } = setup();
    await send({ protocol: EMBED_PROTOCOL, id: { n: 1 }, type: 'play' });
    await send({ protocol: EMBED_PROTOCOL, id: true, type: 'play' });
    await send({ protocol: EMBED_PROTOCOL, id: Number.NaN, type: 'play' });
    expect(sent.map((s) => s.message)).toEqual([
      { protocol: EMBED_PROTOCOL, id: null, type: 'error', message: 'id = {"n":1}: must be a finite number or a string (the command was not run)' },
      { protocol: EMBED_PROTOCOL, id: null, type: 'error', message: 'id = true: must be a finite number or a string (the command was not run)' },
      { protocol: EMBED_PROTOCOL, id: null, type: 'error', message: 'id = NaN: must be a finite number or a string (the command was not run)' },
    ]);
    expect(calls).toEqual([]);
    // no id, or null, is no id: the command runs
    await send({ protocol: EMBED_PROTOCOL, type: 'play' });
    await send({ protocol: EMBED_PROTOCOL, id: null, type: 'play' });
    expect(sent.slice(3).map((s) => s.message)).toEqual([
      { protocol: EMBED_PROTOCOL, id: null, type: 'result', ok: true },
      { protocol: EMBED_PROTOCOL, id: null, type: 'result', ok: true },
    ]);
  });

  it('reports threshold crossings in the subscribed direction, once per crossing', async () => {
    const { api, sent, send } = setup();
    await send({ protocol: EMBED_PROTOCOL, id: 1, type: 'subscribe', observable: 'kineticEnergy', threshold: 5, direction: 'down' });
    await send({ protocol: EMBED_PROTOCOL, id: 2, type: 'subscribe', observable: 'time', threshold: 1 });
    const sub = sent[0]?.message['subscription'];
    expect(sub).toBe(1);
    sent.length = 0;
    api.frame({ time: 0.5, kineticEnergy: 8 }, false);
    api.frame({ time: 1.0, kineticEnergy: 4 }, false); // both cross
    api.frame({ time: 1.5, kineticEnergy: 3 }, false); // no new crossing
    api.frame({ time: 2.0, kineticEnergy: 6 }, false); // energy up: not subscribed
    api.frame({ time: 2.5, kineticEnergy: 5 }, false); // energy down onto the threshold: crossing
    const events = sent.map((s) => s.message);
    expect(events.map((e) => [e['observable'], e['direction'], e['value']])).toEqual([
      ['kineticEnergy', 'down', 4],
      ['time', 'up', 1],
      ['kineticEnergy', 'down', 5],
    ]);
    expect(events.every((e) => e['type'] === 'threshold' && e['protocol'] === EMBED_PROTOCOL)).toBe(true);
    await send({ protocol: EMBED_PROTOCOL, id: 3, type: 'unsubscribe', subscription: 1 });
    sent.length = 0;
    api.frame({ time: 3, kineticEnergy: 9 }, false);
    api.frame({ time: 3.5, kineticEnergy: 1 }, false);
    expect(sent).toEqual([]);
  });

  it("sends 'ended' once to every origin that talked to it, again after a reset", async () => {
    const { api, sent, send } = setup('https://course.example.edu,https://other.example.edu');
    await send({ protocol: EMBED_PROTOCOL, type: 'play' });
    await send({ protocol: EMBED_PROTOCOL, type: 'observe' }, 'https://other.example.edu');
    sent.length = 0;
    api.frame({ time: 1, kineticEnergy: 0 }, true, 'inelastic collapse');
    api.frame({ time: 1, kineticEnergy: 0 }, true);
    expect(sent.map((s) => [s.origin, s.message['type'], s.message['message']])).toEqual([
      ['https://course.example.edu', 'ended', 'inelastic collapse'],
      ['https://other.example.edu', 'ended', 'inelastic collapse'],
    ]);
    await send({ protocol: EMBED_PROTOCOL, type: 'reset' });
    sent.length = 0;
    api.frame({ time: 0, kineticEnergy: 10 }, false);
    api.frame({ time: 1, kineticEnergy: 0 }, true);
    expect(sent.filter((s) => s.message['type'] === 'ended')).toHaveLength(2);
  });

  it("announces 'ready' to the parent once per allowed origin, with the observables' names", () => {
    const { api, sent } = setup('https://course.example.edu');
    const parent = { name: 'parent' };
    api.announce(parent, 'gas');
    expect(sent.map((s) => [s.target, s.origin, s.message['type'], s.message['family']])).toEqual([
      [parent, 'https://lab.example.org', 'ready', 'gas'],
      [parent, 'https://course.example.edu', 'ready', 'gas'],
    ]);
    expect(sent[0]?.message['observables']).toEqual(['time', 'kineticEnergy']);
  });
});
