#!/usr/bin/env node
// Long-run check of issue 3: no disc ever leaves the circular wall, over many random starts of the
// circular-wall preset (the test suite runs 200 starts of 2 s; this runs 10^4 starts of the full
// 10 s by default). Uses the WASM build under node; prints progress and the deepest penetration.
//
//   node scripts/soft-circle-longrun.mjs [--count N] [--until T]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const k = args.indexOf(name);
  return k >= 0 ? Number(args[k + 1]) : fallback;
};
const count = option('--count', 10_000);
const until = option('--until', 10);

const factory = (await import(pathToFileURL(path.join(root, 'build', 'wasm', 'granular.mjs')).href)).default;
const mod = await factory({ wasmBinary: readFileSync(path.join(root, 'build', 'wasm', 'granular.wasm')) });
const base = JSON.parse(readFileSync(path.join(root, 'scenarios', 'soft-circle.json'), 'utf8'));
const R = base.domain.circle.radius;

let deepest = 0;
let worstSeed = 0;
let failures = 0;
for (let seed = 1; seed <= count; ++seed) {
  const world = new mod.SoftWorld(JSON.stringify({ ...base, seed, output: { ...base.output, duration: until } }));
  if (!world.ok()) throw new Error(world.report());
  const radii = world.radii().slice();
  let status = 0;
  while (status !== 2 && status !== 3) {
    status = world.advance(1e7);
    const q = world.coordinates();
    for (let i = 0; i < world.count(); ++i) {
      const depth = Math.hypot(q[6 * i], q[6 * i + 1]) + radii[i] - R;
      if (depth > deepest) {
        deepest = depth;
        worstSeed = seed;
      }
      if (Math.hypot(q[6 * i], q[6 * i + 1]) >= R) failures += 1;
    }
  }
  if (status === 3) {
    failures += 1;
    console.log(`seed ${seed}: stopped: ${world.message()}`);
  }
  world.delete();
  if (seed % 500 === 0 || seed === count) {
    console.log(`${seed}/${count} starts, deepest penetration ${deepest.toFixed(4)} m (seed ${worstSeed}), failures ${failures}`);
  }
}
console.log(failures === 0 ? `ok: no disc left the wall in ${count} starts` : `FAILED: ${failures} escapes or stops`);
process.exit(failures === 0 ? 0 : 1);
