/**
 * The scheduler's sweep (issue 7): every minute it reads the games whose wake-up time has come from
 * the sparse due index — never a table scan — and for each one does what is due: reminds the player
 * to move, times a clock out (docs/rules/match.md §5), expires an unanswered challenge, closes a game without a
 * clock that nobody has touched for 30 days, and tells the players and the chat; 30 days after a
 * game is over, it fades the players' names and the notes about them (`privacy.ts`).
 *
 * Safe to run twice at once and after a crash in the middle:
 * - A time-out is stored with the same conditional write as a move: a move saved first wins (the
 *   sweep's write fails and it moves on), a time-out saved first makes the move's write fail.
 * - A notice is claimed before it is sent, by a compare-and-set of the game's `Alarm` that leaves
 *   the version alone (boards stay current): of two sweeps only one wins the claim. The claim is a
 *   lease: once sent, the alarm moves to the next step; if sending failed (a 429 beyond the wait
 *   budget, the platform down) the claim is dropped and the game looked at again a minute later;
 *   if the sweep crashed, the lease runs out and the next sweep sends it. A reminder is therefore
 *   never lost, and sent twice only if a sweep dies between sending and marking it.
 * - An ending (time-out, expiry, abandonment) is stored with a pending announcement (alarm step 0,
 *   due at once), announced under the same kind of claim, then cleared.
 */
import { apply, decodeMatch, deadlineOf, nextDeadline, seatToAct, type MatchState } from '../game/index.ts';
import { t, type Lang } from '../i18n/index.ts';
import type { Alarm, GameRecord, GameStore } from '../store/index.ts';
import type { AppDeps, ChatRef, Effect, Emit, Messenger } from './ports.ts';
import { recallBoardLang } from './board-language.ts';
import { boardLanguage, countEvents, diceOf, nextRecord } from './matches.ts';
import { tellChallengeOver, tellEnding } from './publish.ts';
import { rateAtMatchEnd } from './club/match-end.ts';
import { postWeeklies } from './club/weekly.ts';
import { fade } from './privacy.ts';
import { ABANDONED_AFTER_MS, fadeAt, planReminder, wakeAt } from './reminders.ts';
import { BOARD, CHALLENGE_MESSAGE, noteOf, recallPlayers } from './remembered.ts';
import { gameLabel, leftText } from './texts.ts';
import { healDueTournaments } from './tournament/heal.ts';

/**
 * What the sweep needs: the app's dependencies (the store, the clock, dice — a time-out may start
 * the next game's throw — and the messengers, each writing unprompted) and a log. A game of a
 * messenger that cannot write unprompted in this process is logged and retried.
 */
export interface SweepDeps extends AppDeps {
  readonly log?: (entry: Readonly<Record<string, unknown>>) => void;
}

export interface SweepOptions {
  /** The most due games one sweep takes on; the rest wait for the next minute. Default 200. */
  readonly limit?: number;
  /** Games handled at once (each chat is still paced by its platform's emitter). Default 8. */
  readonly parallel?: number;
  /** How long a claimed notice is left alone by other sweeps. Default 2 minutes. */
  readonly leaseMs?: number;
  /** No game is taken on once `deps.now()` reaches this (a Lambda must finish before its timeout); the rest stay due. */
  readonly stopAt?: number;
}

/** What one sweep did, for the log and the bench. */
export interface SweepReport {
  /** Due games read from the index (corrupt ones included). */
  due: number;
  reminded: number;
  timedOut: number;
  expired: number;
  abandoned: number;
  announced: number;
  /** Games over for long enough whose names and notes faded. */
  faded: number;
  /** Notices that could not be sent now and are looked at again in a minute. */
  retried: number;
  /** Games another sweep or a move changed first: left to them. */
  raced: number;
  /** Wake-ups with nothing to send (a skipped step, quiet hours, a clock moved on). */
  rescheduled: number;
  corrupt: number;
  /** Tournaments being played that were looked at (`tournament/heal.ts`). */
  tournaments: number;
  /** Weekly posts sent (issue 17, `club/weekly.ts`). */
  weekly: number;
}

const MINUTE = 60_000;
/** A notice that could not go out is tried again after this long. */
const RETRY_MS = MINUTE;

type Outcome = 'reminded' | 'timedOut' | 'expired' | 'abandoned' | 'announced' | 'faded' | 'retried' | 'raced' | 'rescheduled' | 'corrupt';

/**
 * Runs one sweep at `deps.now()`. Throws only on infrastructure failures of the index query. The
 * operator's figures (docs/operate.md): `SweepDuration` and `GamesDue` of every sweep, and
 * `SweepSucceeded` once one has run to its end (an alarm fires when none has for a while).
 */
