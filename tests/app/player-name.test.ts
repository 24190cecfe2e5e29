/**
 * The computer's display name (issue #49 item 3): stored as the language that accepted the
 * challenge wrote it, it is shown on each board and in each text in that text's language.
 */
import { describe, expect, it } from 'vitest';
import { boardView } from '../../src/app/index.ts';
import { playerName } from '../../src/app/player-name.ts';
import { COMPUTER_ID } from '../../src/game/index.ts';
import { T0, challenge, step } from '../game/fixture.ts';

/** Ann against the strong computer, accepted under its English name. */
const state = step(challenge({ variant: 'short', computer: 'strong' }, undefined, null), { type: 'accept', by: { id: COMPUTER_ID, name: 'Computer (strong)' } }, [6, 1]);

describe('#49: the computer is named in the language of the text', () => {
  it('names the computer with its level in ru, ka and en, and a person as the chat showed them', () => {
    expect(playerName(state, 1, 'ru')).toBe('Компьютер (сильный)');
    expect(playerName(state, 1, 'ka')).toBe('კომპიუტერი (ძლიერი)');
    expect(playerName(state, 1, 'en')).toBe('Computer (strong)');
    expect(playerName(state, 0, 'ru')).toBe(state.players[0]!.name);
    expect(playerName(state, null, 'ru')).toBe('?');
  });

  it('a Russian board shows no English name of the computer', () => {
    const view = boardView(state, 1, 'ru', T0, {});
    expect(view.caption).toContain('Компьютер (сильный)');
    expect(view.caption).not.toContain('Computer');
    expect(JSON.stringify(view.picture)).not.toContain('Computer');
  });
});
