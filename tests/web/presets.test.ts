import { describe, expect, it } from 'vitest';
import { bundledPresets, DEFAULT_PRESET_ID, presetsFromFiles } from '../../web/src/ui/presets';

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
    for (const preset of bundledPresets()) {
      const parsed = JSON.parse(preset.json) as { schema?: unknown };
      expect(parsed.schema, preset.id).toBe(1);
    }
  });
});
