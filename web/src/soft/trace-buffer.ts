/**
 * Fading observer traces (pure): a ring buffer of the last `capacity` observer positions
 * of every disc, as the notebooks' animations draw them (older points fainter).
 */
export class TraceBuffer {
  /** capacity × (2 x N) positions, m */
  private readonly data: Float64Array;
  private start = 0;
  private size = 0;

  constructor(
    readonly discs: number,
    readonly capacity: number,
  ) {
    this.data = new Float64Array(Math.max(0, discs * capacity * 2));
  }

  /** Points held per disc (at most capacity). */
  get length(): number {
    return this.size;
  }

  clear(): void {
    this.start = 0;
    this.size = 0;
  }

  /** Appends one instant: observer positions (2 x N, x0 y0 x1 y1 ...); the oldest drops out when full. */
  push(observers: ArrayLike<number>, offset = 0): void {
    if (this.capacity <= 0 || this.discs <= 0) return;
    const slot = (this.start + this.size) % this.capacity;
    const base = slot * this.discs * 2;
    for (let k = 0; k < 2 * this.discs; k++) this.data[base + k] = observers[offset + k] ?? 0;
    if (this.size < this.capacity) this.size += 1;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** Point j (0 = oldest) of disc i: [x, y], m. */
  point(i: number, j: number): [number, number] {
    const slot = (this.start + j) % this.capacity;
    const base = (slot * this.discs + i) * 2;
    return [this.data[base] ?? 0, this.data[base + 1] ?? 0];
  }

  /** Opacity of the segment ending at point j: from ~0 (oldest) to 1 (newest). */
  alpha(j: number): number {
    return this.size <= 1 ? 1 : j / (this.size - 1);
  }
}

/** Points to keep for `seconds` of trace at one point per output interval (at least 2, at most max). */
export function traceCapacity(seconds: number, outputInterval: number, max = 600): number {
  if (!(outputInterval > 0) || !(seconds > 0)) return 2;
  return Math.max(2, Math.min(max, Math.ceil(seconds / outputInterval) + 1));
}
