/**
 * End to end (issue 6): two users in a Discord channel play whole games through the production
 * endpoint — signed interactions in, the deferred acknowledgement out, then `@discordjs/rest` over
 * real HTTP to the API stand-in, dynalite, sharp — pressing only the buttons the bot sent. Every
 * recorded play is checked against the engine, every board's buttons against the stored version,
 * and every acknowledgement is timed: Discord allows 3 s, cold start included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardView } from '../../../src/app/index.ts';
import { findVariant, legalPlays, startBoard, type Board } from '../../../src/engine/index.ts';
import { seatToAct, type MatchState } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import type { DiscordPerson, StoredMessage } from '../../../src/local/discord-api/index.ts';
import { renderBoard } from '../../../src/render/index.ts';
import { mulberry32, type Rng } from '../../arbitraries.ts';
import { ANNA, boardIn, buttonsOf, CAROL, NODAR, NOW, PEOPLE, publicMessages, stored, whispersTo, world, type World } from './harness.ts';

let w: World;
const ackTimes: number[] = [];

beforeAll(async () => {
  w = await world(20260110);
});
afterAll(() => w.discord.close());

async function act(interaction: Parameters<World['deliver']>[0]): Promise<void> {
  const delivery = await w.deliver(interaction);
  expect(delivery.status).toBe(200);
  ackTimes.push(delivery.ackMs);
}

/** Every recorded play is one of the engine's legal plays of the position before it. */
function checkHistory(state: MatchState): number {
  const variant = findVariant(state.settings.variant);
  if (!variant.ok) throw new Error(variant.error.message);
  let board: Board = startBoard(variant.value);
  const turns = [0, 0];
  let plays = 0;
  for (const event of state.history) {
    if (event.type === 'gameStarted') [board, turns[0], turns[1]] = [startBoard(variant.value), 0, 0];
    if (event.type !== 'played') continue;
    const mover: Board = event.seat === 0 ? board : [board[1], board[0]];
    const legal = legalPlays({ variant: state.settings.variant, board: mover, options: state.settings.options }, [event.dice[0], event.dice[1]], { firstTurn: turns[event.seat] === 0 });
    if (event.move === 'Ø') expect(legal).toEqual([]);
    else {
      const play = legal.find((p) => p.move === event.move);
      expect(play, `${event.dice}: ${event.move} is legal`).toBeDefined();
      board = event.seat === 0 ? play!.board : [play!.board[1], play!.board[0]];
    }
    turns[event.seat]++;
    plays++;
  }
  return plays;
}

type Pressable = ReturnType<typeof buttonsOf>[number];

/** Legal progress at random; the cube: double once a game, pass the first double of the match, then take. */
function choose(buttons: readonly Pressable[], rng: Rng, state: MatchState): Pressable {
  const of = (k: string) => buttons.filter((b) => b.token.choice.k === k);
  const doubles = state.history.filter((e) => e.type === 'doubled').length;
  const games = state.history.filter((e) => e.type === 'gameStarted').length;
  if (of('pass').length > 0) return of('pass')[0];
  if (of('take').length > 0) return games > 1 ? of('take')[0] : of('askPass')[0];
  if (of('roll').length > 0) return of('double').length > 0 && doubles < games ? of('double')[0] : of('roll')[0];
  for (const k of ['confirm', 'play', 'step', 'pick']) if (of(k).length > 0) return of(k)[Math.floor(rng() * of(k).length)];
  throw new Error(`no way forward among ${buttons.map((b) => b.label).join(', ') || 'no buttons'}`);
}

async function isPictureOf(board: StoredMessage, state: MatchState, version: number): Promise<boolean> {
  for (const lang of ['en', 'ru', 'ka'] as const) {
    const expected = await renderBoard(boardView(state, version, lang, NOW).picture);
    if (expected.ok && Buffer.compare(expected.value, board.attachments[0].bytes) === 0) return true;
  }
  return false;
}

