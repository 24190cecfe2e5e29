/**
 * The interactions endpoint's guarantees (issue 6): the signature comes before anything else,
 * a PING is answered in the response, forged buttons change nothing, a duplicate is applied once,
 * others' presses get a private answer, and Discord's failures (429, an expired token) never
 * lose a move.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import type { GameStore } from '../../../src/store/index.ts';
import { ANNA, boardIn, buttonsOf, CAROL, NODAR, publicMessages, stored, whispersTo, world, type World } from './harness.ts';

let w: World;

beforeAll(async () => {
  w = await world(99);
});
afterAll(() => w.discord.close());

async function storedItems(): Promise<number> {
  return (await w.table.client.send(new ScanCommand({ TableName: w.table.tableName, Select: 'COUNT' }))).Count ?? 0;
}

/** A game between Nodar and Anna in a new channel, accepted; returns the channel and game id. */
async function newGame(): Promise<{ channel: string; gameId: string }> {
  const channel = w.discord.guildChannel();
  await w.deliver(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA, variant: 'short' }));
  const challenge = publicMessages(w, channel).at(-1)!;
  const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
  await w.deliver(w.discord.press(ANNA, challenge, accept.customId));
  return { channel, gameId: accept.token.gameId };
}

const CHANGING = ['roll', 'play', 'step', 'confirm'];

/** The player to act on the current board, and a button that changes the match (a checker is picked first if need be). */
async function mover(channel: string, gameId: string) {
  const { state, record } = await stored(w, gameId);
  const who = state.players[state.game!.turn.seat]!.id === `discord:${NODAR.user.id}` ? NODAR : ANNA;
  const other = who === NODAR ? ANNA : NODAR;
  let board = boardIn(w, channel);
  if (!buttonsOf(board).some((b) => CHANGING.includes(b.token.choice.k))) {
    await w.deliver(w.discord.press(who, board, buttonsOf(board).find((b) => b.token.choice.k === 'pick')!.customId));
    board = boardIn(w, channel);
  }
  const button = buttonsOf(board).find((b) => CHANGING.includes(b.token.choice.k))!;
  expect((await stored(w, gameId)).record.version, 'picking a checker changes only the picture').toBe(record.version);
  return { who, other, board, button, version: record.version };
}

