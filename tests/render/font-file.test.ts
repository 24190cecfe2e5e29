/**
 * The font's widths as we read them from its hmtx. The comparison of its
 * characters with fontconfig's own reading (`fc-query`) needs Debian's fontconfig and is in
 * font-file.system.test.ts (`npm run test:system`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFontMetrics } from '../../src/render/font-file.ts';
import { FONTS_DIR } from '../../src/render/fonts.ts';

describe.each(['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])('%s: widths read from the file', (file) => {
  const path = join(FONTS_DIR, file);
  const metrics = readFontMetrics(readFileSync(path));

  it('reads the widths of its hmtx (2048 units per em, tabular digits)', () => {
    const width = (ch: string) => metrics.advanceOf(metrics.glyphOf(ch.codePointAt(0)!)!);
    expect(metrics.unitsPerEm).toBe(2048);
    // The bundled files' space: 651 units (regular), 713 (bold); DejaVu's digits all share one width.
    expect(width(' ')).toBe(file.includes('Bold') ? 713 : 651);
    expect(new Set([...'0123456789'].map(width)).size).toBe(1);
    expect(width('W')).toBeGreaterThan(width('i'));
  });
});
