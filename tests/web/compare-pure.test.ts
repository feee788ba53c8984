/**
 * The comparison page's pure parts: the table read from the engine's JSON, its rows, and the
 * sentences that explain the differences from this run's numbers; the samples on the page; the
 * form; the family routing.
 */
import { describe, expect, it } from 'vitest';
import { COMPARE_FIELDS, COMPARE_FORM } from '../../web/src/compare/compare-form';
import { enabledBy } from '../../web/src/ui/scenario-form';
import { runHeaders } from '../../web/src/plot/chart-export';
import { difference, explain, parseRowTable, runLengthText, sharedStepCause, sig, tableConditions, tableCsvRows, tableRows, type RowTable } from '../../web/src/compare/row-table';
import { engineMessage } from '../../web/src/compare/protocol';
import { CompareSeries, plotted } from '../../web/src/compare/series';
import { heightFlat, heightNote, velocityAxisLabel, velocityTitle, yAxisTitle } from '../../web/src/compare/compare-plots';
import { FAMILY_PAGE, familyPageUrl, scenarioFamilyOf } from '../../web/src/ui/family';
import { presetsOfFamily } from '../../web/src/ui/presets';
import { engineText } from '../../web/src/ui/reproduce';
import { expectFieldUnits } from './field-units';

interface EngineJson {
  engine: string;
  velocities: number[];
  collisions: number;
  done?: boolean;
  maxDifference: number;
  [key: string]: unknown;
}

/** a table as compareRowTable writes it, with the given engines (exact: the binary answer at e = 0.5) */
function tableJson(engines: EngineJson[], exact: Record<string, unknown> = {}): string {
  return JSON.stringify({
    ok: true,
    message: '',
    restitution: 0.5,
    gap: 1,
    speed: 1,
    youngModulus: 1e7,
    timeStep: 0.001,
    exact: { velocities: [0.173828125, 0.193359375, 0.2109375, 0.421875], collisions: 6, endTime: 17.8, collapsed: false, message: '', shortestInterval: 1.3333, ...exact },
    engines: engines.map((e) => ({ doneAt: 17.82, done: true, message: '', ...e })),
    closedForm: { v4: 0.421875, collisions: 6 },
  });
}

const binary = [0.173828125, 0.193359375, 0.2109375, 0.421875];

function table(text: string): RowTable {
  const p = parseRowTable(text);
  if (!p.ok) throw new Error(p.message);
  return p.table;
}

