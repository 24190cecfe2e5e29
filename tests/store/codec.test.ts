import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/engine/index.ts';
import { GAME_STATUSES, decodeGame, encodeGame, itemBytes } from '../../src/store/index.ts';
import type { GameRecord } from '../../src/store/index.ts';
import { game } from './fixture.ts';

const epoch = fc.integer({ min: 0, max: 4_102_444_800_000 });
const identity = fc.tuple(fc.constantFrom('telegram', 'discord'), fc.string({ minLength: 1 })).map(([p, id]) => `${p}:${id}`);

const record: fc.Arbitrary<GameRecord> = fc.record(
  {
    id: fc.string({ minLength: 1 }),
    version: fc.nat(),
    state: fc.jsonValue(),
    status: fc.constantFrom(...GAME_STATUSES),
    players: fc.array(identity, { maxLength: 2 }),
    chat: fc.record({ platform: fc.constantFrom('telegram' as const, 'discord' as const), chatId: fc.string({ minLength: 1 }) }),
    updatedAt: epoch,
    dueAt: epoch,
    summary: fc.jsonValue(),
  },
  { requiredKeys: ['id', 'version', 'state', 'status', 'players', 'updatedAt'] },
);

/** What a JSON round trip makes of a value (e.g. -0 becomes 0). */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('src/store/codec.ts: the game item format', () => {
  it('decodes every encoded record back to itself at the stored version', () => {
    fc.assert(
      fc.property(record, fc.nat(), (r, version) => {
        const expected: GameRecord = { ...r, version, state: viaJson(r.state) };
        if (r.summary !== undefined) expected.summary = viaJson(r.summary);
        expect(decodeGame(encodeGame(r, version))).toEqual({ ok: true, value: expected });
      }),
    );
  });

  it('never estimates an item below the UTF-8 size of its names and texts (DynamoDB counts both)', () => {
    fc.assert(
      fc.property(record, (r) => {
        const item = encodeGame(r, r.version);
        const texts = Object.entries(item).flatMap(([name, value]) => [name, ...[value].flat().filter((v) => typeof v === 'string')]);
        expect(itemBytes(item)).toBeGreaterThanOrEqual(texts.reduce((n, text) => n + Buffer.byteLength(text, 'utf8'), 0));
      }),
    );
  });

  it('keeps a typical mid-game item well under 4 KB', () => {
    const state = { schema: 1, board: [Array(26).fill(1), Array(26).fill(1)], history: Array(60).fill('6-4: 24/18 24/20') };
    expect(itemBytes(encodeGame(game({ state, summary: { variant: 'long', names: ['Ann', 'Bob'] } }), 7))).toBeLessThan(4096);
  });

  it.each([
    ['a third player', { players: ['telegram:1', 'telegram:2', 'telegram:3'] }],
    ['an empty id', { id: '' }],
    ['a fractional deadline', { dueAt: 1.5 }],
    ['an empty chat id', { chat: { platform: 'telegram' as const, chatId: '' } }],
    ['a state that is not JSON', { state: undefined }],
  ])('refuses to encode a record with %s (a caller bug, thrown)', (_, overrides) => {
    expect(() => encodeGame(game(overrides), 1)).toThrow(InvariantError);
  });
});
