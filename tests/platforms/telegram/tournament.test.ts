/**
 * Issue 17, tournaments, end to end through the Telegram stand-in: `/tournament` in a group, the
 * settings keyboard, five players joining, Start, every pairing an ordinary challenge accepted by
 * its invited player and finished by a resignation (a 1-point match), the bracket or table edited
 * in place, and the winner announced once. Knockout with byes, round robin with its table.
 */
import { describe, expect, it } from 'vitest';
import type { StoredMessage, TgUser } from '../../../src/local/telegram-api/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { standings, type Tournament } from '../../../src/app/tournament/model.ts';
import { loadTournament } from '../../../src/app/tournament/stored.ts';
import { seatToAct } from '../../../src/game/index.ts';
import { api, buttonsOf, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

const PLAYERS: TgUser[] = ['Ada', 'Boris', 'Clio', 'Dato', 'Eka'].map((name, i) => ({ id: 1701 + i, is_bot: false, first_name: name, language_code: 'en' }));
const userOf = (id: string) => PLAYERS.find((u) => `telegram:${u.id}` === id)!;

type World = ReturnType<typeof world>;

/** The tournament's buttons (`t:` data) under a message. */
const tournamentButtons = (m: StoredMessage) => (m.reply_markup?.inline_keyboard ?? []).flat().filter((b): b is typeof b & { callback_data: string } => typeof b.callback_data === 'string' && b.callback_data.startsWith('t:'));

function pressLabel(w: World, user: TgUser, message: StoredMessage, label: string) {
  const button = tournamentButtons(message).find((b) => b.text === label);
  expect(button, `a "${label}" button`).toBeDefined();
  return w.press(user, message, button!.callback_data);
}

const now = (w: World, id: number) => api.messages(w.group.id).find((m) => m.message_id === id)!;

async function tournamentOf(w: World, message: StoredMessage): Promise<Tournament> {
  const id = /^t:([a-z0-9]+):/.exec(tournamentButtons(message)[0]!.callback_data)![1]!;
  const loaded = await loadTournament(w.store, id);
  return loaded!.tournament;
}

/** Opens a tournament as Ada, sets it up, lets the other four join and starts it; returns its message id and id. */
async function openAndStart(w: World, format: 'knockout' | 'roundRobin') {
  const [ada, ...others] = PLAYERS;
  await w.say(ada!, '/tournament');
  const signup = w.live().at(-1)!;
  expect(signup.text).toContain(t('en', 'tournament.signup', { organiser: 'Ada', format: t('en', 'tournament.format.knockout'), variant: 'long nardy', match: 'match to 1', clock: '3 days', max: 8, n: 1, players: 'Ada' }));
  // Only the organiser sets it up: Boris's press changes nothing.
  const answer = await pressLabel(w, others[0]!, signup, t('en', 'button.tournament.knockout'));
  expect(answer.text).toBe(t('en', 'tournament.onlyOrganiser', { name: 'Ada' }));
  if (format === 'roundRobin') await pressLabel(w, ada!, now(w, signup.message_id), t('en', 'button.tournament.knockout'));
  for (const p of others) expect((await pressLabel(w, p, now(w, signup.message_id), t('en', 'button.tournament.join'))).text).toBe(t('en', 'tournament.joined'));
  // A second Join is refused; a non-organiser cannot start.
  expect((await pressLabel(w, others[1]!, now(w, signup.message_id), t('en', 'button.tournament.join'))).text).toBe(t('en', 'tournament.alreadyIn'));
  await pressLabel(w, others[1]!, now(w, signup.message_id), t('en', 'button.tournament.start'));
  let tm = await tournamentOf(w, now(w, signup.message_id));
  expect(tm.phase).toBe('signup');
  expect(tm.players).toHaveLength(5);
  expect(tm.settings.format).toBe(format);
  expect(now(w, signup.message_id).text).toContain('Players (5): Ada, Boris, Clio, Dato, Eka');
  await pressLabel(w, ada!, now(w, signup.message_id), t('en', 'button.tournament.start'));
  tm = await tournamentOf(w, now(w, signup.message_id));
  expect(tm.phase).toBe('playing');
  return { messageId: signup.message_id, id: tm.id };
}

/** Plays every pending match of the last round: the invited player accepts, the player to move resigns. */
async function playRound(w: World, tm: Tournament): Promise<number> {
  let played = 0;
  for (const pairing of tm.rounds.at(-1)!.pairings.filter((p) => p.result === undefined)) {
    const { record } = await stored(pairing.match, w.store);
    const challengeId = Number((record.notes?.challenge as { messageId: string }).messageId);
    const challenge = now(w, challengeId);
    expect(challenge.text).toContain(`${tm.rounds.length}`);
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    // Only the invited player may accept.
    await w.press(userOf(pairing.a), challenge, accept.data);
    expect((await stored(pairing.match, w.store)).state.phase).toBe('challenge');
    await w.press(userOf(pairing.b), challenge, accept.data);
    const { state } = await stored(pairing.match, w.store);
    expect(state.phase).toBe('playing');
    const mover = userOf(state.players[seatToAct(state)!]!.id);
    await w.say(mover, '/resign');
    const board = w.board();
    const resign = buttonsOf(board).find((b) => b.token.choice.k === 'resign');
    expect(resign, 'the board brought down asks to confirm the resignation').toBeDefined();
    // The resignation's update is delivered twice (Telegram retries when an answer is lost): counted once.
    const update = api.userPress(mover, { chat: { id: w.group.id }, message_id: board.message_id }, resign!.data);
    expect(await w.post(update)).toBe(200);
    const version = (await loadTournament(w.store, tm.id))!.record.version;
    expect(await w.post(update)).toBe(200);
    expect((await loadTournament(w.store, tm.id))!.record.version).toBe(version);
    expect((await stored(pairing.match, w.store)).state.phase).toBe('finished');
    played++;
  }
  return played;
}

async function playToWinner(w: World, messageId: number, id: string) {
  let matches = 0;
  for (let round = 0; round < 10; round++) {
    const tm = (await loadTournament(w.store, id))!.tournament;
    if (tm.phase === 'finished') return { tm, matches };
    matches += await playRound(w, tm);
    // The standings are the sign-up message, edited in place: never posted again.
    expect(api.messages(w.group.id).filter((m) => m.fromBot && (m.text ?? '').startsWith('🏆 Tournament by'))).toHaveLength(1);
    expect(now(w, messageId).edits).toBeGreaterThan(0);
  }
  throw new Error('the tournament did not end in 10 rounds');
}

describe('issue 17 end to end: tournaments of five in a Telegram group', () => {
  it('is opened in a group only, one at once per organiser (issue #45)', async () => {
    const w = world(-1017003, 1703);
    const [ada] = PLAYERS;
    const update = api.userMessage(ada!, { id: ada!.id, type: 'private', first_name: 'Ada' }, '/tournament');
    expect(await w.post(update)).toBe(200);
    expect(api.messages(ada!.id).filter((m) => m.fromBot).at(-1)!.text).toBe(t('en', 'tournament.inGroup'));
    for (let i = 0; i < 2; i++) await w.say(ada!, '/tournament');
    const signups = w.live().filter((m) => (m.text ?? '').startsWith('🏆 Ada opens a tournament'));
    expect(signups).toHaveLength(1);
    expect(w.live().at(-1)!.text).toBe(t('en', 'tournament.oneAtATime'));
    // Cancelled, one makes room for the next.
    await pressLabel(w, ada!, signups[0]!, t('en', 'button.tournament.cancel'));
    expect(now(w, signups[0]!.message_id).text).toBe(t('en', 'tournament.cancelled'));
    await w.say(ada!, '/tournament');
    expect(w.live().at(-1)!.text).toContain('🏆 Ada opens a tournament');
  });

  it('knockout: two matches and a bye, then one and a bye, then the final; the winner announced once', async () => {
    const w = world(-1017001, 1701);
    const { messageId, id } = await openAndStart(w, 'knockout');
    const first = (await loadTournament(w.store, id))!.tournament;
    expect(first.rounds[0]!.pairings).toHaveLength(2);
    expect(first.rounds[0]!.bye).toBeDefined();
    const { tm, matches } = await playToWinner(w, messageId, id);
    expect(matches).toBe(4);
    expect(tm.rounds.map((r) => [r.pairings.length, r.bye !== undefined])).toEqual([[2, true], [1, true], [1, false]]);
    // Nobody sits out twice.
    expect(new Set(tm.rounds.map((r) => r.bye).filter((b) => b !== undefined)).size).toBe(2);
    const final = tm.rounds[2]!.pairings[0]!;
    expect(tm.winner).toBe(final.result!.winner);
    const winner = userOf(tm.winner!).first_name;
    const announced = w.live().filter((m) => m.text === t('en', 'tournament.winner', { name: winner }));
    expect(announced).toHaveLength(1);
    const standingsText = now(w, messageId).text!;
    expect(standingsText).toContain(t('en', 'tournament.winner', { name: winner }));
    expect(standingsText).toContain('Round 3:');
    expect(tournamentButtons(now(w, messageId))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('round robin: everyone meets everyone once, one sits out each round; the table picks the winner', async () => {
    const w = world(-1017002, 1702);
    const { messageId, id } = await openAndStart(w, 'roundRobin');
    const { tm, matches } = await playToWinner(w, messageId, id);
    expect(tm.rounds).toHaveLength(5);
    expect(matches).toBe(10);
    const met = tm.rounds.flatMap((r) => r.pairings.map((p) => [p.a, p.b].sort().join('|')));
    expect(new Set(met).size).toBe(10);
    expect(new Set(tm.rounds.map((r) => r.bye)).size).toBe(5);
    const table = standings(tm);
    expect(table.reduce((n, l) => n + l.wins, 0)).toBe(10);
    expect(tm.winner).toBe(table[0]!.player);
    // The table's order holds: wins never rise down the table.
    for (let i = 1; i < table.length; i++) expect(table[i]!.wins).toBeLessThanOrEqual(table[i - 1]!.wins);
    const text = now(w, messageId).text!;
    expect(text).toContain(t('en', 'tournament.tieBreak'));
    expect(text).toContain(`1. ${userOf(table[0]!.player).first_name} — ${table[0]!.wins}–${table[0]!.losses}`);
    expect(w.live().filter((m) => m.text === t('en', 'tournament.winner', { name: userOf(tm.winner!).first_name }))).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
