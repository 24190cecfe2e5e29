/**
 * Issue #48, the club's rough edges, end to end through the Telegram stand-in (real HTTP, dynalite,
 * the production webhook): a player removed from a tournament while their match is under way.
 */
import { describe, expect, it } from 'vitest';
import type { StoredMessage, TgUser } from '../../../src/local/telegram-api/index.ts';
import { encodeToken } from '../../../src/app/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { remove, type Tournament } from '../../../src/app/tournament/model.ts';
import { changeTournament, loadTournament } from '../../../src/app/tournament/stored.ts';
import { seatToAct } from '../../../src/game/index.ts';
import { api, buttonsOf, choose, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

const PLAYERS: TgUser[] = ['Ada', 'Boris', 'Clio', 'Dato'].map((name, i) => ({ id: 4801 + i, is_bot: false, first_name: name, language_code: 'en' }));
const userOf = (id: string) => PLAYERS.find((u) => `telegram:${u.id}` === id)!;
const [ADA] = PLAYERS as [TgUser, ...TgUser[]];

type World = ReturnType<typeof world>;

const tournamentButtons = (m: StoredMessage) => (m.reply_markup?.inline_keyboard ?? []).flat().filter((b): b is typeof b & { callback_data: string } => typeof b.callback_data === 'string' && b.callback_data.startsWith('t:'));
const messageOf = (w: World, id: number | string) => api.messages(w.group.id).find((m) => m.message_id === Number(id))!;

async function pressLabel(w: World, user: TgUser, message: StoredMessage, label: string) {
  const button = tournamentButtons(message).find((b) => b.text === label);
  expect(button, `a "${label}" button`).toBeDefined();
  return w.press(user, message, button!.callback_data);
}

/** A knockout of four opened by Ada and started: its message id and id. */
async function startKnockout(w: World): Promise<{ signup: number; id: string }> {
  await w.say(ADA, '/tournament');
  const signup = w.live().at(-1)!;
  for (const p of PLAYERS.slice(1)) await pressLabel(w, p, messageOf(w, signup.message_id), t('en', 'button.tournament.join'));
  await pressLabel(w, ADA, messageOf(w, signup.message_id), t('en', 'button.tournament.start'));
  const id = /^t:([a-z0-9]+):/.exec(tournamentButtons(messageOf(w, signup.message_id))[0]!.callback_data)![1]!;
  return { signup: signup.message_id, id };
}

const tournament = async (w: World, id: string): Promise<Tournament> => (await loadTournament(w.store, id))!.tournament;

/** The pairing's invited player accepts, and the player to act presses one of the board's buttons: a match under way. */
async function underWay(w: World, match: string) {
  const { record } = await stored(match, w.store);
  const challenge = messageOf(w, (record.notes?.challenge as { messageId: string }).messageId);
  const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
  const { state: before } = await stored(match, w.store);
  await w.press(userOf(before.invitee!), challenge, accept.data);
  const { state } = await stored(match, w.store);
  expect(state.phase).toBe('playing');
  const board = messageOf(w, ((await stored(match, w.store)).record.notes?.board as { messageId: string }).messageId);
  await w.press(userOf(state.players[seatToAct(state)!]!.id), board, choose(buttonsOf(board), w.rng, undefined).data);
  return (await stored(match, w.store)).state;
}

/** Asserts that `match` is closed for `removed`: no move taken, not rated, its board and the chat saying why, the forfeit counted once. */
async function expectClosed(w: World, id: string, match: string, removed: string) {
  const { record, state } = await stored(match, w.store);
  expect(record.status).toBe('closed');
  expect(state.phase).toBe('playing');
  const name = userOf(removed).first_name;
  const opponent = state.players.find((p) => p!.id !== removed)!;
  // The board says why, and offers no move: only its history (and its dice's transcript, for checkable dice).
  const board = messageOf(w, (record.notes?.board as { messageId: string }).messageId);
  expect(board.caption).toContain(t('en', 'caption.closedRemoved', { name }));
  expect(buttonsOf(board).map((b) => b.token.choice.k).sort()).toEqual(['history', ...(state.fair?.seeds ? ['verify'] : [])]);
  expect(buttonsOf(board).every((b) => b.token.version === record.version)).toBe(true);
  // A move at the board's own version is refused, saying why, and changes nothing.
  const resign = encodeToken({ surface: 'board', gameId: match, version: record.version, choice: { k: 'resign' } });
  const mover = userOf(state.players[seatToAct(state)!]!.id);
  expect((await w.press(mover, board, resign)).text).toBe(t('en', 'error.game-removed'));
  expect((await stored(match, w.store)).record.version).toBe(record.version);
  // One line in the chat, the forfeit counted once, nothing rated, nothing left to close.
  const line = t('en', 'tournament.matchClosed', { game: `long nardy: ${state.players[0]!.name} — ${state.players[1]!.name}`, name, winner: opponent.name });
  expect(w.live().filter((m) => (m.text ?? '').startsWith(line))).toHaveLength(1);
  const tm = await tournament(w, id);
  const pairing = tm.rounds.flatMap((r) => r.pairings).find((p) => p.match === match)!;
  expect(pairing.result).toMatchObject({ winner: opponent.id, forfeit: true });
  expect(tm.closing).toBeUndefined();
  expect(await w.store.club.ratingsOf(opponent.id)).toEqual([]);
  expect(await w.store.club.ratingsOf(removed)).toEqual([]);
  // The opponent's /games no longer lists it as their move.
  const dm = { id: userOf(opponent.id).id, type: 'private' as const, first_name: userOf(opponent.id).first_name };
  expect(await w.post(api.userMessage(userOf(opponent.id), dm, '/games'))).toBe(200);
  expect(api.messages(dm.id).filter((m) => m.fromBot).at(-1)!.text).not.toContain(`${state.players[0]!.name} — ${state.players[1]!.name}`);
}

describe('#48 item 3: a player removed from a tournament while their match is under way', () => {
  it('the organiser\'s Remove closes the match: no more moves, not rated, its board and the chat say why, the forfeit counted once', async () => {
    const w = world(-1048001, 4801);
    const { signup, id } = await startKnockout(w);
    const [first] = (await tournament(w, id)).rounds[0]!.pairings;
    const state = await underWay(w, first!.match);
    const removed = [first!.a, first!.b].find((p) => p !== `telegram:${ADA.id}`)!;
    const boardBefore = messageOf(w, ((await stored(first!.match, w.store)).record.notes?.board as { messageId: string }).messageId);
    const staleMove = buttonsOf(boardBefore).find((b) => b.token.choice.k !== 'history' && b.token.choice.k !== 'dice')!;
    await pressLabel(w, ADA, messageOf(w, signup), t('en', 'button.tournament.remove'));
    await pressLabel(w, ADA, messageOf(w, signup), `❌ ${userOf(removed).first_name}`);
    expect(w.live().some((m) => m.text === t('en', 'tournament.removed', { name: userOf(removed).first_name }))).toBe(true);
    await expectClosed(w, id, first!.match, removed);
    // A button of the board from before the removal moves nothing either.
    const version = (await stored(first!.match, w.store)).record.version;
    await w.press(userOf(state.players[seatToAct(state)!]!.id), boardBefore, staleMove.data);
    expect((await stored(first!.match, w.store)).record.version).toBe(version);
    // Refresh heals nothing more: the match is told once.
    await pressLabel(w, ADA, messageOf(w, signup), t('en', 'button.tournament.refresh'));
    await expectClosed(w, id, first!.match, removed);
    expect(problems).toEqual([]);
  });

  it('a removal whose closing a crash lost is finished by the heal (Refresh, or the scheduler)', async () => {
    const w = world(-1048002, 4802);
    const { signup, id } = await startKnockout(w);
    const [first] = (await tournament(w, id)).rounds[0]!.pairings;
    await underWay(w, first!.match);
    const removed = [first!.a, first!.b].find((p) => p !== `telegram:${ADA.id}`)!;
    // The removal stored, and the process gone before the match was closed.
    const stored1 = await changeTournament(w.store, id, Date.now(), (tm) => remove(tm, `telegram:${ADA.id}`, removed));
    expect(stored1.ok).toBe(true);
    expect((await tournament(w, id)).closing).toEqual([{ match: first!.match, removed }]);
    expect((await stored(first!.match, w.store)).record.status).toBe('active');
    await pressLabel(w, ADA, messageOf(w, signup), t('en', 'button.tournament.refresh'));
    await expectClosed(w, id, first!.match, removed);
    expect(problems).toEqual([]);
  });
});

describe('#48 item 4: a challenge to @handle (the messenger gave no id) can be declined, and lists in its addressee\'s /games', () => {
  const ALI: TgUser = { id: 4811, is_bot: false, first_name: 'Ali', username: 'ali_plays', language_code: 'en' };
  const BEKA: TgUser = { id: 4812, is_bot: false, first_name: 'Beka', username: 'Beka_Nardy', language_code: 'en' };
  const GIO: TgUser = { id: 4813, is_bot: false, first_name: 'Gio', username: 'gio_x', language_code: 'en' };
  const dmOf = (u: TgUser) => ({ id: u.id, type: 'private' as const, first_name: u.first_name });
  async function gamesOf(w: World, u: TgUser): Promise<StoredMessage> {
    expect(await w.post(api.userMessage(u, dmOf(u), '/games'))).toBe(200);
    return api.messages(u.id).filter((m) => m.fromBot).at(-1)!;
  }

  it('Beka sees it in /games by her handle, Decline is hers (not "not your game"), Cancel is Ali\'s; a stranger\'s Decline changes nothing', async () => {
    const w = world(-1001048004, 4804);
    await w.say(ALI, '/nardy @beka_nardy short');
    const challenge = w.live().at(-1)!;
    expect(challenge.text).toContain('@beka_nardy');
    const button = (k: string) => buttonsOf(messageOf(w, challenge.message_id)).find((b) => b.token.choice.k === k);
    expect(button('decline'), 'a challenge to a handle has Decline').toBeDefined();
    const gameId = button('accept')!.token.gameId;

    // Her /games lists it, found by the handle she holds (in any case), as a challenge to her.
    const listed = await gamesOf(w, BEKA);
    expect(listed.text).toContain(t('en', 'games.challengeToYou'));
    expect(listed.text).toContain('Ali');
    // With a link to the challenge, where its buttons are (a supergroup's messages have links).
    expect((listed.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.url)).toEqual([expect.stringContaining(`/${challenge.message_id}`)]);
    expect(api.messages(GIO.id).filter((m) => m.fromBot)).toEqual([]);
    expect((await gamesOf(w, GIO)).text).toBe(t('en', 'games.none'));

    // The wrong buttons say whose they are.
    expect((await w.press(BEKA, challenge, button('cancel')!.data)).text).toBe(t('en', 'toast.forChallenger', { name: 'Ali' }));
    expect((await w.press(ALI, challenge, button('decline')!.data)).text).toBe(t('en', 'toast.forInvitee', { name: '@beka_nardy' }));
    expect((await w.press(GIO, challenge, button('decline')!.data)).text).toBe(t('en', 'toast.notYourGame'));
    expect((await stored(gameId, w.store)).state.phase).toBe('challenge');

    // Hers declines it.
    expect((await w.press(BEKA, challenge, button('decline')!.data)).text ?? '').toBe('');
    expect((await stored(gameId, w.store)).state.phase).toBe('declined');
    expect(messageOf(w, challenge.message_id).text).toBe(t('en', 'challenge.declined'));
    expect((await gamesOf(w, BEKA)).text).toBe(t('en', 'games.none'));
    expect(problems).toEqual([]);
  });
});

describe('#48 item 5: a tournament\'s texts', () => {
  it('a pairing\'s challenger pressing its Accept or Decline is told whose answer it is; the invited player\'s /games lists it', async () => {
    const w = world(-1048005, 4805);
    const { id } = await startKnockout(w);
    const [pairing] = (await tournament(w, id)).rounds[0]!.pairings;
    const { record } = await stored(pairing!.match, w.store);
    const challenge = messageOf(w, (record.notes?.challenge as { messageId: string }).messageId);
    const invited = userOf(pairing!.b).first_name;
    for (const k of ['accept', 'decline']) {
      const button = buttonsOf(challenge).find((b) => b.token.choice.k === k)!;
      expect((await w.press(userOf(pairing!.a), challenge, button.data)).text).toBe(t('en', 'toast.forInvitee', { name: invited }));
    }
    expect((await stored(pairing!.match, w.store)).state.phase).toBe('challenge');
    const b = userOf(pairing!.b);
    expect(await w.post(api.userMessage(b, { id: b.id, type: 'private', first_name: b.first_name }, '/games'))).toBe(200);
    expect(api.messages(b.id).filter((m) => m.fromBot).at(-1)!.text).toContain(t('en', 'games.challengeToYou'));
    expect(problems).toEqual([]);
  });

  it('a member\'s Cancel under someone else\'s sign-up says who may cancel it: its organiser or an admin', async () => {
    const w = world(-1048006, 4806);
    await w.say(ADA, '/tournament');
    const signup = w.live().at(-1)!;
    expect((await pressLabel(w, PLAYERS[1]!, signup, t('en', 'button.tournament.cancel'))).text).toBe(t('en', 'tournament.onlyOrganiserOrAdmin', { name: 'Ada' }));
  });
});

describe('#48 item 6: /stats says whose the best winning streak is', () => {
  it('five rated wins in a row across short and long nardy: each family\'s line gives that family\'s streak (3 and 2), none claims 3 for all', async () => {
    const w = world(-1048007, 4807);
    const EKA: TgUser = { id: 4821, is_bot: false, first_name: 'Eka', language_code: 'en' };
    const GELA: TgUser = { id: 4822, is_bot: false, first_name: 'Gela', language_code: 'en' };
    const byId = (id: string) => (id === `telegram:${EKA.id}` ? EKA : GELA);
    for (const variant of ['short', 'long', 'short', 'long', 'short']) {
      await w.say(EKA, `/nardy ${variant}`);
      const challenge = w.live().at(-1)!;
      const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
      await w.press(GELA, challenge, accept.data);
      const gameId = accept.token.gameId;
      // Eka plays until it is Gela's turn; Gela resigns.
      for (let presses = 0; presses < 40; presses++) {
        const { state } = await stored(gameId, w.store);
        if (state.players[seatToAct(state)!]!.id !== `telegram:${EKA.id}`) break;
        await w.press(EKA, w.board(), choose(buttonsOf(w.board()), w.rng, undefined).data);
      }
      for (const k of ['askResign', 'resign']) {
        const { state } = await stored(gameId, w.store);
        await w.press(byId(state.players[seatToAct(state)!]!.id), w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === k)!.data);
      }
      const { state } = await stored(gameId, w.store);
      expect(state.phase).toBe('finished');
      expect(state.players[state.result!.winner!]!.id).toBe(`telegram:${EKA.id}`);
    }
    const dm = { id: EKA.id, type: 'private' as const, first_name: EKA.first_name };
    expect(await w.post(api.userMessage(EKA, dm, '/stats'))).toBe(200);
    const lines = api.messages(EKA.id).filter((m) => m.fromBot).at(-1)!.text!.split('\n');
    expect(lines.find((l) => l.startsWith(`${t('en', 'family.long')}:`))).toMatch(/; best winning streak in long nardy: 2$/);
    expect(lines.find((l) => l.startsWith(`${t('en', 'family.short')}:`))).toMatch(/; best winning streak in short nardy: 3$/);
    expect(lines.filter((l) => /streak/i.test(l))).toHaveLength(2);
    expect(problems).toEqual([]);
  });
});

