/**
 * SVG elements as strings: the picture is one SVG document built by concatenation (fast, and
 * nothing to install). Text goes through `printableText`/`escapeXml` before it gets here.
 */
import { FONT_FAMILY } from './fonts.ts';

/** Rounds a coordinate to one decimal for a shorter document. */
function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function polygon(points: readonly (readonly [number, number])[], fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export interface TextStyle {
  readonly size: number;
  readonly fill: string;
  readonly bold?: boolean;
  readonly anchor?: 'start' | 'middle' | 'end';
  readonly extra?: string;
}

/** A text element on a baseline; `content` must already be escaped. */
export function text(x: number, y: number, content: string, style: TextStyle): string {
  const weight = style.bold ? ' font-weight="bold"' : '';
  const anchor = style.anchor && style.anchor !== 'start' ? ` text-anchor="${style.anchor}"` : '';
  const extra = style.extra ? ` ${style.extra}` : '';
  return `<text x="${n(x)}" y="${n(y)}" font-family="${FONT_FAMILY}" font-size="${style.size}"${weight}${anchor} fill="${style.fill}"${extra}>${content}</text>`;
}

/** Returns the baseline y that centres digits and capitals of a font size on `y`. */
export function middleBaseline(y: number, size: number): number {
  return y + size * 0.36;
}
