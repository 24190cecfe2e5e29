/**
 * `/seed <text>`: the player's own dice seed (src/dice/fair.ts), mixed into every roll of each
 * match accepted from then on, so that the server, which committed to its own seed first, cannot
 * have chosen it knowing theirs. `/seed off` returns to the default; `/seed` alone shows it.
 */
import { cleanSeed, DEFAULT_SEED } from '../../dice/fair.ts';
import { t } from '../../i18n/index.ts';
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
  await say(u, t(lang, 'seed.set', { seed: text }));
};