describe('the row table', () => {
  const agreeing = tableJson([
    { engine: 'event', velocities: binary, collisions: 6, maxDifference: 0, elasticByTC: 0 },
    { engine: 'soft', velocities: binary.map((v) => v + 3e-10), collisions: 6, maxDifference: 3.57e-10, contactDurationMax: 0.01237, contactDurationMean: 0.0091, overlapTime: 0, maxSimultaneous: 1 },
    { engine: 'nscd', velocities: binary, collisions: 6, maxDifference: 0, simultaneousSteps: 0, maxSimultaneous: 1, timeStep: 0.001 },
  ]);

  it('reads the engine JSON and refuses what is not a table', () => {
    const t = table(agreeing);
    expect(t.engines.map((e) => e.engine)).toEqual(['event', 'soft', 'nscd']);
    expect(t.engines[1]?.contactDurationMax).toBe(0.01237);
    expect(t.closedForm?.v4).toBe(0.421875);
    expect(parseRowTable('{"ok":false,"message":"the table is for the four-sphere row"}')).toEqual({ ok: false, message: 'the table is for the four-sphere row' });
    expect(parseRowTable('nonsense').ok).toBe(false);
    expect(parseRowTable('{"ok":true,"engines":[]}').ok).toBe(false);
  });

  it('has the exact answer first, then each engine with its difference, units in the header', () => {
    const { header, rows } = tableRows(table(agreeing));
    expect(header).toEqual(['', 'v1 (m/s)', 'v2 (m/s)', 'v3 (m/s)', 'v4 (m/s)', 'collisions / contacts', 'largest |Δv| vs exact (m/s)']);
    expect(rows.map((r) => r[0])).toEqual(['exact (chain engine, 1D)', 'event-driven', 'soft (Hunt–Crossley)', 'NSCD (Moreau–Jean)']);
    expect(rows[0]?.slice(1, 5)).toEqual(['0.173828', '0.193359', '0.210938', '0.421875']);
    expect(rows[2]?.[6]).toBe('3.6e-10');
    expect(rows[1]?.[6]).toBe('0');
    const csv = tableCsvRows(table(agreeing));
    expect(csv.rows[2]?.[1]).toBe(0.173828125 + 3e-10); // full precision
    // every row carries the run's conditions, so a saved file says what was run
    expect(csv.header.slice(-5)).toEqual(['e (1)', 'gap (m)', 'v0 (m/s)', 'soft E (Pa)', 'NSCD h (s)']);
    for (const row of csv.rows) expect(row.slice(-5)).toEqual([0.5, 1, 1, 1e7, 0.001]);
    // each column of values names its run as every plot's CSV does (runHeaders: "<quantity> — <run> (<unit>)");
    // the engine, the count without a unit and the run's conditions (its inputs) as they are
    const run = 'Four-sphere row, three contact models';
    const named = tableCsvRows(table(agreeing), run);
    expect(named.header).toEqual([
      'engine', `v1 — ${run} (m/s)`, `v2 — ${run} (m/s)`, `v3 — ${run} (m/s)`, `v4 — ${run} (m/s)`, 'collisions or contacts',
      `largest |dv| vs exact — ${run} (m/s)`, `finished at — ${run} (s)`, 'e (1)', 'gap (m)', 'v0 (m/s)', 'soft E (Pa)', 'NSCD h (s)',
    ]);
    expect(named.header).toEqual(runHeaders(csv.header.slice(0, -5), run).concat(csv.header.slice(-5)));
    expect(named.rows).toEqual(csv.rows);
  });

  it('an engine not finished because the exact row ends later than the table runs it says so (e = 0.99: last collision at 40000 s)', () => {
    const slow = [0.005, 0.004975, 0.00495013, 0.985075];
    const late = tableJson(
      [
        { engine: 'event', velocities: slow, collisions: 3, maxDifference: 5e-5, done: false, doneAt: 2000, elasticByTC: 0 },
        { engine: 'soft', velocities: slow, collisions: 3, maxDifference: 5e-5, done: false, doneAt: 2000 },
        { engine: 'nscd', velocities: slow, collisions: 3, maxDifference: 5e-5, done: false, doneAt: 2000, timeStep: 0.001 },
      ],
      { velocities: [0.0049505, 0.004975, 0.00499963, 0.985075], collisions: 6, endTime: 40001.99994944076, shortestInterval: 1.005 },
    );
    const text = explain(table(late));
    const why = ": the exact row's last collision comes only at t = 40000 s, later than the 2000 s the table runs each engine.";
    expect(text).toContain(`The event-driven engine had not finished by t = 2000 s${why}`);
    expect(text).toContain(`The soft discs had not finished by t = 2000 s${why}`);
    expect(text).toContain(`NSCD had not finished by t = 2000 s (h = 0.001 s)${why}`);
    // an engine not finished for another reason, the exact end (17.8 s) long past: no such clause
    const early = tableJson([
      { engine: 'event', velocities: binary, collisions: 6, maxDifference: 0, elasticByTC: 0 },
      { engine: 'soft', velocities: slow, collisions: 3, maxDifference: 5e-5, done: false, doneAt: 92 },
      { engine: 'nscd', velocities: binary, collisions: 6, maxDifference: 0, simultaneousSteps: 0, maxSimultaneous: 1, timeStep: 0.001 },
    ]);
    expect(explain(table(early)).join(' ')).toContain('The soft discs had not finished by t = 92 s.');
    // NSCD stopped by the table's step limit (v0 = 0.01 m/s at h = 1e-6 s computed for six minutes): the reason is given
    const capped = tableJson([
      { engine: 'event', velocities: binary, collisions: 6, maxDifference: 0, elasticByTC: 0 },
      { engine: 'soft', velocities: binary, collisions: 6, maxDifference: 0 },
      { engine: 'nscd', velocities: slow, collisions: 1, maxDifference: 0.4, done: false, doneAt: 20, timeStep: 1e-6,
        message: "stopped after 2e7 steps, the table's limit: a longer nscd.timeStep reaches the end" },
    ]);
    expect(explain(table(capped)).join(' ')).toContain(
      "NSCD had not finished by t = 20 s (h = 1e-6 s; stopped after 2e7 steps, the table's limit: a longer nscd.timeStep reaches the end).");
  });

  it('states the run\'s parameters over the table as a reader writes them: E = 1e7 Pa, not 10000000 Pa', () => {
    expect(tableConditions(table(agreeing))).toBe('e = 0.5, gaps 1 m, v0 = 1 m/s; soft E = 1e7 Pa; NSCD h = 0.001 s.');
    const typed = { ...table(agreeing), restitution: 0.1715763, gap: 0, speed: 2.5, youngModulus: 2.5e9, timeStep: 1e-4 };
    expect(tableConditions(typed)).toBe('e = 0.1715763, gaps 0 m, v0 = 2.5 m/s; soft E = 2.5e9 Pa; NSCD h = 1e-4 s.');
  });

  it('explains agreement with this run\'s numbers: contacts far shorter than the time between collisions, one impact per step', () => {
    const text = explain(table(agreeing)).join(' ');
    expect(text).toContain('disc 4 leaves at 0.421875 m/s, as ((1 + e)/2)³ v0 = 0.421875 m/s predicts');
    expect(text).toContain('at least 1.33 s apart');
    expect(text).toContain('at most 0.0124 s — 110 times shorter than the shortest time between two exact collisions: no two overlapped');
    expect(text).toContain('agree with the exact answer to 3.6e-10 m/s');
    expect(text).toContain('NSCD (h = 0.001 s) met every impact in a step of its own');
    expect(text).toContain('it agrees exactly, with the same 6 collisions');
    expect(text).toContain('one contact at a time: exact.');
  });

  it('explains the differences of touching discs: overlapping soft contacts, a simultaneous NSCD impact', () => {
    const t = table(
      tableJson(
        [
          { engine: 'event', velocities: [0, 0, 0, 1], collisions: 3, maxDifference: 0 },
          { engine: 'soft', velocities: [-0.0711, -0.0296, 0.1097, 0.991], collisions: 3, maxDifference: 0.1097, contactDurationMax: 0.0117, overlapTime: 0.0102, maxSimultaneous: 3 },
          { engine: 'nscd', velocities: [-0.5, 0.5, 0.5, 0.5], collisions: 3, maxDifference: 0.5, simultaneousSteps: 2, maxSimultaneous: 3, timeStep: 0.001 },
        ],
        { velocities: [0, 0, 0, 1], collisions: 3, endTime: 0, shortestInterval: 0 },
      ),
    );
    const text = explain(t).join(' ');
    expect(text).toContain('fall at the same instant (touching discs): it takes them one pair at a time');
    expect(text).toContain('3 of them overlapped for 0.0102 s in all while the exact collisions fall at the same instant');
    expect(text).toContain('disc 4 leaves at 0.991 m/s instead of 1');
    expect(text).toContain('NSCD (h = 0.001 s) had 3 contacts carrying impulse in one step (2 steps with two or more)');
    expect(text).toContain('(-0.5, 0.5, 0.5, 0.5) m/s, up to 0.5 m/s from the exact answer');
    // touching discs are one simultaneous impact at any h (an audit ran 1e-4 and 1e-2 s: the same velocities),
    // which the table contradicted with "a result that depends on the time step"
    expect(text).toContain('from the exact answer — the exact collisions fall at the same instant, so this does not depend on the time step');
    expect(text).not.toContain('a result that depends on the time step');
  });

  // gap 100 m at 0.001 m/s: the run is cut at 1000 s with 0 collisions, and only the table said why
  it('the run length says when the run ends before the row does', () => {
    expect(runLengthText(1000, 1.78e6)).toBe('1000 (ends before the row: its last exact collision is at t = 1.78e6 s)');
    expect(runLengthText(26.25, 17.8)).toBe('26.25');
    expect(runLengthText(5, -1)).toBe('5'); // the gas and the pile have no exact answer
  });

  it('collisions apart in time that share an NSCD step: that does depend on the time step, and the table says which spacing', () => {
    expect(sharedStepCause(0.0004, 0.001)).toBe(
      ' — the exact collisions are as little as 4e-4 s apart and fell into one step of 0.001 s: a result that depends on the time step (a step shorter than that separates them)');
    expect(sharedStepCause(null, 0.001)).toBe(' — a result that depends on the time step');
  });

  it('a soft difference from impacts slower than the persistent-contact floor is said so', () => {
    const t = table(
      tableJson([
        { engine: 'event', velocities: binary, collisions: 13, maxDifference: 0 },
        { engine: 'soft', velocities: binary, collisions: 13, maxDifference: 9.2e-6, contactDurationMax: 0.013, overlapTime: 0, maxSimultaneous: 1, slowestApproach: 0.00018, persistentSpeed: 0.001 },
        { engine: 'nscd', velocities: binary, collisions: 13, maxDifference: 0, simultaneousSteps: 0, timeStep: 0.001 },
      ]),
    );
    const text = explain(t).join(' ');
    expect(text).toContain('the slowest impact approached at only 1.8e-4 m/s, below the soft engine\'s floor of 0.001 m/s');
    expect(text).toContain('differ by up to 9.2e-6 m/s');
    expect(text).not.toContain('integrator tolerance');
  });

  it('says when an engine did not finish, or the row collapsed', () => {
    const t = table(
      tableJson(
        [
          { engine: 'event', velocities: [0.25, 0.25, 0.25, 0.25], collisions: 20000, maxDifference: 1e-3, done: false, message: 'inelastic collapse at t = 3.4 s' },
          { engine: 'soft', velocities: [0.2, 0.25, 0.26, 0.29], collisions: 9, maxDifference: 0.04, done: false },
          { engine: 'nscd', velocities: [0.25, 0.25, 0.25, 0.25], collisions: 3, maxDifference: 0, simultaneousSteps: 0, timeStep: 0.001, done: false, doneAt: 2000 },
        ],
        { collapsed: true, message: 'inelastic collapse at t = 3.41: velocities -> 0.25', velocities: [0.25, 0.25, 0.25, 0.25] },
      ),
    );
    const text = explain(t).join(' ');
    expect(text).toContain('the row collapses (inelastic collapse at t = 3.41: velocities -> 0.25)');
    expect(text).toContain('The event-driven engine had not finished by t = 17.8 s (inelastic collapse at t = 3.4 s)');
    expect(text).toContain('NSCD had not finished by t = 2000 s');
    expect(tableRows(t).rows[1]?.[0]).toBe('event-driven (not finished)');
  });

  it('formats numbers for reading', () => {
    expect(sig(0.0123456)).toBe('0.0123');
    expect(sig(2.5e-9, 2)).toBe('2.5e-9');
    expect(difference(0)).toBe('0');
    expect(difference(1e-15)).toBe('below 1e-12');
    expect(difference(3.57e-10)).toBe('3.6e-10');
  });
});

