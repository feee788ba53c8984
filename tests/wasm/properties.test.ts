// Property tests (fast-check) on the untrusted-input paths of issue 6 §4: the share-link codec
// round-trips any valid scenario of every family, and any text at all, as a link payload or as a
// scenario, gives a message — never an exception other than the codec's own ShareLinkError.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GranularModule } from '../../web/src/sim/granular-wasm';
import { decodeScenario, encodeScenario, encodeScenarioNow, ShareLinkError } from '../../web/src/ui/share';
import { loadGranular } from './load';

let mod: GranularModule;
beforeAll(async () => {
  mod = await loadGranular();
});

interface Report {
  ok: boolean;
  errors: { path: string; text: string }[];
  scenario: unknown;
}

// subnormals (5e-324 …) are refused by the validators (too small to compute with): 0 stands in for them
const finite = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((x) => (x !== 0 && Math.abs(x) < 2.2250738585072014e-308 ? 0 : x));

/** Valid gas scenarios: a few hundred discs at most, so building them stays quick. */
const gasScenario = fc.record({
  schema: fc.constant(1),
  name: fc.string({ maxLength: 40 }),
  seed: fc.nat({ max: 1e6 }),
  generate: fc.record({ count: fc.integer({ min: 1, max: 200 }), radius: finite(0.001, 0.01), speed: finite(0, 10) }),
  restitution: finite(0.05, 1),
  output: fc.record({ interval: finite(0.001, 1) }),
});

const softScenario = fc.record({
  schema: fc.constant(1),
  engine: fc.constant('soft'),
  name: fc.string({ maxLength: 40 }),
  seed: fc.nat({ max: 1e6 }),
  generate: fc.record({ count: fc.integer({ min: 1, max: 9 }), speed: finite(0, 10), placement: fc.constant('lattice') }),
  contact: fc.record({ cTau: finite(0, 1) }),
  friction: fc.record({ mu: finite(0, 1) }),
});

const avalancheScenario = fc.record({
  schema: fc.constant(1),
  engine: fc.constant('avalanche'),
  name: fc.string({ maxLength: 40 }),
  seed: fc.nat({ max: 1e6 }),
  column: fc.record({ width: finite(0.02, 0.2), height: finite(0.02, 0.3) }),
  friction: fc.record({ mu: finite(0, 2) }),
  solver: fc.record({ method: fc.constantFrom('gauss-seidel', 'jacobi'), maxIterations: fc.integer({ min: 1, max: 1000 }) }),
});

const compareScenario = fc.record({
  schema: fc.constant(1),
  engine: fc.constant('compare'),
  name: fc.string({ maxLength: 40 }),
  seed: fc.nat({ max: 1e6 }),
  setup: fc.record({ kind: fc.constantFrom('head-on', 'row', 'gas', 'pile'), count: fc.integer({ min: 2, max: 12 }), speed: finite(0.1, 3), gap: finite(0, 3) }),
  restitution: finite(0.05, 1),
  nscd: fc.record({ timeStep: finite(1e-4, 0.01) }),
  output: fc.record({ interval: fc.constant(0.05), duration: finite(0.1, 2) }),
});

function validate(json: string): Report {
  const family = mod.scenarioFamily(json);
  const text =
    family === 'soft'
      ? mod.validateSoftScenario(json)
      : family === 'avalanche'
        ? mod.validateAvalancheScenario(json)
        : family === 'compare'
          ? mod.validateCompareScenario(json)
          : mod.validateScenario(json);
  return JSON.parse(text) as Report;
}

describe('share links and validators (properties)', () => {
  it('any valid scenario of every family survives the link: same text, same normalized scenario', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(gasScenario, softScenario, avalancheScenario, compareScenario), async (scenario) => {
        const json = JSON.stringify(scenario);
        const before = validate(json);
        expect(before.ok, JSON.stringify(before.errors)).toBe(true);
        const decoded = await decodeScenario(await encodeScenario(json));
        expect(decoded).toBe(json);
        expect(validate(decoded).scenario).toEqual(before.scenario);
      }),
      { numRuns: 60 },
    );
  });

  it('any payload either decodes to a scenario object or fails with a ShareLinkError message', async () => {
    const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
    // random text almost never decodes (none of 300 did), so a quarter of the payloads are the codec's own
    // encoding (compressed, or stored as before the compressed one is ready) of any JSON value: an
    // object decodes to the same text, anything else is refused
    const encoded = fc.record({ json: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), now: fc.boolean() });
    const payload = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,200}$/),
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('base64url')),
      encoded,
    );
    const taken = { decoded: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(payload, async (input) => {
        const p = typeof input === 'string' ? input : input.now ? encodeScenarioNow(input.json) : await encodeScenario(input.json);
        let text: string | null = null;
        let error: unknown = null;
        try {
          text = await decodeScenario(p);
        } catch (e) {
          error = e;
        }
        if (typeof input !== 'string') expect(text !== null, input.json).toBe(isObject(JSON.parse(input.json)));
        if (text !== null) {
          taken.decoded++;
          expect(isObject(JSON.parse(text))).toBe(true);
          if (typeof input !== 'string') expect(text).toBe(input.json);
        } else {
          taken.refused++;
          expect(error).toBeInstanceOf(ShareLinkError);
          expect((error as Error).message.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 300 },
    );
    // both answers were given, else one of the branches above checked nothing
    expect(taken.decoded).toBeGreaterThan(0);
    expect(taken.refused).toBeGreaterThan(0);
  });

  it('any JSON value, as a scenario of any family, gives a report with messages naming fields — never a throw', () => {
    const engine = fc.constantFrom(undefined, 'event', 'soft', 'avalanche', 'compare', 'nonsense');
    const anyScenario = fc.tuple(fc.jsonValue({ maxDepth: 3 }), engine).map(([v, e]) => {
      if (e !== undefined && typeof v === 'object' && v !== null && !Array.isArray(v)) return { ...v, engine: e };
      return v;
    });
    fc.assert(
      fc.property(anyScenario, (value) => {
        const report = validate(JSON.stringify(value));
        expect(typeof report.ok).toBe('boolean');
        if (!report.ok) {
          expect(report.errors.length).toBeGreaterThan(0);
          for (const err of report.errors) expect(err.text.length).toBeGreaterThan(5);
          expect(report.scenario).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('valid scenarios with a single field broken name that field and its value', () => {
    const broken = fc.constantFrom(
      ['{"schema":1,"generate":{"radius":-0.5}}', 'generate.radius = -0.5'],
      ['{"schema":1,"engine":"soft","friction":{"mu":-2}}', 'friction.mu = -2'],
      ['{"schema":1,"engine":"avalanche","grains":{"density":0}}', 'grains.density = 0'],
      ['{"schema":1,"engine":"avalanche","column":{"height":"tall"}}', 'column.height = "tall"'],
      ['{"schema":1,"engine":"compare","restitution":0}', 'restitution = 0'],
      ['{"schema":1,"engine":"compare","soft":{"youngModulus":-1}}', 'soft.youngModulus = -1'],
    );
    fc.assert(
      fc.property(broken, ([json, text]) => {
        const report = validate(json);
        expect(report.ok).toBe(false);
        expect(report.errors.map((e) => e.text).some((t) => t.startsWith(text))).toBe(true);
      }),
      { numRuns: 12 },
    );
  });
});
