/**
 * The single-table layout: key shapes, index names and the attributes they are keyed on.
 *
 * A game is two items. Its game item (`GAME#<id>` / `STATE`) holds the match, its notes and its
 * deadline; every state change is one conditional write on it, and it is in no index. Its filing
 * (`GAME#<id>` / `FILED`, `filing.ts`) stands for it in the indexes and is written only when the
 * game changes partition, players or expiry, or its deadline comes earlier than filed (issue #46:
 * a move used to rewrite the whole game into up to four indexes):
 *
 * | index        | partition key                            | sort key    | holds                          |
 * |--------------|------------------------------------------|-------------|--------------------------------|
 * | (table)      | `pk` = `GAME#<id>` / `UPD#<key>`         | `sk` = `STATE`, `FILED` / `U` | games, their filings, idempotency claims |
 * | `byPlayer1`  | `p1` = `PLAYER#<identity>` (players[0])  | `updatedAt` | a player's filings, first slot (filed when) |
 * | `byPlayer2`  | `p2` = `PLAYER#<identity>` (players[1])  | `updatedAt` | a player's filings, second slot |
 * | `byChat`     | `chatKey` = `CHAT#<platform>#<chatId>`   | `updatedAt` | a chat's filings               |
 *
 * A list is one Query of each partition it reads, then one batch read of the games named; the
 * games' own `updatedAt` orders them. Items written before issue #46 (a game item carrying `p1`,
 * `p2`, `chatKey`, `duePk` itself) are still read and listed as they are, and the first save of
 * each files it and takes it out of the indexes (`fileFirst` in `dynamodb.ts`): no migration step.
 *
 * Open and over in separate partitions (issue #20): while a game is open (status `challenge` or
 * `active`) its filing's `p1`, `p2` and `chatKey` are the keys above; once it is finished or
 * closed, its filing is under `OVER#<key>` (`overKey`). "My open games" and "this chat's open
 * games" then read only open filings however many games are over. Items filed before this stay
 * under the open key whatever their status: the lists read the games' own status, so they are
 * read but not shown (see README, "Limits"). Lists of games over read both partitions.
 *
 * Challenges and closed games carry `expiresAt` (epoch seconds, the table's TTL attribute): an
 * unanswered challenge some days after it expired, a declined, cancelled or expired one some days
 * after it closed; accepted and finished games never expire.
 * | `byDue`      | `duePk` = `DUE` (sparse)                 | `dueAt`     | filings of games with a deadline, at or before it (lazily: `filing.ts`) |
 *
 * Why two player indexes instead of membership items (`GAME#id` / `PLAYER#x`, anchors-ecosystem.md
 * §3.1): a game has at most two players, so two slot attributes on its filing give "my games"
 * with one write per change of partition and no transaction (dynalite has none). "My games" is
 * two queries merged.
 *
 * Projections are ALL, as created before issue #46 (an index's projection cannot be changed in
 * place; a new index per change would be a migration of its own): what is projected is now a
 * filing of about 200 bytes, written a few times in a game's life, so a narrower projection would
 * save nothing. Sparse indexes: an item without `p2`, `chatKey` or `duePk` is absent from that
 * index. `DUE` is a single partition; shard it (`DUE#0..9`) only if deadlines ever exceed one
 * partition's throughput.
 *
 * What the app remembers outside a match (`src/app/remembered.ts` owns each value's key and decoder):
 *
 * | value                       | where                                      | written by                     |
 * |-----------------------------|--------------------------------------------|--------------------------------|
 * | a player's settings: language (`v:lang`), private chat (`v:dm`), reminder mode (`v:remind`), quiet hours (`v:quiet`), final Confirm (`v:confirm`) | `MEMO#settings#<player>` / `M`, with `moved` (issue #46: one item a press reads, where there were five, `MEMO#lang#<player>` … `MEMO#confirm#<player>`; those are moved into it the first time it is read, `readMemos`) | `/lang`, `/start`, `/remind`, `/quiet`, `/confirm` |
 * | a group's game language     | `MEMO#chatlang#<platform>:<chat>` / `M`    | `/lang` in a group or channel  |
 * | a user's or chat's command bucket | `MEMO#rate#<user or platform:chat>` / `M`: `tat` (full again at, ms), `warned`, `expiresAt` | a typed command (`spendRate`, atomic adds) |
 * | a player's dice seed        | `MEMO#seed#<player>` / `M`                 | `/seed` (issue #18)            |
 * | a player's lifetime dice    | `MEMO#dice#<player>` / `M`, with `expiresAt` far off: face and double counts, games counted | a game with checkable dice ended (`rememberIf`) |
 * | two players' series in a chat | `MEMO#series#<platform>:<chat>#<player>#<player>` / `M` (players sorted): wins by player, last match counted | a match finished |
 * | a player's rating on a board | `RATING#<player>` / `<family>#<scope>` (scope `GLOBAL` or `<platform>:<chat>`), with `chatKey` = `RATING#<family>#<scope>`, `updatedAt` = the rating, `version`; `value`: deviation, volatility, games, wins, streaks, variants, 30 days of history, the last matches applied | a rated match finished (`app/club/rate.ts`) |
 * | a chat's weekly post        | `WEEKLY#<platform>:<chat>` / `W`, with `duePk` = `WEEKLY` and `dueAt` while it is on; `value`: language, last leader | `/weekly`, the sweep |
 * | a game's board message      | game item, `note:board`                    | a board posted anew            |
 * | a player's private board    | game item, `note:board@<player>`           | (games from inline mode)       |
 * | a game's challenge message  | game item, `note:challenge`                | the challenge posted           |
 * | a game's last turn notice   | game item, `note:notice`                   | each turn notice               |
 * | a challenge's invitee handle| game item, `note:invitee`                  | created with the challenge     |
 * | whom a challenge names      | game item, `note:addressee`                | created with the challenge     |
 * | the tournament of a match   | game item, `note:tournament`               | a tournament's pairing opened  |
 * | why a match was closed unfinished | game item, `note:closedFor`: the seat removed from its tournament | the removal closed it (#48) |
 * | a chat's open tournaments   | `MEMO#tournaments#<platform>:<chat>` / `M` | `/tournament` (compare-and-set) |
 * | where a person is named outside their games | `MEMO#named#<player or platform:@handle>` / `M`, with `expiresAt`: tournament ids, challenge ids | a sign-up, a challenge addressed to them — `/nardy`, a rematch, a tournament's pairing (`app/named.ts`; read by `/forget` and `/games`) |
 *
 * The club's tables need no index of their own (`store/club.ts`): a rating item sits in `byChat`
 * under its board's key, its `updatedAt` slot holding the rating, so a chat's (or the global) top
 * 10 of a family is one Query of one partition in rating order, and a rank one COUNT Query of the
 * items above; no game is ever filed under a `RATING#` key. A player's ratings are one Query of
 * their partition (`RATING#<player>`). A weekly item waits in `byDue` under `WEEKLY`, a partition
 * the games' sweep never reads (it reads `DUE`); the sweep reads `WEEKLY` with one more Query.
 *
 * A press reads its game, the presser's values and its chat's language in one `BatchGetItem`; a game's notes come
 * with the game item. Notes are separate attributes so that one changes without the others
 * (`setNotes`, an `UpdateItem`), and a save sets only the match's attributes, never a note it did
 * not name. Remembered values are one item each, last write wins; `/forget` deletes a player's
 * (`GameStore.forget`). What is kept about people and for how long: docs/privacy.md.
 *
 * Tournaments (issue #17, `src/app/tournament/`): one item per tournament, `TOURNEY#<id>` / `T`,
 * holding its whole state (settings, players, rounds, every pairing with its match id and, once
 * counted, its result) as a JSON string with a `version`; every change is one conditional write on
 * that version, like the game item, and counting a match is idempotent by its match id (a pairing
 * keeps its result). Its matches are ordinary game items whose note `note:tournament` names it.
 * While a tournament is being played it is on the `byDue` index under a partition of its own,
 * `duePk` = `DUE#TOURNEY` (so the games' `DUE` partition never holds an item that is not a game):
 * the scheduler looks at it now and then and counts a finished match whose count a crash lost.
 * | `byDue`      | `duePk` = `DUE#TOURNEY` (sparse)         | `dueAt`     | tournaments being played       |
 * A chat's open tournaments (for the cap per chat) are a remembered value, `MEMO#tournaments#<platform>:<chat>`.
 *
 * Idempotency items (`UPD#<key>` / `U`) carry `expiresAt` in epoch seconds, the table's TTL
 * attribute on AWS (enabled by deployment; dynalite has no TTL, so expiry is also checked on write).
 */

