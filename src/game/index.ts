/**
 * The match layer's one door: a match as a value, changed only by `apply`.
 */

// Common.
export { CHALLENGE_TTL_MS, apply, createChallenge, nextDeadline } from './apply.ts';
export type { Applied, ChallengeInput } from './apply.ts';
export { playsOf, replayHistory, walkHistory } from './replay.ts';
export type { PlayedAt } from './replay.ts';
export { drawsRoll } from './evolve.ts';
export { diceRevealable, transcriptOf } from './transcript.ts';
export type { Transcript, TranscriptRoll } from './transcript.ts';
export { renamePlayer } from './names.ts';
export { decodeMatch, encodeMatch } from './codec.ts';
export type { StoredMatch } from './codec.ts';
export { exportLongText, exportMat } from './export.ts';
export { COMPUTER_LEVELS, DAYS_PER_MOVE, cubeByDefault, defaultSettings, validateSettings } from './settings.ts';
export { seatOf } from './decide.ts';
export { hintedAlready, hintsAllowed, hintsUsed } from './hints.ts';
export { SETTINGS_CHANGES_PER_DAY, VACATION_CHANGES_PER_DAY, mayChangeSettings, mayChangeVacation } from './changes.ts';
export { deadlineOf, seatToAct } from './clock.ts';
export { boardFor, challengerSeat, detonate, forcedSteps, gamePoints, isCrawfordGame, mayDetonate, mayDouble, other, passStake, positionOf, turnContextOf } from './match.ts';
export { COMPUTER_ID, SCHEMA_VERSION, TRANSIENT_EVENTS } from './types.ts';
export type {
  Bomb, ClockSettings, ClockState, Command, ComputerLevel, Cube, FairDice, EndReason, GameEnd, GameError, GameState, MatchEvent, MatchPhase, MatchResult,
  MatchSettings, MatchState, Player, PlayerId, Seat, Turn, TurnStage,
} from './types.ts';
