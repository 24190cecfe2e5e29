/**
 * Issue #18: through `runCommand` and a real table, the roll index is stored with every move, so
 * racing presses and redelivered updates never draw a roll twice or skip one — the stored rolls are
 * exactly rolls 0, 1, 2, … of the derivation — and the seeds are the players' `/seed` at acceptance.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openChallenge, runCommand, type MatchDeps } from '../../src/app/matches.ts';
import { SEED } from '../../src/app/remembered.ts';
import { fixedDice } from '../../src/dice/index.ts';
import { verifyTranscript } from '../../src/dice/verify.ts';
import { legalPlays } from '../../src/engine/index.ts';
import { positionOf, seatToAct, transcriptOf, turnContextOf, type Command, type MatchState } from '../../src/game/index.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';

const alice = { id: 'telegram:1', name: 'Alice' };
const bob = { id: 'telegram:2', name: 'Bob' };
const SERVER_SEED = '3f'.repeat(32);
let table: TestTable;
// The process's own dice must never be used for a committed match: they would fail at once.
const deps = (): MatchDeps => ({ store: table.store, now: () => Date.UTC(2026, 0, 1), dice: fixedDice([]), serverSeed: () => SERVER_SEED });

beforeAll(async () => {
  table = await freshTable();
});

/** The command that moves the match on for whoever is to act: a roll, or the first legal play. */
function nextCommand(state: MatchState): Command {
  const game = state.game!;
  const by = state.players[seatToAct(state)!]!.id;
  if (game.turn.stage === 'decide') return { type: 'roll', by };
  return { type: 'play', by, move: legalPlays(positionOf(state.settings, game), game.turn.dice!, turnContextOf(game))[0]?.move ?? 'Ø' };
}

describe('the roll index through the store', () => {
  it('racing and redelivered commands draw each roll once, in order, and the match verifies', async () => {
    await table.store.remember(SEED.key(bob.id), 'bob\'s own', 0);
    const opened = await openChallenge(deps(), { id: 'fair1', by: alice, invitee: bob.id, settings: { variant: 'long' } }, { platform: 'telegram', chatId: '-1' });
    expect(opened.ok && opened.value.state.fair?.seeds).toBeNull();
    const accepted = await runCommand(deps(), 'fair1', { type: 'accept', by: bob }, { updateKey: 'u0' });
    if (!accepted.ok) throw new Error(accepted.error.kind);
    expect(accepted.value.state.fair!.seeds).toEqual(['', 'bob\'s own']);
    // The same acceptance delivered again changes nothing.
    expect(await runCommand(deps(), 'fair1', { type: 'accept', by: bob }, { updateKey: 'u0' })).toMatchObject({ ok: false, error: { kind: 'duplicate-update' } });
    let state = accepted.value.state;
    for (let n = 1; n <= 30; n++) {
      const command = nextCommand(state);
      // Two presses of the same button at once: one is stored, the other finds the version taken.
      const [a, b] = await Promise.all([runCommand(deps(), 'fair1', command, { updateKey: `u${n}` }), runCommand(deps(), 'fair1', command, { updateKey: `v${n}` })]);
      const won = [a, b].filter((r) => r.ok);
      expect(won).toHaveLength(1);
      state = won[0].ok ? won[0].value.state : state;
      // And the winner's update redelivered: answered as a duplicate, nothing drawn.
      expect((await runCommand(deps(), 'fair1', command, { updateKey: a.ok ? `u${n}` : `v${n}` })).ok).toBe(false);
    }
    const loaded = await table.store.load('fair1');
    if (!loaded.ok) throw new Error(loaded.error.kind);
    expect((loaded.value.state as { f?: { n: number } }).f?.n).toBe(state.fair!.rolls);
    const transcript = transcriptOf(state, true)!;
    expect(transcript.rolls.length).toBe(state.fair!.rolls);
    expect(verifyTranscript(transcript)).toMatchObject({ ok: true, rolls: state.fair!.rolls });
  });
});
