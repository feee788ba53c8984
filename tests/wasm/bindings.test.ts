/**
 * Keeps the hand-written contract web/src/sim/granular-wasm.d.ts honest: every member it declares
 * on World and GranularModule, and every field of the value objects, must exist on the real
 * module with the declared kind. The declarations are read as text, so a member added to the .d.ts
 * without a binding (or a binding renamed in C++) fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GranularModule, World } from '../../web/src/sim/granular-wasm';
import { loadGranular, readRepoFile } from './load';

interface Member {
  name: string;
  kind: 'method' | 'field';
  /** parameter types (methods only) */
  params: string[];
  /** field type, or method return type */
  type: string;
}

const VALUE_INTERFACES = [
  'Observation',
  'EngineStats',
  'Theory',
  'MinContact',
  'PairVelocities',
  'Velocity',
  'ExerciseRun',
  'SoftLedger',
  'SoftStats',
  'Momentum',
  'SoftDomain',
  'HysteresisLoop',
  'AvalancheSamples',
  'AvalancheSummary',
  'AvalancheStudyFixed',
  'EventLog',
  'CompareSamples',
  'CompareEngineStatus',
] as const;

/** Members embind puts on every class prototype; not part of the contract. */
const EMBIND_BUILTINS = new Set(['constructor', 'isAliasOf', 'clone', 'delete', 'isDeleted', 'deleteLater']);

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}

/** Splits at `sep` outside (), {}, [] and <>. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '{' || ch === '[' || ch === '<') depth++;
    // the '>' of an arrow (=>) closes nothing
    else if (ch === ')' || ch === '}' || ch === ']' || (ch === '>' && text[i - 1] !== '=')) depth--;
    else if (ch === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** Members of `interface name { ... }` in the (comment-free) declaration text. */
function interfaceMembers(source: string, name: string): Member[] {
  const head = new RegExp(`interface\\s+${name}\\s*\\{`).exec(source);
  if (!head) throw new Error(`interface ${name} not found in granular-wasm.d.ts`);
  const open = head.index + head[0].length;
  let depth = 1;
  let end = open;
  while (depth > 0) {
    if (end >= source.length) throw new Error(`interface ${name}: unbalanced braces`);
    const ch = source[end];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    end++;
  }
  const body = source.slice(open, end - 1);
  return splitTopLevel(body, ';').map((decl) => {
    const method = /^(\w+)\s*\(([\s\S]*)\)\s*:\s*([\s\S]+)$/.exec(decl);
    if (method) {
      const params = splitTopLevel(method[2] ?? '', ',').map((p) => {
        const m = /^\w+\??\s*:\s*([\s\S]+)$/.exec(p);
        if (!m) throw new Error(`${name}.${method[1]}: cannot read parameter "${p}"`);
        return (m[1] ?? '').trim();
      });
      return { name: method[1] ?? '', kind: 'method', params, type: (method[3] ?? '').trim() };
    }
    const field = /^(\w+)\s*:\s*([\s\S]+)$/.exec(decl);
    if (field) return { name: field[1] ?? '', kind: 'field', params: [], type: (field[2] ?? '').trim() };
    throw new Error(`interface ${name}: cannot read member "${decl}"`);
  });
}

/** `export type Name = ...;` aliases. */
function typeAliases(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of source.matchAll(/export\s+type\s+(\w+)\s*=\s*([^;]+);/g)) out.set(m[1] ?? '', (m[2] ?? '').trim());
  return out;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return value.constructor?.name ?? 'object';
  return typeof value;
}

const source = stripComments(readRepoFile('web/src/sim/granular-wasm.d.ts'));
const aliases = typeAliases(source);
const worldMembers = interfaceMembers(source, 'World');
const softMembers = interfaceMembers(source, 'SoftWorld');
const avalancheMembers = interfaceMembers(source, 'AvalancheWorld');
const compareMembers = interfaceMembers(source, 'CompareWorld');
const moduleMembers = interfaceMembers(source, 'GranularModule');
const valueMembers = new Map(VALUE_INTERFACES.map((name) => [name, interfaceMembers(source, name)] as const));

