/**
 * Inline mode: "challenge to long / short nardy" results, each a text message with the invite link
 * that accepts the challenge from a private chat (inline messages cannot carry the board picture).
 * A user's open inline challenge of a variant is reused while it is open.
 */
import type { VariantId } from '../../engine/index.ts';
import type { MatchState } from '../../game/index.ts';
import { t, variantName, type Lang } from '../../i18n/index.ts';
import { loadMatch, openChallenge } from '../matches.ts';
import type { ChatUser, InlineResult } from '../ports.ts';
import { INLINE_CHALLENGE, recall, remember } from '../remembered.ts';
import { challengeMessage } from '../texts.ts';
import { newGameId } from './challenge.ts';
import type { Handler, Update } from './update.ts';

async function inlineChallenge(u: Update, from: ChatUser, variant: VariantId, lang: Lang): Promise<MatchState | undefined> {
  const { deps } = u;
  const owner = `${from.id}#${variant}`;
  const known = await recall(deps.store, INLINE_CHALLENGE, owner);
  if (known) {
    const loaded = await loadMatch(deps.store, known);
    if (loaded.ok && loaded.value.state.phase === 'challenge' && loaded.value.state.challengeExpiresAt > deps.now()) return loaded.value.state;
  }
  const opened = await openChallenge(deps, { id: (deps.newId ?? newGameId)(), by: { id: from.id, name: from.name }, invitee: null, settings: { variant } }, undefined, lang);
  if (!opened.ok) return undefined;
  await remember(deps.store, INLINE_CHALLENGE, owner, opened.value.state.id, deps.now());
  return opened.value.state;
}

export const inline: Handler<'inline'> = async (u) => {
  const { intent, lang, messenger } = u;
  const results: InlineResult[] = [];
  // Without an invite link nobody could accept from an inline message.
  for (const variant of messenger.inviteLink('') ? (['long', 'short'] as const) : []) {
    const state = await inlineChallenge(u, intent.from, variant, lang);
    if (!state) continue;
    const message = challengeMessage(state, 1, lang, messenger.inviteLink(state.id));
    results.push({
      id: `${variant}-${state.id}`,
      title: t(lang, variant === 'long' ? 'inline.challengeLong' : 'inline.challengeShort'),
      description: variantName(lang, variant),
      text: message.text,
      buttons: message.buttons.map((row) => row.filter((b) => 'url' in b)).filter((row) => row.length > 0),
    });
  }
  await u.emit({ kind: 'inlineAnswer', results });
};
