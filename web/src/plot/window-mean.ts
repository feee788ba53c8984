/** A moving average over a fixed number of samples (pure). */

/**
 * Mean of the last `size` values pushed (all of them while fewer have come). The mean is summed
 * afresh from the kept values at each call (a few dozen), so no running sum can drift.
 */
export class WindowMean {
  private readonly values: number[] = [];
  private next = 0;

  constructor(private readonly size: number) {}

  push(v: number): void {
    if (this.values.length < this.size) this.values.push(v);
    else {
      this.values[this.next] = v;
      this.next = (this.next + 1) % this.size;
    }
  }

  get count(): number {
    return this.values.length;
  }

  /** NaN before the first value */
  mean(): number {
    return this.values.length ? this.values.reduce((a, b) => a + b, 0) / this.values.length : Number.NaN;
  }

  clear(): void {
    this.values.length = 0;
    this.next = 0;
  }
}
