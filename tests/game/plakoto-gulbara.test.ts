/**
 * Issue #9, the match layer of plakoto and gul bara (docs/rules/variants.md §6): gul bara's doubles ladder as a
 * sequence of rolls inside one turn, passed to the opponent where the roller is stuck; and random
 * complete matches of both variants through the reducer, which must end, conserve checkers and
 * decode from their stored form to the same match.
 */
import { describe, expect, it } from 'vitest';
import { checkerCount, legalPlays } from '../../src/engine/index.ts';
import { apply, decodeMatch, encodeMatch, positionOf, seatToAct, turnContextOf, type MatchEvent, type MatchState } from '../../src/game/index.ts';
import { mulberry32, rollDie } from '../arbitraries.ts';
import { ANN, BOB, board, eventsOf, gameOf, started, step, T0, withGame } from './fixture.ts';

const seatIds = [ANN.id, BOB.id] as const;

/** Plays the first legal play of each roll until `until` holds; returns the state and the plays made. */
function playOn(state: MatchState, until: (s: MatchState) => boolean): { state: MatchState; played: { seat: number; dice: string; move: string }[] } {
  const played: { seat: number; dice: string; move: string }[] = [];
  const take = (events: readonly MatchEvent[]) => eventsOf(events, 'played').forEach((e) => played.push({ seat: e.seat, dice: e.dice.join('-'), move: e.move }));
  for (let i = 0; i < 40 && !until(state); i++) {
    const game = gameOf(state);
    const t = game.turn;
    const by = seatIds[t.seat];
    const move = legalPlays(positionOf(state.settings, game), t.dice!, turnContextOf(game))[0]?.move ?? 'Ø';
    const r = apply(state, { type: 'play', by, move }, T0, { die: () => { throw new Error('no roll expected'); } });
    if (!r.ok) throw new Error(r.error.message);
    take(r.value.events);
    state = r.value.state;
  }
  return { state, played };
}

/**
 * Gul bara, Ann (seat 0) about to roll on her fourth turn, on the given board by seats. The cube
 * is on only so that every roll waits for its command (a turn may double first).
 */
function fourthTurn(seats: ReturnType<typeof board>): MatchState {
  const s = started({ variant: 'gulbara', doubling: true }, [6, 1]);
  return withGame(s, { board: seats, turnsPlayed: [3, 3], turn: { seat: 0, stage: 'decide', dice: null, steps: [] } });
}

describe('docs/rules/variants.md §6 gul bara: the doubles ladder in a match', () => {
  // Ann's checkers run free in the outer board; Bob's are far behind her on his head.
  const open = board([[20, 5], [18, 5], [16, 5]], [[24, 15]]);

  it('a double from the fourth turn is followed by every higher double, all in Ann\'s turn', () => {
    const rolled = step(fourthTurn(open), { type: 'roll', by: ANN.id }, [3, 3]);
    expect(gameOf(rolled).turn).toMatchObject({ seat: 0, stage: 'moving', dice: [3, 3] });
    const { state, played } = playOn(rolled, (s) => gameOf(s).turn.seat === 1);
    expect(played.map((p) => `${p.seat}:${p.dice}`)).toEqual(['0:3-3', '0:4-4', '0:5-5', '0:6-6']);
    expect(gameOf(state).turnsPlayed).toEqual([4, 3]); // one turn, four rungs
    expect(gameOf(state).turn).toMatchObject({ seat: 1, stage: 'decide' });
    expect(gameOf(state).turn.ladder).toBeUndefined();
  });

  it('on the first three turns a double is a plain double', () => {
    const early = withGame(fourthTurn(open), { turnsPlayed: [2, 3] });
    const rolled = step(early, { type: 'roll', by: ANN.id }, [3, 3]);
    const { played } = playOn(rolled, (s) => gameOf(s).turn.seat === 1);
    expect(played.map((p) => `${p.seat}:${p.dice}`)).toEqual(['0:3-3']);
  });

  it('what Ann cannot play passes to Bob, from where she stopped; then Bob rolls his own turn', () => {
    // Ann bears off with exact numbers only: 3-3 takes her two checkers on 3, the other two 3s
    // cannot be played (her checkers on 1 need a 1), so Bob plays two 3s, then 4-4, 5-5, 6-6.
    const stuck = board([[0, 11], [3, 2], [1, 2]], [[20, 15]]);
    const rolled = step(fourthTurn(stuck), { type: 'roll', by: ANN.id }, [3, 3]);
    expect(gameOf(rolled).turn).toMatchObject({ seat: 1, stage: 'moving', dice: [3, 3], ladder: { die: 3, moves: 2, passed: true } });
    const { state, played } = playOn(rolled, (s) => gameOf(s).turn.ladder === undefined);
    expect(played.map((p) => `${p.seat}:${p.dice}`)).toEqual(['1:3-3', '1:4-4', '1:5-5', '1:6-6']);
    expect(gameOf(state).turn).toMatchObject({ seat: 1, stage: 'decide' });
    expect(gameOf(state).turnsPlayed).toEqual([4, 3]); // Bob's passed rungs were not a turn of his
  });
});

