/** Halving a long series for the plots (pure). */

/** Every other point, from the first; the last point is always kept. */
export function everyOther<T>(a: T[]): T[] {
  const out = a.filter((_, i) => i % 2 === 0);
  if ((a.length - 1) % 2 !== 0) out.push(a[a.length - 1] as T);
  return out;
}

/**
 * Which samples of a run a bounded plot series keeps, evenly over the whole run. A store that
 * passes its limit halves what it holds (everyOther) and says so (halved()); from then on only one
 * sample in twice as many is kept. Halving alone, with every new sample still kept, left the recent
 * samples dense and halved the older ones again at every pass: an hour of a gas kept its first
 * point and the last few minutes, joined by a straight line. The newest sample is always shown: one
 * off the stride is kept at the end until the next sample takes its place.
 */
export class EvenThinning {
  /** @param atMost the store halves what it holds when it passes this many points */
  constructor(readonly atMost: number) {}

  /** one sample kept in `stride` */
  private stride = 1;
  /** samples offered since the start */
  private offered = 0;
  /** whether the store's last point is a sample off the stride, held only until the next */
  private provisional = false;

  /** what the store keeps, for the plots' thinning note: one output in `every`, at most `atMost` points */
  kept(): { every: number; atMost: number } {
    return { every: this.stride, atMost: this.atMost };
  }

  /** whether a store holding `length` points has passed its limit (it then halves: everyOther, halved()) */
  over(length: number): boolean {
    return length > this.atMost;
  }

  /** A new sample: 'replace' the store's last point with it, or 'append' it. */
  offer(): 'append' | 'replace' {
    const action = this.provisional ? 'replace' : 'append';
    this.provisional = this.offered % this.stride !== 0;
    this.offered += 1;
    return action;
  }

  /** The store has just kept every other point (everyOther): keep one sample in twice as many. */
  halved(): void {
    this.stride *= 2;
    this.provisional = this.offered > 0 && (this.offered - 1) % this.stride !== 0;
  }

  reset(): void {
    this.stride = 1;
    this.offered = 0;
    this.provisional = false;
  }
}
