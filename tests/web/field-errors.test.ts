import { describe, expect, it } from 'vitest';
import type { ValidationError } from '../../web/src/sim/scenario';
import { COMPARE_FIELDS } from '../../web/src/compare/compare-form';
import { assignErrors, namesPath, pathWithin } from '../../web/src/ui/field-errors';
import { FIELDS } from '../../web/src/ui/scenario-form';

const error = (path: string, value = 'x', message = 'is wrong'): ValidationError => ({
  path, value, message, text: `${path} = ${value}: ${message}`,
});

describe('error-to-field mapping', () => {
  it('matches by path prefix at key boundaries only', () => {
    expect(pathWithin('generate.radius', 'generate.radius')).toBe(true);
    expect(pathWithin('discs[3].radius', 'discs')).toBe(true);
    expect(pathWithin('domain.box.width', 'domain.box')).toBe(true);
    expect(pathWithin('generate.radiusMax', 'generate.radius')).toBe(false);
    expect(pathWithin('generate', 'generate.radius')).toBe(false);
  });

  it('puts each error next to its field and the rest in a list', () => {
    const errors = [
      error('generate.radius', '-0.1', 'must be > 0'),
      error('generate.radiusMax', '0.001', 'must be >= radius'),
      error('domain.box.width', '0'),
      error('vibration.wall', '7', 'no such wall'),
      error('discs[3].radius', '-0.1'),
      error('', '', 'discs overlap'),
      error('generate.radius', '-0.1', 'second rule'),
    ];
    const { byField, rest } = assignErrors(errors, FIELDS);
    expect(byField.get('radius')?.map((e) => e.message)).toEqual(['must be > 0', 'second rule']);
    expect(byField.get('radiusMax')?.length).toBe(1);
    expect(byField.get('boxWidth')?.length).toBe(1);
    expect(byField.get('vibWall')?.[0]?.text).toBe('vibration.wall = 7: no such wall');
    expect(rest.map((e) => e.path)).toEqual(['discs[3].radius', '']);
  });

  it('puts an error about a group of fields at the group\'s first field', () => {
    const fields = [{ key: 'mu', path: 'friction.mu' }, { key: 'width', path: 'column.width' }, { key: 'height', path: 'column.height' }];
    const { byField, rest } = assignErrors([error('column', '10 m x 10 m', 'holds about 693889 grains'), error('', '', 'overlap'), error('col')], fields);
    expect(byField.get('width')?.map((e) => e.value)).toEqual(['10 m x 10 m']);
    expect(byField.has('height')).toBe(false);
    expect(rest.map((e) => e.path)).toEqual(['', 'col']);
  });

  it('prefers the most specific field', () => {
    const fields = [{ key: 'box', path: 'domain.box' }, { key: 'width', path: 'domain.box.width' }];
    const { byField } = assignErrors([error('domain.box.width'), error('domain.box.depth')], fields);
    expect(byField.get('width')?.length).toBe(1);
    expect(byField.get('box')?.length).toBe(1);
  });

  it('names a path only as a whole', () => {
    expect(namesPath('must not exceed output.interval = 0.0005 s', 'output.interval')).toBe(true);
    expect(namesPath('output.interval is too small', 'output.interval')).toBe(true);
    expect(namesPath('must not exceed output.intervals', 'output.interval')).toBe(false);
    expect(namesPath('must not exceed my.output.interval', 'output.interval')).toBe(false);
    expect(namesPath('must be > 0', 'restitution')).toBe(false);
  });

  // the comparison's NSCD step over the output interval is reported at nscd.timeStep, also when the
  // user changed only the output interval: it went under the step with '(This field is as it was …)'
  it('a refusal of two fields goes to the one the user changed, which its message names', () => {
    const refusal = error('nscd.timeStep', '0.001', 'must not exceed output.interval = 0.0005 s');
    const moved = assignErrors([refusal], COMPARE_FIELDS, ['interval']);
    expect(moved.byField.get('interval')).toEqual([refusal]);
    expect(moved.byField.has('timeStep')).toBe(false);
    expect(moved.movedFrom.get('interval')).toEqual(['timeStep']);
    // the step changed (alone or with the interval): it stays at the step
    for (const changed of [['timeStep'], ['timeStep', 'interval']]) {
      const kept = assignErrors([refusal], COMPARE_FIELDS, changed);
      expect(kept.byField.get('timeStep'), changed.join()).toEqual([refusal]);
      expect(kept.movedFrom.size).toBe(0);
    }
    // a change its message does not name (the restitution): it stays where it was reported
    expect(assignErrors([refusal], COMPARE_FIELDS, ['restitution']).byField.get('timeStep')).toEqual([refusal]);
    // nothing known changed (JSON): as before
    expect(assignErrors([refusal], COMPARE_FIELDS).byField.get('timeStep')).toEqual([refusal]);
  });
});
