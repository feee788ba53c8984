/** The soft-disc page (soft.html): runs, plots, share links, embed mode, field errors, family routing. */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { encodeScenario } from '../../web/src/ui/share';
import type { SoftProbe } from '../../web/src/ui/test-hook';
import { closePage, coloredPixels, granularState, menuPresetIds, openPage, presetIdsOfFamily, useBrowser, waitForState } from './browser';

const browser = useBrowser();

function softProbe(page: Page): Promise<SoftProbe> {
  return page.evaluate(() => {
    const probe = window.__granular?.soft?.();
    if (!probe) throw new Error('window.__granular.soft is missing');
    return probe;
  });
}

async function preset(name: string): Promise<string> {
  return readFile(new URL(`../../scenarios/${name}.json`, import.meta.url), 'utf8');
}

describe('the soft-disc page', () => {
  // A paused page (t = 0) has one instant: uPlot gave its lone point a 0-100 s time axis, for a 10 s
  // run with 0.02 s outputs. It spans one output interval now, and the run's own times after a Step.
  it('a paused page draws its lone instant on a time axis of one output interval, then the run\'s times', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?play=0`);
    await waitForState(page, (s) => s.count > 0);
    await expect.poll(async () => (await softProbe(page)).ledgerTime).toEqual([0, 0.02]);
    expect((await softProbe(page)).coordinateTime).toEqual([0, 0.02]);
    await page.locator('#btn-step').click();
    await page.locator('#btn-step').click();
    await waitForState(page, (s) => s.outputIndex >= 2);
    await expect.poll(async () => (await softProbe(page)).ledgerTime?.[1]).toBeCloseTo(0.04, 12);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('runs soft-box, draws the discs, fills the ledger; head-on shows its hysteresis loop', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html`);
    const first = await waitForState(page, (s) => s.count === 4 && s.time > 0 && s.running);
    expect(first.hash).toMatch(/^[0-9a-f]{16}$/);
    await expect.poll(() => coloredPixels(page)).toBeGreaterThan(1000);
    await expect.poll(async () => (await softProbe(page)).ledger).toBeGreaterThan(5);
    expect((await softProbe(page)).coordinate).toBeGreaterThan(0);
    expect(await page.locator('#preset').inputValue()).toBe('soft-box');
    // the soft presets in the menu, all of them and no other
    expect(await menuPresetIds(page)).toEqual(await presetIdsOfFamily('soft'));
    const labels = await page.locator('#scenario-form label').allTextContents();
    for (const unit of ["Young's modulus E (Pa)", 'Radius r (m)', 'g_y (m/s²)', 'Initial spin (largest) (rad/s)']) {
      expect(labels.some((l) => l.includes(unit)), unit).toBe(true);
    }
    expect(await page.locator('#readout').textContent()).toContain('ledger closure |total − initial| / largest energy');
    expect(await page.locator('#soft-info').textContent()).toContain('c_τ = 0.9');
    expect(await page.locator('#plot-ledger .u-title').textContent()).toBe('Energy ledger (J)');
    // the total and the initial energy share a colour: the dashed one's swatch is a dashed line, not a square like the other's
    const swatch = (label: string): Promise<string> => page.locator('#plot-ledger .u-legend .u-series', { hasText: label }).first().locator('.u-marker')
      .evaluate((m) => { const c = getComputedStyle(m); return `${c.borderTopStyle} ${c.borderLeftWidth} ${c.height}`; });
    expect(await swatch('total')).toMatch(/^solid 2px \d/);
    expect(await swatch('initial energy')).toBe('dashed 0px 2px'); // one 2 px dashed line (border-box)
    expect(await page.locator('#gas-link').getAttribute('href')).toBe('./');
    expect((await softProbe(page)).closure).toBeLessThan(1e-6);

    // head-on: speed it up; the one impact at t = 2 s gives one loop of disc 0 – disc 1
    await page.locator('#preset').selectOption('soft-head-on');
    await page.locator('#speed').fill('1');
    await waitForState(page, (s) => s.count === 2 && s.time > 2.3);
    await expect.poll(async () => (await softProbe(page)).loops).toBe(1);
    expect((await softProbe(page)).pair).toBe('disc 0 – disc 1');
    expect(await page.locator('#plot-hysteresis .u-legend').textContent()).toContain('t = 2.000 s');
    expect(await page.locator('#soft-info').textContent()).toContain('target restitution e = 0.8');
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('"Copy link" reproduces the same state, coordinates and all', async () => {
    const base = inject('baseUrl');
    const until = 0.4;
    const { page: a } = await openPage(browser(), `${base}soft.html?until=${until}`);
    const before = await waitForState(a, (s) => !s.running && s.time >= until);
    await a.locator('#f-seed').fill('11');
    await a.locator('#f-mu').fill('0.3');
    await a.locator('#apply').click();
    const stateA = await waitForState(a, (s) => !s.running && s.time >= until && s.hash !== before.hash);
    await a.locator('#copy-link').click();
    await expect.poll(() => a.locator('#share-url').inputValue()).toContain('#s=');
    const link = new URL(await a.locator('#share-url').inputValue());
    expect(link.pathname.endsWith('/soft.html')).toBe(true);
    link.search = `?until=${stateA.time}`;
    const { page: b, errors } = await openPage(browser(), link.toString());
    const stateB = await waitForState(b, (s) => !s.running && s.time >= stateA.time);
    expect(stateB.outputIndex).toBe(stateA.outputIndex);
    expect(stateB.hash).toBe(stateA.hash);
    expect((await softProbe(b)).coordinates).toEqual((await softProbe(a)).coordinates);
    expect(await b.locator('#f-seed').inputValue()).toBe('11');
    expect(await b.locator('#f-mu').inputValue()).toBe('0.3');
    for (let i = 1; i <= 2; i++) {
      await a.locator('#btn-step').click();
      await b.locator('#btn-step').click();
      const sa = await waitForState(a, (s) => s.outputIndex === stateA.outputIndex + i);
      const sb = await waitForState(b, (s) => s.outputIndex === stateA.outputIndex + i);
      expect(sb.hash).toBe(sa.hash);
    }
    expect(errors).toEqual([]);
    await closePage(a);
    await closePage(b);
  });

  it('?embed=1 shows the canvas, the play controls and the one plot asked for', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?embed=1&plot=ledger`);
    await waitForState(page, (s) => s.count > 0 && s.time > 0.1);
    for (const shown of ['#sim-canvas', '#btn-play', '#btn-step', '#card-ledger']) expect(await page.locator(shown).isVisible(), shown).toBe(true);
    for (const hidden of ['#scenario-panel', '.topbar', '#copy-link', '#readout', '#card-hysteresis', '#card-coordinate']) {
      expect(await page.locator(hidden).isVisible(), hidden).toBe(false);
    }
    await expect.poll(async () => (await softProbe(page)).ledger).toBeGreaterThan(3);
    await page.goto(`${inject('baseUrl')}soft.html?embed=1`);
    await waitForState(page, (s) => s.count > 0 && s.time > 0);
    expect(await page.locator('#plots').isVisible()).toBe(false);
    expect(await page.locator('#sim-canvas').isVisible()).toBe(true);
    await expect.poll(() => coloredPixels(page)).toBeGreaterThan(100);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('embedded at 480 x 360 with the ledger: a chart tall enough to read, its nine-entry legend in short words inside the frame; full labels elsewhere', async () => {
    const legend = (page: Page): Promise<{ over: number; bottom: number; shown: string[]; cut: string[]; full: string[] }> =>
      page.evaluate(() => {
        const root = document.querySelector('#plot-ledger')!;
        const visible = (e: Element): boolean => e.getBoundingClientRect().width > 2 && getComputedStyle(e).display !== 'none';
        const labels = [...root.querySelectorAll<HTMLElement>('.u-legend .u-label')];
        const shown = labels.map((l) => [...l.children].filter(visible).map((c) => c.textContent).join('') || (visible(l) ? (l.textContent ?? '') : ''));
        return {
          over: root.querySelector('.u-over')!.getBoundingClientRect().height,
          bottom: root.querySelector('.u-legend')!.getBoundingClientRect().bottom + window.scrollY,
          shown,
          cut: labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent ?? ''),
          full: labels.map((l) => l.querySelector('.label-full')?.textContent ?? l.textContent ?? ''),
        };
      });
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?embed=1&plot=ledger`, { width: 480, height: 360 });
    // nine full labels took a row each and left the drawing area 86 px tall at 480 x 360; under the
    // canvas of a phone-sized frame (390 x 844) six rows of them left it 50 px
    for (const [width, height] of [[480, 360], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${inject('baseUrl')}soft.html?embed=1&plot=ledger`);
      await waitForState(page, (s) => s.count > 0);
      await page.locator('#plot-ledger .u-legend').waitFor();
      await expect.poll(async () => (await legend(page)).over).toBeGreaterThanOrEqual(120);
      const small = await legend(page);
      expect(small.bottom).toBeLessThanOrEqual(height);
      expect(small.cut).toEqual([]);
      expect(small.shown).toEqual(['translation', 'rotation', 'observer', 'elastic', 'gravity', 'damping loss', 'friction loss', 'total', 'initial']);
      // the full labels are still there for screen readers and as tooltips
      expect(small.full).toContain('dissipated by damping');
    }
    // a larger frame and the page itself keep the full labels
    for (const [url, width, height] of [['soft.html?embed=1&plot=ledger', 900, 560], ['soft.html', 1400, 900]] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${inject('baseUrl')}${url}`);
      await waitForState(page, (s) => s.count > 0);
      await page.locator('#plot-ledger .u-legend').waitFor();
      const wide = await legend(page);
      expect(wide.shown, url).toEqual(['translational kinetic', 'rotational kinetic', 'observer kinetic', 'elastic (Hertz)', 'gravitational potential', 'dissipated by damping', 'dissipated by friction', 'total', 'initial energy']);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // Reset and Apply put the coordinate plot back on discs 0 and 1 and the hysteresis plot on the first
  // pair to collide, whatever the reader had chosen; the choice now stays while the run has it.
  it('Reset and Apply keep the discs and the pair chosen for the plots, dropping discs beyond a smaller count', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?until=2`);
    await waitForState(page, (s) => s.count === 4 && !s.running && s.time >= 2);
    const legend = (): Promise<string[]> => page.locator('#plot-coordinate .u-legend .u-label').allTextContents();
    await page.locator('#coord-discs').selectOption(['0', '2', '3']);
    await page.locator('#coord-quantity').selectOption('spin');
    const pairs = await page.locator('#pair-select option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(pairs.length).toBeGreaterThan(2);
    const pair = pairs.filter((p) => p !== '0:1').pop()!;
    await page.locator('#pair-select').selectOption(pair);
    const pairText = (await softProbe(page)).pair;
    expect(await legend()).toEqual(['disc 0', 'disc 2', 'disc 3']);

    await page.locator('#btn-reset').click();
    await waitForState(page, (s) => s.count === 4 && s.time === 0);
    expect(await page.locator('#coord-discs').evaluate((s) => [...(s as HTMLSelectElement).selectedOptions].map((o) => o.value))).toEqual(['0', '2', '3']);
    expect(await page.locator('#coord-quantity').inputValue()).toBe('spin');
    expect(await legend()).toEqual(['disc 0', 'disc 2', 'disc 3']);
    expect(await page.locator('#pair-select').inputValue()).toBe(pair);
    expect((await softProbe(page)).pair).toBe(pairText);

    // another scenario (the cradle has this pair too): its own first pair to collide; the discs stay
    await page.locator('#preset').selectOption('soft-cradle');
    await waitForState(page, (s) => s.count === 5 && s.time > 1.6);
    await expect.poll(async () => (await softProbe(page)).pair).toBe('disc 0 – disc 1');
    expect(await legend()).toEqual(['disc 0', 'disc 2', 'disc 3']);

    // two discs: disc 0 stays, 2 and 3 are gone
    await page.locator('#preset').selectOption('soft-box');
    await waitForState(page, (s) => s.count === 4);
    await page.locator('#f-count').fill('2');
    await page.locator('#apply').click();
    await waitForState(page, (s) => s.count === 2);
    expect(await page.locator('#coord-discs option').allTextContents()).toEqual(['disc 0', 'disc 1']);
    expect(await page.locator('#coord-discs').evaluate((s) => [...(s as HTMLSelectElement).selectedOptions].map((o) => o.value))).toEqual(['0']);
    expect(await legend()).toEqual(['disc 0']);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // In the 240 px column of a 480 x 360 frame "Discs" ended the first row and its list began the next;
  // at full width the label sat halfway down the three-row list.
  it('the coordinate picker: "Discs" right beside the top of its list (480 x 360 frame, 1366 and 390 px wide); the hint names Shift + arrows too', async () => {
    for (const [path, width, height] of [['soft.html?embed=1&plot=coordinate', 480, 360], ['soft.html', 1366, 900], ['soft.html', 390, 844]] as const) {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}${path}`, { width, height });
      await waitForState(page, (s) => s.count === 4);
      const label = await page.locator('label[for="coord-discs"]').boundingBox();
      const list = await page.locator('#coord-discs').boundingBox();
      const quantity = await page.locator('label[for="coord-quantity"]').boundingBox();
      const what = `${path} at ${width} x ${height}: label ${JSON.stringify(label)}, list ${JSON.stringify(list)}`;
      expect(label && list, what).toBeTruthy();
      if (!label || !list || !quantity) continue;
      const gap = list.x - (label.x + label.width);
      expect(gap, what).toBeGreaterThanOrEqual(0);
      expect(gap, what).toBeLessThan(12);
      expect(Math.abs(label.y - list.y), what).toBeLessThan(6);
      // beside the quantity on a wide page, the two labels on one line
      if (width > 480) expect(Math.abs(label.y - quantity.y), what).toBeLessThan(3);
      // the hint (hidden when embedded) named only Ctrl/⌘-click; Shift + arrow keys choose several too (the guide says so)
      if (path === 'soft.html') {
        const hint = (await page.locator('#coord-hint').textContent()) ?? '';
        expect(hint).toContain('Ctrl/⌘-click');
        expect(hint).toContain('Shift + arrow keys');
      }
      expect(errors).toEqual([]);
      await closePage(page);
    }
  });

  // Discs falling under gravity: their gravitational energy, counted from the start, goes negative. It
  // is drawn as its own area below zero, outside the chart's data (the stack stays above zero): the
  // energy axis must still reach down to it.
  it('the ledger under gravity: the energy axis reaches down to the negative gravitational energy, the ledger closes', async () => {
    const scenario = { ...JSON.parse(await preset('soft-box')), name: 'Soft discs falling in a box', gravity: [0, -9.81] };
    const payload = await encodeScenario(JSON.stringify(scenario));
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?until=2#s=${payload}`);
    await waitForState(page, (s) => s.count === 4 && !s.running && s.time >= 2);
    await expect.poll(async () => (await softProbe(page)).ledger).toBeGreaterThan(50);
    const ticks = async (): Promise<number[]> => ((await page.locator('#plot-ledger').getAttribute('data-ticks1')) ?? '').split(' ').map(Number);
    // the discs have fallen some 4 m: m g h ≈ 4 × 1 kg × 9.81 m/s² × 4 m, well below -100 J
    await expect.poll(async () => Math.min(...(await ticks()))).toBeLessThanOrEqual(-100);
    expect((await softProbe(page)).closure).toBeLessThan(1e-6);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // An impact the Hertz force cannot stop (10¹² kg at 10⁶ m/s) carried the disc through the wall with no
  // word: the run now stops there and the status line says which disc, which wall and what to change.
  it('an impact too hard for the contact stops the run with a message naming the disc and the wall', async () => {
    const scenario = {
      schema: 1, engine: 'soft', name: 'Absurd impact', domain: { box: { width: 12, height: 12 } },
      discs: [{ x: 6, y: 6, vy: -1e6, mass: 1e12 }], friction: { law: 'none' }, output: { interval: 0.01, duration: 1 },
    };
    const payload = await encodeScenario(JSON.stringify(scenario));
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html#s=${payload}`);
    await waitForState(page, (s) => s.count === 1 && s.status === 3);
    const status = page.locator('#status');
    await expect.poll(async () => (await status.textContent()) ?? '').toMatch(/Stopped at t = .*disc 0 is .* m into the bottom wall, more than its radius \(1 m\)/);
    expect(await status.textContent()).toContain('material.youngModulus');
    await page.screenshot({ path: '/tmp/granular-soft-pass-through.png', fullPage: false });
    expect(errors).toEqual([]);
    await closePage(page);
  });

  // RK4 with the default Coulomb slip speed is far past its stability limit: the ledger drifted with
  // nothing on the page saying why. The read-out gives λh and a line under it what to do; dopri5 has neither.
  it('RK4 past its friction limit says so under the read-out; the default dopri5 run does not', async () => {
    const box = JSON.parse(await preset('soft-box')) as Record<string, unknown>;
    const scenario = { ...box, name: 'Square box, Coulomb friction, RK4', friction: { law: 'coulomb', mu: 0.1, muWall: 0.1 }, integrator: { method: 'rk4' } };
    const payload = await encodeScenario(JSON.stringify(scenario));
    // granular-cli run: the first sticking or chattering contact comes after 2 s (λh up to 1203 by 3 s)
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?until=3#s=${payload}`);
    await waitForState(page, (s) => s.count === 4 && !s.running && s.time >= 3);
    const warning = page.locator('#slip-warning');
    await expect.poll(() => warning.isVisible()).toBe(true);
    expect(await warning.textContent()).toMatch(/^RK4's step is too long for the Coulomb friction's slip speed \(λh up to \d+/);
    expect(await page.locator('dd[data-key="slipStep"]').textContent()).toMatch(/^\d+ \(stable < 2\.785\)$/);
    await closePage(page);
    const plain = await openPage(browser(), `${inject('baseUrl')}soft.html?until=1`);
    await waitForState(plain.page, (s) => s.count === 4 && !s.running && s.time >= 1);
    expect(await plain.page.locator('#slip-warning').isVisible()).toBe(false);
    expect(await plain.page.locator('dd[data-key="slipStep"]').textContent()).toBe('–');
    expect([...errors, ...plain.errors]).toEqual([]);
    await closePage(plain.page);
  });

  // The closure's value broke after its exponent's hyphen beside its long label, '3.84e-' over '11'.
  it('reads the ledger closure on one line, at 1400 px and on a phone', async () => {
    for (const width of [1400, 390]) {
      const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html?until=1`, { width, height: 844 });
      await waitForState(page, (s) => s.count === 4 && !s.running && s.time >= 1);
      await expect.poll(() => page.locator('#readout dd[data-key=closure]').textContent()).toMatch(/^\d\.\d\de-\d+$/);
      // lines the value's text takes (the cell itself stretches to its row, whose label may wrap)
      const lines = await page.locator('#readout dd[data-key=closure]').evaluate((d) => {
        const range = document.createRange();
        range.selectNodeContents(d);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, `${width} px`).toBe(1);
      expect(errors).toEqual([]);
      await closePage(page);
    }
  });

  it('a bad value shows a message next to its field and the previous run goes on', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html`);
    const running = await waitForState(page, (s) => s.count === 4 && s.running);
    await page.locator('#f-poissonRatio').fill('0.7');
    await page.locator('#apply').click();
    const message = page.locator('#err-poissonRatio');
    await message.waitFor({ state: 'visible' });
    expect(await message.textContent()).toContain('material.poissonRatio = 0.7');
    expect(await page.locator('#f-poissonRatio').getAttribute('aria-invalid')).toBe('true');
    const later = await waitForState(page, (s) => s.running && s.outputIndex > running.outputIndex + 5);
    expect(later.count).toBe(4);
    expect(await page.locator('#scenario-title').textContent()).toContain('square box');
    // only the chosen domain's sizes can be typed into: a circle radius under "box" would be dropped
    expect(await page.locator('#f-circleRadius').isDisabled()).toBe(true);
    expect(await page.locator('#f-boxWidth').isDisabled()).toBe(false);
    await page.locator('#f-domainKind').selectOption('circle');
    expect(await page.locator('#f-circleRadius').isDisabled()).toBe(false);
    expect(await page.locator('#f-boxWidth').isDisabled()).toBe(true);
    await page.locator('#f-domainKind').selectOption('open');
    expect(await page.locator('#f-circleRadius').isDisabled()).toBe(true);
    expect(await page.locator('#f-boxHeight').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('c_τ is greyed out while a target restitution takes its place, and used once that is cleared (the guide\'s first try)', async () => {
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html`);
    await waitForState(page, (s) => s.count === 4);
    await page.locator('#preset').selectOption('soft-head-on');
    await waitForState(page, (s) => s.count === 2);
    await expect.poll(() => page.locator('#soft-info').textContent()).toContain('target restitution e = 0.8');
    // the preset sets e = 0.8: a c_τ typed now would be applied and do nothing
    expect(await page.locator('#f-restitution').inputValue()).toBe('0.8');
    expect(await page.locator('#f-cTau').isDisabled()).toBe(true);
    await page.locator('#f-restitution').fill('');
    expect(await page.locator('#f-cTau').isDisabled()).toBe(false);
    await page.locator('#f-cTau').fill('0.5');
    await page.locator('#apply').click();
    await expect.poll(() => page.locator('#soft-info').textContent()).toBe('Hunt–Crossley with c_τ = 0.5: a = 0.75; one impact restitutes e = 0.662962');
    expect(await page.locator('#f-cTau').isDisabled()).toBe(false);
    // typing a target restitution greys c_τ out again, as it is typed
    await page.locator('#f-restitution').pressSequentially('0.7');
    expect(await page.locator('#f-cTau').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});

describe('family routing', () => {
  it('a soft-disc link opened on the gas page lands on the soft page with the same scenario', async () => {
    const payload = await encodeScenario(JSON.stringify(JSON.parse(await preset('soft-cradle'))));
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}?until=0.1#s=${payload}`);
    await page.waitForURL(/\/soft\.html\?until=0\.1#s=/);
    const state = await waitForState(page, (s) => s.count === 5 && !s.running && s.time >= 0.1);
    expect(state.status).toBe(0);
    expect(await page.locator('#link-error').isVisible()).toBe(false);
    expect(await page.locator('#scenario-title').textContent()).toContain("Newton's cradle");
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it('a gas link opened on the soft page goes to the gas page; its menu lists the gas presets and no other', async () => {
    const payload = await encodeScenario(JSON.stringify(JSON.parse(await preset('two-discs'))));
    const { page, errors } = await openPage(browser(), `${inject('baseUrl')}soft.html#s=${payload}`);
    await page.waitForURL((url) => !url.pathname.endsWith('soft.html') && url.hash.startsWith('#s='));
    await waitForState(page, (s) => s.count === 2);
    expect(await page.locator('#link-error').isVisible()).toBe(false);
    expect(await menuPresetIds(page)).toEqual(await presetIdsOfFamily('gas'));
    expect((await granularState(page)).count).toBe(2);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
