/** Small pieces shared by the chain panels: progress + Cancel, CSV buttons, tables, plot cards. */
import { el } from '../ui/dom';
import { downloadBlob, downloadCsv } from '../ui/csv';
import { busyWhile } from '../ui/busy-button';
import { scrollingTable } from '../ui/table-scroll';
import { CancelledError } from './job-worker';

/** A progress bar with a Cancel button and a status line; hidden while idle. */
export class ProgressView {
  readonly root: HTMLElement;
  private readonly bar: HTMLProgressElement;
  private readonly cancelButton: HTMLButtonElement;

  constructor(id: string, label: string, private readonly onCancel: () => void) {
    this.bar = el('progress', { id: `${id}-progress`, max: '1', 'aria-label': label });
    this.cancelButton = el('button', { type: 'button', id: `${id}-cancel` }, 'Cancel');
    this.cancelButton.addEventListener('click', () => this.onCancel());
    this.root = el('div', { class: 'progress-row' }, this.bar, this.cancelButton);
    this.root.hidden = true;
  }

  /** fraction null: indeterminate (the work has no intermediate steps to report) */
  start(fraction: number | null = 0): void {
    this.root.hidden = false;
    this.set(fraction);
  }

  set(fraction: number | null): void {
    if (fraction === null) this.bar.removeAttribute('value');
    else this.bar.value = fraction;
  }

  /** what the Cancel button does (the job's cancel), without the click; the bar is hidden too */
  cancel(): void {
    this.onCancel();
    this.stop();
  }

  stop(): void {
    // a hidden button cannot keep the focus: a keyboard user who pressed Cancel (or waited on it)
    // goes on from the form's Run button instead of from the top of the page
    const hadFocus = this.root.contains(document.activeElement);
    this.root.hidden = true;
    if (hadFocus) this.root.closest('form')?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }
}

/**
 * A run the user started from a panel's form (not the page's own start from the defaults or a link),
 * with its inputs, as it starts; `run` settles when it ends, finished or not.
 */
export type RunStarted<I> = (inputs: I, run: Promise<void>) => void;

/** A "CSV" button that downloads what `make()` returns (null: nothing to download yet). */
export function csvButton(id: string, what: string, make: () => { filename: string; text: string } | null): HTMLButtonElement {
  const button = el('button', { type: 'button', id, class: 'csv-button', title: `Download ${what} as CSV`, 'aria-label': `Download ${what} as CSV` }, 'CSV');
  button.addEventListener('click', () => {
    const file = make();
    if (file) downloadCsv(file.filename, file.text);
  });
  return button;
}

/**
 * A PNG button: the plot's picture (its title, legend and the reproduce line: PlotView.png) under the
 * name of its CSV with .png; nothing while there is nothing to export (make gives null).
 */
export function pngButton(id: string, what: string, make: () => { filename: string; text: string } | null, picture: () => Promise<Blob | null>): HTMLButtonElement {
  const button = el('button', { type: 'button', id, class: 'csv-button', title: `Download ${what} as a PNG picture`, 'aria-label': `Download ${what} as PNG` }, 'PNG');
  button.addEventListener('click', () => {
    const file = make();
    if (!file) return;
    busyWhile(button, () =>
      picture().then((blob) => {
        if (blob) downloadBlob(file.filename.replace(/\.csv$/, '') + '.png', blob);
      }),
    );
  });
  return button;
}

/**
 * A figure: caption-less card with CSV and, given the plot's `picture`, PNG buttons at the top right,
 * and a body for the plot.
 */
export function plotCard(
  id: string, what: string, make: () => { filename: string; text: string } | null, picture?: () => Promise<Blob | null>,
): { card: HTMLElement; body: HTMLElement } {
  const body = el('div', { class: 'plot-body', id: `plot-${id}` });
  const tools = el('div', { class: 'card-tools' }, csvButton(`csv-${id}`, what, make));
  if (picture) tools.append(pngButton(`png-${id}`, what, make, picture));
  const card = el('figure', { class: 'plot-card chain-card', id: `card-${id}` }, tools, body);
  return { card, body };
}

/**
 * A long table that scrolls both ways in one focusable region (`name`): down within its height
 * (chain.css' .table-scroll, `.short` for less) under a sticky header, and sideways with the hint line
 * (id `hintId`) naming the columns out of view and a fade on the side with more (scrollingTable).
 */
