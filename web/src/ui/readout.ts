/** The numbers at the current output instant: time, energy, temperature, counts, pressure, engine stats. */
import type { EngineStats, Observation } from '../sim/granular-wasm';
import { el, formatCount, formatNumber } from './dom';

const ROWS = [
  ['time', 'time t', 's'],
  ['energy', 'kinetic energy E_kin', 'J'],
  ['temperature', 'granular temperature T', 'J'],
  ['collisions', 'disc–disc collisions', ''],
  ['wallHits', 'wall hits', ''],
  ['pressure', 'wall pressure', 'N/m'],
  ['events', 'events processed', ''],
  ['stale', 'stale queue entries', ''],
  ['cells', 'cell crossings', ''],
  ['tc', 'collisions made elastic by TC', ''],
] as const;

type RowKey = (typeof ROWS)[number][0];

export class Readout {
  private readonly cells = new Map<RowKey, HTMLElement>();

  constructor(container: HTMLElement) {
    const children: HTMLElement[] = [];
    for (const [key, label, unit] of ROWS) {
      const dd = el('dd', { 'data-key': key }, '–');
      this.cells.set(key, dd);
      children.push(el('div', { class: 'readout-row' }, el('dt', {}, unit ? `${label} (${unit})` : label), dd));
    }
    container.replaceChildren(...children);
  }

  private set(key: RowKey, text: string): void {
    const cell = this.cells.get(key);
    if (cell && cell.textContent !== text) cell.textContent = text;
  }

  update(time: number, observation: Observation | null, stats: EngineStats): void {
    this.set('time', formatNumber(time, 6));
    if (observation) {
      this.set('energy', formatNumber(observation.kineticEnergy));
      this.set('temperature', formatNumber(observation.temperature));
      this.set('collisions', formatCount(observation.collisions));
      this.set('wallHits', formatCount(observation.wallHits));
      this.set('pressure', formatNumber(observation.wallPressure));
    }
    this.set('events', formatCount(stats.events));
    this.set('stale', formatCount(stats.staleEvents));
    this.set('cells', formatCount(stats.cellCrossings));
    this.set('tc', formatCount(stats.elasticByTC));
  }
}