/** Value interfaces whose fields were checked on a real value (each must be reached by some test). */
const reached = new Set<string>();

/**
 * Checks `value` against the declared type text; returns the problems found (empty when it fits).
 * Value interfaces are checked field by field, in both directions (no undeclared fields either).
 */
function check(value: unknown, type: string, where: string): string[] {
  if (type.endsWith(' | null')) return value === null ? [] : check(value, type.slice(0, -' | null'.length), where);
  const resolved = aliases.get(type) ?? type;
  const literals = resolved.split('|').map((s) => s.trim());
  if (literals.length > 1 && literals.every((s) => /^-?\d+$/.test(s))) {
    const allowed = literals.map(Number);
    return typeof value === 'number' && allowed.includes(value)
      ? []
      : [`${where}: expected one of ${allowed.join(', ')}, got ${String(value)}`];
  }
  switch (resolved) {
    case 'number':
    case 'string':
    case 'boolean':
      return typeof value === resolved ? [] : [`${where}: expected ${resolved}, got ${describeValue(value)}`];
    case 'void':
      return value === undefined ? [] : [`${where}: expected undefined, got ${describeValue(value)}`];
    case 'Float64Array':
      return value instanceof Float64Array ? [] : [`${where}: expected Float64Array, got ${describeValue(value)}`];
    case 'WorldConstructor':
    case 'SoftWorldConstructor':
    case 'AvalancheWorldConstructor':
    case 'CompareWorldConstructor':
      return typeof value === 'function' ? [] : [`${where}: expected a constructor, got ${describeValue(value)}`];
  }
  const fields = valueMembers.get(resolved as (typeof VALUE_INTERFACES)[number]);
  if (!fields) return [`${where}: the test does not know the declared type "${type}"`];
  if (typeof value !== 'object' || value === null) return [`${where}: expected ${resolved} object, got ${describeValue(value)}`];
  reached.add(resolved);
  const problems: string[] = [];
  const declared = new Set(fields.map((f) => f.name));
  for (const f of fields) {
    if (!(f.name in value)) problems.push(`${where}.${f.name}: declared in ${resolved} but missing`);
    else problems.push(...check((value as Record<string, unknown>)[f.name], f.type, `${where}.${f.name}`));
  }
  for (const key of Object.keys(value)) {
    if (!declared.has(key)) problems.push(`${where}.${key}: present at run time but not declared in ${resolved}`);
  }
  return problems;
}

/** Arguments of the declared types that every exercise function accepts. */
function sampleArgs(member: Member): unknown[] {
  // one study case of a tiny column (3 x 6 grains at a = 2: well under a second)
  if (member.name === 'avalancheStudyCase') return [2, '{"minWidthGrains":3,"minHeightGrains":6}', () => true];
  return member.params.map((p, k) => {
    if (p === 'number') return member.name === 'advanceExercise' ? [1, 0.1, 2][k - 5] ?? 1 : 0.25 * (k + 1);
    if (p === 'Float64Array') return new Float64Array(0);
    if (p === 'boolean') return false;
    if (p === 'string') return '{"schema": 1}';
    throw new Error(`${member.name}: no sample argument for type ${p}`);
  });
}

