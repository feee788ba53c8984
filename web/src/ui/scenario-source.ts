/**
 * Where a page's scenario comes from, and what happens when the engine turns one down:
 * the default (bundled preset, else the engine's own), a share link (#s=, also pasted into
 * the address bar later), the panel (preset, form, JSON, file). A scenario of the other
 * family goes to its own page. Also shows the loaded scenario in the panel, share link and title.
 */
import type { LoadOrigin, RejectedMessage } from '../sim/protocol';
import { isJsonObject, type JsonObject } from '../sim/scenario';
import { byId, setClippedText } from './dom';
import { scenarioPageOf, type ScenarioFamily } from './family';
import { problemsForFamily } from './family-check';
import { goToFamilyPage, openScenarioInFamilyPage } from './family-redirect';
import type { KnownPresets } from './known-presets';
import type { Preset } from './presets';
import type { ScenarioPanel } from './scenario-panel';
import { EDITED_SUFFIX } from './scenario-form';
import { reproduce, scenarioReproduce, shortHash } from './reproduce';
import { clearAddressPayload, replaceAddress, setAddressPayload } from './address';
import { decodeScenario, encodeScenarioNow, shareLinkFor, tooLargeForLink } from './share';
import type { ShareButton } from './share-button';
import type { StatusLine } from './status-line';
import { parsePageParams, type PageParams } from './url-params';

export interface ScenarioClient {
  load(json: string, origin: LoadOrigin, play: boolean): void;
  /** a scenario as `family`'s engine normalizes it, without loading it (null: not valid) */
  normalize(json: string, family: ScenarioFamily): Promise<string | null>;
  setSpeed(value: number): void;
  setUntil(time: number | null): void;
}

export interface ScenarioSourceOptions {
  /** this page's family */
  family: ScenarioFamily;
  client: ScenarioClient;
  params: PageParams<string>;
  defaultPreset: Preset | null;
  /**
   * The bundled presets and those the engine has read: a scenario that is one exactly is named as it
   * (its exports without a hash), with the panel or without it (an embed)
   */
  known: KnownPresets;
  status: StatusLine;
  linkError: HTMLElement;
  share: ShareButton | null;
}

/** The normalized scenario JSON of a 'loaded' message as an object ({} when it is not one). */
export function parseLoadedScenario(scenarioJson: string): JsonObject {
  const parsed: unknown = JSON.parse(scenarioJson);
  return isJsonObject(parsed) ? parsed : {};
}

export class ScenarioSource {
  private defaultJson: string | null = null;
  private engineDefault: string | null = null;
  private panel: ScenarioPanel | null = null;
  private shown = 0;
  /** the normalized JSON of the scenario shown last (a load of the very same keeps the preset menu) */
  private lastJson: string | null = null;
  /** the address before a scenario applied here was written into it, until the engine answers */
  private addressBeforeApply: string | null = null;
  /**
   * The address before a link was pasted into it while a scenario runs here, until that link has
   * loaded or failed: a link that cannot be read or run leaves the scenario the reader had, and
   * its address, rather than replacing both with the default.
   */
  private addressBeforePaste: string | null = null;
  /** a link that could not be read or run was answered with the default: the address keeps the link, so the reader sees what they opened */
  private keepLinkInAddress = false;
  /** the text of the link being loaded (until it has loaded or been refused) */
  private linkJson: string | null = null;
  /** a link's scenario the engine refused, for the JSON box once the default has loaded in its place */
  private rejectedLink: { json: string; errors: RejectedMessage['errors'] } | null = null;

  constructor(private readonly o: ScenarioSourceOptions) {
    // a share link pasted into this tab's address bar
    window.addEventListener('hashchange', (event) => {
      const next = parsePageParams(window.location.search, window.location.hash).shared;
      if (next === null || next === o.share?.lastPayload) return;
      o.linkError.hidden = true;
      // with a scenario running here, a link that fails must not take it away
      this.addressBeforePaste = this.lastJson !== null ? event.oldURL : null;
      this.loadShared(next);
    });
  }

  /** the panel whose presets, form and JSON this source loads (null in embed mode) */
  attach(panel: ScenarioPanel | null): void {
    this.panel = panel;
  }

