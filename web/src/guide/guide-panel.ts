/**
 * The "Guide" disclosure of a page (issue 6 §5): the family's guide, docs/guides/<family>.md,
 * imported as text and rendered by the safe Markdown subset (markdown.ts). A native
 * <details>/<summary>, so it opens from the keyboard; hidden in embed mode.
 */
import { domFactory, parseMarkdown, renderBlocks } from './markdown';
import { wireSkipLink } from '../ui/skip-link';

/** Fills #guide-body from `markdown` (headings under the page's h1), or hides #guide when embedded. */
export function mountGuide(markdown: string, embed: boolean): void {
  // the header's other script part, on every page
  wireSkipLink();
  const guide = document.getElementById('guide');
  const body = document.getElementById('guide-body');
  if (!guide || !body) return;
  if (embed) {
    guide.hidden = true;
    return;
  }
  body.replaceChildren(...renderBlocks(parseMarkdown(markdown), domFactory(document), 1));
}
