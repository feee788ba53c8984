/**
 * "Copy link": the normalized scenario, compressed into the URL fragment. A scenario too large for
 * a link (share.ts: MAX_LINK_JSON_CHARS) gets none: the button then says so at once, next to it,
 * and offers the scenario as a JSON file instead.
 */
import { isJsonObject } from '../sim/scenario';
import { setAddressPayload } from './address';
import { el } from './dom';
import { downloadScenario } from './scenario-panel';
import { compactLength, formatChars, LinkTooLargeError, MAX_LINK_JSON_CHARS, SHARE_PARAM, shareLinkFor, tooLargeForLink } from './share';

/**
 * What the page says of a scenario of `chars` characters of compact JSON, too large for a link;
 * `inAddress`: the address holds it all the same (a link opened here, which the page leaves as it came).
 */
export function tooLargeText(chars: number, inAddress: boolean): string {
  return (
    `Too large for a link: this scenario is ${formatChars(chars)} of JSON, a link carries at most ${formatChars(MAX_LINK_JSON_CHARS)}. ` +
    (inAddress ? '' : 'The address does not hold it (a reload starts the default scenario). ') +
    'Share it as a file:'
  );
}

export class ShareButton {
  private scenarioJson = '';
  /** characters of the scenario's compact JSON when it is too large for a link, else null */
  private tooLarge: number | null = null;
  /** the message about it is what the status shows */
  private showingTooLarge = false;
  /**
   * The payload of the scenario loaded now, as this page put it in its own address (so a hashchange
   * to it can be ignored); null when the page has put none since the scenario was loaded.
   */
  lastPayload: string | null = null;

  constructor(
    private readonly button: HTMLButtonElement,
    private readonly output: HTMLInputElement,
    private readonly status: HTMLElement,
  ) {
    button.addEventListener('click', () => void this.copy());
    output.addEventListener('focus', () => output.select());
  }

  /** The scenario to share (normalized JSON text). */
  setScenario(json: string): void {
    if (json !== this.scenarioJson) {
      // The link box, "Link copied" and the payload were the scenario before's. The payload kept
      // made a paste of that link into this tab's address do nothing: the address named it, the
      // page went on running the other scenario, and a reload ran the link's.
      this.lastPayload = null;
      this.output.value = '';
      this.output.hidden = true;
      if (!this.showingTooLarge) this.status.replaceChildren();
    }
    this.scenarioJson = json;
    this.button.disabled = json === '';
    this.tooLarge = json !== '' && tooLargeForLink(json) ? compactLength(json) : null;
    if (this.tooLarge !== null) {
      // the link box may hold the link of the scenario before
      this.output.value = '';
      this.output.hidden = true;
      this.showTooLarge(this.tooLarge, false);
    } else if (this.showingTooLarge) {
      this.status.replaceChildren();
      this.showingTooLarge = false;
    }
  }

  /** the message, with a button that downloads the scenario (focused when `focus`) */
  private showTooLarge(chars: number, focus: boolean): void {
    const download = el('button', { type: 'button', class: 'share-download' }, 'Download JSON');
    download.addEventListener('click', () => this.download());
    this.status.replaceChildren(`${tooLargeText(chars, new URLSearchParams(window.location.hash.slice(1)).has(SHARE_PARAM))} `, download);
    this.showingTooLarge = true;
    if (focus) download.focus();
  }

  /** the scenario as the engine normalized it, as a .json file (what Download JSON in the panel saves) */
  private download(): void {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(this.scenarioJson);
    } catch {
      // nothing to save
    }
    if (isJsonObject(parsed)) downloadScenario(parsed);
  }

  private async copy(): Promise<void> {
    if (this.scenarioJson === '') return;
    if (this.tooLarge !== null) {
      // answered at once: nothing is encoded
      this.showTooLarge(this.tooLarge, true);
      return;
    }
    let link: { payload: string; url: string };
    try {
      link = await shareLinkFor(this.scenarioJson, window.location.href);
    } catch (e) {
      if (e instanceof LinkTooLargeError) {
        this.tooLarge = e.chars;
        this.output.hidden = true;
        this.showTooLarge(e.chars, true);
        return;
      }
      throw e;
    }
    const { payload, url } = link;
    this.lastPayload = payload;
    setAddressPayload(payload);
    this.output.value = url;
    this.output.hidden = false;
    let copied = false;
    try {
      // a clipboard that neither resolves nor rejects (no user activation) must not block
      await Promise.race([
        navigator.clipboard.writeText(url),
        new Promise((_, reject) => setTimeout(() => reject(new Error('clipboard timeout')), 1500)),
      ]);
      copied = true;
    } catch {
      // no clipboard permission (insecure context, iframe...): the link is in the box
    }
    this.showingTooLarge = false;
    this.status.textContent = copied
      ? `Link copied (${url.length} characters).`
      : 'Copy the link from the box.';
    // Show the link selected, unless the user has moved on meanwhile (the clipboard may take up to
    // 1.5 s): focus taken from where they are now would send keyboard users back to the top bar.
    const active = document.activeElement;
    if (active === this.button || active === this.output || active === null || active === document.body) {
      this.output.focus();
      this.output.select();
    }
  }
}
