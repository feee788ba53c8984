/**
 * The top of every page: the top bar (the title with the page's family, the scenario's name, links
 * to the other pages, the share block), the banner for a bad link and the guide's disclosure (filled
 * by web/src/guide/guide-panel.ts). Each HTML page holds one marker, `<!-- granular:header KEY -->`,
 * which vite.config.ts replaces with this markup (dev server and build alike), so the pages list and
 * their links live in one place.
 */
export interface PageEntry {
  /** the marker's key, also the link's id (`${key}-link`) */
  key: string;
  href: string;
  /** the link text on the other pages */
  link: string;
  /** shown after "Granular Lab" in the title (none on the gas page, the site's front page) */
  family?: string;
  /** the scenario line's text until the page's script sets it (the chain lab: its default row; the
   *  other pages fill in their scenario's name) */
  scenarioText?: string;
  /** the share field's label */
  shareLabel: string;
  /** the guide disclosure's summary line */
  guide: string;
  /** where the header's skip link puts the keyboard's focus (a selector), past the scenario form */
  skipTo: string;
}

export const PAGES: readonly PageEntry[] = [
  {
    key: 'gas',
    href: './',
    link: 'Hard-disc gas',
    shareLabel: 'Link to this scenario',
    guide: 'Guide to the hard-disc gas: physics, parameters, what to try, references',
    skipTo: '#btn-play',
  },
  {
    key: 'soft',
    href: 'soft.html',
    link: 'Soft discs',
    family: 'soft discs',
    shareLabel: 'Link to this scenario',
    guide: 'Guide to soft discs: physics, parameters, what to try, references',
    skipTo: '#btn-play',
  },
  {
    key: 'chain',
    href: 'chain.html',
    link: 'Chain lab',
    family: 'chain lab',
    scenarioText: '4 spheres in a row (ARGESIM C12)',
    shareLabel: 'Link to these inputs',
    guide: 'Guide to the chain lab: physics, parameters, what to try, references',
    skipTo: 'main',
  },
  {
    key: 'avalanche',
    href: 'avalanche.html',
    link: 'Avalanche',
    family: 'avalanche',
    shareLabel: 'Link to this scenario',
    guide: 'Guide to the avalanche: physics, parameters, what to try, references',
    skipTo: '#btn-play',
  },
  {
    key: 'compare',
    href: 'compare.html',
    link: 'Three contact models',
    family: 'three contact models',
    shareLabel: 'Link to this scenario',
    guide: 'Guide to the comparison: three contact models, parameters, what to try, references',
    skipTo: '#btn-play',
  },
];

const MARKER = /<!--\s*granular:header\s+([a-z]+)\s*-->/g;

/** The top of the page `key`; throws on an unknown key (a typo in a page fails the build). */
export function headerHtml(key: string): string {
  const page = PAGES.find((p) => p.key === key);
  if (!page) throw new Error(`granular:header ${key}: unknown page (known: ${PAGES.map((p) => p.key).join(', ')})`);
  const title = page.family ? `Granular Lab <span class="family-name">${page.family}</span>` : 'Granular Lab';
  // one line, cut with an ellipsis when long (styles.css): the full text in its title too (setClippedText)
  const named = page.scenarioText ? ` title="${page.scenarioText}"` : '';
  const scenario = `<span id="scenario-name" class="scenario-name"${named}>${page.scenarioText ?? ''}</span>`;
  const links = PAGES.filter((p) => p !== page)
    .map((p) => `        <a id="${p.key}-link" class="family-link" href="${p.href}">${p.link} →</a>`)
    .join('\n');
  // the address's hash is the scenario: the link moves the focus in script (web/src/ui/skip-link.ts), not by #fragment
  const skipText = page.skipTo === 'main' ? 'Skip to the panels' : 'Skip to the simulation';
  return `<a id="skip-link" class="skip-link" href="#" data-target="${page.skipTo}">${skipText}</a>
    <header class="topbar">
      <h1>${title}</h1>
      ${scenario}
      <nav class="page-links" aria-label="Other labs">
${links}
      </nav>
      <div class="share">
        <button type="button" id="copy-link" disabled>Copy link</button>
        <label for="share-url" class="visually-hidden">${page.shareLabel}</label>
        <input id="share-url" type="text" readonly hidden />
        <span id="share-status" class="share-status" role="status"></span>
      </div>
    </header>
    <div id="link-error" class="banner" role="alert" hidden></div>
    <div id="address-error" class="banner" role="alert" hidden></div>
    <details id="guide" class="guide">
      <summary>${page.guide}</summary>
      <div id="guide-body" class="guide-body"></div>
    </details>`;
}

/** `html` with its header marker replaced; throws when the page has none or more than one. */
export function withHeader(html: string, file: string): string {
  const found = [...html.matchAll(MARKER)];
  if (found.length !== 1) throw new Error(`${file}: expected one <!-- granular:header KEY --> marker, found ${found.length}`);
  return html.replace(MARKER, (_m, key: string) => headerHtml(key));
}
