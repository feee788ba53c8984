/**
 * The header's first link, "Skip to the simulation" (web/config/header.ts): a keyboard reader
 * otherwise tabs through the whole scenario form (35 stops on the avalanche page) to reach Play.
 * The address's hash holds the scenario, so the link does not navigate to a #fragment: it moves the
 * focus to its `data-target` (made focusable if it is not), and the next Tab goes on from there.
 */
export function wireSkipLink(doc: Document = document): void {
  const link = doc.getElementById('skip-link');
  if (!(link instanceof HTMLAnchorElement)) return;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    const target = doc.querySelector<HTMLElement>(link.dataset['target'] ?? 'main');
    if (!target) return;
    if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
  });
}
