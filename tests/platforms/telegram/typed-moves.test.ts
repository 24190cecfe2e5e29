/**
 * Issue 16, point 2, end to end: the player to move types the move in the game's chat — or in a
 * reply to its board, or in a private chat with the bot — instead of pressing a button, through
 * the real webhook, the Bot API stand-in and dynalite. A legal play is stored as a press would
 * store it (one version on, the board edited in place); an illegal one is answered with the rule
 * that refused it and nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { legalPlays, turnProgress, type Play } from '../../../src/engine/index.ts';
import { positionOf, seatToAct, turnContextOf, type MatchState } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { privateChatOf, type StoredMessage, type TgUser } from '../../../src/local/telegram-api/index.ts';
import { ANNA, CAROL, USERS, api, buttonsOf, challengeAndAccept, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

type World = ReturnType<typeof world>;

/** The player to act in a game, as a Telegram user. */
function mover(state: MatchState): TgUser {
  return USERS.get(state.players[seatToAct(state)!]!.id)!;
}

function playsOf(state: MatchState): Play[] {
  const game = state.game!;
  return legalPlays(positionOf(state.settings, game), game.turn.dice!, turnContextOf(game));
}

/** The game's board message, where its BOARD note says it is. */
async function boardOf(w: World, gameId: string): Promise<StoredMessage> {
  const { record } = await stored(gameId);
  const note = (record.notes as { board?: { messageId: string } } | undefined)?.board;
  const board = api.messages(w.group.id).find((m) => String(m.message_id) === note?.messageId);
  expect(board, `game ${gameId} has a board in the chat`).toBeDefined();
  return board!;
}

/** The bot's text messages in the group after `since` (message id), newest last. */
function repliesAfter(w: World, since: number): string[] {
  return w.live().filter((m) => m.message_id > since && m.text !== undefined).map((m) => m.text!);
}

const lastId = (w: World) => api.messages(w.group.id).at(-1)!.message_id;

/** Plays the turn of whoever is to move by typing the first legal play; returns it. */
async function typeFirstPlay(w: World, gameId: string): Promise<Play> {
  const { state } = await stored(gameId);
  if (state.game!.turn.stage === 'decide') await w.say(mover(state), 'roll');
  const now = (await stored(gameId)).state;
  const play = playsOf(now)[0];
  await w.say(mover(now), play.move);
  return play;
}

