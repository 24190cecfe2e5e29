/**
 * The matches the export tests write out (export.test.ts) and import into gnubg
 * (export.system.test.ts): a 3-point match written by hand and its .mat, and whole matches of random
 * legal commands with seeded dice.
 */
import { expect } from 'vitest';
import { fixedDice, type DiceSource } from '../../src/dice/index.ts';
import { legalPlays } from '../../src/engine/index.ts';
import { apply, createChallenge, mayDouble, other, positionOf } from '../../src/game/index.ts';
import type { Command, MatchEvent, MatchSettings, MatchState, Player } from '../../src/game/index.ts';
import { mulberry32 as seeded } from '../arbitraries.ts';

export const T0 = Date.UTC(2026, 10, 29, 14, 5);
export const ANN: Player = { id: 'telegram:1', name: 'Ann' };
export const BOB: Player = { id: 'telegram:2', name: 'Bob' };


export const seededDice = (seed: number): DiceSource => {
  const r = seeded(seed);
  return { die: () => 1 + Math.floor(r() * 6) };
};

/** How often the random players double, take, beaver and resign. */
export interface Policy { double: number; take: number; beaver: number; resign: number }

export function must(r: ReturnType<typeof apply>, cmd: Command): MatchState {
  if (!r.ok) throw new Error(`${cmd.type} rejected: ${r.error.kind}: ${r.error.message}`);
  return r.value.state;
}

/** A random legal command for whoever has to act. */
function randomCommand(state: MatchState, r: () => number, p: Policy): Command {
  const game = state.game!;
  const t = game.turn;
  const mover = state.players[t.seat]!.id;
  const answerer = state.players[other(t.seat)]!.id;
  switch (t.stage) {
    case 'decide':
      if (r() < p.resign) return { type: 'resign', by: mover, kind: r() < 0.5 ? 'oin' : 'mars' };
      return mayDouble(state) && r() < p.double ? { type: 'double', by: mover } : { type: 'roll', by: mover };
    case 'doubled':
      if (state.settings.beaver && r() < p.beaver) return { type: 'beaver', by: answerer };
      return { type: r() < p.take ? 'take' : 'pass', by: answerer };
    case 'beavered':
      return { type: r() < p.take ? 'take' : 'pass', by: mover };
    case 'resignOffered':
      return { type: r() < 0.5 ? 'acceptResign' : 'declineResign', by: answerer };
    case 'moving': {
      if (r() < p.resign / 2) return { type: 'resign', by: mover };
      const plays = legalPlays(positionOf(state.settings, game), t.dice!, { firstTurn: game.turnsPlayed[t.seat] === 0 });
      return { type: 'play', by: mover, move: plays[Math.floor(r() * plays.length)].move };
    }
    default:
      throw new Error(`nobody can act at stage ${t.stage}`);
  }
}

/** Ann (White, seat 0) and Bob play a whole match with random legal commands and seeded dice. */
export function playMatch(settings: Partial<MatchSettings> & { variant: string }, seed: number, policy: Policy, names: [string, string] = [ANN.name, BOB.name]): MatchState {
  const dice = seededDice(seed * 7919 + 1);
  const r = seeded(seed);
  const created = createChallenge({ id: `match-${seed}`, by: { ...ANN, name: names[0] }, invitee: BOB.id, settings: { colour: 'white', ...settings } }, T0);
  if (!created.ok) throw new Error(created.error.message);
  const accept: Command = { type: 'accept', by: { ...BOB, name: names[1] } };
  let state = must(apply(created.value.state, accept, T0, dice), accept);
  for (let i = 1; state.phase === 'playing'; i++) {
    if (i > 20_000) throw new Error('the match did not end');
    const cmd = randomCommand(state, r, policy);
    state = must(apply(state, cmd, T0 + i * 1000, dice), cmd);
  }
  return state;
}

export const eventsOf = <T extends MatchEvent['type']>(s: MatchState, type: T) => s.history.filter((e): e is Extract<MatchEvent, { type: T }> => e.type === type);

/** Runs commands in order against one list of dice faces, which must be used up exactly. */
export function scripted(settings: Partial<MatchSettings> & { variant: string }, faces: number[], commands: Command[], players: [Player, Player] = [ANN, BOB]): MatchState {
  const dice = fixedDice(faces);
  const created = createChallenge({ id: 'm1', by: players[0], invitee: players[1].id, settings: { colour: 'white', ...settings } }, T0);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value.state;
  commands.forEach((cmd, i) => { state = must(apply(state, cmd, T0 + (i + 1) * 60_000, dice), cmd); });
  expect(() => dice.die(), 'every scripted face is used').toThrow(/ran out/);
  return state;
}

/**
 * A 3-point match written by hand: a take and a redouble passed (Black dances on the bar after a
 * hit), a Crawford game Black opens and White resigns after rolling, a double passed in the
 * left column, and a resignation of a mars that ends the match.
 */
export function handWritten(): MatchState {
  const [a, b] = [ANN.id, BOB.id];
  return scripted({ variant: 'short', matchLength: 3 }, [3, 1, 6, 4, 6, 2, 6, 6, 2, 5, 4, 4, 6, 1, 4, 3], [
    { type: 'accept', by: BOB },
    { type: 'play', by: a, move: '8/5 6/5' },
    { type: 'double', by: b }, { type: 'take', by: a },
    { type: 'play', by: b, move: '24/14' },
    { type: 'roll', by: a }, { type: 'play', by: a, move: '24/18 13/11*' },
    { type: 'double', by: a }, { type: 'pass', by: b },
    { type: 'play', by: b, move: '13/8 13/11' },
    { type: 'resign', by: a },
    { type: 'play', by: a, move: '13/7 8/7' },
    { type: 'double', by: b }, { type: 'pass', by: a },
    { type: 'play', by: a, move: '13/9 13/10' },
    { type: 'resign', by: b, kind: 'mars' }, { type: 'acceptResign', by: a },
  ]);
}

export const HAND_MAT = `; [Match ID "m1"]
; [Player 1 "Ann"]
; [Player 2 "Bob"]
; [EventDate "2026.11.29"]
; [EventTime "14.05"]
; [Variation "Backgammon"]
; [Crawford "On"]

 3 point match

 Game 1
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Takes                      64: 24/18 18/14
  3) 62: 24/18 13/11*            66:
  4)  Doubles => 4                Drops
      Wins 2 points

 Game 2
 Ann : 2                        Bob : 0
  1)                             52: 13/8 13/11
  2) 44:                          Wins 1 point

 Game 3
 Ann : 2                        Bob : 1
  1) 61: 13/7 8/7                 Doubles => 2
  2)  Drops                       Wins 1 point

 Game 4
 Ann : 2                        Bob : 2
  1) 43: 13/9 13/10
      Wins 2 points and the match
`;

export const SHORT = { variant: 'short' } as const;
export const okValue = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
