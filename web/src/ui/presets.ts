/** The preset scenarios: the JSON files in /scenarios (the one copy shared with C++ and the CLI). */
import { isJsonObject } from '../sim/scenario';
import { scenarioFamilyOf, type ScenarioFamily } from './family';

export const DEFAULT_PRESET_ID = 'gas-cooling';
export const DEFAULT_SOFT_PRESET_ID = 'soft-box';
export const DEFAULT_AVALANCHE_PRESET_ID = 'avalanche-column';
export const DEFAULT_COMPARE_PRESET_ID = 'compare-row';

export interface Preset {
  /** file name without .json, e.g. "gas-cooling" */
  id: string;
  /** the scenario's name field, or the id */
  name: string;
  /** the file's text */
  json: string;
  /** which page runs it ("engine": "soft" -> soft, "avalanche" -> avalanche, "compare" -> compare) */
  family: ScenarioFamily;
}

/** Builds the preset list from file path -> text; the default first, then by name. */
export function presetsFromFiles(files: Readonly<Record<string, string>>, defaultId = DEFAULT_PRESET_ID): Preset[] {
  const presets: Preset[] = [];
  for (const [path, json] of Object.entries(files)) {
    const id = (path.split('/').pop() ?? path).replace(/\.json$/i, '');
    let name = id;
    try {
      const parsed: unknown = JSON.parse(json);
      if (isJsonObject(parsed) && typeof parsed['name'] === 'string' && parsed['name'] !== '') name = parsed['name'];
    } catch {
      // a broken preset is still listed: loading it shows the parse error
    }
    presets.push({ id, name, json, family: scenarioFamilyOf(json) });
  }
  presets.sort((a, b) => {
    if (a.id === defaultId) return -1;
    if (b.id === defaultId) return 1;
    return a.name.localeCompare(b.name);
  });
  return presets;
}

/** The presets of one family, its default first. */
export function presetsOfFamily(files: Readonly<Record<string, string>>, family: ScenarioFamily): Preset[] {
  const defaultId =
    family === 'soft'
      ? DEFAULT_SOFT_PRESET_ID
      : family === 'avalanche'
        ? DEFAULT_AVALANCHE_PRESET_ID
        : family === 'compare'
          ? DEFAULT_COMPARE_PRESET_ID
          : DEFAULT_PRESET_ID;
  return presetsFromFiles(files, defaultId).filter((p) => p.family === family);
}

/** The presets bundled with the page (Vite inlines the files at build time), of one family. */
export function bundledPresets(family: ScenarioFamily = 'gas'): Preset[] {
  const files = import.meta.glob<string>('/scenarios/*.json', { query: '?raw', import: 'default', eager: true });
  return presetsOfFamily(files, family);
}
