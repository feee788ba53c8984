/**
 * The scenario panel: preset menu, the form (every field with its unit), Apply, the
 * error display, and "Advanced: scenario JSON" with upload and download.
 * Validation itself happens in C++ (in the worker); this panel only shows its messages.
 */
import type { LoadOrigin } from '../sim/protocol';
import { scenarioName, type JsonObject, type ValidationError } from '../sim/scenario';
import { downloadBlob } from './csv';
import { el } from './dom';
import { assignErrors } from './field-errors';
import type { KnownPresets } from './known-presets';
import { fileStem, reproduce, runStem, type ReproduceInfo } from './reproduce';
import { formatChars } from './share';
import {
  enabledBy, GAS_FORM, markEdited, putBack, type FieldSpec, type FormModel, type FormValues,
} from './scenario-form';

/**
 * Text longer than this does not go into the JSON box at once: filling a textarea costs the main
 * thread about 1-3 s per MB of compact JSON and 2-4 s per MB pretty-printed (measured in Chromium:
 * 16.5 s for a 40,000-disc scenario), during which the page is frozen. Such text is held and shown
 * on request ("Show the JSON here"); Apply JSON still applies it.
 */
export const JSON_BOX_MAX_CHARS = 100_000;
/** A loaded scenario with more explicit discs than this is not pretty-printed into the box (about 156 characters a disc). */
export const JSON_BOX_MAX_DISCS = 500;

/**
 * The event the panel sends (bubbling, cancelable) when it starts applying a large scenario: the page
 * shows `text` as its status and calls preventDefault; unclaimed, the panel writes it into #status.
 */
export const SCENARIO_LOADING_EVENT = 'granular-scenario-loading';
export interface ScenarioLoadingDetail {
  text: string;
}

/** The status while a scenario of `chars` characters of JSON text is read, checked and started. */
export function loadingText(chars: number): string {
  return `Loading the scenario (${formatChars(chars)} of JSON)…`;
}

/**
 * The line under a refusal on a field the user left as it was: what they did change (the refusal
 * follows from one or more of these; which, the message itself says).
 */
export function changedText(labels: readonly string[]): string {
  return `(This field is as it was; you changed ${listText(labels)}.)`;
}

/**
 * The line under a refusal moved to the field the user changed from the field it was reported at
 * (`labels`, left as they were): the message is about both.
 */
export function movedText(labels: readonly string[]): string {
  const quoted = labels.map((label) => `“${label}”`);
  return `(Refused together with ${listText(quoted)}, which you left as ${labels.length === 1 ? 'it was' : 'they were'}: changing either can mend it.)`;
}