/** Plays to the end by pressing the board's buttons as the player to act. */
async function playOut(channel: string, gameId: string, maxPresses: number) {
  const rng = mulberry32(7);
  const kinds = new Set<string>();
  let pictures = 0;
  for (let presses = 0; presses < maxPresses; presses++) {
    const { record, state } = await stored(w, gameId);
    const board = boardIn(w, channel);
    if (state.phase === 'finished') return { state, board, kinds };
    const buttons = buttonsOf(board);
    expect(board.components.length, 'at most 5 rows').toBeLessThanOrEqual(5);
    expect(board.components.every((row) => row.components.length <= 5), 'at most 5 buttons a row').toBe(true);
    expect(buttons.every((b) => b.token.gameId === gameId && b.token.version === record.version), 'the board shows the stored version').toBe(true);
    if (presses % 20 === 0 && buttons.every((b) => !['step', 'pass', 'back'].includes(b.token.choice.k))) {
      expect(await isPictureOf(board, state, record.version), 'the picture is the stored position').toBe(true);
      pictures++;
    }
    const player = PEOPLE.get(state.players[seatToAct(state)!]!.id)!;
    const choice = choose(buttons, rng, state);
    kinds.add(choice.token.choice.k);
    await act(w.discord.press(player, board, choice.customId));
    expect(w.problems, `after pressing "${choice.label}"`).toEqual([]);
  }
  throw new Error(`the match ${gameId} did not end within ${maxPresses} presses`);
}

/** `/nardy challenge` by Nodar to Anna; Carol's press on Accept is refused; Anna accepts. */
async function challengeAndAccept(channel: string, options: Record<string, string | number | boolean | DiscordPerson>): Promise<string> {
  await act(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA, ...options }));
  const challenge = publicMessages(w, channel).at(-1)!;
  expect(challenge.thinking, 'the deferred reply became the challenge').toBe(false);
  const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
  expect(accept, 'the challenge has an Accept button').toBeDefined();
  const before = (await stored(w, accept.token.gameId)).record.version;
  await act(w.discord.press(CAROL, challenge, accept.customId));
  expect((await stored(w, accept.token.gameId)).record.version).toBe(before);
  expect(whispersTo(w, channel, CAROL).at(-1)?.content).toBe(t('ka', 'toast.notYourGame'));
  await act(w.discord.press(ANNA, challenge, accept.customId));
  expect((await stored(w, accept.token.gameId)).state.phase).toBe('playing');
  // The game speaks the challenger's language (Nodar's: ru).
  expect(publicMessages(w, channel).find((m) => m.id === challenge.id)?.content).toBe(t('ru', 'challenge.accepted'));
  return accept.token.gameId;
}

