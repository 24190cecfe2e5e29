/**
 * `/seed <text>`: the player's own dice seed (src/dice/fair.ts), mixed into every roll of each
 * match accepted from then on, so that the server, which committed to its own seed first, cannot
 * have chosen it knowing theirs. `/seed off` returns to the default; `/seed` alone shows it. The
 * seed is kept as one line of at most 64 characters, and the reply says when that changed it.
 */
import { cleanSeed, DEFAULT_SEED, MAX_SEED_LENGTH } from '../../dice/fair.ts';
import { t, type Lang } from '../../i18n/index.ts';
import { commandText } from '../fair-dice.ts';
import { recall, remember, SEED } from '../remembered.ts';
import { say, type Handler } from './update.ts';

const OFF = new Set(['off', 'выкл', 'გამორთვა']);

export const seed: Handler<'seed'> = async (u) => {
  const { deps, intent, lang } = u;
  const text = cleanSeed(intent.text ?? '');
  const command = commandText(u.messenger, 'seed');
  if (text === '') {
    const current = (await recall(deps.store, SEED, intent.from.id)) ?? DEFAULT_SEED;
    return say(u, t(lang, 'seed.show', { seed: current === DEFAULT_SEED ? t(lang, 'dice.noSeed') : `“${current}”`, command, off: `${command} off` }));
  }
  if (OFF.has(text.toLowerCase())) {
    await remember(deps.store, SEED, intent.from.id, DEFAULT_SEED, deps.now());
    return say(u, t(lang, 'seed.cleared'));
  }
  await remember(deps.store, SEED, intent.from.id, text, deps.now());
  await say(u, [t(lang, 'seed.set', { seed: text }), ...changedWords(intent.text ?? '', lang)].join(' '));
};

/**
 * What keeping a seed changed in it, in words (#48): a seed is one line of at most
 * `MAX_SEED_LENGTH` characters (`cleanSeed`), and a player whose seed was not kept as typed is
 * told so (the stored seed is also shown, quoted). Spaces at its ends go without a word: nobody
 * means them.
 */
function changedWords(typed: string, lang: Lang): string[] {
  const oneLine = typed.trim().replace(/\s+/g, ' ');
  return [
    ...(oneLine !== typed.trim() ? [t(lang, 'seed.spaces')] : []),
    ...([...oneLine].length > MAX_SEED_LENGTH ? [t(lang, 'seed.cut', { n: MAX_SEED_LENGTH })] : []),
  ];
}
