/**
 * Plural forms (issue 22): a word after a number takes the form `Intl.PluralRules` chooses —
 * Russian one/few/many, English one/other, Georgian the singular after every numeral — both
 * through `plural` and through `{n|form|…}` in a catalog text.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGS, LANGS, plural, t, type Lang, type MessageKey } from '../../src/i18n/index.ts';

const KEYS = Object.keys(CATALOGS.en) as MessageKey[];
const POINTS_RU = ['очко', 'очка', 'очков'];

describe('plural: a number and its word', () => {
  it.each([
    [1, '1 очко'], [2, '2 очка'], [3, '3 очка'], [4, '4 очка'], [5, '5 очков'], [11, '11 очков'], [12, '12 очков'],
    [14, '14 очков'], [21, '21 очко'], [22, '22 очка'], [25, '25 очков'], [0, '0 очков'], [101, '101 очко'], [111, '111 очков'],
  ])('ru %i → %s', (n, text) => {
    expect(plural('ru', n, POINTS_RU)).toBe(text);
  });

  it('ru: a fraction takes the form of few ("1,5 очка")', () => {
    expect(plural('ru', 1.5, POINTS_RU)).toBe('1.5 очка');
  });

  it.each([[1, '1 point'], [0, '0 points'], [2, '2 points'], [21, '21 points']])('en %i → %s', (n, text) => {
    expect(plural('en', n, ['point', 'points'])).toBe(text);
  });

  it.each([1, 2, 5, 21])('ka %i keeps the singular', (n) => {
    expect(plural('ka', n, ['ქულა'])).toBe(`${n} ქულა`);
  });
});

describe('{n|form|…} in the catalogs', () => {
  it('fills a plural placeholder with the number and its form', () => {
    expect(t('ru', 'result.game', { winner: 'Нино', kind: 'марс', points: 2 })).toBe('Нино выигрывает партию: марс, 2 очка.');
    expect(t('ru', 'result.game', { winner: 'Нино', kind: 'кокс', points: 5 })).toBe('Нино выигрывает партию: кокс, 5 очков.');
    expect(t('ru', 'result.game', { winner: 'Нино', kind: 'оин', points: 21 })).toBe('Нино выигрывает партию: оин, 21 очко.');
    expect(t('en', 'result.game', { winner: 'Nino', kind: 'oin', points: 1 })).toBe('Nino wins the game: oin, 1 point.');
    expect(t('en', 'result.game', { winner: 'Nino', kind: 'mars', points: 2 })).toBe('Nino wins the game: mars, 2 points.');
    expect(t('ka', 'result.game', { winner: 'ნინო', kind: 'მარსი', points: 2 })).toBe('ნინო იგებს პარტიას: მარსი, 2 ქულა.');
    expect(t('ru', 'clock.correspondence', { days: 3 })).toBe('3 дня на ход');
    expect(t('ru', 'button.clock.days', { days: 7 })).toBe('7 дней');
    expect(t('ru', 'button.clock.days', { days: 1 })).toBe('1 день');
    expect(t('en', 'button.clock.days', { days: 1 })).toBe('1 day');
    expect(t('ka', 'button.clock.days', { days: 3 })).toBe('3 დღე');
    expect(t('ru', 'vacation.off', { n: 3 })).toBe('С возвращением! Отпуск выключен в 3 ваших партиях.');
    expect(t('ru', 'vacation.off', { n: 1 })).toBe('С возвращением! Отпуск выключен в 1 вашей партии.');
  });

  it('leaves a missing count visible and takes the last form for a value that is not a number', () => {
    expect(t('ru', 'button.clock.days')).toBe('{days|день|дня|дней}');
    expect(t('en', 'button.clock.days', { days: 'x' })).toBe('x days');
  });

  it('no text writes a count the old way ("очков: 2", "дней: 3")', () => {
    for (const key of KEYS) expect(CATALOGS.ru[key], key).not.toMatch(/(очков|дней|ходов|партиях?): \{/);
  });

  const FORMS: Record<Lang, number> = { en: 2, ru: 3, ka: 1 };
  it.each(LANGS)('every plural placeholder in %s lists the forms its language has', (lang) => {
    for (const key of KEYS) {
      for (const m of CATALOGS[lang][key].matchAll(/\{[A-Za-z0-9]+\|([^{}]*)\}/g)) {
        const forms = m[1].split('|');
        expect(forms.length, `${key}: ${m[0]}`).toBe(FORMS[lang]);
        for (const form of forms) expect(form.trim(), key).not.toBe('');
      }
    }
  });
});
