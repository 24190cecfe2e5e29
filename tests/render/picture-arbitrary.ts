/**
 * Random board pictures for the render tests: positions of five variants reached by random play,
 * with random dice (some used), highlights (the last play, a checker picked), cube, clocks, names,
 * views and results.
 */
import fc from 'fast-check';
import { legalPlays, type VariantId } from '../../src/engine/index.ts';
import type { BoardPicture } from '../../src/render/index.ts';
import { diceArb, playRandomGame } from '../arbitraries.ts';

const VARIANTS_DRAWN: VariantId[] = ['short', 'long', 'plakoto', 'nackgammon', 'nuclear'];
const NAMES = ['', 'Anna', 'Анна Петровна', 'გიორგი 🎲', 'a very long name that has to be cut to fit the panel', 'x<&>"y'];

export const pictureArb: fc.Arbitrary<BoardPicture> = fc.record({
  variant: fc.constantFrom(...VARIANTS_DRAWN),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  turns: fc.integer({ min: 0, max: 150 }),
  dice: diceArb,
  used: fc.integer({ min: 0, max: 3 }),
  home: fc.constantFrom('right', 'left'),
  bottom: fc.constantFrom('turn', 'white', 'black'),
  numbers: fc.constantFrom('turn', 'white', 'black'),
  cube: fc.option(fc.record({ value: fc.constantFrom(1, 2, 4, 64, 1024), owner: fc.constantFrom(null, 'white', 'black') }), { nil: undefined }),
  names: fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...NAMES)),
  clocks: fc.option(fc.tuple(fc.nat(3_600_000), fc.nat(90_000)), { nil: undefined }),
  matchLength: fc.constantFrom(0, 0, 3, 7, 25),
  showPips: fc.boolean(),
  selectFirst: fc.boolean(),
  result: fc.option(fc.constantFrom('oin', 'mars', 'koks', 'draw'), { nil: undefined }),
}).map((r) => {
  const game = playRandomGame(r.variant, {}, r.seed, { stopAfter: r.turns + 1 });
  const last = game.records[game.records.length - 1];
  const [mover, other] = last.position.board;
  const play = last.play;
  const turn = r.result === undefined ? 'white' : null;
  const spec: BoardPicture = {
    variant: r.variant,
    board: { white: [...mover], black: [...other] },
    turn,
    view: { home: r.home, bottom: r.bottom, numbers: r.numbers },
    showPips: r.showPips,
    matchLength: r.matchLength,
    players: {
      white: { name: r.names[0], ...(r.clocks ? { clock: { msLeft: r.clocks[0] } } : {}), ...(r.matchLength ? { score: 2 } : {}) },
      black: { name: r.names[1], ...(r.clocks ? { clock: { msLeft: r.clocks[1] } } : {}) },
    },
    ...(r.cube ? { cube: r.cube } : {}),
    ...(r.variant === 'nuclear' ? { bomb: { owner: r.cube?.owner ?? null } } : {}),
  };
  if (turn === null) {
    const kind = r.result!;
    return { ...spec, result: kind === 'draw' ? { kind, winner: null, points: 0 } : { kind, winner: 'black', points: 3, matchOver: r.matchLength > 0 } } as BoardPicture;
  }
  const doubles = r.dice[0] === r.dice[1];
  const left = (doubles ? [r.dice[0], r.dice[0], r.dice[0], r.dice[0]] : [...r.dice]).slice(r.used % (doubles ? 4 : 2));
  const plays = legalPlays(last.position, r.dice, last.context);
  const selected = r.selectFirst ? plays[0]?.steps[0] : undefined;
  return {
    ...spec,
    dice: { values: r.dice, left },
    highlights: {
      ...(play ? { lastPlay: { by: 'black', steps: play.steps.map((s) => ({ from: s.from, to: s.to })) } } : {}),
      ...(selected ? { turnSteps: [{ from: selected.from, to: selected.to }], selected: { point: selected.from, destinations: plays.slice(0, 4).map((p) => p.steps[0].to) } } : {}),
    },
  } as BoardPicture;
});
