/**
 * The two player panels above and below the board: the colour's checker, the name, and on the
 * right the pip count (with "show pips"), a held bomb (nuclear), the clock and the match score. The side to move has a
 * lit panel, a gold ring round its checker and a gold edge towards the board.
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
  const y = HEIGHT - PANEL_H;
  return [fixed([0, 0, WIDTH, PANEL_H], panel(scene, top, 0, false)), fixed([0, y, WIDTH, y + PANEL_H], panel(scene, scene.bottom, y, true))];
}

/** Returns the name to draw: the player's printable name, or the colour's word when there is none. */
export function displayName(scene: Scene, colour: Colour): string {
  return printableText(scene.players[colour].name) || WORDS[scene.language].colour[colour];
}

function panel(scene: Scene, colour: Colour, y0: number, isBottom: boolean): string {
  const active = scene.turn === colour;
  const mid = y0 + PANEL_H / 2;
  const parts: string[] = [];
  if (active) {
    parts.push(rect(0, y0, WIDTH, PANEL_H, THEME.panelActive));
    parts.push(rect(0, isBottom ? y0 : y0 + PANEL_H - 5, WIDTH, 5, THEME.accent));
  }
  const c = CHECKER[colour];
  if (active) parts.push(circle(42, mid, 28, 'none', `stroke="${THEME.accent}" stroke-width="4"`));
  parts.push(circle(42, mid, 21, c.face, `stroke="${c.slabRim}" stroke-width="3"`));
  let right = WIDTH - 16;
  const player = scene.players[colour];
  if (player.score !== undefined) right = badge(parts, right, mid, String(player.score), THEME.frame, THEME.text);
  if (player.clockMs !== undefined) {
    const low = player.clockMs < LOW_CLOCK_MS;
    const ink = low ? THEME.clockLow : active ? THEME.accent : THEME.textDim;
    right = badge(parts, right, mid, formatClock(player.clockMs, scene.language), '#140d08', ink);
  }
  if (scene.bomb?.owner === colour) right = bombBadge(parts, right, mid);
  if (scene.showPips) right = pips(parts, right, mid, pipCount([...scene.sides[colour]]), scene.language);
  const name = fitText(displayName(scene, colour), right - 16 - 82, NAME_SIZE, 'bold');
  parts.push(text(82, middleBaseline(mid, NAME_SIZE), escapeXml(name), { size: NAME_SIZE, fill: THEME.text, bold: true }));
  return parts.join('');
}

/** Draws a rounded badge ending at `right`; returns the x where the next item may end. */
function badge(parts: string[], right: number, mid: number, label: string, fill: string, ink: string): number {
  const size = 30;
  const w = Math.max(52, textWidth(label, size, 'bold') + 24);
  parts.push(rect(right - w, mid - 25, w, 50, fill, 'rx="10"'));
  parts.push(text(right - w / 2, middleBaseline(mid, size), escapeXml(label), { size, fill: ink, bold: true, anchor: 'middle' }));
  return right - w - 14;
}

function pips(parts: string[], right: number, mid: number, count: number, language: Scene['language']): number {
  const label = WORDS[language].pips;
  const w = Math.max(textWidth(String(count), 30, 'bold'), textWidth(label, 18, 'regular'));
  const x = right - w / 2;
  parts.push(text(x, mid - 11, escapeXml(label), { size: 18, fill: THEME.textDim, anchor: 'middle' }));
  parts.push(text(x, mid + 24, String(count), { size: 30, fill: THEME.text, bold: true, anchor: 'middle' }));
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
