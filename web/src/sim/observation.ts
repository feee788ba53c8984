/** Telling the engine's records apart (pure). */
import type { Observation } from './granular-wasm';

/**
 * The same record of the engine: the same instant with the same energies and counts. The engine
 * records at each output instant and where it stops, and a stop can fall on the instant of the
 * record before it: a row of touching discs that collapses at t = 0 is recorded at t = 0 twice,
 * before and after its 10,000 collisions. Those are two records; the frame that re-reads the world
 * after an output instant reads one record twice.
 */
export function sameObservation(a: Observation, b: Observation): boolean {
  return (
    a.time === b.time &&
    a.collisions === b.collisions &&
    a.wallHits === b.wallHits &&
    a.kineticEnergy === b.kineticEnergy &&
    a.energyDissipated === b.energyDissipated &&
    a.energyInjected === b.energyInjected
  );
}