/** Drives a whole match with random dice and random legal plays; returns every state reached. */
function randomMatch(variant: 'plakoto' | 'gulbara', seed: number): MatchState[] {
  const rng = mulberry32(seed);
  const dice = { die: () => rollDie(rng) };
  // The cube is on so that each roll waits for a command; this driver never doubles.
  let current: MatchState | undefined = started({ variant, doubling: true }, [6, 1]);
  let state;
  const states: MatchState[] = [];
  for (let i = 0; i < 3000 && current && current.phase === 'playing'; i++) {
    states.push(current);
    const seat = seatToAct(current)!;
    const game = gameOf(current);
    const by = seatIds[seat];
    let command;
    if (game.turn.stage === 'moving') {
      const plays = legalPlays(positionOf(current.settings, game), game.turn.dice!, turnContextOf(game));
      command = { type: 'play' as const, by, move: plays[Math.floor(rng() * plays.length)]?.move ?? 'Ø' };
    } else {
      command = { type: 'roll' as const, by };
    }
    state = apply(current, command, T0, dice);
    if (!state.ok) throw new Error(`seed ${seed}: ${state.error.message}`);
    current = state.value.state;
  }
  if (current) states.push(current);
  return states;
}

describe('random complete matches of plakoto and gul bara through the reducer', () => {
  for (const variant of ['plakoto', 'gulbara'] as const) {
    it(`${variant}: every match ends, checkers are conserved, and the stored form decodes to the same match`, () => {
      const ends = new Map<string, number>();
      let ladders = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const states = randomMatch(variant, seed);
        const last = states[states.length - 1];
        expect(last.phase, `seed ${seed}`).toBe('finished');
        for (const s of states) if (s.game) for (const side of s.game.board) expect(checkerCount(side)).toBe(15);
        const end = eventsOf(last.history, 'gameEnded')[0];
        ends.set(`${end.kind}/${end.reason}`, (ends.get(`${end.kind}/${end.reason}`) ?? 0) + 1);
        ladders += last.history.filter((e, i, h) => e.type === 'played' && h[i - 1]?.type === 'played').length;
        for (const s of [states[Math.floor(states.length / 2)], last]) {
          const decoded = decodeMatch(JSON.parse(JSON.stringify(encodeMatch(s))));
          expect(decoded.ok && decoded.value, `seed ${seed}`).toEqual(s);
        }
      }
      if (variant === 'gulbara') expect(ladders, 'no ladder rung was played in 12 games').toBeGreaterThan(0);
      expect([...ends.keys()].every((k) => /^(oin|mars)\/borne-off$|^draw\/draw$/.test(k)), JSON.stringify([...ends])).toBe(true);
    });
  }
});
