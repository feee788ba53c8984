/**
 * Scenario families and their pages (pure): hard-disc gas scenarios run on index.html,
 * soft-disc scenarios ("engine": "soft") on soft.html, avalanches ("engine": "avalanche") on
 * avalanche.html, comparisons of the three contact models ("engine": "compare") on
 * compare.html; the chain lab's links ("kind": "chain-lab") on chain.html. A scenario of another
 * family (share link, pasted JSON) is sent to its own page instead of being misread here.
 */
import { isJsonObject } from '../sim/scenario';

export type ScenarioFamily = 'gas' | 'soft' | 'avalanche' | 'compare';
/** Every page a link can open: the four scenario families and the chain lab (its own link format). */
export type LabPage = ScenarioFamily | 'chain';

/** The page file of each family, relative to the site's base (works under any sub-path). */
export const FAMILY_PAGE: Readonly<Record<LabPage, string>> = {
  gas: './',
  soft: 'soft.html',
  avalanche: 'avalanche.html',
  compare: 'compare.html',
  chain: 'chain.html',
};

/** The "kind" tag of the chain lab's share-link state (web/src/chain/state.ts), so a gas or soft scenario is not mistaken for one. */
export const CHAIN_KIND = 'chain-lab';

/**
 * The page a scenario text belongs to: "soft", "avalanche" or "compare" by its "engine", the gas
 * without one (or with "event"), the chain lab by its kind. null when the text does not say: not a
 * JSON object, an engine no page runs ("sof"), or a kind other than the chain lab's. Such a text stays on the page it was given to,
 * whose validator names what is wrong in place; sending it elsewhere would lose the reader's page.
 */
export function scenarioPageOf(json: string): LabPage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isJsonObject(parsed)) return null;
  const kind = parsed['kind'];
  if (kind === CHAIN_KIND) return 'chain';
  // no scenario format has another "kind": a mistyped or foreign one does not say, and is not taken for a gas scenario
  if (kind !== undefined) return null;
  const engine = parsed['engine'];
  if (engine === undefined || engine === 'event') return 'gas';
  return engine === 'soft' || engine === 'avalanche' || engine === 'compare' ? engine : null;
}

const PAGE_WHAT: Readonly<Record<LabPage, string>> = {
  gas: 'a hard-disc gas scenario',
  soft: 'a soft-disc scenario ("engine": "soft")',
  avalanche: 'an avalanche scenario ("engine": "avalanche")',
  compare: 'a comparison scenario ("engine": "compare")',
  chain: 'a chain lab link ("kind": "chain-lab")',
};

/** what a page's scenarios are, as a reader names them ("a soft-disc scenario (\"engine\": \"soft\")") */
export const pageWhat = (page: LabPage): string => PAGE_WHAT[page];

/** a page's file as a reader names it (the gas page's './' is index.html) */
export const pageFile = (page: LabPage): string => (FAMILY_PAGE[page] === './' ? 'index.html' : FAMILY_PAGE[page]);

/**
 * Why a scenario sent to an embedded page by the postMessage API cannot run there: it belongs to
 * another page (which one, and which this frame is), so the course page's author is not left with
 * the validator's "engine = "soft": must be one of: "event"". null when it is this page's, or when
 * the text does not say (the validator names what is wrong).
 */
export function wrongPageProblem(json: string, family: ScenarioFamily): string | null {
  const page = scenarioPageOf(json);
  if (page === null || page === family) return null;
  return `this is ${PAGE_WHAT[page]}, which runs in a frame of ${pageFile(page)}; this frame is ${pageFile(family)}`;
}

/** "soft", "avalanche" or "compare" when the JSON text is an object whose engine says so, else "gas" (as the C++ scenarioFamily). */
export function scenarioFamilyOf(json: string): ScenarioFamily {
  const page = scenarioPageOf(json);
  return page === null || page === 'chain' ? 'gas' : page;
}

/**
 * The address of `family`'s page next to the current one, keeping the query (embed, until,
 * play) and the fragment (the #s= share payload) unless a new fragment is given.
 */
export function familyPageUrl(currentHref: string, family: LabPage, hash?: string): string {
  const current = new URL(currentHref);
  const target = new URL(FAMILY_PAGE[family], current);
  target.search = current.search;
  target.hash = hash ?? current.hash;
  return target.toString();
}
