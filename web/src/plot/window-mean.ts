/** A moving average over a fixed number of samples (pure). */

/**
 * Mean of the last `size` values pushed (all of them while fewer have come), O(1) per value.
 * The sum is kept exactly in step by re-adding the window now and then, so no rounding drifts in.
 */
export class WindowMean {
  private readonly values: number[] = [];
  private next = 0;
  private sum = 0;
  private pushes = 0;

  constructor(private readonly size: number) {}

  push(v: number): void {
    if (this.values.length < this.size) this.values.push(v);
    else {
      this.sum -= this.values[this.next] ?? 0;
      this.values[this.next] = v;
      this.next = (this.next + 1) % this.size;
    }
    this.sum += v;
    if (++this.pushes % (64 * this.size) === 0) this.sum = this.values.reduce((a, b) => a + b, 0);
  }

  get count(): number {
    return this.values.length;
  }

  /** NaN before the first value */
  mean(): number {
    return this.values.length ? this.sum / this.values.length : Number.NaN;
  }

  clear(): void {
    this.values.length = 0;
    this.next = 0;
    this.sum = 0;
    this.pushes = 0;
  }
}
