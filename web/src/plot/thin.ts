/** Halving a long series for the plots (pure). */

/** Every other point, from the first; the last point is always kept. */
export function everyOther<T>(a: T[]): T[] {
  const out = a.filter((_, i) => i % 2 === 0);
  if ((a.length - 1) % 2 !== 0) out.push(a[a.length - 1] as T);
  return out;
}
