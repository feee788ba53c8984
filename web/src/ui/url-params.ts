/** What the page address asks for (pure). */
import { SHARE_PARAM } from './share';

export const PLOT_KINDS = ['energy', 'histogram', 'rate'] as const;
export type PlotKind = (typeof PLOT_KINDS)[number];

export interface PageParams<K extends string = PlotKind> {
  /** `?embed=1`: only the canvas, the play controls and optionally one plot */
  embed: boolean;
  /** `&plot=energy|histogram|rate` (gas page) or one of the page's own plot kinds (embed mode) */
  plot: K | null;
  /** `?until=<t>`: pause at the first output instant with time >= t (s) */
  until: number | null;
  /** `?play=0`: do not start running on load; without `play`, run unless the reader prefers reduced motion */
  autoplay: boolean;
  /** the `#s=` payload of a share link, or null */
  shared: string | null;
  /** `?origins=a,b`: origins besides the page's own whose postMessage commands are obeyed (ui/embed-api.ts) */
  origins: string | null;
}

function isTrue(value: string | null): boolean {
  return value !== null && value !== '0' && value.toLowerCase() !== 'false' && value.toLowerCase() !== 'no';
}

/**
 * `reducedMotion`: the reader prefers reduced motion (ui/motion.ts); then a page without `play`
 * in its address loads paused, and `play=1` still starts it.
 */
export function parsePageParams(search: string, hash: string): PageParams;
export function parsePageParams<K extends string>(search: string, hash: string, plotKinds: readonly K[], reducedMotion?: boolean): PageParams<K>;
export function parsePageParams(
  search: string,
  hash: string,
  plotKinds: readonly string[] = PLOT_KINDS,
  reducedMotion = false,
): PageParams<string> {
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);

  const plotRaw = query.get('plot');
  const plot = plotKinds.find((k) => k === plotRaw) ?? null;

  const untilRaw = query.get('until');
  const untilNum = untilRaw === null || untilRaw.trim() === '' ? NaN : Number(untilRaw);
  const until = Number.isFinite(untilNum) && untilNum >= 0 ? untilNum : null;

  const playRaw = query.get('play');
  return {
    embed: isTrue(query.get('embed')),
    plot,
    until,
    autoplay: playRaw === null ? !reducedMotion : isTrue(playRaw),
    shared: fragment.get(SHARE_PARAM),
    origins: query.get('origins'),
  };
}
