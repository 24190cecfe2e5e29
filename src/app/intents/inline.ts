/**
 * Inline mode: "challenge to long / short nardy" results, each a text message with the link that
 * accepts the challenge from a private chat (inline messages cannot carry the board picture).
 *
 * Answering writes nothing — a query comes with every keystroke. Each result carries the ticket of
 * the challenge it offers (src/app/inline-ticket.ts) as its id and in its link; the challenge is
 * stored when the result is chosen (`chosen`, where the messenger reports it) or when its link is
 * first followed (`join`), whichever comes first; the other finds it stored.
 */
import { createHmac } from 'node:crypto';
import { VARIANTS, type VariantId } from '../../engine/index.ts';
import { CHALLENGE_TTL_MS, createChallenge, cubeByDefault, type ChallengeInput, type MatchState } from '../../game/index.ts';
import { t, variantName, type Lang } from '../../i18n/index.ts';
import { fail, type Result } from '../../lib/index.ts';
import { issueTicket, readTicket, TICKET_VARIANTS, type Ticket } from '../inline-ticket.ts';
import { loadMatch, openChallenge, type AppError } from '../matches.ts';
import type { AppDeps, ChatUser, InlineResult } from '../ports.ts';
import type { GameRecord } from '../../store/index.ts';
import { challengeMessage } from '../texts.ts';
import type { Handler, Update } from './update.ts';

/** Results offered together share a ticket time, so repeated keystrokes offer the same challenges. */
const OFFER_EVERY_MS = 10 * 60_000;
/** How many of a user's inline challenges of one variant one offer time can tell apart. */
const SERIES = 8;

/**
 * The server seed of an inline challenge (#48): the offer is shown before the challenge is stored,
 * so its seed is derived from the app's secret ticket key and the game's id — the offer's
 * commitment is then the stored challenge's, shown before anyone accepts or rolls. As secret as a
 * random seed while the key is, and revealed like any other when the match is over.
 */
export function inlineServerSeed(key: string, gameId: string): string {
  return createHmac('sha256', key).update(`nardy-dice-seed\n${gameId}`).digest('hex');
}

/**
 * The challenge a ticket opens, to be created now; undefined once its lifetime (from when it was
 * offered) is over. With checkable dice (`deps.serverSeed`) it carries the ticket's server seed.
 */
export function ticketChallenge(ticket: Ticket, now: number, deps?: Pick<AppDeps, 'serverSeed' | 'ticketKey'>): ChallengeInput | undefined {
  const ttlMs = ticket.issuedAt + CHALLENGE_TTL_MS - now;
  const seed = deps?.serverSeed && deps.ticketKey !== undefined ? { serverSeed: inlineServerSeed(deps.ticketKey, ticket.gameId) } : {};
  return ttlMs > 0 ? { id: ticket.gameId, by: ticket.challenger, invitee: null, settings: { variant: ticket.variant, doubling: cubeByDefault(ticket.variant, VARIANTS[ticket.variant].defaultMatchLength ?? 0) }, ttlMs, ...seed } : undefined;
}

/**
 * The ticket to offer `from` for `variant`: the first of the series whose challenge is not stored
 * yet, or still open (an accepted one keeps its id, so the next offer needs another). Only reads.
 */
async function offerFor(deps: AppDeps, key: string, from: ChatUser, variant: VariantId, now: number): Promise<{ text: string; state: MatchState } | undefined> {
  for (let series = 0; series < SERIES; series++) {
    const issued = issueTicket(key, from, variant, series, now - (now % OFFER_EVERY_MS));
    if (issued === undefined) return undefined;
    const stored = await loadMatch(deps.store, issued.ticket.gameId);
    if (stored.ok && stored.value.state.phase === 'challenge' && stored.value.state.challengeExpiresAt > now) return { text: issued.text, state: stored.value.state };
    if (stored.ok || stored.error.kind !== 'not-found') continue;
    const created = createChallenge(ticketChallenge(issued.ticket, now, deps)!, now);
    return created.ok ? { text: issued.text, state: created.value.state } : undefined;
  }
  return undefined;
}

/**
 * Stores the challenge a ticket opens, or finds it stored (the chosen result and the followed link
 * both come here, in either order). A ticket past its challenge's lifetime opens nothing.
 */
export async function openTicket(deps: AppDeps, ticket: Ticket, lang: Lang): Promise<Result<{ record: GameRecord; state: MatchState }, AppError>> {
  const input = ticketChallenge(ticket, deps.now(), deps);
  if (input === undefined) return fail({ kind: 'wrong-phase', message: 'the inline challenge has expired' });
  const opened = await openChallenge(deps, input, undefined, lang);
  if (opened.ok || opened.error.kind !== 'already-exists') return opened;
  return loadMatch(deps.store, ticket.gameId);
}

/** What a ticket from this update's messenger says, when this app issued it. */
export function ticketIn(u: Update, text: string): Ticket | undefined {
  return u.deps.ticketKey === undefined ? undefined : readTicket(u.deps.ticketKey, u.intent.chat.platform, text);
}

export const inline: Handler<'inline'> = async (u) => {
  const { deps, intent, lang, messenger } = u;
  const key = deps.ticketKey;
  // Without a ticket link nobody could accept from an inline message.
  const variants = key !== undefined && messenger.ticketLink?.('') !== undefined ? TICKET_VARIANTS : [];
  const now = deps.now();
  const offers = await Promise.all(variants.map((variant) => offerFor(deps, key!, intent.from, variant, now)));
  const results: InlineResult[] = [];
  offers.forEach((offer, i) => {
    if (offer === undefined) return;
    const message = challengeMessage(offer.state, 1, lang, messenger.ticketLink!(offer.text));
    results.push({
      id: offer.text,
      title: t(lang, variants[i] === 'long' ? 'inline.challengeLong' : 'inline.challengeShort'),
      description: variantName(lang, variants[i]),
      text: message.text,
      buttons: message.buttons.map((row) => row.filter((b) => 'url' in b)).filter((row) => row.length > 0),
    });
  });
  await u.emit({ kind: 'inlineAnswer', results });
};

export const chosen: Handler<'chosen'> = async (u) => {
  const ticket = ticketIn(u, u.intent.resultId);
  // Only the challenger sends their own result; anything else was not offered by this app.
  if (ticket === undefined || ticket.challenger.id !== u.intent.from.id) return;
  await openTicket(u.deps, ticket, u.lang);
};
