/** Sends a scenario of the other family to its own page (DOM side of family.ts). */
import { familyPageUrl, type LabPage } from './family';
import { encodeScenario, SHARE_PARAM } from './share';

/** Opens `family`'s page with the current query and fragment (a share link keeps its #s=). */
export function goToFamilyPage(family: LabPage): void {
  window.location.replace(familyPageUrl(window.location.href, family));
}

/** Opens `family`'s page with this scenario in its #s= fragment (pasted or uploaded JSON). */
export async function openScenarioInFamilyPage(json: string, family: LabPage): Promise<void> {
  let compact = json;
  try {
    compact = JSON.stringify(JSON.parse(json));
  } catch {
    // not JSON: the other page's decoder reports it
  }
  const payload = await encodeScenario(compact);
  window.location.assign(familyPageUrl(window.location.href, family, `#${SHARE_PARAM}=${payload}`));
}
