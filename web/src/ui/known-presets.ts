/**
 * A page's bundled presets and what its engine made of each (defaults filled in): which one a
 * loaded scenario is exactly, so that its exports are named as that preset rather than with a hash.
 * The scenario source asks the engine for those a scenario may be (a link's, pasted JSON, a file,
 * a scenario an embedding page sent) and the panel's menu and form use what it learned; an embedded
 * page, which has no panel, names its runs from it the same way.
 */
import { isJsonObject, type JsonObject } from '../sim/scenario';
import type { Preset } from './presets';
import { sameScenario } from './scenario-form';

export class KnownPresets {
  /** each preset loaded so far, or normalized on request (toLearn), as the engine read it, by its id */
  private readonly normalized = new Map<string, JsonObject>();
  /** the presets asked of the engine (toLearn) and not answered yet */
  private readonly learning = new Set<string>();

  constructor(readonly presets: readonly Preset[]) {}

  /** The preset (one known as the engine read it) that is exactly `scenario`, name and notes too, or null. */
  matching(scenario: JsonObject): string | null {
    for (const [id, preset] of this.normalized) {
      if (preset['name'] === scenario['name'] && sameScenario(preset, scenario, true)) return id;
    }
    return null;
  }

  /** the presets known as the engine read them */
  known(): IterableIterator<JsonObject> {
    return this.normalized.values();
  }

  /**
   * The bundled presets `scenario` may be, not known as the engine reads them yet nor asked for:
   * those of its name (a preset's name is kept by an unchanged form; an edited one's ends in
   * "(edited)"). The caller has the engine normalize each and passes it to learned; each is taken
   * as asked for until then.
   */
  toLearn(scenario: JsonObject): Preset[] {
    const found = this.presets.filter((p) => p.name === scenario['name'] && !this.normalized.has(p.id) && !this.learning.has(p.id));
    for (const p of found) this.learning.add(p.id);
    return found;
  }

  /**
   * toLearn for a scenario's text before the engine has read it (a link, pasted JSON, a file):
   * parsed only when it holds a bundled preset's name as a JSON string, so that large scenarios of
   * other names are not read twice on the main thread.
   */
  toLearnIn(json: string): Preset[] {
    if (!this.presets.some((p) => json.includes(JSON.stringify(p.name)))) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      return [];
    }
    return isJsonObject(parsed) ? this.toLearn(parsed) : [];
  }

  /** The engine's answer for a preset asked for (null: it could not read it); true when it is known from now on. */
  learned(id: string, scenario: JsonObject | null): boolean {
    this.learning.delete(id);
    if (scenario === null || this.normalized.has(id)) return false;
    this.normalized.set(id, scenario);
    return true;
  }

  /** A preset as loaded (chosen from the menu, the page's default), as the engine read it. */
  loaded(id: string, scenario: JsonObject): void {
    this.normalized.set(id, scenario);
  }
}
