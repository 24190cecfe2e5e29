/**
 * Issue 15, item 1, the Discord half: an interaction is handled at most once, and its user sees the
 * result or an error, never an endless "thinking…". The endpoint acknowledges first (a deferred
 * reply) and works after; when that work fails — the store or the app throwing, injected here —
 * the deferred reply becomes a short "something went wrong" (only the user sees it where the
 * command is private, or once the reply was used). A replayed request changes nothing the first
 * delivery did. Real HTTP to the Discord API stand-in, real dynalite.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import type { GameStore } from '../../../src/store/index.ts';
import { ANNA, boardIn, buttonsOf, NODAR, publicMessages, stored, whispersTo, world, type World } from './harness.ts';

/** The store's method `name` throws, as DynamoDB does when it is unreachable, while `failing()` says so. */
function breaking(store: GameStore, name: keyof GameStore, failing: () => boolean): GameStore {
  return new Proxy(store, {
    get: (target, key) => {
      const real = Reflect.get(target, key) as unknown;
      if (key !== name || typeof real !== 'function') return typeof real === 'function' ? real.bind(target) : real;
      return (...args: unknown[]) => {
        if (failing()) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { name: 'TimeoutError' });
        return (real as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

const broken = new Set<keyof GameStore>();
let w: World;

beforeAll(async () => {
  let store: GameStore | undefined;
  const methods: (keyof GameStore)[] = ['create', 'save', 'setNotes', 'listByPlayer'];
  // The world's own table is known only once it is built: its store is wrapped on first use.
  const lazy = new Proxy({} as GameStore, {
    get: (_, key) => Reflect.get(store ??= methods.reduce<GameStore>((s, name) => breaking(s, name, () => broken.has(name)), w.table.store), key),
  });
  w = await world(15, { store: lazy });
});
afterAll(() => w.discord.close());

async function games(): Promise<number> {
  const scan = await w.table.client.send(new ScanCommand({
    TableName: w.table.tableName, Select: 'COUNT', FilterExpression: 'begins_with(pk, :g)', ExpressionAttributeValues: { ':g': { S: 'GAME#' } },
  }));
  return scan.Count ?? 0;
}

const thinking = (channel: string) => w.discord.messages(channel).filter((m) => m.thinking && !m.deleted);

describe('issue 15.1: a failed interaction is answered, never left thinking', () => {
  it('a public /nardy challenge whose write fails: the deferred reply becomes "something went wrong" in the channel; no game', async () => {
    const channel = w.discord.guildChannel();
    const before = await games();
    broken.add('create');
    try {
      expect((await w.deliver(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA }))).status).toBe(200);
    } finally {
      broken.delete('create');
    }
    expect(thinking(channel)).toEqual([]);
    expect(publicMessages(w, channel).map((m) => m.content)).toEqual([t('ru', 'error.generic')]);
    expect(await games()).toBe(before);
    expect(w.problems).toContainEqual(expect.objectContaining({ event: 'discord-interaction', intent: 'challenge', outcome: 'failed' }));
  });

  it('a private /nardy games whose read fails: the error only the user sees, in place of the thinking', async () => {
    const channel = w.discord.guildChannel();
    broken.add('listByPlayer');
    try {
      await w.deliver(w.discord.command(ANNA, channel, 'games'));
    } finally {
      broken.delete('listByPlayer');
    }
    expect(thinking(channel)).toEqual([]);
    expect(publicMessages(w, channel)).toEqual([]);
    expect(whispersTo(w, channel, ANNA).map((m) => m.content)).toEqual([t('en', 'error.generic')]);
  });

  it('a failure after the reply was posted (the challenge is out, noting its message fails): the error goes to the user alone, the challenge stays', async () => {
    const channel = w.discord.guildChannel();
    broken.add('setNotes');
    try {
      await w.deliver(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA }));
    } finally {
      broken.delete('setNotes');
    }
    expect(thinking(channel)).toEqual([]);
    expect(publicMessages(w, channel)).toHaveLength(1);
    expect(publicMessages(w, channel)[0].content).toContain('Нодар');
    expect(whispersTo(w, channel, NODAR).map((m) => m.content)).toEqual([t('ru', 'error.generic')]);
  });

  it('a press whose write fails: the presser is told, only they see it; the match and its board stay as they were', async () => {
    const channel = w.discord.guildChannel();
    await w.deliver(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA }));
    const challenge = publicMessages(w, channel).at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    const version = (await stored(w, accept.token.gameId)).record.version;
    broken.add('save');
    try {
      await w.deliver(w.discord.press(ANNA, challenge, accept.customId));
    } finally {
      broken.delete('save');
    }
    expect((await stored(w, accept.token.gameId)).record.version).toBe(version);
    expect(whispersTo(w, channel, ANNA).map((m) => m.content)).toEqual([t('en', 'error.generic')]);
    expect(thinking(channel)).toEqual([]);
    // Pressing again works: nothing was half done.
    await w.deliver(w.discord.press(ANNA, challenge, accept.customId));
    expect(boardIn(w, channel)).toBeDefined();
  });
});

