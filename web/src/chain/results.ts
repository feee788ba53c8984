/**
 * The chain engine's JSON answers (chainRun, chainMonteCarlo, chainNewton in granular-wasm.d.ts),
 * parsed into typed objects (pure). Missing or mistyped fields become NaN / '' / [] rather than
 * throwing, so a malformed answer shows as a readable message instead of a crash.
 */
import { runCsvColumns, type CsvFile, type RunId } from './run-export';
import { thresholdText } from './theory';

/**
 * One entry of the log: a collision of the pair (k, k+1), 0-based, or the merge of an inelastic
 * collapse (pair −1, `merge` the group's first and last sphere); every sphere right after it.
 */
export interface ChainCollision {
  /** s */
  time: number;
  /** spheres pair and pair + 1, 0-based; −1 for a merge */
  pair: number;
  /** a merge: the collapsing group's first and last sphere, 0-based; null for a collision */
  merge: [number, number] | null;
  /** centre positions at the collision, m */
  position: number[];
  /** velocities right after the collision, m/s */
  velocity: number[];
}

export interface ChainRun {
  ok: boolean;
  /** "double" or "double-double" */
  precision: string;
  collisions: number;
  collapsed: boolean;
  truncated: boolean;
  message: string;
  /** time of the last collision (or of the collapse), s */
  endTime: number;
  /** m/s */
  finalVelocity: number[];
  /** m */
  finalPosition: number[];
  /** the first maxLog collisions */
  log: ChainCollision[];
}

export interface MonteCarloResult {
  samples: number;
  /** m/s */
  mean: number;
  /** m/s */
  sd: number;
  /** 95 % confidence interval of the mean, m/s */
  ciLow: number;
  ciHigh: number;
  /** v_N of every sample, m/s */
  values: number[];
  /** e of every sample (the Gaussian draw clamped to [0, 1]), in the order of `values` */
  restitution: number[];
}

export interface NewtonStep {
  e: number;
  /** v_N(e) − target, m/s */
  residual: number;
  /** this iterate came from a bisection step (Newton's step left the bracket) */
  bisection: boolean;
}

export interface NewtonResult {
  e: number;
  converged: boolean;
  steps: NewtonStep[];
}

type Obj = Record<string, unknown>;

function asObject(value: unknown): Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};
}
function parseText(text: string): Obj {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return {};
  }
}
const num = (o: Obj, k: string): number => (typeof o[k] === 'number' ? (o[k] as number) : NaN);
const bool = (o: Obj, k: string): boolean => o[k] === true;
const str = (o: Obj, k: string): string => (typeof o[k] === 'string' ? (o[k] as string) : '');
const numbers = (o: Obj, k: string): number[] => {
  const a = o[k];
  return Array.isArray(a) ? a.map((x) => (typeof x === 'number' ? x : NaN)) : [];
};

export function parseChainRun(text: string): ChainRun {
  const o = parseText(text);
  const rawLog = Array.isArray(o['log']) ? (o['log'] as unknown[]) : [];
  return {
    ok: bool(o, 'ok'),
    precision: str(o, 'precision'),
    collisions: num(o, 'collisions'),
    collapsed: bool(o, 'collapsed'),
    truncated: bool(o, 'truncated'),
    message: str(o, 'message'),
    endTime: num(o, 'endTime'),
    finalVelocity: numbers(o, 'finalVelocity'),
    finalPosition: numbers(o, 'finalPosition'),
    log: rawLog.map((entry) => {
      const c = asObject(entry);
      const group = numbers(c, 'merge');
      const merge: [number, number] | null = group.length === 2 ? [group[0]!, group[1]!] : null;
      return { time: num(c, 'time'), pair: merge ? -1 : num(c, 'pair'), merge, position: numbers(c, 'position'), velocity: numbers(c, 'velocity') };
    }),
  };
}

/** chainMonteCarloRange's answer: samples from .. from + values.length - 1, their v_N and e. */
export function parseMonteCarloRange(text: string): { from: number; values: number[]; restitution: number[] } {
  const o = parseText(text);
  return { from: num(o, 'from'), values: numbers(o, 'values'), restitution: numbers(o, 'restitution') };
}

