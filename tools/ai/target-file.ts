/**
 * The file between targets.ts and fit.ts: one record per position, little-endian — the board after
 * the play (`BOARD` int8s, the mover first), the game's number in its file (uint32), and the 5
 * targets (float32, in the mover's view).
 */
import { OUTPUTS } from '../../src/ai/net.ts';
import { BOARD } from '../../src/ai/rules.ts';

/** Bytes per position. */
export const RECORD = BOARD + 4 + OUTPUTS * 4;
/** Where a record's game number starts, and its targets. */
export const GAME_AT = BOARD;
export const TARGETS_AT = BOARD + 4;
/** fit.ts holds out the games whose number is a multiple of this (and order-check.ts judges them). */
export const HOLD_OUT = 20;
