/**
 * The postMessage API of an embedded page (issue 6 §3), pure: the course page that holds the
 * iframe sends commands, the lab answers and reports events. docs/embedding.md documents it.
 *
 *   iframe.contentWindow.postMessage({ protocol: 'granular-lab/1', id: 1, type: 'play' }, labOrigin)
 *   → { protocol: 'granular-lab/1', id: 1, type: 'result', ok: true }
 *
 * Commands: load {scenario: JSON text or object}, play, pause, reset, step, observe (→ observables),
 * subscribe {observable, threshold, direction?: 'up' | 'down' | 'both'} (→ subscription id),
 * unsubscribe {subscription}. Events: 'ready' (to the parent window, once, when the first scenario
 * is loaded: commands are obeyed from then on), 'ended' (to every origin that has sent a command)
 * when a run finishes or stops, 'threshold' when a subscribed observable crosses its threshold.
 * Messages from origins outside the allow-list are ignored without an answer. The allow-list is the
 * page's own origin plus the `origins` URL parameter (comma-separated origins, or `*` for any).
 */

import { clipText } from './dom';
import { webOrigin } from './url-params';

export const EMBED_PROTOCOL = 'granular-lab/1';

/** What the page lets the API do. Errors come back as a message string. */
export interface EmbedTarget {
  /** load a scenario (JSON text): null when accepted, else the reason (field and value) */
  load(json: string): Promise<string | null>;
  play(): void;
  pause(): void;
  reset(): void;
  step(): void;
  /** the latest frame's observables: name -> value (SI units; names documented per family) */
  observables(): Record<string, number>;
}

export interface EmbedMessageEvent {
  origin: string;
  data: unknown;
  /** where answers go (a WindowProxy in the browser) */
  source: unknown;
}

/** Sends one message to `target` restricted to `origin` (window.postMessage(message, origin) in the page). */
export type EmbedPost = (target: unknown, message: Record<string, unknown>, origin: string) => void;

export type CrossingDirection = 'up' | 'down' | 'both';

interface Subscription {
  id: number;
  observable: string;
  threshold: number;
  direction: CrossingDirection;
  target: unknown;
  origin: string;
  last: number | null;
}

