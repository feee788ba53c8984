/**
 * The tab's address as the page's memory: what the user ran or applied goes into its #s=, so a
 * reload or a bookmark keeps it. It goes there at once, uncompressed (encodeScenarioNow), and the
 * compressed payload replaces it when ready: a reload in between gives the same scenario back.
 */
import { encodeScenario, encodeScenarioNow, SHARE_PARAM } from './share';

/** history.replaceState, which a browser may refuse (an address longer than it keeps) */
export function replaceAddress(url: string): void {
  try {
    history.replaceState(null, '', url);
  } catch {
    // the address keeps what it had; Copy link still gives the scenario's link
  }
}

/** the address with this #s= payload (query kept) */
export function setAddressPayload(payload: string): void {
  replaceAddress(`${window.location.pathname}${window.location.search}#${SHARE_PARAM}=${payload}`);
}

/** the address without a #s= (query kept) */
export function clearAddressPayload(): void {
  if (window.location.hash.includes(`${SHARE_PARAM}=`)) replaceAddress(`${window.location.pathname}${window.location.search}`);
}

/**
 * Puts compact JSON text into the address: at once uncompressed, then compressed unless a later
 * call came first. The compressed payload is also handed to `done` (for the page's own links).
 */
export class AddressFollower {
  private generation = 0;

  follow(compactJson: string, done?: (payload: string) => void): void {
    const generation = ++this.generation;
    setAddressPayload(encodeScenarioNow(compactJson));
    encodeScenario(compactJson).then(
      (payload) => {
        if (generation !== this.generation) return;
        setAddressPayload(payload);
        done?.(payload);
      },
      () => undefined,
    );
  }

  /** a later scenario is not one to follow: an encoding still under way must not land */
  stop(): void {
    this.generation++;
  }
}
