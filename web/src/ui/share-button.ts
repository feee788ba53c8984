/** "Copy link": the normalized scenario, compressed into the URL fragment. */
import { setAddressPayload } from './address';
import { shareLinkFor } from './share';

export class ShareButton {
  private scenarioJson = '';
  /** the payload this page put in its own address (so hashchange can ignore it) */
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
    this.scenarioJson = json;
    this.button.disabled = json === '';
  }

  private async copy(): Promise<void> {
    if (this.scenarioJson === '') return;
    const { payload, url } = await shareLinkFor(this.scenarioJson, window.location.href);
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
