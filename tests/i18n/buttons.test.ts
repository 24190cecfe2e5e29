/**
 * Button labels a phone never cuts, by a count of letters (issue 22): every label the keyboards
 * show, in every language, is at most BUTTON_LIMITS letters for the longest row it appears on.
 * Letters are counted as `[...label]` counts them, the "✓ " of a settings button's current choice
 * with them. A count is a proxy that `npm test` can run without fonts; the measure is
 * keyboard-width.system.test.ts (`npm run test:system`), which lays every keyboard out in the
 * fonts of Telegram's Android client on a 360-dp phone.
 */
import { describe, expect, it } from 'vitest';
import { settingsMessage } from '../../src/app/texts.ts';
import { decodeToken } from '../../src/app/tokens.ts';
import { VARIANTS, type VariantId } from '../../src/engine/index.ts';
import { COMPUTER_LEVELS, createChallenge, type MatchState } from '../../src/game/index.ts';
import { BUTTON_LIMITS, LANGS, t, variantButton, type MessageKey, type MessageParams } from '../../src/i18n/index.ts';

type Row = keyof typeof BUTTON_LIMITS;
const letters = (label: string): number => [...label].length;

/**
 * Each catalog text a keyboard shows, the longest row it is on, and the values it is shown with.
 * src/app/texts.ts: challenge [accept, decline, cancel] · [play, cancel] · [settings, dice] · [join];
 * settings [long, short] · [current, other games] · [single, 3] · [5, 7] · [international] ·
 * [Caucasian] · [cube, mars, pips] · [untimed, 15+15] · [1, 3, 7 days] · [two computer levels] ·
 * [the third] · [random] · [white, black] · [rated] · [back]. src/app/board-buttons.ts: [roll,
 * double] · [detonate] · [resign, history, hint] · [dice] · [take, pass, beaver] · [hint] · [resign,
 * back] · [pass, saying what it loses] · [yes, no] · [undo, confirm] · [rematch or new match] ·
 * [history, review] · [luck, verify]. src/app/tournament/views.ts: [format, variant] · [match,
 * clock] · [players] · [join, leave] · [start, cancel] · [remove] · [refresh]. /forget [forget];
 * sweep.ts: [open the board].
 */
const ROWS: readonly (readonly [MessageKey, Row, MessageParams?, string?])[] = [
  ['button.accept', 3], ['button.decline', 3], ['button.cancel', 3], ['button.playComputer', 2], ['button.settings', 2], ['button.dice', 2], ['inline.join', 1],
  ['settings.variants', 2], ['match.single', 2, {}, '✓ '], ['match.points', 2, { n: 7 }, '✓ '],
  ['settings.international', 1, {}, '✓ '], ['settings.caucasian', 1, {}, '✓ '],
  ['settings.cube', 3, {}, '✓ '], ['settings.withMars', 3, {}, '✓ '], ['settings.showPips', 3, {}, '✓ '],
  ['button.clock.none', 2, {}, '✓ '], ['button.clock.fischer', 2, { minutes: 15, seconds: 15 }, '✓ '],
  ['button.clock.days', 3, { days: 1 }, '✓ '], ['button.clock.days', 3, { days: 3 }, '✓ '], ['button.clock.days', 3, { days: 7 }, '✓ '],
  ...COMPUTER_LEVELS.map((level) => [`computer.${level}` as MessageKey, 2 as Row, {}, '✓ '] as const),
  ['settings.random', 1, {}, '✓ '], ['side.white', 2, {}, '✓ '], ['side.black', 2, {}, '✓ '], ['settings.rated', 1, {}, '✓ '], ['button.back', 2],
  ['button.roll', 2], ['button.double', 2], ['button.detonate', 1], ['button.resign', 3], ['button.history', 3], ['button.hint', 3],
  ['button.take', 3], ['button.pass', 3], ['button.passLoses', 1, { points: 16 }], ['button.beaver', 3], ['button.yes', 2], ['button.no', 2],
  ['button.undo', 2], ['button.confirm', 2], ['button.rematch', 1], ['button.newMatch', 1], ['button.review', 2], ['button.luck', 2], ['button.verify', 2],
  ['button.tournament.knockout', 2], ['button.tournament.roundRobin', 2], ['match.points', 2, { n: 1 }], ['button.tournament.players', 1, { n: 32 }],
  ['button.tournament.join', 2], ['button.tournament.leave', 2], ['button.tournament.start', 2], ['button.tournament.cancel', 2],
  ['button.tournament.remove', 1], ['button.tournament.refresh', 1], ['forget.button', 1], ['sweep.openBoard', 1],
];

function challengeOf(variant: VariantId, computer = false): MatchState {
  const r = createChallenge({ id: 'abcd1234', by: { id: 'telegram:1', name: 'Ann' }, invitee: null, settings: { variant, ...(computer ? { computer: 'medium' } : {}) } }, 0);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

describe('BUTTON_LIMITS: no label is cut on a phone', () => {
  it('a row of more buttons never allows longer labels; five buttons get the least', () => {
    const limits = ([1, 2, 3, 4, 5] as const).map((n) => BUTTON_LIMITS[n]);
    for (let i = 1; i < limits.length; i++) expect(limits[i]).toBeLessThan(limits[i - 1]);
    expect(Math.min(...limits)).toBe(BUTTON_LIMITS[5]);
  });

  for (const lang of LANGS) {
    it(`${lang}: every button text fits the longest row it is on`, () => {
      const long = ROWS.flatMap(([key, row, params, prefix]) => {
        const label = `${prefix ?? ''}${t(lang, key, params)}`;
        return letters(label) > BUTTON_LIMITS[row] ? [`${key} (${row} a row, ${BUTTON_LIMITS[row]} letters): "${label}" has ${letters(label)}`] : [];
      });
      expect(long).toEqual([]);
    });

    it(`${lang}: every variant's button name, ticked, fits a row of two (the settings, the tournament)`, () => {
      for (const id of Object.keys(VARIANTS) as VariantId[]) {
        const label = `✓ ${variantButton(lang, id)}`;
        expect(letters(label), `${id}: "${label}"`).toBeLessThanOrEqual(BUTTON_LIMITS[2]);
      }
    });

    it(`${lang}: the settings keyboards as built, for every variant, fit (each choice counted with the ✓ it has when current)`, () => {
      for (const id of Object.keys(VARIANTS) as VariantId[]) {
        for (const computer of id === 'long' || id === 'short' ? [false, true] : [false]) {
          for (const page of ['main', 'variants'] as const) {
            for (const row of settingsMessage(challengeOf(id, computer), 1, lang, page).buttons) {
              const limit = BUTTON_LIMITS[Math.min(row.length, 5) as Row];
              for (const b of row) {
                const choice = 'token' in b ? decodeToken(b.token)?.choice : undefined;
                const label = choice?.k === 'set' ? `✓ ${b.label.replace(/^✓ /, '')}` : b.label;
                expect(letters(label), `${id} ${page} "${label}" on a row of ${row.length}`).toBeLessThanOrEqual(limit);
              }
            }
          }
        }
      }
    });
  }

  it('the clock buttons put the number first and differ from one another in every language', () => {
    for (const lang of LANGS) {
      const days = [1, 3, 7].map((d) => t(lang, 'button.clock.days', { days: d }));
      days.forEach((label, i) => expect(label, lang).toMatch(new RegExp(`^${[1, 3, 7][i]} `)));
      expect(new Set([...days, t(lang, 'button.clock.none'), t(lang, 'button.clock.fischer', { minutes: 15, seconds: 15 })]).size).toBe(5);
    }
  });
});
