/**
 * The reproduce line: under every plot (plot/plot-view.ts), under the comparison's table, at the
 * foot of each panel of an embedded chain lab and, once, under the simulation of a page embedded
 * without a plot (ui/page-session.ts). "Scenario “…” · seed · engine · Granular Lab 0.1.0 ·
 * link" in full; in a small embedded frame (styles.css) only "Granular Lab 0.1.0 · link", the full
 * line kept for screen readers and as its tooltip. The link is the full page with this scenario,
 * opened in a new tab.
 */
import { el } from './dom';
import { reproduceText, type ReproduceContext } from './reproduce';

/** The line, following `context`; `what` names what it stands under in the link's label ("the energy plot"). */
export function reproduceLine(context: ReproduceContext, what: string): HTMLParagraphElement {
  const line = el('p', { class: 'reproduce' });
  const text = el('span', { class: 'reproduce-text' });
  // what a small embedded frame shows instead (styles.css), the full line staying for screen readers and as the tooltip
  const short = el('span', { class: 'reproduce-short', 'aria-hidden': 'true' });
  const sep = el('span', { hidden: true }, ' · ');
  // a new tab: in an embedded frame the link replaced the small embed with the full page inside the frame
  const link = el('a', { class: 'reproduce-link', hidden: true, target: '_blank', rel: 'noopener' }, 'link');
  line.append(text, short, sep, link);
  context.subscribe((info) => {
    text.textContent = reproduceText(info);
    short.textContent = info.version !== '' ? `Granular Lab ${info.version}` : 'Granular Lab';
    line.title = text.textContent;
    if (info.link) {
      link.href = info.link;
      link.title = `Share link of this scenario (${info.link.length.toLocaleString('en-US')} characters)`;
      link.setAttribute('aria-label', `share link of this scenario (for ${what})`);
    }
    link.hidden = !info.link;
    sep.hidden = link.hidden;
  });
  return line;
}
