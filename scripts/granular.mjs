#!/usr/bin/env node
// One entry point for the project's commands (package.json scripts call it):
//
//   node scripts/granular.mjs start   set up, build native + WASM, serve the app (prints its URL)
//   node scripts/granular.mjs test    set up, build, run every test: CTest, Vitest (+ the real .wasm), Chromium e2e
//   node scripts/granular.mjs build   set up, build WASM, static site in dist/ (works under any sub-path)
//   node scripts/granular.mjs bench   set up, build release native + WASM, print the benchmark table
//   node scripts/granular.mjs setup | build-native | build-wasm
//
// Set-up installs what is missing: Debian packages through apt-get when running as root (otherwise it
// prints the exact apt-get line and stops), npm packages through `npm ci`. Only Node built-ins are used
// here, because this script runs before `npm ci`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jobs = String(Math.max(1, Math.min(cpus().length, 4)));

/** Debian packages and how to tell they are present. */
const debianPackages = [
  { name: 'emscripten', present: () => existsSync('/usr/bin/emcc') },
  { name: 'libeigen3-dev', present: () => existsSync('/usr/include/eigen3/Eigen/Core') },
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  // the browser tests' Chromium: the same engine without the browser's UI, a quarter less CPU (tests/e2e/browser.ts)
  { name: 'chromium-headless-shell', present: () => existsSync('/usr/bin/chromium-headless-shell') },
  { name: 'libgtest-dev', present: () => existsSync('/usr/include/gtest/gtest.h') },
  { name: 'make', present: () => existsSync('/usr/bin/make') },
];

