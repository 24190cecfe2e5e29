/**
 * Issue 17 on Discord, end to end through the production endpoint and the API stand-in:
 * `/nardy tournament` in a server channel, five members join with the buttons, the organiser
 * starts, every pairing's challenge is accepted by its invited player and resigned by the player
 * to move (1-point matches); the standings message is edited in place to the winner. Knockout with
 * byes, then round robin with the organiser removing a player (their matches forfeited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src/local/discord-api/index.ts';
import { t } from '../../../src/i18n/index.ts';
import type { Tournament } from '../../../src/app/tournament/model.ts';
import { loadTournament } from '../../../src/app/tournament/stored.ts';
import { seatToAct } from '../../../src/game/index.ts';
import { buttonsOf, person, publicMessages, stored, world, type World } from './harness.ts';

const PLAYERS = ['Ada', 'Boris', 'Clio', 'Dato', 'Eka'].map((name, i) => person(`1000000000000017${i + 10}`, name.toLowerCase(), 'en-US', name));
const personOf = (id: string) => PLAYERS.find((p) => `discord:${p.user.id}` === id)!;

let w: World;
beforeAll(async () => {
  w = await world(1717);
});
afterAll(() => w.discord.close());

const tournamentButtons = (m: StoredMessage) => m.components.flatMap((row) => row.components)
  .flatMap((b) => ('custom_id' in b && typeof b.custom_id === 'string' && b.custom_id.startsWith('t:') ? [{ customId: b.custom_id, label: b.label ?? '' }] : []));
const messageIn = (channel: string, id: string) => w.discord.messages(channel).find((m) => m.id === id)!;

async function pressLabel(channel: string, who: (typeof PLAYERS)[number], messageId: string, label: string) {
  const button = tournamentButtons(messageIn(channel, messageId)).find((b) => b.label === label);
  expect(button, `a "${label}" button`).toBeDefined();
  await w.act(w.discord.press(who, messageIn(channel, messageId), button!.customId));
}

async function tournamentIn(channel: string, messageId: string): Promise<Tournament> {
  const id = /^t:([a-z0-9]+):/.exec(tournamentButtons(messageIn(channel, messageId))[0]!.customId)![1]!;
  return (await loadTournament(w.table.store, id))!.tournament;
}

async function openAndStart(channel: string, format: 'knockout' | 'roundRobin') {
  const [ada, ...others] = PLAYERS;
  await w.act(w.discord.command(ada!, channel, 'tournament'));
  const signup = publicMessages(w, channel).at(-1)!;
  expect(signup.content).toContain(t('en', 'tournament.format.knockout'));
  if (format === 'roundRobin') await pressLabel(channel, ada!, signup.id, t('en', 'button.tournament.knockout'));
  for (const p of others) await pressLabel(channel, p, signup.id, t('en', 'button.tournament.join'));
  expect(messageIn(channel, signup.id).content).toContain('Players (5): Ada, Boris, Clio, Dato, Eka');
  const id = (await tournamentIn(channel, signup.id)).id;
  await pressLabel(channel, ada!, signup.id, t('en', 'button.tournament.start'));
  const tm = (await loadTournament(w.table.store, id))!.tournament;
  expect(tm.phase).toBe('playing');
  expect(tm.settings.format).toBe(format);
  return { messageId: signup.id, id };
}

/** Each pending match of the last round: the invited player accepts, the player to move resigns on the board. */
async function playRound(channel: string, tm: Tournament): Promise<void> {
  for (const pairing of tm.rounds.at(-1)!.pairings.filter((p) => p.result === undefined)) {
    const challenge = messageIn(channel, ((await stored(w, pairing.match)).record.notes?.challenge as { messageId: string }).messageId);
    expect(challenge.content).toContain(`round ${tm.rounds.length}`);
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    await w.act(w.discord.press(personOf(pairing.b), challenge, accept.customId));
    for (const k of ['askResign', 'resign']) {
      const { record, state } = await stored(w, pairing.match);
      const board = messageIn(channel, (record.notes?.board as { messageId: string }).messageId);
      await w.act(w.discord.press(personOf(state.players[seatToAct(state)!]!.id), board, buttonsOf(board).find((b) => b.token.choice.k === k)!.customId));
    }
    expect((await stored(w, pairing.match)).state.phase).toBe('finished');
  }
}

