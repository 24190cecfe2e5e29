/** The challenge's settings keyboard (its presses: `setting` in `press-choices.ts`): only the challenger may open it or change a setting. */
import type { MatchState } from '../../game/index.ts';
import { errorText, t, type Lang } from '../../i18n/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { runCommand } from '../matches.ts';
import type { Intent } from '../ports.ts';
import { ADDRESSEE, noteOf } from '../remembered.ts';
import { challengeMessage, changedSettings, settingsMessage } from '../texts.ts';
import type { Token } from '../tokens.ts';
import type { Update } from './update.ts';

/** `lang` is the challenge's language (the keyboard's); toasts speak the presser's. */
export async function settings(u: Update<Intent & { kind: 'press' }>, token: Token, loaded: { record: GameRecord; state: MatchState }, lang: Lang): Promise<void> {
  const { deps, intent, emit } = u;
  const own = u.lang;
  const { record, state } = loaded;
  if (state.players[0]?.id !== intent.from.id) return void (await emit({ kind: 'toast', text: t(own, 'toast.onlyChallengerSets', { name: state.players[0]?.name ?? '?' }) }));
  if (!intent.message) return void (await emit({ kind: 'toast', text: t(own, 'toast.stale') }));
  const choice = token.choice;
  if (choice.k !== 'set') {
    await emit({ kind: 'toast', text: '' });
    const view = choice.k === 'settings' || choice.k === 'variants'
      ? settingsMessage(state, record.version, lang, choice.k === 'variants' ? 'variants' : 'main')
      : challengeMessage(state, record.version, lang, undefined, noteOf(record, ADDRESSEE));
    return void (await emit({ kind: 'editText', message: intent.message, text: view.text, buttons: view.buttons }));
  }
  const changed = changedSettings(state, choice.key, choice.value);
  if (!changed) return void (await emit({ kind: 'toast', text: t(own, 'toast.stale') }));
  const outcome = await runCommand(deps, state.id, { type: 'configure', by: intent.from.id, settings: changed }, {
    loaded,
    ...(intent.updateKey === undefined ? {} : { updateKey: intent.updateKey }),
    beforeSave: async () => { await emit({ kind: 'toast', text: '' }); },
  });
  if (!outcome.ok) return void (await emit({ kind: 'toast', text: errorText(own, outcome.error) }));
  const view = settingsMessage(outcome.value.state, outcome.value.record.version, lang);
  await emit({ kind: 'editText', message: intent.message, text: view.text, buttons: view.buttons });
}
