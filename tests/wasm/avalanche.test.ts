// The avalanche through the WASM build: native = WASM (identical runout and state hash) on every
// avalanche preset, and the scenario API's messages.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AvalancheWorld, GranularModule } from '../../web/src/sim/granular-wasm';
import { OVERLAP_WARN } from '../../web/src/avalanche/summary-readout';
import { RK4_SLIP_LIMIT } from '../../web/src/soft/readout';
import { loadGranular, readRepoFile, ROOT } from './load';

const CLI = path.join(ROOT, 'build', 'release', 'granular-cli');
const AVALANCHE_PRESETS = readdirSync(path.join(ROOT, 'scenarios'))
  .filter((f) => f.endsWith('.json'))
  .filter((f) => (JSON.parse(readFileSync(path.join(ROOT, 'scenarios', f), 'utf8')) as { engine?: string }).engine === 'avalanche')
  .sort();
const FINISHED = 2;

let mod: GranularModule;
beforeAll(async () => {
  mod = await loadGranular();
});

function runToEnd(w: AvalancheWorld): void {
  for (let k = 0; k < 100000; ++k) if (w.advance(1e6) === FINISHED) return;
  throw new Error('the avalanche did not finish');
}

describe('avalanche (WASM)', () => {
  it('finds its presets', () => {
    expect(AVALANCHE_PRESETS).toContain('avalanche-column.json');
  });

  for (const file of AVALANCHE_PRESETS) {
    it(`scenarios/${file}: the same runout and state hash as granular-cli (native = WASM, bit for bit)`, () => {
      if (!existsSync(CLI)) throw new Error(`${CLI} missing: run npm test (it builds the native CLI first)`);
      const scenario = path.join(ROOT, 'scenarios', file);
      const [hash, time] = execFileSync(CLI, ['hash', scenario], { encoding: 'utf8' }).trim().split(' ');
      const run = execFileSync(CLI, ['run', scenario], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const csv = run.trim().split('\n');
      const lastRunout = Number(csv[csv.length - 1]?.split(',')[1]);
      const w = new mod.AvalancheWorld(readRepoFile(`scenarios/${file}`));
      try {
        expect(w.ok(), w.report()).toBe(true);
        runToEnd(w);
        expect(w.phase()).toBe(2); // stopped, not cut off by the duration
        expect(w.time()).toBe(Number(time));
        expect(w.summary().runout).toBe(lastRunout);
        expect(w.hashState()).toBe(hash);
        const s = w.samples(0);
        expect(s.runout[s.runout.length - 1]).toBe(lastRunout);
        expect(s.time.length).toBe(csv.length - 1);
      } finally {
        w.delete();
      }
    }, 120_000); // three whole runs (CLI hash, CLI run, WASM): several seconds each on a busy machine
  }

  // Jacobi solves two contacts per instruction (SSE2 natively, SIMD128 in WASM: nscd.cpp,
  // jacobiLocalPairs); the presets use Gauss–Seidel, so the column is run again with Jacobi here.
  it('the column preset under Jacobi: the same state hash and end time as granular-cli (native = WASM, bit for bit)', () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} missing: run npm test (it builds the native CLI first)`);
    const preset = JSON.parse(readRepoFile('scenarios/avalanche-column.json')) as Record<string, unknown>;
    const json = JSON.stringify({ ...preset, solver: { method: 'jacobi' } });
    const dir = mkdtempSync(path.join(tmpdir(), 'jacobi-'));
    let out: string;
    try {
      const file = path.join(dir, 'column-jacobi.json');
      writeFileSync(file, json);
      out = execFileSync(CLI, ['hash', file], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const [hash, time] = out.trim().split(' ');
    const w = new mod.AvalancheWorld(json);
    try {
      expect(w.ok(), w.report()).toBe(true);
      runToEnd(w);
      expect(w.phase()).toBe(2);
      expect(w.time()).toBe(Number(time));
      expect(w.hashState()).toBe(hash);
    } finally {
      w.delete();
    }
  }, 120_000);

  // h = 10 ms (the form's longest) sank grains 218 % of a radius into each other with no word: the summary
  // carries the deepest overlap, the same natively and in WASM, and the CLI warns past the engine's limit
  it('the deepest overlap: the same in WASM as granular-cli, which warns past the limit the page uses', () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} missing: run npm test (it builds the native CLI first)`);
    const json = JSON.stringify({ schema: 1, engine: 'avalanche', solver: { timeStep: 0.01 } });
    const dir = mkdtempSync(path.join(tmpdir(), 'overlap-'));
    try {
      const file = path.join(dir, 'coarse.json');
      writeFileSync(file, json);
      const run = spawnSync(CLI, ['run', file], { encoding: 'utf8' });
      const lines = run.stderr.trim().split('\n');
      const summary = JSON.parse(lines.pop() ?? '{}') as { deepestOverlap: number; deepestOverlapTime: number };
      const said = /warning: grains sank ([\d.]+) % of a radius into each other/.exec(lines.join('\n'));
      expect(said, run.stderr).not.toBeNull();
      expect(Number(said?.[1])).toBeCloseTo(100 * summary.deepestOverlap, 2);
      const w = new mod.AvalancheWorld(json);
      try {
        runToEnd(w);
        expect(w.summary().deepestOverlap).toBe(summary.deepestOverlap);
        expect(w.summary().deepestOverlapTime).toBe(summary.deepestOverlapTime);
        expect(w.summary().deepestOverlap).toBeGreaterThan(mod.avalancheOverlapWarn());
      } finally {
        w.delete();
      }
      // the preset's time step: no warning
      const preset = spawnSync(CLI, ['run', path.join(ROOT, 'scenarios', 'avalanche-column.json')], { encoding: 'utf8' });
      expect(preset.stderr).not.toContain('warning');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // the page judges by the engine's constants, not by copies that could drift
    expect(OVERLAP_WARN).toBe(mod.avalancheOverlapWarn());
    expect(RK4_SLIP_LIMIT).toBe(mod.rk4SlipLimit());
  }, 120_000);

  it("the village: the engine's summary says when the flow reached it, natively and in WASM alike", () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} missing: run npm test (it builds the native CLI first)`);
    const dir = mkdtempSync(path.join(tmpdir(), 'village-'));
    try {
      for (const x of [0.2, 0.9]) {
        const json = JSON.stringify({ schema: 1, engine: 'avalanche', village: x });
        const file = path.join(dir, `village-${x}.json`);
        writeFileSync(file, json);
        const run = spawnSync(CLI, ['run', file], { encoding: 'utf8' });
        const summary = JSON.parse(run.stderr.trim().split('\n').pop() ?? '{}') as { village?: { x: number; reachedAt: number | null } };
        const w = new mod.AvalancheWorld(json);
        try {
          runToEnd(w);
          // the first output instant whose runout reaches x, found here from the samples
          const s = w.samples(0);
          const k = Array.from(s.runout).findIndex((l) => l >= x);
          const expected = k < 0 ? -1 : s.time[k]!;
          expect(w.summary().villageReachedAt, String(x)).toBe(expected);
          expect(summary.village, String(x)).toEqual({ x, reachedAt: k < 0 ? null : expected });
          // the default column's runout is about 0.32 m: it reaches 0.2 m, not 0.9 m
          expect(k >= 0, String(x)).toBe(x < w.summary().runout);
        } finally {
          w.delete();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports bad scenarios field by field and keeps nothing half-built', () => {
    const report = JSON.parse(
      mod.validateAvalancheScenario('{"schema":1,"engine":"avalanche","grains":{"rmin":-0.1},"column":{"width":"wide"}}'),
    ) as { ok: boolean; errors: { text: string }[] };
    expect(report.ok).toBe(false);
    const texts = report.errors.map((e) => e.text);
    expect(texts).toContain('grains.rmin = -0.1: must be > 0 and <= 1 m');
    expect(texts).toContain('column.width = "wide": must be a number');
    const w = new mod.AvalancheWorld('{"schema":1,"engine":"avalanche","grains":{"rmin":0.0001,"rmax":0.0001}}');
    expect(w.ok()).toBe(false);
    expect(w.report()).toContain('holds about 500,000 grains');
    expect(w.bodies()).toBe(0);
    expect(w.positions().length).toBe(0);
    expect(w.advance(10)).toBe(3); // Stopped: nothing to run
    w.delete();
    expect(mod.scenarioFamily('{"engine":"avalanche"}')).toBe('avalanche');
    expect(JSON.parse(mod.defaultAvalancheScenario())).toMatchObject({ engine: 'avalanche', column: { width: 0.1, height: 0.2 } });
  });

  it('reads boundary segments from a Gmsh file', () => {
    const msh = [
      '$MeshFormat', '2.2 0 8', '$EndMeshFormat',
      '$Nodes', '3', '1 0 0 0', '2 1 0.5 0', '3 2 0.5 0', '$EndNodes',
      '$Elements', '2', '1 1 2 0 1 1 2', '2 1 2 0 1 2 3', '$EndElements',
    ].join('\n');
    const r = JSON.parse(mod.mshSegments(msh)) as { ok: boolean; segments: number[][] };
    expect(r.ok).toBe(true);
    expect(r.segments).toEqual([[0, 0, 1, 0.5], [1, 0.5, 2, 0.5]]);
    const bad = JSON.parse(mod.mshSegments('$MeshFormat\n9 0 8\n')) as { ok: boolean; message: string };
    expect(bad.ok).toBe(false);
    expect(bad.message.length).toBeGreaterThan(5);
  });
});
