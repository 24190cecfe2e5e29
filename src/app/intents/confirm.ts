/**
 * `/confirm on|off`: whether the player's turns wait for a Confirm press. Off (the default), the
 * step or play that completes a turn ends it; on, the turn is laid out on the board and Undo stays
 * until Confirm. No word: the setting as it is, with how to change it.
 */
import { t } from '../../i18n/index.ts';
import { CONFIRM, remember } from '../remembered.ts';
import { say, type Handler } from './update.ts';

export const confirm: Handler<'confirm'> = async (u) => {
  const on = u.intent.on;
  if (on === undefined) return say(u, t(u.lang, u.me.confirm ? 'confirm.isOn' : 'confirm.isOff'));
  await remember(u.deps.store, CONFIRM, u.intent.from.id, on, u.deps.now());
  await say(u, t(u.lang, on ? 'confirm.on' : 'confirm.off'));
};