describe('ingress.ts: the signature comes first', () => {
  const tamper = {
    'a wrong signature': (h: Record<string, string>, b: Buffer) => ({ headers: { ...h, 'x-signature-ed25519': h['x-signature-ed25519'].replace(/^./, (c) => (c === '0' ? '1' : '0')) }, body: b }),
    'no signature header': (h: Record<string, string>, b: Buffer) => ({ headers: { ...h, 'x-signature-ed25519': '' }, body: b }),
    'no timestamp header': (h: Record<string, string>, b: Buffer) => ({ headers: Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'x-signature-timestamp')), body: b }),
    'another timestamp': (h: Record<string, string>, b: Buffer) => ({ headers: { ...h, 'x-signature-timestamp': String(Number(h['x-signature-timestamp']) + 1) }, body: b }),
    'a replayed signature over an altered body': (h: Record<string, string>, b: Buffer) => ({ headers: h, body: Buffer.from(b.toString().replace('"challenge"', '"resign"')) }),
    'a signature that is not hex': (h: Record<string, string>, b: Buffer) => ({ headers: { ...h, 'x-signature-ed25519': 'z'.repeat(128) }, body: b }),
  };
  it.each(Object.entries(tamper))('%s → 401, no API call, nothing stored', async (_, change) => {
    const channel = w.discord.guildChannel();
    const signed = w.discord.signed(w.discord.command(NODAR, channel, 'challenge'));
    const { headers, body } = change(signed.headers, signed.body);
    const [calls, items] = [w.discord.calls.length, await storedItems()];
    const answer = await w.post(headers, body);
    expect(answer.status).toBe(401);
    expect(w.discord.calls.length).toBe(calls);
    expect(await storedItems()).toBe(items);
    expect(w.discord.messages(channel)).toEqual([]);
  });

  it.each([
    ['signed 16 minutes ago (its token is dead: a replay)', -16 * 60],
    ['signed 5 minutes in the future', 5 * 60],
  ])('a valid signature on a request %s → 401, nothing stored', async (_, offset) => {
    const channel = w.discord.guildChannel();
    const signed = w.discord.signed(w.discord.command(NODAR, channel, 'challenge'), Math.floor(Date.now() / 1000) + offset);
    const [calls, items] = [w.discord.calls.length, await storedItems()];
    expect((await w.post(signed.headers, signed.body)).status).toBe(401);
    expect(w.discord.calls.length).toBe(calls);
    expect(await storedItems()).toBe(items);
  });

  it.each([
    ['"<now>.5" (not whole seconds)', (now: number) => `${now}.5`],
    ['"+<now>"', (now: number) => `+${now}`],
    ['" <now>"', (now: number) => ` ${now}`],
    ['"<now>e0"', (now: number) => `${now}e0`],
    ['"0x…" (hex)', (now: number) => `0x${now.toString(16)}`],
  ])('issue 15.5: a valid signature over the timestamp %s → 401, nothing stored', async (_, form) => {
    const channel = w.discord.guildChannel();
    const signed = w.discord.signed(w.discord.command(NODAR, channel, 'challenge'), form(Math.floor(Date.now() / 1000)));
    const [calls, items] = [w.discord.calls.length, await storedItems()];
    expect((await w.post(signed.headers, signed.body)).status).toBe(401);
    expect(w.discord.calls.length).toBe(calls);
    expect(await storedItems()).toBe(items);
  });

  it('the untampered request passes (the tampering above is what fails)', async () => {
    const channel = w.discord.guildChannel();
    const signed = w.discord.signed(w.discord.command(NODAR, channel, 'help'));
    expect((await w.post(signed.headers, signed.body)).status).toBe(200);
  });

  it('a PING is answered with a PONG in the response, and nothing else happens', async () => {
    const calls = w.discord.calls.length;
    const ping = { id: '1', type: 1, application_id: w.discord.applicationId, token: 'x', version: 1 };
    const signed = w.discord.signed(ping as never);
    const answer = await w.post(signed.headers, signed.body);
    expect(answer).toMatchObject({ status: 200, body: '{"type":1}' });
    expect(w.discord.calls.length).toBe(calls);
  });

  it('a signed body that is no interaction → 400', async () => {
    const signed = w.discord.signed({ hello: 'world' } as never);
    expect((await w.post(signed.headers, signed.body)).status).toBe(400);
  });
});

describe('interactions.ts: presses', () => {
  it('a forged custom id → an ephemeral "out of date" to the presser, the game unchanged', async () => {
    const { channel, gameId } = await newGame();
    const { who, board, version } = await mover(channel, gameId);
    for (const forged of ['garbage', `g:${gameId}:${(version + 5).toString(36)}:r`, `g:${gameId}:${version.toString(36)}:s99.1.1`, 'g:zzzzzzzz:1:r']) {
      await w.deliver(w.discord.press(who, board, forged));
      expect((await stored(w, gameId)).record.version).toBe(version);
    }
    const whispers = whispersTo(w, channel, who).map((m) => m.content);
    expect(whispers.length).toBeGreaterThanOrEqual(3);
    expect(whispers).toContain(t(who === NODAR ? 'ru' : 'en', 'toast.stale'));
    expect(w.problems).toEqual([]);
  });

  it('another player pressing gets an ephemeral "not your turn"; an onlooker "not your game"', async () => {
    const { channel, gameId } = await newGame();
    const { other, board, button, version } = await mover(channel, gameId);
    await w.deliver(w.discord.press(other, board, button.customId));
    await w.deliver(w.discord.press(CAROL, board, button.customId));
    expect((await stored(w, gameId)).record.version).toBe(version);
    expect(whispersTo(w, channel, other).at(-1)?.content).toBe(t(other === NODAR ? 'ru' : 'en', 'toast.notYourTurn'));
    expect(whispersTo(w, channel, CAROL).at(-1)?.content).toBe(t('ka', 'toast.notYourGame'));
  });

  it('the same interaction delivered twice is applied once', async () => {
    const { channel, gameId } = await newGame();
    const { who, board, button, version } = await mover(channel, gameId);
    const press = w.discord.press(who, board, button.customId);
    const signed = w.discord.signed(press);
    await w.deliver(press);
    const after = (await stored(w, gameId)).record.version;
    expect(after).toBe(version + 1);
    expect((await w.post(signed.headers, signed.body)).status).toBe(200);
    expect((await stored(w, gameId)).record.version).toBe(after);
  });
});