describe('issue 16: typed moves in a Telegram group', () => {
  it('a legal play typed as text is stored as if pressed: one version on, the board edited in place with the new buttons', async () => {
    const w = world(-1016001, 1601);
    const gameId = await challengeAndAccept(w, '/nardy short');
    const before = await stored(gameId);
    expect(before.state.game!.turn.stage).toBe('moving');
    const board = await boardOf(w, gameId);
    const play = playsOf(before.state)[0];
    const photos = () => w.live().filter((m) => m.photo !== undefined).length;
    const boards = photos();
    // Written the tolerant way: dashes instead of slashes.
    await w.say(mover(before.state), play.move.replaceAll('/', '-'));
    const after = await stored(gameId);
    expect(after.record.version).toBe(before.record.version + 1);
    expect(after.state.history.filter((e) => e.type === 'played').map((e) => e.type === 'played' && e.move)).toEqual([play.move]);
    const edited = api.messages(w.group.id).find((m) => m.message_id === board.message_id)!;
    expect(edited.deleted).toBeFalsy();
    expect(photos(), 'no new board was posted').toBe(boards);
    expect(buttonsOf(edited).length).toBeGreaterThan(0);
    expect(buttonsOf(edited).every((b) => b.token.version === after.record.version), 'the board in place shows the stored version').toBe(true);
    expect(problems).toEqual([]);
  }, 120_000);

  it('roll, and its Russian word бросок, roll the dice for the player to move', async () => {
    const w = world(-1016002, 1602);
    const gameId = await challengeAndAccept(w, '/nardy short 3');
    await typeFirstPlay(w, gameId);
    for (const word of ['бросок', 'roll']) {
      const { record, state } = await stored(gameId);
      expect(state.game!.turn.stage, 'the cube is in play: the turn starts with a decision').toBe('decide');
      await w.say(mover(state), word);
      const rolled = await stored(gameId);
      expect(rolled.record.version).toBe(record.version + 1);
      expect(rolled.state.game!.turn.stage).toBe('moving');
      expect(rolled.state.game!.turn.dice).not.toBeNull();
      await w.say(mover(rolled.state), playsOf(rolled.state)[0].move);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('an illegal play gets the rule that refused it, in the mover\'s language; nothing is stored and the buttons stay', async () => {
    const w = world(-1016003, 1603);
    const gameId = await challengeAndAccept(w, '/nardy short');
    const { record, state } = await stored(gameId);
    const player = mover(state);
    const lang = player.language_code === 'ru' ? 'ru' : 'en';
    const board = await boardOf(w, gameId);
    const buttons = buttonsOf(board).map((b) => b.data);
    // At the start of short nardy the mover has no checker on 7 (their own numbering).
    const mine = state.game!.board[seatToAct(state)!];
    const empty = 7;
    expect(mine[empty]).toBe(0);
    const since = lastId(w);
    await w.say(player, `${empty}/${empty - 1}`);
    expect(repliesAfter(w, since)).toEqual([t(lang, 'move.noChecker', { point: empty })]);
    const dice = state.game!.turn.dice!;
    const half = playsOf(state).find((p) => p.steps.length === 2)!;
    const firstStep = half.steps[0];
    const since2 = lastId(w);
    await w.say(player, `${firstStep.from}/${firstStep.to}`);
    const [a, b] = dice[0] >= dice[1] ? dice : [dice[1], dice[0]];
    expect(repliesAfter(w, since2)).toEqual([t(lang, 'move.wholeRoll', { n: 2, dice: `${a}-${b}` })]);
    const after = await stored(gameId);
    expect(after.record.version).toBe(record.version);
    expect(buttonsOf(api.messages(w.group.id).find((m) => m.message_id === board.message_id)!).map((b) => b.data)).toEqual(buttons);
    expect(problems).toEqual([]);
  }, 120_000);

  it('mid-turn, after a step button: a typed rest completes the turn, a typed whole play replaces the steps', async () => {
    const w = world(-1016008, 1608);
    const gameId = await challengeAndAccept(w, '/nardy short');
    for (const typing of ['the rest', 'a whole other play'] as const) {
      const { state } = await stored(gameId);
      const player = mover(state);
      // A step button that leaves a choice (one that leaves a forced rest would end the turn).
      const game = state.game!;
      const position = positionOf(state.settings, game);
      const leavesChoice = (b: ReturnType<typeof buttonsOf>[number]) => {
        const c = b.token.choice;
        if (c.k !== 'step') return false;
        const first = turnProgress(position, game.turn.dice!, [], turnContextOf(game));
        const s = first.ok ? first.value.next.find((x) => x.from === c.from && x.to === c.to && x.die === c.die) : undefined;
        const after = s && turnProgress(position, game.turn.dice!, [s], turnContextOf(game));
        return after?.ok === true && after.value.rest === undefined;
      };
      const step = buttonsOf(w.board()).find(leavesChoice);
      expect(step, 'the board offers step buttons').toBeDefined();
      await w.press(player, w.board(), step!.data);
      const stepped = await stored(gameId);
      const made = stepped.state.game!.turn.steps;
      expect(made).toHaveLength(1);
      const plays = playsOf(state);
      const has = (p: Play) => p.steps.some((s) => s.from === made[0].from && s.to === made[0].to);
      const play = typing === 'the rest' ? plays.find(has)! : plays.find((p) => !has(p))!;
      const text = typing === 'the rest'
        ? play.steps.filter((s, i) => i !== play.steps.findIndex((x) => x.from === made[0].from && x.to === made[0].to)).map((s) => `${s.from}/${s.to === 0 ? 'off' : s.to}`).join(' ')
        : play.move;
      await w.say(player, text);
      const after = await stored(gameId);
      expect(after.record.version, `${typing}: ${text}`).toBe(stepped.record.version + 1);
      const played = after.state.history.filter((e) => e.type === 'played').at(-1);
      expect(played?.type === 'played' && played.move).toBe(play.move);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('text that is no move is ignored in a group, and so is a move typed by someone with no game here', async () => {
    const w = world(-1016004, 1604);
    const gameId = await challengeAndAccept(w, '/nardy short');
    const { record, state } = await stored(gameId);
    const since = lastId(w);
    await w.say(mover(state), 'хороший был бросок вчера');
    await w.say(CAROL, playsOf(state)[0].move);
    expect(repliesAfter(w, since)).toEqual([]);
    expect((await stored(gameId)).record.version).toBe(record.version);
  }, 120_000);

  it('a move by the player not to move is answered "not your turn"', async () => {
    const w = world(-1016005, 1605);
    const gameId = await challengeAndAccept(w, '/nardy short');
    const { record, state } = await stored(gameId);
    const waiting = USERS.get(state.players[1 - seatToAct(state)!]!.id)!;
    const since = lastId(w);
    await w.say(waiting, '24/18');
    expect(repliesAfter(w, since)).toEqual([t(waiting.language_code === 'ru' ? 'ru' : 'en', 'toast.notYourTurn')]);
    expect((await stored(gameId)).record.version).toBe(record.version);
  }, 120_000);

  it('with two games waiting for the same player in one chat, a reply to a board picks the game; without one, the player is asked to reply', async () => {
    const w = world(-1016006, 1606);
    const first = await challengeAndAccept(w, '/nardy short');
    const second = await challengeAndAccept(w, '/nardy short');
    // Both games wait for the same player: in the one where the other is to move, they move first.
    const player = mover((await stored(first)).state);
    if (mover((await stored(second)).state) !== player) await typeFirstPlay(w, second);
    for (const id of [first, second]) {
      const { state } = await stored(id);
      expect(mover(state)).toBe(player);
      if (state.game!.turn.stage === 'decide') await w.say(player, 'roll', await boardOf(w, id));
    }
    const [one, two] = await Promise.all([stored(first), stored(second)]);
    const play = playsOf(two.state)[0];
    const lang = player.language_code === 'ru' ? 'ru' : 'en';
    const since = lastId(w);
    await w.say(player, play.move);
    const asked = repliesAfter(w, since);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(t(lang, 'move.whichGame', { games: '' }).split(':')[0]);
    expect((await stored(first)).record.version).toBe(one.record.version);
    expect((await stored(second)).record.version).toBe(two.record.version);

    await w.say(player, play.move, await boardOf(w, second));
    expect((await stored(second)).record.version).toBe(two.record.version + 1);
    expect((await stored(first)).record.version).toBe(one.record.version);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('issue 16: typed moves in a private chat with the bot, against the computer', () => {
  it('the one game waiting there takes the typed move, and the computer answers at once', async () => {
    const w = world(-1016007, 1607);
    const dm = privateChatOf(ANNA);
    const say = async (text: string) => expect(await w.post(api.userMessage(ANNA, dm, text))).toBe(200);
    await say('/start');
    await say('/nardy short vs computer');
    const challenge = api.messages(dm.id).filter((m) => m.fromBot).at(-1)!;
    const start = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    expect(await w.post(api.userPress(ANNA, { chat: { id: dm.id }, message_id: challenge.message_id }, start.data))).toBe(200);
    const gameId = start.token.gameId;
    const anna = `telegram:${ANNA.id}`;
    for (let typed = 0; typed < 6; typed++) {
      const { record, state } = await stored(gameId);
      expect(state.players[seatToAct(state)!]!.id, 'the computer never keeps the turn').toBe(anna);
      const stage = state.game!.turn.stage;
      await say(stage === 'decide' ? 'roll' : stage === 'doubled' ? 'take' : playsOf(state)[0].move);
      expect((await stored(gameId)).record.version).toBeGreaterThan(record.version);
    }
    const { state } = await stored(gameId);
    const computerSeat = state.players.findIndex((p) => p?.id !== anna);
    expect(state.history.filter((e) => e.type === 'played' && e.seat === computerSeat).length, 'the computer played its turns').toBeGreaterThan(0);
    // The board is the one in the private chat, edited in place: one board message there.
    expect(api.messages(dm.id).filter((m) => m.fromBot && m.photo !== undefined && !m.deleted)).toHaveLength(1);
    const since = api.messages(dm.id).at(-1)!.message_id;
    await say('how do I play?');
    expect(api.messages(dm.id).filter((m) => m.fromBot && m.message_id > since).map((m) => m.text)).toEqual([t('en', 'help')]);
    expect(problems).toEqual([]);
  }, 120_000);
});