/**
 * Mean, standard deviation (K − 1) and 95 % interval of the mean, with the C++ summary's operations
 * in its order (core/src/engines/chain/chain.cpp, summarize): IEEE doubles give the same bits, so
 * chunked sampling reports exactly what chainMonteCarlo and `granular-cli chain-mc` report.
 */
export function summarizeSamples(values: number[], restitution: number[]): MonteCarloResult {
  const k = values.length;
  let sum = 0;
  for (const x of values) sum += x;
  const mean = k ? sum / k : 0;
  let ss = 0;
  for (const x of values) ss += (x - mean) * (x - mean);
  const sd = k > 1 ? Math.sqrt(ss / (k - 1)) : 0;
  const half = k ? (1.959963984540054 * sd) / Math.sqrt(k) : 0;
  return { samples: k, mean, sd, ciLow: mean - half, ciHigh: mean + half, values, restitution };
}

/** The sample CSV of a Monte Carlo run (`id`): each sample's number, its e and its v4. */
export function monteCarloSamplesCsv(a: MonteCarloResult, id: RunId): CsvFile {
  return runCsvColumns(id, 'samples', ['sample', 'e (1)', 'v4 (m/s)'], [a.values.map((_, k) => k + 1), a.restitution, a.values]);
}

export function parseMonteCarlo(text: string): MonteCarloResult {
  const o = parseText(text);
  return {
    samples: num(o, 'samples'),
    mean: num(o, 'mean'),
    sd: num(o, 'sd'),
    ciLow: num(o, 'ciLow'),
    ciHigh: num(o, 'ciHigh'),
    values: numbers(o, 'values'),
    restitution: numbers(o, 'restitution'),
  };
}

export function parseNewton(text: string): NewtonResult {
  const o = parseText(text);
  const raw = Array.isArray(o['steps']) ? (o['steps'] as unknown[]) : [];
  return {
    e: num(o, 'e'),
    converged: bool(o, 'converged'),
    steps: raw.map((s) => {
      const step = asObject(s);
      return { e: num(step, 'e'), residual: num(step, 'residual'), bisection: bool(step, 'bisection') };
    }),
  };
}

/**
 * Panel (a)'s result line for a run: the count and the precision, then the collapse / truncation
 * message, "No collisions" or the time of the last one, and near e_c (of the standard row of
 * three or four spheres only, `ec` null otherwise) what happens there.
 */
export function runSummary(run: ChainRun, e: number, ec: number | null, format: (v: number) => string): string {
  const precision = run.precision === 'double-double' ? 'extended precision (double-double)' : 'double precision';
  const parts = [`${run.collisions.toLocaleString('en-US')} collision${run.collisions === 1 ? '' : 's'}, computed in ${precision}.`];
  if (run.collapsed || run.truncated) parts.push(`${run.message.charAt(0).toUpperCase()}${run.message.slice(1)}.`);
  else if (run.collisions === 0) parts.push('No sphere meets another: every sphere keeps its initial velocity.');
  else parts.push(`Last collision at t = ${format(run.endTime)} s.`);
  if (ec !== null && Math.abs(e - ec) < 0.0015) {
    parts.push(`Close to e_c ≈ ${thresholdText(ec)}: collision times accumulate; below e_c the row collapses (declared when the times fall below the precision's resolution).`);
  }
  return parts.join(' ');
}

/** Human name of a pair: 0 -> "1–2" (spheres are numbered from 1 on the page). */
export function pairName(pair: number): string {
  return `${pair + 1}–${pair + 2}`;
}

/** What a log entry was: the pair that collided ("1–2"), or a collapse's merge ("1–3 merge"). */
export function entryName(c: ChainCollision): string {
  return c.merge ? `${c.merge[0] + 1}–${c.merge[1] + 1} merge` : pairName(c.pair);
}

/**
 * The collision numbers of the log's entries: 1, 2, … for collisions, null for merges (a merge is
 * not a collision: the engine counts collisions only).
 */
export function collisionNumbers(log: readonly ChainCollision[]): (number | null)[] {
  let n = 0;
  return log.map((c) => (c.merge ? null : ++n));
}
