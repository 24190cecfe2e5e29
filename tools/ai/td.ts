/**
 * One self-play game and the training steps it gives, shared by train.ts and its workers
 * (train-worker.ts): the TD(λ) of TD-Gammon, or look-ahead targets (see train.ts's header).
 * Allocates nothing per game.
 */
import type { NetEvaluator } from '../../src/ai/evaluators.ts';
import { newFeatures } from '../../src/ai/features.ts';
import { OUTPUTS, flipOutputs } from '../../src/ai/net.ts';
import { BOARD, type AiRules } from '../../src/ai/rules.ts';
import { Lookahead } from './lookahead.ts';
import { MAX_TURNS, SelfPlay } from './self-play.ts';

export interface TdOptions {
  /** λ of the TD return over the 0-ply values. */
  readonly lambda: number;
  /** Targets: the λ-return (`td`), the net's own 1-ply, or its reduced 2-ply. */
  readonly target: 'td' | 'one-ply' | 'two-ply';
  /** With look-ahead targets, the λ of a return built on them instead (0: the look-ahead value alone). */
  readonly lookLambda: number;
  /** The share of turns in which self-play makes its second-best play (meant for look-ahead targets, which do not depend on the play made). */
  readonly explore: number;
}

export class TdGames {
  private readonly f = newFeatures();
  private readonly game: SelfPlay;
  /** The net's outputs for each turn's board, as self-play saw them. */
  private readonly outs = new Float32Array(MAX_TURNS * OUTPUTS);
  /** Each position's look-ahead value (1-ply or 2-ply) in its mover's view. */
  private readonly looked = new Float32Array(MAX_TURNS * OUTPUTS);
  private readonly target = new Float32Array(OUTPUTS);
  private readonly next = new Float32Array(OUTPUTS);
  private readonly look: Lookahead;

  constructor(private readonly ev: NetEvaluator, rules: AiRules, private readonly o: TdOptions, random: () => number) {
    this.game = new SelfPlay(rules, random);
    this.look = new Lookahead(rules);
  }

  /** Plays a game and trains the net on its positions at the step `alpha`: its turns and the mean squared error of its steps. */
  play(alpha: number): { turns: number; error: number } {
    const { ev, o, outs, looked, target, next, f } = this, net = ev.net, states = this.game.states;
    const lookahead = o.target !== 'td';
    const t = this.game.play(ev, o.explore, (at) => {
      ev.score(states, at);
      outs.set(ev.last, (at / BOARD) * OUTPUTS);
    });
    let error = 0;
    if (lookahead) {
      // Every position's look-ahead value first (with the net as it was during the game), then a
      // return over them backwards: λ 0 is the look-ahead value alone.
      for (let s = 0; s < t - 1; s++) {
        const v = looked.subarray(s * OUTPUTS, s * OUTPUTS + OUTPUTS);
        if (o.target === 'two-ply') this.look.twoPly(states, s * BOARD, ev, v);
        else this.look.onePly(states, s * BOARD, ev, v);
      }
      for (let k = 0; k < OUTPUTS; k++) next[k] = outs[(t - 1) * OUTPUTS + k];
      for (let s = t - 2; s >= 0; s--) {
        flipOutputs(target, next);
        for (let k = 0; k < OUTPUTS; k++) target[k] = (1 - o.lookLambda) * looked[s * OUTPUTS + k] + o.lookLambda * target[k];
        next.set(target);
        net.forward(ev.encode(states, s * BOARD, f));
        error += net.train(f, target, alpha);
      }
      return { turns: t, error: error / Math.max(1, t - 1) };
    }
    // Backward pass: λ-returns, each in the view of the side that made that turn.
    for (let k = 0; k < OUTPUTS; k++) target[k] = outs[(t - 1) * OUTPUTS + k];
    for (let s = t - 2; s >= 0; s--) {
      for (let k = 0; k < OUTPUTS; k++) next[k] = (1 - o.lambda) * outs[(s + 1) * OUTPUTS + k] + o.lambda * target[k];
      flipOutputs(target, next);
      net.forward(ev.encode(states, s * BOARD, f));
      error += net.train(f, target, alpha);
    }
    return { turns: t, error: error / Math.max(1, t - 1) };
  }
}
