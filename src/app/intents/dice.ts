/**
 * `/dice`: the player's dice over all their games with checkable dice, against fair dice — the
 * counts and a chi-square p-value in words, and the bar chart as a picture (`lifetime-dice.ts`).
 */
import { t } from '../../i18n/index.ts';
import { lifetimeSvg, lifetimeText } from '../lifetime-dice.ts';
import { LIFETIME_DICE, recall } from '../remembered.ts';
import { say, type Handler } from './update.ts';

export const diceStats: Handler<'dice'> = async (u) => {
  const dice = await recall(u.deps.store, LIFETIME_DICE, u.intent.from.id);
  if (!dice || dice.rolls === 0) return say(u, t(u.lang, 'dice.none'));
  const text = lifetimeText(dice, u.lang);
  const { rasterise } = await import('../../render/index.ts');
  await u.emit({ kind: 'document', chat: u.intent.chat, name: 'nardy-dice.png', content: await rasterise(lifetimeSvg(dice)), caption: text });
};
