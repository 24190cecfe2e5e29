/**
 * Issue #51 item 4: the idea behind the better play of a long-nardy mistake, on positions built by
 * hand — a block built, a block broken, the head, a checker got out from behind a block, a checker
 * left behind, points held, the race, the bear-off — each said in English, Russian and Georgian; silence where no feature tells the
 * plays apart or the first that does favours the play made; the block read as the net reads it.
 */
import { describe, expect, it } from 'vitest';
import { ExpertScratch, expertInputs } from '../../src/ai/features.ts';
import { blockInWay, ideaText, pointsText, reviewIdea, type Idea } from '../../src/app/review-ideas.ts';
import { VARIANTS, legalPlays, parsePlay, startBoard, type Board, type Dice, type Position } from '../../src/engine/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { board } from '../game/fixture.ts';

/** The idea behind `better` over `played`, both written plays of `dice` from `before` (mover first). */
function ideaOf(before: Board, dice: Dice, played: string, better: string, variant: 'long' | 'short' = 'long'): Idea | undefined {
  const position: Position = { variant, board: before };
  const a = parsePlay(played, position, dice), b = parsePlay(better, position, dice);
  if (!a.ok) throw new Error(a.error.message);
  if (!b.ok) throw new Error(b.error.message);
  return reviewIdea(position, a.value.board, b.value.board);
}

const say = (idea: Idea | undefined) => (idea ? (['en', 'ru', 'ka'] as const).map((lang) => ideaText(idea, lang)) : undefined);

/** The opponent still all on its head (my point 12): every point of mine but 12 is in its way. */
const HEAD_ONLY = [[24, 15]] as const;

