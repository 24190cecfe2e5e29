/**
 * Whole games at the match layer between the computer (seat 1, a challenge to it) and a scripted
 * opponent (seat 0): every command goes through the reducer, so a choice the rules refuse is an
 * error, in every variant with all its rules (bomb, doubles ladder, first hit, pins). Shared by
 * the legality test (tests/ai/legal.test.ts) and the variants bench (bench/ai-variants.ts).
 */
import { PipHit, seededRandom, rollDie, type AiLevel, type Evaluator } from '../src/ai/index.ts';
import { computerCommand, type ComputerBrain } from '../src/app/computer.ts';
import type { DiceSource } from '../src/dice/index.ts';
import { legalPlays, type Play, type VariantId } from '../src/engine/index.ts';
import {
  COMPUTER_ID, apply, createChallenge, mayDetonate, mayDouble, positionOf, seatToAct, turnContextOf, type Command, type MatchState,
} from '../src/game/index.ts';

export const OPPONENT = { id: 'bench:1', name: 'Opponent' } as const;

/** The opponents the computer is measured against: a random legal player and a greedy pip-and-hit one. */
export type Opponent = 'random' | 'greedy';

function seededDice(seed: number): DiceSource {
  const random = seededRandom(seed);
  return { die: () => rollDie(random) };
}

const greedyEval: Evaluator = new PipHit();
const scratch = new Int8Array(52);

function greedyScore(play: Play): number {
  for (let i = 0; i < 26; i++) { scratch[i] = play.board[0][i]; scratch[26 + i] = play.board[1][i]; }
  return greedyEval.score(scratch, 0);
}

/** The opponent's command at seat 0: random cube and bomb choices for the random player, none for the greedy one. */
function opponentCommand(state: MatchState, kind: Opponent, random: () => number): Command {
  const by = OPPONENT.id;
  const game = state.game!;
  const t = game.turn;
  switch (t.stage) {
    case 'decide':
      if (kind === 'random' && mayDetonate(state) && random() < 0.3) return { type: 'detonate', by };
      if (kind === 'random' && mayDouble(state) && random() < 0.05) return { type: 'double', by };
      return { type: 'roll', by };
    case 'doubled':
    case 'beavered':
      return { type: kind === 'greedy' || random() < 0.7 ? 'take' : 'pass', by };
    case 'resignOffered':
      return { type: 'declineResign', by };
    case 'moving': {
      const plays = legalPlays(positionOf(state.settings, game), t.dice!, turnContextOf(game));
      if (plays.length === 0) return { type: 'play', by, move: 'Ø' };
      if (kind === 'random') return { type: 'play', by, move: plays[Math.floor(random() * plays.length)].move };
      let best = plays[0], bestScore = -Infinity;
      for (const p of plays) { const s = greedyScore(p); if (s > bestScore) { best = p; bestScore = s; } }
      return { type: 'play', by, move: best.move };
    }
    case 'opening':
      throw new Error('the opening throw is the server\'s');
  }
}

export interface TableResult {
  /** Points the computer won (negative: lost; 0: a draw). */
  readonly points: number;
  /** Commands the computer gave, every one accepted by the reducer. */
  readonly decisions: number;
  /** The match at the end (finished, or stopped at the bound on commands). */
  readonly state: MatchState;
}

/** A bound on commands in one game; real games take a few hundred. */
const MAX_COMMANDS = 1500;

/**
 * Plays one single game (no match length) of `variant`: the computer at `level` against
 * `opponent`; throws when the reducer refuses any command of either side.
 */
export function playTable(brain: ComputerBrain, variant: VariantId, level: AiLevel, opponent: Opponent, seed: number): TableResult {
  const dice = seededDice(seed);
  const random = seededRandom(seed ^ 0x5bd1e995);
  const created = createChallenge({ id: `bench-${seed}`, by: OPPONENT, invitee: null, settings: { variant, computer: level, matchLength: 0, colour: 'white' } }, 0);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value.state;
  let decisions = 0;
  const run = (command: Command) => {
    const r = apply(state, command, 0, dice);
    if (!r.ok) throw new Error(`${variant} ${level}: ${JSON.stringify(command)} refused at ${state.game?.turn.stage}: ${r.error.message}`);
    state = r.value.state;
  };
  run({ type: 'accept', by: { id: COMPUTER_ID, name: 'Computer' } });
  for (let i = 0; i < MAX_COMMANDS && state.phase === 'playing'; i++) {
    const seat = seatToAct(state);
    if (seat === 1) {
      const command = computerCommand(state, brain);
      if (!command) throw new Error(`${variant} ${level}: the computer has no command at ${state.game?.turn.stage}`);
      decisions++;
      run(command);
    } else if (seat === 0) run(opponentCommand(state, opponent, random));
    else throw new Error(`${variant}: nobody to act at ${state.game?.turn.stage}`);
  }
  if (state.phase !== 'finished') return { points: 0, decisions, state }; // a mutual closeout that never ends: a draw
  const ended = [...state.history].reverse().find((e) => e.type === 'gameEnded');
  const points = ended?.type === 'gameEnded' && ended.winner !== null ? (ended.winner === 1 ? 1 : -1) * ended.points : 0;
  return { points, decisions, state };
}
