/**
 * What it takes to reproduce a result, shown under every plot: scenario, seed, engine, precision,
 * engine version and the share link. The page sets it on every load (a page-level provider); the
 * plots follow it. Also the file names of everything a page exports. Pure apart from the listeners.
 */
import { getPath, type JsonObject } from '../sim/scenario';
import type { ScenarioFamily } from './family';

export interface ReproduceInfo {
  /** the scenario's name ('' when it has none) */
  scenario: string;
  seed: number | null;
  /** e.g. "event", "soft dopri5", "avalanche gauss-seidel", "chain" */
  engine: string;
  /** arithmetic of the engine, e.g. "double", "double-double" */
  precision: string;
  /** the engine's version() */
  version: string;
  /** the share link of this scenario (null until known) */
  link: string | null;
  /**
   * A shortHash of the scenario's canonical JSON (as the engine normalized it) when the scenario is
   * not a preset exactly (edited in the form, pasted, from a file or a link): every scenario the form
   * changed is "… (edited)", so its exports' file names and CSV headers carry this too (runStem,
   * runSubject). Null for a preset, the page's default and a page without scenarios.
   */
  variant: string | null;
}

export const EMPTY_REPRODUCE: ReproduceInfo = { scenario: '', seed: null, engine: '', precision: 'double', version: '', link: null, variant: null };

/**
 * What made a run's numbers, as the reproduce line names it: the engine with its arithmetic and the
 * lab's version (the engine's version()), ["engine event (double)", "Granular Lab 0.1.0"]. The line
 * under a picture and every CSV's headers (runSubject, withEngineVersion) take them from here, so a
 * file read away from the page names the same engine and build as the picture beside it.
 */
function engineVersionParts(info: Pick<ReproduceInfo, 'engine' | 'precision' | 'version'>): string[] {
  const parts: string[] = [];
  if (info.engine !== '') parts.push(`engine ${info.engine}${info.precision !== '' ? ` (${info.precision})` : ''}`);
  if (info.version !== '') parts.push(`Granular Lab ${info.version}`);
  return parts;
}

/** The line's text, e.g. "Scenario “Cooling gas” · seed 1 · engine event (double) · Granular Lab 0.1.0". */
export function reproduceText(info: ReproduceInfo): string {
  const parts: string[] = [];
  parts.push(info.scenario !== '' ? `Scenario “${info.scenario}”` : 'Unnamed scenario');
  if (info.seed !== null) parts.push(`seed ${info.seed}`);
  parts.push(...engineVersionParts(info));
  return parts.join(' · ');
}

/**
 * A run's name in a CSV header followed by the engine and version that made it (engineVersionParts),
 * "N = 20, e = 0.5, engine chain (double), Granular Lab 0.1.0": the runs of the chain lab's panels
 * and the avalanche study, which name their inputs in their own words, carry them as runSubject does.
 */
export function withEngineVersion(subject: string, info: Pick<ReproduceInfo, 'engine' | 'precision' | 'version'>): string {
  return [subject, ...engineVersionParts(info)].filter((s) => s !== '').join(', ');
}

/** The engine as the reproduce line names it: the gas's engine, the soft integrator, the avalanche solver. */
export function engineText(family: ScenarioFamily, scenario: JsonObject): string {
  const text = (path: string): string => {
    const v = getPath(scenario, path);
    return typeof v === 'string' ? v : '';
  };
  if (family === 'soft') return ['soft', text('integrator.method')].filter((s) => s !== '').join(' ');
  if (family === 'avalanche') return ['avalanche', text('solver.method')].filter((s) => s !== '').join(' ');
  if (family === 'compare') {
    const h = getPath(scenario, 'nscd.timeStep');
    return `event-driven + soft Hunt–Crossley dopri5 + NSCD Moreau–Jean${typeof h === 'number' ? ` h = ${h} s` : ''}`;
  }
  return text('engine') || 'event';
}

