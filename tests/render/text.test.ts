import { describe, expect, it } from 'vitest';
import { escapeXml, fitText, hasGlyph, printableText, textWidth } from '../../src/render/text.ts';
import { formatClock } from '../../src/render/labels.ts';

describe('issue 4: names in any script, never boxes', () => {
  it('keeps Latin, Cyrillic, Georgian and Armenian letters', () => {
    expect(printableText('Anna Борис ნოდარი Արամ')).toBe('Anna Борис ნოდარი Արամ');
  });

  it('drops what DejaVu Sans cannot draw: emoji, flags, ZWJ sequences, CJK, control and format characters', () => {
    expect(printableText('🎲 Нодар 🇬🇪 👨‍👩‍👧 漢字\u0007\u200d\u202e')).toBe('Нодар');
    expect(printableText('🎲🎲')).toBe('');
  });

  it('makes any run of white space one space and trims the ends', () => {
    expect(printableText('  Jean\t\n  Luc  ')).toBe('Jean Luc');
  });

  it('knows the glyphs of the bundled font from its cmap', () => {
    expect(hasGlyph('ა'.codePointAt(0) as number)).toBe(true);
    expect(hasGlyph('Ж'.codePointAt(0) as number)).toBe(true);
    expect(hasGlyph(0x1f3b2)).toBe(false); // 🎲
    expect(hasGlyph(0x4e00)).toBe(false); // 一
  });

  it('shortens a long name with "…" to fit its width', () => {
    const long = 'Константин Константинопольский';
    const fitted = fitText(long, 200, 30, 'bold');
    expect(fitted.endsWith('…')).toBe(true);
    expect(textWidth(fitted, 30, 'bold')).toBeLessThanOrEqual(200);
    expect(fitText('Anna', 200, 30, 'bold')).toBe('Anna');
  });

  it('measures with the font\'s widths: bold is wider, digits are equal', () => {
    expect(textWidth('Нодар', 30, 'bold')).toBeGreaterThan(textWidth('Нодар', 30, 'regular'));
    expect(textWidth('11', 30, 'bold')).toBe(textWidth('88', 30, 'bold'));
  });

  it('escapes the characters that would break the SVG', () => {
    expect(escapeXml(`<b>&"'`)).toBe('&#60;b&#62;&#38;&#34;&#39;');
  });
});

describe('issue 4: clocks (docs/rules/match.md §5)', () => {
  it.each([
    [65_000, 'en', '1:05'],
    [59_001, 'en', '1:00'],
    [0, 'en', '0:00'],
    [3_723_000, 'en', '1h 2m'],
    // Issue 16: a day per move reads in the same units a few seconds after the move as at it.
    [86_392_000, 'en', '23h 59m'],
    [86_400_000, 'en', '1d 0h'],
    [72_000_000, 'ru', '20ч 0м'],
    [3_600_000, 'ka', '1სთ 0წთ'],
    [190_800_000, 'ru', '2д 5ч'],
    [90_000_000, 'en', '1d 1h'],
    [86_400_000 * 3, 'ka', '3დ 0სთ'],
  ] as const)('%d ms reads %s %s', (ms, language, expected) => {
    expect(formatClock(ms, language)).toBe(expected);
  });
});
