/**
 * src/app/views.ts (issue 16): the board stays put — one colour at the bottom for the whole game,
 * the challenger's on a shared board and the viewer's own on a private one — and a double offered
 * shows the cube on its way to the taker, the pass confirmation saying what passing loses.
 */
import { describe, expect, it } from 'vitest';
import { boardView } from '../../src/app/index.ts';
import { legalPlays } from '../../src/engine/index.ts';
import { positionOf, seatToAct, turnContextOf, type ChallengeInput, type MatchState } from '../../src/game/index.ts';
import { t } from '../../src/i18n/index.ts';
import { ANN, BOB, T0, challenge, step } from '../game/fixture.ts';

const PLAYERS = [ANN, BOB];

/** Ann challenges Bob playing `colour`; the opening throw 3-1 goes to White. */
function opened(settings: ChallengeInput['settings'] & { colour: 'white' | 'black' }): MatchState {
  return step(challenge({ variant: 'short', ...settings }), { type: 'accept', by: BOB }, [3, 1]);
}

/** The side to act plays its first legal play (rolling first when it must: `faces`). */
function playOn(s: MatchState, faces: readonly number[]): MatchState {
  const id = (): string => s.players[seatToAct(s)!]!.id;
  if (s.game!.turn.stage === 'decide') s = step(s, { type: 'roll', by: id() }, faces);
  const plays = legalPlays(positionOf(s.settings, s.game!), s.game!.turn.dice!, turnContextOf(s.game!));
  return step(s, { type: 'play', by: id(), move: plays[0].move });
}

/** Ann (White) opened with 3-1; Bob is at his cube decision and doubles. */
function bobDoubled(settings: ChallengeInput['settings'] = {}): MatchState {
  const s = playOn(opened({ ...settings, colour: 'white' }), []);
  return step(s, { type: 'double', by: BOB.id });
}

const view = (s: MatchState, viewer?: 0 | 1) => boardView(s, 1, 'en', T0, {}, viewer).picture.view;
const askPass = (s: MatchState, lang: 'en' | 'ru' | 'ka' = 'en') => boardView(s, 1, lang, T0, { confirm: 'pass' });

describe('issue 16: a board that stays put', () => {
  it.each(['white', 'black'] as const)('a shared board keeps the challenger\'s colour (%s) at the bottom whoever is to move', (colour) => {
    let s = opened({ colour });
    const bottoms = [];
    for (const faces of [[], [6, 5], [4, 2], [5, 3]]) {
      bottoms.push([view(s)?.bottom, seatToAct(s)]);
      s = playOn(s, faces);
    }
    expect(bottoms.map(([, seat]) => seat)).toEqual([0, 1, 0, 1]);
    expect(bottoms.map(([bottom]) => bottom)).toEqual([colour, colour, colour, colour]);
  });

  it('a private board shows its viewer\'s own colour at the bottom; the numbers stay the mover\'s', () => {
    const s = playOn(opened({ colour: 'black' }), []);
    expect([view(s, 0)?.bottom, view(s, 1)?.bottom]).toEqual(['white', 'black']);
    expect([view(s, 0)?.numbers, view(s, 1)?.numbers]).toEqual([undefined, undefined]);
  });

  it('the result picture keeps the orientation of the game', () => {
    const s = step(bobDoubled(), { type: 'pass', by: ANN.id });
    expect(s.game!.ended).not.toBeNull();
    expect(view(s)?.bottom).toBe('white');
  });
});

