/**
 * Reads what the board picture needs from a TrueType file: which characters it has a glyph for
 * (the `cmap` table) and how wide each one is (`head`, `hhea`, `hmtx`). Enough to drop the
 * characters the bundled font lacks (they would render as boxes) and to fit names into their
 * place; nothing here draws.
 *
 * Nothing is copied out of the file: a character's glyph is looked up in the `cmap` subtables
 * where they lie (a binary search over their ranges) and a glyph's width read from `hmtx` when
 * asked. Reading every one of DejaVu Sans's 6,000 characters into a map, in code not yet compiled,
 * took 12–15 ms of a process's first picture (bench/local.ts, its cold profile); a name asks for
 * a dozen.
 */

/** The characters of one font and their advance widths. */
export interface FontMetrics {
  /** Font units per em: widths divide by this and multiply by the font size. */
  readonly unitsPerEm: number;
  /** The glyph index of a code point; undefined when the font has no glyph for it. */
  glyphOf(codePoint: number): number | undefined;
  /** The advance width of a glyph, in font units. */
  advanceOf(glyph: number): number;
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
  const hmtx = table('hmtx');
  const subtables = unicodeSubtables(data, table('cmap'));
  return {
    unitsPerEm,
    glyphOf(codePoint) {
      // The first Unicode subtable that maps the character decides, as a text renderer reads them.
      for (const lookup of subtables) {
        const glyph = lookup(codePoint);
        if (glyph !== 0 && glyph < glyphCount) return glyph;
      }
      return undefined;
    },
    // Glyphs past the last long metric repeat its advance (TrueType hmtx).
    advanceOf: (glyph) => data.getUint16(hmtx + 4 * Math.min(glyph, metricCount - 1)),
  };
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

/** A subtable's lookup: the glyph of a code point, 0 when it has none. */
type Lookup = (codePoint: number) => number;

/** The Unicode subtables of `cmap` we read (format 12 for the full range, format 4 for the BMP), in the table's order. */
function unicodeSubtables(data: DataView, cmap: number): Lookup[] {
  const lookups: Lookup[] = [];
  const count = data.getUint16(cmap + 2);
  for (let i = 0; i < count; i++) {
    const platform = data.getUint16(cmap + 4 + 8 * i);
    const encoding = data.getUint16(cmap + 6 + 8 * i);
    const isUnicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!isUnicode) continue;
    const sub = cmap + data.getUint32(cmap + 8 + 8 * i);
    const format = data.getUint16(sub);
    if (format === 4) lookups.push(format4(data, sub));
    else if (format === 12) lookups.push(format12(data, sub));
  }
  return lookups;
}

/** Format 4: segments of the BMP, sorted by their last code point, each mapped by a delta or through an array of glyphs. */
function format4(data: DataView, sub: number): Lookup {
  const segments = data.getUint16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  return (c) => {
    if (c >= 0xffff) return 0;
    // The first segment ending at or after c.
    let lo = 0;
    let hi = segments;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (data.getUint16(ends + 2 * mid) < c) lo = mid + 1;
      else hi = mid;
    }
    if (lo === segments) return 0;
    const start = data.getUint16(starts + 2 * lo);
    if (c < start) return 0;
    const delta = data.getInt16(deltas + 2 * lo);
    const rangeOffset = data.getUint16(rangeOffsets + 2 * lo);
    if (rangeOffset === 0) return (c + delta) & 0xffff;
    const glyph = data.getUint16(rangeOffsets + 2 * lo + rangeOffset + 2 * (c - start));
    return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
  };
}

/** Format 12: sorted groups of consecutive code points mapped to consecutive glyphs. */
function format12(data: DataView, sub: number): Lookup {
  const groups = data.getUint32(sub + 12);
  const group = (g: number) => sub + 16 + 12 * g;
  return (c) => {
    let lo = 0;
    let hi = groups;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (data.getUint32(group(mid) + 4) < c) lo = mid + 1;
      else hi = mid;
    }
    if (lo === groups) return 0;
    const start = data.getUint32(group(lo));
    return c < start ? 0 : data.getUint32(group(lo) + 8) + c - start;
  };
}
