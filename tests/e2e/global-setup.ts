/**
 * Builds the site (vite build -> dist/) and serves dist/ under a sub-path on a free port,
 * so the e2e tests check the deployable build exactly as it would be hosted
 * (base './', any sub-path). Set E2E_SKIP_BUILD=1 to reuse an existing dist/, E2E_DIST=DIR to
 * build into DIR instead of dist/.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { CSP_DIRECTIVES } from '../../web/config/csp.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the built site, e.g. http://127.0.0.1:40123/courses/granular-lab/ */
    baseUrl: string;
  }
}

export const SUB_PATH = '/courses/granular-lab/';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** E2E_DIST=/tmp/x builds and serves elsewhere, so that two e2e runs in one checkout do not overwrite each other's site */
const DIST = process.env['E2E_DIST'] ? resolve(process.env['E2E_DIST']) : resolve(ROOT, 'dist');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function serve(root: string): Server {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith(SUB_PATH)) {
        res.writeHead(404).end('not under the sub-path');
        return;
      }
      let rel = decodeURIComponent(url.pathname.slice(SUB_PATH.length));
      // where a page waits between tests (browser.ts: closePage), on the site's origin
      if (rel === '__blank.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': CSP });
        res.end('<!doctype html><title>blank</title><link rel="icon" href="data:,">');
        return;
      }
      if (rel === '' || rel.endsWith('/')) rel += 'index.html';
      const file = normalize(join(root, rel));
      if (!file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      try {
        const info = await stat(file);
        if (!info.isFile()) throw new Error('not a file');
        // as a well-configured host serves a Vite build: the hashed assets for good (the browser
        // keeps them, and the compiled WebAssembly and scripts, between page loads), pages revalidated
        res.writeHead(200, {
          'content-type': MIME[extname(file)] ?? 'application/octet-stream',
          'content-length': String(info.size),
          'cache-control': rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          'content-security-policy': CSP,
        });
        createReadStream(file).pipe(res);
      } catch {
        res.writeHead(404).end('not found');
      }
    })();
  });
}

/**
 * A strict Content-Security-Policy on every response: no inline scripts, no eval (only
 * WebAssembly compilation), no inline style sheets. A violation is logged as a console
 * error, which the tests fail on.
 */
export const CSP = [...CSP_DIRECTIVES, 'frame-ancestors *'].join('; ');

let server: Server | null = null;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env['E2E_SKIP_BUILD'] !== '1') {
    await build({ root: ROOT, configFile: resolve(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: DIST, emptyOutDir: true } });
  }
  server = serve(DIST);
  await new Promise<void>((ok) => server?.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  project.provide('baseUrl', `http://127.0.0.1:${port}${SUB_PATH}`);
  return async () => {
    await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
    server = null;
  };
}
