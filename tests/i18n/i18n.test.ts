/**
 * The texts (issue 5: Russian, English and Georgian; STYLE.md §6 habit 10: every error kind has a
 * text in each language) and the `/rules` text (docs/rules §1–§5 with the game's options).
 */
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../src/app/index.ts';
import type { EngineError } from '../../src/engine/index.ts';
import type { GameError } from '../../src/game/index.ts';
import {
  CATALOGS, LANGS, LANG_NAMES, RULES_TEXT_LIMIT, errorText, isLang, pickLang, placeholders, rulesText, t,
  type Lang, type MessageKey, type RulesSettings,
} from '../../src/i18n/index.ts';
import type { RenderError } from '../../src/render/index.ts';
import type { StoreError } from '../../src/store/index.ts';

const KEYS = Object.keys(CATALOGS.en) as MessageKey[];

// Every error kind of every layer, written out; `satisfies` fails to compile when a union gains
// or loses a kind and the list is not updated.
const GAME_ERROR_KINDS = {
  'unknown-command': true, 'not-a-player': true, 'not-your-turn': true, 'wrong-phase': true,
  'illegal-play': true, 'invalid-notation': true, 'ambiguous-play': true, 'cube-not-available': true,
  'turn-incomplete': true, 'invalid-settings': true, 'invalid-state': true,
  'nothing-changes': true, 'too-many-changes': true,
} as const satisfies Record<GameError['kind'], true>;
const STORE_ERROR_KINDS = {
  'not-found': true, 'stale-version': true, 'already-exists': true, 'corrupt-item': true, 'too-large': true,
} as const satisfies Record<StoreError['kind'], true>;
const APP_ERROR_KINDS = {
  ...GAME_ERROR_KINDS, ...STORE_ERROR_KINDS, 'duplicate-update': true, 'game-closed': true, 'game-removed': true,
} as const satisfies Record<AppError['kind'], true>;
const ENGINE_ERROR_KINDS = {
  'invalid-notation': true, 'illegal-play': true, 'ambiguous-play': true, 'invalid-position': true,
  'invalid-dice': true, 'invalid-option': true, 'unknown-variant': true,
} as const satisfies Record<EngineError['kind'], true>;
const RENDER_ERROR_KINDS = {
  'unknown-variant': true, 'invalid-position': true, 'invalid-spec': true,
} as const satisfies Record<RenderError['kind'], true>;

const ERROR_UNIONS: Record<string, readonly string[]> = {
  GameError: Object.keys(GAME_ERROR_KINDS),
  AppError: Object.keys(APP_ERROR_KINDS),
  StoreError: Object.keys(STORE_ERROR_KINDS),
  EngineError: Object.keys(ENGINE_ERROR_KINDS),
  RenderError: Object.keys(RENDER_ERROR_KINDS),
};

/** Texts a translation may leave as in English: none so far (add proper nouns here if needed). */
// Names and numbers only (issue 17): `Anna 1512 → 1527 (+15)`, and a name before a colon; a sign and
// a parameter (`⬇️ {game}`: the game's words come from the catalog).
const SAME_AS_ENGLISH: ReadonlySet<MessageKey> = new Set(['rating.change', 'stats.title', 'button.hint', 'games.bringDown']);

/** Commands with their Latin arguments, and UTC offsets: the only Latin a translation may contain. */
const COMMANDS = /\/[a-z]+(?: (?:\[[a-z|]+\]|[a-z|]+\b|\d+-\d+ \+\d+))*|UTC[+-]\d+/g;

const TRANSLATIONS = LANGS.filter((l) => l !== 'en');

/** A text without its parameter names: `{n}` goes, `{n|очко|очка|очков}` leaves its forms to be read. */
const withoutNames = (text: string): string => text.replace(/\{[A-Za-z0-9]+(?:\|([^{}]*))?\}/g, (_, forms: string | undefined) => (forms ?? '').replace(/\|/g, ' '));

