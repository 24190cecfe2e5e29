/**
 * Issue 19 below the messengers: who may ask for hints (`hintsAllowed`), that the advice fits an
 * alert, and the review of a whole game — long nardy included — from its stored history.
 */
import { describe, expect, it } from 'vitest';
import { adviceText } from '../../src/app/advice.ts';
import { loadComputer } from '../../src/app/computer.ts';
import { BLUNDER, reviewMatch, reviewable } from '../../src/app/review.ts';
import { legalPlays } from '../../src/engine/index.ts';
import { COMPUTER_ID, decodeMatch, encodeMatch, hintsAllowed, hintsUsed, playsOf, seatToAct, type MatchSettings, type MatchState } from '../../src/game/index.ts';
import { playTable, OPPONENT } from '../../bench/table.ts';
import { ANN, act, board, challenge, reject, started, step, withGame } from '../game/fixture.ts';

const brain = await loadComputer();

describe('issue 19: hints and reviews', () => {
  it('hints are allowed against the computer and in explicitly unrated games only', () => {
    expect(hintsAllowed(challenge({ variant: 'short', computer: 'strong' }, undefined, null))).toBe(true);
    const people = challenge({ variant: 'short' });
    expect(hintsAllowed(people)).toBe(false);
    const unrated = { ...people, settings: { ...people.settings, rated: false } as MatchSettings };
    expect(hintsAllowed(unrated)).toBe(true);
  });

  it('a hint is recorded for the seat that asked, moves nothing, survives the codec, and a game between people refuses it', () => {
    const vsComputer = step(challenge({ variant: 'short', computer: 'strong' }, undefined, null), { type: 'accept', by: { id: COMPUTER_ID, name: 'Computer' } }, [6, 1]);
    expect(vsComputer.game!.turn).toMatchObject({ seat: 0, stage: 'moving' }); // Ann opens with 6-1
    const hinted = act(vsComputer, { type: 'hint', by: ANN.id });
    expect(hinted.events.map((e) => e.type)).toEqual(['hinted']);
    expect(hinted.state.game).toEqual(vsComputer.game);
    expect(hintsUsed(hinted.state)).toEqual([1, 0]);
    const decoded = decodeMatch(JSON.parse(JSON.stringify(encodeMatch(hinted.state))));
    expect(decoded.ok && hintsUsed(decoded.value)).toEqual([1, 0]);
    expect(reject(vsComputer, { type: 'hint', by: COMPUTER_ID }).kind).toBe('not-your-turn');
    const people = started({ variant: 'short' }, [6, 1]);
    expect(reject(people, { type: 'hint', by: ANN.id }).kind).toBe('wrong-phase');
  });

  it('the advice fits a messenger alert (200 characters) and lists legal plays, before each of the player\'s plays in long nardy, short nardy and nuclear', () => {
    for (const variant of ['long', 'short', 'nuclear'] as const) {
      const { state: end } = playTable(brain, variant, 'strong', 'random', 11);
      // Replay the finished game's positions as the human (seat 0) saw them before each of its plays.
      let asked = 0;
      for (const at of playsOf(end).filter((p) => p.seat === 0 && !p.forced).slice(0, 6)) {
        const state: MatchState = { ...end, phase: 'playing', game: { ...end.game!, board: at.board, ended: null, turn: { seat: 0, stage: 'moving', dice: at.dice, steps: [] } } };
        expect(seatToAct(state)).toBe(0);
        const text = adviceText(state, 0, brain, 'en');
        expect(text.length, text).toBeLessThanOrEqual(200);
        const listed = text.split('\n').slice(1).map((line) => line.replace(/^\d\. /, '').replace(/ \([+−][\d.]+\)$/, ''));
        const legal = legalPlays(at.position, at.dice, at.context).map((p) => p.move);
        for (const move of listed) expect(legal).toContain(move);
        asked++;
      }
      expect(asked).toBeGreaterThan(2);
    }
  });

  it('before the roll the hint is the cube advice, and when doubled it is take or pass, in the asker\'s language', () => {
    const vsComputer = step(challenge({ variant: 'short', computer: 'strong' }, undefined, null), { type: 'accept', by: { id: COMPUTER_ID, name: 'Computer' } }, [6, 1]);
    // A bear-off race Ann (seat 0) wins easily: double; the computer doubling her in it: take.
    const annAhead = board([[6, 2], [0, 13]], [[6, 4], [5, 3], [0, 8]]);
    const decide = withGame(vsComputer, { board: annAhead, turn: { seat: 0, stage: 'decide', dice: null, steps: [] } });
    expect(adviceText(decide, 0, brain, 'en')).toMatch(/^💡 Double: your equity to roll is \+/);
    expect(adviceText(decide, 0, brain, 'ru')).toMatch(/^💡 Удваивайте: .*\+\d,\d{3}/);
    const doubled = withGame(vsComputer, { board: annAhead, turn: { seat: 1, stage: 'doubled', dice: null, steps: [] } });
    expect(adviceText(doubled, 0, brain, 'en')).toMatch(/^💡 Take: your equity is \+/);
    const hopeless = withGame(vsComputer, { board: board([[6, 4], [5, 3], [0, 8]], [[6, 2], [0, 13]]), turn: { seat: 1, stage: 'doubled', dice: null, steps: [] } });
    expect(adviceText(hopeless, 0, brain, 'ka')).toMatch(/^💡 არ მიიღოთ: .*−\d,\d{3}/);
    expect(adviceText(hopeless, 0, brain, 'ru')).toMatch(/^💡 Пас: .*−\d,\d{3}/);
  });

  it('reviews a long-nardy game: the human\'s plays judged, the biggest mistakes first, each better play legal', () => {
    const { state } = playTable(brain, 'long', 'strong', 'random', 5);
    expect(state.phase).toBe('finished');
    const review = reviewMatch(state, brain);
    expect(review.players.map((p) => p.seat)).toEqual([0]); // the computer's own plays are not judged
    const [human] = review.players;
    expect(human.moves).toBeGreaterThan(10);
    expect(human.meanLoss).toBeGreaterThan(0);
    expect(human.blunders).toBeGreaterThan(0); // a random player blunders
    expect(human.blunders).toBeLessThanOrEqual(human.moves);
    expect(review.mistakes).toHaveLength(3);
    for (let i = 1; i < 3; i++) expect(review.mistakes[i - 1].loss).toBeGreaterThanOrEqual(review.mistakes[i].loss);
    expect(review.mistakes[0].loss).toBeGreaterThan(BLUNDER);
    for (const m of review.mistakes) {
      expect(m.better).not.toBe(m.at.move);
      expect(legalPlays(m.at.position, m.at.dice, m.at.context).map((p) => p.move)).toContain(m.better);
      expect(state.players[m.at.seat]!.id).toBe(OPPONENT.id);
    }
  });

  it('plakoto is not reviewed (its judge has no equity); every other variant is', () => {
    expect(reviewable(challenge({ variant: 'plakoto' }))).toBe(false);
    for (const variant of ['long', 'short', 'gulbara', 'tavla'] as const) expect(reviewable(challenge({ variant }))).toBe(true);
  });
});
