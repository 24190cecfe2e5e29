/**
 * Issue #45 item 6, "privacy complete" (security review 2026-12-06, F4): a user with everything
 * the bot can keep about someone — settings, a finished rated game with its ratings, series and
 * dice counts, a game in play, an open challenge, challenges addressed to her by reply and by
 * @handle, a tournament sign-up and a tournament being played, a chat with the weekly post on —
 * sends `/forget` and presses its button. Then every item of the table is read with a real Scan
 * (through the AWS SDK, not the store) and none may carry her name; her id may stay only where
 * the games and tournaments go by it. Later redraws (a sign-up joined by someone else, a
 * tournament refreshed, /top, the weekly post) do not bring the name back.
 */
import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekText } from '../../../src/app/club/weekly.ts';
import { loadTournament } from '../../../src/app/tournament/stored.ts';
import { seatToAct } from '../../../src/game/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { privateChatOf, type StoredMessage, type TgUser } from '../../../src/local/telegram-api/index.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';
import { ANNA, CAROL, NODAR, NOW, api, buttonsOf, choose, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

const ZELDA: TgUser = { id: 150, is_bot: false, first_name: 'Zelda Privacyname', username: 'Zelda_Plays', language_code: 'en' };
const zelda = `telegram:${ZELDA.id}`;
const NAME = 'Privacyname';
const USERS = new Map([NODAR, ANNA, CAROL, ZELDA].map((u) => [`telegram:${u.id}`, u]));

let table: TestTable;
beforeAll(async () => {
  table = await freshTable();
});

type Item = Record<string, AttributeValue>;

/** Every item of the table, page by page. */
async function scanAll(): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await table.client.send(new ScanCommand({ TableName: table.tableName, ...(start ? { ExclusiveStartKey: start } : {}) }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
}

const keyOf = (item: Item) => `${item.pk?.S}/${item.sk?.S}`;
/** The attributes of an item whose text holds `needle` (case-insensitive): nested JSON strings included. */
const holding = (item: Item, needle: string) => Object.keys(item).filter((a) => JSON.stringify(item[a]).toLowerCase().includes(needle.toLowerCase()));

const tournamentButtons = (m: StoredMessage) => (m.reply_markup?.inline_keyboard ?? []).flat().filter((b): b is typeof b & { callback_data: string } => typeof b.callback_data === 'string' && b.callback_data.startsWith('t:'));

describe('issue #45: /forget forgets everything', () => {
  it('leaves the name in no item of the table, the id only where games and tournaments need it, and no redraw brings the name back', async () => {
    const w = world(-1045001, 4501, { store: table.store, serverSeed: () => 'a'.repeat(64) });
    const message = (id: number) => api.messages(w.group.id).find((m) => m.message_id === id)!;
    const pressTournament = async (user: TgUser, messageId: number, label: string) => {
      const button = tournamentButtons(message(messageId)).find((b) => b.text === label);
      expect(button, `a "${label}" button`).toBeDefined();
      return w.press(user, message(messageId), button!.callback_data);
    };
    /** The latest board's match is played on until `who` (anyone, if absent) may resign, and they do. */
    const resignWhenAble = async (gameId: string, who?: TgUser) => {
      for (let presses = 0; ; presses++) {
        const { state } = await stored(gameId, table.store);
        const player = USERS.get(state.players[seatToAct(state)!]!.id)!;
        const buttons = buttonsOf(w.board());
        if ((who === undefined || player === who) && buttons.some((b) => b.token.choice.k === 'askResign')) {
          for (const k of ['askResign', 'resign']) await w.press(player, w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === k)!.data);
          return;
        }
        expect(presses, 'a resignation within 40 presses').toBeLessThan(40);
        await w.press(player, w.board(), choose(buttons, w.rng, undefined).data);
      }
    };
    const accept = async (user: TgUser, challenge: StoredMessage) => w.press(user, challenge, buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!.data);

    // Her settings, in her private chat with the bot.
    const dm = privateChatOf(ZELDA);
    for (const text of ['/start', '/lang en', '/quiet 23-7 +3', '/seed lucky', '/remind frequent', '/confirm on']) expect(await w.post(api.userMessage(ZELDA, dm, text))).toBe(200);

    // A rated match against Anna, finished by a resignation: ratings, series and dice counts.
    await w.say(ANNA, 'a game?');
    await w.say(ZELDA, '/nardy short', api.messages(w.group.id).at(-1)!);
    const first = w.live().at(-1)!;
    const finished = buttonsOf(first)[0]!.token.gameId;
    await accept(ANNA, first);
    // Zelda plays until Anna is to act, and Anna resigns: Zelda leads the chat's table and its weekly post.
    await resignWhenAble(finished, ANNA);
    expect((await stored(finished, table.store)).state.phase).toBe('finished');
    // A match in play.
    await w.say(ANNA, 'another?');
    await w.say(ZELDA, '/nardy', api.messages(w.group.id).at(-1)!);
    const playing = buttonsOf(w.live().at(-1)!)[0]!.token.gameId;
    await accept(ANNA, w.live().at(-1)!);
    expect((await stored(playing, table.store)).state.phase).toBe('playing');
    // Her open challenge; Anna's to her by reply; Carol's to her @handle.
    await w.say(ZELDA, '/nardy long');
    const own = buttonsOf(w.live().at(-1)!)[0]!.token.gameId;
    await w.say(ZELDA, 'anyone?');
    await w.say(ANNA, '/nardy', api.messages(w.group.id).at(-1)!);
    const byReply = buttonsOf(w.live().at(-1)!)[0]!.token.gameId;
    await w.say(CAROL, `/nardy @${ZELDA.username}`);
    const byHandle = buttonsOf(w.live().at(-1)!)[0]!.token.gameId;
    expect((await stored(byReply, table.store)).record.notes?.addressee).toBe(ZELDA.first_name);
    expect((await stored(byHandle, table.store)).record.notes?.invitee).toBe('zelda_plays');

    // Nodar's tournament she signed up for; Anna's that she plays in.
    await w.say(NODAR, '/tournament');
    const signup = w.live().at(-1)!.message_id;
    await pressTournament(ZELDA, signup, t('ru', 'button.tournament.join'));
    await w.say(ANNA, '/tournament');
    const running = w.live().at(-1)!.message_id;
    await pressTournament(ZELDA, running, t('en', 'button.tournament.join'));
    await pressTournament(ANNA, running, t('en', 'button.tournament.start'));
    expect(message(signup).text).toContain(ZELDA.first_name);
    expect(message(running).text).toContain(ZELDA.first_name);
    // The chat's weekly post, and its table.
    await w.say(CAROL, '/weekly on');
    await w.say(CAROL, '/top');
    expect(w.live().at(-1)!.text).toContain(ZELDA.first_name);
    const chat = { platform: 'telegram', chatId: String(w.group.id) };
    expect((await weekText(table.store, chat, 'en', {}, NOW)).text).toContain(ZELDA.first_name);

    const before = await scanAll();
    const named = before.filter((i) => holding(i, NAME).length > 0).map(keyOf);
    // The scan sees her everywhere the bot keeps her name, or the test would prove nothing.
    for (const prefix of ['GAME#', 'TOURNEY#', 'RATING#']) expect(named.some((k) => k.startsWith(prefix)), prefix).toBe(true);
    for (const memo of ['seed', 'dice', 'rate']) expect(before.some((i) => i.pk?.S === `MEMO#${memo}#${zelda}`), memo).toBe(true);
    // Her settings, one item (issue #46).
    const settings = before.find((i) => i.pk?.S === `MEMO#settings#${zelda}`);
    for (const setting of ['lang', 'quiet', 'remind', 'confirm', 'dm']) expect(settings?.[`v:${setting}`], setting).toBeDefined();

    // /forget in her private chat, and its button.
    expect(await w.post(api.userMessage(ZELDA, dm, '/forget'))).toBe(200);
    const question = api.messages(ZELDA.id).filter((m) => m.fromBot).at(-1)!;
    const data = String(question.reply_markup?.inline_keyboard.flat()[0]?.callback_data);
    expect(await w.post(api.userPress(ZELDA, { chat: { id: ZELDA.id }, message_id: question.message_id }, data))).toBe(200);
    expect(api.message(ZELDA.id, question.message_id)!.text).toMatch(/^Done: /);

    const after = await scanAll();
    expect(after.filter((i) => holding(i, NAME).length > 0).map((i) => `${keyOf(i)}: ${holding(i, NAME).join(', ')}`)).toEqual([]);
    // Her id stays only where something goes by it: her games (the players, their index keys, the
    // match's history), the challenge addressed to her by reply (the only one who may accept it),
    // and the tournaments (pairings, results and the table go by ids). No memo, rating or series.
    const withId = after.filter((i) => holding(i, zelda).length > 0).map(keyOf);
    expect(withId.filter((k) => !k.startsWith('GAME#') && !k.startsWith('TOURNEY#'))).toEqual([]);
    expect(withId).toEqual(expect.arrayContaining([`GAME#${finished}/STATE`, `GAME#${playing}/STATE`, `GAME#${byReply}/STATE`]));
    // Her handle stays only on Carol's challenge to it, as long as it waits: it says who may accept.
    const withHandle = after.filter((i) => holding(i, 'zelda_plays').length > 0).map((i) => `${keyOf(i)}: ${holding(i, 'zelda_plays').join(', ')}`);
    expect(withHandle).toEqual([`GAME#${byHandle}/STATE: note:invitee`]);
    expect((await stored(own, table.store)).state.phase).toBe('cancelled');
    expect((await stored(playing, table.store)).state.phase).toBe('playing');

    // The messages the bot shows from now on do not bring her name back: the sign-up joined by
    // Carol, the tournament being played refreshed, /top, the weekly post.
    await pressTournament(CAROL, signup, t('ru', 'button.tournament.join'));
    expect(message(signup).text).toContain('Carol');
    await pressTournament(ANNA, running, t('en', 'button.tournament.refresh'));
    await w.say(CAROL, '/top');
    const shown = [message(signup).text, message(running).text, w.live().at(-1)!.text, (await weekText(table.store, chat, 'en', {}, NOW)).text];
    for (const text of shown) expect(text).not.toContain(NAME);
    expect((await scanAll()).filter((i) => holding(i, NAME).length > 0).map(keyOf)).toEqual([]);

    // The tournament goes on under the neutral name: its match's challenge was redrawn with buttons
    // that work, its invited player accepts, the player to act resigns, the result is counted.
    const id = /^t:([a-z0-9]+):/.exec(tournamentButtons(message(running))[0]!.callback_data)![1]!;
    const tm = (await loadTournament(table.store, id))!.tournament;
    expect(tm.players.find((p) => p.id === zelda)!.name).toMatch(/^Player [12]$/);
    const pairing = tm.rounds[0]!.pairings[0]!;
    const { record } = await stored(pairing.match, table.store);
    const challenge = message(Number((record.notes?.challenge as { messageId: string }).messageId));
    expect(challenge.text).not.toContain(NAME);
    expect(buttonsOf(challenge).map((b) => b.token.version)).toEqual([record.version, record.version, record.version]); // Accept, Decline, 🔐 (#48)
    await accept(USERS.get(pairing.b)!, challenge);
    const { state } = await stored(pairing.match, table.store);
    expect(state.phase).toBe('playing');
    await resignWhenAble(pairing.match);
    const over = (await loadTournament(table.store, id))!.tournament;
    expect(over.phase).toBe('finished');
    expect(message(running).text).toContain(t('en', 'tournament.winner', { name: over.players.find((p) => p.id === over.winner)!.name }));
    expect(message(running).text).not.toContain(NAME);
    expect(problems).toEqual([]);
  }, 120_000);
});