/** Table key attribute names. */
export const PARTITION_KEY = 'pk';
export const SORT_KEY = 'sk';

/** Index names, as created by `createTable` and queried by the store. */
export const INDEX = {
  player1: 'byPlayer1',
  player2: 'byPlayer2',
  chat: 'byChat',
  due: 'byDue',
} as const;

/** The sort key of the game item. */
export const GAME_SORT_KEY = 'STATE';
/** The sort key of an idempotency item. */
export const CLAIM_SORT_KEY = 'U';
/** The one partition of the sparse due index. */
export const DUE_PARTITION = 'DUE';

/** Partition key of a game item. */
export function gameKey(id: string): string {
  return `GAME#${id}`;
}

/** Index key of a player's slot. */
export function playerKey(identity: string): string {
  return `PLAYER#${identity}`;
}

/** Index key of a chat. */
export function chatKey(platform: string, chatId: string): string {
  return `CHAT#${platform}#${chatId}`;
}

/**
 * The index key a game over (finished or closed) is filed under instead of `key`: a partition of
 * its own, so that a player's or a chat's open games are one partition holding nothing else.
 */
export function overKey(key: string): string {
  return `${OVER_PREFIX}${key}`;
}

const OVER_PREFIX = 'OVER#';

/** Partition key of a tournament item. */
export function tournamentKey(id: string): string {
  return `TOURNEY#${id}`;
}