describe('granular-wasm.d.ts against the real module', () => {
  let mod: GranularModule;
  let world: World;

  beforeAll(async () => {
    mod = await loadGranular();
    world = new mod.World(readRepoFile('scenarios/gas-cooling.json'));
  });

  it('reads the declarations (sanity of the parser)', () => {
    const worldNames = worldMembers.map((m) => m.name);
    for (const name of ['ok', 'advance', 'positions', 'observation', 'hashState', 'delete']) expect(worldNames).toContain(name);
    expect(worldMembers.length).toBeGreaterThanOrEqual(22);
    expect(worldMembers.every((m) => m.kind === 'method')).toBe(true);
    const moduleNames = moduleMembers.map((m) => m.name);
    for (const name of ['World', 'version', 'validateScenario', 'minContactTime', 'advanceExercise']) {
      expect(moduleNames).toContain(name);
    }
    expect(moduleMembers.length).toBeGreaterThanOrEqual(10);
    for (const name of VALUE_INTERFACES) expect(valueMembers.get(name)?.length, name).toBeGreaterThanOrEqual(2);
    expect(valueMembers.get('Observation')?.map((f) => f.name)).toContain('energyInjected');
    expect(valueMembers.get('ExerciseRun')?.map((f) => f.type)).toEqual([
      'Float64Array',
      'Float64Array',
      'number',
      'boolean',
      'string',
    ]);
    expect(aliases.get('AdvanceStatusCode')).toBe('0 | 1 | 2 | 3');
  });

  it('the World built from gas-cooling.json is valid', () => {
    expect(world.ok(), world.report()).toBe(true);
    expect(world.count()).toBe(400);
  });

  it('every GranularModule member exists with its declared kind', () => {
    const record = mod as unknown as Record<string, unknown>;
    const missing = moduleMembers.filter((m) => !(m.name in record)).map((m) => m.name);
    expect.soft(missing, 'declared on GranularModule but missing').toEqual([]);
    const problems: string[] = [];
    for (const m of moduleMembers) {
      const value = record[m.name];
      if (m.kind === 'field') {
        problems.push(...check(value, m.type, `module.${m.name}`));
        continue;
      }
      if (typeof value !== 'function') {
        problems.push(`module.${m.name}: expected a function, got ${describeValue(value)}`);
        continue;
      }
      // embind throws when the argument count differs from the binding's: the call checks the arity
      const result: unknown = Reflect.apply(value, mod, sampleArgs(m));
      problems.push(...check(result, m.type, `module.${m.name}(...)`));
    }
    expect(problems).toEqual([]);
    for (const name of ['MinContact', 'PairVelocities', 'Velocity', 'ExerciseRun', 'AvalancheStudyFixed']) expect(reached).toContain(name);
  });

  it('every World method exists and returns its declared kind', () => {
    const w = new mod.World(readRepoFile('scenarios/gas-cooling.json'));
    const record = w as unknown as Record<string, unknown>;
    const missing = worldMembers.filter((m) => typeof record[m.name] !== 'function').map((m) => m.name);
    expect.soft(missing, 'declared on World but not functions on the instance').toEqual([]);
    const problems: string[] = [];
    // advance first (so observation() etc. describe a later instant), delete last.
    const order = [...worldMembers].sort((a, b) => Number(b.name === 'advance') - Number(a.name === 'advance'));
    order.push(...order.splice(order.findIndex((m) => m.name === 'delete'), 1));
    for (const m of order) {
      const fn = record[m.name];
      if (typeof fn !== 'function') continue;
      const args = m.params.map(() => 1000);
      problems.push(...check(Reflect.apply(fn, w, args), m.type, `world.${m.name}(${args.join(', ')})`));
    }
    expect(problems).toEqual([]);
    for (const name of ['Observation', 'Theory', 'EngineStats', 'EventLog']) expect(reached).toContain(name);
  });

  it('every embind method of World is declared (no undocumented members)', () => {
    const declared = new Set(worldMembers.map((m) => m.name));
    const proto = Object.getPrototypeOf(world) as object;
    const runtime = Object.getOwnPropertyNames(proto).filter((k) => !EMBIND_BUILTINS.has(k));
    expect.soft(runtime.filter((k) => !declared.has(k)), 'bound but not declared').toEqual([]);
    expect(runtime.length).toBe(worldMembers.filter((m) => !EMBIND_BUILTINS.has(m.name)).length);
  });

  it('the typed-array methods have the documented lengths', () => {
    const n = world.count();
    expect(world.positions().length).toBe(2 * n);
    expect(world.velocities().length).toBe(2 * n);
    expect(world.radii().length).toBe(n);
    expect(world.masses().length).toBe(n);
    expect(world.spins().length).toBe(n);
    expect(world.walls().length).toBe(4 * 4); // the box: four walls
    expect(world.histogram().length).toBe(40); // output.histogramBins default
  });
});

