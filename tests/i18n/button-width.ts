/**
 * How wide Telegram's Android client draws an inline button's label, and how much room a button
 * leaves it before the label is cut with "…" — measured with the fonts the phone draws it in, read
 * from Debian's font files by our own TrueType reader (src/render/font-file.ts).
 *
 * What the client does (Telegram for Android, `ChatMessageCell` and `MessageObject`): a label is
 * Roboto Medium at 15 dp (`chat_botButtonPaint`); an emoji is Telegram's own picture, as wide as the
 * paint's ascent plus descent (18 dp: `Emoji.EmojiSpan`); letters Roboto lacks come from the system's
 * fallback fonts — Georgian from Noto Sans Georgian, ✓ from Noto Sans Symbols 2. The keyboard is at
 * most the screen less 5 dp, less 10 dp, less 52 dp for the sender's avatar in a group; a row of n
 * buttons splits it as `(width − 5 (n − 1) − 2) / n` (whole dp) and a label is cut past its button
 * less 10 dp (`TextUtils.ellipsize(…, buttonWidth − dp(10), END)`).
 *
 * Approximations, each on the side of a label measured wider than drawn: kerning is left out (Roboto's
 * pairs mostly tighten); Georgian is taken at the label's weight, 500, a third of the way from Noto
 * Sans Georgian Regular (400) to Bold (700) — a phone with the variable Noto Sans Georgian draws it
 * about so, one with only the Regular narrower. A phone whose maker replaced Roboto (Samsung's One
 * UI font) draws other widths; Roboto is what Telegram and stock Android use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFontMetrics, type FontMetrics } from '../../src/render/font-file.ts';

/** The Debian packages the fonts come from, and the command that installs them. */
export const FONT_PACKAGES = 'fonts-roboto fonts-noto-core';
export const FONT_INSTALL_HINT = `apt-get install -y ${FONT_PACKAGES}`;

const ROBOTO_MEDIUM = '/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Medium.ttf';
const NOTO = '/usr/share/fonts/truetype/noto/';
const GEORGIAN_REGULAR = `${NOTO}NotoSansGeorgian-Regular.ttf`;
const GEORGIAN_BOLD = `${NOTO}NotoSansGeorgian-Bold.ttf`;
const SYMBOLS_2 = `${NOTO}NotoSansSymbols2-Regular.ttf`;
const SYMBOLS = `${NOTO}NotoSansSymbols-Regular.ttf`;

/** The label's size, dp (`chat_botButtonPaint.setTextSize(dp(15))`). */
export const LABEL_SIZE = 15;
/** The narrow phone every label must fit: 360 dp across (most Android phones are 360–412). */
export const SCREEN = 360;
/** Where a keyboard sits: under a message in a group (the sender's avatar beside it) or in a private chat. */
export type Chat = 'group' | 'private';

/** The widest a keyboard gets on the screen (`maxButtonWidth` in ChatMessageCell): the screen less 5 + 10 dp, and 52 dp for the avatar in a group. */
export function keyboardWidth(chat: Chat, screen = SCREEN): number {
  return screen - 5 - 10 - (chat === 'group' ? 52 : 0);
}

/** The room a label has on a button of a row of `perRow`: the button (5 dp gaps, 2 dp at the edges) less 10 dp. */
export function labelRoom(perRow: number, chat: Chat, screen = SCREEN): number {
  return Math.floor((keyboardWidth(chat, screen) - 5 * (perRow - 1) - 2) / perRow) - 10;
}

interface Face {
  readonly file: string;
  readonly metrics: FontMetrics;
}

interface Fonts {
  readonly roboto: Face;
  readonly georgian: readonly [Face, Face];
  readonly symbols: readonly Face[];
  /** An emoji's width, dp: Roboto's ascent plus descent at the label's size, as Android rounds them. */
  readonly emoji: number;
}

let fonts: Fonts | undefined;

function face(file: string): Face {
  if (!existsSync(file)) throw new Error(`${file} is missing: the button-width test measures labels with the fonts of Telegram's Android client. Install them: ${FONT_INSTALL_HINT}`);
  return { file, metrics: readFontMetrics(readFileSync(file)) };
}

/** The hhea ascender and descender of a TrueType file, in font units. */
function verticalMetrics(file: string): { ascender: number; descender: number } {
  const data = readFileSync(file);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + 16 * i;
    if (data.toString('latin1', record, record + 4) === 'hhea') {
      const hhea = view.getUint32(record + 8);
      return { ascender: view.getInt16(hhea + 4), descender: view.getInt16(hhea + 6) };
    }
  }
  throw new Error(`${file} has no hhea table`);
}

/** Reads the fonts once; throws saying what to install when one is missing (the test never skips). */
export function loadFonts(): Fonts {
  if (fonts) return fonts;
  const roboto = face(ROBOTO_MEDIUM);
  const { ascender, descender } = verticalMetrics(ROBOTO_MEDIUM);
  const scale = LABEL_SIZE / roboto.metrics.unitsPerEm;
  fonts = {
    roboto,
    georgian: [face(GEORGIAN_REGULAR), face(GEORGIAN_BOLD)],
    symbols: [face(SYMBOLS_2), face(SYMBOLS)],
    emoji: Math.round(ascender * scale) + Math.round(-descender * scale),
  };
  return fonts;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** A grapheme Telegram draws as its emoji picture: a pictograph (with or without U+FE0F), a flag, a keycap. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
/** Joiners and selectors: no width of their own. */
const ZERO_WIDTH = /[\u200b-\u200f\ufe00-\ufe0f]/u;

/** The advance of one character, dp, from the first font that has it; undefined when none has. */
function charWidth(f: Fonts, ch: string): number | undefined {
  const cp = ch.codePointAt(0) as number;
  const advance = (m: FontMetrics): number | undefined => {
    const glyph = m.glyphOf(cp);
    return glyph === undefined ? undefined : (m.advanceOf(glyph) * LABEL_SIZE) / m.unitsPerEm;
  };
  const inRoboto = advance(f.roboto.metrics);
  if (inRoboto !== undefined) return inRoboto;
  const [regular, bold] = f.georgian.map((g) => advance(g.metrics));
  if (regular !== undefined && bold !== undefined) return regular + (bold - regular) / 3;
  for (const s of f.symbols) {
    const w = advance(s.metrics);
    if (w !== undefined) return w;
  }
  return undefined;
}

const widths = new Map<string, number>();

/** The width Telegram's Android client draws a label in, dp; throws on a character none of the fonts has. */
export function labelWidth(label: string): number {
  let width = widths.get(label);
  if (width === undefined) {
    width = measure(label);
    widths.set(label, width);
  }
  return width;
}

function measure(label: string): number {
  const f = loadFonts();
  let width = 0;
  for (const { segment } of segmenter.segment(label)) {
    if (EMOJI.test(segment)) {
      width += f.emoji;
      continue;
    }
    for (const ch of segment) {
      if (ZERO_WIDTH.test(ch)) continue;
      const w = charWidth(f, ch);
      if (w === undefined) throw new Error(`no font draws U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} of "${label}"`);
      width += w;
    }
  }
  return width;
}
