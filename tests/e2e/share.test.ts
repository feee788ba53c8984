/** Share links: the same scenario state for state in a fresh page; malformed links fall back to the default. */
import { describe, expect, inject, it } from 'vitest';
import { encodeScenario } from '../../web/src/ui/share';
import { closePage, granularState, openPage, screenshotPath, useBrowser, waitForState } from './browser';

const browser = useBrowser();

const UNTIL = 0.3;

describe('share links', () => {
  it('"Copy link" reproduces the same state in a fresh page', async () => {
    const base = inject('baseUrl');
    // change the scenario first (seed and restitution), so the link must carry it
    const { page: a } = await openPage(browser(), `${base}?until=${UNTIL}`);
    const defaultAtUntil = await waitForState(a, (s) => !s.running && s.time >= UNTIL);
    await a.locator('#f-seed').fill('4242');
    await a.locator('#f-restitution').fill('0.8');
    await a.locator('#apply').click();
    // the new scenario runs from t = 0 and pauses at UNTIL again
    const stateA = await waitForState(a, (s) => !s.running && s.time >= UNTIL && s.hash !== defaultAtUntil.hash);
    expect(stateA.time).toBe(defaultAtUntil.time);
    await a.locator('#copy-link').click();
    await expect.poll(() => a.locator('#share-url').inputValue()).toContain('#s=');
    const link = await a.locator('#share-url').inputValue();
    expect(link.startsWith(base)).toBe(true);
    expect(link).toMatch(/#s=[A-Za-z0-9_-]+$/);

    const url = new URL(link);
    url.search = `?until=${stateA.time}`;
    const { page: b, errors } = await openPage(browser(), url.toString());
    const stateB = await waitForState(b, (s) => !s.running && s.time >= stateA.time);
    expect(await b.locator('#f-seed').inputValue()).toBe('4242');
    expect(await b.locator('#f-restitution').inputValue()).toBe('0.8');
    expect(stateB.outputIndex).toBe(stateA.outputIndex);
    expect(stateB.time).toBe(stateA.time);
    expect(stateB.count).toBe(stateA.count);
    expect(stateB.hash).toBe(stateA.hash);

    // and step for step afterwards
    for (let i = 1; i <= 3; i++) {
      await a.locator('#btn-step').click();
      await b.locator('#btn-step').click();
      const sa = await waitForState(a, (s) => s.outputIndex === stateA.outputIndex + i);
      const sb = await waitForState(b, (s) => s.outputIndex === stateA.outputIndex + i);
      expect(sb.hash).toBe(sa.hash);
    }
    expect(await b.locator('#link-error').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await closePage(a);
    await closePage(b);
  });

  const malformed: Array<[string, () => Promise<string>, RegExp]> = [
    ['bad base64', async () => 'not*base64!', /not base64url/],
    ['bad deflate', async () => 'AAAAAAAAAAAA_____w', /damaged|decompress/],
    ['bad JSON', async () => encodeScenario('{"schema":1,'), /valid JSON/],
    ['an invalid scenario', async () => encodeScenario('{"schema":1,"restitution":5}'), /restitution/],
  ];

  for (const [what, payload, reason] of malformed) {
    it(`a link with ${what} shows a readable message and runs the default scenario`, async () => {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}#s=${await payload()}`);
      const banner = page.locator('#link-error');
      await banner.waitFor({ state: 'visible' });
      const text = (await banner.textContent()) ?? '';
      expect(text).toContain('The shared link could not be read:');
      expect(text).toMatch(reason);
      await waitForState(page, (s) => s.count > 0 && s.time > 0 && s.running);
      expect(await page.locator('#preset').inputValue()).toBe('gas-cooling');
      if (what === 'an invalid scenario') await page.screenshot({ path: screenshotPath('granular-bad-link.png') });
      expect(errors).toEqual([]);
      expect((await granularState(page)).status).toBe(0);
      // the address still holds the link, so the reader sees what they opened
      expect(new URL(page.url()).hash).toBe(`#s=${await payload()}`);
      await closePage(page);
    });
  }

  // an audit opened a link whose careful scenario had one bad field: the banner said why, but the JSON box
  // and the form held the default, so nothing of the sender's scenario could be mended and run
  it('a link whose scenario is not valid: its text goes into the JSON box with the reasons, and applies once mended', async () => {
    const sent = { schema: 1, name: 'My careful study', seed: 77, restitution: 5 };
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}#s=${await encodeScenario(JSON.stringify(sent))}`);
    await page.locator('#link-error').waitFor({ state: 'visible' });
    await waitForState(page, (s) => s.count > 0 && s.running);
    const box = page.locator('#scenario-json');
    await expect.poll(async () => box.inputValue()).toBe(JSON.stringify(sent, null, 2));
    expect(await page.locator('#scenario-json').evaluate((e) => (e.closest('details') as HTMLDetailsElement | null)?.open)).toBe(true);
    const listed = (await page.locator('#json-errors').textContent()) ?? '';
    expect(listed).toContain("The shared link's scenario, not applied (the default runs instead): fix it here and press Apply JSON.");
    expect(listed).toContain('restitution = 5');
    // the default runs meanwhile; mended, the sender's scenario applies
    expect(await page.locator('#preset').inputValue()).toBe('gas-cooling');
    await box.fill(JSON.stringify({ ...sent, restitution: 0.5 }, null, 2));
    await page.locator('#apply-json').click();
    await expect.poll(async () => page.locator('#scenario-title').textContent()).toBe('My careful study');
    expect(await page.locator('#json-errors').textContent()).toBe('');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('a link pasted into the address of a running page that cannot be read or run leaves the scenario the reader had', async () => {
    const { page, errors } = await openPage(browser(), inject('baseUrl'));
    await waitForState(page, (s) => s.count > 0 && s.running);
    await page.locator('#f-seed').fill('4242');
    await page.locator('#apply').click();
    // the applied scenario is in the address once compressed: the same payload as the reproduce
    // line's link, set with it. (A #s= of 40 characters or more also matched the uncompressed form
    // the address holds meanwhile, and in one CI run the compressed one replaced it after `mine`
    // was read.)
    const reproduceLink = page.locator('#card-energy .reproduce a');
    await expect.poll(async () => {
      const href = await reproduceLink.getAttribute('href');
      return href !== null && href.includes('#s=') && new URL(href, page.url()).hash === new URL(page.url()).hash;
    }).toBe(true);
    const mine = page.url();
    const before = await waitForState(page, (s) => s.running && s.time > 0);
    const banner = page.locator('#link-error');
    for (const [broken, reason] of [['not*base64!', /not base64url/], [await encodeScenario('{"schema":1,"restitution":5}'), /restitution/]] as const) {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, `s=${broken}`);
      await expect.poll(async () => (await banner.isVisible()) && ((await banner.textContent()) ?? '')).toMatch(reason);
      expect(await banner.textContent()).toContain('The scenario you had is still loaded');
      await expect.poll(() => page.url()).toBe(mine);
      // the same run goes on: the seed applied, the time further along
      const now = await waitForState(page, (s) => s.time > before.time);
      expect(now.count).toBe(before.count);
      expect(await page.locator('#f-seed').inputValue()).toBe('4242');
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // a tab that had copied a link ignored that link pasted back into its address once it ran another
  // scenario: the address named the link's scenario, the page ran the other one
  it('a link copied here, then pasted back after another scenario was loaded, loads its scenario', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?play=0`);
    await waitForState(page, (s) => s.count > 0);
    await page.locator('#preset').selectOption('gas-vibrated');
    const vibrated = await expect.poll(async () => page.locator('#scenario-name').textContent()).toMatch(/Vibrated granular gas/).then(() => page.locator('#scenario-name').textContent());
    await page.locator('#copy-link').click();
    await expect.poll(() => page.locator('#share-url').inputValue()).toContain('#s=');
    const link = new URL(await page.locator('#share-url').inputValue());
    await page.locator('#preset').selectOption('gas-elastic');
    await expect.poll(async () => page.locator('#scenario-name').textContent()).toMatch(/Elastic gas/);
    // the link box and "Link copied" were the other scenario's
    expect(await page.locator('#share-url').isHidden()).toBe(true);
    expect(await page.locator('#share-status').textContent()).toBe('');
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, link.hash);
    await expect.poll(async () => page.locator('#scenario-name').textContent()).toBe(vibrated);
    expect(await page.locator('#link-error').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('the chain lab: a link pasted into its address that cannot be read leaves the inputs the reader had', async () => {
    const mine = `${inject('baseUrl')}chain.html?play=0#s=${await encodeScenario(JSON.stringify({ kind: 'chain-lab', time: { e: 0.3 } }))}`;
    const { page, errors } = await openPage(browser(), mine);
    await page.waitForFunction(() => window.__chain !== undefined);
    await expect.poll(async () => page.evaluate(() => window.__chain?.probe().state.time.e)).toBe(0.3);
    const url = page.url();
    await page.evaluate(() => {
      window.location.hash = 's=not*base64!';
    });
    const banner = page.locator('#link-error');
    await expect.poll(async () => (await banner.isVisible()) && ((await banner.textContent()) ?? '')).toMatch(/not base64url.*Your inputs are still loaded/);
    await expect.poll(() => page.url()).toBe(url);
    expect(await page.evaluate(() => window.__chain?.probe().state.time.e)).toBe(0.3);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
