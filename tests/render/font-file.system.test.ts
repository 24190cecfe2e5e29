/**
 * The font's characters as we read them from its cmap, against fontconfig's own reading of the
 * same files (`fc-query`, the library librsvg draws the text with): a character we count as drawable
 * but fontconfig does not would be drawn as a box, one we miss would be dropped from a name.
 * `npm run test:system`: needs Debian's fontconfig, and fails without it saying what to install.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFontMetrics } from '../../src/render/font-file.ts';
import { FONTS_DIR } from '../../src/render/fonts.ts';

function fontconfigCharset(path: string): Set<number> {
  let charset: string;
  try {
    charset = execFileSync('fc-query', ['--format=%{charset}', path], { encoding: 'utf8' });
  } catch (error) {
    throw new Error(`fc-query (fontconfig's) is needed to check the font's characters: apt-get install -y fontconfig (${String(error)})`);
  }
  const codePoints = new Set<number>();
  for (const range of charset.trim().split(/\s+/)) {
    const [from, to] = range.split('-').map((hex) => parseInt(hex, 16)) as [number, number | undefined];
    for (let c = from; c <= (to ?? from); c++) codePoints.add(c);
  }
  return codePoints;
}

describe.each(['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])('%s: characters read from the file, as fontconfig reads them', (file) => {
  const path = join(FONTS_DIR, file);
  const metrics = readFontMetrics(readFileSync(path));

  it('has a glyph for exactly the characters fontconfig finds in it, over all of Unicode', () => {
    const expected = fontconfigCharset(path);
    const ours = new Set<number>();
    for (let c = 0; c <= 0x10ffff; c++) if (metrics.glyphOf(c) !== undefined) ours.add(c);
    expect(ours.size).toBeGreaterThan(5000);
    expect([...ours].filter((c) => !expected.has(c))).toEqual([]);
    expect([...expected].filter((c) => !ours.has(c))).toEqual([]);
  });
});