  readonly load = (json: string, origin: LoadOrigin): void => {
    // a scenario of another family, pasted or uploaded here, runs on its own page; a text that
    // names none (malformed JSON, a mistyped engine) stays here and is reported in place
    const page = scenarioPageOf(json);
    if ((origin === 'json' || origin === 'file') && page !== null && page !== this.o.family) {
      // checked first by that page's validator: an invalid one stays here, its errors named, and
      // the page (with what the reader typed in its form) is not left for a default scenario
      if (page === 'chain') void openScenarioInFamilyPage(json, page);
      else {
        void problemsForFamily(json, page).then((problems) => {
          if (problems.length > 0) this.panel?.showErrors(origin, problems);
          else void openScenarioInFamilyPage(json, page);
        });
      }
      return;
    }
    // the page's first scenario follows ?play=; a scenario the user applies starts running; the
    // embedding page plays its scenarios itself
    const play = origin === 'api' ? false : origin === 'default' || origin === 'link' ? this.o.params.autoplay : true;
    // The address takes what the user applied at once, not only when the engine has loaded it and
    // its compressed link is ready: a reload in between (the avalanche's column settles first) gave
    // the scenario before it back, or none. If the engine turns it down, the address goes back.
    if (followsAddress(origin) && tooLargeForLink(json)) {
      // no link for it (share.ts, MAX_LINK_JSON_CHARS): the address names no scenario meanwhile,
      // and the text is not parsed and written out again here
      this.addressBeforeApply ??= window.location.href;
      clearAddressPayload();
    } else if (followsAddress(origin)) {
      let compact: string | null = null;
      try {
        compact = JSON.stringify(JSON.parse(json));
      } catch {
        // malformed text: the engine reports it, and the address keeps what it had
      }
      if (compact !== null) {
        this.addressBeforeApply ??= window.location.href;
        setAddressPayload(encodeScenarioNow(compact));
      }
    }
    // A bundled preset's name the panel has not learned yet (a link to a preset, its file, its JSON
    // pasted): the engine normalizes those presets first, and answers before this load's 'loaded'
    // (WorkerClient.normalize), so show() knows at once whether it is that preset exactly. Asked only
    // once loaded, a download meanwhile was named with a hash ("column-collapse-…-1c7eda06-runout.csv")
    // that the same download a moment later was not. An embed, which has no panel, asks the same:
    // asked by none, it named a link's bundled preset with a hash for good.
    if (origin !== 'preset' && origin !== 'default' && origin !== 'reset' && origin !== 'api') {
      this.learn(this.o.known.toLearnIn(json));
    }
    this.o.client.load(json, origin, play);
  };

  /** Has the engine normalize `presets` and learns each as it read it (the panel's menu too); `learned` after each. */
  private learn(presets: readonly Preset[], learned: () => void = () => undefined): void {
    for (const preset of presets) {
      void this.o.client.normalize(preset.json, this.o.family).then((json) => {
        if (this.o.known.learned(preset.id, json === null ? null : parseLoadedScenario(json))) this.panel?.presetLearned(preset.id);
        learned();
      });
    }
  }

  /** the engine is ready: set the speed and until, load the shared or the default scenario */
  ready(engineDefaultJson: string, speed: number): void {
    const { client, params, defaultPreset } = this.o;
    this.engineDefault = engineDefaultJson;
    this.defaultJson = defaultPreset ? defaultPreset.json : engineDefaultJson;
    client.setSpeed(speed);
    if (params.until !== null) client.setUntil(params.until);
    this.o.status.set('Loading the scenario…');
    if (params.shared !== null) this.loadShared(params.shared);
    else this.loadDefault();
  }

  rejected(msg: RejectedMessage): void {
    if (msg.origin === 'link') {
      const reasons = msg.errors.map((e) => e.text).join('; ');
      // opened with the page, the default runs in its place: the link's text goes into the JSON box
      // with its errors once the default has loaded (show), so the reader can mend it
      if (this.addressBeforePaste === null && this.linkJson !== null) this.rejectedLink = { json: this.linkJson, errors: msg.errors };
      this.linkJson = null;
      this.linkFailed(`the scenario in it is not valid (${reasons})`);
    } else if (msg.origin === 'default') {
      if (this.defaultJson !== this.engineDefault && this.engineDefault !== null) {
        // the bundled default preset did not validate: fall back to the engine's default
        this.defaultJson = this.engineDefault;
        this.load(this.engineDefault, 'default');
      }
      this.panel?.showErrors('json', msg.errors);
      this.o.status.set('The default scenario could not be loaded.');
    } else {
      this.panel?.showErrors(msg.origin, msg.errors);
      if (followsAddress(msg.origin) && this.addressBeforeApply !== null) {
        replaceAddress(this.addressBeforeApply);
        this.addressBeforeApply = null;
      }
    }
  }