describe('issue 6 end to end: whole games in a Discord channel through the interactions endpoint', () => {
  it('two users play a complete short-nardy match to 3 with the cube, by the buttons the bot sent', async () => {
    const channel = w.discord.guildChannel();
    const gameId = await challengeAndAccept(channel, { variant: 'short', match: 3 });
    const { state, board, kinds } = await playOut(channel, gameId, 4000);
    expect(state.settings).toMatchObject({ variant: 'short', matchLength: 3, doubling: true });
    expect(Math.max(...state.score)).toBeGreaterThanOrEqual(3);
    expect(state.history.map((e) => e.type)).toEqual(expect.arrayContaining(['doubled', 'passed', 'taken']));
    expect(kinds).toEqual(new Set([...kinds, 'roll', 'double', 'askPass', 'pass', 'take']));
    expect(checkHistory(state)).toBeGreaterThan(20);
    expect(board.content).toContain(state.players[state.result!.winner!]!.name);
    // Finished: nothing left to play, only a rematch, the history and the review.
    expect(buttonsOf(board).map((b) => b.token.choice.k)).toEqual(['rematch', 'history', 'review']);
  }, 600_000);

  it('two users play a complete long-nardy game, step mode included', async () => {
    const channel = w.discord.guildChannel();
    const gameId = await challengeAndAccept(channel, {});
    const { state, board, kinds } = await playOut(channel, gameId, 3000);
    expect(state.settings.variant).toBe('long');
    expect(state.result?.winner).not.toBeNull();
    expect(kinds).toContain('step');
    expect(checkHistory(state)).toBeGreaterThan(30);
    // Finished: nothing left to play, only a rematch, the history and the review.
    expect(buttonsOf(board).map((b) => b.token.choice.k)).toEqual(['rematch', 'history', 'review']);
  }, 600_000);

  it('the player to move is mentioned when the turn passes; the previous notice is removed', async () => {
    const channel = w.discord.guildChannel();
    const gameId = await challengeAndAccept(channel, {});
    const notices = () => publicMessages(w, channel).filter((m) => /^<@\d+>/.test(m.content));
    const mentionOfMover = async () => {
      const { state } = await stored(w, gameId);
      return `<@${state.players[seatToAct(state)!]!.id.slice('discord:'.length)}>`;
    };
    const rng = mulberry32(1);
    /** Presses the mover's buttons until the turn passes to the other player. */
    const passTurn = async (from: string) => {
      for (let i = 0; i < 20 && (await mentionOfMover()) === from; i++) {
        const { state } = await stored(w, gameId);
        const board = boardIn(w, channel);
        await act(w.discord.press(PEOPLE.get(state.players[seatToAct(state)!]!.id)!, board, choose(buttonsOf(board), rng, state).customId));
      }
    };
    let first = await mentionOfMover();
    if (first === `<@${ANNA.user.id}>`) {
      // Anna, who pressed Accept, moves first: she is not told of a turn her own press gave her
      // (as after any press of hers). The notice comes when the turn passes to Nodar.
      expect(notices()).toEqual([]);
      await passTurn(first);
      first = await mentionOfMover();
    }
    expect(notices().map((m) => m.content.slice(0, first.length))).toEqual([first]);
    await passTurn(first);
    const second = await mentionOfMover();
    expect(second).not.toBe(first);
    expect(notices().map((m) => m.content.slice(0, second.length))).toEqual([second]);
    expect(w.discord.messages(channel).filter((m) => m.deleted && m.content.startsWith(first))).toHaveLength(1);
  });

  it('issue 16: /nardy history answers with my game in notation; resigned, the finished board\'s History attaches the .mat', async () => {
    const channel = w.discord.guildChannel();
    const gameId = await challengeAndAccept(channel, { variant: 'short' });
    await act(w.discord.command(NODAR, channel, 'history'));
    const told = publicMessages(w, channel).at(-1)!;
    expect(told.content.split('\n')[0]).toBe(t('ru', 'history.title', { game: `${t('ru', 'variant.short')}: ${(await stored(w, gameId)).state.players.map((p) => p!.name).join(' — ')}` }));
    expect(told.content).toContain('Game 1: White 0, Black 0');
    expect(told.attachments).toEqual([]);
    for (const k of ['askResign', 'resign']) {
      const { state } = await stored(w, gameId);
      const board = boardIn(w, channel);
      await act(w.discord.press(PEOPLE.get(state.players[state.game!.turn.seat]!.id)!, board, buttonsOf(board).find((b) => b.token.choice.k === k)!.customId));
    }
    expect((await stored(w, gameId)).state.phase).toBe('finished');
    const board = boardIn(w, channel);
    await act(w.discord.press(CAROL, board, buttonsOf(board).find((b) => b.token.choice.k === 'history')!.customId));
    const file = publicMessages(w, channel).at(-1)!;
    expect(file.attachments.map((a) => a.filename)).toEqual([`nardy-${gameId}.mat`]);
    expect(file.attachments[0].bytes.toString('utf8')).toMatch(new RegExp(`^; \\[Match ID "${gameId}"\\]\n[^]* 0 point match\n`));
    expect(w.problems).toEqual([]);
  });

  it('every acknowledgement was sent far inside Discord\'s 3 s', () => {
    expect(ackTimes.length).toBeGreaterThan(100);
    const worst = Math.max(...ackTimes);
    console.log(`acknowledgements: ${ackTimes.length}, median ${ackTimes.sort((a, b) => a - b)[ackTimes.length >> 1].toFixed(2)} ms, worst ${worst.toFixed(2)} ms`);
    // A third of Discord's limit, on a busy test machine; typically well under a millisecond.
    expect(worst).toBeLessThan(1000);
  });
});
