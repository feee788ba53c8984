/** The size rule of share links: a scenario over MAX_LINK_JSON_CHARS of compact JSON gets no link and no #s=. */
import { describe, expect, it } from 'vitest';
import { MAX_ADDRESS_PAYLOAD } from '../../web/src/ui/address';
import {
  compactLength, decodeScenario, encodeScenarioNow, formatChars, LinkTooLargeError, MAX_LINK_JSON_CHARS, NO_LINK, shareLinkFor,
  tooLargeForLink,
} from '../../web/src/ui/share';
import { tooLargeText } from '../../web/src/ui/share-button';

/** a scenario with n explicit discs on a lattice, as the tester's file (about 65 characters a disc) */
function lattice(n: number): Record<string, unknown> {
  const discs = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    discs.push({ x: (i + 0.5) / n, y: (j + 0.5) / n, vx: ((i * 7 + j * 3) % 11) / 10 - 0.5, vy: -0.25, radius: 0.0015 });
  }
  return { schema: 1, name: `Lattice ${n * n} — "quoted", with a \\ and spaces`, notes: 'a b\tc\nd', discs };
}

/** compact JSON of exactly `chars` characters (a scenario whose notes fill it up) */
function scenarioOfLength(chars: number): string {
  const empty = JSON.stringify({ schema: 1, notes: '' });
  return JSON.stringify({ schema: 1, notes: 'x'.repeat(chars - empty.length) });
}

describe('the size rule of share links', () => {
  it('measures compact JSON without parsing it, whitespace in strings and escapes included', () => {
    for (const value of [lattice(3), lattice(20), { a: [1, 2, { b: 'c d' }], e: '\\"', f: null, g: true }, {}]) {
      const compact = JSON.stringify(value);
      expect(compactLength(compact)).toBe(compact.length);
      expect(compactLength(JSON.stringify(value, null, 2))).toBe(compact.length);
      expect(compactLength(JSON.stringify(value, null, '\t'))).toBe(compact.length);
    }
  });

  it('gives a link up to MAX_LINK_JSON_CHARS characters of compact JSON and none above, pretty-printed or not', () => {
    const atLimit = scenarioOfLength(MAX_LINK_JSON_CHARS);
    const over = scenarioOfLength(MAX_LINK_JSON_CHARS + 1);
    expect(atLimit.length).toBe(MAX_LINK_JSON_CHARS);
    expect(tooLargeForLink(atLimit)).toBe(false);
    expect(tooLargeForLink(over)).toBe(true);
    // whitespace is not counted: a pretty-printed scenario under the limit once compact has a link
    const pretty = JSON.stringify(lattice(36), null, 2);
    expect(pretty.length).toBeGreaterThan(MAX_LINK_JSON_CHARS);
    expect(JSON.stringify(lattice(36)).length).toBeLessThan(MAX_LINK_JSON_CHARS);
    expect(tooLargeForLink(pretty)).toBe(false);
    // some 1,600 explicit discs fit (about 66 characters each); the tester's 40,000 (2.6 MB) are far over
    expect(tooLargeForLink(JSON.stringify(lattice(40)))).toBe(false);
    expect(tooLargeForLink(JSON.stringify(lattice(200)))).toBe(true);
  });

  it('writes no uncompressed payload for a scenario too large for a link, and the address takes every other', async () => {
    const atLimit = scenarioOfLength(MAX_LINK_JSON_CHARS);
    const payload = encodeScenarioNow(atLimit);
    expect(payload).not.toBe(NO_LINK);
    expect(payload.length).toBeLessThanOrEqual(MAX_ADDRESS_PAYLOAD);
    expect(await decodeScenario(payload)).toBe(atLimit);
    expect(encodeScenarioNow(scenarioOfLength(MAX_LINK_JSON_CHARS + 1))).toBe(NO_LINK);
    // an empty scenario still has a payload: NO_LINK stands for no scenario
    expect(encodeScenarioNow('{}')).not.toBe(NO_LINK);
  });

  it('refuses the link of a scenario too large for one with the reason, and makes those under it', async () => {
    const big = JSON.stringify(lattice(200), null, 2);
    const error = await shareLinkFor(big, 'https://example.org/lab/').then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(LinkTooLargeError);
    expect((error as LinkTooLargeError).chars).toBe(JSON.stringify(lattice(200)).length);
    expect((error as Error).message).toMatch(/too large for a link/);
    const { url } = await shareLinkFor(JSON.stringify(lattice(40), null, 2), 'https://example.org/lab/');
    expect(url.startsWith('https://example.org/lab/#s=')).toBe(true);
    expect(url.length).toBeLessThan(MAX_ADDRESS_PAYLOAD);
  });

  it('says how large the scenario is, what a link carries, and what to do instead', () => {
    expect(formatChars(850)).toBe('850 characters');
    expect(formatChars(165_400)).toBe('165 KB');
    expect(formatChars(2_670_898)).toBe('2.7 MB');
    const text = tooLargeText(2_670_898, false);
    expect(text).toContain('Too large for a link');
    expect(text).toContain('2.7 MB');
    expect(text).toContain(formatChars(MAX_LINK_JSON_CHARS));
    expect(text).toContain('The address does not hold it');
    expect(text).toMatch(/as a file/);
    // a link opened here stays in the address
    expect(tooLargeText(2_670_898, true)).not.toContain('address');
  });
});
