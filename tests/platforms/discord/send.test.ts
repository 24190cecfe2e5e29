/**
 * send.ts outside any interaction: the bot-token emitter the scheduler uses for reminders and
 * timeouts (channel messages, board edits, DMs), and the challenge's settings keyboard, the
 * largest text keyboard, inside Discord's 5 × 5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardView } from '../../../src/app/index.ts';
import { discordBotEmit, discordClient, discordDirectChat, type DiscordClient } from '../../../src/platforms/discord/index.ts';
import { ANNA, boardIn, buttonsOf, NODAR, publicMessages, stored, world, type World } from './harness.ts';

let w: World;
let bot: DiscordClient;
beforeAll(async () => {
  w = await world(3);
  bot = discordClient({ botToken: w.discord.botToken, applicationId: w.discord.applicationId, apiRoot: w.discord.apiRoot, log: (e) => void w.logs.push({ ...e }) });
});
afterAll(() => w.discord.close());

describe('discordBotEmit: messages outside any interaction', () => {
  it('a text goes to the channel, an edit and a delete act on it', async () => {
    const channel = w.discord.guildChannel();
    const chat = { platform: 'discord' as const, chatId: channel };
    const emit = discordBotEmit(bot);
    const sent = await emit({ kind: 'text', chat, text: `<@${ANNA.user.id}>, your move!` });
    expect(sent).toMatchObject({ chat, messageId: expect.stringMatching(/^\d+$/) });
    await emit({ kind: 'editText', message: sent!, text: 'edited' });
    expect(publicMessages(w, channel).at(-1)?.content).toBe('edited');
    await emit({ kind: 'delete', message: sent! });
    expect(publicMessages(w, channel)).toEqual([]);
  });

  it('a board is sent with its picture, then replaced in place; a board whose message is gone is sent anew', async () => {
    const channel = w.discord.guildChannel();
    await w.deliver(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA }));
    const challenge = publicMessages(w, channel).at(-1)!;
    await w.deliver(w.discord.press(ANNA, challenge, buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!.customId));
    const gameId = buttonsOf(boardIn(w, channel))[0].token.gameId;
    const { state, record } = await stored(w, gameId);
    const chat = { platform: 'discord' as const, chatId: channel };
    const view = boardView(state, record.version, 'en', Date.now());
    const emit = discordBotEmit(bot);
    const sent = (await emit({ kind: 'board', chat, view }))!;
    const first = boardIn(w, channel);
    expect(first.id).toBe(sent.messageId);
    expect(first.attachments).toHaveLength(1);
    expect(await emit({ kind: 'board', chat, view, replace: sent })).toEqual(sent);
    expect(boardIn(w, channel).attachments).toHaveLength(1);
    expect(boardIn(w, channel).edits).toBe(1);
    await emit({ kind: 'delete', message: sent });
    const again = await emit({ kind: 'board', chat, view, replace: sent });
    expect(again?.messageId).not.toBe(sent.messageId);
  });

  it('a DM: the channel is opened with POST /users/@me/channels, then written to', async () => {
    const dm = await discordDirectChat(bot, `discord:${ANNA.user.id}`);
    expect(dm).toMatchObject({ platform: 'discord', chatId: expect.stringMatching(/^\d+$/) });
    await discordBotEmit(bot)({ kind: 'text', chat: dm!, text: 'your move in #nardy' });
    expect(w.discord.messages(dm!.chatId).at(-1)?.content).toBe('your move in #nardy');
    expect(await discordDirectChat(bot, ANNA.user.id)).toEqual(dm);
  });

  it('a revoked bot token: 401 logged, nothing thrown', async () => {
    const revoked = discordClient({ botToken: 'revoked.token.of-this-bot', applicationId: w.discord.applicationId, apiRoot: w.discord.apiRoot, log: (e) => void w.logs.push({ ...e }) });
    const sent = await discordBotEmit(revoked)({ kind: 'text', chat: { platform: 'discord', chatId: w.discord.guildChannel() }, text: 'hi' });
    expect(sent).toBeUndefined();
    expect(w.logs.at(-1)).toMatchObject({ event: 'discord-api-failed', method: 'createMessage', failure: 'unauthorized' });
  });

  it('a toast has no interaction to answer: dropped and logged', async () => {
    await discordBotEmit(bot)({ kind: 'toast', text: 'hi' });
    expect(w.logs.at(-1)).toMatchObject({ event: 'discord-effect-dropped', effect: 'toast' });
  });
});

describe('the challenge settings keyboard in Discord', () => {
  it('seven rows of settings fit into 5 × 5, and a setting pressed is applied', async () => {
    const channel = w.discord.guildChannel();
    await w.deliver(w.discord.command(NODAR, channel, 'challenge', { variant: 'short' }));
    const challenge = publicMessages(w, channel).at(-1)!;
    await w.deliver(w.discord.press(NODAR, challenge, buttonsOf(challenge).find((b) => b.token.choice.k === 'settings')!.customId));
    const keyboard = publicMessages(w, channel).find((m) => m.id === challenge.id)!;
    expect(keyboard.components.length).toBeLessThanOrEqual(5);
    expect(keyboard.components.every((row) => row.components.length <= 5)).toBe(true);
    const buttons = buttonsOf(keyboard);
    expect(buttons.length).toBeGreaterThan(15);
    const threePoints = buttons.find((b) => b.token.choice.k === 'set' && b.token.choice.key === 'm' && b.token.choice.value === '3')!;
    await w.deliver(w.discord.press(NODAR, keyboard, threePoints.customId));
    expect((await stored(w, threePoints.token.gameId)).state.settings.matchLength).toBe(3);
    expect(w.problems).toEqual([]);
  });
});
