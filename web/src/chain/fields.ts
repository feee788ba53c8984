/** Labelled form fields with their own error line (aria-invalid + aria-describedby). */
import { el } from '../ui/dom';
import { listText, parseList, ROW_LABELS, type RowKey } from './custom-row';
import { parseNumberField, type NumberRule, type Parsed } from './validate';
import type { Precision } from './state';

export class NumberField {
  readonly input: HTMLInputElement;
  readonly row: HTMLElement;
  private readonly error: HTMLElement;

  constructor(id: string, label: string, unit: string, private readonly rule: NumberRule, hint = '') {
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    this.input = el('input', {
      type: 'text', id, inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false',
      'aria-describedby': hint ? `${hintId} ${errorId}` : errorId,
    });
    this.error = el('p', { class: 'field-error', id: errorId, 'aria-live': 'polite' });
    this.row = el(
      'div', { class: 'field' },
      el('label', { for: id }, unit ? `${label} (${unit})` : label),
      this.input,
      ...(hint ? [el('p', { class: 'hint', id: hintId }, hint)] : []),
      this.error,
    );
    this.input.addEventListener('input', () => this.showError(null));
  }

  set(value: number): void {
    this.input.value = String(value);
    this.showError(null);
  }

  /** The value, or null after showing why it is not acceptable. */
  read(): number | null {
    const parsed: Parsed<number> = parseNumberField(this.input.value, this.rule);
    if (parsed.ok) {
      this.showError(null);
      return parsed.value;
    }
    this.showError(parsed.message);
    return null;
  }

  showError(message: string | null): void {
    this.error.textContent = message ?? '';
    this.row.classList.toggle('invalid', message !== null);
    if (message === null) this.input.removeAttribute('aria-invalid');
    else this.input.setAttribute('aria-invalid', 'true');
  }
}

export class PrecisionField {
  readonly select: HTMLSelectElement;
  readonly row: HTMLElement;

  constructor(id: string) {
    this.select = el(
      'select', { id },
      el('option', { value: 'double' }, 'double'),
      el('option', { value: 'extended' }, 'extended (double-double)'),
    );
    this.row = el('div', { class: 'field field-select' }, el('label', { for: id }, 'Precision'), this.select);
  }

  get(): Precision {
    return this.select.value === 'extended' ? 'extended' : 'double';
  }

  set(value: Precision): void {
    this.select.value = value;
  }
}

/**
 * A list field of the custom row (numbers separated by commas, semicolons or spaces; see parseList): its own error line, which also
 * shows the engine's refusal of the row when it names this list.
 */
export class ListField {
  readonly input: HTMLInputElement;
  readonly row: HTMLElement;
  private readonly error: HTMLElement;
  /** typed into since the last set() */
  edited = false;

  constructor(id: string, readonly key: RowKey) {
    const { name, unit } = ROW_LABELS[key];
    const errorId = `${id}-error`;
    this.input = el('input', { type: 'text', id, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': `time-custom-hint ${errorId}` });
    this.error = el('p', { class: 'field-error', id: errorId, 'aria-live': 'polite' });
    const label = `${name.charAt(0).toUpperCase()}${name.slice(1)}${unit ? ` (${unit})` : ''}`;
    this.row = el('div', { class: 'field field-list' }, el('label', { for: id }, label), this.input, this.error);
    this.input.addEventListener('input', () => {
      this.edited = true;
      this.showError(null);
    });
  }

  set(values: readonly number[]): void {
    this.input.value = listText(values);
    this.edited = false;
    this.showError(null);
  }

  /** The values (1 or one per sphere / pair), or null after showing why they are not acceptable. */
  read(spheres: number): number[] | null {
    const parsed = parseList(this.input.value, this.key, spheres);
    this.showError(parsed.ok ? null : parsed.message);
    return parsed.ok ? parsed.value : null;
  }

  showError(message: string | null): void {
    this.error.textContent = message ?? '';
    this.row.classList.toggle('invalid', message !== null);
    if (message === null) this.input.removeAttribute('aria-invalid');
    else this.input.setAttribute('aria-invalid', 'true');
  }
}