function listText(labels: readonly string[]): string {
  return labels.length === 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1] ?? ''}`;
}

export interface PanelHandlers {
  /** validate and load scenario JSON text */
  apply(json: string, origin: LoadOrigin): void;
}

interface FieldView {
  spec: FieldSpec;
  wrapper: HTMLElement;
  input: HTMLInputElement | HTMLSelectElement;
  error: HTMLElement;
}

export class ScenarioPanel {
  private readonly fields = new Map<string, FieldView>();
  private readonly presetSelect: HTMLSelectElement;
  private readonly formErrors: HTMLUListElement;
  private readonly jsonArea: HTMLTextAreaElement;
  private readonly jsonErrors: HTMLUListElement;
  private readonly title: HTMLElement;
  private readonly notes: HTMLElement;
  private readonly availabilityNote: HTMLElement;
  private base: JsonObject | null = null;
  /**
   * The scenario last loaded from outside the form (a preset, a link, JSON, a file): the form's
   * values put back to it give it back, with its name, rather than "… (edited)".
   */
  private unedited: JsonObject | null = null;
  /** the fields whose values the last Apply changed (keys): a refusal on another field names them */
  private changed: string[] = [];
  /**
   * The JSON box's text while it is too long to show (JSON_BOX_MAX_CHARS), made on request: the
   * uploaded file's text, or the loaded scenario's. Null: the box shows its text.
   */
  private held: (() => string) | null = null;
  private readonly heldNote: HTMLElement;
  /** the status line while it says a large scenario is loading (applyText), with what it said before */
  private loadingStatus: { element: HTMLElement; text: string; before: string } | null = null;
  private readonly heldText: HTMLElement;
  /** the controls that send a scenario to the engine (unavailable() disables them) */
  private readonly senders: Array<HTMLButtonElement | HTMLSelectElement | HTMLInputElement> = [];

  constructor(
    container: HTMLElement,
    /** the bundled presets (the menu), and those the engine has read (ScenarioSource asks for them) */
    private readonly known: KnownPresets,
    private readonly handlers: PanelHandlers,
    private readonly model: FormModel = GAS_FORM,
  ) {
    // presets
    this.presetSelect = el('select', { id: 'preset' });
    this.presetSelect.append(el('option', { value: '' }, '— choose a preset —'));
    for (const preset of known.presets) this.presetSelect.append(el('option', { value: preset.id }, preset.name));
    this.presetSelect.addEventListener('change', () => {
      const preset = this.known.presets.find((p) => p.id === this.presetSelect.value);
      if (preset) this.handlers.apply(preset.json, 'preset');
    });
    const presetRow = el('div', { class: 'field' }, el('label', { for: 'preset' }, 'Preset'), this.presetSelect);

    this.title = el('h2', { class: 'scenario-title', id: 'scenario-title' });
    this.notes = el('p', { class: 'scenario-notes', id: 'scenario-notes' });

    // the form, one fieldset per group
    const form = el('form', { id: 'scenario-form', novalidate: true, 'aria-label': 'Scenario parameters' });
    // why fields are greyed out (explicit discs, a polygon) or why nothing applies: above the fields it
    // explains (under Apply it sat a screen's height below the blank, disabled disc fields)
    this.availabilityNote = el('p', { class: 'hint availability', hidden: true });
    form.append(this.availabilityNote);
    const groups = new Map<string, HTMLFieldSetElement>();
    for (const spec of model.fields) {
      let fieldset = groups.get(spec.group);
      if (!fieldset) {
        fieldset = el('fieldset', { class: `group group-${spec.group}` }, el('legend', {}, model.groupTitles[spec.group] ?? spec.group));
        groups.set(spec.group, fieldset);
        form.append(fieldset);
      }
      const view = this.buildField(spec);
      this.fields.set(spec.key, view);
      fieldset.append(view.wrapper);
    }
    // a field used only with some values of another (a choice in a select, a blank text field) follows it as it changes
    for (const view of this.fields.values()) {
      const when = view.spec.enabledWhen;
      const input = when ? this.fields.get(when.key)?.input : undefined;
      // a select answers with 'change', a text field with 'input' as it is typed in
      input?.addEventListener('change', () => this.followChoices());
      input?.addEventListener('input', () => this.followChoices());
    }
    this.formErrors = el('ul', { class: 'error-list', id: 'form-errors', 'aria-live': 'polite' });
    const apply = el('button', { type: 'submit', id: 'apply', class: 'primary' }, 'Apply');
    form.append(el('div', { class: 'form-actions' }, apply), this.formErrors);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.applyForm();
    });

    // advanced: raw JSON, upload, download
    this.jsonArea = el('textarea', { id: 'scenario-json', rows: '14', spellcheck: 'false', 'aria-describedby': 'json-help' });
    this.jsonErrors = el('ul', { class: 'error-list', id: 'json-errors', 'aria-live': 'polite' });
    const applyJson = el('button', { type: 'button', id: 'apply-json' }, 'Apply JSON');
    applyJson.addEventListener('click', () => this.applyText(this.held ? this.held() : this.jsonArea.value, 'json'));
    const download = el('button', { type: 'button', id: 'download-json' }, 'Download JSON');
    download.addEventListener('click', () => this.download());
    const upload = el('input', { type: 'file', id: 'upload-json', accept: '.json,application/json', class: 'visually-hidden' });
    upload.addEventListener('change', () => {
      const file = upload.files?.[0];
      if (!file) return;
      void file.text().then((text) => {
        if (text.length > JSON_BOX_MAX_CHARS) {
          this.hold(() => text, `The uploaded file ${file.name} (${formatChars(text.length)}) is too long to show here without holding up the page.`);
        } else {
          this.showText(text);
        }
        this.applyText(text, 'file');
        upload.value = '';
      });
    });
    const uploadLabel = el('label', { for: 'upload-json', class: 'button-like', tabindex: '-1' }, 'Upload JSON…');
    // in place of the box while its text is held
    this.heldText = el('span', {});
    const show = el('button', { type: 'button', id: 'show-json' }, 'Show the JSON here');
    show.addEventListener('click', () => {
      const held = this.held;
      if (held) this.showText(held());
      // at its start, not scrolled to its end
      this.jsonArea.setSelectionRange(0, 0);
      this.jsonArea.focus();
      this.jsonArea.scrollTop = 0;
    });
    this.heldNote = el(
      'p', { class: 'hint json-held', id: 'json-held', hidden: true },
      this.heldText, ' Apply JSON applies it. ', show,
      ' (may take some seconds for a large scenario)',
    );
    const advanced = el(
      'details', { class: 'advanced' },
      el('summary', {}, 'Advanced: scenario JSON'),
      el('p', { class: 'hint', id: 'json-help' }, model.jsonHelp),
      el('label', { for: 'scenario-json', class: 'visually-hidden' }, 'Scenario JSON'),
      this.jsonArea,
      this.heldNote,
      el('div', { class: 'form-actions' }, applyJson, download, upload, uploadLabel),
      this.jsonErrors,
    );

    container.replaceChildren(presetRow, this.title, this.notes, form, advanced);
    this.senders.push(this.presetSelect, apply, applyJson, upload);
  }

  /**
   * The engine could not load: the preset menu, Apply, Apply JSON and Upload are disabled with
   * `reason` as their tooltip, and the form's note says so. What is typed stays, and Download JSON
   * still saves the JSON box.
   */
  unavailable(reason: string): void {
    for (const control of this.senders) {
      control.disabled = true;
      control.title = reason;
    }
    this.availabilityNote.textContent = `Nothing can be applied: ${reason}`;
    this.availabilityNote.hidden = false;
  }

  private buildField(spec: FieldSpec): FieldView {
    const id = `f-${spec.key}`;
    const errorId = `err-${spec.key}`;
    // the field's hint (its range, what blank means) is read with it, then its error when there is one
    const hintId = `hint-${spec.key}`;
    const describedBy = spec.hint ? `${hintId} ${errorId}` : errorId;
    const unit = spec.kind === 'checkbox' || spec.kind === 'select' ? '' : ` (${spec.unit})`;
    const label = el('label', { for: id }, spec.label, el('span', { class: 'unit' }, unit));
    let input: HTMLInputElement | HTMLSelectElement;
    if (spec.kind === 'select') {
      input = el('select', { id, name: spec.key, 'aria-describedby': describedBy });
      for (const [value, text] of spec.options ?? []) input.append(el('option', { value }, text));
    } else if (spec.kind === 'checkbox') {
      input = el('input', { id, name: spec.key, type: 'checkbox', 'aria-describedby': describedBy });
    } else {
      input = el('input', {
        id, name: spec.key, type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false',
        'aria-describedby': describedBy,
      });
    }
    const error = el('p', { class: 'field-error', id: errorId, hidden: true });
    const wrapper = el('div', { class: `field field-${spec.kind}`, 'data-field': spec.key });
    if (spec.kind === 'checkbox') wrapper.append(input, label);
    else wrapper.append(label, input);
    if (spec.hint) wrapper.append(el('p', { class: 'hint', id: hintId }, spec.hint));
    wrapper.append(error);
    return { spec, wrapper, input, error };
  }

  private readValues(): FormValues {
    const values: FormValues = {};
    for (const [key, view] of this.fields) {
      values[key] = view.input instanceof HTMLInputElement && view.input.type === 'checkbox' ? view.input.checked : view.input.value;
    }
    return values;
  }

  private applyForm(): void {
    if (!this.base) return;
    const values = this.readValues();
    const loaded = this.model.fromScenario(this.base);
    this.changed = this.model.fields.filter((f) => values[f.key] !== loaded[f.key]).map((f) => f.key);
    this.handlers.apply(JSON.stringify(this.edited(this.base, this.model.toScenario(this.base, values))), 'form');
  }

  /**
   * `next`, made from `base` by the form (or, on the avalanche page, the Gmsh import): marked
   * "(edited)" (markEdited), unless its changes are all undone: then the scenario they came from,
   * or a preset loaded before, under its own name.
   */
  edited(base: JsonObject, next: JsonObject): JsonObject {
    const candidates = [...(this.unedited ? [this.unedited] : []), ...this.known.known()];
    return putBack(next, candidates) ?? markEdited(base, next);
  }

  /**
   * A bundled preset the engine has now read (KnownPresets.learned): the menu names it if it names
   * none and the scenario shown is exactly that preset.
   */
  presetLearned(id: string): void {
    if (this.presetSelect.value === '' && this.base !== null && this.known.matching(this.base) === id) this.selectPreset(id);
  }

  /**
   * A scenario was loaded (from `origin`): it becomes the form's base; the inputs are refilled,
   * except after Reset (the same scenario again, the inputs as the user left them).
   */
  showScenario(scenario: JsonObject, origin: LoadOrigin): void {
    // loaded: the page's own status follows the new run
    this.loadingStatus = null;
    const refillForm = origin !== 'reset';
    this.base = scenario;
    this.changed = [];
    if (origin !== 'form' && origin !== 'reset') this.unedited = scenario;
    // the menu names the preset chosen (the page's default, which an embed has too, is ScenarioSource's)
    const menu = this.known.presets.find((p) => p.id === this.presetSelect.value);
    if (origin === 'preset' && menu && menu.name === scenario['name']) {
      this.known.loaded(menu.id, scenario);
    }
    this.title.textContent = scenarioName(scenario);
    const notes = scenario['notes'];
    this.notes.textContent = typeof notes === 'string' ? notes : '';
    this.notes.hidden = this.notes.textContent === '';
    if (!refillForm) return;
    const values = this.model.fromScenario(scenario);
    for (const [key, view] of this.fields) {
      const value = values[key];
      if (view.input instanceof HTMLInputElement && view.input.type === 'checkbox') view.input.checked = value === true;
      else view.input.value = typeof value === 'string' ? value : '';
      view.input.disabled = !this.model.applies(view.spec, scenario);
    }
    this.followChoices();
    const notesText = this.model.notes(scenario);
    this.availabilityNote.textContent = notesText.join(' ');
    this.availabilityNote.hidden = notesText.length === 0;
    const discs = scenario['discs'];
    const discCount = Array.isArray(discs) ? discs.length : 0;
    if (discCount > JSON_BOX_MAX_DISCS) {
      this.hold(
        () => JSON.stringify(scenario),
        `This scenario has ${discCount.toLocaleString('en-US')} discs: its JSON is too long to show here without holding up the page.`,
      );
    } else {
      this.showText(JSON.stringify(scenario, null, 2));
    }
  }

  /** the JSON box holds `text` (what a held text it stood for is dropped) */
  private showText(text: string): void {
    this.held = null;
    this.heldNote.hidden = true;
    this.jsonArea.hidden = false;
    this.jsonArea.value = text;
  }

  /** the JSON box stands for `text` (made on request) without showing it; `why` says so in its place */
  private hold(text: () => string, why: string): void {
    this.held = text;
    this.jsonArea.value = '';
    this.jsonArea.hidden = true;
    this.heldText.textContent = why;
    this.heldNote.hidden = false;
  }

  /**
   * Applies JSON text of the box or a file. Large text is announced first (SCENARIO_LOADING_EVENT:
   * the status line says it is loading) and applied once that has been drawn: parsing, checking
   * and starting it take a while, and the page said nothing meanwhile.
   */
  private applyText(raw: string, origin: 'json' | 'file'): void {
    // a byte-order mark pasted with the text (a file upload drops it): invisible, and refused as
    // "unexpected character '\xef'"
    const text = raw.replace(/^\uFEFF/, '');
    if (text.length <= JSON_BOX_MAX_CHARS) {
      this.handlers.apply(text, origin);
      return;
    }
    const detail: ScenarioLoadingDetail = { text: loadingText(text.length) };
    this.jsonErrors.replaceChildren();
    const unclaimed = this.jsonArea.dispatchEvent(
      new CustomEvent<ScenarioLoadingDetail>(SCENARIO_LOADING_EVENT, { bubbles: true, cancelable: true, detail }),
    );
    // a page that does not keep the status itself (it would call preventDefault): the status line says it
    const status = document.getElementById('status');
    if (unclaimed && status) {
      // a second large text while the first is still loading: what the line said before both
      this.loadingStatus = { element: status, text: detail.text, before: this.loadingStatus?.before ?? status.textContent ?? '' };
      status.textContent = detail.text;
    }
    let sent = false;
    const send = (): void => {
      if (sent) return;
      sent = true;
      this.handlers.apply(text, origin);
    };
    // after the next frame is drawn; a hidden tab draws none, hence the timer too
    requestAnimationFrame(() => setTimeout(send, 0));
    setTimeout(send, 250);
  }

  /**
   * Fields with `enabledWhen`: enabled while the field they follow allows them (and the scenario
   * allows them), or while they show an error, so a value the engine refused can be corrected.
   */
  private followChoices(): void {
    for (const view of this.fields.values()) {
      const when = view.spec.enabledWhen;
      if (!when) continue;
      const input = this.fields.get(when.key)?.input;
      const choice = input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : (input?.value ?? '');
      const invalid = view.wrapper.classList.contains('invalid');
      view.input.disabled = !(this.base !== null && this.model.applies(view.spec, this.base) && (enabledBy(when, choice) || invalid));
    }
  }

  /** The preset menu shows this preset (or nothing). */
  selectPreset(id: string | null): void {
    this.presetSelect.value = id !== null && this.known.presets.some((p) => p.id === id) ? id : '';
  }

  clearErrors(): void {
    for (const view of this.fields.values()) this.setFieldErrors(view, []);
    this.formErrors.replaceChildren();
    this.jsonErrors.replaceChildren();
  }

  private setFieldErrors(view: FieldView, errors: ValidationError[], note = ''): void {
    const text = [...errors.map((e) => e.text), ...(note !== '' ? [note] : [])].join('\n');
    view.error.textContent = text;
    view.error.hidden = errors.length === 0;
    view.wrapper.classList.toggle('invalid', errors.length > 0);
    view.input.setAttribute('aria-invalid', String(errors.length > 0));
  }

  /**
   * A shared link's scenario that was not valid, put in the JSON box with its errors, once the default
   * has loaded in its place: the sender's scenario was lost for editing (the box held the default), so
   * one bad field meant starting again. Apply JSON applies it once fixed; large text is held, as a
   * loaded scenario's is.
   */
  showRejectedLink(text: string, errors: readonly ValidationError[]): void {
    if (text.length > JSON_BOX_MAX_CHARS) this.hold(() => text, 'The shared link\'s scenario is too long to show here without holding up the page.');
    else this.showText(text);
    this.fillList(this.jsonErrors, 'The shared link\'s scenario, not applied (the default runs instead): fix it here and press Apply JSON.', [...errors], true);
    const details = this.jsonArea.closest('details');
    if (details) details.open = true;
  }

  /** Shows a rejected scenario's errors: next to their fields (form) or as a list (JSON, file, preset). */
  showErrors(origin: LoadOrigin, errors: readonly ValidationError[]): void {
    this.clearErrors();
    // the status line said "Loading the scenario (… of JSON)…" for it: the scenario before stays, and so
    // does what the line said of it (on a finished run nothing else put it back, and it said "Loading" for good)
    const loading = this.loadingStatus;
    this.loadingStatus = null;
    if (loading && loading.element.textContent === loading.text) loading.element.textContent = loading.before;
    const header = 'Not applied — the previous scenario is still loaded:';
    if (origin === 'form') {
      // a refusal of two fields together whose message names the field the user changed is shown
      // there (assignErrors), with a line naming the other one
      const { byField, rest, movedFrom } = assignErrors(errors, this.model.fields, this.changed);
      // A refusal can sit on a field the user did not touch (a narrower box: "generate.count = 400:
      // … would cover an area fraction of 1.26"): it says what the user did change
      const changedLabels = this.model.fields.filter((f) => this.changed.includes(f.key)).map((f) => f.label);
      const labelOf = (key: string): string => this.fields.get(key)?.spec.label ?? key;
      for (const [key, view] of this.fields) {
        const mine = byField.get(key) ?? [];
        const untouched = mine.length > 0 && changedLabels.length > 0 && !this.changed.includes(key);
        const moved = movedFrom.get(key) ?? [];
        this.setFieldErrors(view, mine, untouched ? changedText(changedLabels) : moved.length > 0 ? movedText(moved.map(labelOf)) : '');
      }
      this.followChoices();
      const marked = byField.size === 1 ? 'The marked field above says why.' : 'The marked fields above say why.';
      const where = rest.length > 0 ? header : `Not applied — the previous scenario is still loaded. ${marked}`;
      this.fillList(this.formErrors, where, rest.length > 0 ? rest : [], byField.size > 0);
      const first = this.model.fields.find((f) => byField.has(f.key));
      if (first) this.fields.get(first.key)?.input.focus();
    } else {
      this.fillList(this.jsonErrors, header, [...errors], false);
      const details = this.jsonArea.closest('details');
      if (details) details.open = true;
    }
  }

  private fillList(list: HTMLUListElement, header: string, errors: ValidationError[], headerOnly: boolean): void {
    if (errors.length === 0 && !headerOnly) {
      list.replaceChildren();
      return;
    }
    list.replaceChildren(el('li', { class: 'error-header' }, header), ...errors.map((e) => el('li', {}, e.text)));
  }

  /** the loaded, normalized scenario: the same object the share link carries (ui/share-button.ts) */
  private download(): void {
    if (this.base) downloadScenario(this.base);
  }
}

/**
 * A scenario's file name: its name and, for one that is not a preset exactly, the page's run's hash
 * (runStem of `run`, the reproduce line's), as the plots' files are named: two edited scenarios of
 * the same name were both "cooling-granular-gas-edited.json". "Untitled" for a scenario without a name.
 */
export function scenarioFileName(scenario: JsonObject, run: Pick<ReproduceInfo, 'variant'>): string {
  return `${fileStem(runStem({ scenario: scenarioName(scenario), variant: run.variant }))}.json`;
}

/** A scenario as a .json file named after it and its run (Download JSON here and beside Copy link). */
export function downloadScenario(scenario: JsonObject): void {
  const blob = new Blob([JSON.stringify(scenario, null, 2) + '\n'], { type: 'application/json' });
  downloadBlob(scenarioFileName(scenario, reproduce.get()), blob);
}
