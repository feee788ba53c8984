/** Halving a long series for the plots (pure). */

/** Every other point, from the first; the last point is always kept. */
export function everyOther(a: number[]): number[] {
  const out = a.filter((_, i) => i % 2 === 0);
  if ((a.length - 1) % 2 !== 0) out.push(a[a.length - 1] as number);
  return out;
}