describe('issue 5: the catalogs', () => {
  it('speaks Russian, English and Georgian, each named in itself', () => {
    expect([...LANGS].sort()).toEqual(['en', 'ka', 'ru']);
    expect(LANG_NAMES).toEqual({ ru: 'Русский', en: 'English', ka: 'ქართული' });
    expect(isLang('ka')).toBe(true);
    expect(isLang('de')).toBe(false);
  });

  it.each(LANGS)('the %s catalog has exactly the English keys, each a non-empty text', (lang) => {
    const catalog = CATALOGS[lang];
    expect(Object.keys(catalog).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) expect(catalog[key].trim(), key).not.toBe('');
  });

  it.each(TRANSLATIONS)('no %s text is left in English', (lang) => {
    const same = KEYS.filter((k) => !SAME_AS_ENGLISH.has(k) && CATALOGS[lang][k] === CATALOGS.en[k]);
    expect(same).toEqual([]);
  });

  it.each(TRANSLATIONS)('every %s text uses exactly the English placeholders', (lang) => {
    const wrong = KEYS.filter((k) => placeholders(CATALOGS[lang][k]).join() !== placeholders(CATALOGS.en[k]).join());
    expect(wrong).toEqual([]);
  });

  it('Russian texts are written in Cyrillic and Georgian texts in Georgian script', () => {
    // Latin letters may appear only in commands with their arguments (/nardy short, /quiet 23-7 +3),
    // time zones (UTC+3) and placeholders.
    const scripts: Record<'ru' | 'ka', RegExp> = { ru: /[а-яё]/i, ka: /[\u10D0-\u10FF]/ };
    for (const lang of ['ru', 'ka'] as const) {
      for (const key of KEYS) {
        const text = withoutNames(CATALOGS[lang][key]).replace(COMMANDS, '');
        expect(text, `${lang} ${key}`).not.toMatch(/[A-Za-z]/);
        if (/\p{L}/u.test(text)) expect(text, `${lang} ${key}`).toMatch(scripts[lang]);
      }
    }
  });

  it('the Georgian catalog uses only modern Georgian letters (Mkhedruli), no look-alikes', () => {
    for (const key of KEYS) {
      const letters = withoutNames(CATALOGS.ka[key]).replace(COMMANDS, '').match(/\p{L}/gu) ?? [];
      const foreign = letters.filter((c) => !/[\u10D0-\u10FA]/.test(c));
      expect(foreign, key).toEqual([]);
    }
  });

  it('every text fits a Telegram photo caption (1,024 characters)', () => {
    for (const lang of LANGS) for (const key of KEYS) expect(CATALOGS[lang][key].length, `${lang} ${key}`).toBeLessThanOrEqual(1024);
  });

  it('the help names every command and both ways to challenge one person', () => {
    for (const lang of LANGS) {
      const help = t(lang, 'help');
      for (const command of ['/nardy', '/play', '/games', '/resign', '/rules', '/lang', '/help', '/vacation', '/remind', '/quiet']) expect(help, lang).toContain(command);
      expect(help, lang).toContain('@');
    }
    expect(t('en', 'help')).toMatch(/reply/i);
  });

  it('uses the players\' own words for the results: oin, mars, koks', () => {
    expect([t('ru', 'kind.oin'), t('ru', 'kind.mars'), t('ru', 'kind.koks')]).toEqual(['оин', 'марс', 'кокс']);
    expect([t('ka', 'kind.oin'), t('ka', 'kind.mars'), t('ka', 'kind.koks')]).toEqual(['ოინი', 'მარსი', 'კოქსი']);
    expect(t('ru', 'variant.long')).toBe('длинные нарды');
    expect(t('ka', 'variant.short')).toBe('მოკლე ნარდი');
  });
});

