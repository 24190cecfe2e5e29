/**
 * The `.mat` file that the History button of a finished short game sends through the Telegram
 * stand-in (the flow of ending.test.ts, tests/platforms/telegram/ending-history.ts), imported by the
 * real gnubg. `npm run test:system`: needs Debian's gnubg, and fails without it saying what to
 * install (tests/game/gnubg.ts); never skipped.
 */
import { describe, expect, it } from 'vitest';
import { gnubgImport } from '../../game/gnubg.ts';
import { problems, setupE2e } from './e2e-harness.ts';
import { documentText, resignedShortGame } from './ending-history.ts';

setupE2e();

describe('issue 16 end to end: the history of a finished match as a file gnubg imports', () => {
  it('a short game resigned: the .mat the History button sends imports into gnubg as a 0-point match, one game resigned for 1 point', async () => {
    const { gameId, state, file } = await resignedShortGame();
    const imported = gnubgImport(documentText(file), `e2e-${gameId}`);
    expect(imported.info['match-length']).toBe(0);
    expect(imported.games.map((g) => [g.winner, g['points-won'], g.resigned])).toEqual([[state.result!.winner === 0 ? 'X' : 'O', 1, true]]);
    expect(problems).toEqual([]);
  }, 600_000);
});
