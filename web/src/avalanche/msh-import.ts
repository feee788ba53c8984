/**
 * Gmsh import in the scenario panel: a .msh file's line elements become boundary.segments of the
 * loaded scenario, which is applied at once (drawn on the canvas as boundary lines) unless they all
 * lie where no grain goes. How many segments were read, or why the file was refused, is shown next
 * to the field.
 */
// the example for the import: the dam of the preset "A dam protects the village" (scenarios/avalanche-dam.geo is its source)
import exampleMeshUrl from '/scenarios/avalanche-dam.msh?url';
import { cloneJson, numberAt, type JsonObject } from '../sim/scenario';
import { el } from '../ui/dom';
import type { MshAnswer } from './protocol';
import { outOfReach, reachableRegion } from './view-range';

export interface MshImportHandlers {
  /** the scenario now loaded (the segments go into a copy of it), or null before the first load */
  current(): JsonObject | null;
  /** parse the file's text in the worker */
  read(text: string, answer: (a: MshAnswer) => void): void;
  /** apply the scenario with the new segments */
  apply(json: string): void;
  /** the scenario to apply, `next` made from `base`: marked "(edited)" unless it is `base`'s origin again (ScenarioPanel.edited) */
  edited(base: JsonObject, next: JsonObject): JsonObject;
  /** take the panel's "Not applied" list of a refused file away: a later file is being read */
  withdrawRefusal(): void;
}

/** The scenario with its boundary segments replaced (pure). */
export function withSegments(scenario: JsonObject, segments: readonly number[][]): JsonObject {
  const out = cloneJson(scenario);
  out['boundary'] = { segments: segments.map((s) => [...s]) };
  return out;
}

/**
 * How many of `segments` ([x1, y1, x2, y2], m) lie wholly where no grain goes (reachableRegion):
 * left of the wall (x < 0), past the floor's end, under the floor (y < 0) or above twice the
 * column's height. A file drawn in millimetres, or around another origin, reads without error but
 * changes nothing: when all its segments lie there it is not applied (MshImport.read).
 */
export function segmentsAway(segments: readonly number[][], floorLength: number, columnHeight: number): number {
  const region = reachableRegion(floorLength, columnHeight);
  return segments.filter((s) => outOfReach(s, region)).length;
}

/**
 * Why a file whose segments ALL lie out of reach is not applied: it changed nothing the grains
 * meet, and its far ends stretched the view (a dam drawn in millimetres, 370 m wide with the
 * column a speck). Millimetres are named, and said to fit when a thousandth of the file would.
 */
export function allAwayText(segments: readonly number[][], floorLength: number, columnHeight: number): string {
  const region = reachableRegion(floorLength, columnHeight);
  const n = segments.length;
  const which = n === 1 ? 'its segment lies' : `all ${n} of its segments lie`;
  const inMetres = segments.map((s) => s.map((v) => v / 1000));
  const mm = segmentsAway(inMetres, floorLength, columnHeight) < n ? ` Read as millimetres, ${n === 1 ? 'it would lie' : 'they would lie'} within it.` : '';
  return `not applied: ${which} wholly outside the region the grains can reach (x from ${region.minX} to ${region.maxX} m, y from ${region.minY} to ${region.maxY} m). `
    + `Is the file in millimetres? It must be in metres, with the wall at x = 0 and the floor at y = 0.${mm}`;
}

export class MshImport {
  readonly root: HTMLElement;
  private readonly note = el('p', { class: 'hint', id: 'msh-note', 'aria-live': 'polite' });
  private readonly error = el('p', { class: 'field-error', id: 'err-msh', hidden: true });
  private readonly clear = el('button', { type: 'button', id: 'msh-clear' }, 'Remove segments');
  private readonly input: HTMLInputElement;
  /** what the last import said, shown once more when its scenario is loaded */
  private lastRead: string | null = null;
  /** the file whose segments were sent to the engine and not yet loaded or refused */
  private applying: string | null = null;
  /** the reads started: a read with another after it says nothing and applies nothing */
  private reads = 0;
  /** the panel lists why this import's last file was refused (and nothing else since) */
  private refusalListed = false;