describe('t: filling in a text', () => {
  it('replaces every {name} with its parameter, numbers included', () => {
    expect(t('en', 'caption.score', { a: 'Nino', sa: 2, sb: 1, b: 'Ivan', n: 5 })).toBe('Nino 2 : 1 Ivan, match to 5');
    expect(t('ru', 'caption.turn', { name: 'Нино' })).toBe('Ходит Нино');
  });

  it('leaves a missing parameter visible as {name} and never throws', () => {
    expect(t('en', 'caption.turn')).toBe('{name} to move');
    expect(t('ka', 'caption.dice', { name: 'ნინო' })).toContain('{dice}');
  });

  it('inserts a value as given: braces in a value are not read as a template', () => {
    expect(t('en', 'caption.turn', { name: '{dice}' })).toBe('{dice} to move');
  });

  it('ignores a parameter the text does not use', () => {
    expect(t('en', 'toast.done', { name: 'x' })).toBe('Done.');
  });
});

describe('pickLang: the language from a platform code', () => {
  it.each([
    ['ru', 'ru'], ['RU', 'ru'], ['ru-RU', 'ru'], ['uk', 'ru'], ['be', 'ru'], ['kk', 'ru'], ['uz', 'ru'], ['ky', 'ru'],
    ['ka', 'ka'], ['ka-GE', 'ka'], ['KA', 'ka'], [' ka ', 'ka'],
    ['en', 'en'], ['en-US', 'en'], ['en-GB', 'en'], ['pt-br', 'en'], ['de', 'en'], ['zh_CN', 'en'], ['', 'en'], [undefined, 'en'],
  ] as const)('%s → %s', (code, lang) => {
    expect(pickLang(code)).toBe(lang);
  });
});

describe('STYLE.md §6 habit 10: every error kind has a text in ru, en and ka', () => {
  for (const [union, kinds] of Object.entries(ERROR_UNIONS)) {
    for (const kind of kinds) {
      it(`${union} '${kind}' has its own text in every language`, () => {
        for (const lang of LANGS) {
          const text = errorText(lang, { kind });
          expect(text.trim(), lang).not.toBe('');
          expect(text, lang).not.toBe(t(lang, 'error.generic'));
          expect(text, lang).not.toContain(kind);
        }
      });
    }
  }

  it('an unknown kind, or something that is not an error at all, gets the polite fallback', () => {
    for (const lang of LANGS) {
      const fallback = t(lang, 'error.generic');
      expect(errorText(lang, { kind: 'no-such-kind' })).toBe(fallback);
      expect(errorText(lang, { kind: 'toString' })).toBe(fallback);
      expect(errorText(lang, { kind: '__proto__' })).toBe(fallback);
      expect(errorText(lang, { kind: 'ambiguousWith' })).toBe(fallback);
      expect(errorText(lang, {} as { kind: string })).toBe(fallback);
    }
  });

  it('never shows internals: ids, versions and developer messages stay out', () => {
    const errors = [
      { kind: 'stale-version', id: 'g-secret-123', expected: 7, actual: 9 },
      { kind: 'corrupt-item', key: 'GAME#g-secret-123', reason: 'bad base64 at 17', message: 'bad base64 at 17' },
      { kind: 'illegal-play', input: '13/7', message: 'no legal play matches: InvariantError at generate.ts:415' },
      { kind: 'too-large', id: 'g-secret-123', bytes: 400_001, limit: 400_000 },
    ];
    for (const lang of LANGS) {
      for (const e of errors) {
        const text = errorText(lang, e);
        for (const secret of ['g-secret-123', '400001', 'base64', 'InvariantError', 'generate.ts', '7', '9']) expect(text).not.toContain(secret);
      }
    }
  });

  it('an ambiguous play lists its candidate plays, and only plain notation', () => {
    const e = { kind: 'ambiguous-play', message: 'x', candidates: ['24/18 13/11', '24/13', '<script>', 'x'.repeat(60)] };
    for (const lang of LANGS) {
      const text = errorText(lang, e);
      expect(text).toContain('24/18 13/11; 24/13');
      expect(text).not.toContain('<script>');
      expect(text).not.toContain('xxxx');
    }
    expect(errorText('en', { kind: 'ambiguous-play', candidates: [] } as { kind: string })).toBe(t('en', 'error.ambiguous-play'));
  });
});