export function tallScrollingTable(name: string, table: HTMLTableElement, hintId: string, size: 'short' | '' = ''): HTMLElement {
  const { root } = scrollingTable(name, table, hintId);
  root.querySelector('[role="region"]')?.classList.add('table-scroll', ...(size ? [size] : []));
  return root;
}

/** Replaces a table's body; header cells carry units. At most `limit` rows are drawn. */
export function fillTable(table: HTMLTableElement, header: readonly string[], rows: ReadonlyArray<readonly string[]>, limit = Infinity): number {
  const head = el('thead', {}, el('tr', {}, ...header.map((h) => el('th', { scope: 'col' }, h))));
  const shown = rows.slice(0, limit);
  const body = el('tbody', {}, ...shown.map((r) => el('tr', {}, ...r.map((c) => el('td', {}, c)))));
  table.replaceChildren(head, body);
  return shown.length;
}

/** Fixed-point text with `digits` significant digits, no exponent for ordinary sizes. */
export function fmt(v: number, digits = 6): string {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? '–' : v > 0 ? '∞' : '−∞';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e-4 && a < 1e7) return String(Number(v.toPrecision(digits)));
  return v.toExponential(digits - 1).replace('e+', 'e');
}

/**
 * What a panel still shows after a run was cancelled or failed: "The table and the histogram
 * still show the previous run (K = 1,000, …)."; '' when nothing was shown yet (run = null).
 */
export function stillShown(what: string, run: string | null): string {
  return run === null ? '' : ` ${what} still show the previous run (${run}).`;
}

/**
 * Inputs the panel's fields refused (each says why next to it): nothing ran, and the result line says
 * so, followed by `previous`, what the panel still shows (see stillShown); else the line went on
 * describing the previous run as if it answered the values now in the fields.
 */
export function showNotRun(result: HTMLElement, previous: string): void {
  result.textContent = `Not run: a value above is not valid (see the message next to it).${previous}`;
  result.classList.add('error');
}

/**
 * A Run the fields refused, while an earlier run may still be computing: that run is cancelled (as
 * its Cancel button would) and can no longer write its result over the refusal; an audit saw "Not
 * run" replaced 3 s later by the old run's "5,216 collisions" under N = 21.
 */
export function refuseRun(result: HTMLElement, progress: ProgressView, previous: () => string): void {
  latestJob.set(result, {});
  progress.cancel();
  showNotRun(result, previous());
}

/**
 * A job that did not finish, on its result line: `cancelled` for a cancel (CancelledError), any
 * other failure's message as an error; either followed by `previous`, what the panel still shows
 * (see stillShown).
 */
export function showFailure(result: HTMLElement, error: unknown, cancelled: string, previous = ''): void {
  if (error instanceof CancelledError) result.textContent = `${cancelled}${previous}`;
  else {
    result.textContent = `${error instanceof Error ? error.message : String(error)}${previous}`;
    result.classList.add('error');
  }
}

/** Each result line's latest job: a job another has replaced leaves the line and the progress row alone. */
const latestJob = new WeakMap<HTMLElement, object>();

/**
 * One worker job of a panel: the progress row shown (at `fraction`; null: indeterminate), the
 * result line set to `busy`, then `job`; a cancel says `cancelled`, any other failure shows its
 * message as an error (showFailure), either way followed by `previous()`. A job replaced by a newer
 * one on the same result line (the panel cancels the old one as it starts the new) says nothing and
 * leaves the progress row shown: else its "Cancelled." and hidden row stood for the whole of the new
 * run. `job` is given `latest()`, false once it has been replaced: what it would show after an await
 * (a result, a progress fraction) it shows only while that holds.
 */
export async function runPanelJob(
  progress: ProgressView,
  result: HTMLElement,
  busy: string,
  job: (latest: () => boolean) => Promise<void>,
  previous: () => string = () => '',
  { cancelled = 'Cancelled.', fraction = null }: { cancelled?: string; fraction?: number | null } = {},
): Promise<void> {
  const token = {};
  latestJob.set(result, token);
  const latest = (): boolean => latestJob.get(result) === token;
  progress.start(fraction);
  result.classList.remove('error');
  result.textContent = busy;
  try {
    await job(latest);
  } catch (error) {
    if (latest()) showFailure(result, error, cancelled, previous());
  } finally {
    if (latest()) progress.stop();
  }
}

