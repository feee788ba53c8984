/** The numbers at the current output instant: time, energy, temperature, counts, pressure, engine stats. */
import type { EngineStats, Observation } from '../sim/granular-wasm';
import { formatCount, formatNumber } from './dom';
import { ReadoutTable } from './readout-table';

const ROWS = [
  ['time', 'time t', 's'],
  ['energy', 'kinetic energy E_kin', 'J'],
  ['temperature', 'granular temperature T', 'J'],
  ['collisions', 'disc–disc collisions', ''],
  ['wallHits', 'wall hits', ''],
  ['pressure', 'wall pressure', 'N/m'],
  ['dissipated', 'energy lost in collisions since t = 0', 'J'],
  ['injected', 'energy from the vibrating wall since t = 0', 'J'],
  ['events', 'events processed', ''],
  ['stale', 'stale queue entries', ''],
  ['cells', 'cell crossings', ''],
  ['tc', 'collisions made elastic by TC', ''],
] as const;

export class Readout extends ReadoutTable<(typeof ROWS)[number][0]> {
  constructor(container: HTMLElement) {
    super(container, ROWS);
  }

  update(time: number, observation: Observation | null, stats: EngineStats): void {
    this.set('time', formatNumber(time, 6));
    if (observation) {
      this.set('energy', formatNumber(observation.kineticEnergy));
      this.set('temperature', formatNumber(observation.temperature));
      this.set('collisions', formatCount(observation.collisions));
      this.set('wallHits', formatCount(observation.wallHits));
      this.set('pressure', formatNumber(observation.wallPressure));
      this.set('dissipated', formatNumber(observation.energyDissipated));
      this.set('injected', formatNumber(observation.energyInjected));
    }
    this.set('events', formatCount(stats.events));
    this.set('stale', formatCount(stats.staleEvents));
    this.set('cells', formatCount(stats.cellCrossings));
    this.set('tc', formatCount(stats.elasticByTC));
  }
}
