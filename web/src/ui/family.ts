/**
 * Scenario families and their pages (pure): hard-disc gas scenarios run on index.html,
 * soft-disc scenarios ("engine": "soft") on soft.html, avalanches ("engine": "avalanche") on
 * avalanche.html, comparisons of the three contact models ("engine": "compare") on
 * compare.html. A scenario of the other family
 * (share link, pasted JSON) is sent to its own page instead of being misread here.
 */
import { isJsonObject } from '../sim/scenario';

export type ScenarioFamily = 'gas' | 'soft' | 'avalanche' | 'compare';

/** The page file of each family, relative to the site's base (works under any sub-path). */
export const FAMILY_PAGE: Readonly<Record<ScenarioFamily, string>> = {
  gas: './',
  soft: 'soft.html',
  avalanche: 'avalanche.html',
  compare: 'compare.html',
};

/** "soft", "avalanche" or "compare" when the JSON text is an object whose engine says so, else "gas" (as the C++ scenarioFamily). */
export function scenarioFamilyOf(json: string): ScenarioFamily {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return 'gas';
  }
  if (!isJsonObject(parsed)) return 'gas';
  const engine = parsed['engine'];
  return engine === 'soft' || engine === 'avalanche' || engine === 'compare' ? engine : 'gas';
}

/**
 * The address of `family`'s page next to the current one, keeping the query (embed, until,
 * play) and the fragment (the #s= share payload) unless a new fragment is given.
 */
export function familyPageUrl(currentHref: string, family: ScenarioFamily, hash?: string): string {
  const current = new URL(currentHref);
  const target = new URL(FAMILY_PAGE[family], current);
  target.search = current.search;
  target.hash = hash ?? current.hash;
  return target.toString();
}