// ---------------------------------------------------------------------------------------------
// rulesText

const LONG_DOMAIN = {
  headException: ['listed', 'computed', 'anyDouble'],
  sixBlock: ['ahead', 'inHome', 'never'],
  longScoring: ['oinMars', 'withKoks'],
  lastRoll: [false, true],
  nextGameStarter: ['winner', 'toss', 'alternate'],
  withMars: [true, false],
} as const;
const SHORT_DOMAIN = {
  gameType: ['international', 'caucasian'],
  nextGameStarter: ['toss', 'winner', 'alternate'],
  withMars: [true, false],
} as const;

const MATCH: RulesSettings = { matchLength: 5, doubling: true, crawford: true, jacoby: false, beaver: false, autoDoubleLimit: 0, clock: { kind: 'none' } };
const MONEY: RulesSettings = { matchLength: 0, doubling: true, crawford: false, jacoby: true, beaver: true, autoDoubleLimit: 8, clock: { kind: 'fischer', bankMinutes: 10, incrementSeconds: 15 } };
const SETTINGS: readonly (RulesSettings | undefined)[] = [
  undefined,
  MATCH,
  MONEY,
  { matchLength: 25, doubling: true, crawford: true, clock: { kind: 'compensation', bankMinutes: 180, delaySeconds: 120 } },
  { matchLength: 0, doubling: true, jacoby: true, beaver: true, autoDoubleLimit: 64, clock: { kind: 'correspondence', daysPerMove: 7, poolDays: 30, vacationDays: 60 } },
  { matchLength: 3, doubling: false, clock: { kind: 'correspondence', daysPerMove: 1, poolDays: 0, vacationDays: 0 } },
];

/** Every combination of a variant's option values. */
function combinations(domain: Readonly<Record<string, readonly unknown[]>>): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const [key, values] of Object.entries(domain)) out = out.flatMap((o) => values.map((v) => ({ ...o, [key]: v })));
  return out;
}

/** The catalog sentence an option value adds to the rules text (undefined: it adds none). */
const OPTION_TEXT: Record<string, Record<string, MessageKey | undefined>> = {
  headException: { listed: 'rules.long.head.listed', computed: 'rules.long.head.computed', anyDouble: 'rules.long.head.anyDouble' },
  sixBlock: { ahead: 'rules.long.block.ahead', inHome: 'rules.long.block.inHome', never: 'rules.long.block.never' },
  lastRoll: { true: 'rules.long.lastRoll', false: undefined },
  gameType: { international: 'rules.short.international', caucasian: 'rules.short.caucasian' },
  nextGameStarter: { winner: 'rules.next.winner', toss: 'rules.next.toss', alternate: 'rules.next.alternate' },
};

