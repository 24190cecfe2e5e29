/**
 * Issue 19 end to end on Telegram (webhook → Bot API stand-in, dynalite, sharp): the 💡 hint
 * answers privately in an alert and moves nothing, the opponent sees the count in the caption,
 * hints are refused between people (rated by default); the 📊 Review of a finished game and
 * `/review` send the error rates and the biggest mistakes drawn on boards.
 */
import { describe, expect, it } from 'vitest';
import { encodeToken } from '../../../src/app/index.ts';
import { hintsUsed, seatOf, seatToAct, type MatchState } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { ANNA, NODAR, buttonsOf, choose, problems, setupE2e, stored, world, type Pressable } from './e2e-harness.ts';

setupE2e();

const played = (state: MatchState) => state.history.filter((e) => e.type === 'played').length;

async function againstComputer(w: ReturnType<typeof world>, text: string): Promise<string> {
  await w.say(ANNA, text);
  const challenge = w.live().at(-1)!;
  const play = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
  await w.press(ANNA, challenge, play.data);
  return play.token.gameId;
}

/** Anna's presses to the end of the game, never the hint, resign or history. */
async function playToEnd(w: ReturnType<typeof world>, gameId: string): Promise<MatchState> {
  for (let i = 0; i < 2000; i++) {
    const { state } = await stored(gameId);
    if (state.phase === 'finished') return state;
    expect(seatToAct(state)).toBe(seatOf(state, `telegram:${ANNA.id}`));
    const buttons = buttonsOf(w.board()).filter((b: Pressable) => !['hint', 'askResign', 'history'].includes(b.token.choice.k));
    await w.press(ANNA, w.board(), choose(buttons, w.rng, undefined).data);
  }
  throw new Error('the game did not end');
}

describe('issue 19 on Telegram: hint and review', () => {
  it('💡 against the computer: the advice in an alert only the presser sees, no move made, the count in the caption', async () => {
    const w = world(-1019001, 5);
    const gameId = await againstComputer(w, '/nardy short vs computer');
    const before = await stored(gameId);
    const hint = buttonsOf(w.board()).find((b) => b.token.choice.k === 'hint');
    expect(hint, 'the board offers a hint against the computer').toBeDefined();
    const answer = await w.press(ANNA, w.board(), hint!.data);
    expect(answer.show_alert).toBe(true);
    expect(answer.text).toMatch(/💡/);
    expect(answer.text).toMatch(/equity/);
    expect(answer.text!.length).toBeLessThanOrEqual(200);
    const after = await stored(gameId);
    expect(played(after.state)).toBe(played(before.state));
    expect(after.state.game!.board).toEqual(before.state.game!.board);
    expect(after.state.game!.turn.stage).toBe(before.state.game!.turn.stage);
    const anna = seatOf(after.state, `telegram:${ANNA.id}`)!;
    expect(hintsUsed(after.state)[anna]).toBe(1);
    expect(w.board().caption).toContain(t('en', 'caption.hints', { name: 'Anna', n: 1 }));
    expect(buttonsOf(w.board()).every((b) => b.token.version === after.record.version), 'the board was redrawn at the new version').toBe(true);
    expect(problems).toEqual([]);
  });

  it('between people no hint is offered, and a hint token is refused without a write', async () => {
    const w = world(-1019002, 6);
    await w.say(NODAR, '/nardy short');
    const challenge = w.live().at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    await w.press(ANNA, challenge, accept.data);
    const gameId = accept.token.gameId;
    expect(buttonsOf(w.board()).some((b) => b.token.choice.k === 'hint')).toBe(false);
    const { record, state } = await stored(gameId);
    const mover = state.players[seatToAct(state)!]!.id === `telegram:${ANNA.id}` ? ANNA : NODAR;
    const answer = await w.press(mover, w.board(), encodeToken({ surface: 'board', gameId, version: record.version, choice: { k: 'hint' } }));
    expect(answer.text).toBe(t(mover === ANNA ? 'en' : 'ru', 'hint.notAllowed'));
    expect((await stored(gameId)).record.version).toBe(record.version);
  });

  it('📊 Review on the finished board and /review: error rates in the players\' words, the biggest mistakes as pictures', async () => {
    const w = world(-1019003, 7);
    const gameId = await againstComputer(w, '/nardy hypergammon vs computer');
    await playToEnd(w, gameId);
    const board = w.board();
    const review = buttonsOf(board).find((b) => b.token.choice.k === 'review');
    expect(review, 'the finished board has a Review button').toBeDefined();
    const count = w.live().length;
    await w.say(ANNA, '/review');
    const sent = w.live().slice(count);
    const text = sent.find((m) => m.photo === undefined && m.text !== t('en', 'review.working'))!;
    expect(text.text).toMatch(/^📊 Review — /);
    expect(text.text).toContain('Anna: average loss per move');
    expect(text.text).toMatch(/blunders \d+/);
    const pictures = sent.filter((m) => m.photo !== undefined);
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.length).toBeLessThanOrEqual(3);
    // A loss is written as the positive amount lost, as the summary's average is (#47 B6): never "lost −0.810".
    for (const p of pictures) expect(p.caption).toMatch(/played .* better .* lost \d\.\d{3}$/m);
    expect(text.text).not.toContain('−');
    // Anyone who sees the board may read it — and within minutes of the last one, it is pointed at, not posted again (#45).
    const before = w.live().length;
    const answer = await w.press(NODAR, board, review!.data);
    expect(answer.text).toBe(t('ru', 'posted.review')); // Nodar's language
    expect(w.live().length).toBe(before);
    expect(problems).toEqual([]);
  }, 120_000);
});
