/**
 * The plots' pickers: which pair's hysteresis loops, which discs and quantity vs time.
 * Pure logic lives in pairs.ts and coordinates.ts; this is the DOM.
 */
import type { HysteresisLoop } from '../sim/granular-wasm';
import { el } from '../ui/dom';
import { isQuantity, QUANTITIES, type Quantity } from './coordinates';
import { pairExists, pairKey, pairLabel, pairsWithLoops, parsePairKey, parsePairText, wallCount, type Pair } from './pairs';

/** most disc options listed in the coordinate picker */
const MAX_DISC_OPTIONS = 2000;

export class PairPicker {
  private readonly select: HTMLSelectElement;
  private readonly text: HTMLInputElement;
  private readonly textRow: HTMLElement;
  private readonly message: HTMLElement;
  private optionsKey = '';
  private count = 0;
  private domainKind = 'box';
  private chosen: Pair | null = null;
  private userChose = false;

  constructor(container: HTMLElement, private readonly onChange: (pair: Pair | null, record: boolean) => void) {
    this.select = el('select', { id: 'pair-select' });
    this.select.addEventListener('change', () => {
      this.chosen = parsePairKey(this.select.value);
      this.userChose = true;
      this.onChange(this.chosen, false);
    });
    this.text = el('input', { id: 'pair-text', type: 'text', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'pair-hint' });
    const record = el('button', { type: 'button', id: 'pair-record' }, 'Record');
    this.message = el('span', { class: 'hint', id: 'pair-hint' });
    record.addEventListener('click', () => this.recordTyped());
    this.text.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.recordTyped();
    });
    this.textRow = el('span', { class: 'picker-row' }, el('label', { for: 'pair-text' }, 'Pair'), this.text, record, this.message);
    container.replaceChildren(el('label', { for: 'pair-select' }, 'Pair'), this.select, this.textRow);
  }

  /**
   * A new run: every pair is recorded (list the pairs that had impacts) or only one typed in. A pair
   * the reader chose stays chosen when `keep` (Reset, Apply: the same scenario, edited) and the new
   * run has it; returns it when it is a typed pair to record, else null.
   */
  reset(count: number, domainKind: string, recordAll: boolean, keep: boolean): Pair | null {
    const previous = keep && this.userChose ? this.chosen : null;
    const kept = previous !== null && pairExists(previous, count, wallCount(domainKind)) ? previous : null;
    this.count = count;
    this.domainKind = domainKind;
    this.chosen = kept;
    this.userChose = kept !== null;
    this.optionsKey = '';
    this.select.replaceChildren(this.keptOption() ?? el('option', { value: '' }, 'no impact yet'));
    this.select.hidden = !recordAll;
    this.select.previousElementSibling?.toggleAttribute('hidden', !recordAll);
    this.textRow.hidden = recordAll;
    if (!recordAll && kept === null && count > 1) {
      this.chosen = { i: 0, other: 1 };
      this.text.value = '0-1';
    }
    this.message.textContent = recordAll
      ? ''
      : `too many discs to record every pair: type "i-j" (discs), "i-wK" (wall K)${domainKind === 'circle' ? ' or "i-wall"' : ''}, then Record`;
    if (!recordAll && kept !== null) {
      this.message.textContent = `recording ${pairLabel(kept, domainKind)} from now on`;
      return kept;
    }
    return null;
  }

  /** the option of a pair chosen before this run, while it has had no impact in this one */
  private keptOption(): HTMLOptionElement | null {
    return this.userChose && this.chosen
      ? el('option', { value: pairKey(this.chosen) }, `${pairLabel(this.chosen, this.domainKind)} (no impact yet)`)
      : null;
  }

  private recordTyped(): void {
    const pair = parsePairText(this.text.value, this.count, wallCount(this.domainKind));
    if (!pair) {
      this.message.textContent = `"${this.text.value}" is not a pair of this scenario (e.g. 0-1, 0-w2)`;
      return;
    }
    this.chosen = pair;
    this.userChose = true;
    this.message.textContent = `recording ${pairLabel(pair, this.domainKind)} from now on`;
    this.onChange(pair, true);
  }

  /** The loops changed: refresh the list of pairs (select the first one when none was chosen). */
  update(loops: Iterable<HysteresisLoop>): void {
    if (this.select.hidden) return;
    const pairs = pairsWithLoops(loops);
    const key = pairs.map((p) => `${pairKey(p.pair)}=${p.count}`).join(',');
    if (key === this.optionsKey) return;
    this.optionsKey = key;
    const options = pairs.map(({ pair, count }) =>
      el('option', { value: pairKey(pair) }, `${pairLabel(pair, this.domainKind)} (${count} impact${count === 1 ? '' : 's'})`),
    );
    const chosenKey = this.userChose && this.chosen ? pairKey(this.chosen) : null;
    const kept = chosenKey !== null && !pairs.some((p) => pairKey(p.pair) === chosenKey) ? this.keptOption() : null;
    if (kept) options.unshift(kept);
    this.select.replaceChildren(...(options.length > 0 ? options : [el('option', { value: '' }, 'no impact yet')]));
    if ((!this.userChose || this.chosen === null) && pairs[0]) {
      this.chosen = pairs[0].pair;
      this.onChange(this.chosen, false);
    }
    this.select.value = this.chosen ? pairKey(this.chosen) : '';
  }

  pair(): Pair | null {
    return this.chosen;
  }

  label(): string {
    return this.chosen ? pairLabel(this.chosen, this.domainKind) : '';
  }
}

