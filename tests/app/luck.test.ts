/**
 * Issue #18's 🍀 Luck: luck is a roll's value minus the average over the rolls that could have
 * come, so over all 21 rolls, weighted by their chances, it sums to zero; a game's counts add up
 * (every roll of it is someone's), and a board of a game from before checkable dice says so.
 */
import { describe, expect, it } from 'vitest';
import * as brain from '../../src/ai/index.ts';
import { EXPECTED_PIPS, gameLuck, gameRolls, luckText } from '../../src/app/luck.ts';
import { boardView } from '../../src/app/views.ts';
import { startBoard, VARIANTS } from '../../src/engine/index.ts';
import { t } from '../../src/i18n/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { randomFairMatch } from '../dice/fixture.ts';

describe('luck', () => {
  it.each(['short', 'long'] as const)('%s: the luck of all 21 rolls, weighted by chance, sums to zero', (variant) => {
    const meter = new brain.LuckMeter({ variant, options: {} });
    const start = startBoard(VARIANTS[variant])[0];
    const position = { variant, board: [start.slice(), start.slice()] as const, options: {} };
    let sum = 0;
    for (const [a, b, w] of brain.ROLLS) sum += w * meter.luck(position as never, [a, b], variant === 'long');
    expect(Math.abs(sum / 36)).toBeLessThan(1e-9);
    // And not all rolls are equal: some are lucky.
    expect(Math.abs(meter.luck(position as never, [6, 6], variant === 'long'))).toBeGreaterThan(0.01);
  });

  it('a game\'s rolls, doubles and pips add up, and the luck text names both players', () => {
    const state = randomFairMatch(mulberry32(21), 'short', 'white');
    const rolls = gameRolls(state, 1);
    const [a, b] = gameLuck(state, 1, brain);
    expect(a.rolls + b.rolls).toBe(rolls.length);
    expect(a.doubles + b.doubles).toBe(rolls.filter((r) => r.dice[0] === r.dice[1]).length);
    expect(a.equity).toBeTypeOf('number');
    const text = luckText(state, 1, 'en', brain);
    for (const p of state.players) expect(text).toContain(p!.name);
    expect(text).toContain((a.rolls * EXPECTED_PIPS).toFixed(1));
  });

  it('a board without a commitment says its dice are the server\'s random ones', () => {
    const state = randomFairMatch(mulberry32(4), 'long', 'white', undefined, 8);
    const { fair: _fair, ...old } = state;
    expect(boardView(old, 1, 'en', 0).caption).toContain(t('en', 'dice.uncommitted'));
    expect(boardView(state, 1, 'en', 0).caption).toContain(t('en', 'dice.committedShort', { short: state.fair!.commitment.slice(0, 16) }));
  });
});
