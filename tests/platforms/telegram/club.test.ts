/**
 * Issue 17 end to end through the Telegram stand-in: a rated match ends with both ratings'
 * change under its result; `/top` shows the chat's table (and everyone's in a private chat) with
 * the caller's own line; `/stats` a player's ratings, record and series against the caller;
 * `/weekly on|off` belongs to whoever switched it on first, or an admin.
 */
import { describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import type { TgChat } from '../../../src/local/telegram-api/index.ts';
import { ANNA, CAROL, NODAR, USERS, api, buttonsOf, challengeAndAccept, problems, resignOnTurn, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

describe('issue 17 end to end on Telegram: ratings, /top, /stats, /weekly', () => {
  it('a rated match shows both changes; /top lists the chat\'s table and the caller\'s line; /stats the record and the series', async () => {
    const w = world(-1017001, 1701);
    const gameId = await challengeAndAccept(w, '/nardy short');
    expect((await stored(gameId)).state.settings.rated).toBe(true);
    await resignOnTurn(w, gameId);
    const { state } = await stored(gameId);
    expect(state.phase).toBe('finished');
    const winner = state.players[state.result!.winner!]!;
    const loser = state.players[1 - state.result!.winner!]!;
    // Two newcomers: the winner gains what the loser loses (Glicko-2, 1500/350 each).
    const result = w.live().at(-1)!.text!;
    expect(result).toContain(`${winner.name} 1500 → 1662 (+162)`);
    expect(result).toContain(`${loser.name} 1500 → 1338 (−162)`);

    await w.say(CAROL, '/top');
    const table = w.live().at(-1)!.text!;
    expect(table.split('\n')).toEqual([
      t('ka', 'top.title', { family: t('ka', 'family.short') }),
      t('ka', 'top.line', { rank: 1, name: winner.name, rating: 1662, deviation: 290, games: 1, date: '2026-01-10' }),
      t('ka', 'top.line', { rank: 2, name: loser.name, rating: 1338, deviation: 290, games: 1, date: '2026-01-10' }),
      t('ka', 'top.youUnrated', { family: t('ka', 'family.short') }),
    ]);
    await w.say(ANNA, '/top long');
    expect(w.live().at(-1)!.text).toBe(t('en', 'top.empty', { family: t('en', 'family.long') }));

    // Nodar asks for Anna's stats, replying to her message: her record and their series here.
    await w.say(ANNA, 'gg');
    await w.say(NODAR, '/stats', api.messages(w.group.id).at(-1)!);
    const stats = w.live().at(-1)!.text!.split('\n');
    const annaWon = winner.id === `telegram:${ANNA.id}`;
    expect(stats[0]).toBe(t('ru', 'stats.title', { name: 'Anna' }));
    expect(stats[1]).toBe(t('ru', 'stats.family', { family: t('ru', 'family.short'), rating: annaWon ? 1662 : 1338, deviation: 290, change: annaWon ? '+162' : '−162', games: 1, wins: annaWon ? 1 : 0, streak: annaWon ? 1 : 0 }));
    expect(stats).toContain(t('ru', 'stats.favourite', { variant: t('ru', 'variant.short') }));
    expect(stats).toContain(t('ru', 'series.score', { a: 'Anna', sa: annaWon ? 1 : 0, sb: annaWon ? 0 : 1, b: NODAR.first_name }));

    // In a private chat, /top is everyone's table.
    const dm: TgChat = { id: NODAR.id, type: 'private', first_name: NODAR.first_name };
    api.addChat(dm);
    expect(await w.post(api.userMessage(NODAR, dm, '/top short'))).toBe(200);
    const global = api.messages(dm.id).filter((m) => m.fromBot).at(-1)!.text!;
    expect(global.split('\n')[0]).toBe(t('ru', 'top.titleGlobal', { family: t('ru', 'family.short') }));
    expect(global).toContain('▶ ');
    expect(problems).toEqual([]);
  }, 120_000);

  it('a match with "rated" switched off on the keyboard moves nobody; /weekly belongs to the first to ask and to the admins', async () => {
    const w = world(-1017002, 1702);
    await w.say(ANNA, 'сыграем?');
    await w.say(NODAR, '/nardy short', api.messages(w.group.id).at(-1)!);
    const challenge = w.live().at(-1)!;
    expect(challenge.text).toContain(t('ru', 'settings.ratedNote'));
    await w.press(NODAR, challenge, buttonsOf(challenge).find((b) => b.token.choice.k === 'settings')!.data);
    const keyboard = w.live().find((m) => m.message_id === challenge.message_id)!;
    const rated = buttonsOf(keyboard).find((b) => b.label === `✓ ${t('ru', 'settings.rated')}`);
    expect(rated, 'the rated setting, on').toBeDefined();
    await w.press(NODAR, keyboard, rated!.data);
    const gameId = rated!.token.gameId;
    expect((await stored(gameId)).state.settings.rated).toBe(false);
    const back = w.live().find((m) => m.message_id === challenge.message_id)!;
    await w.press(NODAR, back, buttonsOf(back).find((b) => b.token.choice.k === 'back')!.data);
    const again = w.live().find((m) => m.message_id === challenge.message_id)!;
    await w.press(ANNA, again, buttonsOf(again).find((b) => b.token.choice.k === 'accept')!.data);
    await resignOnTurn(w, gameId);
    expect((await stored(gameId)).state.phase).toBe('finished');
    expect(w.live().at(-1)!.text).not.toContain('→');

    await w.say(CAROL, '/weekly');
    expect(w.live().at(-1)!.text).toBe(t('ka', 'weekly.usage', { state: t('ka', 'weekly.stateOff') }));
    await w.say(CAROL, '/weekly on');
    expect(w.live().at(-1)!.text).toBe(t('ka', 'weekly.on'));
    await w.say(ANNA, '/weekly off');
    expect(w.live().at(-1)!.text).toBe(t('en', 'weekly.adminOnly'));
    api.makeAdmin(w.group.id, ANNA.id);
    await w.say(ANNA, '/weekly off');
    expect(w.live().at(-1)!.text).toBe(t('en', 'weekly.off'));
    await w.say(CAROL, '/weekly');
    expect(w.live().at(-1)!.text).toBe(t('ka', 'weekly.usage', { state: t('ka', 'weekly.stateOff') }));
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('issue 17 on Telegram: a crash between the rating writes, healed by the redelivery', () => {
  it('the final press dies after the first of the four rating writes; Telegram redelivers it; every standing has moved once', async () => {
    let writes = 0;
    let crashing = true;
    const real = world(-1017003, 1703).store;
    const club = Object.assign(Object.create(real.club) as typeof real.club, {
      writeRating: async (...args: Parameters<typeof real.club.writeRating>) => {
        if (crashing && writes++ >= 1) {
          // A connection lost mid-write: the world failing, so the webhook answers 500 and Telegram redelivers.
          throw Object.assign(new Error('the connection died here'), { code: 'ECONNRESET' });
        }
        return real.club.writeRating(...args);
      },
    });
    const w = world(-1017003, 1703, { store: Object.assign(Object.create(real) as typeof real, { club }) });
    const gameId = await challengeAndAccept(w, '/nardy short');
    const { state: playing } = await stored(gameId);
    expect(playing.players.map((p) => p!.id).sort()).toEqual([`telegram:${NODAR.id}`, `telegram:${ANNA.id}`].sort());
    const who = USERS.get(playing.players[playing.game!.turn.seat]!.id)!;
    await w.press(who, w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === 'askResign')!.data);
    const final = api.userPress(who, { chat: { id: w.group.id }, message_id: w.board().message_id }, buttonsOf(w.board()).find((b) => b.token.choice.k === 'resign')!.data);
    expect(await w.post(final)).not.toBe(200);
    expect((await stored(gameId)).state.phase).toBe('finished');
    const players = playing.players.map((p) => p!.id);
    const boards = ['short#GLOBAL', `short#telegram:${w.group.id}`];
    const read = async () => Object.fromEntries((await real.club.readRatings(boards.flatMap((board) => players.map((player) => ({ player, board }))))).map((i) => [`${i.player} ${i.board}`, i.version]));
    // The first test of this file rated these two on the global board already (version 1); the chat's boards are new.
    const once = Object.fromEntries(boards.flatMap((board) => players.map((player) => [`${player} ${board}`, board.endsWith('GLOBAL') ? 2 : 1])));
    const half = await read();
    expect(Object.keys(half).filter((k) => half[k] === once[k])).toHaveLength(1);
    crashing = false;
    // Telegram delivers the update again: the press was applied, so it is answered again and the rating finished.
    expect(await w.post(final)).toBe(200);
    expect(await read()).toEqual(once);
    expect(await w.post(final)).toBe(200);
    expect(await read()).toEqual(once);
    problems.length = 0;
  }, 120_000);
});