describe('granular-wasm.d.ts: SoftWorld against the real module', () => {
  let mod: GranularModule;

  beforeAll(async () => {
    mod = await loadGranular();
  });

  it('every SoftWorld method exists and returns its declared kind', () => {
    const w = new mod.SoftWorld(readRepoFile('scenarios/soft-head-on.json'));
    expect(w.ok(), w.report()).toBe(true);
    const record = w as unknown as Record<string, unknown>;
    expect.soft(softMembers.filter((m) => typeof record[m.name] !== 'function').map((m) => m.name)).toEqual([]);
    const problems: string[] = [];
    // advance first (through the impact, so loop(0) is a real loop), delete last.
    const order = [...softMembers].sort((a, b) => Number(b.name === 'advance') - Number(a.name === 'advance'));
    order.push(...order.splice(order.findIndex((m) => m.name === 'delete'), 1));
    for (let k = 0; k < 400; ++k) w.advance(100000);
    for (const m of order) {
      const fn = record[m.name];
      if (typeof fn !== 'function') continue;
      const args = m.name === 'loop' ? [0] : m.name === 'recordHysteresis' ? [-1, 0] : m.params.map(() => 1000);
      problems.push(...check(Reflect.apply(fn, w, args), m.type, `softWorld.${m.name}(${args.join(', ')})`));
    }
    expect(problems).toEqual([]);
    for (const name of ['SoftLedger', 'SoftStats', 'Momentum', 'SoftDomain', 'HysteresisLoop']) expect(reached).toContain(name);
  });

  it('every embind method of SoftWorld is declared, and views have the documented lengths', () => {
    const w = new mod.SoftWorld(readRepoFile('scenarios/soft-box.json'));
    const declared = new Set(softMembers.map((m) => m.name));
    const runtime = Object.getOwnPropertyNames(Object.getPrototypeOf(w) as object).filter((k) => !EMBIND_BUILTINS.has(k));
    expect.soft(runtime.filter((k) => !declared.has(k)), 'bound but not declared').toEqual([]);
    expect(runtime.length).toBe(softMembers.filter((m) => !EMBIND_BUILTINS.has(m.name)).length);
    const n = w.count();
    expect(n).toBe(4);
    expect(w.coordinates().length).toBe(6 * n);
    expect(w.observers().length).toBe(2 * n);
    expect(w.radii().length).toBe(n);
    expect(w.observerMasses().length).toBe(n);
    expect(w.loop(-1)).toBeNull();
    w.delete();
  });
});

describe('granular-wasm.d.ts: AvalancheWorld against the real module', () => {
  let mod: GranularModule;

  beforeAll(async () => {
    mod = await loadGranular();
  });

  it('every AvalancheWorld method exists and returns its declared kind', () => {
    const w = new mod.AvalancheWorld(readRepoFile('scenarios/avalanche-column.json'));
    expect(w.ok(), w.report()).toBe(true);
    const record = w as unknown as Record<string, unknown>;
    expect.soft(avalancheMembers.filter((m) => typeof record[m.name] !== 'function').map((m) => m.name)).toEqual([]);
    // through the gate's opening and a few outputs, so samples and contacts are real
    for (let k = 0; k < 5; ++k) w.advance(1e6);
    expect(w.phase()).toBe(1);
    const problems: string[] = [];
    const order = [...avalancheMembers];
    order.push(...order.splice(order.findIndex((m) => m.name === 'delete'), 1));
    for (const m of order) {
      const fn = record[m.name];
      if (typeof fn !== 'function') continue;
      const args = m.name === 'samples' ? [0] : m.params.map(() => 1);
      problems.push(...check(Reflect.apply(fn, w, args), m.type, `avalancheWorld.${m.name}(${args.join(', ')})`));
    }
    expect(problems).toEqual([]);
    for (const name of ['AvalancheSamples', 'AvalancheSummary']) expect(reached).toContain(name);
  });

  it('every embind method of AvalancheWorld is declared, and views have the documented lengths', () => {
    const w = new mod.AvalancheWorld(readRepoFile('scenarios/avalanche-column.json'));
    const declared = new Set(avalancheMembers.map((m) => m.name));
    const runtime = Object.getOwnPropertyNames(Object.getPrototypeOf(w) as object).filter((k) => !EMBIND_BUILTINS.has(k));
    expect.soft(runtime.filter((k) => !declared.has(k)), 'bound but not declared').toEqual([]);
    expect(runtime.length).toBe(avalancheMembers.filter((m) => !EMBIND_BUILTINS.has(m.name)).length);
    const n = w.bodies();
    expect(w.grains()).toBe(128);
    expect(n).toBeGreaterThan(w.grains());
    expect(w.positions().length).toBe(2 * n);
    expect(w.velocities().length).toBe(2 * n);
    expect(w.angles().length).toBe(n);
    expect(w.spins().length).toBe(n);
    expect(w.radii().length).toBe(n);
    expect(w.walls().length).toBe(4 * 2); // the left wall and the gate
    w.advance(1e6);
    expect(w.walls().length).toBe(4); // the gate opened
    expect(w.contactLines().length % 5).toBe(0);
    expect(w.contactLines().length).toBeGreaterThan(5 * w.grains());
    w.delete();
  });
});

