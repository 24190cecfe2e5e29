/**
 * docs/rules/variants.md §6 in the catalogs: every variant of the engine's registry has a name and a rules
 * title in ru, en and ka, and `/rules` states each variant's own rule.
 */
import { describe, expect, it } from 'vitest';
import { variantOfWord } from '../../src/app/index.ts';
import { VARIANTS, type VariantId } from '../../src/engine/index.ts';
import { LANGS, RULES_TEXT_LIMIT, isMessageKey, rulesText, t, variantName, type MessageKey } from '../../src/i18n/index.ts';

const IDS = Object.keys(VARIANTS) as VariantId[];
const MATCH = { matchLength: 3, doubling: false, crawford: false, clock: { kind: 'none' } };

describe('docs/rules/variants.md §6: the variants in every language', () => {
  it('every variant in the registry has a name and a rules title in the catalogs', () => {
    for (const id of IDS) {
      expect(isMessageKey(`variant.${id}`), `variant.${id}`).toBe(true);
      expect(isMessageKey(`rules.${id}.title`), `rules.${id}.title`).toBe(true);
      for (const lang of LANGS) expect(variantName(lang, id)).toBe(t(lang, `variant.${id}` as MessageKey));
    }
  });

  const own: Partial<Record<VariantId, MessageKey[]>> = {
    nackgammon: ['rules.nackgammon.start', 'rules.short.score'],
    hypergammon: ['rules.hypergammon.start', 'rules.short.score'],
    longgammon: ['rules.longgammon.start'],
    suddenDeath: ['rules.suddenDeath.rule', 'rules.suddenDeath.score', 'rules.resign'],
    nuclear: ['rules.nuclear.rule', 'rules.short.score'],
    tavla: ['rules.tavla.opening', 'rules.tavla.rule', 'rules.tavla.score', 'rules.cube.off', 'rules.resign.offerMars'],
  };
  for (const [id, keys] of Object.entries(own) as [VariantId, MessageKey[]][]) {
    it(`${id}: /rules states its own rules, within the length limit, in every language`, () => {
      for (const lang of LANGS) {
        const text = rulesText(lang, id, {}, MATCH);
        expect(text.split('\n')[0]).toBe(t(lang, `rules.${id}.title` as MessageKey));
        for (const key of keys) expect(text, `${lang} ${key}`).toContain(t(lang, key));
        expect(text.length).toBeLessThanOrEqual(RULES_TEXT_LIMIT);
        expect(text).not.toMatch(/\{[A-Za-z]+[|}]/);
        expect(text, 'no Caucasian option outside short nardy').not.toContain(t(lang, 'rules.short.international'));
      }
    });
  }

  it('sudden death offers no mars or koks on resigning, and tavla no koks', () => {
    for (const lang of LANGS) {
      expect(rulesText(lang, 'suddenDeath', {}, MATCH)).not.toContain(t(lang, 'rules.resign.offerMars'));
      expect(rulesText(lang, 'suddenDeath', {}, MATCH)).not.toContain(t(lang, 'rules.short.score'));
      expect(rulesText(lang, 'tavla', {}, MATCH)).not.toContain(t(lang, 'rules.resign.offerKoks'));
    }
  });

  it('a command names a variant by id, alias or its name in any language', () => {
    expect(variantOfWord('tavla')).toBe('tavla');
    expect(variantOfWord('Тавла')).toBe('tavla');
    expect(variantOfWord('თავლა')).toBe('tavla');
    expect(variantOfWord('nack')).toBe('nackgammon');
    expect(variantOfWord('гипергаммон')).toBe('hypergammon');
    expect(variantOfWord('suddendeath')).toBe('suddenDeath');
    expect(variantOfWord('короткие')).toBe('short');
    expect(variantOfWord('nardy')).toBe('long');
    expect(variantOfWord('3')).toBeUndefined();
    // The help's examples, in each language, name real variants.
    for (const word of ['tavla', 'nackgammon', 'hypergammon', 'longgammon', 'nuclear', 'sudden', 'тавла', 'нэкгаммон', 'гипергаммон', 'лонггаммон', 'თავლა', 'ნეკგემონი', 'ჰიპერგემონი', 'ლონგგემონი']) {
      expect(variantOfWord(word), word).toBeDefined();
    }
    expect([variantOfWord('ядерный'), variantOfWord('ბირთვული')]).toEqual(['nuclear', 'nuclear']);
    expect([variantOfWord('внезапная'), variantOfWord('უეცარი')]).toEqual(['suddenDeath', 'suddenDeath']);
  });

  it('the help of every language names every variant, each by a word a command understands', () => {
    for (const lang of LANGS) {
      const list = /\/nardy short — [^;]+; \/nardy ([^—]+) —/.exec(t(lang, 'help'));
      expect(list, lang).not.toBeNull();
      const words = list![1].split(/,\s*|\s+(?:or|или|ან)\s+/).map((w) => w.trim()).filter(Boolean);
      const named = new Set(['long', 'short', ...words.map((w) => variantOfWord(w))]);
      expect(named.has(undefined), `${lang}: ${words.join(' | ')}`).toBe(false);
      expect([...named].sort(), lang).toEqual([...IDS].sort());
    }
  });

  it('tavla says "no doubling cube" once, with or without the match settings', () => {
    for (const lang of LANGS) {
      for (const settings of [MATCH, undefined]) {
        const text = rulesText(lang, 'tavla', {}, settings);
        expect(text.split(t(lang, 'rules.cube.off')).length - 1, `${lang} ${settings ? 'match' : 'no settings'}`).toBe(1);
      }
    }
  });
});
