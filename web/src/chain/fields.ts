/** Labelled form fields with their own error line (aria-invalid + aria-describedby). */
import { el } from '../ui/dom';
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
