/**
 * The shared top of the pages (web/config/header.ts: top bar, bad-link banner, guide), which
 * vite.config.ts puts into every page: each page has exactly one marker with a known key, links to
 * every other page and not to itself, and keeps the ids the pages' scripts use.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headerHtml, PAGES, withHeader } from '../../web/config/header';

const root = path.resolve(__dirname, '..', '..');
const FILES: Record<string, string> = { gas: 'index.html', soft: 'soft.html', chain: 'chain.html', avalanche: 'avalanche.html', compare: 'compare.html' };

function hrefs(html: string): string[] {
  return [...html.matchAll(/<a id="([a-z]+)-link" class="family-link" href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
}

describe('shared page header', () => {
  it('every page file carries one marker of its own key, and the marker becomes the top bar', () => {
    expect(PAGES.map((p) => p.key).sort()).toEqual(Object.keys(FILES).sort());
    for (const page of PAGES) {
      const file = FILES[page.key];
      if (file === undefined) throw new Error(`no page file for ${page.key}`);
      const html = readFileSync(path.join(root, file), 'utf8');
      expect(html.match(/<!--\s*granular:header\s+([a-z]+)\s*-->/g), file).toEqual([`<!-- granular:header ${page.key} -->`]);
      const out = withHeader(html, file);
      expect(out).not.toContain('granular:header');
      expect(out.match(/<header class="topbar">/g), file).toHaveLength(1);
      expect(out.match(/id="copy-link"/g), file).toHaveLength(1);
      expect(out.match(/id="link-error"/g), file).toHaveLength(1);
      expect(out.match(/id="address-error"/g), file).toHaveLength(1);
      expect(out.match(/<details id="guide" class="guide">\s*<summary>Guide to [^<]+<\/summary>\s*<div id="guide-body"/g), file).toHaveLength(1);
    }
  });

  it('links to the four other pages, never to itself', () => {
    for (const page of PAGES) {
      const links = hrefs(headerHtml(page.key));
      expect(links).toEqual(PAGES.filter((p) => p !== page).map((p) => `${p.key} ${p.href}`));
    }
    expect(hrefs(headerHtml('soft'))).toContain('gas ./');
  });

  // the chain lab's line read "four spheres in a row (ARGESIM C12)" whatever the row: it starts with the
  // default row and its script names the row run (chain/state.ts, rowHeading)
  it('names the family in the title except on the front page; the chain lab\'s scenario line starts with its default row', () => {
    expect(headerHtml('gas')).toContain('<h1>Granular Lab</h1>');
    expect(headerHtml('avalanche')).toContain('<h1>Granular Lab <span class="family-name">avalanche</span></h1>');
    expect(headerHtml('gas')).toContain('<span id="scenario-name" class="scenario-name"></span>');
    expect(headerHtml('chain')).toContain('<span id="scenario-name" class="scenario-name" title="4 spheres in a row (ARGESIM C12)">4 spheres in a row (ARGESIM C12)</span>');
    expect(headerHtml('chain').match(/id="scenario-name"/g)).toHaveLength(1);
  });

  it('rejects an unknown key, a page without a marker and a page with two', () => {
    expect(() => headerHtml('gass')).toThrow(/granular:header gass: unknown page \(known: gas, soft, chain, avalanche, compare\)/);
    expect(() => withHeader('<body></body>', 'x.html')).toThrow(/x\.html: expected one .* found 0/);
    expect(() => withHeader('<!-- granular:header gas --><!-- granular:header soft -->', 'y.html')).toThrow(/found 2/);
  });
});
