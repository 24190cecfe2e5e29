/**
 * `/privacy`: what the bot keeps about the user, for how long, and who is responsible for it
 * (docs/privacy.md). `/forget`: asks first, with a button only the asker may press; the press
 * deletes every value remembered for them, cancels their open challenges and puts a neutral name in
 * place of theirs in each of their games, with the notes about them removed (`privacy.ts`). Games
 * in play go on under the neutral name — the match layer has no way to leave a match out of turn —
 * and end by their clock, a resignation, or as abandoned after 30 days without a move.
 */
import { VARIANTS } from '../../engine/index.ts';
import { t } from '../../i18n/index.ts';
import { ok } from '../../lib/index.ts';
import type { GameRecord, GameStatus, GameStore } from '../../store/index.ts';
import { matchOf, runCommand } from '../matches.ts';
import { forgetPlayerIn } from '../privacy.ts';
import { CHALLENGE_MESSAGE, LIFETIME_DICE, noteOf, playerKeys, SEED, SERIES } from '../remembered.ts';
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

/** The challenges a player opened and nobody has accepted yet (only the challenger may cancel one). */
function ownChallenges(games: readonly GameRecord[], player: string): GameRecord[] {
  return games.filter((g) => g.status === 'challenge' && g.players[0] === player);
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
  // `inline#…`: the open inline challenge per variant that earlier versions remembered (inline mode writes nothing now).
  // Their ratings too (issue 17): every standing, global and per chat; the tables then show them no more.
  await deps.store.club.forgetRatings(me);
  await deps.store.forget([...playerKeys(me), SEED.key(me), LIFETIME_DICE.key(me), ...Object.keys(VARIANTS).map((v) => `inline#${me}#${v}`), ...seriesKeys(forgotten, me)]);
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
