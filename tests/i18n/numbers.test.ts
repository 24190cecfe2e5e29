/**
 * Numbers as each language writes them (issue #49 item 3): a decimal point in English, a decimal
 * comma in Russian and Georgian, a true minus, and "+" only when asked.
 */
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/i18n/index.ts';

describe('formatNumber', () => {
  it('writes the decimal separator of each language', () => {
    expect(formatNumber('en', 0.0451, 3)).toBe('0.045');
    expect(formatNumber('ru', 0.0451, 3)).toBe('0,045');
    expect(formatNumber('ka', 0.0451, 3)).toBe('0,045');
    expect(formatNumber('ru', 245, 1)).toBe('245,0');
  });

  it('takes a true minus, and a plus only when signed', () => {
    expect(formatNumber('ru', -0.8104, 3)).toBe('−0,810');
    expect(formatNumber('en', 0.4123, 3, true)).toBe('+0.412');
    expect(formatNumber('en', 0.4123, 3)).toBe('0.412');
    expect(formatNumber('ka', -1.5, 2, true)).toBe('−1,50');
  });

  it('never writes a minus before a figure that rounds to zero, nor groups thousands', () => {
    expect(formatNumber('ru', -0.0001, 3)).toBe('0,000');
    expect(formatNumber('en', -0.0001, 2, true)).toBe('+0.00');
    expect(formatNumber('ru', 1512.25, 1)).toBe('1512,3');
  });
});