/** The sort key of a tournament item. */
export const TOURNAMENT_SORT_KEY = 'T';
/** The partition of the due index that holds tournaments (the games' is `DUE_PARTITION`). */
export const TOURNAMENT_DUE_PARTITION = 'DUE#TOURNEY';

/** Partition key of an idempotency item for a platform update id. */
export function claimKey(key: string): string {
  return `UPD#${key}`;
}

/** Partition key of a remembered value. */
export function memoKey(key: string): string {
  return `MEMO#${key}`;
}

/** Partition key of a player's rating items. */
export function ratingKey(player: string): string {
  return `RATING#${player}`;
}

/** The `byChat` key a board's rating items are filed under (a board: `<family>#<scope>`). */
export function boardKey(board: string): string {
  return `RATING#${board}`;
}

/** Partition key of a chat's weekly post item. */
export function weeklyKey(chat: string): string {
  return `WEEKLY#${chat}`;
}

/** Sort key of a weekly post item. */
export const WEEKLY_SORT_KEY = 'W';
/** The `byDue` partition of the weekly posts (the games' is `DUE`). */
export const WEEKLY_PARTITION = 'WEEKLY';

/** Sort key of a remembered value. */
export const MEMO_SORT_KEY = 'M';

/** The remembered values (key `<name>#<player>`) kept together in a player's settings item, each an attribute `v:<name>`. */
export const SETTINGS: readonly string[] = ['lang', 'dm', 'remind', 'quiet', 'confirm'];

/** The mark that every player's settings are in settings items (a new table, or the sweep moved them all). */
export const SETTINGS_MOVED = 'MEMO#settings-moved';
/** Where the sweep's move of old settings has got to (a scan's last key). */
export const SETTINGS_MOVING = 'MEMO#settings-moving';

/** Partition key of a player's settings item (`SETTINGS`). */
export function settingsKey(player: string): string {
  return memoKey(`settings#${player}`);
}
