/**
 * Issue 15, item 3: inline mode writes to the table only when a challenge is really made. Every
 * keystroke after `@bot` is an inline query, answered from the result's ticket alone; the
 * challenge is stored when the result is chosen (inline feedback on) or when its link is first
 * followed (feedback off), and both land on the same game. Real HTTP to the Bot API stand-in,
 * the webhook as deployed, the table counted by a Scan through the DynamoDB protocol.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../src/app/index.ts';
import { cryptoDice } from '../../../src/dice/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { privateChatOf, startTelegramApi, type TelegramApi, type TgChat, type TgUpdate, type TgUser } from '../../../src/local/telegram-api/index.ts';
import { telegramMessenger } from '../../../src/platforms/telegram/index.ts';
import { createTelegramWebhook, type TelegramWebhook } from '../../../src/platforms/telegram/webhook.ts';
import { freshTable, type TestTable } from '../../store/fixture.ts';

const TOKEN = '7015:inline-test';
const BOT = { id: 7015, username: 'nardy_bot', first_name: 'Nardy' };
const SECRET = 'inline-secret';
const NOW = 1_800_000_000_000;
const DAY = 24 * 3600_000;
const GROUP: TgChat = { id: -1007015, type: 'supergroup', title: 'Нарды' };
const player = (n: number): TgUser => ({ id: 1500 + n, is_bot: false, first_name: `Player ${n}`, language_code: 'en' });

let api: TelegramApi;
let table: TestTable;

beforeAll(async () => {
  [api, table] = await Promise.all([startTelegramApi({ token: TOKEN, bot: BOT }), freshTable()]);
});
afterAll(() => api.close());

function webhook(now = NOW): TelegramWebhook {
  const app: AppDeps = { store: table.store, now: () => now, dice: cryptoDice(), messengers: { telegram: telegramMessenger(BOT.username) }, ticketKey: 'inline-test-key' };
  return createTelegramWebhook({ token: TOKEN, secret: SECRET, botInfo: BOT, apiRoot: api.apiRoot, app, log: () => {}, send: { sleep: async () => {}, serverRetryMs: [1] } });
}

async function post(hook: TelegramWebhook, update: TgUpdate): Promise<void> {
  expect((await hook({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body: JSON.stringify(update) })).status).toBe(200);
}

/** Every item of the table (games, claims, remembered values); `prefix` counts those whose key starts so. */
async function items(prefix = ''): Promise<number> {
  // A game is counted by its game item (its filing, `sk` FILED, comes and goes with it: issue #46).
  const filter = prefix === '' ? {} : { FilterExpression: 'begins_with(pk, :p) AND sk <> :filed', ExpressionAttributeValues: { ':p': { S: prefix }, ':filed': { S: 'FILED' } } };
  const scan = await table.client.send(new ScanCommand({ TableName: table.tableName, Select: 'COUNT', ...filter }));
  return scan.Count ?? 0;
}

/** The results `user` is offered for `query`: their ids (tickets) and links. */
async function offered(hook: TelegramWebhook, user: TgUser, query = ''): Promise<{ queryId: string; results: { id: string; link: string }[] }> {
  const update = api.inlineQuery(user, query);
  await post(hook, update);
  const answer = api.inlineAnswer(update.inline_query!.id)!;
  return {
    queryId: update.inline_query!.id,
    results: answer.results.map((r) => ({ id: String(r.id), link: (r.reply_markup as { inline_keyboard: { url: string }[][] }).inline_keyboard[0][0].url })),
  };
}

const botTexts = (user: TgUser) => api.messages(privateChatOf(user).id).filter((m) => m.fromBot && m.text !== undefined).map((m) => m.text!);
const boards = (user: TgUser) => api.messages(privateChatOf(user).id).filter((m) => m.fromBot && m.photo !== undefined);
const follow = (hook: TelegramWebhook, user: TgUser, link: string) => post(hook, api.userMessage(user, privateChatOf(user), `/start ${link.split('start=')[1]}`));

