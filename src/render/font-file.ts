/**
 * Reads what the board picture needs from a TrueType file: which characters it has a glyph for
 * (the `cmap` table) and how wide each one is (`head`, `hhea`, `hmtx`). Enough to drop the
 * characters the bundled font lacks (they would render as boxes) and to fit names into their
 * place; nothing here draws.
 */

/** The characters of one font and their advance widths. */
export interface FontMetrics {
  /** Font units per em: widths divide by this and multiply by the font size. */
  readonly unitsPerEm: number;
  /** Glyph index by code point; a code point missing here has no glyph in the font. */
  readonly glyphs: ReadonlyMap<number, number>;
  /** Advance width of each glyph, in font units. */
  readonly advances: Uint16Array;
}

/** Returns the metrics of a TrueType font file, or throws when the file is not one we can read. */
export function readFontMetrics(file: Uint8Array): FontMetrics {
  const data = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tables = readTableDirectory(data);
  const table = (tag: string): number => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`font has no ${tag} table`);
    return offset;
  };
  const unitsPerEm = data.getUint16(table('head') + 18);
  const metricCount = data.getUint16(table('hhea') + 34);
  const glyphCount = data.getUint16(table('maxp') + 4);
  const advances = new Uint16Array(glyphCount);
  const hmtx = table('hmtx');
  for (let g = 0; g < glyphCount; g++) {
    // Glyphs past the last long metric repeat its advance (TrueType hmtx).
    advances[g] = data.getUint16(hmtx + 4 * Math.min(g, metricCount - 1));
  }
  return { unitsPerEm, glyphs: readCmap(data, table('cmap')), advances };
}

function readTableDirectory(data: DataView): Map<string, number> {
  const count = data.getUint16(4);
  const tables = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const record = 12 + 16 * i;
    const tag = String.fromCharCode(
      data.getUint8(record), data.getUint8(record + 1), data.getUint8(record + 2), data.getUint8(record + 3),
    );
    tables.set(tag, data.getUint32(record + 8));
  }
  return tables;
}

/** Reads the Unicode subtables of `cmap` (format 12 for the full range, format 4 for the BMP). */
function readCmap(data: DataView, cmap: number): Map<number, number> {
  const glyphs = new Map<number, number>();
  const count = data.getUint16(cmap + 2);
  for (let i = 0; i < count; i++) {
    const platform = data.getUint16(cmap + 4 + 8 * i);
    const encoding = data.getUint16(cmap + 6 + 8 * i);
    const isUnicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!isUnicode) continue;
    const sub = cmap + data.getUint32(cmap + 8 + 8 * i);
    const format = data.getUint16(sub);
    if (format === 4) readFormat4(data, sub, glyphs);
    else if (format === 12) readFormat12(data, sub, glyphs);
  }
  return glyphs;
}

function readFormat4(data: DataView, sub: number, glyphs: Map<number, number>): void {
  const segments = data.getUint16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  for (let s = 0; s < segments; s++) {
    const end = data.getUint16(ends + 2 * s);
    const start = data.getUint16(starts + 2 * s);
    const delta = data.getInt16(deltas + 2 * s);
    const rangeOffset = data.getUint16(rangeOffsets + 2 * s);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (c + delta) & 0xffff;
      } else {
        const at = rangeOffsets + 2 * s + rangeOffset + 2 * (c - start);
        glyph = data.getUint16(at);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0 && !glyphs.has(c)) glyphs.set(c, glyph);
    }
  }
}

function readFormat12(data: DataView, sub: number, glyphs: Map<number, number>): void {
  const groups = data.getUint32(sub + 12);
  for (let g = 0; g < groups; g++) {
    const group = sub + 16 + 12 * g;
    const start = data.getUint32(group);
    const end = data.getUint32(group + 4);
    const first = data.getUint32(group + 8);
    for (let c = start; c <= end; c++) if (!glyphs.has(c)) glyphs.set(c, first + c - start);
  }
}
