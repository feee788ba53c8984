/** The page layout the address asks for: embed mode, and which plot cards (#card-<kind>) are shown. */
import { byId } from './dom';
import type { PageParams } from './url-params';

/** All plot cards, or in embed mode only the one asked for; returns whether a kind is shown. */
export function layOutPage<K extends string>(params: PageParams<K>, kinds: readonly K[]): (kind: K) => boolean {
  document.body.classList.toggle('embed', params.embed);
  document.body.classList.toggle('with-plot', params.embed && params.plot !== null);
  const wanted = (kind: K): boolean => !params.embed || params.plot === kind;
  for (const kind of kinds) byId(`card-${kind}`, HTMLElement).hidden = !wanted(kind);
  byId('plots', HTMLElement).hidden = params.embed && params.plot === null;
  return wanted;
}
