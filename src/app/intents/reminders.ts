/** `/remind off|default|frequent` and `/quiet 23-7 +3|off`: the player's reminder settings, read by the scheduler. */
import { t } from '../../i18n/index.ts';
import { parseQuiet, REMIND_MODES } from '../reminders.ts';
import { QUIET, REMIND, remember } from '../remembered.ts';
import { say, type Handler } from './update.ts';

export const remind: Handler<'remind'> = async (u) => {
  const mode = REMIND_MODES.find((m) => m === u.intent.mode?.toLowerCase());
  if (!mode) return say(u, t(u.lang, 'remind.usage'));
  await remember(u.deps.store, REMIND, u.intent.from.id, mode, u.deps.now());
  await say(u, t(u.lang, `remind.${mode}`));
};

export const quiet: Handler<'quiet'> = async (u) => {
  const hours = parseQuiet(u.intent.args);
  if (hours === undefined) return say(u, t(u.lang, 'quiet.usage'));
  await remember(u.deps.store, QUIET, u.intent.from.id, hours, u.deps.now());
  if (hours === null) return say(u, t(u.lang, 'quiet.off'));
  const sign = hours.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(hours.offsetMinutes);
  const offset = `UTC${sign}${Math.floor(abs / 60)}${abs % 60 === 0 ? '' : `:${String(abs % 60).padStart(2, '0')}`}`;
  await say(u, t(u.lang, 'quiet.set', { from: hours.from, to: hours.to, offset }));
};