export async function sweep(deps: SweepDeps, options: SweepOptions = {}): Promise<SweepReport> {
  const started = Date.now();
  const report = await sweepOnce(deps, options);
  deps.metrics?.time('SweepDuration', Date.now() - started);
  deps.metrics?.count('GamesDue', report.due);
  deps.metrics?.count('SweepSucceeded');
  return report;
}

async function sweepOnce(deps: SweepDeps, options: SweepOptions): Promise<SweepReport> {
  const now = deps.now();
  const listing = await deps.store.listDue(now, options.limit ?? 200);
  const report: SweepReport = { due: listing.records.length + listing.corrupt.length, reminded: 0, timedOut: 0, expired: 0, abandoned: 0, announced: 0, faded: 0, retried: 0, raced: 0, rescheduled: 0, corrupt: listing.corrupt.length, tournaments: 0, weekly: 0 };
  for (const bad of listing.corrupt) deps.log?.({ level: 'error', event: 'sweep-corrupt-item', key: bad.key, reason: bad.reason });
  const queue = [...listing.records];
  const worker = async () => {
    for (let record = queue.shift(); record; record = queue.shift()) {
      if (options.stopAt !== undefined && deps.now() >= options.stopAt) return;
      try {
        report[await wake(deps, record, now, options.leaseMs ?? 2 * MINUTE)]++;
      } catch (error) {
        // One game's infrastructure failure must not stop the others; its wake-up stays due.
        deps.log?.({ level: 'error', event: 'sweep-game-failed', game: record.id, error: String(error) });
        report.retried++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 8 }, worker));
  try {
    report.weekly = await postWeeklies(deps.store, deps.messengers, now);
  } catch (error) {
    // The weekly posts stay due; the games' work of this sweep is done either way.
    deps.log?.({ level: 'error', event: 'sweep-weekly-failed', error: String(error) });
  }
  if (options.stopAt === undefined || deps.now() < options.stopAt) report.tournaments = await healDueTournaments(deps, now, deps.log);
  try {
    // A table from before issue #46 has its players' settings moved into one item each, a page a minute (free once done).
    await deps.store.moveOldSettings(SETTINGS_MOVED_PER_SWEEP);
  } catch (error) {
    deps.log?.({ level: 'error', event: 'sweep-settings-move-failed', error: String(error) });
  }
  return report;
}

/** Items of an old table the sweep looks at a minute while it moves players' settings (`GameStore.moveOldSettings`). */
const SETTINGS_MOVED_PER_SWEEP = 500;

/** Does what is due for one game. */
async function wake(deps: SweepDeps, record: GameRecord, now: number, leaseMs: number): Promise<Outcome> {
  const decoded = decodeMatch(record.state);
  if (!decoded.ok) {
    // Logged once and taken out of the due index (the item stays for inspection), so it cannot
    // come back every minute at the head of the index.
    deps.log?.({ level: 'error', event: 'sweep-undecodable-match', game: record.id, error: decoded.error });
    await deps.store.setAlarm(record.id, record.version, record.alarm, record.alarm, undefined);
    return 'corrupt';
  }
  const state = decoded.value;
  if (record.alarm?.sendingUntil !== undefined && record.alarm.sendingUntil > now) return 'raced';
  if (record.status === 'finished' || record.status === 'closed') return record.alarm ? announce(deps, record, state, now, leaseMs) : fadeWhenDue(deps, record, state, now);
  const deadline = nextDeadline(state);
  if (deadline !== undefined && deadline <= now) return end(deps, record, state, now, leaseMs);
  if (deadline === undefined && state.phase === 'playing' && now - record.updatedAt >= ABANDONED_AFTER_MS) return abandon(deps, record, state, now, leaseMs);
  return remind(deps, record, state, now, leaseMs);
}

/** Applies a time-out or an expiry through the reducer and stores it with a pending announcement. */
async function end(deps: SweepDeps, record: GameRecord, state: MatchState, now: number, leaseMs: number): Promise<Outcome> {
  const applied = apply(state, { type: 'tick' }, now, diceOf(deps, state, { type: 'tick' }));
  if (!applied.ok || applied.value.events.length === 0) return reschedule(deps, record, state, now);
  const saved = await deps.store.save({ ...nextRecord(record, applied.value.state, now), alarm: { for: now, step: 0 }, dueAt: now }, record.version, {}, { ends: true });
  if (!saved.ok) return 'raced';
  countEvents(deps.metrics, applied.value.events);
  const outcome = await announce(deps, saved.value, applied.value.state, now, leaseMs);
  if (outcome !== 'announced') return outcome;
  return applied.value.state.phase === 'expired' ? 'expired' : 'timedOut';
}