describe('send.ts: Discord failing', () => {
  it('a 429 on the board edit waits retry_after and retries: the new board arrives', async () => {
    const { channel, gameId } = await newGame();
    const { who, board, button } = await mover(channel, gameId);
    w.discord.failNext('PATCH', /^\/webhooks\/\d+\/[^/]+\/messages\/@original$/, { status: 429, retryAfter: 0.05 });
    const before = w.discord.calls.filter((c) => c.status === 429).length;
    await w.deliver(w.discord.press(who, board, button.customId));
    expect(w.discord.calls.filter((c) => c.status === 429).length).toBe(before + 1);
    const { record } = await stored(w, gameId);
    expect(buttonsOf(boardIn(w, channel)).every((b) => b.token.version === record.version)).toBe(true);
  });

  it('an expired interaction token (401) loses no move: logged, and the next press shows the current board', async () => {
    const { channel, gameId } = await newGame();
    const { who, board, button, version } = await mover(channel, gameId);
    const problems = w.problems.length;
    w.discord.failNext('PATCH', /@original$/, { status: 401 });
    const answer = await w.deliver(w.discord.press(who, board, button.customId));
    expect(answer.status).toBe(200);
    expect((await stored(w, gameId)).record.version).toBe(version + 1);
    expect(w.problems.slice(problems)).toContainEqual(expect.objectContaining({ event: 'discord-api-failed', method: 'editReply', failure: 'unauthorized', status: 401 }));
    // The board still shows the old version; pressing it brings the current one.
    await w.deliver(w.discord.press(who, board, button.customId));
    const { record } = await stored(w, gameId);
    expect(buttonsOf(boardIn(w, channel)).every((b) => b.token.version === record.version)).toBe(true);
  });

  it('a token that really expired (the stand-in refuses it) is the same 401, handled the same way', async () => {
    const { channel, gameId } = await newGame();
    const { who, board, button, version } = await mover(channel, gameId);
    const press = w.discord.press(who, board, button.customId);
    w.discord.expire(press);
    expect((await w.deliver(press)).status).toBe(200);
    expect((await stored(w, gameId)).record.version).toBe(version + 1);
  });
});

describe('interactions.ts: the boundary', () => {
  it('a bug (a plain throw) is logged with its stack, and the user gets a polite "something went wrong"', async () => {
    const table = w.table;
    const broken: GameStore = new Proxy(table.store, {
      get: (target, key) => (key === 'listByPlayer' ? () => { throw new TypeError('oops'); } : Reflect.get(target, key)),
    });
    const b = await world(7, { store: broken });
    try {
      const channel = b.discord.guildChannel();
      expect((await b.deliver(b.discord.command(ANNA, channel, 'games'))).status).toBe(200);
      expect(b.discord.messages(channel).at(-1)).toMatchObject({ content: t('en', 'error.generic'), ephemeralFor: ANNA.user.id, thinking: false });
      expect(b.problems).toContainEqual(expect.objectContaining({ event: 'discord-interaction', outcome: 'failed', error: 'TypeError: oops', stack: expect.stringContaining('handleIntent') }));
    } finally {
      await b.discord.close();
    }
  });
});
