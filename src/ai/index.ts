/**
 * The computer opponent's one door: players of three levels for both variants, their cube
 * decisions, and the evaluators the benches compare. Depends on the engine only.
 */
export { AI_LEVELS, ComputerPlayer, DETONATE_GAIN, LONG_DEEP, LOOKAHEAD, MOVE_TIME_LIMIT_MS, Teacher, loadInto, netFor } from './player.ts';
export type { AiLevel, RankedPlay } from './player.ts';
export { BEAVER_MARGIN, DOUBLE_FROM, TAKE_BELOW, TOO_GOOD, bestAction, cubefulAnswer, cubefulBeaverAnswer, cubefulDouble, doubleDecision, doublerEquities, takeDecision } from './cube.ts';
export { CONTACT_EFFICIENCY, cashPoint, cubefulEquity, janowskiEquity, raceEfficiency, takePoint } from './janowski.ts';
export { matchWinChance } from './met.ts';
export type { CubeContext, CubeEquities, CubeOwner, DoubleAction, DoubleAnswer } from './cube.ts';
export { LongHeuristic, NetEvaluator, PipHit, PipRace, PlakotoHeuristic, Pubeval, isRace, outputsEquity } from './evaluators.ts';
export type { Evaluator } from './evaluators.ts';
export { Searcher } from './search.ts';
export { BOARD, ROLLS, aiRules, isFirstTurn, swapInto, wonPoints } from './rules.ts';
export type { AiRules } from './rules.ts';
export { rollDie, seededRandom } from './random.ts';
export { LuckMeter, OPENING_ROLLS } from './luck.ts';
