/**
 * Issue #48, the club's rough edges, on Discord through the production endpoint and the API
 * stand-in: a player removed from a tournament while their match is under way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src/local/discord-api/index.ts';
import { encodeToken } from '../../../src/app/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { loadTournament } from '../../../src/app/tournament/stored.ts';
import { seatToAct } from '../../../src/game/index.ts';
import { buttonsOf, person, publicMessages, stored, whispersTo, world, type World } from './harness.ts';

const PLAYERS = ['Ada', 'Boris', 'Clio'].map((name, i) => person(`1000000000000048${i + 10}`, name.toLowerCase(), 'en-US', name));
const personOf = (id: string) => PLAYERS.find((p) => `discord:${p.user.id}` === id)!;
const [ADA] = PLAYERS as [(typeof PLAYERS)[number], ...(typeof PLAYERS)[number][]];

let w: World;
beforeAll(async () => {
  w = await world(4848);
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

describe('#48 item 3 on Discord: a player removed from a tournament while their match is under way', () => {
  it('the match is closed: its board says why and offers no move, a move is refused, nothing is rated, the forfeit counted once', async () => {
    const channel = w.discord.guildChannel();
    await w.act(w.discord.command(ADA, channel, 'tournament'));
    const signup = publicMessages(w, channel).at(-1)!.id;
    for (const p of PLAYERS.slice(1)) await pressLabel(channel, p, signup, t('en', 'button.tournament.join'));
    const id = /^t:([a-z0-9]+):/.exec(tournamentButtons(messageIn(channel, signup))[0]!.customId)![1]!;
    await pressLabel(channel, ADA, signup, t('en', 'button.tournament.start'));
    const pairing = (await loadTournament(w.table.store, id))!.tournament.rounds[0]!.pairings[0]!;
    const challenge = messageIn(channel, ((await stored(w, pairing.match)).record.notes?.challenge as { messageId: string }).messageId);
    await w.act(w.discord.press(personOf(pairing.b), challenge, buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!.customId));
    expect((await stored(w, pairing.match)).state.phase).toBe('playing');

    const removed = [pairing.a, pairing.b].find((p) => p !== `discord:${ADA.user.id}`)!;
    const name = personOf(removed).user.global_name!;
    await pressLabel(channel, ADA, signup, t('en', 'button.tournament.remove'));
    await pressLabel(channel, ADA, signup, `❌ ${name}`);

    const { record, state } = await stored(w, pairing.match);
    expect(record.status).toBe('closed');
    const board = messageIn(channel, (record.notes?.board as { messageId: string }).messageId);
    expect(board.content).toContain(t('en', 'caption.closedRemoved', { name }));
    expect(buttonsOf(board).map((b) => b.token.choice.k)).toEqual(['history', ...(state.fair?.seeds ? ['verify'] : [])]);
    const opponent = state.players.find((p) => p!.id !== removed)!;
    expect(publicMessages(w, channel).filter((m) => m.content.startsWith(t('en', 'tournament.matchClosed', {
      game: `long nardy: ${state.players[0]!.name} — ${state.players[1]!.name}`, name, winner: opponent.name,
    })))).toHaveLength(1);
    // A move at the board's version: refused, in words only the presser sees.
    const mover = personOf(state.players[seatToAct(state)!]!.id);
    await w.act(w.discord.press(mover, board, encodeToken({ surface: 'board', gameId: pairing.match, version: record.version, choice: { k: 'resign' } })));
    expect(whispersTo(w, channel, mover).at(-1)?.content).toBe(t('en', 'error.game-removed'));
    expect((await stored(w, pairing.match)).record.version).toBe(record.version);
    const tm = (await loadTournament(w.table.store, id))!.tournament;
    expect(tm.rounds[0]!.pairings[0]!.result).toMatchObject({ winner: opponent.id, forfeit: true });
    expect(tm.closing).toBeUndefined();
    expect(await w.table.store.club.ratingsOf(opponent.id)).toEqual([]);
    expect(w.problems).toEqual([]);
  });
});

describe('#48 items 4 and 5 on Discord: a challenge\'s buttons are each one\'s, and it lists in its addressee\'s /nardy games', () => {
  it('Boris sees Ada\'s challenge in /nardy games; his Cancel and her Decline say whose they are; his Decline declines', async () => {
    const channel = w.discord.guildChannel();
    const [ada, boris] = PLAYERS as [(typeof PLAYERS)[number], (typeof PLAYERS)[number]];
    // Someone no challenge names (the tournament above may have paired the others again).
    const dina = person('100000000000004899', 'dina', 'en-US', 'Dina');
    await w.act(w.discord.command(ada, channel, 'challenge', { opponent: boris, variant: 'short' }));
    const challenge = publicMessages(w, channel).at(-1)!;
    const button = (k: string) => buttonsOf(challenge).find((b) => b.token.choice.k === k)!;
    const gameId = button('accept').token.gameId;

    await w.act(w.discord.command(boris, channel, 'games'));
    const listed = whispersTo(w, channel, boris).at(-1)!;
    expect(listed.content).toContain(t('en', 'games.challengeToYou'));
    expect(listed.content).toContain('Ada');
    await w.act(w.discord.command(dina, channel, 'games'));
    expect(whispersTo(w, channel, dina).at(-1)!.content).toBe(t('en', 'games.none'));

    await w.act(w.discord.press(boris, challenge, button('cancel').customId));
    expect(whispersTo(w, channel, boris).at(-1)!.content).toBe(t('en', 'toast.forChallenger', { name: 'Ada' }));
    await w.act(w.discord.press(ada, challenge, button('decline').customId));
    expect(whispersTo(w, channel, ada).at(-1)!.content).toBe(t('en', 'toast.forInvitee', { name: 'Boris' }));
    expect((await stored(w, gameId)).state.phase).toBe('challenge');
    await w.act(w.discord.press(boris, challenge, button('decline').customId));
    expect((await stored(w, gameId)).state.phase).toBe('declined');
    expect(w.problems).toEqual([]);
  });
});

describe('#48 item 6 on Discord: /nardy seed says when it did not keep the seed as typed', () => {
  it('runs of spaces: the ephemeral reply shows the seed kept and says so (Discord\'s client stops a seed at 64 characters itself)', async () => {
    const channel = w.discord.guildChannel();
    const [ada] = PLAYERS as [(typeof PLAYERS)[number]];
    await w.act(w.discord.command(ada, channel, 'seed', { text: 'my   seed    words' }));
    expect(whispersTo(w, channel, ada).at(-1)?.content).toBe(`${t('en', 'seed.set', { seed: 'my seed words' })} ${t('en', 'seed.spaces')}`);
    await w.act(w.discord.command(ada, channel, 'seed', { text: 'plain seed' }));
    expect(whispersTo(w, channel, ada).at(-1)?.content).toBe(t('en', 'seed.set', { seed: 'plain seed' }));
    expect(w.problems).toEqual([]);
  });
});
