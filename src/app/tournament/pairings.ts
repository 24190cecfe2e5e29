/**
 * A round's pairings become ordinary matches in the tournament's chat: each a challenge from the
 * pairing's first player addressed to the second (the `/nardy @user` kind of challenge), whose
 * Accept starts it; the game carries the tournament's id in its note `tournament`, so its end is
 * counted (`match-end.ts`). The game's id is the pairing's match id, so creating it again (a
 * retry, the scheduler's heal) finds it instead of making a second one.
 */
import { cubeByDefault, type MatchState } from '../../game/index.ts';
import type { GameRecord } from '../../store/index.ts';
import { t, type Lang } from '../../i18n/index.ts';
import { openChallenge } from '../matches.ts';
import { noteNamed } from '../named.ts';
import type { Button, MessageRef } from '../ports.ts';
import type { Teller } from './publisher.ts';
import { ADDRESSEE, CHALLENGE_MESSAGE, noted, setNotes, TOURNAMENT } from '../remembered.ts';
import { clockChoice, diceButton, settingsLine, withCommitment } from '../texts.ts';
import { encodeToken } from '../tokens.ts';
import { entrant, type Pairing, type Tournament } from './model.ts';

const DAY = 24 * 3600_000;

/** The settings of the tournament's matches, as a challenge takes them. */
function matchSettings(tm: Tournament) {
  const s = tm.settings;
  const doubling = cubeByDefault(s.variant, s.matchLength); // as any challenge (#47 B4)
  const clock = clockChoice(s.clock);
  return { variant: s.variant, matchLength: s.matchLength, doubling, crawford: doubling && s.matchLength > 1, ...(clock === undefined ? {} : { clock }) };
}

/** How long a pairing's challenge waits for its Accept: a move's time in correspondence, else a day. */
function acceptWithin(tm: Tournament): number {
  const clock = clockChoice(tm.settings.clock);
  return clock?.kind === 'correspondence' ? clock.daysPerMove * DAY : DAY;
}

/**
 * Opens the challenge of a pairing and posts it in the tournament's chat. Returns false when its
 * game existed already (nothing is posted again).
 */
export async function postPairing(p: Teller, tm: Tournament, round: number, pairing: Pairing): Promise<boolean> {
  const a = entrant(tm, pairing.a), b = entrant(tm, pairing.b);
  const opened = await openChallenge(p.deps, { id: pairing.match, by: a, invitee: b.id, settings: matchSettings(tm), ttlMs: acceptWithin(tm) },
    tm.chat, tm.lang, { ...noted(TOURNAMENT, tm.id), ...noted(ADDRESSEE, b.name) });
  if (!opened.ok) return false;
  // Not in the invited player's index until accepted: their `/games` (and `/forget`) find it through this.
  await noteNamed(p.deps.store, b.id, 'challenges', pairing.match, p.deps.now());
  await announcePairing(p, tm, round, pairing, opened.value.record, opened.value.state);
  return true;
}

/**
 * Posts a pairing's challenge message (Accept / Decline) and notes it on the game, so that its
 * expiry edits it; with `message`, redraws that one in place instead (its buttons at the game's version now).
 */
export async function announcePairing(p: Teller, tm: Tournament, round: number, pairing: Pairing, record: GameRecord, state: MatchState, message?: MessageRef): Promise<void> {
  const a = entrant(tm, pairing.a), b = entrant(tm, pairing.b);
  const buttons = pairingButtons(state, record.version, tm.lang);
  const text = withCommitment(state, tm.lang, t(tm.lang, 'tournament.challenge', { round: round + 1, a: p.messenger.mention(a), b: p.messenger.mention(b), settings: settingsLine(state, tm.lang) }));
  if (message !== undefined) return void (await p.emit({ kind: 'editText', message, text, buttons }));
  const sent = await p.emit({ kind: 'text', chat: tm.chat, text, buttons });
  if (sent) await setNotes(p.deps.store, state.id, [CHALLENGE_MESSAGE, sent]);
}

/**
 * A pairing's buttons: Accept, Decline. No Cancel and no Settings: the tournament fixed them;
 * Decline gives the match up. 🔐 as on any challenge (#48), on a row below: the whole commitment is
 * shown before Accept takes the seeds and rolls. Not a rule: a view.
 */
export function pairingButtons(state: MatchState, version: number, lang: Lang): Button[][] {
  const token = (k: 'accept' | 'decline') => encodeToken({ surface: 'text', gameId: state.id, version, choice: { k } });
  const dice = diceButton(state, version, lang);
  return [[{ label: t(lang, 'button.accept'), token: token('accept') }, { label: t(lang, 'button.decline'), token: token('decline') }], ...(dice.length > 0 ? [dice] : [])];
}

/** Posts the challenges of the rounds `after` opened since `before` (all of them for a start). */
export async function postNewRounds(p: Teller, before: Tournament | undefined, after: Tournament): Promise<void> {
  for (let round = before?.rounds.length ?? 0; round < after.rounds.length; round++) {
    for (const pairing of after.rounds[round]!.pairings) if (pairing.result === undefined) await postPairing(p, after, round, pairing);
  }
}
