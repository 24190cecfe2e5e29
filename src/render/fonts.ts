/**
 * The bundled font (DejaVu Sans, assets/fonts/) and the fontconfig setup that makes librsvg see
 * it and nothing else. AWS Lambda has no system fonts: without this every letter is a box
 * (anchors-ecosystem.md §5.2).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readFontMetrics, type FontMetrics } from './font-file.ts';

/** The folder of the bundled TTFs and their fonts.conf. */
export const FONTS_DIR = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));
/** The fontconfig file that lists only the bundled fonts. */
export const FONTS_CONF = `${FONTS_DIR}fonts.conf`;
/** The family every text of the picture asks for. */
export const FONT_FAMILY = 'DejaVu Sans';

const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
export type FontWeight = keyof typeof FONT_FILES;

/**
 * Points fontconfig at the bundled fonts.conf unless the deployment already chose one. Must run
 * before sharp loads (lovell/sharp#3713); `raster.ts` calls it right before importing sharp. In a
 * worker thread `process.env` is the thread's own copy and never reaches fontconfig: a process
 * that renders in workers sets FONTCONFIG_FILE before it starts (Lambda: in the function's
 * environment, e.g. `/var/task/assets/fonts/fonts.conf`).
 *
 * Not config (STYLE.md §6.14): FONTCONFIG_FILE is no setting of ours but an instruction to a native
 * library, which reads it from the process environment itself; so this module writes it there.
 */
export function useBundledFonts(): void {
  if (!process.env.FONTCONFIG_FILE) process.env.FONTCONFIG_FILE = FONTS_CONF;
}

const metrics = new Map<FontWeight, FontMetrics>();

/** Returns the glyph coverage and widths of the bundled font in one weight (read once per process). */
export function fontMetrics(weight: FontWeight): FontMetrics {
  let m = metrics.get(weight);
  if (!m) {
    m = readFontMetrics(readFileSync(`${FONTS_DIR}${FONT_FILES[weight]}`));
    metrics.set(weight, m);
  }
  return m;
}