describe('issue 16: a double offered', () => {
  it('the picture shows the cube at its new value going to the taker; taken, it is the taker\'s', () => {
    const s = bobDoubled();
    expect(boardView(s, 1, 'en', T0).picture.cube).toEqual({ value: 1, owner: null, offered: { value: 2, to: 'white' } });
    const taken = step(s, { type: 'take', by: ANN.id }, [6, 5]);
    expect(boardView(taken, 1, 'en', T0).picture.cube).toEqual({ value: 2, owner: 'white' });
  });

  it('after a beaver the cube offered is four times, going to the beaverer', () => {
    const s = step(bobDoubled({ beaver: true }), { type: 'beaver', by: ANN.id });
    expect(boardView(s, 1, 'en', T0).picture.cube).toEqual({ value: 1, owner: null, offered: { value: 4, to: 'white' } });
  });

  it('the pass confirmation says what passing loses, in the caption and on the button', () => {
    const v = askPass(bobDoubled());
    expect(v.caption).toContain('Pass? You lose this game and 1 point.');
    expect(v.buttons.map((row) => row.map((b) => b.label))).toEqual([['Pass: you lose 1 point'], [t('en', 'button.back')]]);
    expect(askPass(bobDoubled(), 'ru').buttons[0][0].label).toBe('Пас: вы теряете 1 очко');
    expect(askPass(bobDoubled(), 'ka').buttons[0][0].label).toBe('არ ვიღებ: კარგავთ 1 ქულას');
  });

  it('after a beaver the doubler who passes loses twice the cube before the double', () => {
    const s = step(bobDoubled({ beaver: true }), { type: 'beaver', by: ANN.id });
    expect(PLAYERS[seatToAct(s)!]).toBe(BOB);
    const v = askPass(s);
    expect(v.caption).toContain('You lose this game and 2 points.');
    expect(v.buttons[0][0].label).toBe('Pass: you lose 2 points');
    expect(askPass(s, 'ru').buttons[0][0].label).toBe('Пас: вы теряете 2 очка');
  });

  it('in a match the confirmation gives the score after the pass, or says the match is lost with it', () => {
    const s = bobDoubled({ matchLength: 5 });
    expect(askPass(s).caption).toContain('the match stands Ann 0 : 1 Bob.');
    expect(askPass(s, 'ru').caption).toContain('счёт матча станет Ann 0 : 1 Bob.');
    const late: MatchState = { ...s, score: [1, 4] };
    expect(askPass(late).caption).toContain('Pass? You lose this game, 1 point and the match: Ann 1 : 5 Bob.');
  });
});

describe('#47 B17: the caption of a double on offer and of a take', () => {
  const caption = (s: MatchState) => boardView(s, 1, 'en', T0).caption;

  it('a double on offer: its value and who decides, not the cube as it stood', () => {
    const s = bobDoubled();
    expect(caption(s)).toContain(t('en', 'caption.cubeOffered', { value: 2, name: 'Ann' }));
    expect(caption(s)).not.toContain(t('en', 'caption.cubeCentred', { value: 1 }));
    expect(caption(bobDoubled({ beaver: true }))).toContain(t('en', 'caption.cubeOfferedBeaver', { value: 2, name: 'Ann' }));
  });

  it('after a beaver the cube on offer is four, and the doubler decides', () => {
    const s = step(bobDoubled({ beaver: true }), { type: 'beaver', by: ANN.id });
    expect(caption(s)).toContain(t('en', 'caption.cubeOffered', { value: 4, name: 'Bob' }));
  });

  it('a take is said until the doubler has played, a hint asked between them included', () => {
    const taken = step(bobDoubled({ matchLength: 5, rated: false }), { type: 'take', by: ANN.id }, [6, 5]);
    expect(caption(taken)).toContain(t('en', 'caption.taken', { name: 'Ann', value: 2 }));
    expect(caption(taken)).toContain(t('en', 'caption.cube', { value: 2, owner: 'Ann' }));
    const hinted = step(taken, { type: 'hint', by: BOB.id });
    expect(caption(hinted)).toContain(t('en', 'caption.taken', { name: 'Ann', value: 2 }));
    expect(caption(playOn(taken, []))).not.toContain(t('en', 'caption.taken', { name: 'Ann', value: 2 }));
    const beaverTaken = step(step(bobDoubled({ beaver: true }), { type: 'beaver', by: ANN.id }), { type: 'take', by: BOB.id }, [6, 5]);
    expect(caption(beaverTaken)).toContain(t('en', 'caption.taken', { name: 'Bob', value: 4 }));
  });
});
