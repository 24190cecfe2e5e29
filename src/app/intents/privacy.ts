/**
 * `/privacy`: what the bot keeps about the user, for how long, and who is responsible for it
 * (docs/privacy.md). `/forget`: asks first, with a button only the asker may press; the press
 * deletes every value remembered for them, cancels their open challenges and puts a neutral name in
 * place of theirs in each of their games, with the notes about them removed (`privacy.ts`), and in
 * whatever else names them (issue #45): their tournaments, the challenges addressed to them. Games
 * in play go on under the neutral name — the match layer has no way to leave a match out of turn —
 * and end by their clock, a resignation, or as abandoned after 30 days without a move.
 */
import { VARIANTS } from '../../engine/index.ts';
import { t } from '../../i18n/index.ts';
import { ok } from '../../lib/index.ts';
import type { GameRecord, GameStatus, GameStore } from '../../store/index.ts';
import { loadMatch, matchOf, runCommand } from '../matches.ts';
import { handleOwner, namedIn } from '../named.ts';
import { forgetPlayerIn } from '../privacy.ts';
import { BUCKET, CHALLENGE_MESSAGE, chatOwner, legacyInlineKey, LIFETIME_DICE, NAMED_IN, noteOf, playerKeys, SEED, SERIES, TOURNAMENT } from '../remembered.ts';
import { forgetInTournament } from '../tournament/forget.ts';
import { openTournaments } from '../tournament/open-list.ts';
import { seriesOwner } from '../series.ts';
import { forgetToken } from '../tokens.ts';
import { say, type Handler } from './update.ts';

export const privacy: Handler<'privacy'> = async (u) => say(u, t(u.lang, 'privacy.text'));

const STATUSES: readonly GameStatus[] = ['challenge', 'active', 'finished', 'closed'];

/** A player's games of every status: the newest 100 of each (the store lists no more at once). */
async function gamesOf(store: GameStore, player: string): Promise<GameRecord[]> {
  const lists = await Promise.all(STATUSES.map((status) => store.listByPlayer(player, { status, limit: 100 })));
  return lists.flatMap((l) => l.records);
}

/**
 * The challenges a player opened and nobody has accepted yet (only the challenger may cancel one).
 * Not a tournament's: cancelled, it would be a forfeit, and the tournament goes on under a neutral name.
 */
function ownChallenges(games: readonly GameRecord[], player: string): GameRecord[] {
  return games.filter((g) => g.status === 'challenge' && g.players[0] === player && noteOf(g, TOURNAMENT) === undefined);
}

export const forget: Handler<'forget'> = async (u) => {
  const { deps, intent, emit, lang } = u;
  const me = intent.from.id;
  if (intent.confirmedBy !== undefined && intent.confirmedBy !== me) return void (await emit({ kind: 'toast', text: t(lang, 'forget.notYours') }));
  const games = await gamesOf(deps.store, me);
  const challenges = ownChallenges(games, me);
  const counts = { games: games.length - challenges.length, challenges: challenges.length };
  if (intent.confirmedBy === undefined) {
    return void (await emit({ kind: 'text', chat: intent.chat, text: t(lang, 'forget.ask', counts), buttons: [[{ label: t(lang, 'forget.button'), token: forgetToken(me) }]] }));
  }
  for (const challenge of challenges) {
    const cancelled = await runCommand(deps, challenge.id, { type: 'cancel', by: me });
    const message = noteOf(challenge, CHALLENGE_MESSAGE);
    if (cancelled.ok && message) await emit({ kind: 'editText', message, text: t(lang, 'challenge.cancelled') }).catch(() => undefined);
  }
  // Read again: a cancelled challenge is a newer version now, and moves may have come meanwhile.
  const forgotten = await gamesOf(deps.store, me);
  for (const record of forgotten) {
    const loaded = matchOf(ok(record));
    if (loaded.ok) await forgetPlayerIn(deps.store, loaded.value.record, loaded.value.state, me);
  }
  // Where they are named outside their own games (issue #45): tournaments, and challenges addressed to them.
  const handle = intent.from.username;
  const owners = [me, ...(handle === undefined ? [] : [handleOwner(intent.chat.platform, handle)])];
  const named = await namedIn(deps.store, owners);
  for (const id of await tournamentsOf(u, named.tournaments, forgotten)) await forgetInTournament(u, id, me);
  for (const id of named.challenges) {
    const loaded = await loadMatch(deps.store, id);
    if (loaded.ok) await forgetPlayerIn(deps.store, loaded.value.record, loaded.value.state, me, handle);
  }
  // `inline#…`: the open inline challenge per variant that earlier versions remembered (inline mode writes nothing now).
  // Their ratings too (issue 17): every standing, global and per chat; the tables then show them no more.
  await deps.store.club.forgetRatings(me);
  await deps.store.forget([
    ...playerKeys(me), SEED.key(me), LIFETIME_DICE.key(me), BUCKET.key(me), ...owners.map((o) => NAMED_IN.key(o)),
    ...Object.keys(VARIANTS).map((v) => legacyInlineKey(me, v)), ...seriesKeys(forgotten, me),
  ]);
  const text = t(lang, 'forget.done', counts);
  if (intent.message) await emit({ kind: 'editText', message: intent.message, text });
  else await say(u, text);
};

/** The series items a player is counted in: one per chat and opponent of their games. */
function seriesKeys(games: readonly GameRecord[], player: string): string[] {
  return games.flatMap((g) => {
    const opponent = g.players.find((p) => p !== player);
    return g.chat && opponent && g.players.includes(player) ? [SERIES.key(seriesOwner(g.chat, player, opponent))] : [];
  });
}

/** How many chats' open tournaments are looked through for a player's name, the newest games' chats first. */
const CHATS_LOOKED_AT = 20;

/**
 * The tournaments that may name a player: those noted (`named.ts`), those their games were paired
 * in, and the open ones of the chats they played in and of this chat — the last two find the
 * tournaments joined before the note existed. A tournament that does not name them is left as it is.
 */
async function tournamentsOf(u: Parameters<Handler<'forget'>>[0], noted: readonly string[], games: readonly GameRecord[]): Promise<string[]> {
  const paired = games.flatMap((g) => noteOf(g, TOURNAMENT) ?? []);
  const chats = new Map([u.intent.chat, ...games.flatMap((g) => g.chat ?? [])].map((c) => [chatOwner(c), { platform: c.platform, chatId: c.chatId }]));
  const open = await Promise.all([...chats.values()].slice(0, CHATS_LOOKED_AT).map(async (c) => (await openTournaments(u.deps.store, c, u.deps.now())).open));
  return [...new Set([...noted, ...paired, ...open.flat()])];
}