describe('the samples on the page', () => {
  it('splits each sample into engines and discs', () => {
    const s = new CompareSeries(2);
    // two samples, 3 engines x 2 discs x (vx, vy)
    const vel = new Float64Array(2 * 3 * 4);
    for (let i = 0; i < vel.length; i++) vel[i] = i;
    s.push({
      time: new Float64Array([0, 0.02]),
      kinetic: new Float64Array([1, 2, 3, 4, 5, NaN]),
      height: new Float64Array([0, 0, 0, 0, 0, 0]),
      contacts: new Float64Array([0, 0, 0, 1, 2, 3]),
      velocities: vel,
    });
    expect(s.length).toBe(2);
    expect(s.kinetic).toEqual([[1, 4], [2, 5], [3, NaN]]);
    expect(s.velocity(0, 1, 'vx')).toEqual([2, 14]);
    expect(s.velocity(2, 0, 'vy')).toEqual([9, 21]);
    expect(s.velocity(1, 1, 'speed')).toEqual([Math.hypot(6, 7), Math.hypot(18, 19)]);
    expect(plotted([1, NaN, 0, -1], true)).toEqual([1, null, null, null]);
    expect(plotted([1, NaN, 0, -1])).toEqual([1, null, 0, -1]);
  });
});

describe('the comparison family', () => {
  it('routes "engine": "compare" to compare.html and names its engines', () => {
    expect(scenarioFamilyOf('{"engine":"compare"}')).toBe('compare');
    expect(FAMILY_PAGE.compare).toBe('compare.html');
    expect(familyPageUrl('https://x.example/lab/soft.html?embed=1#s=abc', 'compare')).toBe('https://x.example/lab/compare.html?embed=1#s=abc');
    expect(engineText('compare', { nscd: { timeStep: 0.002 } })).toBe('event-driven + soft Hunt–Crossley dopri5 + NSCD Moreau–Jean h = 0.002 s');
    const presets = presetsOfFamily(
      {
        '/scenarios/compare-row.json': '{"engine":"compare","name":"Row"}',
        '/scenarios/compare-gas.json': '{"engine":"compare","name":"A gas"}',
        '/scenarios/gas-cooling.json': '{"name":"Cooling"}',
      },
      'compare',
    );
    expect(presets.map((p) => p.id)).toEqual(['compare-row', 'compare-gas']);
  });

  it('the form writes every field at its path and keeps the rest', () => {
    const base = { schema: 1, engine: 'compare', name: 'x', notes: 'about the row', setup: { kind: 'row', count: 24, speed: 1, gap: 1, gravity: 9.81 }, restitution: 0.5 };
    const values = COMPARE_FORM.fromScenario(base);
    expect(values['kind']).toBe('row');
    expect(values['gap']).toBe('1');
    // the same set-up keeps its name and description
    const same = COMPARE_FORM.toScenario(base, { ...values, restitution: '0.7' });
    expect(same['name']).toBe('x');
    expect(same['notes']).toBe('about the row');
    // another set-up is named after it; the old description goes
    const next = COMPARE_FORM.toScenario(base, { ...values, kind: 'pile', restitution: '0.8', gap: 'wide' });
    expect(next['name']).toBe('Small pile under gravity, three contact models');
    expect(next['notes']).toBeUndefined();
    // the row keeps the benchmark's full name, though its menu entry is shortened to fit the menu
    const pile = { ...base, setup: { ...base.setup, kind: 'pile' } };
    expect(COMPARE_FORM.toScenario(pile, { ...COMPARE_FORM.fromScenario(pile), kind: 'row' })['name']).toBe('Four-sphere row (ARGESIM C12), three contact models');
    expect((next['setup'] as Record<string, unknown>)['kind']).toBe('pile');
    expect(next['restitution']).toBe(0.8);
    // text that is not a number goes on as text, so the engine names the field and the value
    expect((next['setup'] as Record<string, unknown>)['gap']).toBe('wide');
    expectFieldUnits(COMPARE_FIELDS);
  });

  it('shows the default Young\'s modulus as 1e7 (as its hint writes it), not 10000000, and reads it back exactly', () => {
    const base = { schema: 1, engine: 'compare', setup: { kind: 'row', speed: 1, gap: 1 }, restitution: 0.5, soft: { youngModulus: 1e7 }, nscd: { timeStep: 0.001 } };
    const values = COMPARE_FORM.fromScenario(base);
    expect(values['youngModulus']).toBe('1e7');
    expect(values['timeStep']).toBe('0.001');
    expect(values['speed']).toBe('1');
    expect((COMPARE_FORM.toScenario(base, values)['soft'] as Record<string, unknown>)['youngModulus']).toBe(1e7);
    // every digit kept
    const typed = COMPARE_FORM.fromScenario({ ...base, soft: { youngModulus: 12345678.5 } });
    expect(typed['youngModulus']).toBe('1.23456785e7');
    expect((COMPARE_FORM.toScenario(base, typed)['soft'] as Record<string, unknown>)['youngModulus']).toBe(12345678.5);
    expect(COMPARE_FORM.fromScenario({ ...base, soft: { youngModulus: 999999 } })['youngModulus']).toBe('999999');
  });

  it('the set-up\'s own fields are in use only with the set-ups that read them (greyed out otherwise, as their hints say)', () => {
    const inUse = (kind: string): string[] =>
      COMPARE_FIELDS.filter((f) => f.key !== 'kind' && (!f.enabledWhen || enabledBy(f.enabledWhen, kind))).map((f) => f.key);
    const common = ['speed', 'restitution', 'youngModulus', 'timeStep', 'interval', 'duration'];
    expect(inUse('row').sort()).toEqual([...common, 'gap'].sort());
    expect(inUse('head-on').sort()).toEqual([...common, 'gap'].sort());
    expect(inUse('gas').sort()).toEqual([...common, 'count', 'seed', 'tc'].sort());
    expect(inUse('pile').sort()).toEqual([...common, 'count', 'gravity', 'seed', 'tc'].sort());
    for (const f of COMPARE_FIELDS) if (f.enabledWhen) expect(f.enabledWhen.key, f.key).toBe('kind');
  });
});

