import { describe, expect, it } from 'vitest';
import { getPath, parseValidationReport, setPath, vibratingWall, type JsonObject } from '../../web/src/sim/scenario';

describe('validation report parsing', () => {
  it('reads an ok report with its normalized scenario', () => {
    const r = parseValidationReport('{"ok":true,"errors":[],"scenario":{"schema":1,"seed":3}}');
    expect(r).toEqual({ ok: true, errors: [], scenario: { schema: 1, seed: 3 } });
  });

  it('reads errors and fills a missing text', () => {
    const r = parseValidationReport(
      '{"ok":false,"errors":[{"path":"discs[3].radius","value":"-0.1","message":"must be > 0","text":"discs[3].radius = -0.1: must be > 0"},' +
        '{"path":"seed","value":"-1","message":"must be >= 0"}],"scenario":null}',
    );
    expect(r.ok).toBe(false);
    expect(r.scenario).toBeNull();
    expect(r.errors[0]?.text).toBe('discs[3].radius = -0.1: must be > 0');
    expect(r.errors[1]?.text).toBe('seed = -1: must be >= 0');
  });

  it('turns malformed reports into one readable error', () => {
    expect(parseValidationReport('not json').errors[0]?.message).toMatch(/unreadable/);
    expect(parseValidationReport('[]').ok).toBe(false);
    expect(parseValidationReport('{"ok":false}').errors.length).toBe(1);
    // ok without a scenario is not ok
    expect(parseValidationReport('{"ok":true,"errors":[]}').ok).toBe(false);
  });
});

describe('json paths', () => {
  it('gets and sets nested fields', () => {
    const s: JsonObject = { a: { b: 1 } };
    expect(getPath(s, 'a.b')).toBe(1);
    expect(getPath(s, 'a.c.d')).toBeUndefined();
    setPath(s, 'a.c.d', 2);
    setPath(s, 'x', null);
    expect(s).toEqual({ a: { b: 1, c: { d: 2 } }, x: null });
  });

  it('finds the vibrating wall', () => {
    expect(vibratingWall({ vibration: { enabled: true, wall: 2 } })).toBe(2);
    expect(vibratingWall({ vibration: { enabled: false, wall: 2 } })).toBe(-1);
    expect(vibratingWall({})).toBe(-1);
  });
});
