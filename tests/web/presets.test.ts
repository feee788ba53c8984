import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScenarioFamily } from '../../web/src/ui/family';
import { bundledPresets, DEFAULT_PRESET_ID, presetsFromFiles } from '../../web/src/ui/presets';

const SCENARIOS = path.resolve(__dirname, '..', '..', 'scenarios');

/** the ids of the files in scenarios/ of one family, read from their "engine" (none or "event": the gas) */
function filesOf(family: ScenarioFamily): string[] {
  return readdirSync(SCENARIOS)
    .filter((f) => f.endsWith('.json'))
    .filter((f) => {
      const engine = (JSON.parse(readFileSync(path.join(SCENARIOS, f), 'utf8')) as { engine?: string }).engine ?? 'event';
      return (engine === 'event' ? 'gas' : engine) === family;
    })
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

describe('presets', () => {
  it('lists the default first, then by name, with names from the files', () => {
    const presets = presetsFromFiles({
      '/scenarios/vibrated-bed.json': '{"schema":1,"name":"Vibrated bed"}',
      '/scenarios/broken.json': '{',
      [`/scenarios/${DEFAULT_PRESET_ID}.json`]: '{"schema":1,"name":"Gas cooling"}',
      '/scenarios/a-elastic.json': '{"schema":1,"name":"Elastic gas"}',
    });
    expect(presets.map((p) => p.id)).toEqual([DEFAULT_PRESET_ID, 'broken', 'a-elastic', 'vibrated-bed']);
    expect(presets.map((p) => p.name)).toEqual(['Gas cooling', 'broken', 'Elastic gas', 'Vibrated bed']);
  });

  it('bundles the files in /scenarios, each valid JSON with schema 1', () => {
    expect(bundledPresets()).toHaveLength(filesOf('gas').length); // the gas page's, by default
    for (const family of ['gas', 'soft', 'avalanche', 'compare'] as const) {
      // every file of the family, none missing (else the loop below checks fewer, or nothing)
      const presets = bundledPresets(family);
      expect(filesOf(family).length, family).toBeGreaterThan(0);
      expect(presets.map((p) => p.id).sort(), family).toEqual(filesOf(family));
      for (const preset of presets) {
        const parsed = JSON.parse(preset.json) as { schema?: unknown };
        expect(parsed.schema, preset.id).toBe(1);
      }
    }
  });
});