/** The allow-list: the page's own origin plus `origins` (comma-separated; `*` allows any origin). */
export function parseAllowList(originsParam: string | null, ownOrigin: string): { any: boolean; origins: Set<string> } {
  const origins = new Set<string>([ownOrigin]);
  let any = false;
  for (const raw of (originsParam ?? '').split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    if (item === '*') {
      any = true;
      continue;
    }
    // not an origin: left out (the banner names it: url-params.ts' originProblems)
    const origin = webOrigin(item);
    if (origin !== null) origins.add(origin);
  }
  return { any, origins };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const COMMANDS = ['load', 'play', 'pause', 'reset', 'step', 'observe', 'subscribe', 'unsubscribe'] as const;
type Command = (typeof COMMANDS)[number];

export class EmbedApi {
  private readonly subscriptions = new Map<number, Subscription>();
  /** origins (and their windows) that have talked to us: they receive the 'ended' event */
  private readonly listeners = new Map<string, unknown>();
  private nextSubscription = 1;
  private ended = false;

  constructor(
    private readonly target: EmbedTarget,
    private readonly allow: { any: boolean; origins: Set<string> },
    private readonly post: EmbedPost,
  ) {}

  /**
   * Tells the embedding page that commands are obeyed now: one 'ready' message to `parent` for each
   * allowed origin (the browser delivers only the one that matches the parent's origin).
   */
  announce(parent: unknown, family: string): void {
    const observables = Object.keys(this.target.observables());
    for (const origin of this.allow.any ? ['*'] : this.allow.origins) {
      this.post(parent, { protocol: EMBED_PROTOCOL, type: 'ready', family, observables }, origin);
    }
  }

  allowed(origin: string): boolean {
    return this.allow.any || this.allow.origins.has(origin);
  }

  /** One incoming message; ignored unless it is ours and from an allowed origin. */
  async handle(event: EmbedMessageEvent): Promise<void> {
    if (!this.allowed(event.origin) || !isRecord(event.data) || event.data['protocol'] !== EMBED_PROTOCOL) return;
    const msg = event.data;
    const id = (typeof msg['id'] === 'number' && Number.isFinite(msg['id'])) || typeof msg['id'] === 'string' ? msg['id'] : null;
    const answer = (body: Record<string, unknown>): void =>
      this.post(event.source, { protocol: EMBED_PROTOCOL, id, ...body }, event.origin);
    // an id the answer cannot repeat (an object, true, NaN): the command ran and its answer came back
    // with id null, which a course page waiting for its id never matched
    const rawId = msg['id'];
    if (rawId !== undefined && rawId !== null && id === null) {
      answer({ type: 'error', message: `id = ${clipText(typeof rawId === 'number' ? String(rawId) : (JSON.stringify(rawId) ?? String(rawId)), 40)}: must be a finite number or a string (the command was not run)` });
      return;
    }
    const type = msg['type'];
    if (typeof type !== 'string' || !(COMMANDS as readonly string[]).includes(type)) {
      answer({ type: 'error', message: `unknown command ${JSON.stringify(type)}; commands: ${COMMANDS.join(', ')}` });
      return;
    }
    this.listeners.set(event.origin, event.source);
    try {
      const result = await this.run(type as Command, msg, event);
      answer({ type: 'result', ok: true, ...result });
    } catch (e) {
      answer({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  }

  private async run(type: Command, msg: Record<string, unknown>, event: EmbedMessageEvent): Promise<Record<string, unknown>> {
    switch (type) {
      case 'load': {
        const s = msg['scenario'];
        const json = typeof s === 'string' ? s : isRecord(s) ? JSON.stringify(s) : null;
        if (json === null) throw new Error('load needs "scenario": the scenario as JSON text or an object');
        const problem = await this.target.load(json);
        if (problem !== null) throw new Error(problem);
        this.ended = false;
        for (const sub of this.subscriptions.values()) sub.last = null;
        return {};
      }
      case 'play':
        this.target.play();
        return {};
      case 'pause':
        this.target.pause();
        return {};
      case 'reset':
        this.ended = false;
        for (const sub of this.subscriptions.values()) sub.last = null;
        this.target.reset();
        return {};
      case 'step':
        this.target.step();
        return {};
      case 'observe':
        return { observables: this.target.observables() };
      case 'subscribe': {
        const observable = msg['observable'];
        const threshold = msg['threshold'];
        const direction = msg['direction'] ?? 'both';
        const known = Object.keys(this.target.observables());
        if (typeof observable !== 'string' || !known.includes(observable)) {
          throw new Error(`subscribe: observable ${JSON.stringify(observable)} is not one of: ${known.join(', ')}`);
        }
        if (typeof threshold !== 'number' || !Number.isFinite(threshold)) {
          throw new Error(`subscribe: threshold = ${JSON.stringify(threshold)}: must be a finite number`);
        }
        if (direction !== 'up' && direction !== 'down' && direction !== 'both') {
          throw new Error(`subscribe: direction = ${JSON.stringify(direction)}: must be "up", "down" or "both"`);
        }
        const id = this.nextSubscription++;
        const now = this.target.observables()[observable];
        this.subscriptions.set(id, {
          id, observable, threshold, direction, target: event.source, origin: event.origin, last: now ?? null,
        });
        return { subscription: id };
      }
      case 'unsubscribe': {
        const sub = msg['subscription'];
        if (typeof sub !== 'number' || !this.subscriptions.delete(sub)) {
          throw new Error(`unsubscribe: no subscription ${JSON.stringify(sub)}`);
        }
        return {};
      }
    }
  }

  /**
   * A frame arrived: threshold crossings since the last frame, and 'ended' once when the run
   * finishes or stops (`message` says why when the engine stopped it).
   */
  frame(observables: Record<string, number>, finished: boolean, message = ''): void {
    for (const sub of this.subscriptions.values()) {
      const value = observables[sub.observable];
      if (value === undefined || !Number.isFinite(value)) continue;
      const last = sub.last;
      sub.last = value;
      if (last === null) continue;
      const up = last < sub.threshold && value >= sub.threshold;
      const down = last > sub.threshold && value <= sub.threshold;
      if ((up && sub.direction !== 'down') || (down && sub.direction !== 'up')) {
        this.post(
          sub.target,
          { protocol: EMBED_PROTOCOL, type: 'threshold', subscription: sub.id, observable: sub.observable, threshold: sub.threshold,
            value, direction: up ? 'up' : 'down', observables },
          sub.origin,
        );
      }
    }
    if (finished && !this.ended) {
      this.ended = true;
      for (const [origin, target] of this.listeners) {
        this.post(target, { protocol: EMBED_PROTOCOL, type: 'ended', message, observables }, origin);
      }
    }
    if (!finished) this.ended = false;
  }
}