/** A screen that is touched, with no mouse: Ctrl-click and arrow keys are not there to name (a phone, a tablet). */
function touchOnly(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches && !matchMedia('(any-pointer: fine)').matches;
}

export class CoordinatePicker {
  private readonly quantity: HTMLSelectElement;
  private readonly discs: HTMLSelectElement;

  constructor(container: HTMLElement, private readonly onChange: (discs: number[], quantity: Quantity) => void) {
    this.quantity = el('select', { id: 'coord-quantity' });
    for (const [key, label, unit] of QUANTITIES) this.quantity.append(el('option', { value: key }, `${label} (${unit})`));
    this.discs = el('select', { id: 'coord-discs', multiple: true, size: '3', 'aria-describedby': 'coord-hint' });
    const changed = (): void => this.onChange(this.chosenDiscs(), this.chosenQuantity());
    this.quantity.addEventListener('change', changed);
    this.discs.addEventListener('change', changed);
    // each label with its control, kept together (in the 240 px column of a 480 x 360 frame "Discs"
    // ended the first row and its list began the next); the hint names both ways to choose several
    container.replaceChildren(
      el('span', { class: 'picker-pair' }, el('label', { for: 'coord-quantity' }, 'Quantity'), this.quantity),
      el('span', { class: 'picker-pair' }, el('label', { for: 'coord-discs' }, 'Discs'), this.discs),
      el('span', { class: 'hint', id: 'coord-hint' }, touchOnly() ? 'Several discs: tap each in the list' : 'Several discs: Ctrl/⌘-click, or Shift + arrow keys'),
    );
  }

  /**
   * A new run of `count` discs: the discs chosen before stay chosen (Reset, Apply), those beyond the
   * new count dropped; discs 0 and 1 when none is left (the first run).
   */
  reset(count: number): void {
    const shown = Math.min(count, MAX_DISC_OPTIONS);
    const before = new Set(this.chosenDiscs().filter((i) => i < shown));
    const chosen = (i: number): boolean => (before.size > 0 ? before.has(i) : i < 2);
    const options: HTMLOptionElement[] = [];
    for (let i = 0; i < shown; i++) options.push(el('option', { value: String(i), selected: chosen(i) }, `disc ${i}`));
    this.discs.replaceChildren(...options);
  }

  chosenDiscs(): number[] {
    return [...this.discs.selectedOptions].map((o) => Number(o.value));
  }

  chosenQuantity(): Quantity {
    const v = this.quantity.value;
    return isQuantity(v) ? v : 'x';
  }
}