describe('issue 15.3: an inline query writes nothing', () => {
  it('100 inline queries — empty, typed letter by letter, malformed — leave the table as it was: 0 new items', async () => {
    const hook = webhook();
    const queries = ['', 'l', 'lo', 'lon', 'long', 'short', 'нарды', '💥', '\u0000\u0001', 'x'.repeat(256), '/start a_zz', '"; DROP TABLE'];
    const before = await items();
    for (let i = 0; i < 100; i++) {
      const { results } = await offered(hook, player(i % 7), queries[i % queries.length]);
      expect(results).toHaveLength(2);
    }
    expect(await items()).toBe(before);
  });

  it('the same user typing on is offered the same two challenges (the result ids are their tickets)', async () => {
    const hook = webhook();
    const first = await offered(hook, player(20), 'lo');
    const second = await offered(hook, player(20), 'long');
    expect(second.results.map((r) => r.id)).toEqual(first.results.map((r) => r.id));
    for (const r of first.results) expect(r.link).toBe(`https://t.me/nardy_bot?start=i_${r.id}`);
  });
});

describe('issue 15.3: the challenge is made when the result is chosen or its link followed', () => {
  it('inline feedback on: choosing a result stores the challenge once; following its link accepts that very game', async () => {
    const hook = webhook();
    const [anna, nodar] = [player(30), player(31)];
    await post(hook, api.userMessage(anna, privateChatOf(anna), '/start'));
    const { queryId, results } = await offered(hook, anna);
    const games = await items('GAME#');
    const { update } = api.chooseInlineResult(anna, queryId, results[1].id, GROUP);
    await post(hook, update);
    expect(await items('GAME#')).toBe(games + 1);
    // Telegram may deliver an update twice: the challenge is still one.
    await post(hook, update);
    expect(await items('GAME#')).toBe(games + 1);
    await follow(hook, nodar, results[1].link);
    expect(await items('GAME#')).toBe(games + 1);
    expect(boards(nodar)).toHaveLength(1);
    expect(boards(anna)).toHaveLength(1);
    expect(botTexts(nodar)).toContain(t('en', 'challenge.accepted'));
  });

  it('inline feedback off: the followed link alone opens the challenge and accepts it, in the challenger\'s name', async () => {
    const hook = webhook();
    const [gina, hank] = [player(40), player(41)];
    await post(hook, api.userMessage(gina, privateChatOf(gina), '/start'));
    const { results } = await offered(hook, gina);
    const games = await items('GAME#');
    await follow(hook, hank, results[0].link);
    expect(await items('GAME#')).toBe(games + 1);
    expect(boards(hank)).toHaveLength(1);
    expect(boards(gina)).toHaveLength(1);
    expect(boards(hank)[0].caption).toContain('Player 40');
    // Once accepted, the challenge is gone from the next offer: a new one takes its place.
    const next = await offered(hook, gina);
    expect(next.results[0].id).not.toBe(results[0].id);
  });

  it('a ticket altered to name someone else opens nothing', async () => {
    const hook = webhook();
    const [ivy, jo] = [player(50), player(51)];
    const { results } = await offered(hook, ivy);
    const forged = results[0].link.replace(`-${ivy.id.toString(36)}-`, `-${jo.id.toString(36)}-`);
    expect(forged).not.toBe(results[0].link);
    const before = await items('GAME#');
    await follow(hook, player(52), forged);
    expect(await items('GAME#')).toBe(before);
    expect(botTexts(player(52)).at(-1)).toBe(t('en', 'error.not-found'));
  });

  it('a link followed after the challenge\'s lifetime, with nothing stored, says the challenge expired and opens nothing', async () => {
    const { results } = await offered(webhook(), player(60));
    const before = await items('GAME#');
    await follow(webhook(NOW + DAY + 1), player(61), results[0].link);
    expect(await items('GAME#')).toBe(before);
    expect(botTexts(player(61)).at(-1)).toBe(t('en', 'challenge.expired'));
  });
});