describe('#51: the idea behind the better play in long nardy', () => {
  it('a block built: 19/13 with the head checker makes five in a row, 24/17 only keeps four', () => {
    const before = board([[24, 9], [20, 1], [19, 1], [17, 1], [16, 1], [15, 1], [14, 1]], HEAD_ONLY);
    const idea = ideaOf(before, [6, 1], '24/17', '24/23 19/13');
    expect(idea).toEqual({ kind: 'blockBuilt', n: 5, points: [17, 16, 15, 14, 13] });
    expect(say(idea)).toEqual([
      '💡 The better play builds a block of 5 points (13–17).',
      '💡 Лучший ход строит блок из 5 полей (13–17).',
      '💡 უკეთესი სვლა აშენებს 5 ველის ღობეს (13–17).',
    ]);
  });

  it('a block broken: 17/13 breaks the five the better play keeps', () => {
    const before = board([[24, 8], [20, 1], [17, 1], [16, 1], [15, 1], [14, 1], [13, 1], [9, 1]], HEAD_ONLY);
    const idea = ideaOf(before, [4, 1], '24/23 17/13', '24/23 20/16');
    expect(idea).toEqual({ kind: 'blockKept', n: 5, points: [17, 16, 15, 14, 13] });
    expect(say(idea)).toEqual([
      '💡 The better play keeps the block of 5 points (13–17); the play made breaks it.',
      '💡 Лучший ход сохраняет блок из 5 полей (13–17); сыгранный ход его разбивает.',
      '💡 უკეთესი სვლა ინარჩუნებს 5 ველის ღობეს (13–17); ნათამაშები სვლა მას არღვევს.',
    ]);
  });

  it('the head: the better play takes its one checker off the head, the play made none', () => {
    const before = board([[24, 10], [18, 1], [11, 1], [10, 1], [5, 1], [3, 1]], HEAD_ONLY);
    const idea = ideaOf(before, [3, 2], '11/8 10/8', '24/21 18/16');
    expect(idea).toEqual({ kind: 'head', n: 1 });
    expect(say(idea)).toEqual([
      '💡 The better play takes a checker from the head.',
      '💡 Лучший ход снимает шашку с головы.',
      '💡 უკეთესი სვლით თავიდან ქვა გადადის.',
    ]);
    // 24/23 beside 22 is three in a row with the head, but the head is a stack, not a block built: the idea is the head.
    expect(ideaOf(board([[24, 13], [22, 1], [13, 1]], HEAD_ONLY), [3, 1], '22/21 13/10', '24/23 13/10')).toEqual({ kind: 'head', n: 1 });
  });

  it('the head on a first turn: 6-6 lets two checkers off the head, and the sentence counts them', () => {
    const start = startBoard(VARIANTS.long);
    const position: Position = { variant: 'long', board: start };
    const plays = legalPlays(position, [6, 6], { firstTurn: true });
    const two = plays.find((p) => p.board[0][24] === 13)!;
    expect(two, 'the first-turn exception lets two checkers leave').toBeDefined();
    // A play with one checker off is not legal here; the boards alone tell what the idea would be.
    const one = board([[24, 14], [18, 1]], [[24, 15]]);
    expect(reviewIdea(position, one, two.board)).toEqual({ kind: 'head', n: 2 });
    expect(ideaText({ kind: 'head', n: 2 }, 'ru')).toBe('💡 Лучший ход снимает с головы 2 шашки.');
    expect(ideaText({ kind: 'head', n: 2 }, 'en')).toBe('💡 The better play takes 2 checkers from the head.');
  });

  it('behind a block: the better play jumps the opponent\'s five; the play made leaves the checker behind it (and its head checker does not outrank that)', () => {
    // The opponent holds my points 4–8 (its 16–20); my checker on 9 is behind that block.
    const opponent = [[16, 1], [17, 1], [18, 1], [19, 1], [20, 1], [24, 10]] as const;
    const before = board([[24, 6], [13, 3], [11, 2], [9, 1], [3, 3]], opponent);
    const idea = ideaOf(before, [6, 3], '24/18 13/10', '13/10 9/3');
    expect(idea).toEqual({ kind: 'escape', out: 1, n: 5, points: [8, 7, 6, 5, 4] });
    expect(say(idea)).toEqual([
      '💡 The better play gets a checker out from behind the opponent\'s block of 5 points (4–8).',
      '💡 Лучший ход выводит шашку из-за блока соперника из 5 полей (4–8).',
      '💡 უკეთესი სვლით ქვა გადის მოწინააღმდეგის 5 ველის ღობის (4–8) იქით.',
    ]);
  });

  it('a checker left behind: the better play brings up the lone checker on 20, the play made plays at home', () => {
    // The opponent on my 16, 13 and 12 (its 4, 1 and 24): my checker on 20 still has to pass them.
    const before = board([[20, 1], [9, 4], [8, 4], [6, 3], [5, 3]], [[4, 5], [1, 5], [24, 5]]);
    const idea = ideaOf(before, [4, 2], '9/5 8/6', '20/14');
    expect(idea).toEqual({ kind: 'straggler', point: 20 });
    expect(say(idea)).toEqual([
      '💡 The better play brings up the checker left behind on point 20.',
      '💡 Лучший ход подтягивает отставшую шашку с поля 20.',
      '💡 უკეთესი სვლა წინ სწევს ჩამორჩენილ ქვას (ველი 20).',
    ]);
  });

  it('points held: both take one checker from the head, the better play spreads over two more points', () => {
    const before = board([[24, 12], [20, 1], [17, 2]], HEAD_ONLY);
    const idea = ideaOf(before, [4, 3], '24/17', '24/21 17/13');
    expect(idea).toEqual({ kind: 'points', n: 2 });
    expect(say(idea)).toEqual([
      '💡 The better play holds 2 more points.',
      '💡 Лучший ход занимает на 2 поля больше.',
      '💡 უკეთესი სვლით 2 ველით მეტია დაკავებული.',
    ]);
  });

  it('the race: 13/10 gets past the last opposing checker into a race it leads; 6/4 6/5 stays in contact', () => {
    // Ten of mine borne off; the opponent's fifteen on its points 2–12 (my 14–24), still to pass my 13.
    const before = board([[13, 1], [6, 2], [5, 1], [3, 1], [0, 10]], [[2, 3], [4, 3], [6, 3], [10, 3], [12, 3]]);
    const idea = ideaOf(before, [2, 1], '6/4 6/5', '13/10');
    expect(idea).toEqual({ kind: 'race', pips: 102 - 30 });
    expect(say(idea)).toEqual([
      '💡 The better play ends the contact: a pure race with a lead of 72 pips.',
      '💡 Лучший ход выходит в чистую гонку с преимуществом в 72 пипса.',
      '💡 უკეთესი სვლის შემდეგ წმინდა რბოლაა, 72 პიპსის უპირატესობით.',
    ]);
  });

  it('the race the other way: behind in pips, the better play keeps the contact that 13/10 would end', () => {
    const before = board([[13, 1], [6, 5], [5, 5], [4, 4]], [[2, 5], [3, 5], [4, 5]]);
    const idea = ideaOf(before, [2, 1], '13/10', '6/4 6/5');
    expect(idea).toEqual({ kind: 'contact', pips: 81 - 45 });
    expect(say(idea)).toEqual([
      '💡 The better play keeps the contact while 36 pips behind in the race.',
      '💡 Лучший ход сохраняет контакт при отставании в гонке на 36 пипсов.',
      '💡 უკეთესი სვლა კონტაქტს ინარჩუნებს რბოლაში 36 პიპსით ჩამორჩენისას.',
    ]);
    // Ending the contact while behind is not explained by the race: nothing is said.
    expect(ideaOf(before, [2, 1], '6/4 6/5', '13/10')).toBeUndefined();
  });

  it('the bear-off: in the race, the better play bears off two checkers where the play made bears off one', () => {
    const before = board([[6, 1], [5, 2], [1, 2], [0, 10]], [[3, 5], [2, 5], [1, 5]]);
    const idea = ideaOf(before, [6, 5], '6/1 5/off', '6/off 5/off');
    expect(idea).toEqual({ kind: 'bearOff', n: 1 });
    expect(say(idea)).toEqual([
      '💡 The better play bears off 1 more checker.',
      '💡 Лучший ход выбрасывает на 1 шашку больше.',
      '💡 უკეთესი სვლით 1 ქვით მეტი ამოიღება.',
    ]);
  });

  it('says nothing when no feature tells the plays apart, or the first that does favours the play made', () => {
    const before = board([[24, 10], [18, 1], [11, 1], [10, 1], [5, 1], [3, 1]], HEAD_ONLY);
    // Both take one checker from the head and build nothing: no idea to name.
    expect(ideaOf(before, [3, 2], '24/21 11/9', '24/21 10/8')).toBeUndefined();
    // The head is in the play made's favour: the reason is elsewhere, so none is given.
    expect(ideaOf(before, [3, 2], '24/21 18/16', '11/8 10/8')).toBeUndefined();
    // The block broken the other way round: the better play breaks the five — not "builds".
    const five = board([[24, 8], [20, 1], [17, 1], [16, 1], [15, 1], [14, 1], [13, 1], [9, 1]], HEAD_ONLY);
    expect(ideaOf(five, [4, 1], '24/23 20/16', '24/23 17/13')).toBeUndefined();
  });

  it('short nardy has no idea line (the issue asks for long nardy)', () => {
    const start = startBoard(VARIANTS.short);
    expect(ideaOf(start, [3, 1], '24/21 24/23', '8/5 6/5', 'short')).toBeUndefined();
  });

  it('a run across the corner reads from its start on the route', () => {
    expect(pointsText([2, 1, 24, 23])).toBe('23–24, 1–2');
    expect(pointsText([17, 16, 15, 14, 13])).toBe('13–17');
    expect(pointsText([1, 24, 23])).toBe('23–24, 1');
  });

  it('the block is the run the net\'s wall input measures (src/ai/features.ts), on positions of random play', () => {
    const rng = mulberry32(51);
    const scratch = new ExpertScratch();
    let position: Position = { variant: 'long', board: startBoard(VARIANTS.long) };
    let checked = 0;
    for (let turn = 0; turn < 400; turn++) {
      const dice: Dice = [1 + Math.floor(rng() * 6), 1 + Math.floor(rng() * 6)];
      const plays = legalPlays(position, dice, { firstTurn: turn < 2 });
      const after = plays.length === 0 ? position.board : plays[Math.floor(rng() * plays.length)].board;
      // The generator's layout: the side that has just moved at 0..25, the side to roll at 26..51.
      const b = Int8Array.from([...after[0], ...after[1]]);
      const v = expertInputs(b, 0, false, scratch);
      expect(blockInWay(after[0], after[1]).n).toBe(Math.round(v[0] * 6));
      expect(blockInWay(after[1], after[0]).n).toBe(Math.round(v[3] * 6));
      checked++;
      if (after[0][0] === 15) position = { variant: 'long', board: startBoard(VARIANTS.long) };
      else position = { variant: 'long', board: [after[1].slice(), after[0].slice()] };
    }
    expect(checked).toBe(400);
  });
});
