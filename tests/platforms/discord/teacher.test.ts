/**
 * Issue 19 end to end on Discord (signed interactions → the endpoint → the API stand-in): a
 * challenge to the computer by `/nardy challenge computer:…`, the 💡 hint answered in an ephemeral
 * message only the presser sees (the match moves nothing, the caption counts the hint), and the
 * review of a finished long-nardy game by its 📊 button and by `/nardy review`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hintsUsed, seatOf, seatToAct, type MatchState } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { mulberry32 } from '../../arbitraries.ts';
import { ANNA, CAROL, boardIn, buttonsOf, publicMessages, stored, whispersTo, world, type World } from './harness.ts';

let w: World;
beforeAll(async () => {
  w = await world(20261901);
});
afterAll(() => w.discord.close());

async function againstComputer(channel: string, variant: string): Promise<string> {
  await w.act(w.discord.command(ANNA, channel, 'challenge', { variant, computer: 'strong' }));
  const challenge = publicMessages(w, channel).at(-1)!;
  const play = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
  await w.act(w.discord.press(ANNA, challenge, play.customId));
  return play.token.gameId;
}

const NOT_PLAYING = new Set(['hint', 'askResign', 'history']);

/** Anna's random legal progress to the end of the game (the computer answers by itself). */
async function playToEnd(channel: string, gameId: string): Promise<MatchState> {
  const rng = mulberry32(3);
  for (let i = 0; i < 3000; i++) {
    const { state } = await stored(w, gameId);
    if (state.phase === 'finished') return state;
    expect(seatToAct(state)).toBe(seatOf(state, `discord:${ANNA.user.id}`));
    const buttons = buttonsOf(boardIn(w, channel)).filter((b) => !NOT_PLAYING.has(b.token.choice.k));
    const of = (k: string) => buttons.filter((b) => b.token.choice.k === k);
    const list = ['confirm', 'play', 'step', 'pick'].map(of).find((l) => l.length > 0) ?? [];
    const pressed = of('take')[0] ?? of('roll')[0] ?? list[Math.floor(rng() * list.length)];
    if (!pressed) throw new Error(`no way forward among ${buttons.map((b) => b.label).join(', ')}`);
    await w.act(w.discord.press(ANNA, boardIn(w, channel), pressed.customId));
  }
  throw new Error('the game did not end');
}

describe('issue 19 on Discord: hint and review', () => {
  it('/nardy challenge computer:strong, then 💡: an ephemeral answer for the presser, no move made, the count in the caption', async () => {
    const channel = w.discord.guildChannel();
    const gameId = await againstComputer(channel, 'short');
    const before = await stored(w, gameId);
    expect(before.state.settings.computer).toBe('strong');
    const hint = buttonsOf(boardIn(w, channel)).find((b) => b.token.choice.k === 'hint');
    expect(hint, 'the board offers a hint against the computer').toBeDefined();
    await w.act(w.discord.press(ANNA, boardIn(w, channel), hint!.customId));
    const whisper = whispersTo(w, channel, ANNA).at(-1)!;
    expect(whisper.content).toMatch(/^💡/);
    expect(whisper.content).toMatch(/equity/);
    const after = await stored(w, gameId);
    expect(after.state.history.filter((e) => e.type === 'played').length).toBe(before.state.history.filter((e) => e.type === 'played').length);
    expect(after.state.game!.board).toEqual(before.state.game!.board);
    expect(hintsUsed(after.state)[seatOf(after.state, `discord:${ANNA.user.id}`)!]).toBe(1);
    expect(boardIn(w, channel).content).toContain(t('en', 'caption.hints', { name: 'Anna', n: 1 }));
    // Someone else's press on the hint is refused: only the player to act may ask.
    const again = buttonsOf(boardIn(w, channel)).find((b) => b.token.choice.k === 'hint')!;
    await w.act(w.discord.press(CAROL, boardIn(w, channel), again.customId));
    expect(whispersTo(w, channel, CAROL).at(-1)?.content).toBe(t('ka', 'toast.notYourGame'));
    expect(hintsUsed((await stored(w, gameId)).state)).toEqual(hintsUsed(after.state));
    expect(w.problems).toEqual([]);
  });

  it('a finished long-nardy game: 📊 Review and /nardy review send the error rates and the biggest mistakes drawn', async () => {
    const channel = w.discord.guildChannel();
    const gameId = await againstComputer(channel, 'long');
    await playToEnd(channel, gameId);
    const board = boardIn(w, channel);
    const review = buttonsOf(board).find((b) => b.token.choice.k === 'review')!;
    expect(review, 'the finished board has a Review button').toBeDefined();
    const count = publicMessages(w, channel).length;
    await w.act(w.discord.press(ANNA, board, review.customId));
    const sent = publicMessages(w, channel).slice(count);
    const text = sent.find((m) => m.attachments.length === 0)!;
    expect(text.content).toMatch(/^📊 Review — /);
    expect(text.content).toContain('Anna: average loss per move');
    const pictures = sent.filter((m) => m.attachments.length > 0);
    expect(pictures.length).toBeGreaterThan(0);
    for (const p of pictures) expect(p.content).toMatch(/played .* better .* lost \d\.\d{3}$/m);
    // `/nardy review` right after: the review is in the channel already, and is pointed at, not posted again (#45).
    await w.act(w.discord.command(ANNA, channel, 'review'));
    expect(publicMessages(w, channel).filter((m) => m.content.startsWith('📊 Review — '))).toHaveLength(1);
    expect(whispersTo(w, channel, ANNA).at(-1)!.content).toBe(t('en', 'posted.review'));
    expect(w.problems).toEqual([]);
  }, 300_000);
});