/** Closes a game without a clock that nobody has moved in for 30 days; the match is kept as it was, viewable. */
async function abandon(deps: SweepDeps, record: GameRecord, state: MatchState, now: number, leaseMs: number): Promise<Outcome> {
  const saved = await deps.store.save({ ...record, status: 'closed', updatedAt: now, alarm: { for: now, step: 0 }, dueAt: now }, record.version, {}, { ends: true });
  if (!saved.ok) return 'raced';
  const outcome = await announce(deps, saved.value, state, now, leaseMs);
  return outcome === 'announced' ? 'abandoned' : outcome;
}

/** The platform a game is played on: its chat's, else (a game from inline mode) its players' (`<platform>:<id>`). */
function platformOf(record: GameRecord): string {
  return record.chat?.platform ?? record.players[0]?.split(':')[0] ?? '';
}

/**
 * The notices of one wake-up, sent through the game's messenger. It counts what was tried and
 * what arrived: nothing arriving is retried a minute later, but a messenger that cannot write
 * unprompted here (not wired in this process) is logged and not retried every minute until the deadline.
 */
function courier(deps: SweepDeps, record: GameRecord) {
  let tried = 0;
  let arrived = 0;
  const platform = platformOf(record);
  const messenger: Messenger | undefined = deps.messengers[platform];
  const emit: Emit = async (effect: Effect) => {
    const unprompted = messenger?.unprompted;
    if (!unprompted) return void deps.log?.({ level: 'warn', event: 'sweep-no-emitter', platform, game: record.id });
    tried++;
    const sent = await unprompted(effect);
    if (sent) arrived++;
    return sent;
  };
  return {
    emit,
    messenger,
    get undelivered(): boolean {
      return tried > 0 && arrived === 0;
    },
    get tried(): boolean {
      return tried > 0;
    },
  };
}

/**
 * Tells everyone how a game ended (`publish.ts`): the board in its chat redrawn with the result
 * (or a challenge message marked expired), a line in the chat, and each player privately.
 */
async function announce(deps: SweepDeps, record: GameRecord, state: MatchState, now: number, leaseMs: number): Promise<Outcome> {
  const alarm = record.alarm;
  if (!alarm) return reschedule(deps, record, state, now);
  const claimed = await claim(deps.store, record, alarm, alarm, now, leaseMs);
  if (!claimed) return 'raced';
  const lang = await recallBoardLang(deps.store, record);
  const post = courier(deps, record);
  const words = record.status === 'closed' ? (l: Lang) => t(l, 'sweep.abandoned', { game: gameLabel(state, l) }) : undefined;
  if (!post.messenger) {
    deps.log?.({ level: 'warn', event: 'sweep-no-emitter', platform: platformOf(record), game: record.id });
  } else {
    const publisher = { deps: { ...deps, now: () => now }, emit: post.emit, messenger: post.messenger };
    if (state.phase === 'expired') await tellChallengeOver(publisher, record, state, noteOf(record, CHALLENGE_MESSAGE), t(lang, 'challenge.expired'));
    else await tellEnding(publisher, record, state, lang, { words });
  }
  if (post.undelivered) {
    await release(deps.store, record, claimed, alarm, now + RETRY_MS);
    return 'retried';
  }
  await mark(deps.store, record, claimed, (latest) => ({ alarm: undefined, dueAt: fadeAt(latest.updatedAt) }));
  return 'announced';
}

/** Fades a game over for `FADE_AFTER_MS`; one woken earlier (a wake-up moved by hand, a clock skew) waits for its day. */
async function fadeWhenDue(deps: SweepDeps, record: GameRecord, state: MatchState, now: number): Promise<Outcome> {
  const at = fadeAt(record.updatedAt);
  if (now < at) return (await deps.store.setAlarm(record.id, record.version, undefined, undefined, at)) ? 'rescheduled' : 'raced';
  // The last chance to finish a rating a crash left half written (a no-op for one rated in full).
  await rateAtMatchEnd(deps.store, record, state, record.updatedAt);
  return (await fade(deps.store, record, state)) ? 'faded' : 'raced';
}

