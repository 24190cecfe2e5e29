/**
 * What a player may type instead of pressing a button: a play in the tolerant notation the CLI
 * reads (`24/18 13/11`, `24-18`, `bar/22`, `6/off`, `8/4(2)`, `13/7*` then `/5`), or a word for a cube or
 * dice action in English, Russian or Georgian: the button's own label in each language, and the
 * words players write in chats (docs/features.md lists them). "дубль" is left out on purpose:
 * Russian players say it of a roll of doubles, not of the cube. Not a rule: reading words.
 */
import { parseWrittenPlay } from '../engine/index.ts';
import { LANGS, t } from '../i18n/index.ts';

/** The match commands a word can stand for. */
export type TypedAction = 'roll' | 'double' | 'take' | 'pass' | 'beaver';

/** A typed move: a cube or dice action, or a play still in words (it is read against the position later). */
export type TypedMove = { readonly kind: 'action'; readonly action: TypedAction } | { readonly kind: 'play'; readonly text: string };

/** Words beyond the buttons' labels (which are taken from the catalogs). */
const WORDS: Readonly<Record<TypedAction, readonly string[]>> = {
  roll: ['roll', 'бросок', 'бросаю', 'кидаю', 'кинуть', 'ვაგორებ', 'გააგორე', 'ვაგდებ'],
  double: ['double', 'удваиваю', 'удвоение', 'дабл', 'ვაორმაგებ'],
  take: ['take', 'взял', 'взять', 'принять', 'принимаю', 'მიღება', 'ავიღე'],
  pass: ['pass', 'drop', 'сдаю', 'не беру', 'отказ', 'პასი', 'ვთმობ'],
  beaver: ['beaver', 'бобр', 'бобёр', 'бобер', 'თახვი'],
};

/** A button's label as a word: "🎲 Бросить" is "бросить". */
function labelWord(label: string): string {
  return normal(label.replace(/^[^\p{L}]+/u, ''));
}

/** Each action's words: its button's label in every language, and `WORDS`. Made on first use, not at a cold start's import (2 ms). */
let actions: ReadonlyMap<string, TypedAction> | undefined;

function actionOf(words: string): TypedAction | undefined {
  actions ??= new Map(
    (Object.entries(WORDS) as [TypedAction, readonly string[]][]).flatMap(([action, said]) => [
      ...LANGS.map((lang) => [labelWord(t(lang, `button.${action}`)), action] as const),
      ...said.map((w) => [w, action] as const),
    ]),
  );
  return actions.get(words);
}

/** Lower case, one space between words, no final `!`/`.`: "Беру!" is "беру". */
function normal(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[!.?]+$/, '');
}

/**
 * Returns the move a typed text means, or undefined when it is not one (chat about the game, a
 * greeting). A play is recognised by its form alone: whether it is legal is the position's business.
 * Not a rule: reading words.
 * @example readTypedMove('Беру!') // { kind: 'action', action: 'take' }
 */
export function readTypedMove(text: string): TypedMove | undefined {
  const words = normal(text);
  if (words === '' || words.length > 100) return undefined;
  const action = actionOf(words);
  if (action !== undefined) return { kind: 'action', action };
  const written = parseWrittenPlay(words);
  // A lone "-" or "none" reads as "no play" in the notation; in a chat it is just a dash.
  if (!written.ok || written.value.pass) return undefined;
  return { kind: 'play', text: words };
}

/** Whether a text is a typed move, for a messenger to pass on only those from a busy group. Not a rule: reading words. */
export function isTypedMove(text: string): boolean {
  return readTypedMove(text) !== undefined;
}
