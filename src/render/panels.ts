/**
 * The two player panels above and below the board: the colour's checker, the name, and on the
 * right the pip count (with "show pips"), a held bomb (nuclear), the clock and the match score. The side to move has a
 * lit panel, a gold ring round its checker and a gold edge towards the board.
 *
 * Each of those is a piece of its own, as tall as the panel and as wide as its ink: a step changes
 * the pip count, a second the clock, and only that piece is drawn again (a whole panel is 960 × 76
 * pixels for librsvg to draw).
 */
import { pipCount } from '../engine/index.ts';
import { bombBadge } from './bomb.ts';
import { FIELD_MID, HEIGHT, PANEL_H, TRAY_W, WIDTH, trayX } from './geometry.ts';
import { WORDS, formatClock } from './labels.ts';
import type { Scene } from './scene.ts';
import type { Colour } from './spec.ts';
import { fixed, type Piece } from './pieces.ts';
import { circle, middleBaseline, rect, text } from './svg.ts';
import { escapeXml, fitText, printableText, textWidth } from './text.ts';
import { CHECKER, THEME } from './theme.ts';

const NAME_SIZE = 32;
const LOW_CLOCK_MS = 60_000;

/** Returns both panels, as pieces. */
export function panelPieces(scene: Scene): Piece[] {
  const top: Colour = scene.bottom === 'white' ? 'black' : 'white';
  return [...panel(scene, top, 0, false), ...panel(scene, scene.bottom, HEIGHT - PANEL_H, true)];
}

/** Returns the name to draw: the player's printable name, or the colour's word when there is none. */
export function displayName(scene: Scene, colour: Colour): string {
  return printableText(scene.players[colour].name) || WORDS[scene.language].colour[colour];
}

/** A panel's part: `svg` drawn in the picture's coordinates, its ink between `left` and `right`, as tall as the panel. */
type Part = (left: number, right: number, svg: string) => void;

function panel(scene: Scene, colour: Colour, y0: number, isBottom: boolean): Piece[] {
  const pieces: Piece[] = [];
  const add: Part = (left, right, svg) => pieces.push(fixed([Math.max(0, left), y0, Math.min(WIDTH, right), y0 + PANEL_H], svg));
  const active = scene.turn === colour;
  const mid = y0 + PANEL_H / 2;
  const c = CHECKER[colour];
  const checker = circle(42, mid, 21, c.face, `stroke="${c.slabRim}" stroke-width="3"`);
  if (active) {
    add(0, WIDTH,
      rect(0, y0, WIDTH, PANEL_H, THEME.panelActive) + rect(0, isBottom ? y0 : y0 + PANEL_H - 5, WIDTH, 5, THEME.accent) +
      circle(42, mid, 28, 'none', `stroke="${THEME.accent}" stroke-width="4"`) + checker);
  } else {
    add(42 - 24, 42 + 24, checker);
  }
  let right = WIDTH - 16;
  const player = scene.players[colour];
  if (player.score !== undefined) right = badge(add, right, mid, String(player.score), THEME.frame, THEME.text);
  if (player.clockMs !== undefined) {
    const low = player.clockMs < LOW_CLOCK_MS;
    const ink = low ? THEME.clockLow : active ? THEME.accent : THEME.textDim;
    right = badge(add, right, mid, formatClock(player.clockMs, scene.language), '#140d08', ink);
  }
  if (scene.bomb?.owner === colour) {
    const parts: string[] = [];
    const next = bombBadge(parts, right, mid);
    add(next, right + 4, parts.join(''));
    right = next;
  }
  if (scene.showPips) right = pips(add, right, mid, pipCount([...scene.sides[colour]]), scene.language);
  const name = fitText(displayName(scene, colour), right - 16 - 82, NAME_SIZE, 'bold');
  add(82 - 4, 82 + textWidth(name, NAME_SIZE, 'bold') + 6, text(82, middleBaseline(mid, NAME_SIZE), escapeXml(name), { size: NAME_SIZE, fill: THEME.text, bold: true }));
  return pieces;
}

/** Draws a rounded badge ending at `right`; returns the x where the next item may end. */
function badge(add: Part, right: number, mid: number, label: string, fill: string, ink: string): number {
  const size = 30;
  const w = Math.max(52, textWidth(label, size, 'bold') + 24);
  add(right - w - 2, right + 2,
    rect(right - w, mid - 25, w, 50, fill, 'rx="10"') + text(right - w / 2, middleBaseline(mid, size), escapeXml(label), { size, fill: ink, bold: true, anchor: 'middle' }));
  return right - w - 14;
}

function pips(add: Part, right: number, mid: number, count: number, language: Scene['language']): number {
  const label = WORDS[language].pips;
  const w = Math.max(textWidth(String(count), 30, 'bold'), textWidth(label, 18, 'regular'));
  const x = right - w / 2;
  add(x - w / 2 - 6, x + w / 2 + 6,
    text(x, mid - 11, escapeXml(label), { size: 18, fill: THEME.textDim, anchor: 'middle' }) + text(x, mid + 24, String(count), { size: 30, fill: THEME.text, bold: true, anchor: 'middle' }));
  return right - w - 18;
}

/** Returns the match length between the two trays as a piece (none for a single game). */
export function matchPieces(scene: Scene): Piece[] {
  if (scene.matchLength === 0) return [];
  const [caption, value] = WORDS[scene.language].matchTo(scene.matchLength);
  const cx = trayX(scene.home) + TRAY_W / 2;
  const captionText = fitText(caption, TRAY_W + 12, 17, 'regular'); // may reach over the frame
  const valueSize = value.length > 3 ? 20 : 28;
  const svg =
    text(cx, FIELD_MID - 10, escapeXml(captionText), { size: 17, fill: THEME.textDim, anchor: 'middle' }) +
    text(cx, FIELD_MID + 22, escapeXml(value), { size: valueSize, fill: THEME.text, bold: true, anchor: 'middle' });
  // The caption's line stands 10 units above the middle, the value's 22 below; 3 units to spare at the ends.
  const half = Math.max(textWidth(captionText, 17, 'regular'), textWidth(value, valueSize, 'bold')) / 2 + 3;
  return [fixed([cx - half, FIELD_MID - 32, cx + half, FIELD_MID + 32], svg)];
}