describe('an engine stop message in the comparison page\'s terms', () => {
  it('names the form field event.tc, not the gas scenario\'s collapse.model / collapse.tc', () => {
    const off = 'inelastic collapse at t = 0.52373 s: disc 2 collided 10000 times in a row at intervals below 2e-09 s; switch the TC model on (collapse.model = "tc")';
    expect(engineMessage(off)).toBe(
      'inelastic collapse at t = 0.52373 s: disc 2 collided 10000 times in a row at intervals below 2e-09 s; switch the TC model on: set “Event-driven: TC time t_c” (event.tc) above 0, e.g. 0.0001 s',
    );
    expect(engineMessage('inelastic collapse at t = 1 s: …; raise collapse.tc')).toBe('inelastic collapse at t = 1 s: …; raise “Event-driven: TC time t_c” (event.tc)');
    expect(engineMessage('the soft engine failed')).toBe('the soft engine failed');
  });
});

// the velocity plot's title read "Velocity of disc 4: v_x(t)", without a unit: it names the unit now,
// in a short form too for a narrow chart (a 480 x 360 frame's is 240 px wide)
describe("the comparison's velocity plot title", () => {
  it('names component, disc (1-based) and units, in full and short', () => {
    expect(velocityTitle(3, 'vx')).toEqual(['Velocity v_x of disc 4 (m/s) vs time t (s)', 'v_x of disc 4 (m/s) vs t (s)']);
    expect(velocityTitle(0, 'vy')).toEqual(['Velocity v_y of disc 1 (m/s) vs time t (s)', 'v_y of disc 1 (m/s) vs t (s)']);
    expect(velocityTitle(11, 'speed')).toEqual(['Speed |v| of disc 12 (m/s) vs time t (s)', '|v| of disc 12 (m/s) vs t (s)']);
    // the short title is the axis title's quantity and unit, with the time
    expect(velocityTitle(3, 'vx')[1]).toBe(`${velocityAxisLabel(3, 'vx')} vs t (s)`);
  });
});

