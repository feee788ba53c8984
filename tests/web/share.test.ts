import { describe, expect, it } from 'vitest';
import {
  base64UrlDecode, base64UrlEncode, buildShareUrl, decodeScenario, deflateRaw, encodeScenario, encodeScenarioNow,
  inflateRaw, ShareLinkError, storedDeflateRaw,
} from '../../web/src/ui/share';

const scenario = JSON.stringify({
  schema: 1,
  name: 'Gas cooling — ünïcode ✓',
  seed: 9007199254740991,
  generate: { count: 400, radius: 0.01, radiusMax: null, speed: 1 },
  restitution: 0.9,
  discs: Array.from({ length: 50 }, (_, i) => ({ x: 0.1 + i * 0.015, y: 0.5, vx: i / 7, vy: -i / 3, radius: 0.005 })),
});

describe('base64url', () => {
  it('round-trips every length and byte value', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n * 11) & 0xff);
      const text = base64UrlEncode(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(Array.from(base64UrlDecode(text))).toEqual(Array.from(bytes));
    }
  });

  it('matches the standard encoding with the URL alphabet', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xbf, 0x00, 0x10]);
    const standard = Buffer.from(bytes).toString('base64');
    expect(base64UrlEncode(bytes)).toBe(standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  });

  it('accepts padding and rejects foreign characters and impossible lengths', () => {
    expect(Array.from(base64UrlDecode('AQI='))).toEqual([1, 2]);
    expect(() => base64UrlDecode('ab+c')).toThrow(ShareLinkError);
    expect(() => base64UrlDecode('ab c')).toThrow(/not base64url/);
    expect(() => base64UrlDecode('abcde')).toThrow(/impossible length/);
  });
});

describe('scenario codec', () => {
  it('round-trips scenario JSON exactly', async () => {
    const payload = await encodeScenario(scenario);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(payload.length).toBeLessThan(scenario.length);
    expect(await decodeScenario(payload)).toBe(scenario);
  });

  it('inflates what it deflates', async () => {
    const bytes = new TextEncoder().encode('x'.repeat(10_000));
    expect(await inflateRaw(await deflateRaw(bytes))).toEqual(bytes);
  });

  it('reports bad base64, bad deflate, bad JSON and non-objects in words', async () => {
    await expect(decodeScenario('')).rejects.toThrow(/no scenario data/);
    await expect(decodeScenario('%%%')).rejects.toThrow(/not base64url/);
    await expect(decodeScenario(base64UrlEncode(Uint8Array.from([0xff, 0xff, 0xff, 0xff])))).rejects.toThrow(
      /damaged/,
    );
    await expect(decodeScenario(await encodeScenario('{"schema": 1,'))).rejects.toThrow(/not contain valid JSON/);
    await expect(decodeScenario(await encodeScenario('[1,2]'))).rejects.toThrow(/not contain a scenario object/);
    await expect(decodeScenario('AAAA')).rejects.toBeInstanceOf(ShareLinkError);
  });

  it('writes a payload at once (uncompressed stored blocks) that the ordinary decoder reads back', async () => {
    // the address holds this one from Apply until the compressed payload is ready
    const payload = encodeScenarioNow(scenario);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await decodeScenario(payload)).toBe(scenario);
    // empty, one byte short of a block, a whole block, and several blocks (the last one partial)
    for (const n of [0, 1, 65534, 65535, 65536, 3 * 65535 + 17]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 131 + 7) & 0xff);
      const stored = storedDeflateRaw(bytes);
      expect(stored.length).toBe(n + 5 * Math.max(1, Math.ceil(n / 65535)));
      expect(Array.from(await inflateRaw(stored))).toEqual(Array.from(bytes));
      // and Node's own inflater agrees (not only the decoder this file also wrote)
      const { inflateRawSync } = await import('node:zlib');
      expect(inflateRawSync(stored).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('refuses to inflate past the size limit', async () => {
    const big = await deflateRaw(new Uint8Array(1 << 20));
    await expect(inflateRaw(big, 1000)).rejects.toThrow(/larger than/);
  });
});

describe('buildShareUrl', () => {
  it('keeps the path (any sub-path), drops query and old fragment', () => {
    expect(buildShareUrl('https://example.org/courses/lab/index.html?embed=1&until=2#s=old', 'abc_-')).toBe(
      'https://example.org/courses/lab/index.html#s=abc_-',
    );
    expect(buildShareUrl('http://127.0.0.1:4173/sub/path/', 'Q')).toBe('http://127.0.0.1:4173/sub/path/#s=Q');
  });

  it("keeps the avalanche study's inputs, and only them", () => {
    expect(buildShareUrl('https://example.org/lab/avalanche.html?play=0&study=full&embed=1&aspects=1%2C4%2C8&until=3#s=old', 'Z')).toBe(
      'https://example.org/lab/avalanche.html?study=full&aspects=1%2C4%2C8#s=Z',
    );
  });
});
