/**
 * The app layer's door: the contract every messenger implements (`ports.ts`), the one entry point
 * for their intents, the match use cases, publishing, and the scheduler's sweep.
 */
export { handleIntent, worthRedelivering } from './dispatch.ts';
export type {
  AppDeps, BoardView, Button, ChallengeChoices, ChatPlatform, ChatRef, ChatUser, Effect, Emit, InlineResult, Intent, MessageRef,
  Messenger, MessengerLimits, Messengers, Metrics, Questions,
} from './ports.ts';
export { BOARD_PAINTER, type Painter } from './painter.ts';
export { loadMatch, openChallenge, recordOf, runCommand } from './matches.ts';
export type { AppError, MatchDeps, Outcome } from './matches.ts';
export { decodeToken, encodeToken, forgetterOfToken, languageOfToken, useTokenKey } from './tokens.ts';
export { tournamentOfToken } from './tournament/buttons.ts';
export type { Choice, Token } from './tokens.ts';
export { boardView } from './views.ts';
export { MAX_LISTED_PLAYS } from './board-buttons.ts';
export { isVariantId, VARIANT_IDS, variantOfWord } from './variant-words.ts';
export type { VariantId } from '../engine/index.ts';
/** The computer's levels, for a messenger that offers them as a command's choices. */
export { COMPUTER_LEVELS } from '../game/index.ts';
export { isTypedMove } from './move-words.ts';
export { sweep } from './sweep.ts';
export { DEFAULT_LIMITS } from './limits.ts';
export type { BucketSpec, Limits } from './limits.ts';
export type { SweepDeps, SweepOptions, SweepReport } from './sweep.ts';
export { BOARD, CHALLENGE_MESSAGE, INVITEE, LANGUAGE, NOTICE, PRIVATE_CHAT, noteOf } from './remembered.ts';
