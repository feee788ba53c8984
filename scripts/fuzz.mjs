// Fuzz every scenario parser and validator (gas, soft discs, avalanche, chain set-up, Gmsh reader)
// with libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer (issue 6 §4).
//
//   node scripts/fuzz.mjs [--time SECONDS] [--jobs N]       (npm run fuzz -- --time 600)
//
// Needs Debian's clang (apt-get install -y clang). Builds build/fuzz with clang++, seeds the corpus
// (build/fuzz/corpus) with the presets and tests/fuzz/seeds, runs for the given time (default 600 s)
// with a 30 s per-input timeout (wall-clock: a loaded machine slows every input) and a 2 GB memory limit, and writes any crashing, leaking, slow or
// memory-hungry input to tests/fuzz/regressions/ (fix the bug, keep the file: every CTest run
// replays it). Exit status 0 when the run ends without a finding.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const seconds = Number(option('time', '600'));
const jobs = Number(option('jobs', '1'));
if (!(seconds > 0) || !(jobs >= 1)) {
  console.error('usage: node scripts/fuzz.mjs [--time SECONDS] [--jobs N]');
  process.exit(2);
}

if (spawnSync('clang++', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('clang++ not found: apt-get install -y clang');
  process.exit(1);
}

const dir = path.join(root, 'build', 'fuzz');
const must = (cmd, argv) => {
  const r = spawnSync(cmd, argv, { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
must('cmake', ['-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=RelWithDebInfo', '-DCMAKE_CXX_COMPILER=clang++', '-DGRANULAR_FUZZ=ON',
  '-DGRANULAR_TESTS=OFF', '-DGRANULAR_WERROR=OFF']);
must('cmake', ['--build', dir, '--target', 'granular_fuzz', '-j', String(Math.min(cpus().length, 4))]);

const corpus = path.join(dir, 'corpus');
mkdirSync(corpus, { recursive: true });
for (const from of ['scenarios', 'tests/fuzz/seeds', 'tests/fuzz/regressions']) {
  for (const f of readdirSync(path.join(root, from))) {
    if (f === 'README.md') continue;
    const target = path.join(corpus, `${from.replaceAll('/', '_')}_${f}`);
    if (!existsSync(target)) copyFileSync(path.join(root, from, f), target);
  }
}

const regressions = path.join(root, 'tests', 'fuzz', 'regressions');
console.log(`fuzzing for ${seconds} s with ${jobs} job(s); findings go to ${path.relative(root, regressions)}/`);
const run = spawnSync(path.join(dir, 'granular_fuzz'), [
  corpus,
  `-max_total_time=${seconds}`,
  '-timeout=30',
  '-rss_limit_mb=2048',
  '-max_len=65536',
  `-artifact_prefix=${regressions}/`,
  '-print_final_stats=1',
  ...(jobs > 1 ? [`-jobs=${jobs}`, `-workers=${jobs}`] : []),
], { stdio: 'inherit', cwd: root });
const ok = run.status === 0;
console.log(ok ? `no crash, leak, timeout or out-of-memory in ${seconds} s` : `finding: see ${path.relative(root, regressions)}/ (exit ${run.status})`);
process.exit(ok ? 0 : 1);
