/**
 * A small, safe Markdown subset for the in-app guides (issue 6 §5), from the same files as
 * docs/guides/*.md: ATX headings, paragraphs, bulleted and numbered lists, fenced code blocks,
 * and inline *emphasis*, **strong**, `code` and [links](https://…). Nothing is ever parsed as
 * HTML: the parser yields a tree of text, and the renderer builds nodes from it through a
 * factory (the DOM one creates elements and text nodes; no innerHTML). Links are kept only when
 * they point to http(s); any other target (relative, javascript:, data:) leaves the label as
 * text. Pure, except domFactory.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'em' | 'strong'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: number; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'code'; text: string };

/** An http(s) URL, or null for anything else (relative paths, javascript:, data:, malformed). */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Finds the closing delimiter `close` from `from`, or -1. */
function findClose(text: string, close: string, from: number): number {
  return text.indexOf(close, from);
}

/** The `)` that closes a link target starting at `from` (parentheses inside balanced), or -1. */
function closingParen(text: string, from: number): number {
  let depth = 0;
  for (let k = from; k < text.length; k++) {
    if (text[k] === '(') depth++;
    else if (text[k] === ')' && depth-- === 0) return k;
  }
  return -1;
}

/** Inline markup of one paragraph, heading or list item. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = (): void => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && /[\\`*_[\]()#>-]/.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = findClose(text, '`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ kind: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (c === '*' && text[i + 1] === '*') {
      const end = findClose(text, '**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if ((c === '*' || c === '_') && text[i + 1] !== c && text[i + 1] !== ' ' && text[i + 1] !== undefined) {
      // `_` only at a word start, so snake_case and subscripts like v_n stay text
      const wordStart = c === '*' || i === 0 || /[\s(]/.test(text[i - 1]!);
      const end = wordStart ? findClose(text, c, i + 1) : -1;
      const after = text[end + 1];
      const wordEnd = c === '*' || after === undefined || /[\s.,;:!?)]/.test(after);
      if (end > i + 1 && wordEnd && text[end - 1] !== ' ') {
        flush();
        out.push({ kind: 'em', children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[') {
      const close = findClose(text, '](', i + 1);
      const end = close > i ? closingParen(text, close + 2) : -1;
      if (close > i && end > close) {
        flush();
        const label = parseInline(text.slice(i + 1, close));
        const href = safeHref(text.slice(close + 2, end));
        if (href) out.push({ kind: 'link', href, children: label });
        else out.push(...label);
        i = end + 1;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flush();
  return out;
}

const LIST_ITEM = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/;

/** Block structure: blank lines separate paragraphs; list items may continue on indented lines. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const endParagraph = (): void => {
    if (para.length) blocks.push({ kind: 'paragraph', children: parseInline(para.join(' ')) });
    para = [];
  };
  const endList = (): void => {
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    list = null;
  };

  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      endParagraph();
      endList();
      const body: string[] = [];
      n++;
      while (n < lines.length && !lines[n]!.trimStart().startsWith(fence[1]!)) body.push(lines[n++]!);
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      endParagraph();
      // a blank line inside a list ends it only if the next line is not another item
      const next = lines.slice(n + 1).find((l) => l.trim() !== '');
      if (list && !(next !== undefined && LIST_ITEM.test(next))) endList();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      endParagraph();
      endList();
      blocks.push({ kind: 'heading', level: heading[1]!.length, children: parseInline(heading[2]!) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      endParagraph();
      const ordered = item[2] !== undefined;
      if (list && list.ordered !== ordered) endList();
      list ??= { ordered, items: [] };
      list.items.push(item[3]!);
      continue;
    }
    if (list && /^\s+\S/.test(line)) {
      // continuation of the last item
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    endList();
    para.push(line.trim());
  }
  endParagraph();
  endList();
  return blocks;
}

/** Builds nodes of type N: elements with attributes and children, and text. */
export interface NodeFactory<N> {
  element(tag: string, attrs: Readonly<Record<string, string>>, children: N[]): N;
  text(text: string): N;
}

function renderInline<N>(inlines: readonly Inline[], f: NodeFactory<N>): N[] {
  return inlines.map((node) => {
    switch (node.kind) {
      case 'text':
        return f.text(node.text);
      case 'code':
        return f.element('code', {}, [f.text(node.text)]);
      case 'em':
        return f.element('em', {}, renderInline(node.children, f));
      case 'strong':
        return f.element('strong', {}, renderInline(node.children, f));
      case 'link':
        return f.element('a', { href: node.href, rel: 'noopener noreferrer', target: '_blank' }, renderInline(node.children, f));
    }
  });
}

/**
 * The blocks as nodes; heading levels are shifted by `headingOffset` (a guide's "#" sits under
 * the page's own h1) and capped at h6.
 */
export function renderBlocks<N>(blocks: readonly Block[], f: NodeFactory<N>, headingOffset = 0): N[] {
  return blocks.map((block) => {
    switch (block.kind) {
      case 'heading':
        return f.element(`h${Math.min(6, block.level + headingOffset)}`, {}, renderInline(block.children, f));
      case 'paragraph':
        return f.element('p', {}, renderInline(block.children, f));
      case 'list':
        return f.element(block.ordered ? 'ol' : 'ul', {}, block.items.map((item) => f.element('li', {}, renderInline(item, f))));
      case 'code':
        return f.element('pre', {}, [f.element('code', {}, [f.text(block.text)])]);
    }
  });
}

/** The browser's factory: createElement, setAttribute and text nodes, never HTML parsing. */
export function domFactory(doc: Document): NodeFactory<Node> {
  return {
    element(tag, attrs, children) {
      const node = doc.createElement(tag);
      for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
      node.append(...children);
      return node;
    },
    text: (text) => doc.createTextNode(text),
  };
}