describe('granular-wasm.d.ts: CompareWorld against the real module', () => {
  let mod: GranularModule;

  beforeAll(async () => {
    mod = await loadGranular();
  });

  it('every CompareWorld method exists and returns its declared kind', () => {
    const w = new mod.CompareWorld(readRepoFile('scenarios/compare-pile.json'));
    expect(w.ok(), w.report()).toBe(true);
    const record = w as unknown as Record<string, unknown>;
    expect.soft(compareMembers.filter((m) => typeof record[m.name] !== 'function').map((m) => m.name)).toEqual([]);
    // a few output instants, so samples and statuses are real
    for (let k = 0; k < 5; ++k) w.advance(1e6);
    expect(w.outputIndex()).toBe(5);
    const problems: string[] = [];
    const order = [...compareMembers];
    order.push(...order.splice(order.findIndex((m) => m.name === 'delete'), 1));
    for (const m of order) {
      const fn = record[m.name];
      if (typeof fn !== 'function') continue;
      const args = m.name === 'samples' ? [0] : m.params.map(() => 1);
      problems.push(...check(Reflect.apply(fn, w, args), m.type, `compareWorld.${m.name}(${args.join(', ')})`));
    }
    expect(problems).toEqual([]);
    for (const name of ['CompareSamples', 'CompareEngineStatus']) expect(reached).toContain(name);
  });

  it('every embind method of CompareWorld is declared, and views have the documented lengths', () => {
    const w = new mod.CompareWorld(readRepoFile('scenarios/compare-row.json'));
    const declared = new Set(compareMembers.map((m) => m.name));
    const runtime = Object.getOwnPropertyNames(Object.getPrototypeOf(w) as object).filter((k) => !EMBIND_BUILTINS.has(k));
    expect.soft(runtime.filter((k) => !declared.has(k)), 'bound but not declared').toEqual([]);
    expect(runtime.length).toBe(compareMembers.filter((m) => !EMBIND_BUILTINS.has(m.name)).length);
    const n = w.count();
    expect(n).toBe(4);
    for (const k of [0, 1, 2]) {
      expect(w.positions(k).length).toBe(2 * n);
      expect(w.velocities(k).length).toBe(2 * n);
    }
    expect(w.positions(3).length).toBe(0); // no such engine: an empty view
    expect(w.radii().length).toBe(n);
    expect(w.walls().length).toBe(0); // the row has no walls to draw
    expect(w.region().length).toBe(4);
    w.advance(1e6);
    const s = w.samples(0);
    expect(s.time.length).toBe(2);
    expect(s.kinetic.length).toBe(3 * 2);
    expect(s.velocities.length).toBe(2 * 3 * 2 * n);
    expect(w.engineScenario(0)).toContain('"engine":"event"');
    expect(w.engineScenario(1)).toContain('"engine":"soft"');
    expect(w.engineScenario(2)).toContain('"timeStep"');
    w.delete();
  });
});