function log(message) {
  process.stdout.write(`\x1b[1m[granular]\x1b[0m ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    log(`failed (exit ${status}): ${command} ${args.join(' ')}`);
    process.exit(status);
  }
}

function setupDebian() {
  const missing = debianPackages.filter((p) => !p.present()).map((p) => p.name);
  if (missing.length === 0) return;
  const line = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    log(`missing Debian packages: ${missing.join(', ')}. Install them as root, then run this again:`);
    process.stdout.write(`\n    sudo sh -c '${line}'\n\n`);
    process.exit(1);
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  mustRun('apt-get', ['update'], { env });
  mustRun('apt-get', ['install', '-y', ...missing], { env });
}

function setupNpm() {
  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const fresh = existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  log('installing npm packages (npm ci)');
  mustRun('npm', ['ci', '--no-audit', '--no-fund']);
}

function setup() {
  setupDebian();
  setupNpm();
}

/** Native build. `kind`: 'test' (Debug + ASan/UBSan, -O1) or 'release'. */
function buildNative(kind) {
  const dir = path.join(root, 'build', kind === 'test' ? 'native' : 'release');
  const flags =
    kind === 'test'
      ? // -g1: line tables only, all a sanitizer report needs for file:line (full -g made this build
        // a third slower: 3.0 -> 2.1 min on 2 cores); configure your own build for a debugger.
        // -Og for the tests and the CLI's own files (GRANULAR_DRIVER_FLAGS): their expanded gtest
        // assertions took 10-17 s a file to compile at -O1 under the sanitizers, 3-8 s at -Og, and
        // they run little (CTest's time is the same); the engines they drive stay at -O1.
        ['-DCMAKE_BUILD_TYPE=Debug', '-DGRANULAR_SANITIZE=ON', '-DCMAKE_CXX_FLAGS=-O1', '-DCMAKE_CXX_FLAGS_DEBUG=-g1', '-DGRANULAR_DRIVER_FLAGS=-Og']
      : ['-DCMAKE_BUILD_TYPE=Release', '-DGRANULAR_TESTS=OFF'];
  log(`building native (${kind}) in ${path.relative(root, dir)}`);
  mustRun('cmake', ['-S', '.', '-B', dir, ...flags, '-DGRANULAR_WERROR=ON'], { stdio: ['inherit', 'ignore', 'inherit'] });
  mustRun('cmake', ['--build', dir, '-j', jobs]);
  return dir;
}

function buildWasm() {
  const dir = path.join(root, 'build', 'wasm-obj');
  // Debian's emcc runs on the machine's Node, which finds Debian's acorn only through NODE_PATH.
  const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };
  log('building WebAssembly (build/wasm/granular.{mjs,wasm} with SIMD, granular-baseline.{mjs,wasm} without)');
  mustRun('emcmake', ['cmake', '-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=Release', '-DGRANULAR_WERROR=ON'], {
    env,
    stdio: ['inherit', 'ignore', 'inherit'],
  });
  mustRun('cmake', ['--build', dir, '-j', jobs], { env });
}

function bin(name) {
  return path.join(root, 'node_modules', '.bin', name);
}

function viteBuild() {
  log('building the static site (dist/)');
  mustRun(bin('vite'), ['build', '--logLevel', 'warn']);
}

// ---- test -------------------------------------------------------------------------------------

function runCtest(dir) {
  log('native tests (CTest)');
  const result = spawnSync('ctest', ['--test-dir', dir, '--output-on-failure', '-j', jobs], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  process.stdout.write(result.stdout ?? '');
  const m = /(\d+)% tests passed, (\d+) tests? failed out of (\d+)/.exec(result.stdout ?? '');
  if (!m) return { passed: 0, failed: 1, label: 'CTest (no summary: the run crashed)' };
  const failed = Number(m[2]);
  const total = Number(m[3]);
  return { passed: total - failed, failed, label: 'CTest' };
}

function runVitest(project, label) {
  log(`${label} (Vitest project "${project}")`);
  const report = path.join(root, 'build', `vitest-${project}.json`);
  rmSync(report, { force: true }); // a crashed run must not be counted from an old report
  const status = run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const failed = json.numFailedTests + (json.numRuntimeErrors ?? 0) + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
    return { passed: json.numPassedTests, failed, label };
  } catch {
    return { passed: 0, failed: 1, label: `${label} (no report: the run crashed)` };
  }
}

function test() {
  setup();
  mkdirSync(path.join(root, 'build'), { recursive: true });
  const nativeDir = buildNative('test');
  buildNative('release'); // the CLI used by the native/WASM parity tests
  buildWasm();
  mustRun(bin('tsc'), ['--noEmit', '-p', '.']);
  const results = [
    runCtest(nativeDir),
    runVitest('unit', 'Vitest: TypeScript and the real .wasm'),
    runVitest('baseline', 'Vitest: parity tests on the .wasm without SIMD'),
  ];
  viteBuild();
  process.env.E2E_SKIP_BUILD = '1'; // dist/ was just built above
  results.push(runVitest('e2e', 'Browser end-to-end (Chromium)'));
  const passed = results.reduce((s, r) => s + r.passed, 0);
  const failed = results.reduce((s, r) => s + r.failed, 0);
  process.stdout.write('\n');
  for (const r of results) log(`${r.label}: ${r.passed} passed, ${r.failed} failed`);
  const totals = `${passed} passed, ${failed} failed`;
  writeFileSync(path.join(root, 'build', 'test-totals.txt'), `${totals}\n`);
  // .ci/run prints the file as its own last line (after npm's exit messages); once is enough
  if (process.env.GRANULAR_TOTALS_PRINTED_BY_CALLER !== '1') process.stdout.write(`${totals}\n`);
  process.exit(failed === 0 ? 0 : 1);
}

// ---- start / build / bench ----------------------------------------------------------------------

function start() {
  setup();
  buildNative('release');
  buildWasm();
  log('starting the dev server');
  const port = process.env.PORT ?? '5173';
  const child = spawn(bin('vite'), ['--port', port, '--strictPort', '--host', '127.0.0.1'], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
}

function build() {
  setup();
  buildWasm();
  viteBuild();
  log('static site in dist/ (relative paths: deploy it under any sub-path)');
}

function bench() {
  setup();
  buildNative('release');
  buildWasm();
  mustRun(process.execPath, [path.join(root, 'scripts', 'bench.mjs'), ...process.argv.slice(3)]);
  // the site's weight and time to first frame (builds dist/)
  mustRun(process.execPath, [path.join(root, 'scripts', 'bench-web.mjs'), ...process.argv.slice(3)]);
}

const commands = {
  setup,
  'build-native': () => buildNative('release'),
  'build-native-test': () => buildNative('test'),
  'build-wasm': buildWasm,
  start,
  test,
  build,
  bench,
};

const command = process.argv[2];
if (!command || !(command in commands)) {
  process.stderr.write(`usage: node scripts/granular.mjs <${Object.keys(commands).join('|')}>\n`);
  process.exit(2);
}
commands[command]();