  /** a scenario was loaded: the panel, the share link, the title and the address follow it */
  show(scenario: JsonObject, scenarioJson: string, origin: LoadOrigin): void {
    const panel = this.panel;
    const known = this.o.known;
    // the page's default preset as the engine read it (a link to it later is named as it at once)
    const preset = this.o.defaultPreset;
    if (origin === 'default' && preset !== null && preset.name === scenario['name']) known.loaded(preset.id, scenario);
    panel?.clearErrors();
    panel?.showScenario(scenario, origin);
    const rejectedLink = this.rejectedLink;
    this.rejectedLink = null;
    if (origin === 'link') this.linkJson = null;
    if (rejectedLink && origin === 'default') panel?.showRejectedLink(prettyJson(rejectedLink.json), rejectedLink.errors);
    // a scenario from elsewhere is no longer the preset the menu names, unless it is that preset
    // exactly (the form's values put back); the same one applied again (the form unchanged, which
    // keeps the preset's name too) still is
    const same = scenarioJson === this.lastJson;
    this.lastJson = scenarioJson;
    if (origin !== 'preset' && origin !== 'default' && origin !== 'reset' && !same) {
      const matching = known.matching(scenario);
      panel?.selectPreset(matching);
      // the presets loaded in this tab are known, and those asked of the engine before this load
      // (load); a bundled one this scenario may be that its text did not name so (an escaped name) is
      // asked now, and the menu names it once the engine's answer says it is that preset exactly
      if (matching === null) {
        this.learn(known.toLearn(scenario), () => {
          // that preset exactly, still shown: its exports are named as the preset's
          if (this.lastJson === scenarioJson && known.matching(scenario) !== null) reproduce.set({ variant: null });
        });
      }
    }
    this.o.share?.setScenario(scenarioJson);
    setClippedText(byId('scenario-name', HTMLElement), typeof scenario['name'] === 'string' ? scenario['name'] : '', EDITED_SUFFIX);
    // the reproduce line under the plots: what was loaded, then its share link once encoded
    // a scenario that is not a preset exactly (edited, pasted, a file, a link) has its exports named
    // apart by a hash of its JSON as the engine wrote it: every edited one was "…-edited-runout.csv"
    const isPreset = origin === 'preset' || origin === 'default' || known.matching(scenario) !== null;
    reproduce.set({ ...scenarioReproduce(this.o.family, scenario), precision: 'double', link: null, variant: isPreset ? null : shortHash(scenarioJson) });
    const shown = ++this.shown;
    // The address is the scenario: a scenario applied here (form, JSON, file, preset) goes into its
    // #s= once encoded, so reloading the tab or bookmarking it keeps what the user made. The
    // default scenario, and one an embedding page sent, leave the plain address (an #s= naming
    // another scenario would mislead); a link's own #s= and Reset leave the address as it is.
    // Until the compressed payload is ready the address holds the same scenario uncompressed, so a
    // reload meanwhile gives it back.
    const follow = followsAddress(origin);
    this.addressBeforeApply = null;
    if (origin === 'link') this.addressBeforePaste = null;
    const keepLink = this.keepLinkInAddress && origin === 'default';
    this.keepLinkInAddress = false;
    const linkless = tooLargeForLink(scenarioJson);
    if (follow && linkless) clearAddressPayload();
    else if (follow) setAddressPayload(encodeScenarioNow(JSON.stringify(scenario)));
    else if ((origin === 'default' && !keepLink) || origin === 'api') clearAddressPayload();
    if (linkless) return;
    shareLinkFor(scenarioJson, window.location.href).then(
      ({ url, payload }) => {
        if (shown !== this.shown) return;
        reproduce.set({ link: url });
        if (follow) {
          setAddressPayload(payload);
          // the address now names what runs: pasting this very link again changes nothing
          if (this.o.share) this.o.share.lastPayload = payload;
        }
      },
      () => undefined,
    );
  }

  private loadDefault(): void {
    if (this.defaultJson === null) return;
    const preset = this.o.defaultPreset;
    this.panel?.selectPreset(preset ? preset.id : null);
    this.load(this.defaultJson, 'default');
  }

  /** a share link: a scenario of the other family goes to its page with the same link */
  private loadShared(payload: string): void {
    decodeScenario(payload).then(
      (json) => {
        const page = scenarioPageOf(json);
        if (page !== null && page !== this.o.family) goToFamilyPage(page);
        else {
          this.linkJson = json;
          this.load(json, 'link');
        }
      },
      (error: unknown) => this.linkFailed(error instanceof Error ? error.message : String(error)),
    );
  }

  /**
   * A link could not be read, or its scenario not run. Pasted into the address while a scenario
   * runs here, it leaves that scenario running and the address back on it; opened with the page,
   * the default runs and the address keeps the link, so the reader sees what they opened.
   */
  private linkFailed(reason: string): void {
    const before = this.addressBeforePaste;
    this.addressBeforePaste = null;
    if (before !== null) {
      replaceAddress(before);
      this.o.linkError.textContent = `The link put in the address could not be read: ${reason}. The scenario you had is still loaded, and the address is back to it.`;
      this.o.linkError.hidden = false;
      return;
    }
    this.o.linkError.textContent = `The shared link could not be read: ${reason}. The default scenario was loaded instead; the address still holds the link.`;
    this.o.linkError.hidden = false;
    this.keepLinkInAddress = true;
    this.loadDefault();
  }
}

/** Scenarios the user applies on this page go into the address (see ScenarioSource.show). */
function followsAddress(origin: LoadOrigin): boolean {
  return origin === 'form' || origin === 'json' || origin === 'file' || origin === 'preset';
}

/** a link's text as the JSON box shows scenarios: pretty-printed when it parses, as it came otherwise */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
