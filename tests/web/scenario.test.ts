import { describe, expect, it } from 'vitest';
import { getPath, gravityMagnitude, hasGravity, parseValidationReport, SCENARIO_ENGINES, setPath, vibratingWall, wallRestitution, type JsonObject } from '../../web/src/sim/scenario';

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

  it("names every engine there is when a page's validator turns down an engine name (as the CLI does)", () => {
    for (const own of ['event', 'soft']) {
      const r = parseValidationReport(
        `{"ok":false,"errors":[{"path":"engine","value":"\\"sof\\"","message":"must be one of: \\"${own}\\"","text":"engine = \\"sof\\": must be one of: \\"${own}\\""}],"scenario":null}`,
      );
      expect(r.errors[0]?.text).toBe(`engine = "sof": no such engine; a scenario's engine is ${SCENARIO_ENGINES}`);
      for (const engine of ['"event"', '"soft"', '"avalanche"', '"compare"']) expect(r.errors[0]?.text).toContain(engine);
    }
    // other fields keep the validator's own sentence
    const other = parseValidationReport('{"ok":false,"errors":[{"path":"domain.shape","value":"\\"x\\"","message":"must be one of: \\"box\\""}],"scenario":null}');
    expect(other.errors[0]?.text).toBe('domain.shape = "x": must be one of: "box"');
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

  it('reads and writes array elements by [index]', () => {
    const s: JsonObject = { gravity: [0, -9.81], discs: [{ radius: 0.1 }, { radius: 0.2 }] };
    expect(getPath(s, 'gravity[1]')).toBe(-9.81);
    expect(getPath(s, 'gravity[2]')).toBeUndefined();
    expect(getPath(s, 'discs[1].radius')).toBe(0.2);
    expect(getPath(s, 'discs.radius')).toBeUndefined();
    expect(getPath(s, 'gravity[0].x')).toBeUndefined();
    setPath(s, 'gravity[0]', 1.5);
    setPath(s, 'discs[0].radius', 0.3);
    expect(s).toEqual({ gravity: [1.5, -9.81], discs: [{ radius: 0.3 }, { radius: 0.2 }] });
    // what is missing is created: an array for an index, null in the holes before it
    const t: JsonObject = { g: 'text' };
    setPath(t, 'g[1]', 2);
    setPath(t, 'a.list[0].b', true);
    expect(t).toEqual({ g: [null, 2], a: { list: [{ b: true }] } });
  });

  it('tells whether gravity is on', () => {
    expect(hasGravity({ gravity: [0, -9.81] })).toBe(true);
    expect(hasGravity({ gravity: [0.5, 0] })).toBe(true);
    expect(hasGravity({ gravity: [0, 0] })).toBe(false);
    expect(hasGravity({})).toBe(false);
    // its strength, m/s², which the energy plot names when gravity keeps Haff's curve off
    expect(gravityMagnitude({ gravity: [0, -9.81] })).toBe(9.81);
    expect(gravityMagnitude({ gravity: [3, -4] })).toBe(5);
    expect(gravityMagnitude({ gravity: [0, 0] })).toBe(0);
    expect(gravityMagnitude({})).toBe(0);
  });

  // the L-shaped room gives no wallRestitution: its walls are at the discs' 0.95
  it("reads the walls' restitution, the discs' where it is absent or null", () => {
    expect(wallRestitution({ restitution: 0.9, wallRestitution: 1 }, 0.9)).toBe(1);
    expect(wallRestitution({ restitution: 0.95 }, 0.95)).toBe(0.95);
    expect(wallRestitution({ restitution: 0.8, wallRestitution: null }, 0.8)).toBe(0.8);
  });

  it('finds the vibrating wall', () => {
    expect(vibratingWall({ vibration: { enabled: true, wall: 2 } })).toBe(2);
    expect(vibratingWall({ vibration: { enabled: false, wall: 2 } })).toBe(-1);
    expect(vibratingWall({})).toBe(-1);
  });
});
