/**
 * The tab's address as the page's memory: what the user ran or applied goes into its #s=, so a
 * reload or a bookmark keeps it. It goes there at once, uncompressed (encodeScenarioNow), and the
 * compressed payload replaces it when ready: a reload in between gives the same scenario back.
 */
import { encodeScenario, encodeScenarioNow, MAX_LINK_JSON_CHARS, NO_LINK, SHARE_PARAM } from './share';

/**
 * The longest #s= payload the page writes into its address: the uncompressed payload of the largest
 * scenario a link carries (MAX_LINK_JSON_CHARS, 4/3 of it in base64url, plus the stored blocks'
 * headers). A longer one is a scenario too large for a link.
 */
export const MAX_ADDRESS_PAYLOAD = Math.ceil((MAX_LINK_JSON_CHARS * 4) / 3) + 1024;

/** history.replaceState, which a browser may refuse (an address longer than it keeps) */
export function replaceAddress(url: string): void {
  try {
    history.replaceState(null, '', url);
  } catch {
    // the address keeps what it had; Copy link still gives the scenario's link
  }
}

/**
 * the address with this #s= payload (query kept); for NO_LINK (a scenario too large for a link, see
 * MAX_LINK_JSON_CHARS) or a payload longer than MAX_ADDRESS_PAYLOAD, the address without a #s=: it
 * names no other scenario than the one shown, and a multi-megabyte address is never written
 */
export function setAddressPayload(payload: string): void {
  if (payload === NO_LINK || payload.length > MAX_ADDRESS_PAYLOAD) {
    clearAddressPayload();
    return;
  }
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
    if (compactJson.length > MAX_LINK_JSON_CHARS) {
      // too large for a link: no #s=, and nothing to encode
      clearAddressPayload();
      return;
    }
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
