/** The guides' Markdown subset (web/src/guide/markdown.ts): structure, inline markup, and that nothing becomes markup. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, renderBlocks, safeHref, type NodeFactory } from '../../web/src/guide/markdown';

/** A plain-object "DOM": elements with tag, attributes and children; text nodes as strings. */
type FakeNode = string | { tag: string; attrs: Record<string, string>; children: FakeNode[] };
const fake: NodeFactory<FakeNode> = {
  element: (tag, attrs, children) => ({ tag, attrs: { ...attrs }, children }),
  text: (text) => text,
};
const render = (md: string, offset = 0): FakeNode[] => renderBlocks(parseMarkdown(md), fake, offset);

function texts(nodes: readonly FakeNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : texts(n.children))).join('');
}
function tags(nodes: readonly FakeNode[], out: string[] = []): string[] {
  for (const n of nodes) if (typeof n !== 'string') (out.push(n.tag), tags(n.children, out));
  return out;
}

describe('the guide Markdown renderer', () => {
  it('headings (shifted under the page h1), paragraphs joined across lines, lists, code blocks', () => {
    const nodes = render('# Title\n\nFirst line\nsecond line.\n\n## Part\n\n- one\n- two\n  continued\n\n1. a\n2. b\n\n```\nx < y\n```\n', 1);
    expect(nodes).toEqual([
      { tag: 'h2', attrs: {}, children: ['Title'] },
      { tag: 'p', attrs: {}, children: ['First line second line.'] },
      { tag: 'h3', attrs: {}, children: ['Part'] },
      { tag: 'ul', attrs: {}, children: [{ tag: 'li', attrs: {}, children: ['one'] }, { tag: 'li', attrs: {}, children: ['two continued'] }] },
      { tag: 'ol', attrs: {}, children: [{ tag: 'li', attrs: {}, children: ['a'] }, { tag: 'li', attrs: {}, children: ['b'] }] },
      { tag: 'pre', attrs: {}, children: [{ tag: 'code', attrs: {}, children: ['x < y'] }] },
    ]);
  });

  it('inline emphasis, strong, code and http(s) links with rel=noopener', () => {
    expect(render('A *b* **c** `d` [e](https://example.org/x?y=1).')).toEqual([
      {
        tag: 'p', attrs: {}, children: [
          'A ', { tag: 'em', attrs: {}, children: ['b'] }, ' ', { tag: 'strong', attrs: {}, children: ['c'] }, ' ',
          { tag: 'code', attrs: {}, children: ['d'] }, ' ',
          { tag: 'a', attrs: { href: 'https://example.org/x?y=1', rel: 'noopener noreferrer', target: '_blank' }, children: ['e'] }, '.',
        ],
      },
    ]);
  });

  it('physics notation stays as written: subscripts, products, unmatched stars', () => {
    expect(texts(render('m_eff = mᵢ mⱼ / (mᵢ + mⱼ), v_n² and x_k'))).toBe('m_eff = mᵢ mⱼ / (mᵢ + mⱼ), v_n² and x_k');
    expect(tags(render('m_eff and v_n'))).toEqual(['p']);
    expect(texts(render('2 * 3 = 6'))).toBe('2 * 3 = 6');
  });

  it('markup in the text stays text: HTML, scripts, entities', () => {
    const md = '# <img src=x onerror=alert(1)>\n\n<script>alert(1)</script> &amp; <b>bold</b>\n\n- <a href="javascript:alert(1)">x</a>';
    const nodes = render(md);
    expect(tags(nodes)).toEqual(['h1', 'p', 'ul', 'li']);
    expect(texts(nodes)).toBe('<img src=x onerror=alert(1)><script>alert(1)</script> &amp; <b>bold</b><a href="javascript:alert(1)">x</a>');
  });

  it('links other than http(s) keep only their label, as text', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '../granular-gas.md', 'vbscript:x', ' JAVASCRIPT:alert(1)', '//evil.example']) {
      const nodes = render(`see [the docs](${href}) here`);
      expect(tags(nodes), href).toEqual(['p']);
      expect(texts(nodes), href).toBe('see the docs here');
    }
    expect(safeHref('http://a.b/c')).toBe('http://a.b/c');
    expect(safeHref('HTTPS://a.b')).toBe('https://a.b/');
    expect(safeHref('https://')).toBeNull();
  });

  it('backslash escapes and unclosed delimiters', () => {
    expect(parseInline('\\*not em\\*')).toEqual([{ kind: 'text', text: '*not em*' }]);
    expect(parseInline('`open')).toEqual([{ kind: 'text', text: '`open' }]);
    expect(parseInline('[label](no close')).toEqual([{ kind: 'text', text: '[label](no close' }]);
  });

  it('every guide in docs/guides parses to a title, the four sections and only known tags', () => {
    for (const family of ['gas', 'soft', 'chain', 'avalanche', 'compare']) {
      const md = readFileSync(new URL(`../../docs/guides/${family}.md`, import.meta.url), 'utf8');
      const blocks = parseMarkdown(md);
      expect(blocks[0]?.kind, family).toBe('heading');
      const headings = blocks.filter((b) => b.kind === 'heading' && b.level === 2).map((b) => texts(renderBlocks([b], fake)));
      expect(headings, family).toEqual(['The physics', 'The parameters', 'What to try', 'References']);
      const used = new Set(tags(renderBlocks(blocks, fake, 1)));
      for (const tag of used) expect(['h2', 'h3', 'p', 'ul', 'ol', 'li', 'em', 'strong', 'code', 'pre', 'a'], `${family}: ${tag}`).toContain(tag);
      // no stray Markdown left over in the text (an unmatched ** or a literal [..](..))
      expect(texts(renderBlocks(blocks, fake)), family).not.toMatch(/\*\*|\]\(/);
    }
  });
});
