/**
 * The rules engine's one door (STYLE.md §1). Pure: no I/O, no clock, no randomness — dice come in
 * as arguments. Other layers import from here, never from a file inside.
 */

// Common: positions, plays, turns, results.
export { BAR, OFF, PINNED, SIDE_LENGTH, checkerCount, copyBoard, emptySide, isPinned, opponentPoint, pipCount, sameBoard, swapSides } from './board.ts';
export type { Board, Family, SideCheckers } from './board.ts';
export { countLegalPlays, legalPlays } from './plays.ts';
export type { Dice, Play, Position, TurnContext } from './plays.ts';
export type { Step } from './board.ts';
export { applySteps, turnProgress, undoStep } from './turn.ts';
export type { TurnProgress } from './turn.ts';
export { gameResult, isGameOver, isLastRollDue, scoredKind } from './scoring.ts';
export type { GameResult } from './scoring.ts';
export { nextGameStarter, openingThrow } from './opening.ts';
export { ladderStart, nextRung } from './ladder.ts';
export type { LadderRung } from './ladder.ts';
export type { Opening } from './opening.ts';
export { VARIANTS, findVariant, resolveOptions, startBoard } from './variants/index.ts';
export type { DoublesLadder, EarlyEnd, OpeningRule, Variant, VariantId, VariantOptions, WinKind } from './variants/index.ts';
export { InvariantError, assertNever, fail, ok } from './result.ts'; // also in src/lib, for the engine's own users
export type { EngineError, Result } from './result.ts';

// Notation and codecs.
export { formatDice, formatSteps } from './notation-format.ts';
export { parseDice, parsePlay, parseWrittenPlay } from './notation.ts';
export type { WrittenJourney, WrittenPlay } from './notation.ts';
export { formatPositionId, parsePositionId } from './codecs/position-id.ts';
export { formatXgid, parseXgid } from './codecs/xgid.ts';
export type { XgidInfo } from './codecs/xgid.ts';
export { formatBoardJson, parseBoardJson } from './codecs/board-json.ts';

// Advanced: the raw generator and perft, for benchmarks and tools.
export { Generator } from './generate.ts';
export type { TurnRules } from './generate.ts';
export { generateTurn, loadBoard, turnRulesFor } from './plays.ts';
export { perft } from './perft.ts';
export type { PerftDivide } from './perft.ts';