/** name, seed and engine of a loaded (normalized) scenario */
export function scenarioReproduce(family: ScenarioFamily, scenario: JsonObject): Pick<ReproduceInfo, 'scenario' | 'seed' | 'engine'> {
  const name = scenario['name'];
  const seed = scenario['seed'];
  // the comparison's row, pair and cradle place their discs without the seed: "seed 1" named nothing
  const setup = scenario['setup'];
  const kind = typeof setup === 'object' && setup !== null && !Array.isArray(setup) ? (setup as JsonObject)['kind'] : undefined;
  const seeded = family !== 'compare' || kind === 'gas' || kind === 'pile';
  return {
    scenario: typeof name === 'string' ? name : '',
    seed: seeded && typeof seed === 'number' && Number.isFinite(seed) ? seed : null,
    engine: engineText(family, scenario),
  };
}

/** A name as a file-name stem: lower case, a–z 0–9 and single dashes, at most 60 characters. */
export function fileStem(name: string, fallback = 'scenario'): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return stem !== '' ? stem : fallback;
}

/**
 * The stem of a run's file names: the scenario's name, and the hash of an edited one (its variant),
 * "Column collapse (edited) 1f0c3a9e": two edited runs (μ = 0.3, then 0.8) were both
 * "column-collapse-edited-runout.csv".
 */
export function runStem(info: Pick<ReproduceInfo, 'scenario' | 'variant'>): string {
  return info.variant !== null ? `${info.scenario} ${info.variant}` : info.scenario;
}

/**
 * The run as a CSV's headers name it, in each column of values (chart-export's runHeaders, as the
 * chain lab's files name their inputs): the scenario, the hash of one that is not a preset, the seed,
 * and the engine and version as the picture's reproduce line names them (engineVersionParts),
 * "Cooling granular gas, seed 7, engine event (double), Granular Lab 0.1.0", "Column collapse
 * (edited) #1f0c3a9e, seed 1, engine avalanche gauss-seidel (double), Granular Lab 0.1.0": without
 * them a file read away from the page could not say which engine or build made its numbers. '' when
 * there is nothing to name.
 */
export function runSubject(info: ReproduceInfo): string {
  const name = info.scenario !== '' ? info.scenario : info.variant !== null ? 'Unnamed scenario' : '';
  const parts = [[name, info.variant !== null ? `#${info.variant}` : ''].filter((s) => s !== '').join(' ')];
  if (info.seed !== null) parts.push(`seed ${info.seed}`);
  return withEngineVersion(parts.filter((s) => s !== '').join(', '), info);
}

/** `<scenario>-<what>.<ext>`, e.g. "cooling-gas-energy.csv" */
export function exportFileName(scenario: string, what: string, ext: string): string {
  return `${fileStem(scenario)}-${fileStem(what, 'export')}.${ext}`;
}

/**
 * A text as 8 hex digits (FNV-1a, 32 bits, over its UTF-16 code units), for file names that must
 * tell apart runs whose inputs are too long for a name: a chain-lab custom row's lists (rowHash),
 * the avalanche study's fixed parameters, an edited scenario's JSON (ReproduceInfo's variant). The
 * same text always gives the same digits.
 */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) {
    h ^= text.charCodeAt(k);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** A local time stamp for file names: 2024-05-01T14-03-09 (no colons: they are not allowed everywhere). */
export function fileTimestamp(date: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}-${p(date.getMinutes())}-${p(date.getSeconds())}`;
}

type Listener = (info: ReproduceInfo) => void;

/** The page's current reproduce information; plots subscribe, the page sets it on every load. */
export class ReproduceContext {
  private info: ReproduceInfo = EMPTY_REPRODUCE;
  private readonly listeners = new Set<Listener>();

  get(): ReproduceInfo {
    return this.info;
  }

  set(update: Partial<ReproduceInfo>): void {
    this.info = { ...this.info, ...update };
    for (const listener of this.listeners) listener(this.info);
  }

  /** calls `listener` now and on every change; returns the unsubscribe function */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.info);
    return () => this.listeners.delete(listener);
  }
}

/** the one provider of the page */
export const reproduce = new ReproduceContext();
