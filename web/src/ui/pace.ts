/**
 * How fast the simulation really advances while it plays (simulated s per real s), over the last
 * couple of seconds: the speed control says what was asked for, and a run too heavy for the
 * machine (25,000 grains) reaches a hundredth of it. Pure: fed the frames' times and a clock.
 */
import { formatNumber } from './dom';

/** the rate is measured over at most this long (ms) of frames */
const WINDOW_MS = 2000;
/** and reported once the frames span at least this long (ms) */
const MIN_SPAN_MS = 1000;

export class PaceMeter {
  private samples: Array<{ wall: number; time: number }> = [];

  /** A frame at wall-clock `wallMs` with simulated `time`; returns the rate, or null while unknown. */
  sample(wallMs: number, time: number, running: boolean): number | null {
    const last = this.samples[this.samples.length - 1];
    // paused, or a new run / reset (time went back): start over
    if (!running || (last !== undefined && time < last.time)) {
      this.samples = running ? [{ wall: wallMs, time }] : [];
      return null;
    }
    this.samples.push({ wall: wallMs, time });
    while (this.samples.length > 2 && wallMs - this.samples[1]!.wall >= WINDOW_MS) this.samples.shift();
    const first = this.samples[0]!;
    const span = wallMs - first.wall;
    return span >= MIN_SPAN_MS ? ((time - first.time) * 1000) / span : null;
  }
}

/**
 * What the controls say about the pace: nothing while the run keeps up with `speed` (at least 80 %
 * of it) or the rate is unknown; "only 0.012 s per s: …" when it falls behind; and when not one
 * output instant arrived over the window (a first interval of 200,000 discs), that, not "only 0 s
 * per s".
 */
export function paceText(reached: number | null, speed: number): string {
  if (reached === null || !(reached < 0.8 * speed)) return '';
  if (reached <= 0) return 'no output instant in the last second or two: the machine cannot keep up';
  return `only ${formatNumber(reached, 2)} s per s: the machine cannot keep up`;
}