describe('rulesText: docs/rules §2–§5 in the player\'s language', () => {
  for (const [variant, domain] of [['long', LONG_DOMAIN], ['short', SHORT_DOMAIN]] as const) {
    for (const [option, values] of Object.entries(domain)) {
      const texts = OPTION_TEXT[option];
      if (!texts) continue;
      for (const value of values) {
        it(`${variant} ${option}=${String(value)}: its sentence is there and no other value's`, () => {
          for (const lang of LANGS) {
            const text = rulesText(lang, variant, { [option]: value }, MATCH);
            const own = texts[String(value)];
            if (own) expect(text, lang).toContain(t(lang, own));
            for (const [other, key] of Object.entries(texts)) {
              if (other !== String(value) && key) expect(text, `${lang} ${other}`).not.toContain(t(lang, key));
            }
          }
        });
      }
    }
  }

  it('stays plain text of at most 3,000 characters for every option, setting and language', () => {
    let longest = 0;
    for (const lang of LANGS) {
      for (const [variant, domain] of [['long', LONG_DOMAIN], ['short', SHORT_DOMAIN]] as const) {
        for (const options of combinations(domain)) {
          for (const settings of SETTINGS) {
            const text = rulesText(lang, variant, options, settings);
            longest = Math.max(longest, text.length);
            expect(text.length).toBeLessThanOrEqual(RULES_TEXT_LIMIT);
            expect(text).not.toMatch(/[*_`[\]<>]|\{[A-Za-z]+[|}]/);
          }
        }
      }
    }
    expect(RULES_TEXT_LIMIT).toBe(3000);
    expect(longest).toBeGreaterThan(1000);
  });

  it('§2 long nardy in English says what each option does', () => {
    const r = (o: Record<string, unknown>) => rulesText('en', 'long', o, MATCH);
    expect(r({})).toMatch(/all 15 checkers on their head/);
    expect(r({})).toMatch(/same way round/);
    expect(r({})).toMatch(/No hitting/);
    expect(r({})).toMatch(/only one checker may leave the head per turn/);
    expect(r({ headException: 'listed' })).toMatch(/first turn, 6-6, 4-4 or 3-3 lets a second checker leave the head/);
    expect(r({ headException: 'computed' })).toMatch(/first turn, a second checker may leave the head when the roll could not be played in full/);
    expect(r({ headException: 'anyDouble' })).toMatch(/any double, on any turn/);
    expect(r({ sixBlock: 'ahead' })).toMatch(/unless at least one opposing checker is already past the block/);
    expect(r({ sixBlock: 'inHome' })).toMatch(/only once at least one opposing checker has reached its home/);
    expect(r({ sixBlock: 'never' })).toMatch(/six or more points in a row .* is never allowed/);
    expect(r({ lastRoll: true })).toMatch(/one more roll.*draw/);
    expect(r({ lastRoll: false })).not.toMatch(/draw/);
    expect(r({ longScoring: 'oinMars' })).toMatch(/oin .* 1 point; mars .* 2 points/);
    expect(r({ longScoring: 'oinMars' })).not.toMatch(/koks/);
    expect(r({ longScoring: 'withKoks' })).toMatch(/koks 3 .*points 19–24/);
    expect(r({ withMars: false })).toMatch(/no mars — every win counts as one game/);
    expect(r({ withMars: false })).not.toMatch(/mars 2/);
    expect(r({ nextGameStarter: 'winner' })).toMatch(/winner of a game moves first in the next/);
    expect(r({})).not.toMatch(/bar/i);
  });

  it('§2 long nardy in Russian and Georgian uses the players\' words', () => {
    const ru = rulesText('ru', 'long', { sixBlock: 'never', longScoring: 'withKoks' });
    expect(ru).toMatch(/голов/);
    expect(ru).toMatch(/никогда нельзя/);
    expect(ru).toMatch(/оин.*марс.*кокс/s);
    const ka = rulesText('ka', 'long', { sixBlock: 'never', longScoring: 'withKoks' });
    expect(ka).toMatch(/თავ/);
    expect(ka).toMatch(/არასდროს/);
    expect(ka).toMatch(/ოინი.*მარსი.*კოქსი/s);
  });

  it('§3 short nardy in English: start, hitting, bar, Caucasian, scoring', () => {
    const r = (o: Record<string, unknown>, s: RulesSettings | undefined = MATCH) => rulesText('en', 'short', o, s);
    expect(r({})).toMatch(/2 checkers on their point 24, 5 on 13, 3 on 8 and 5 on 6/);
    expect(r({})).toMatch(/opposite directions/);
    expect(r({})).toMatch(/never a double/);
    expect(r({})).toMatch(/blot.*bar/);
    expect(r({})).toMatch(/must enter first/);
    expect(r({})).toMatch(/koks 3 .*bar or in the winner's home/);
    expect(r({ gameType: 'caucasian' })).toMatch(/Caucasian rules: a checker that hits in its own home may not/);
    expect(r({ gameType: 'international' })).not.toMatch(/Caucasian/);
    expect(r({ withMars: false })).toMatch(/no mars/);
    expect(r({})).not.toMatch(/head/);
  });

  it('§4 cube conventions appear only when the cube is on, each in its own game type', () => {
    const match = rulesText('en', 'short', {}, MATCH);
    expect(match).toMatch(/Match to 5 points/);
    expect(match).toMatch(/Doubling cube/);
    expect(match).toMatch(/Crawford: in the first game after either player reaches 4 points, nobody may double/);
    expect(match).not.toMatch(/Jacoby|Beaver|Auto-double/);
    const money = rulesText('en', 'short', {}, MONEY);
    expect(money).toMatch(/One game/);
    expect(money).toMatch(/Jacoby: mars and koks count as oin until the cube has been turned/);
    expect(money).toMatch(/Beaver/);
    expect(money).toMatch(/Auto-double: .*up to 8/);
    expect(money).not.toMatch(/Crawford|Match to/);
    const noCube = rulesText('en', 'long', {}, { ...MATCH, doubling: false });
    expect(noCube).toMatch(/No doubling cube/);
    expect(noCube).not.toMatch(/Crawford|Take:/);
  });

  it('§4 resign: an oin, with a mars (and koks where the game has it) on offer', () => {
    expect(rulesText('en', 'long', {}, MATCH)).toMatch(/opponent wins an oin.*offer to lose with mars;/s);
    expect(rulesText('en', 'long', { longScoring: 'withKoks' }, MATCH)).toMatch(/offer to lose with mars or koks/);
    expect(rulesText('en', 'short', {}, MATCH)).toMatch(/offer to lose with mars or koks/);
    expect(rulesText('en', 'short', { withMars: false }, MATCH)).not.toMatch(/offer/);
  });

  it('§5 clocks: the kind and its numbers, and what running out of time costs', () => {
    expect(rulesText('en', 'long', {}, MONEY)).toMatch(/10 min each; every move adds 15 s.*Running out of time loses/s);
    const compensation = rulesText('ru', 'short', {}, SETTINGS[3]);
    expect(compensation).toMatch(/180 мин.*120 с/s);
    const post = rulesText('ka', 'long', {}, SETTINGS[4]);
    expect(post).toMatch(/7 დღე სვლაზე.*30 დღე.*60 დღე/s);
    expect(rulesText('en', 'long', {}, SETTINGS[5])).not.toMatch(/Extra time|Vacation/);
    expect(rulesText('en', 'long', {}, MATCH)).toMatch(/No clock/);
  });

  it('reads an option it does not know, or a value outside the domain, as the default', () => {
    for (const lang of LANGS) {
      expect(rulesText(lang, 'long', { sixBlock: 'sometimes', colour: 'pink' })).toBe(rulesText(lang, 'long', {}));
      expect(rulesText(lang, 'long', {})).toContain(t(lang, 'rules.long.block.ahead'));
      expect(rulesText(lang, 'long', {})).toContain(t(lang, 'rules.long.head.listed'));
      expect(rulesText(lang, 'short', { gameType: 42 })).toContain(t(lang, 'rules.short.international'));
    }
  });

  it('options of the other family are ignored', () => {
    expect(rulesText('en', 'short', { sixBlock: 'never', headException: 'anyDouble' })).toBe(rulesText('en', 'short', {}));
    expect(rulesText('en', 'long', { gameType: 'caucasian' })).toBe(rulesText('en', 'long', {}));
  });

  it('starts with a title line and puts each rule on its own bulleted line', () => {
    for (const lang of LANGS as readonly Lang[]) {
      const lines = rulesText(lang, 'short', {}, MATCH).split('\n');
      expect(lines[0]).toBe(t(lang, 'rules.short.title'));
      expect(lines.slice(1).every((l) => l.startsWith('• '))).toBe(true);
    }
  });
});
