import { describe, expect, it } from 'vitest';
import { parsePageParams, PLOT_KINDS } from '../../web/src/ui/url-params';

describe('parsePageParams', () => {
  it('defaults: full page, autoplay, no link', () => {
    expect(parsePageParams('', '')).toEqual({ embed: false, plot: null, until: null, autoplay: true, shared: null, origins: null });
  });

  it('reads embed, plot, until and play', () => {
    expect(parsePageParams('?embed=1&plot=histogram&until=0.5&play=0', '')).toEqual({
      embed: true, plot: 'histogram', until: 0.5, autoplay: false, shared: null, origins: null,
    });
    expect(parsePageParams('embed=true&plot=rate', '').plot).toBe('rate');
    expect(parsePageParams('?embed=0', '').embed).toBe(false);
    expect(parsePageParams('?embed', '').embed).toBe(true);
    expect(parsePageParams('?embed=1&origins=https://a.edu,https://b.org', '').origins).toBe('https://a.edu,https://b.org');
  });

  it('a reader who prefers reduced motion gets a paused page unless the address says play=1', () => {
    expect(parsePageParams('', '', PLOT_KINDS, true).autoplay).toBe(false);
    expect(parsePageParams('?play=1', '', PLOT_KINDS, true).autoplay).toBe(true);
    expect(parsePageParams('?play=0', '', PLOT_KINDS, true).autoplay).toBe(false);
    expect(parsePageParams('', '', PLOT_KINDS, false).autoplay).toBe(true);
  });

  it('ignores unknown plots and bad times', () => {
    expect(parsePageParams('?plot=pressure', '').plot).toBeNull();
    expect(parsePageParams('?until=abc', '').until).toBeNull();
    expect(parsePageParams('?until=-1', '').until).toBeNull();
    expect(parsePageParams('?until=', '').until).toBeNull();
  });

  it('takes the share payload from the fragment', () => {
    expect(parsePageParams('?embed=1', '#s=AbC-_9').shared).toBe('AbC-_9');
    expect(parsePageParams('', '#other=1').shared).toBeNull();
    expect(parsePageParams('', '#s=').shared).toBe('');
  });
});
