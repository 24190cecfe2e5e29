/** `/rules`: the rule set of the game being played in this chat, or of the variant asked for. */
import { rulesText } from '../../i18n/index.ts';
import { loadMatch } from '../matches.ts';
import { say, type Handler } from './update.ts';

export const rules: Handler<'rules'> = async (u) => {
  const { deps, intent } = u;
  if (!intent.variant) {
    const games = await deps.store.listByChat(intent.chat.platform, intent.chat.chatId, { status: 'active', limit: 5 });
    const game = games.records.find((r) => r.players.includes(intent.from.id)) ?? games.records[0];
    const loaded = game ? await loadMatch(deps.store, game.id) : undefined;
    if (loaded?.ok) {
      const s = loaded.value.state.settings;
      return say(u, rulesText(u.lang, s.variant, s.options, s));
    }
  }
  await say(u, rulesText(u.lang, intent.variant ?? 'long'));
};
