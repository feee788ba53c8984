/**
 * Every export of a run names it as the plots' files do since 12cd411 (runStem in the file name,
 * runSubject in a CSV's headers): the event log, the canvas's PNG and WebM, the scenario's JSON.
 * Two edited runs of the same preset were "cooling-granular-gas-edited-events.csv" both, and
 * overwrote each other in a download folder; the log's headers said nothing of its run.
 */
import { describe, expect, it } from 'vitest';
import { runHeaders } from '../../web/src/plot/chart-export';
import { canvasFileName } from '../../web/src/ui/canvas-export';
import { EVENT_LOG_HEADER, eventLogCsv } from '../../web/src/ui/event-log';
import { EMPTY_REPRODUCE, exportFileName, runStem, runSubject, shortHash, type ReproduceInfo } from '../../web/src/ui/reproduce';
import { scenarioFileName } from '../../web/src/ui/scenario-panel';

const preset: ReproduceInfo = { ...EMPTY_REPRODUCE, scenario: 'Cooling granular gas', seed: 7, engine: 'event', version: '0.1.0' };
const json03 = JSON.stringify({ name: 'Cooling granular gas (edited)', restitution: 0.3 });
const json08 = JSON.stringify({ name: 'Cooling granular gas (edited)', restitution: 0.8 });
const edited = (json: string): ReproduceInfo => ({ ...preset, scenario: 'Cooling granular gas (edited)', variant: shortHash(json) });
/** the engine and version the preset's picture names, after the run in a CSV's headers */
const MADE = 'engine event (double), Granular Lab 0.1.0';
const LOG = { first: 0, total: 2, time: [0.5, 0.75], i: [3, 7], j: [9, -2] };
const AT = new Date(2026, 11, 3, 10, 11, 4);

describe('the event log CSV names its run', () => {
  it('the time column as every chart CSV names a column of values (runHeaders); disc and partner as they are; the first line the headers', () => {
    const lines = eventLogCsv(LOG, runSubject(preset)).split('\r\n');
    expect(lines[0]).toBe(`"time — Cooling granular gas, seed 7, ${MADE} (s)",disc i,partner j (disc j > i; wall k as j = -(k+1))`);
    expect(lines[0]?.startsWith(`"${runHeaders(['time (s)'], runSubject(preset), 0)[0]}",`)).toBe(true);
    expect(lines.slice(1)).toEqual(['0.5,3,9', '0.75,7,-2', '']);
    const mine = eventLogCsv(LOG, runSubject(edited(json03))).split('\r\n')[0];
    expect(mine).toBe(`"time — Cooling granular gas (edited) #${shortHash(json03)}, seed 7, ${MADE} (s)",disc i,partner j (disc j > i; wall k as j = -(k+1))`);
    expect(eventLogCsv(LOG, runSubject(edited(json08))).split('\r\n')[0]).not.toBe(mine);
  });

  it('with no run to name, the headers as they were', () => {
    expect(eventLogCsv(LOG).split('\r\n')[0]).toBe(EVENT_LOG_HEADER.map((h) => (/[",]/.test(h) ? `"${h}"` : h)).join(','));
  });
});

describe('the canvas PNG and WebM are named after the run', () => {
  it('a preset: its name and the time, as before', () => {
    expect(canvasFileName(runStem(preset), 'png', AT)).toBe('cooling-granular-gas-canvas-2026-12-03T10-11-04.png');
    expect(canvasFileName(runStem(preset), 'webm', AT)).toBe('cooling-granular-gas-2026-12-03T10-11-04.webm');
  });

  it('two edited runs: each with its own hash', () => {
    const a = canvasFileName(runStem(edited(json03)), 'png', AT);
    expect(a).toBe(`cooling-granular-gas-edited-${shortHash(json03)}-canvas-2026-12-03T10-11-04.png`);
    expect(canvasFileName(runStem(edited(json08)), 'png', AT)).not.toBe(a);
    expect(canvasFileName(runStem(edited(json03)), 'webm', AT)).toBe(`cooling-granular-gas-edited-${shortHash(json03)}-2026-12-03T10-11-04.webm`);
  });
});

describe('Download JSON names the scenario and its run', () => {
  it('a preset: its name, as before; an edited one: its name and hash, as its plots\' files', () => {
    expect(scenarioFileName({ name: 'Cooling granular gas' }, preset)).toBe('cooling-granular-gas.json');
    const info = edited(json03);
    expect(scenarioFileName({ name: 'Cooling granular gas (edited)' }, info)).toBe(`${exportFileName(runStem(info), 'x', 'csv').replace(/-x\.csv$/, '')}.json`);
    expect(scenarioFileName({ name: 'Cooling granular gas (edited)' }, info)).toBe(`cooling-granular-gas-edited-${shortHash(json03)}.json`);
    expect(scenarioFileName({ name: 'Cooling granular gas (edited)' }, edited(json08))).not.toBe(`cooling-granular-gas-edited-${shortHash(json03)}.json`);
  });

  it('a scenario without a name: "untitled", with its hash when not a preset', () => {
    expect(scenarioFileName({}, preset)).toBe('untitled.json');
    expect(scenarioFileName({}, { variant: 'abcdef01' })).toBe('untitled-abcdef01.json');
  });
});
