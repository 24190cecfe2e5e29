/**
 * Issue 16: the series of two players in a chat, kept as one remembered value and counted once
 * per finished match — a redelivered update or a retried announcement must not count it twice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { countMatch, recallSeries, seriesText } from '../../src/app/series.ts';
import { apply, createChallenge, type MatchState } from '../../src/game/index.ts';
import { fixedDice } from '../../src/dice/index.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';

const anna = { id: 'telegram:2', name: 'Anna' };
const nodar = { id: 'telegram:1', name: 'Nodar' };
const chat = { platform: 'telegram', chatId: '-100' };
let table: TestTable;

beforeAll(async () => {
  table = await freshTable();
});

/** A single game the challenger (White, who starts with the opening 5-3) resigns at once: the opponent wins. */
function finished(id: string, challenger: typeof anna, opponent: typeof anna): MatchState {
  const created = createChallenge({ id, by: challenger, invitee: opponent.id, settings: { variant: 'short', doubling: false, colour: 'white' } }, 0);
  if (!created.ok) throw new Error(created.error.message);
  const dice = fixedDice([5, 3]);
  const accepted = apply(created.value.state, { type: 'accept', by: opponent }, 1, dice);
  if (!accepted.ok) throw new Error(accepted.error.message);
  const resigned = apply(accepted.value.state, { type: 'resign', by: challenger.id }, 2, dice);
  if (!resigned.ok) throw new Error(resigned.error.message);
  expect(resigned.value.state.phase).toBe('finished');
  return resigned.value.state;
}

describe('issue 16: the series between two players in a chat', () => {
  it('counts a finished match once, whoever challenged, and a match counted again changes nothing', async () => {
    expect(await recallSeries(table.store, chat, anna.id, nodar.id)).toBeUndefined();
    const first = finished('series1', nodar, anna);
    expect(await countMatch(table.store, chat, first, 10)).toEqual({ wins: { [anna.id]: 1, [nodar.id]: 0 }, last: 'series1' });
    // The same match again (a redelivered update, a retried announcement): counted once.
    expect(await countMatch(table.store, chat, first, 11)).toEqual({ wins: { [anna.id]: 1, [nodar.id]: 0 }, last: 'series1' });
    const second = finished('series2', anna, nodar);
    const after = await countMatch(table.store, chat, second, 12);
    expect(after).toEqual({ wins: { [anna.id]: 1, [nodar.id]: 1 }, last: 'series2' });
    expect(await recallSeries(table.store, chat, nodar.id, anna.id)).toEqual(after);
    expect(seriesText('en', after, second.players)).toBe('Series: Anna 1 – 1 Nodar');
    // Another chat has its own series.
    expect(await recallSeries(table.store, { platform: 'telegram', chatId: '-200' }, anna.id, nodar.id)).toBeUndefined();
  });
});
