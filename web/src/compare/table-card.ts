/**
 * The table card of the comparison page: the four-sphere row's final velocities and collision
 * counts of each engine beside the exact answer, the sentences saying why they differ, and under
 * it the reproduce line (its link, its short form in a small embedded frame) and a CSV button, like every plot.
 */
import { downloadCsv, toCsv } from '../ui/csv';
import { el } from '../ui/dom';
import { scrollingTable } from '../ui/table-scroll';
import { exportFileName, reproduce, runStem, runSubject } from '../ui/reproduce';
import { reproduceLine } from '../ui/reproduce-line';
import { ENGINES } from './protocol';
import { explain, tableConditions, tableCsvRows, tableRows, type RowTable } from './row-table';

export interface TableProbe {
  /** 'idle' (not a row), 'computing', 'ready', 'failed' */
  state: string;
  rows: number;
  /** the cells as shown */
  cells: string[][];
  /** the engines' final velocities (m/s), event, soft, NSCD, and the exact answer */
  velocities: Record<string, number[]>;
  explanation: string;
}

export class TableCard {
  private readonly status = el('p', { class: 'result-line', id: 'table-status', role: 'status', 'aria-live': 'polite' });
  private readonly table = el('table', { class: 'data-table', id: 'row-table' });
  private readonly explanation = el('div', { class: 'table-explanation', id: 'table-explanation' });
  private current: RowTable | null = null;
  private state = 'idle';
  // without a table (another set-up, computing, failed) the button said nothing and did nothing: it now
  // says why it is unavailable (aria-disabled keeps it in the keyboard's order)
  private readonly csvButton = el('button', { type: 'button', class: 'plot-export-button', id: 'table-csv', 'aria-label': 'Download the table as CSV' }, 'CSV');

  private available(why: string | null): void {
    if (why === null) {
      this.csvButton.removeAttribute('aria-disabled');
      this.csvButton.title = 'The table as CSV, with the run\'s e, gap, v0, E and h on every row';
    } else {
      this.csvButton.setAttribute('aria-disabled', 'true');
      this.csvButton.title = `No table to download: ${why}`;
    }
  }

  constructor(container: HTMLElement) {
    const csv = this.csvButton;
    csv.addEventListener('click', () => this.download());
    container.append(
      el('h2', { class: 'card-title', id: 'table-title' }, 'Four-sphere row: final velocities, each engine against the exact answer'),
      this.status,
      scrollingTable({ labelledBy: 'table-title' }, this.table, 'row-table-hint').root,
      this.explanation,
      el('div', { class: 'plot-foot' }, reproduceLine(reproduce, 'the table'), el('span', { class: 'plot-export', role: 'group', 'aria-label': 'Export the table' }, csv)),
    );
    this.idle();
  }

  /** not a row: say where the table comes from */
  idle(): void {
    this.state = 'idle';
    this.available('the table is for the four-sphere row');
    this.current = null;
    this.table.replaceChildren();
    this.explanation.replaceChildren();
    this.status.classList.remove('error');
    this.status.textContent = 'The table compares the four-sphere row: choose the set-up “row” (preset “Four-sphere row…” or “Touching row…”).';
  }

  computing(): void {
    this.state = 'computing';
    this.available('it is being computed');
    this.status.classList.remove('error');
    this.status.textContent = 'Running the row to its end through every engine…';
  }

  failed(message: string): void {
    this.state = 'failed';
    this.available('it could not be computed (the line above says why)');
    this.current = null;
    this.table.replaceChildren();
    this.explanation.replaceChildren();
    this.status.classList.add('error');
    this.status.textContent = `No table: ${message}.`;
  }

  show(t: RowTable): void {
    this.state = 'ready';
    this.available(null);
    this.current = t;
    this.status.classList.remove('error');
    this.status.textContent = tableConditions(t);
    const { header, rows } = tableRows(t);
    const head = el('thead', {}, el('tr', {}, ...header.map((h) => el('th', { scope: 'col' }, h))));
    const body = el(
      'tbody', {},
      ...rows.map((r, i) =>
        el(
          'tr', { class: i === 0 ? 'exact-row' : `engine-row engine-${ENGINES[i - 1] ?? ''}` },
          ...r.map((c, j) => (j === 0 ? el('th', { scope: 'row' }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), c) : el('td', {}, c))),
        ),
      ),
    );
    this.table.replaceChildren(head, body);
    this.explanation.replaceChildren(...explain(t).map((s) => el('p', {}, s)));
  }

  private download(): void {
    const t = this.current;
    // while a new table is computed the last one is still held: not offered as the new run's
    if (!t || this.state !== 'ready') return;
    // named as the plots' files are (runStem): an edited row's table apart from the preset's; and its
    // columns of values name the run as the plots' headers do (runSubject)
    const info = reproduce.get();
    const { header, rows } = tableCsvRows(t, runSubject(info));
    downloadCsv(exportFileName(runStem(info), 'row table', 'csv'), toCsv(header, rows));
  }

  probe(): TableProbe {
    const t = this.current;
    const cells = Array.from(this.table.querySelectorAll('tbody tr'), (tr) => Array.from(tr.children, (c) => c.textContent ?? ''));
    const velocities: Record<string, number[]> = {};
    if (t) {
      velocities['exact'] = t.exact.velocities;
      for (const e of t.engines) velocities[e.engine] = e.velocities;
    }
    return { state: this.state, rows: cells.length, cells, velocities, explanation: this.explanation.textContent ?? '' };
  }
}