describe('#48 item 6: /seed says when it did not keep the seed as typed', () => {
  it('a seed with a line break and a run of spaces, 80 characters long: kept as one line of 64, and the reply says both, in the player\'s language', async () => {
    const w = world(-1048008, 4808);
    const LEVAN: TgUser = { id: 4831, is_bot: false, first_name: 'Levan', language_code: 'ru' };
    const dm = { id: LEVAN.id, type: 'private' as const, first_name: LEVAN.first_name };
    const privately = async (text: string) => {
      expect(await w.post(api.userMessage(LEVAN, dm, text))).toBe(200);
      return api.messages(LEVAN.id).filter((m) => m.fromBot).at(-1)!.text!;
    };
    const typed = `lucky\n7    ${'x'.repeat(80)}`;
    const kept = `lucky 7 ${'x'.repeat(56)}`;
    expect([...kept]).toHaveLength(64);
    expect(await privately(`/seed ${typed}`)).toBe(`${t('ru', 'seed.set', { seed: kept })} ${t('ru', 'seed.spaces')} ${t('ru', 'seed.cut', { n: 64 })}`);
    expect(await privately('/seed lucky    7')).toBe(`${t('ru', 'seed.set', { seed: 'lucky 7' })} ${t('ru', 'seed.spaces')}`);
    expect(await privately(`/seed ${'я'.repeat(65)}`)).toBe(`${t('ru', 'seed.set', { seed: 'я'.repeat(64) })} ${t('ru', 'seed.cut', { n: 64 })}`);
    // As typed: nothing more is said (spaces at its ends are not part of it).
    expect(await privately('/seed  lucky 7 ')).toBe(t('ru', 'seed.set', { seed: 'lucky 7' }));
    expect(t('ru', 'seed.cut', { n: 64 })).toContain('64 символа');
    expect(problems).toEqual([]);
  });
});
