import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { CSP_META } from './web/config/csp.ts';
import { withHeader } from './web/config/header.ts';

/** The site's Content-Security-Policy as a <meta> tag in every built page (not in the dev server, whose
 * hot reload injects style elements). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'granular-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_META }, injectTo: 'head-prepend' }],
  };
}

/** Every page's top bar from one definition (web/config/header.ts), in the dev server and the build. */
function sharedHeader(): Plugin {
  return {
    name: 'granular-header',
    transformIndexHtml: { order: 'pre', handler: (html, ctx) => withHeader(html, ctx.filename) },
  };
}

/**
 * Vite root is the repository root (index.html lives there, presets are read from
 * /scenarios). Five pages: index.html (hard-disc gas), soft.html (soft discs), chain.html (the four-sphere chain lab), avalanche.html (column collapse) and compare.html (three contact models side by side). `base: './'` makes the built site (dist/) work under any sub-path.
 * `@wasm` points at the Emscripten output of `node scripts/granular.mjs build-wasm`.
 */
export default defineConfig({
  base: './',
  plugins: [sharedHeader(), contentSecurityPolicy()],
  resolve: {
    alias: {
      '@wasm': fileURLToPath(new URL('./build/wasm', import.meta.url)),
    },
  },
  worker: {
    format: 'es',
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      input: {
        gas: fileURLToPath(new URL('./index.html', import.meta.url)),
        soft: fileURLToPath(new URL('./soft.html', import.meta.url)),
        chain: fileURLToPath(new URL('./chain.html', import.meta.url)),
        avalanche: fileURLToPath(new URL('./avalanche.html', import.meta.url)),
        compare: fileURLToPath(new URL('./compare.html', import.meta.url)),
      },
    },
    emptyOutDir: true,
    target: 'es2022',
    // the Emscripten glue and uPlot are the bulk; no need to warn about them
    chunkSizeWarningLimit: 1024,
  },
});
