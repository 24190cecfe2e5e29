/**
 * Issue 16 (points 4 and 5) end to end through the Telegram stand-in: the end of a game is a
 * moment — one result message per game (the match's score, the game that follows, the series),
 * the stale "your move" notice gone, Rematch on the finished board — and the history can be read:
 * the caption keeps the last two plays and every forced one, `/history` and the History button send
 * the notation, and a finished match comes as a file (a `.mat`; that gnubg imports it back is
 * ending.system.test.ts, `npm run test:system`).
 */
import { describe, expect, it } from 'vitest';
import { formatDice } from '../../../src/engine/index.ts';
import { exportLongText, exportMat, type MatchEvent, type MatchState } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { okValue } from '../../game/export-matches.ts';
import {
  ANNA, CAROL, USERS, buttonsOf, challengeAndAccept, playFor, problems, setupE2e, stored, world,
} from './e2e-harness.ts';
import { documentText, label, resignedShortGame } from './ending-history.ts';

setupE2e();

type Played = MatchEvent & { type: 'played' };

/** The plays of the game in progress a caption must show: the last two, and every forced one back to the last chosen play. */
function playsToShow(state: MatchState): Played[] {
  const start = state.history.map((e) => e.type).lastIndexOf('gameStarted');
  const plays = state.history.slice(start).filter((e): e is Played => e.type === 'played');
  let from = Math.max(0, plays.length - 2);
  while (from > 0 && plays[from].forced) from--;
  return plays.slice(Math.max(from, plays.length - 6));
}

function playInWords(state: MatchState, play: Played): string {
  const name = state.players[play.seat]!.name;
  return play.move === 'Ø' ? t('ru', 'caption.noPlay', { name, dice: formatDice(play.dice) }) : `${formatDice(play.dice)}: ${play.move}`;
}

const notices = (w: ReturnType<typeof world>) => w.live().filter((m) => (m.text ?? '').endsWith(t('ru', 'notify.yourMove', { name: '' }).slice(2)));

describe('issue 16 end to end: the end of a game, the rematch and the history', () => {
  it('a hypergammon match to 2: every play in sight, a result per game, the notice gone, a series, History and a New match', async () => {
    const w = world(-1016001, 1601);
    const gameId = await challengeAndAccept(w, '/nardy hypergammon 2');
    let forcedShown = 0;
    let twoShown = 0;
    for (let i = 0; i < 3000; i++) {
      const { state } = await playFor(w, gameId, true, 1);
      if (state.phase === 'finished') break;
      if (state.game!.ended) continue;
      const caption = w.board().caption ?? '';
      const shown = playsToShow(state);
      for (const play of shown) expect(caption, `the caption shows ${play.move}`).toContain(playInWords(state, play));
      if (shown.length >= 2) twoShown++;
      if (shown.some((p) => p.forced)) {
        expect(caption).toContain(t('ru', 'caption.forced'));
        forcedShown++;
      }
    }
    const { state, record } = await stored(gameId);
    expect(state.phase).toBe('finished');
    expect(twoShown).toBeGreaterThan(0);
    expect(forcedShown, 'some plays were forced, and shown').toBeGreaterThan(0);
    expect(problems).toEqual([]);

    // One result message per game, in the chat's language: the next game named, then the match and the series.
    const ends = state.history.filter((e) => e.type === 'gameEnded');
    const results = w.live().filter((m) => (m.text ?? '').startsWith(label(state)));
    expect(results).toHaveLength(ends.length);
    const winner = state.players[state.result!.winner!]!;
    const loser = state.players[1 - state.result!.winner!]!;
    for (const r of results.slice(0, -1)) expect(r.text).toMatch(/Начинается партия \d/);
    expect(results.at(-1)!.text).toContain(t('ru', 'result.match', { winner: winner.name, sa: state.score[state.result!.winner!], sb: state.score[1 - state.result!.winner!] }));
    const [white, black] = state.players;
    const wins = (p: typeof white) => (p!.id === winner.id ? 1 : 0);
    expect(results.at(-1)!.text).toContain(t('ru', 'series.score', { a: white!.name, sa: wins(white), sb: wins(black), b: black!.name }));
    // The last "your move" notice went with the game.
    expect(notices(w)).toEqual([]);
    expect(record.notes?.notice).toBeUndefined();

    // The finished board: New match and History, nothing else.
    const board = w.board();
    expect(buttonsOf(board).map((b) => [b.token.choice.k, b.label])).toEqual([['rematch', t('ru', 'button.newMatch')], ['history', t('ru', 'button.history')], ['review', t('ru', 'button.review')]]);
    const [rematch, history] = buttonsOf(board);

    // History: anyone in the chat may read it; a finished hypergammon match comes as the plain record.
    const before = w.live().length;
    await w.press(CAROL, board, history.data);
    const [text, file] = w.live().slice(before);
    expect(text.text!.startsWith(`${t('ru', 'history.title', { game: label(state) })}\n`)).toBe(true);
    expect(text.text).toContain(playInWords(state, state.history.filter((e): e is Played => e.type === 'played').at(-1)!));
    expect(file.document?.filename).toBe(`nardy-${gameId}.txt`);
    expect(documentText(file)).toBe(exportLongText(state));
    expect(file.caption).toBe(t('ru', 'history.file', { game: label(state) }));

    // Rematch: only the two players; Carol is told it is not her game.
    const count = w.live().length;
    expect((await w.press(CAROL, board, rematch.data)).text).toBe(t('ka', 'toast.notYourGame'));
    expect(w.live()).toHaveLength(count);
    await w.press(USERS.get(loser.id)!, board, rematch.data);
    const offer = w.live().at(-1)!;
    const newId = buttonsOf(offer)[0].token.gameId;
    expect(newId).not.toBe(gameId);
    const next = (await stored(newId)).state;
    const loserSeat = state.players.findIndex((p) => p!.id === loser.id);
    expect(next.phase).toBe('challenge');
    expect(next.invitee).toBe(winner.id);
    expect(next.settings).toEqual({ ...state.settings, colour: loserSeat === 0 ? 'black' : 'white' });
    expect(offer.text).toContain(t('ru', 'series.score', { a: loser.name, sa: 0, sb: 1, b: winner.name }));
    // A second press (by either player) finds the offer made: no second challenge.
    const offered = w.live().length;
    expect((await w.press(USERS.get(winner.id)!, board, rematch.data)).text).toBe(t(USERS.get(winner.id) === ANNA ? 'en' : 'ru', 'rematch.offered'));
    expect(w.live()).toHaveLength(offered);
    // The other accepts as any challenge; the colours are swapped.
    await w.press(USERS.get(winner.id)!, offer, buttonsOf(offer).find((b) => b.token.choice.k === 'accept')!.data);
    const started = (await stored(newId)).state;
    expect(started.phase).toBe('playing');
    expect(started.players[1 - loserSeat]!.id).toBe(loser.id);
    expect(started.players[loserSeat]!.id).toBe(winner.id);
    expect(problems).toEqual([]);
  }, 600_000);

  it('a short game: /history in play sends the notation (no file); resigned, the History button sends the match as a .mat', async () => {
    const { state, file } = await resignedShortGame();
    // The file is the match's export (tests/game/export.test.ts); that gnubg imports it back is
    // checked by ending.system.test.ts (`npm run test:system`, needs gnubg).
    const mat = documentText(file);
    expect(mat).toBe(okValue(exportMat(state)));
    expect(mat).toContain('\n 0 point match\n');
    expect(problems).toEqual([]);
  }, 600_000);
});
