import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Three projects:
 *  - unit: node, fast — tests/web/** (pure TS modules) and tests/wasm/** (the real .wasm in node);
 *  - baseline: the parity and binding tests of tests/wasm on the build without SIMD;
 *  - e2e:  node driving headless Chromium (playwright-core) against the built site (dist/),
 *          served under a sub-path by tests/e2e/global-setup.ts.
 *
 *   npx vitest run --project unit
 *   npx vitest run --project baseline
 *   npx vitest run --project e2e
 */
/**
 * Test files at once in the node projects: every core. Vitest's default leaves one for itself
 * (cores - 1), which on CI's 2 cores ran one file at a time with a core 40-50 % idle; its main
 * process only collects results.
 */
const NODE_WORKERS = availableParallelism();

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            maxWorkers: NODE_WORKERS,
            include: ['tests/web/**/*.test.ts', 'tests/wasm/**/*.test.ts'],
          },
        },
        {
          // The same native = WASM parity and binding tests on the build for browsers without
          // SIMD (build/wasm/granular-baseline.*, CMakeLists.txt): both builds must give every
          // engine's states bit for bit.
          extends: true,
          test: {
            name: 'baseline',
            environment: 'node',
            maxWorkers: NODE_WORKERS,
            env: { GRANULAR_WASM_BUILD: 'granular-baseline' },
            include: [
              'tests/wasm/bindings.test.ts',
              'tests/wasm/world.test.ts',
              'tests/wasm/soft.test.ts',
              'tests/wasm/avalanche.test.ts',
              'tests/wasm/compare.test.ts',
              'tests/wasm/chain.test.ts',
            ],
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/global-setup.ts'],
            // one browser, one page set at a time: the machine has 2 cores (two files at once took
            // 25 min against 18.6 one after another: the run is CPU-bound). The files share one
            // process, so one Chromium and its cleared pages (browser.ts: useBrowser, closePage)
            fileParallelism: false,
            isolate: false,
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // expect.poll waits for what the page has not shown yet: a worker's sweep, a run to
            // its stop. Its default of 1 s failed a chain-lab sweep under a load of 14 while it
            // passes alone; a poll whose condition never holds still fails, only later.
            expect: { poll: { timeout: 15_000 } },
          },
        },
      ],
    },
  }),
);