async function playToWinner(channel: string, id: string): Promise<Tournament> {
  for (let round = 0; round < 10; round++) {
    const tm = (await loadTournament(w.table.store, id))!.tournament;
    if (tm.phase === 'finished') return tm;
    await playRound(channel, tm);
  }
  throw new Error('no winner in 10 rounds');
}

describe('issue 17 on Discord: /nardy tournament', () => {
  it('knockout of five: byes, four matches, the winner on the standings edited in place and announced', async () => {
    const channel = w.discord.guildChannel();
    const { messageId, id } = await openAndStart(channel, 'knockout');
    const tm = await playToWinner(channel, id);
    expect(tm.rounds.map((r) => r.pairings.length)).toEqual([2, 1, 1]);
    const name = personOf(tm.winner!).user.global_name!;
    expect(messageIn(channel, messageId).content).toContain(t('en', 'tournament.winner', { name }));
    expect(publicMessages(w, channel).filter((m) => m.content.startsWith('🏆 Tournament by'))).toHaveLength(1);
    expect(publicMessages(w, channel).filter((m) => m.content.includes('wins the tournament') && m.id !== messageId)).toHaveLength(1);
    expect(w.problems).toEqual([]);
  });

  it('round robin of five, one removed by the organiser: their matches forfeited, the table of four decides', async () => {
    const channel = w.discord.guildChannel();
    const { messageId, id } = await openAndStart(channel, 'roundRobin');
    // Only the organiser may remove; Ada takes out a player who plays in the first round.
    const first = (await loadTournament(w.table.store, id))!.tournament;
    const out = first.rounds[0]!.pairings[0]!.b;
    await pressLabel(channel, PLAYERS[1]!, messageId, t('en', 'button.tournament.remove'));
    expect(tournamentButtons(messageIn(channel, messageId)).map((b) => b.label)).not.toContain(`❌ ${personOf(out).user.global_name}`);
    await pressLabel(channel, PLAYERS[0]!, messageId, t('en', 'button.tournament.remove'));
    await pressLabel(channel, PLAYERS[0]!, messageId, `❌ ${personOf(out).user.global_name}`);
    const after = (await loadTournament(w.table.store, id))!.tournament;
    expect(after.removed).toEqual([out]);
    expect(after.rounds[0]!.pairings[0]!.result).toMatchObject({ forfeit: true });
    expect(publicMessages(w, channel).some((m) => m.content === t('en', 'tournament.removed', { name: personOf(out).user.global_name! }))).toBe(true);
    // Their challenge nobody had accepted is withdrawn, in their name, its message saying they were removed (#48), not that anyone declined.
    const withdrawn = await stored(w, first.rounds[0]!.pairings[0]!.match);
    expect(withdrawn.state.phase).toBe('declined');
    expect(messageIn(channel, (withdrawn.record.notes?.challenge as { messageId: string }).messageId).content)
      .toBe(t('en', 'tournament.matchWithdrawn', { name: personOf(out).user.global_name!, winner: personOf(first.rounds[0]!.pairings[0]!.a).user.global_name! }));
    const tm = await playToWinner(channel, id);
    const all = tm.rounds.flatMap((r) => r.pairings);
    expect(all).toHaveLength(10);
    expect(all.filter((p) => p.a === out || p.b === out).every((p) => p.result!.forfeit && p.result!.winner !== out)).toBe(true);
    expect(messageIn(channel, messageId).content).toContain(t('en', 'tournament.tieBreak'));
    expect(messageIn(channel, messageId).content).toContain(t('en', 'tournament.winner', { name: personOf(tm.winner!).user.global_name! }));
    expect(tm.winner).not.toBe(out);
    expect(w.problems).toEqual([]);
  });
});
