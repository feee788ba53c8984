/** What the page address asks for (pure), and the banner that names what in it could not be used. */
import { clipText } from './dom';
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
  /** what in the address was not understood and is ignored, one sentence each, naming the parameter and its value */
  problems: string[];
}

/**
 * A yes/no parameter: 1, true, yes or nothing (`?embed`) is yes; 0, false or no is no; null when it is
 * absent, or when it is none of these ("play=maybe"), which is then named in `problems` and ignored.
 */
function flag(name: string, raw: string | null, problems: string[]): boolean | null {
  if (raw === null) return null;
  const v = raw.trim().toLowerCase();
  if (v === '' || v === '1' || v === 'true' || v === 'yes') return true;
  if (v === '0' || v === 'false' || v === 'no') return false;
  problems.push(`${name} = "${clipText(raw, 40)}" must be 1 or 0 (true or false, yes or no)`);
  return null;
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

  const problems: string[] = [];
  const plotRaw = query.get('plot');
  const plot = plotKinds.find((k) => k === plotRaw) ?? null;
  if (plotRaw !== null && plot === null) {
    problems.push(`plot = "${clipText(plotRaw, 40)}" is not one of this page's: ${plotKinds.join(', ')}`);
  }

  const untilRaw = query.get('until');
  const untilNum = untilRaw === null || untilRaw.trim() === '' ? NaN : Number(untilRaw);
  const until = Number.isFinite(untilNum) && untilNum >= 0 ? untilNum : null;
  if (untilRaw !== null && until === null) problems.push(`until = "${clipText(untilRaw, 40)}" must be a time in s, at least 0`);

  const originsRaw = query.get('origins');
  problems.push(...originProblems(originsRaw));

  const embed = flag('embed', query.get('embed'), problems) ?? false;
  const play = flag('play', query.get('play'), problems);
  return {
    embed,
    plot,
    until,
    autoplay: play ?? !reducedMotion,
    shared: fragment.get(SHARE_PARAM),
    origins: originsRaw,
    problems,
  };
}

/** The origin of an http(s) address (`https://a.edu/x` -> `https://a.edu`), null for any other text. */
export function webOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The entries of `origins=` that are not an http(s) origin, which the allow-list (embed-api.ts'
 * parseAllowList) leaves out: a course page that wrote its host without the scheme
 * (`origins=course.example.edu`) had every command ignored without an answer and no word why.
 */
function originProblems(raw: string | null): string[] {
  const problems: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const item = part.trim();
    if (item === '' || item === '*' || webOrigin(item) !== null) continue;
    const shown = clipText(item, 40);
    const how = !item.includes(':') && webOrigin(`https://${item}`) !== null ? `write it with its scheme, https://${shown}` : 'write an origin as https://host or http://host:port';
    problems.push(`origins entry "${shown}" is not an origin, so commands from it are ignored: ${how}`);
  }
  return problems;
}

/** The address's problems in the page's banner (`#address-error`), or the banner hidden when there are none. */
export function showAddressProblems(banner: HTMLElement, problems: readonly string[]): void {
  banner.hidden = problems.length === 0;
  banner.textContent = problems.length ? `Part of this page's address was ignored: ${problems.join('; ')}.` : '';
}
