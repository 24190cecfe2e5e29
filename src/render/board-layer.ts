/**
 * The parts of the picture that do not depend on the position: background, panels, the wooden
 * frame, the felt, the points, the bar and the trays; and the point numbers, which depend only on
 * the mirroring and on whose numbering is shown. Each is built once per process and per variant
 * of those settings (ARCHITECTURE.md: static parts at module scope / INIT).
 */
import { opponentPoint, type Family } from '../engine/index.ts';
import {
  BAR_W, BAR_X, FIELD_H, FIELD_TOP, HALF_W, HEIGHT, LEFT_HALF_X, NUMBERS_H, PANEL_H,
  POINT_L, POINT_W, RIGHT_HALF_X, TRAY_W, WIDTH, isTopRow, mirrorX, pointX, trayHalf, trayX, type Home,
} from './geometry.ts';
import { middleBaseline, polygon, rect, text } from './svg.ts';
import { THEME } from './theme.ts';

const layers = new Map<string, string>();

function cached(key: string, build: () => string): string {
  let layer = layers.get(key);
  if (layer === undefined) {
    layer = build();
    layers.set(key, layer);
  }
  return layer;
}

/** Returns the board without checkers or numbers (built once per `home`). */
export function boardLayer(home: Home): string {
  return cached(`board:${home}`, () => buildBoard(home));
}

/**
 * Returns the point numbers: each point labelled in the numbering of the bottom player
 * (`sameAsBottom`) or of the top player (docs/rules/README.md §0: short p ↔ 25 − p; long p ↔ ((p + 11) mod 24) + 1).
 */
export function numbersLayer(home: Home, family: Family, sameAsBottom: boolean): string {
  return cached(`numbers:${home}:${family}:${sameAsBottom}`, () => {
    const parts: string[] = [];
    for (let slot = 1; slot <= 24; slot++) {
      const label = sameAsBottom ? slot : opponentPoint(family, slot);
      const x = pointX(slot, home) + POINT_W / 2;
      const bandMid = isTopRow(slot) ? FIELD_TOP - NUMBERS_H / 2 : FIELD_TOP + FIELD_H + NUMBERS_H / 2;
      parts.push(text(x, middleBaseline(bandMid, 28), String(label), { size: 28, fill: THEME.numbers, bold: true, anchor: 'middle' }));
    }
    return parts.join('');
  });
}

function buildBoard(home: Home): string {
  const boardTop = PANEL_H;
  const boardH = HEIGHT - 2 * PANEL_H;
  const parts = [
    rect(0, 0, WIDTH, HEIGHT, THEME.background),
    rect(0, 0, WIDTH, PANEL_H, THEME.panel),
    rect(0, HEIGHT - PANEL_H, WIDTH, PANEL_H, THEME.panel),
    // The frame: walnut with a light top edge and a dark bottom edge for depth.
    rect(0, boardTop, WIDTH, boardH, THEME.frame),
    rect(0, boardTop, WIDTH, 3, THEME.frameLight),
    rect(0, boardTop + boardH - 3, WIDTH, 3, THEME.frameDark),
  ];
  parts.push(grain(boardTop), grain(FIELD_TOP + FIELD_H));
  for (const x of [LEFT_HALF_X, RIGHT_HALF_X]) parts.push(half(mirrorX(x, HALF_W, home)));
  for (let slot = 1; slot <= 24; slot++) parts.push(point(slot, home));
  parts.push(bar(home), tray(home));
  return parts.join('');
}

/** Faint horizontal grain across a number band (horizontal lines cost almost nothing in a PNG). */
function grain(y: number): string {
  const lines: [number, number, string][] = [[6, 2, '#63402a'], [13, 1, '#4e2f1c'], [21, 2, '#62402a'], [29, 1, '#4f301d'], [35, 2, '#603e28']];
  return lines.map(([dy, h, fill]) => rect(0, y + dy, WIDTH, h, fill)).join('');
}

/** A half of the field: felt in a dark groove, a little shadow along its edges under the frame. */
function half(x: number): string {
  return (
    rect(x - 3, FIELD_TOP - 3, HALF_W + 6, FIELD_H + 6, THEME.frameDark) +
    rect(x, FIELD_TOP, HALF_W, FIELD_H, THEME.feltDark) +
    rect(x + 5, FIELD_TOP + 5, HALF_W - 10, FIELD_H - 10, THEME.felt)
  );
}

function point(slot: number, home: Home): string {
  const x = pointX(slot, home);
  const top = isTopRow(slot);
  const column = top ? slot - 13 : 12 - slot;
  const dark = (column % 2 === 0) === top;
  const base = top ? FIELD_TOP : FIELD_TOP + FIELD_H;
  const tip = top ? base + POINT_L - 8 : base - POINT_L + 8;
  const fill = dark ? THEME.pointDark : THEME.pointLight;
  return polygon([[x + 3, base], [x + POINT_W - 3, base], [x + POINT_W / 2, tip]], fill);
}

function bar(home: Home): string {
  const x = mirrorX(BAR_X, BAR_W, home);
  return (
    rect(x, FIELD_TOP - NUMBERS_H, BAR_W, FIELD_H + 2 * NUMBERS_H, THEME.bar) +
    rect(x + BAR_W / 2 - 1, FIELD_TOP - NUMBERS_H, 2, FIELD_H + 2 * NUMBERS_H, THEME.frameDark)
  );
}

function tray(home: Home): string {
  const x = trayX(home);
  const inner = ({ y, h }: { y: number; h: number }): string => rect(x, y, TRAY_W, h, THEME.tray, 'rx="6"');
  return inner(trayHalf(false)) + inner(trayHalf(true));
}
