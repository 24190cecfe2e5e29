/**
 * The app layer's door: the conversation every platform shares, the match use cases, and the
 * scheduler's sweep.
 */
export { handleIntent } from './bot.ts';
export type { AppDeps } from './bot.ts';
export type { BoardView, Button, ChallengeChoices, ChatUser, Effect, Emit, InlineResult, Intent, MessageRef } from './chat.ts';
export { loadMatch, openChallenge, recordOf, runCommand } from './matches.ts';
export type { AppError, MatchDeps, Outcome } from './matches.ts';
export { decodeToken, encodeToken } from './tokens.ts';
export type { Choice, Token } from './tokens.ts';
export { boardView, MAX_LISTED_PLAYS } from './views.ts';
export { variantOfWord } from './variant-words.ts';
export { sweep } from './sweep.ts';
export type { SweepDeps, SweepOptions, SweepReport } from './sweep.ts';
