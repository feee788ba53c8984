// formatNumber (web/src/ui/dom.ts): the numbers of read-outs, phase lines and tables.
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../web/src/ui/dom';

describe('formatNumber', () => {
  it('gives the plain form without trailing zeros within 1e-3 .. 1e6', () => {
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(123456.7, 6)).toBe('123457');
    expect(formatNumber(-0.00125)).toBe('-0.00125');
  });

  it('gives the exponent form without trailing zeros outside it (a phase line read "t = 9.47000e-5 s")', () => {
    expect(formatNumber(9.47e-5, 6)).toBe('9.47e-5');
    expect(formatNumber(1e-9, 4)).toBe('1e-9');
    expect(formatNumber(2.5e7)).toBe('2.5e7');
    expect(formatNumber(-1.23456789e-7, 6)).toBe('-1.23457e-7');
    expect(formatNumber(1.0e10, 6)).toBe('1e10');
    // zeros inside the mantissa stay
    expect(formatNumber(1.05e-4, 3)).toBe('1.05e-4');
    expect(formatNumber(1.005e-4, 4)).toBe('1.005e-4');
  });

  it('names what is not a number', () => {
    expect(formatNumber(Infinity)).toBe('∞');
    expect(formatNumber(-Infinity)).toBe('−∞');
    expect(formatNumber(NaN)).toBe('–');
    expect(formatNumber(0)).toBe('0');
  });
});
