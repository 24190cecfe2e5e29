/**
 * The Discord translation pieces: interactions → intents (parse.ts), button grids → Discord's
 * 5 × 5 component rows (components.ts), the slash command as registered (commands.ts).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordApi, type DiscordApi } from '../../../src/local/discord-api/index.ts';
import { discordClient, fitGrid, NARDY_COMMANDS, parseInteraction, registerCommands } from '../../../src/platforms/discord/index.ts';
import { ANNA, CAROL, NODAR, person } from './harness.ts';

let discord: DiscordApi;
let channel: string;
beforeAll(async () => {
  discord = await startDiscordApi();
  channel = discord.guildChannel();
});
afterAll(() => discord.close());

describe('parse.ts: interactions as intents', () => {
  it('/nardy challenge with every option: the opponent by their server nickname, the settings as named', () => {
    const intent = parseInteraction(discord.command(NODAR, channel, 'challenge', { opponent: { ...ANNA, nick: 'Annie' }, variant: 'short', match: 5, cube: false, clock: 'd3' }));
    expect(intent).toMatchObject({
      kind: 'challenge', chat: { platform: 'discord', chatId: channel },
      from: { id: `discord:${NODAR.user.id}`, name: 'Нодар', language: 'ru', username: 'nodar' },
      opponent: { id: `discord:${ANNA.user.id}`, name: 'Annie' },
      variant: 'short', settings: { matchLength: 5, doubling: false, clock: 'd3' },
    });
    expect(intent?.updateKey).toMatch(/^discord:\d+$/);
  });

  it('/nardy challenge without options is an open challenge; a bot as opponent too', () => {
    expect(parseInteraction(discord.command(NODAR, channel, 'challenge'))).not.toHaveProperty('opponent');
    const bot = person('100000000000000099', 'somebot', 'en');
    const withBot = parseInteraction(discord.command(NODAR, channel, 'challenge', { opponent: { ...bot, user: { ...bot.user, bot: true } } }));
    expect(withBot).toMatchObject({ kind: 'challenge' });
    expect(withBot).not.toHaveProperty('opponent');
  });

  it('the other subcommands', () => {
    expect(parseInteraction(discord.command(CAROL, channel, 'games'))).toMatchObject({ kind: 'games', from: { language: 'ka' } });
    expect(parseInteraction(discord.command(CAROL, channel, 'resign'))).toMatchObject({ kind: 'resign' });
    expect(parseInteraction(discord.command(CAROL, channel, 'history'))).toMatchObject({ kind: 'history' });
    expect(parseInteraction(discord.command(CAROL, channel, 'rules', { variant: 'short' }))).toMatchObject({ kind: 'rules', variant: 'short' });
    expect(parseInteraction(discord.command(CAROL, channel, 'lang', { language: 'en' }))).toMatchObject({ kind: 'lang', lang: 'en' });
    expect(parseInteraction(discord.command(CAROL, channel, 'help'))).toMatchObject({ kind: 'help' });
    // Issue 16: in a server's channel `lang` is the channel's game language; ADMINISTRATOR or MANAGE_GUILD may set it.
    expect(parseInteraction(discord.command(CAROL, channel, 'lang', { language: 'en' }))).toMatchObject({ shared: true, isAdmin: false });
    for (const bit of [3n, 5n]) {
      expect(parseInteraction(discord.command({ ...CAROL, permissions: String((1n << bit) | (1n << 11n)) }, channel, 'lang'))).toMatchObject({ shared: true, isAdmin: true });
    }
    expect(parseInteraction(discord.command(CAROL, channel, 'vacation', { on: true }))).toMatchObject({ kind: 'vacation', away: true });
    expect(parseInteraction(discord.command(CAROL, channel, 'vacation'))).not.toHaveProperty('away');
    expect(parseInteraction(discord.command(CAROL, channel, 'remind', { mode: 'frequent' }))).toMatchObject({ kind: 'remind', mode: 'frequent' });
    expect(parseInteraction(discord.command(CAROL, channel, 'quiet', { hours: '23-7 +3' }))).toMatchObject({ kind: 'quiet', args: '23-7 +3' });
    expect(parseInteraction(discord.command(CAROL, channel, 'seed', { text: 'Lucky 7' }))).toMatchObject({ kind: 'seed', text: 'Lucky 7' });
    expect(parseInteraction(discord.command(CAROL, channel, 'seed'))).not.toHaveProperty('text');
    expect(parseInteraction(discord.command(CAROL, channel, 'dice'))).toMatchObject({ kind: 'dice' });
    expect(parseInteraction(discord.command(CAROL, channel, 'privacy'))).toMatchObject({ kind: 'privacy' });
    expect(parseInteraction(discord.command(CAROL, channel, 'forget'))).toMatchObject({ kind: 'forget' });
    expect(parseInteraction(discord.command(CAROL, channel, 'forget'))).not.toHaveProperty('confirmedBy');
    // Issue 20: /forget's button names whom it forgets; the app refuses anyone else's press.
    const question = { id: '100000000000000900' };
    const pressed = { ...discord.command(CAROL, channel, 'help'), type: 3, data: { custom_id: `f:discord:${NODAR.user.id}`, component_type: 2 }, message: question };
    expect(parseInteraction(pressed as unknown as Parameters<typeof parseInteraction>[0])).toMatchObject({
      kind: 'forget', from: { id: `discord:${CAROL.user.id}` }, confirmedBy: `discord:${NODAR.user.id}`, message: { messageId: question.id },
    });
    expect(parseInteraction(discord.command(CAROL, channel, 'dance'))).toBeUndefined();
  });

  it('issue 16: /nardy move play:<text> is a typed move, its text for the app to read', () => {
    expect(parseInteraction(discord.command(NODAR, channel, 'move', { play: '24/18 13/11' }))).toMatchObject({
      kind: 'move', chat: { platform: 'discord', chatId: channel }, from: { id: `discord:${NODAR.user.id}` }, text: '24/18 13/11',
    });
    expect(parseInteraction(discord.command(NODAR, channel, 'move'))).toBeUndefined();
  });

  it('a name falls back from nickname to display name to username', () => {
    const plain = person('100000000000000044', 'dato', 'ka');
    expect(parseInteraction(discord.command(plain, channel, 'help'))?.from.name).toBe('dato');
  });
});

describe('components.ts: Discord allows 5 rows of 5 buttons', () => {
  it('any grid of at most 25 buttons is repacked into 5 × 5, every button kept in order', () => {
    const grids = fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), { maxLength: 12 }).filter((g) => g.flat().length <= 25);
    fc.assert(fc.property(grids, (grid) => {
      const fitted = fitGrid(grid)!;
      expect(fitted.length).toBeLessThanOrEqual(5);
      expect(fitted.every((row) => row.length >= 1 && row.length <= 5)).toBe(true);
      expect(fitted.flat()).toEqual(grid.flat());
    }));
  });

  it('rows that fit are kept as they are; 26 buttons do not fit', () => {
    expect(fitGrid([[1, 2], [3], [4, 5, 6]])).toEqual([[1, 2], [3], [4, 5, 6]]);
    expect(fitGrid([Array.from({ length: 26 }, (_, i) => i)])).toBeUndefined();
  });

  it('step mode with many sources: seven Telegram rows become five, the controls still last', () => {
    const grid = [['24', '23', '22', '21', '20', '19'], ['18', '17', '16', '15', '14', '13'], ['12', '11', '10'], ['undo', 'confirm'], ['resign']];
    expect(fitGrid(grid)).toEqual([['24', '23', '22', '21', '20'], ['19'], ['18', '17', '16', '15', '14'], ['13', '12', '11', '10'], ['undo', 'confirm', 'resign']]);
  });
});

describe('commands.ts: npm run discord:register', () => {
  it('registers /nardy in a guild or globally, from the definitions in code', async () => {
    const client = discordClient({ botToken: discord.botToken, applicationId: discord.applicationId, apiRoot: discord.apiRoot, log: () => {} });
    expect(await registerCommands(client.api, discord.applicationId, discord.guildId)).toEqual(['nardy']);
    expect(await registerCommands(client.api, discord.applicationId)).toEqual(['nardy']);
    expect(discord.commands(`guild:${discord.guildId}`)).toMatchObject(NARDY_COMMANDS);
    const subcommands = (discord.commands(`global:${discord.applicationId}`)![0] as typeof NARDY_COMMANDS[number]).options!.map((o) => o.name);
    expect(subcommands).toEqual(['challenge', 'move', 'games', 'resign', 'history', 'review', 'rules', 'vacation', 'confirm', 'remind', 'quiet', 'tournament', 'help', 'seed', 'dice', 'privacy', 'forget', 'top', 'stats', 'weekly', 'lang']);
  });

  it('a wrong bot token is refused (401) and thrown to the script', async () => {
    const client = discordClient({ botToken: 'not-the-token-of-this-bot', applicationId: discord.applicationId, apiRoot: discord.apiRoot, log: () => {} });
    await expect(registerCommands(client.api, discord.applicationId)).rejects.toMatchObject({ status: 401 });
  });
});
