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

  /**
   * A frame at wall-clock `wallMs` with simulated `time`; returns the rate, or null while unknown.
   * `behind`: the frame's word that an output instant was due and not reached (FrameCommon.behind).
   * The rate is measured over frames that were all behind, the latest stretch of them: a frame that
   * kept up starts over. With an output interval of 10 s the frames' time stands still for seconds
   * while the loop waits for its next instant, and that read as "no output instant in the last
   * second or two: the machine cannot keep up".
   */
  sample(wallMs: number, time: number, running: boolean, behind: boolean): number | null {
    const last = this.samples[this.samples.length - 1];
    // paused, kept up, or a new run / reset (time went back): start over
    if (!running || !behind || (last !== undefined && time < last.time)) {
      this.samples = running && behind ? [{ wall: wallMs, time }] : [];
      return null;
    }
    this.samples.push({ wall: wallMs, time });
    while (this.samples.length > 2 && wallMs - this.samples[1]!.wall >= WINDOW_MS) this.samples.shift();
    const first = this.samples[0]!;
    const span = wallMs - first.wall;
    return span >= MIN_SPAN_MS ? ((time - first.time) * 1000) / span : null;
  }
}

/** real seconds between pictures from which the controls say when the next one comes */
export const WAIT_NOTE_S = 2;

/**
 * A running frame's picture on screen and the next output instant, s (FrameCommon's pictureTime and
 * nextOutput). Not the frame's `time`: while a long interval's flow is computed (the avalanche, the
 * soft discs) that runs on from the picture, and the notice counted the next picture from a frame
 * never shown ("next picture 2.6 s after this one" over a picture 3 s from the next).
 */
export interface PaceWait {
  /** s, the time of the picture the page shows */
  time: number;
  next: number;
}

/**
 * The longest notice, in characters, whose reason (after the colon) shows in a controls' row 32rem
 * wide (styles.css, `.controls .pace`): "no output instant in the last second or two: the machine
 * cannot keep up", 71 of them, is 31.5rem wide. A longer one, the next picture's (93-101), is
 * marked `long` (Controls.setPace): its reason needs a row 44rem wide.
 */
export const PACE_SHORT_MAX = 72;

/**
 * What the controls say about the pace: nothing while the run keeps up with `speed` (at least 80 %
 * of it) or the rate is unknown; "only 0.012 s per s: …" when it falls behind; and when not one
 * output instant arrived over the window (a first interval of 200,000 discs), that, not "only 0 s
 * per s". A run that keeps up, but whose next picture is WAIT_NOTE_S or more away at this speed
 * (`wait`: a long output interval), says so: the page stood still for 10 s with nothing said. (The
 * simulated time no longer adds "at this speed": the speed is in the row above the notice, and with
 * the three words the reason needed a row 6rem wider to show.)
 */
export function paceText(reached: number | null, speed: number, wait: PaceWait | null = null): string {
  if (reached !== null && reached < 0.8 * speed) {
    if (reached <= 0) return 'no output instant in the last second or two: the machine cannot keep up';
    return `only ${formatNumber(reached, 2)} s per s: the machine cannot keep up`;
  }
  const gap = wait === null ? NaN : wait.next - wait.time;
  if (gap / speed >= WAIT_NOTE_S) {
    return `next picture ${formatNumber(gap / speed, 2)} s after this one: ${formatNumber(gap, 3)} s of simulated time (a shorter output interval shows more)`;
  }
  return '';
}
