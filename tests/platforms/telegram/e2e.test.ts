/**
 * End to end (issue 5): two users in a group play through the real webhook — telegraf over real
 * HTTP to the Bot API stand-in, the DynamoDB protocol to dynalite, sharp pictures — pressing only
 * the buttons the bot actually sent. After every press the stored match is checked against the
 * engine (each recorded play must be one of `legalPlays` of the position before it, and the
 * stored board must be where those plays lead), and the board message against the stored match.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { encodeMatch } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { ENDING_RESERVE_BYTES, MAX_ITEM_BYTES, encodeGame, itemBytes } from '../../../src/store/index.ts';
import { GAME_SORT_KEY, gameKey } from '../../../src/store/layout.ts';
import { freshTable } from '../../store/fixture.ts';
import {
  ANNA, CAROL, NODAR, USERS, api, buttonsOf, challengeAndAccept, nextMove, playOut, problems, setupE2e, stored, world, type Pressable,
} from './e2e-harness.ts';
import { privateChatOf, type TgUser } from '../../../src/local/telegram-api/index.ts';

setupE2e();

describe('issue 5 end to end: a whole match in a Telegram group, through the real webhook', () => {
  it('two friends play a complete long-nardy game by pressing only the buttons the bot sent', async () => {
    const w = world(-1008001, 20260110);
    const gameId = await challengeAndAccept(w, '/nardy');
    const { referee, state, board, seenKinds, pictures } = await playOut(w, gameId, false, 3000);
    expect(state.settings.variant).toBe('long');
    expect(state.result?.winner).not.toBeNull();
    expect(referee.plays).toBeGreaterThan(30);
    // Step buttons (one press a checker); picking a checker first is left for > 20 steps (tests/app/board-buttons.test.ts).
    expect(seenKinds).toContain('step');
    expect(pictures).toBeGreaterThan(0);
    const winner = state.players[state.result!.winner!]!.name;
    expect(board.caption).toContain(winner);
    // Finished: nothing left to play, only a rematch, the history and the review.
    expect(buttonsOf(board).map((b) => b.token.choice.k)).toEqual(['rematch', 'history', 'review']);
  }, 600_000);

  it('a short-nardy match to 3 with cube actions, to the result', async () => {
    const w = world(-1008002, 7);
    const gameId = await challengeAndAccept(w, '/nardy short 3');
    const { state, board, seenKinds, referee } = await playOut(w, gameId, true, 4000);
    expect(state.settings).toMatchObject({ variant: 'short', matchLength: 3, doubling: true });
    expect(Math.max(...state.score)).toBeGreaterThanOrEqual(3);
    const kinds = state.history.map((e) => e.type);
    expect(kinds).toContain('doubled');
    expect(kinds).toContain('passed');
    expect(kinds).toContain('taken');
    expect(kinds.filter((k) => k === 'gameStarted').length).toBeGreaterThan(1);
    expect(seenKinds).toEqual(new Set([...seenKinds, 'double', 'askPass', 'pass', 'take']));
    expect(referee.plays).toBeGreaterThan(20);
    expect(board.caption).toContain(state.players[state.result!.winner!]!.name);
  }, 600_000);
});

describe('issue 5 end to end: security and faults', () => {
  it('forged presses (garbage, another game, another user, the wrong player, an old version) → a toast, nothing changed', async () => {
    const w = world(-1008101, 99);
    const other = await challengeAndAccept(w, '/nardy short');
    const gameId = await challengeAndAccept(w, '/nardy');
    const { record, state, player, board, choice } = await nextMove(w, gameId);
    const otherBefore = (await stored(other)).record.version;
    const opponent = USERS.get(state.players.find((p) => p!.id !== `telegram:${player.id}`)!.id)!;
    const forged: [TgUser, string][] = [
      [player, 'garbage'],
      [player, `g:${other}:${otherBefore.toString(36)}:r`],
      [CAROL, choice.data],
      [opponent, choice.data],
      [player, choice.data.replace(/:[0-9a-z]+:/, `:${(record.version - 1).toString(36)}:`)],
    ];
    for (const [user, data] of forged) {
      const answer = await w.press(user, board, data);
      expect(answer.text, `${user.first_name} pressing ${data} gets a toast`).toBeTruthy();
      expect((await stored(gameId)).record.version).toBe(record.version);
    }
    expect((await stored(other)).record.version).toBe(otherBefore);
    expect(problems).toEqual([]);
  }, 120_000);

  it('a crafted press naming another chat\'s game draws nothing into the pressed message (issue 20, item 7)', async () => {
    const here = world(-1008104, 41);
    const elsewhere = world(-1008105, 42);
    const theirs = await challengeAndAccept(elsewhere, '/nardy');
    await challengeAndAccept(here, '/nardy short');
    const board = here.board();
    const before = { caption: board.caption, photo: board.photo, edits: board.edits, buttons: JSON.stringify(board.reply_markup) };
    const { record, state } = await stored(theirs);
    const old = (record.version - 1).toString(36);
    // Unsigned (a board from before tokens were signed) and an old version take the refresh path;
    // Carol plays in neither game, Nodar plays in the other one but not in this chat.
    const crafted: [TgUser, string][] = [
      [CAROL, `g:${theirs}:${old}:r`],
      [NODAR, `g:${theirs}:${old}:r`],
      [CAROL, `g:${theirs}:${record.version.toString(36)}:n`],
      // A MAC the server did not make.
      [NODAR, `g:${theirs}:${record.version.toString(36)}:r:AAAAAAAA`],
    ];
    // A genuine button of the other game, pressed under this chat's board by the player it is for.
    const genuine = await nextMove(elsewhere, theirs);
    crafted.push([genuine.player, genuine.choice.data]);
    for (const [user, data] of crafted) {
      const answer = await here.press(user, board, data);
      expect(answer.text, `${user.first_name} pressing ${data} gets a toast`).toBeTruthy();
      const now = api.messages(here.group.id).find((m) => m.message_id === board.message_id)!;
      expect({ caption: now.caption, photo: now.photo, edits: now.edits, buttons: JSON.stringify(now.reply_markup) }, `${data} left the board of this chat alone`).toEqual(before);
    }
    expect(state.players.map((p) => p!.id)).toContain(`telegram:${NODAR.id}`);
    expect((await stored(theirs)).record.version).toBe(genuine.record.version);
    expect(problems).toEqual([]);
  }, 120_000);

  it('#45 edges (review F10): a challenge message\'s genuine buttons pressed under a bot message in another chat do nothing there', async () => {
    const w = world(-1008107, 44, { serverSeed: () => 'f1'.repeat(32) });
    await w.say(ANNA, 'сыграем?');
    await w.say(NODAR, '/nardy', api.messages(w.group.id).at(-1)!);
    const challenge = w.live().at(-1)!;
    const gameId = buttonsOf(challenge)[0]!.token.gameId;
    const before = (await stored(gameId)).record.version;
    const shown = () => JSON.stringify(api.messages(w.group.id).find((m) => m.message_id === challenge.message_id));
    const inGroup = shown();
    for (const [user, k] of [[ANNA, 'accept'], [ANNA, 'decline'], [NODAR, 'cancel'], [NODAR, 'settings'], [ANNA, 'dice'], [NODAR, 'dice']] as const) {
      // A bot message in the presser's private chat to press under.
      const own = privateChatOf(user);
      expect(await w.post(api.userMessage(user, own, '/help'))).toBe(200);
      const mine = api.messages(own.id).filter((m) => m.fromBot).at(-1)!;
      const messages = JSON.stringify(api.messages(own.id));
      const button = buttonsOf(challenge).find((b) => b.token.choice.k === k)!;
      const update = api.userPress(user, { chat: { id: own.id }, message_id: mine.message_id }, button.data);
      expect(await w.post(update)).toBe(200);
      expect(api.callbackAnswer(update.callback_query!.id)?.text, `${k} from ${user.first_name}'s private chat gets a toast`).toBeTruthy();
      expect(JSON.stringify(api.messages(own.id)), `${k} left ${user.first_name}'s private chat alone`).toBe(messages);
      expect((await stored(gameId)).record.version).toBe(before);
      expect(shown(), 'the challenge message is as it was').toBe(inGroup);
    }
    // In its own chat the same Accept works.
    await w.press(ANNA, challenge, buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!.data);
    expect((await stored(gameId)).state.phase).toBe('playing');
    expect(problems).toEqual([]);
  }, 120_000);

  it('#45 edges (review F6): a move refused because the game is too long to save is told in the chat, not dropped', async () => {
    const table = await freshTable();
    const w = world(-1008108, 45, { store: table.store });
    // A day a move: its vacation rows are what the padding is made of.
    await w.say(ANNA, 'сыграем?');
    await w.say(NODAR, '/nardy', api.messages(w.group.id).at(-1)!);
    const challenge = w.live().at(-1)!;
    const gameId = buttonsOf(challenge)[0]!.token.gameId;
    const pressOn = async (user: TgUser, pick: (k: Pressable) => boolean) => {
      const now = api.messages(w.group.id).find((m) => m.message_id === challenge.message_id)!;
      await w.press(user, now, buttonsOf(now).find(pick)!.data);
    };
    await pressOn(NODAR, (b) => b.token.choice.k === 'settings');
    await pressOn(NODAR, (b) => JSON.stringify(b.token.choice) === JSON.stringify({ k: 'set', key: 'l', value: 'd1' }));
    await pressOn(NODAR, (b) => b.token.choice.k === 'back');
    await pressOn(ANNA, (b) => b.token.choice.k === 'accept');
    expect((await stored(gameId, table.store)).state.settings.clock).toMatchObject({ kind: 'correspondence' });
    // The move is found first: a padded match takes seconds to decode, so it is decoded once, by the press.
    const move = await nextMove(w, gameId);
    // The stored match padded (vacation rows, as in tests/app/matches.test.ts) just past the room a move may fill.
    const encoded = encodeMatch(move.state);
    const row = ['V', 1, 1, true];
    const rows = Math.ceil((MAX_ITEM_BYTES - ENDING_RESERVE_BYTES - itemBytes(encodeGame(move.record, move.record.version + 1)) + 512) / (JSON.stringify(row).length + 1));
    await table.documents.send(new UpdateCommand({
      TableName: table.tableName, Key: { pk: gameKey(gameId), sk: GAME_SORT_KEY }, UpdateExpression: 'SET #s = :s',
      ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':s': JSON.stringify({ ...encoded, h: [...encoded.h, ...Array.from({ length: rows }, () => row)] }) },
    }));
    const said = w.live().length;
    await w.press(move.player, move.board, move.choice.data);
    const after = await table.store.load(gameId);
    expect(after.ok && after.value.version, 'the move was not stored').toBe(move.record.version);
    const told = w.live().slice(said).map((m) => m.text ?? '');
    expect(told.some((text) => text.includes(move.player.first_name) && (['en', 'ru', 'ka'] as const).some((l) => text.includes(t(l, 'error.too-large')))), `told: ${told.join(' | ')}`).toBe(true);
    expect(problems).toEqual([]);
  }, 120_000);

  it('a board posted before tokens were signed answers a press politely and is redrawn with signed buttons, which then work (issue 20, item 7)', async () => {
    const w = world(-1008106, 43);
    const gameId = await challengeAndAccept(w, '/nardy');
    const { record, player, board, choice } = await nextMove(w, gameId);
    const unsigned = choice.data.split(':').slice(0, 4).join(':');
    // The board as an older version posted it: every button's token without its MAC.
    const posted = api.messages(w.group.id).find((m) => m.message_id === board.message_id)!;
    for (const row of posted.reply_markup?.inline_keyboard ?? []) for (const b of row) if (typeof b.callback_data === 'string') b.callback_data = b.callback_data.split(':').slice(0, 4).join(':');
    expect(buttonsOf(posted).every((b) => b.token.unsigned !== undefined)).toBe(true);
    const edits = board.edits;
    const answer = await w.press(player, board, unsigned);
    expect(answer.text).toBeTruthy();
    expect((await stored(gameId)).record.version).toBe(record.version);
    const redrawn = api.messages(w.group.id).find((m) => m.message_id === board.message_id)!;
    expect(redrawn.edits).toBeGreaterThan(edits);
    expect(buttonsOf(redrawn).every((b) => b.token !== undefined && b.token.unsigned === undefined)).toBe(true);
    const again = buttonsOf(redrawn).find((b) => b.token.choice.k === choice.token.choice.k && JSON.stringify(b.token.choice) === JSON.stringify(choice.token.choice))!;
    await w.press(player, redrawn, again.data);
    expect((await stored(gameId)).record.version).toBe(record.version + 1);
    expect(problems).toEqual([]);
  }, 120_000);

  it('a replayed /nardy opens one challenge', async () => {
    const w = world(-1008103, 6);
    const update = api.userMessage(NODAR, w.group, '/nardy');
    expect(await w.post(update)).toBe(200);
    expect(await w.post(update)).toBe(200);
    const challenges = w.live().filter((m) => buttonsOf(m).some((b) => b.token.choice.k === 'accept'));
    expect(challenges).toHaveLength(1);
  });

  it('a replayed update is applied once, and two simultaneous presses of one button store one', async () => {
    const w = world(-1008102, 5);
    const gameId = await challengeAndAccept(w, '/nardy');
    const first = await nextMove(w, gameId);
    const update = api.userPress(first.player, { chat: { id: w.group.id }, message_id: first.board.message_id }, first.choice.data);
    expect(await w.post(update)).toBe(200);
    expect(await w.post(update)).toBe(200);
    expect((await stored(gameId)).record.version).toBe(first.record.version + 1);

    const second = await nextMove(w, gameId);
    const press = () => api.userPress(second.player, { chat: { id: w.group.id }, message_id: second.board.message_id }, second.choice.data);
    const statuses = await Promise.all([w.post(press()), w.post(press())]);
    expect(statuses).toEqual([200, 200]);
    expect((await stored(gameId)).record.version).toBe(second.record.version + 1);
  }, 120_000);

  it('Bot API 429 and 5xx during a move: the move is stored once and the board shows it', async () => {
    const w = world(-1008103, 17);
    const gameId = await challengeAndAccept(w, '/nardy');
    for (const failure of [{ status: 429 as const, retryAfter: 2 }, { status: 502 as const, description: 'Bad Gateway' }]) {
      const move = await nextMove(w, gameId);
      api.failNext('editMessageMedia', failure);
      api.failNext('answerCallbackQuery', failure);
      await w.press(move.player, move.board, move.choice.data);
      const { record } = await stored(gameId);
      expect(record.version).toBe(move.record.version + 1);
      expect(buttonsOf(w.board()).every((b) => b.token.version === record.version), 'the board shows the stored move').toBe(true);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('when the Bot API stays down the move is still stored once; the next press of the old board brings it up to date', async () => {
    const w = world(-1008104, 23);
    const gameId = await challengeAndAccept(w, '/nardy');
    const move = await nextMove(w, gameId);
    api.failNext('editMessageMedia', { status: 500, description: 'Internal Server Error' }, 3);
    await w.press(move.player, move.board, move.choice.data);
    const { record } = await stored(gameId);
    expect(record.version).toBe(move.record.version + 1);
    expect(problems).toContainEqual(expect.objectContaining({ method: 'editMessageMedia', failure: 'unavailable' }));
    problems.length = 0;
    const stale = w.board();
    expect(buttonsOf(stale)[0].token.version).toBe(move.record.version);
    await w.press(move.player, stale, buttonsOf(stale)[0].data);
    expect((await stored(gameId)).record.version).toBe(record.version);
    expect(buttonsOf(w.board()).every((b) => b.token.version === record.version)).toBe(true);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('issue 9 end to end: plakoto and gul bara in a Telegram group, from the challenge to the result', () => {
  it('a plakoto game: checkers are pinned, never hit, and the game ends by bearing off or the mother', async () => {
    const w = world(-1009001, 909);
    const gameId = await challengeAndAccept(w, '/nardy plakoto');
    const { state, board, referee } = await playOut(w, gameId, false, 4000);
    expect(state.settings.variant).toBe('plakoto');
    const plays = state.history.filter((e) => e.type === 'played').map((e) => (e.type === 'played' ? e.move : ''));
    expect(plays.some((m) => m.includes('*')), 'somebody pinned a checker').toBe(true);
    const end = state.history.find((e) => e.type === 'gameEnded');
    expect(end).toMatchObject({ reason: expect.stringMatching(/^(borne-off|draw)$/) });
    expect(referee.plays).toBeGreaterThan(20);
    if (state.result?.winner != null) expect(board.caption).toContain(state.players[state.result.winner]!.name);
    // Finished: nothing left to play, only a rematch, the history and the review.
    expect(buttonsOf(board).map((b) => b.token.choice.k)).toEqual(['rematch', 'history', 'review']);
  }, 600_000);

  it('a gul bara game: mad doubles climb to 6-6 inside a turn, and the game is played to its result', async () => {
    const w = world(-1009002, 4242);
    const gameId = await challengeAndAccept(w, '/nardy gulbara');
    const { state, board, referee } = await playOut(w, gameId, false, 5000);
    expect(state.settings.variant).toBe('gulbara');
    expect(referee.rungs, 'at least one ladder rung was played').toBeGreaterThan(0);
    expect(state.result?.winner).not.toBeNull();
    expect(board.caption).toContain(state.players[state.result!.winner!]!.name);
    // Finished: nothing left to play, only a rematch, the history and the review.
    expect(buttonsOf(board).map((b) => b.token.choice.k)).toEqual(['rematch', 'history', 'review']);
  }, 600_000);
});
