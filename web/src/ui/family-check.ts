/**
 * Checks a scenario of another family before its page is opened with it (a pasted or uploaded
 * scenario goes to its own page): the same validator that page's engine runs, from the same
 * WebAssembly module, loaded on this page only when such a scenario arrives. An invalid one then
 * stays here with its errors named, instead of opening a page that falls back to its default.
 */
import type { GranularModule } from '../sim/granular-wasm';
import { parseValidationReport, type ValidationError } from '../sim/scenario';
import { VALIDATORS } from '../sim/validators';
import { pageWhat, pageFile, type ScenarioFamily } from './family';

let module: Promise<GranularModule> | null = null;

/**
 * The errors `family`'s engine finds in `json`, led by one that says whose scenario it is and why
 * it was not opened there; [] when it is valid (or when the engine could not be loaded here: the
 * other page then reports what it finds, as before).
 */
export async function problemsForFamily(json: string, family: ScenarioFamily): Promise<ValidationError[]> {
  try {
    module ??= import('../sim/engine-loader').then((m) => m.loadGranularModule());
    const report = parseValidationReport(VALIDATORS[family](await module, json));
    if (report.ok) return [];
    const lead = `This is ${pageWhat(family)}, which runs on ${pageFile(family)}; it was not opened there because it is not valid:`;
    return [{ path: '', value: '', message: lead, text: lead }, ...report.errors];
  } catch {
    module = null;
    return [];
  }
}
