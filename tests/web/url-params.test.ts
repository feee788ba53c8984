import { describe, expect, it } from 'vitest';
import { parsePageParams, PLOT_KINDS } from '../../web/src/ui/url-params';

describe('parsePageParams', () => {
  it('defaults: full page, autoplay, no link', () => {
    expect(parsePageParams('', '')).toEqual({ embed: false, plot: null, until: null, autoplay: true, shared: null, origins: null, problems: [] });
  });

  it('reads embed, plot, until and play', () => {
    expect(parsePageParams('?embed=1&plot=histogram&until=0.5&play=0', '')).toEqual({
      embed: true, plot: 'histogram', until: 0.5, autoplay: false, shared: null, origins: null, problems: [],
    });
    expect(parsePageParams('embed=true&plot=rate', '').plot).toBe('rate');
    expect(parsePageParams('?embed=0', '').embed).toBe(false);
    expect(parsePageParams('?embed', '').embed).toBe(true);
    expect(parsePageParams('?embed=yes&play=No', '')).toMatchObject({ embed: true, autoplay: false, problems: [] });
  });

  it('names a yes/no parameter that is neither, and ignores it', () => {
    // play=maybe used to play (anything but 0, false or no did), embed=maybe to embed
    expect(parsePageParams('?embed=1&play=maybe', '')).toMatchObject({
      embed: true, autoplay: true, problems: ['play = "maybe" must be 1 or 0 (true or false, yes or no)'],
    });
    expect(parsePageParams('?play=2', '', PLOT_KINDS, true).autoplay).toBe(false);
    expect(parsePageParams('?embed=2', '')).toMatchObject({ embed: false, problems: ['embed = "2" must be 1 or 0 (true or false, yes or no)'] });
    expect(parsePageParams('?embed=1&origins=https://a.edu,https://b.org', '').origins).toBe('https://a.edu,https://b.org');
  });

  it('a reader who prefers reduced motion gets a paused page unless the address says play=1', () => {
    expect(parsePageParams('', '', PLOT_KINDS, true).autoplay).toBe(false);
    expect(parsePageParams('?play=1', '', PLOT_KINDS, true).autoplay).toBe(true);
    expect(parsePageParams('?play=0', '', PLOT_KINDS, true).autoplay).toBe(false);
    expect(parsePageParams('', '', PLOT_KINDS, false).autoplay).toBe(true);
  });

  it('ignores unknown plots and bad times, and says so, naming the parameter and its value', () => {
    const plot = parsePageParams('?plot=pressure', '');
    expect(plot.plot).toBeNull();
    expect(plot.problems).toEqual(['plot = "pressure" is not one of this page\'s: energy, histogram, rate']);
    expect(parsePageParams('?plot=time', '', ['time', 'mc']).problems).toEqual([]);
    expect(parsePageParams('?plot=energy', '', ['time', 'mc']).problems).toEqual(['plot = "energy" is not one of this page\'s: time, mc']);
    for (const bad of ['abc', '-1', '', 'NaN', 'Infinity']) {
      const p = parsePageParams(`?until=${bad}`, '');
      expect(p.until).toBeNull();
      expect(p.problems).toEqual([`until = "${bad}" must be a time in s, at least 0`]);
    }
    expect(parsePageParams('?until=abc&plot=x', '').problems).toHaveLength(2);
    // a long value is cut in the message
    expect(parsePageParams(`?plot=${'x'.repeat(500)}`, '').problems[0]).toContain(`"${'x'.repeat(40)}…"`);
  });

  // an entry the allow-list leaves out was dropped without a word: a course page that wrote its host
  // without https:// had every command ignored and no message saying why
  it('names an origins entry that is not an origin, with how to write it', () => {
    expect(parsePageParams('?embed=1&origins=https://a.edu,http://b.org:8080/course/,*', '').problems).toEqual([]);
    expect(parsePageParams('?embed=1&origins=course.example.edu', '').problems).toEqual([
      'origins entry "course.example.edu" is not an origin, so commands from it are ignored: write it with its scheme, https://course.example.edu',
    ]);
    expect(parsePageParams('?origins=https://a.edu, ftp://files.edu ,', '').problems).toEqual([
      'origins entry "ftp://files.edu" is not an origin, so commands from it are ignored: write an origin as https://host or http://host:port',
    ]);
    // the value the parameter had is kept for the allow-list, which drops the entry itself
    expect(parsePageParams('?origins=course.example.edu', '').origins).toBe('course.example.edu');
  });

  it('takes the share payload from the fragment', () => {
    expect(parsePageParams('?embed=1', '#s=AbC-_9').shared).toBe('AbC-_9');
    expect(parsePageParams('', '#other=1').shared).toBeNull();
    expect(parsePageParams('', '#s=').shared).toBe('');
  });
});
