/**
 * One word per concept (issue #49 item 1): each catalog's header names its terms, and the words
 * it bans — word-for-word translations, a second word for the same thing, a case ending glued onto
 * a name — appear in none of its texts (the club's included).
 */
import { describe, expect, it } from 'vitest';
import { variantOfWord } from '../../src/app/variant-words.ts';
import { CATALOGS, type MessageKey } from '../../src/i18n/index.ts';

const KEYS = Object.keys(CATALOGS.en) as MessageKey[];

/** Each banned pattern with why it is banned. */
const BANNED: Record<'ru' | 'ka', readonly (readonly [RegExp, string])[]> = {
  ru: [
    [/пункт/i, 'a point is «поле», pips are «пипсы»'],
    [/кубик/i, 'a die is «кость»'],
    [/обязательств/i, 'the published commitment is «хеш»'],
    [/отпечат/i, 'the published commitment is «хеш»'],
    [/зерн/i, 'a seed is «сид»'],
    [/уровень значимости|значимост/i, 'a p-value is not a significance level'],
    [/сдавайте|хуже сдачи/i, 'the answer to a double is «пас»'],
    [/внезапн[а-я]* смерт/i, 'the variant is «выстрел наповал»'],
    [/брал\(а\)|\([ао]\)\b/i, 'no gendered workaround around a name'],
    [/↩️ Отменить(?! шаг)/, 'the Undo button reads «↩️ Отменить шаг»'],
    [/\d\.\d/, 'a decimal comma: 0,08'],
    [/npm |nardy -- /, 'no developer command in a player\'s text'],
  ],
  ka: [
    [/თესლ/, 'a seed is სიდი'],
    [/ვალდებულ/, 'the published commitment is ჰეში'],
    [/ანაბეჭდ/, 'the published commitment is ჰეში'],
    [/მნიშვნელოვნება/, 'a p-value is not significance'],
    [/\}-მა|\}-ს/u, 'no case ending glued onto a placeholder (a number may take -ით, -მდე)'],
    [/თავლა/, 'the variant is ტავლა'],
    [/უფროს/, 'the higher die is "უფრო დიდი"'],
    [/ისვლ/, 'not a standard verb form'],
    [/თავისი|თავის (?!წესი)/, 'own is საკუთარი'],
    [/\d\.\d/, 'a decimal comma: 0,08'],
    [/npm |nardy -- /, 'no developer command in a player\'s text'],
  ],
};

describe('#49: one word per concept, in every text of a catalog', () => {
  for (const lang of ['ru', 'ka'] as const) {
    for (const [pattern, why] of BANNED[lang]) {
      it(`${lang}: no ${pattern.source} (${why})`, () => {
        const found = KEYS.filter((k) => pattern.test(CATALOGS[lang][k])).map((k) => `${k}: ${CATALOGS[lang][k].slice(0, 80)}`);
        expect(found).toEqual([]);
      });
    }
  }

  it('pips in Russian take their plural form, and in Georgian are პიპსი', () => {
    expect(CATALOGS.ru['luck.player']).toMatch(/\{pips\|пипс\|пипса\|пипсов\}/);
    expect(CATALOGS.ka['luck.player']).toMatch(/\{pips\} პიპსი/);
  });

  it('no catalog shows a developer command to a player', () => {
    for (const lang of ['en', 'ru', 'ka'] as const) {
      const found = KEYS.filter((k) => /npm run|-- verify/.test(CATALOGS[lang][k]));
      expect(found, lang).toEqual([]);
    }
  });

  it('the seed pages\' names of the variants are understood, and the old words still are', () => {
    expect(['наповал', 'выстрел наповал', 'внезапная', 'накгаммон', 'нэкгаммон', 'ტავლა', 'თავლა'].map(variantOfWord))
      .toEqual(['suddenDeath', 'suddenDeath', 'suddenDeath', 'nackgammon', 'nackgammon', 'tavla', 'tavla']);
  });
});
