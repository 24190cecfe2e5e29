/**
 * The playground's Discord channel (issue 21, part 7) over real HTTP, without a browser: typed
 * `/nardy …` lines become real APPLICATION_COMMAND interactions (typed options, `resolved.users`),
 * signed by the local application and answered by the production ingress and work at `POST /discord`,
 * through the Discord API stand-in; ephemeral replies reach their user only; the board's picture is
 * served; two users play a whole short game through `/api/discord/…`. Then the same with a "real"
 * Discord application configured (a second stand-in): both answer on the one endpoint.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMatch } from '../../src/app/index.ts';
import type { DiceSource } from '../../src/dice/index.ts';
import { seatToAct } from '../../src/game/index.ts';
import { startDiscordApi, type DiscordApi } from '../../src/local/discord-api/index.ts';
import { startLocal, type LocalProcess } from '../../src/local/main.ts';
import { parseCommand } from '../../src/local/playground/discord-command.ts';
import { discordPerson } from '../../src/local/playground/discord.ts';
import { BadRequest } from '../../src/local/playground/people.ts';
import { mulberry32, rollDie } from '../arbitraries.ts';
import { ANNA, NODAR } from '../platforms/discord/harness.ts';

const ALICE = 101;
const BOB = 102;
const ALICE_USER = { id: ALICE, is_bot: false, first_name: 'Alice', username: 'alice_plays', language_code: 'en' };
const BOB_USER = { id: BOB, is_bot: false, first_name: 'Bob', username: 'bob_plays', language_code: 'en' };

type Button = { text: string; data?: string };
type View = { id: string; from: string; fromBot: boolean; content: string; images: { src: string; width?: number }[]; buttons: Button[][]; ephemeral: boolean; thinking: boolean; command?: string };

const folders: string[] = [];
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nardy-pg-discord-'));
  folders.push(dir);
  return dir;
}

function client(local: LocalProcess, channelId: () => string) {
  const post = async (path: string, body: object) => {
    const response = await fetch(`${local.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const messages = async (userId: number): Promise<View[]> => (await fetch(`${local.url}/api/discord/channels/${channelId()}/messages/${userId}`)).json() as Promise<View[]>;
  const type = async (userId: number, text: string) => post(`/api/discord/channels/${channelId()}/commands`, { userId, text });
  const press = async (userId: number, message: View, customId: string) => post(`/api/discord/channels/${channelId()}/press`, { userId, messageId: message.id, customId });
  const buttons = (message: View) => message.buttons.flat();
  const board = async (userId: number) => (await messages(userId)).filter((m) => m.images.length > 0 && !m.ephemeral).at(-1);
  return { post, messages, type, press, buttons, board };
}

const NEVER = /resign|double|pass|undo|back|cancel|decline|drop/i;
function choose(buttons: string[]): string | undefined {
  const ok = buttons.filter((b) => !NEVER.test(b));
  return ok.find((b) => /confirm/i.test(b)) ?? ok.find((b) => /roll/i.test(b)) ?? ok.find((b) => /take/i.test(b))
    ?? ok.find((b) => b.includes('/') && !/\(\d\)/.test(b)) ?? ok.find((b) => /^\d+$/.test(b.trim())) ?? ok[0];
}

describe('parseCommand: a typed line as Discord would send it', () => {
  const people = (name: string) => ({ alice: discordPerson(ALICE_USER), bob: discordPerson(BOB_USER) })[name.toLowerCase()];

  it('reads named options by their types, and the short forms', () => {
    const full = parseCommand('/nardy challenge variant:short opponent:@Bob match:3 cube:true clock:d1', people);
    expect(full.sub).toBe('challenge');
    expect(full.options).toEqual({ variant: 'short', opponent: discordPerson(BOB_USER), match: 3, cube: true, clock: 'd1' });
    expect(full.shown).toBe('/nardy challenge variant:short opponent:@Bob match:3 cube:true clock:d1');
    expect(parseCommand('/nardy challenge @bob backgammon 5', people).options).toEqual({ opponent: discordPerson(BOB_USER), variant: 'short', match: 5 });
    expect(parseCommand('/nardy lang ru', people).options).toEqual({ language: 'ru' });
    expect(parseCommand('/nardy quiet 23-7 +3', people).options).toEqual({ hours: '23-7 +3' });
    // A named free-text option takes the words that follow, as Discord's client sends the whole string (#48 item 7).
    expect(parseCommand('/nardy move play:24/18 13/11', people).options).toEqual({ play: '24/18 13/11' });
    expect(parseCommand('/nardy seed text:any words you like', people).options).toEqual({ text: 'any words you like' });
    expect(parseCommand('/nardy challenge clock:"1 day per move"', people).options).toEqual({ clock: 'd1' });
  });

  it('issue 16: /nardy move takes the rest of the line as the typed move', () => {
    expect(parseCommand('/nardy move 24/18 13/11', people)).toMatchObject({ sub: 'move', options: { play: '24/18 13/11' } });
    expect(parseCommand('/nardy move play:бросок', people).options).toEqual({ play: 'бросок' });
  });

  it('refuses what Discord\'s client would not send, saying what is right', () => {
    for (const line of ['hello', '/nardy', '/nardy dance', '/nardy challenge variant:chess', '/nardy challenge opponent:@Zed', '/nardy challenge match:99', '/nardy games now']) {
      expect(() => parseCommand(line, people), line).toThrow(BadRequest);
    }
    expect(() => parseCommand('/nardy challenge variant:chess', people)).toThrow(/variant: one of long\|short/);
  });

  it('becomes a real APPLICATION_COMMAND payload: a subcommand with typed options and resolved.users', async () => {
    const discord = await startDiscordApi();
    try {
      const typed = parseCommand('/nardy challenge opponent:@Bob variant:short match:3', people);
      const interaction = discord.command(discordPerson(ALICE_USER), discord.guildChannel(), typed.sub, typed.options);
      const bobId = discordPerson(BOB_USER).user.id;
      expect(interaction.type).toBe(2);
      expect(interaction.data).toMatchObject({
        name: 'nardy', options: [{ name: 'challenge', type: 1, options: [{ name: 'opponent', type: 6, value: bobId }, { name: 'variant', type: 3, value: 'short' }, { name: 'match', type: 4, value: 3 }] }],
        resolved: { users: { [bobId]: { id: bobId, global_name: 'Bob' } } },
      });
    } finally {
      await discord.close();
    }
  });
});

describe('npm start: the playground\'s Discord channel', () => {
  let local: LocalProcess;
  let channelId = '';
  const lines: string[] = [];
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    const rng = mulberry32(21);
    const dice: DiceSource = { die: () => rollDie(rng) };
    local = await startLocal({ port: 0, dataDir: await tempDir(), log: (line) => lines.push(line), dice, sweepEveryMs: 0 });
    api = client(local, () => channelId);
  });
  afterAll(() => local?.close());

  it('is listed beside the Telegram chats, which stay as they were', async () => {
    const state = (await (await fetch(`${local.url}/api/discord/state`)).json()) as { channels: { id: string; channelId: string; title: string; type: string }[] };
    expect(state.channels).toHaveLength(1);
    expect(state.channels[0]).toMatchObject({ type: 'discord', title: 'Discord · #nardy', id: `discord:${state.channels[0].channelId}` });
    channelId = state.channels[0].channelId;
    const telegram = (await (await fetch(`${local.url}/api/state`)).json()) as { chats: { id: number }[] };
    expect(telegram.chats.map((c) => c.id)).toEqual([-1001000000001, ALICE, BOB]);
    expect(await api.messages(ALICE)).toEqual([]);
  });

  it('an ephemeral reply (flags 64) is shown to its user only', async () => {
    expect(await api.type(ALICE, '/nardy help')).toEqual({ status: 200, body: { status: 200, command: '/nardy help' } });
    const alices = await api.messages(ALICE);
    expect(alices).toHaveLength(1);
    expect(alices[0]).toMatchObject({ fromBot: true, ephemeral: true, thinking: false, command: 'Alice used /nardy help' });
    expect(alices[0].content).toMatch(/I run games of nardy in this channel/);
    expect(await api.messages(BOB)).toEqual([]);
    expect(lines.some((line) => /Alice in #nardy: \/nardy help \[help\] → ok/.test(line)), lines.join('\n')).toBe(true);
  });

  it('a line Discord would not send is a 400 naming what is right; nothing reaches the bot', async () => {
    const before = (await api.messages(ALICE)).length;
    expect(await api.type(ALICE, 'hello everyone')).toMatchObject({ status: 400, body: { error: expect.stringMatching(/slash command/) } });
    expect(await api.type(ALICE, '/nardy challenge opponent:@Nobody')).toMatchObject({ status: 400, body: { error: expect.stringMatching(/no user/) } });
    expect(await api.type(999, '/nardy help')).toMatchObject({ status: 400 });
    expect((await api.messages(ALICE)).length).toBe(before);
  });

  it('POST /discord still refuses a request the local application did not sign', async () => {
    expect((await fetch(`${local.url}/discord`, { method: 'POST', body: '{"type":1}' })).status).toBe(401);
  });

  it('Alice challenges Bob with /nardy challenge, Bob accepts, and they play a whole short game', async () => {
    expect(await api.type(ALICE, '/nardy challenge variant:short opponent:@Bob')).toMatchObject({ status: 200, body: { status: 200 } });
    const challenge = (await api.messages(BOB)).at(-1)!;
    expect(challenge.content).toMatch(/Bob, Alice challenges you to short nardy/);
    expect(challenge.command).toBe('Alice used /nardy challenge variant:short opponent:@Bob');
    const accept = api.buttons(challenge).find((b) => /Accept/.test(b.text))!;

    // Alice may not accept her own challenge: an ephemeral reply tells her alone.
    const refused = await api.press(ALICE, challenge, accept.data!);
    expect(refused.status).toBe(200);
    expect((refused.body.whispers as string[]).length).toBeGreaterThan(0);
    const aliceWhispers = (await api.messages(ALICE)).filter((m) => m.ephemeral);
    expect(aliceWhispers.at(-1)!.content).toBe((refused.body.whispers as string[]).at(-1));
    expect((await api.messages(BOB)).filter((m) => m.ephemeral)).toEqual([]);

    expect(await api.press(BOB, challenge, accept.data!)).toEqual({ status: 200, body: { status: 200, whispers: [] } });
    const first = (await api.board(BOB))!;
    expect(first.images).toHaveLength(1);
    const picture = await fetch(`${local.url}${first.images[0].src}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(first.images[0].width).toBeGreaterThan(100);

    const games = await local.store.listByChat('discord', channelId, { status: 'active', limit: 1 });
    const gameId = games.records[0].id;
    const idOf = { Alice: ALICE, Bob: BOB } as Record<string, number>;
    let presses = 0;
    for (;;) {
      const loaded = await loadMatch(local.store, gameId);
      if (!loaded.ok) throw new Error(loaded.error.kind);
      const seat = seatToAct(loaded.value.state);
      if (seat === null) break;
      const who = idOf[loaded.value.state.players[seat]!.name];
      const board = (await api.board(who))!;
      const pick = choose(api.buttons(board).map((b) => b.text));
      if (pick === undefined) throw new Error(`nothing to press: ${JSON.stringify(board)}`);
      const answer = await api.press(who, board, api.buttons(board).find((b) => b.text === pick)!.data!);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.status).toBe(200);
      expect(answer.body.whispers as string[], `pressing "${pick}"`).not.toContainEqual(expect.stringMatching(/not your turn/i));
      if (++presses > 1_500) throw new Error('no result after 1500 presses');
    }
    const last = (await api.board(ALICE))!;
    expect(last.content).toMatch(/(Alice|Bob) wins the (game|match)/);
    // Mentions are shown by name, never as raw <@id>.
    expect((await api.messages(ALICE)).some((m) => /<@/.test(m.content))).toBe(false);
    expect(lines.filter((line) => /ERROR/.test(line))).toEqual([]);
  }, 180_000);

  it('/nardy games, rules, lang and resign go through the same path', async () => {
    expect((await api.type(BOB, '/nardy games')).status).toBe(200);
    expect((await api.messages(BOB)).at(-1)).toMatchObject({ ephemeral: true, command: 'Bob used /nardy games' });
    expect((await api.type(BOB, '/nardy rules short')).status).toBe(200);
    expect((await api.messages(BOB)).at(-1)).toMatchObject({ ephemeral: true, command: 'Bob used /nardy rules variant:short' });
    // Issue 16: in the channel `lang` is its game language: Bob may not set it and is told who may; Alice administers the server.
    expect((await api.type(BOB, '/nardy lang language:ru')).status).toBe(200);
    expect((await api.messages(BOB)).at(-1)!.content).toMatch(/Only an admin/);
    expect((await api.type(ALICE, '/nardy lang language:ru')).status).toBe(200);
    expect((await api.messages(ALICE)).at(-1)!.content).toMatch(/[а-я]/i);
    expect((await api.type(BOB, '/nardy resign')).status).toBe(200);
    expect((await api.messages(BOB)).at(-1)!.thinking).toBe(false);
    // /nardy resign answers in the channel, so Alice sees it too; Bob's /nardy games, rules and lang replies she does not.
    expect((await api.messages(ALICE)).filter((m) => m.command?.startsWith('Bob used')).map((m) => m.command)).toEqual(['Bob used /nardy resign']);
  });

  it('#45 edges (review F8): a user named like a mention of Bob is shown as named, not as a mention of Bob', async () => {
    const bobId = discordPerson(BOB_USER).user.id;
    const created = await api.post('/api/users', { name: `<@${bobId}>`, language: 'en' });
    expect(created.status).toBe(201);
    const mallory = (created.body as { id: number }).id;
    expect((await api.type(mallory, '/nardy challenge')).status).toBe(200);
    const challenge = (await api.messages(ALICE)).at(-1)!;
    expect(challenge.content.startsWith(`<@${bobId}> `), challenge.content).toBe(true);
    expect(challenge.content).not.toContain('@Bob');
  });
});

describe('npm start with a real Discord application configured', () => {
  let real: DiscordApi;
  let local: LocalProcess;

  beforeAll(async () => {
    real = await startDiscordApi();
    local = await startLocal({
      port: 0, dataDir: await tempDir(), log: () => {}, sweepEveryMs: 0,
      discord: { applicationId: real.applicationId, botToken: real.botToken, apiRoot: real.apiRoot, publicKey: real.publicKey, gateway: false },
    });
  });
  afterAll(async () => {
    await local?.close();
    await real?.close();
  });

  it('POST /discord answers the real application\'s signed interactions, and the local channel works beside it', async () => {
    const channel = real.guildChannel();
    const interaction = real.command(NODAR, channel, 'challenge', { opponent: ANNA });
    const { headers, body } = real.signed(interaction);
    const response = await fetch(`${local.url}/discord`, { method: 'POST', headers, body });
    const answer = { status: response.status, body: await response.text() };
    expect(answer).toEqual({ status: 200, body: '{"type":5}' });
    real.acknowledged(interaction, answer);
    for (let i = 0; i < 200 && !real.messages(channel).some((m) => !m.thinking); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(real.messages(channel).at(-1)!.content).toContain('Нодар');

    const state = (await (await fetch(`${local.url}/api/discord/state`)).json()) as { channels: { channelId: string }[] };
    const api = client(local, () => state.channels[0].channelId);
    expect((await api.type(ALICE, '/nardy challenge @Bob')).body).toMatchObject({ status: 200 });
    expect((await api.messages(BOB)).at(-1)!.content).toMatch(/Bob, Alice challenges you/);
    // Nothing of the local channel went to the real application's API.
    expect(real.messages(state.channels[0].channelId)).toEqual([]);
  });
});
