/**
 * Issue 20, item 9: `renamePlayer` changes a player's name wherever the match keeps it and nothing
 * else, so a match still replays and decodes the same after `/forget` or fading.
 */
import { describe, expect, it } from 'vitest';
import { decodeMatch, encodeMatch, renamePlayer } from '../../src/game/index.ts';
import { ANN, BOB, CAROL, deepFreeze, started } from './fixture.ts';

describe('renamePlayer: a name, and only the name', () => {
  it('renames the player in their seat and the history; the match decodes to the renamed one, otherwise unchanged', () => {
    const before = deepFreeze(started({ variant: 'short' }, [3, 1]));
    const after = renamePlayer(before, BOB.id, 'Player 2');
    expect(after.players.map((p) => p?.name)).toEqual(before.players.map((p) => (p?.id === BOB.id ? 'Player 2' : p?.name)));
    expect(JSON.stringify(encodeMatch(after))).not.toContain(BOB.name);
    const decoded = decodeMatch(encodeMatch(after));
    expect(decoded.ok && decoded.value).toEqual(after);
    const { players: _a, history: _h, ...rest } = after;
    const { players: _b, history: _i, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect(after.history.map((e) => e.type)).toEqual(before.history.map((e) => e.type));
    expect(after.players.find((p) => p?.id === ANN.id)?.name).toBe(ANN.name);
  });

  it('leaves a match without that player as it is', () => {
    const match = started({ variant: 'short' }, [3, 1]);
    expect(renamePlayer(match, CAROL.id, 'Player 1')).toEqual(match);
  });
});
