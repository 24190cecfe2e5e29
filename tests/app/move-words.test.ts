/**
 * Issue 16: what counts as a typed move (move-words.ts). A play is known by its form, a cube or
 * dice action by its word in any of the three languages — the button's label included.
 */
import { describe, expect, it } from 'vitest';
import { readTypedMove } from '../../src/app/move-words.ts';
import { LANGS, t } from '../../src/i18n/index.ts';

describe('issue 16: typed moves are plays in notation or action words', () => {
  it.each(['24/18 13/11', '24-18', 'bar/22', '6/off', '8/4(2)', '13/7*/5', '25/22 6/0'])('%j is a play, kept as typed', (text) => {
    expect(readTypedMove(text)).toEqual({ kind: 'play', text });
  });

  it.each([
    ['roll', 'roll'], ['бросок', 'roll'], ['Бросить', 'roll'], ['გაგორება', 'roll'],
    ['double', 'double'], ['удвоить', 'double'], ['дабл', 'double'], ['გაორმაგება', 'double'],
    ['take', 'take'], ['Беру!', 'take'], ['принять', 'take'], ['ვიღებ', 'take'],
    ['pass', 'pass'], ['пас', 'pass'], ['не  беру', 'pass'], ['сдаю', 'pass'], ['არ ვიღებ', 'pass'],
    ['beaver', 'beaver'], ['бобёр', 'beaver'], ['Бивер', 'beaver'],
  ])('%j is the action %s', (text, action) => {
    expect(readTypedMove(text)).toEqual({ kind: 'action', action });
  });

  it('every cube and dice button\'s label, typed without its emoji, is its action', () => {
    for (const lang of LANGS) {
      for (const action of ['roll', 'double', 'take', 'pass', 'beaver'] as const) {
        const label = t(lang, `button.${action}`).replace(/^[^\p{L}]+/u, '');
        expect(readTypedMove(label), `${lang} ${label}`).toEqual({ kind: 'action', action });
      }
    }
  });

  it.each(['', '-', 'none', 'привет', 'хороший ход', '6 is a good number', '12:30', 'дубль', '7/12'])('%j is no move (talk, or a dash)', (text) => {
    expect(readTypedMove(text)).toBeUndefined();
  });
});