  constructor(private readonly handlers: MshImportHandlers) {
    const input = (this.input = el('input', { type: 'file', id: 'msh-file', accept: '.msh', class: 'visually-hidden', 'aria-describedby': 'msh-note err-msh' }));
    const label = el('label', { for: 'msh-file', class: 'button-like' }, 'Import Gmsh .msh…');
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (!file) return;
      void file.text().then((text) => {
        input.value = '';
        this.read(file.name, text);
      });
    });
    this.clear.addEventListener('click', () => {
      const scenario = this.handlers.current();
      if (scenario) this.handlers.apply(JSON.stringify(this.handlers.edited(scenario, withSegments(scenario, []))));
    });
    this.root = el(
      'fieldset', { class: 'group group-boundary', id: 'msh-import' },
      el('legend', {}, 'Boundary (custom slopes)'),
      el(
        'p', { class: 'hint' },
        '2D Gmsh file: its points and line elements become boundary segments (m), added to the floor and the walls. Example: ',
        el('a', { href: exampleMeshUrl, download: 'avalanche-dam.msh', id: 'msh-example' }, 'avalanche-dam.msh'),
        ', a dam 10 cm high from x = 0.25 to 0.37 m (the preset \u201cA dam protects the village\u201d).',
      ),
      el('div', { class: 'form-actions' }, input, label, this.clear),
      this.note,
      this.error,
    );
  }

  /** a scenario was loaded: say how many segments it has */
  show(scenario: JsonObject): void {
    const boundary = scenario['boundary'];
    const list = boundary && typeof boundary === 'object' && !Array.isArray(boundary) ? boundary['segments'] : undefined;
    const n = Array.isArray(list) ? list.length : 0;
    // the button that removed the segments goes away: the keyboard's focus goes to the import next to it, not to the page
    if (n === 0 && document.activeElement === this.clear) this.input.focus();
    this.clear.hidden = n === 0;
    // after a refused file too: 'The scenario was not changed.' is no longer so once another is loaded
    this.note.textContent = this.lastRead ?? (n === 0 ? 'No extra boundary segments.' : `${n} boundary segment${n === 1 ? '' : 's'} in the scenario.`);
    this.lastRead = null;
    this.applying = null;
    this.refusalListed = false; // the panel cleared its lists for the scenario loaded
  }

  /**
   * The engine turned down a scenario applied on the page. If it was the one with the imported
   * segments (`fromImport`; `reasons`, e.g. a point beyond ±1e4 m or a segment through the column),
   * the note no longer says they were read as if applied, and the next scenario loaded says its own
   * segments, not this file's. Any other refusal now fills the panel's lists instead.
   */
  refused(reasons: string, fromImport: boolean): void {
    const name = fromImport ? this.applying : null;
    this.refusalListed = name !== null;
    if (name === null) return;
    this.applying = null;
    this.lastRead = null;
    this.error.textContent = `${name}: its segments were not applied: ${reasons}`;
    this.error.hidden = false;
    this.note.textContent = 'The scenario was not changed.';
  }

  read(name: string, text: string): void {
    const read = ++this.reads;
    this.applying = null;
    this.error.hidden = true;
    // the earlier file's refusal, listed under Apply too, is not about this file
    if (this.refusalListed) this.handlers.withdrawRefusal();
    this.refusalListed = false;
    this.note.textContent = `Reading ${name}…`;
    this.handlers.read(text, (answer) => {
      // a file picked while this one was read (a large file takes a while) has taken its place
      if (read !== this.reads) return;
      if (!answer.ok || answer.segments.length === 0) {
        this.error.textContent = `${name}: ${answer.ok ? 'the file has no line elements' : answer.message || 'not a 2D Gmsh file'}`;
        this.error.hidden = false;
        this.note.textContent = 'The scenario was not changed.';
        return;
      }
      const scenario = this.handlers.current();
      if (!scenario) return;
      const n = answer.segments.length;
      const floor = numberAt(scenario, 'floor.length', 1);
      const height = numberAt(scenario, 'column.height', 0.2);
      const away = segmentsAway(answer.segments, floor, height);
      if (away === n) {
        // nothing the grains meet would change, and the view would stretch to the far segments: the scenario and its run stay
        this.error.textContent = `${name}: ${allAwayText(answer.segments, floor, height)}`;
        this.error.hidden = false;
        this.note.textContent = 'The scenario was not changed.';
        return;
      }
      const region = reachableRegion(floor, height);
      const where = away === 0 ? '' : ` ${away} of them lie${away === 1 ? 's' : ''} wholly outside the region the grains can reach (x from ${region.minX} to ${region.maxX} m, y from ${region.minY} to ${region.maxY} m): is the file in metres, with the wall at x = 0 and the floor at y = 0?`;
      this.lastRead = `${n} segment${n === 1 ? '' : 's'} read from ${name}.${where}`;
      this.note.textContent = this.lastRead;
      this.applying = name;
      this.handlers.apply(JSON.stringify(this.handlers.edited(scenario, withSegments(scenario, answer.segments))));
    });
  }
}