describe('issue 15.1: a store that does not answer', () => {
  it('a public /nardy challenge whose write hangs past the deadline: "something went wrong" replaces the thinking while it still hangs', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    let store: GameStore | undefined;
    const hanging = new Proxy({} as GameStore, {
      get: (_, key) => {
        store ??= new Proxy(h.table.store, {
          get: (target, name) => (name === 'create' ? async (...args: Parameters<GameStore['create']>) => (await held, target.create(...args)) : Reflect.get(target, name)),
        });
        const value = Reflect.get(store, key) as unknown;
        return typeof value === 'function' ? value.bind(store) : value;
      },
    });
    const h = await world(16, { store: hanging }, { deadlineMs: 100 });
    try {
      const channel = h.discord.guildChannel();
      const delivery = h.deliver(h.discord.command(NODAR, channel, 'challenge', { opponent: ANNA }));
      for (let i = 0; i < 400 && !h.discord.messages(channel).some((m) => !m.thinking); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(h.discord.messages(channel).map((m) => [m.content, m.thinking])).toEqual([[t('ru', 'error.generic'), false]]);
      expect(h.problems).toContainEqual(expect.objectContaining({ event: 'discord-interaction', outcome: 'timed out' }));
      release();
      await delivery;
    } finally {
      release();
      await h.discord.close();
    }
  });
});

describe('issue 15.1: an interaction id is handled at most once', () => {
  it('a replayed /nardy challenge (the same signed request again) makes no second challenge and leaves the first one\'s message', async () => {
    const channel = w.discord.guildChannel();
    const interaction = w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA });
    const signed = w.discord.signed(interaction);
    await w.deliver(interaction);
    const before = await games();
    const [message] = publicMessages(w, channel);
    expect((await w.post(signed.headers, signed.body)).status).toBe(200);
    expect(await games()).toBe(before);
    expect(publicMessages(w, channel)).toEqual([message]);
  });

  it('a replayed press (accept) is applied once: one board, one version step', async () => {
    const channel = w.discord.guildChannel();
    await w.deliver(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA }));
    const challenge = publicMessages(w, channel).at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    const press = w.discord.press(ANNA, challenge, accept.customId);
    const signed = w.discord.signed(press);
    await w.deliver(press);
    const after = await stored(w, accept.token.gameId);
    const messages = publicMessages(w, channel).map((m) => m.id);
    expect((await w.post(signed.headers, signed.body)).status).toBe(200);
    expect((await stored(w, accept.token.gameId)).record.version).toBe(after.record.version);
    expect(publicMessages(w, channel).map((m) => m.id)).toEqual(messages);
    expect(whispersTo(w, channel, ANNA)).toEqual([]);
  });
});
