/**
 * Text on the picture: only characters the bundled font can draw (anything else — emoji, scripts
 * DejaVu Sans lacks, control and format characters — is dropped, never drawn as a box), measured
 * with the font's own widths so a long name is shortened with "…" instead of overflowing.
 */
import { fontMetrics, type FontWeight } from './fonts.ts';

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;
const ELLIPSIS = '…';

/** Returns true when the bundled font draws this character in both weights. */
export function hasGlyph(codePoint: number): boolean {
  return fontMetrics('regular').glyphOf(codePoint) !== undefined && fontMetrics('bold').glyphOf(codePoint) !== undefined;
}

/**
 * Returns the text with every character the bundled font cannot draw dropped, runs of white space
 * made one space, and the ends trimmed. A name made only of such characters becomes "".
 * @example printableText('Нодар 🎲 ნოდარი') // 'Нодар ნოდარი'
 */
export function printableText(text: string): string {
  let out = '';
  for (const ch of text) {
    if (/\s/u.test(ch)) {
      out += ' ';
      continue;
    }
    const cp = ch.codePointAt(0) as number;
    if (!INVISIBLE.test(ch) && hasGlyph(cp)) out += ch;
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Returns the advance width of printable text at a font size, in pixels (kerning ignored). */
export function textWidth(text: string, size: number, weight: FontWeight): number {
  const m = fontMetrics(weight);
  let units = 0;
  for (const ch of text) {
    const glyph = m.glyphOf(ch.codePointAt(0) as number);
    if (glyph !== undefined) units += m.advanceOf(glyph);
  }
  return (units * size) / m.unitsPerEm;
}

/** Returns printable text shortened with "…" so it is at most `maxWidth` pixels wide. */
export function fitText(text: string, maxWidth: number, size: number, weight: FontWeight): string {
  if (textWidth(text, size, weight) <= maxWidth) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = chars.slice(0, mid).join('').trimEnd() + ELLIPSIS;
    if (textWidth(candidate, size, weight) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + ELLIPSIS;
}

/** Returns text safe inside an SVG element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
