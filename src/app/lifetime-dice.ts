/**
 * A player's dice over all their games with checkable dice (`/dice`): how often each face and each
 * double came, against what fair dice give, with a chi-square p-value and a small bar chart.
 * Counted when a game ends (`tellEnding`, for a press and the scheduler alike), exactly once per
 * game: the item keeps the games it counted, and a compare-and-set write means a redelivered
 * announcement or two games ending at once neither count twice nor lose a count.
 */
import { chiSquare } from '../dice/chi-square.ts';
import { COMPUTER_ID, type MatchState } from '../game/index.ts';
import { formatNumber, t, type Lang } from '../i18n/index.ts';
import type { GameStore } from '../store/index.ts';
import { gameRolls } from './luck.ts';
import { LIFETIME_DICE, type LifetimeDice } from './remembered.ts';

/** Games remembered as counted, the newest last: far more than can end at once. */
const COUNTED_KEPT = 20;
/** Compare-and-set attempts before a count is given up (only a storm of games ending at once would need them). */
const ATTEMPTS = 4;
/** The item lives as long as the player's other values: no expiry in practice (DynamoDB TTL wants a time). */
const KEPT_SECONDS = 50 * 365 * 24 * 3600;

const EMPTY: LifetimeDice = { games: 0, rolls: 0, faces: [0, 0, 0, 0, 0, 0], doubles: [0, 0, 0, 0, 0, 0], counted: [] };

/** Returns the counts after adding one game's rolls (each die counts as a face; a double also as its double). */
export function withRolls(before: LifetimeDice, key: string, rolls: readonly (readonly [number, number])[]): LifetimeDice {
  const faces = before.faces.slice(), doubles = before.doubles.slice();
  for (const [a, b] of rolls) {
    faces[a - 1]++; faces[b - 1]++;
    if (a === b) doubles[a - 1]++;
  }
  return { games: before.games + 1, rolls: before.rolls + rolls.length, faces, doubles, counted: [...before.counted, key].slice(-COUNTED_KEPT) };
}

/** Counts game `number` of a match with checkable dice in each human player's lifetime dice, once. */
export async function countGameDice(store: GameStore, state: MatchState, number: number, now: number): Promise<void> {
  if (!state.fair) return;
  const key = `${state.id}#${number}`;
  const rolls = gameRolls(state, number);
  for (const seat of [0, 1] as const) {
    const player = state.players[seat];
    if (!player || player.id === COMPUTER_ID) continue;
    const own = rolls.filter((r) => r.seat === seat).map((r) => r.dice);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = await store.recall(LIFETIME_DICE.key(player.id));
      const before = LIFETIME_DICE.decode(stored) ?? EMPTY;
      if (before.counted.includes(key)) break;
      if (await store.rememberIf(LIFETIME_DICE.key(player.id), withRolls(before, key, own), stored, now, Math.floor(now / 1000) + KEPT_SECONDS)) break;
    }
  }
}

/** The chi-square test of the faces (5 degrees of freedom) and the doubles as a share of rolls. */
export function diceTest(d: LifetimeDice): { statistic: number; p: number } {
  const dice = d.faces.reduce((x, y) => x + y, 0);
  const { statistic, p } = chiSquare(d.faces, d.faces.map(() => dice / 6));
  return { statistic, p };
}

/** The `/dice` message. */
export function lifetimeText(d: LifetimeDice, lang: Lang): string {
  if (d.rolls === 0) return t(lang, 'dice.none');
  const expectedFace = (2 * d.rolls) / 6;
  const faces = d.faces.map((n, i) => `${i + 1}: ${n} (${formatNumber(lang, expectedFace, 1)})`).join(' · ');
  const doubles = d.doubles.map((n, i) => `${i + 1}-${i + 1}: ${n}`).join(' · ');
  const { statistic, p } = diceTest(d);
  return t(lang, 'dice.stats', {
    games: d.games, rolls: d.rolls, faces, doubles: `${d.doubles.reduce((x, y) => x + y, 0)} (${doubles})`, expected: formatNumber(lang, d.rolls / 6, 1),
    chi: formatNumber(lang, statistic, 2), p: formatNumber(lang, p, 3), verdict: t(lang, p < 0.01 ? 'dice.odd' : 'dice.fair'),
  });
}

/** The bar chart of `/dice` as SVG: each face's count and each double's against the expected (the line). */
export function lifetimeSvg(d: LifetimeDice): string {
  const W = 480, H = 220, top = 20, base = 180;
  const bars = [...d.faces.map((n) => ({ n, expected: (2 * d.rolls) / 6 })), ...d.doubles.map((n) => ({ n, expected: d.rolls / 36 }))];
  const scale = (base - top) / Math.max(1, ...bars.map((b) => Math.max(b.n, b.expected * 1.25)));
  const parts = bars.map((b, i) => {
    const x = 20 + i * 37 + (i >= 6 ? 12 : 0);
    const h = b.n * scale, e = base - b.expected * scale;
    const label = i < 6 ? `${i + 1}` : `${i - 5}${i - 5}`;
    return `<rect x="${x}" y="${base - h}" width="26" height="${h}" fill="${i < 6 ? '#3b7dd8' : '#d8873b'}"/>`
      + `<line x1="${x - 3}" x2="${x + 29}" y1="${e}" y2="${e}" stroke="#222" stroke-width="2" stroke-dasharray="4 2"/>`
      + `<text x="${x + 13}" y="${base + 18}" font-family="sans-serif" font-size="13" text-anchor="middle">${label}</text>`
      + `<text x="${x + 13}" y="${base - h - 4}" font-family="sans-serif" font-size="10" text-anchor="middle">${b.n}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="#fff"/>${parts.join('')}<line x1="12" x2="${W - 12}" y1="${base}" y2="${base}" stroke="#222"/></svg>`;
}