/** Sends the reminder that is due, or moves the wake-up to when one will be. */
async function remind(deps: SweepDeps, record: GameRecord, state: MatchState, now: number, leaseMs: number): Promise<Outcome> {
  const seat = seatToAct(state);
  const player = seat === null ? null : state.players[seat];
  const deadline = deadlineOf(state);
  if (!player || deadline === undefined) return reschedule(deps, record, state, now);
  const [memory] = await recallPlayers(deps.store, [{ id: player.id, language: boardLanguage(record) }]);
  const plan = planReminder(state, record.alarm, memory.prefs, now);
  if (!plan) return reschedule(deps, record, state, now);
  if (plan.kind === 'wait') {
    const written = await deps.store.setAlarm(record.id, record.version, record.alarm, { for: deadline, step: plan.step }, plan.next);
    return written ? 'rescheduled' : 'raced';
  }
  const current: Alarm = { for: deadline, step: plan.step };
  const claimed = await claim(deps.store, record, record.alarm, current, now, leaseMs);
  if (!claimed) return 'raced';
  const lang = memory.lang;
  const text = t(lang, 'sweep.reminder', { name: player.name, game: gameLabel(state, lang), left: leftText(lang, deadline - now) });
  // Privately when the player has opened the bot; else, or if that fails, in the game's chat.
  const places = [memory.privateChat, record.chat].filter((c, i, all): c is ChatRef => c !== undefined && all.findIndex((d) => d?.chatId === c.chatId) === i);
  const post = courier(deps, record);
  const board = noteOf(record, BOARD);
  const link = board ? post.messenger?.messageLink(board) : undefined;
  const buttons = link ? [[{ label: t(lang, 'sweep.openBoard'), url: link }]] : undefined;
  for (const place of places) if (await post.emit({ kind: 'text', chat: place, text, buttons })) break;
  if (post.undelivered) {
    await release(deps.store, record, claimed, current, now + RETRY_MS);
    return 'retried';
  }
  await mark(deps.store, record, claimed, (latest) => {
    const alarm = { for: deadline, step: plan.step + 1 };
    return { alarm, dueAt: latest === record ? plan.next : wakeAt(latestState(latest) ?? state, alarm, latest.updatedAt) };
  });
  return post.tried ? 'reminded' : 'rescheduled';
}

function latestState(record: GameRecord): MatchState | undefined {
  const decoded = decodeMatch(record.state);
  return decoded.ok ? decoded.value : undefined;
}

/** Puts the wake-up back where the match says it belongs (nothing was due after all). */
async function reschedule(deps: SweepDeps, record: GameRecord, state: MatchState, now: number): Promise<Outcome> {
  const dueAt = wakeAt(state, record.alarm, record.updatedAt);
  const written = await deps.store.setAlarm(record.id, record.version, record.alarm, record.alarm, dueAt !== undefined && dueAt <= now ? now + RETRY_MS : dueAt);
  return written ? 'rescheduled' : 'raced';
}

/** Claims the notice `notice` for `leaseMs` if the game still has the alarm `expected`; the claimed alarm, or undefined if another sweep or a move came first. */
async function claim(store: GameStore, record: GameRecord, expected: Alarm | undefined, notice: Alarm, now: number, leaseMs: number): Promise<Alarm | undefined> {
  const claimed: Alarm = { for: notice.for, step: notice.step, sendingUntil: now + leaseMs };
  return (await store.setAlarm(record.id, record.version, expected, claimed, now + leaseMs)) ? claimed : undefined;
}

/** Drops a claim whose notice did not go out, so that it is tried again at `retryAt`. */
async function release(store: GameStore, record: GameRecord, claimed: Alarm, unclaimed: Alarm, retryAt: number): Promise<void> {
  await mark(store, record, claimed, (latest) => ({ alarm: { for: unclaimed.for, step: unclaimed.step }, dueAt: latest === record ? retryAt : Math.min(retryAt, latest.dueAt ?? retryAt) }));
}

/**
 * Replaces a claimed alarm. A move saved meanwhile keeps the claim when it left the deadline
 * alone (a checker step within the turn), so the mark follows it to the new version; a move that
 * changed the deadline dropped the claim with its alarm, and there is nothing left to mark.
 */
async function mark(store: GameStore, record: GameRecord, claimed: Alarm, next: (latest: GameRecord) => { alarm: Alarm | undefined; dueAt: number | undefined }): Promise<void> {
  let latest = record;
  for (let attempt = 0; attempt < 3; attempt++) {
    const { alarm, dueAt } = next(latest);
    if (await store.setAlarm(latest.id, latest.version, claimed, alarm, dueAt)) return;
    const reloaded = await store.load(record.id);
    if (!reloaded.ok || JSON.stringify(reloaded.value.alarm) !== JSON.stringify(claimed)) return;
    latest = reloaded.value;
  }
}