// the height plot embedded for a set-up whose discs move along y = 0 is a flat line at 0 m: stacked under
// the canvases (375 x 600) the card says so instead of drawing it (compare.css), the gas's chart stays
describe("the comparison's height plot for a set-up that does not fall", () => {
  it('is flat for the pair, the row and the cradle (a row), not for the gas or the pile', () => {
    expect(['head-on', 'row'].map(heightFlat)).toEqual([true, true]);
    expect(['gas', 'pile'].map(heightFlat)).toEqual([false, false]);
  });
  it('says why under it: nothing for the pile', () => {
    expect(heightNote('head-on')?.picture).toBe('Only the pile falls: the pair\'s discs move along y = 0, so their height stays 0 m.');
    expect(heightNote('gas')?.picture).toBe('Only the pile falls: the gas has no gravity, and its centre of mass stays near the middle of its box.');
    expect(heightNote('pile')).toBeNull();
  });
  // the note shows only embedded (the full page hides the card for any but the pile), where no set-up
  // can be chosen: "Choose the set-up “pile” for this plot." could not be done. It names the card's own
  // link to the full page, and the pile as that page's set-up menu names it; the picture has no link
  it('embedded, points to the pile by the card\'s link and the set-up menu\'s name for it; its picture says why only', () => {
    for (const setup of ['head-on', 'row', 'gas']) {
      const note = heightNote(setup);
      expect(note?.page).toBe(`${note?.picture} For the pile: “link” below, set-up “small pile under gravity”.`);
      expect(note?.picture, setup).not.toMatch(/link|[Cc]hoose/);
    }
    const menu = COMPARE_FIELDS.find((f) => f.key === 'kind')?.options?.find(([value]) => value === 'pile')?.[1];
    expect(heightNote('row')?.page).toContain(`“${menu}”`);
  });
});

// each chart's y-axis title has a short form where the full one is longer than its plotting area is
// tall (fitAxisTitle): only the energy plot had one, and "height y_cm (m)" was cut to "height y_cm (m"
describe("the comparison's y-axis titles", () => {
  it('keep the quantity and the unit in their short forms, the full form being the CSV\'s', () => {
    expect(yAxisTitle('energy', 0, 'vx')).toEqual(['kinetic energy E_kin (J)', 'E_kin (J)']);
    expect(yAxisTitle('height', 0, 'vx')).toEqual(['height y_cm (m)', 'y_cm (m)']);
    expect(yAxisTitle('contacts', 0, 'vx')).toEqual(['collisions or contacts (1)', 'count (1)']);
    expect(yAxisTitle('velocity', 3, 'vx')).toEqual([velocityAxisLabel(3, 'vx'), 'v_x (m/s)']);
  });
});
