/**
 * The result picture: the final position dimmed under a card that names the winner, says whether
 * the game or the whole match is won, and what the game was worth (oin / mars / koks, points).
 */
import { HEIGHT, PANEL_H, WIDTH } from './geometry.ts';
import { WORDS } from './labels.ts';
import { displayName } from './panels.ts';
import type { Scene } from './scene.ts';
import { fixed, type Piece } from './pieces.ts';
import { circle, middleBaseline, rect, text } from './svg.ts';
import { escapeXml, fitText } from './text.ts';
import { CHECKER, THEME } from './theme.ts';

const CARD_W = 660;
const CARD_H = 250;

/** Returns the result banner over the board as one piece (none while the game goes on). */
export function resultPieces(scene: Scene): Piece[] {
  const svg = banner(scene);
  return svg === '' ? [] : [fixed([0, PANEL_H, WIDTH, HEIGHT - PANEL_H], svg)];
}

function banner(scene: Scene): string {
  const result = scene.result;
  if (!result) return '';
  const words = WORDS[scene.language];
  const x = (WIDTH - CARD_W) / 2;
  const y = (HEIGHT - CARD_H) / 2;
  const cx = WIDTH / 2;
  const parts = [
    rect(0, PANEL_H, WIDTH, HEIGHT - 2 * PANEL_H, THEME.overlay, 'opacity="0.5"'),
    rect(x, y, CARD_W, CARD_H, THEME.panel, `rx="20" stroke="${THEME.accent}" stroke-width="4" fill-opacity="0.96"`),
  ];
  if (result.winner === null) {
    parts.push(text(cx, middleBaseline(y + CARD_H / 2, 56), escapeXml(words.draw), { size: 56, fill: THEME.accent, bold: true, anchor: 'middle' }));
    return parts.join('');
  }
  const c = CHECKER[result.winner];
  parts.push(circle(cx, y + 2, 26, c.face, `stroke="${THEME.accent}" stroke-width="4"`));
  const name = fitText(displayName(scene, result.winner), CARD_W - 60, 44, 'bold');
  parts.push(text(cx, y + 86, escapeXml(name), { size: 44, fill: THEME.text, bold: true, anchor: 'middle' }));
  const verb = result.matchOver ? words.winsMatch : words.wins;
  parts.push(text(cx, y + 132, escapeXml(verb), { size: 30, fill: THEME.textDim, anchor: 'middle' }));
  const worth = `${words.kind[result.kind as 'oin' | 'mars' | 'koks']} · +${result.points}`;
  parts.push(text(cx, y + 200, escapeXml(worth), { size: 46, fill: THEME.accent, bold: true, anchor: 'middle' }));
  return parts.join('');
}
