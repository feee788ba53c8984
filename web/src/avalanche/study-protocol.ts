/** Messages between the study panel's pool (study-pool.ts) and its workers (study-worker.ts). */
import type { StudyCaseResult } from './study';
import type { StudyCaseOptions } from './study-cases';

/** run the case of aspect ratio `a` with `options` (the C++ study builds the column: study-cases.ts) */
export interface StudyRequest {
  id: number;
  a: number;
  options: StudyCaseOptions;
}

export type StudyAnswer =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  /** phase 0: the case started, its column settles (time 0); phase 1: flowing, time s since the gate opened */
  | { type: 'progress'; id: number; phase: number; time: number; grains: number }
  | { type: 'result'; id: number; result: StudyCaseResult }
  | { type: 'error'; id: number; message: string };
