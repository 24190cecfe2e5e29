/**
 * Healing a tournament: its pending matches read again, and any that is over but not counted
 * counted (a process that died between a match's final write and the tournament's update), any
 * pairing whose challenge was never opened opened (one that died between the round's write and
 * the challenges), and a challenge opened but never posted (one that died in between) posted once
 * it is `UNPOSTED_AFTER_MS` old (younger, its writer may still be posting it), and a removed
 * player's game left in play closed (`withdraw.ts`). The Refresh button does it at once; the
 * scheduler does it for every tournament being played every `HEAL_EVERY_MS` (its item is on the
 * due index while it is played, or while a removed player's game is left to close). A sign-up
 * is on the due index too, due when it expires: the scheduler closes it then (issue #45).
 */
import { decodeMatch } from '../../game/index.ts';
import type { AppDeps, Emit } from '../ports.ts';
import type { Teller } from './publisher.ts';
import { countTournamentMatch, publishChange } from './flow.ts';
import { outcomeOf } from './match-end.ts';
import { expire, pairingOf, pendingPairings } from './model.ts';
import { announcePairing, postPairing } from './pairings.ts';
import { CHALLENGE_MESSAGE, noteOf } from '../remembered.ts';
import { changeTournament, loadTournament, type Loaded } from './stored.ts';
import { closeRemovedMatches } from './withdraw.ts';

/** How old a challenge without its message must be before the heal posts it. */
const UNPOSTED_AFTER_MS = 2 * 60_000;

/** Reads the tournament's pending matches and counts or opens what a crash left; returns how many it mended. */
export async function healTournament(p: Teller, loaded: Loaded): Promise<number> {
  const tm = loaded.tournament;
  let mended = 0;
  for (const pairing of pendingPairings(tm)) {
    const read = await p.deps.store.load(pairing.match);
    if (!read.ok) {
      if (read.error.kind === 'not-found' && (await postPairing(p, tm, pairingOf(tm, pairing.match)!.round, pairing))) mended++;
      continue;
    }
    const state = decodeMatch(read.value.state);
    if (state.ok && state.value.phase === 'challenge' && noteOf(read.value, CHALLENGE_MESSAGE) === undefined && p.deps.now() - read.value.updatedAt >= UNPOSTED_AFTER_MS) {
      await announcePairing(p, tm, pairingOf(tm, pairing.match)!.round, pairing, read.value, state.value);
      mended++;
      continue;
    }
    const outcome = state.ok ? outcomeOf(read.value, state.value) : undefined;
    if (outcome !== undefined && (await countTournamentMatch(p, tm.id, pairing.match, outcome))) mended++;
  }
  // A removed player's games a crash left in play (#48): closed now.
  if ((tm.closing?.length ?? 0) > 0) mended += await closeRemovedMatches(p, tm);
  return mended;
}

/**
 * The scheduler's part: every tournament due is healed and put back on the due index for the next
 * look (a write of its own, which a concurrent change may win: then that change set the time).
 * Returns how many tournaments it looked at.
 */
export async function healDueTournaments(deps: AppDeps, now: number, log?: (entry: Readonly<Record<string, unknown>>) => void): Promise<number> {
  let due: Awaited<ReturnType<typeof deps.store.listDueTournaments>>;
  try {
    due = await deps.store.listDueTournaments(now, 50);
  } catch (error) {
    // The games were swept already; the tournaments wait for the next sweep.
    log?.({ level: 'error', event: 'sweep-tournaments-failed', error: String(error) });
    return 0;
  }
  for (const bad of due.corrupt) log?.({ level: 'error', event: 'sweep-corrupt-tournament', key: bad.key, reason: bad.reason });
  for (const record of due.records) {
    try {
      const loaded = await loadTournament(deps.store, record.id);
      if (loaded === undefined) continue;
      const messenger = deps.messengers[loaded.tournament.chat.platform];
      const unprompted: Emit | undefined = messenger?.unprompted;
      if (messenger === undefined || unprompted === undefined) {
        log?.({ level: 'warn', event: 'sweep-no-emitter', platform: loaded.tournament.chat.platform, tournament: record.id });
        continue;
      }
      const teller = { deps: { ...deps, now: () => now }, emit: unprompted, messenger };
      if (loaded.tournament.phase === 'signup') {
        // A sign-up is due once, when it expires (`SIGNUP_TTL_MS`): closed, and its message says so.
        const closed = await changeTournament(deps.store, record.id, now, (tm) => expire(tm, now), loaded);
        if (closed.ok && closed.value !== 'already') await publishChange(teller, closed.value.before, closed.value.after);
        continue;
      }
      await healTournament(teller, loaded);
      // Looked at: due again in HEAL_EVERY_MS (a change meanwhile moved it already; this loses to it and that is fine).
      const latest = await loadTournament(deps.store, record.id);
      if (latest !== undefined && latest.record.version === loaded.record.version) await changeTournament(deps.store, record.id, now, (tm) => ({ ok: true, value: tm }), latest);
    } catch (error) {
      log?.({ level: 'error', event: 'sweep-tournament-failed', tournament: record.id, error: String(error) });
    }
  }
  return due.records.length;
}
