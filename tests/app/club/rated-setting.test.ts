/**
 * Issue 17: "rated" is a challenge setting, on by default between people, off against the
 * computer and not offered there; the settings keyboard toggles it, and a change of variant keeps it.
 */
import { describe, expect, it } from 'vitest';
import { changedSettings, settingsMessage, settingsLine } from '../../../src/app/texts.ts';
import { decodeToken } from '../../../src/app/tokens.ts';
import { createChallenge, validateSettings, type MatchState } from '../../../src/game/index.ts';
import type { Button } from '../../../src/app/ports.ts';

function challenge(settings: Record<string, unknown>): MatchState {
  const r = createChallenge({ id: 'rated0001', by: { id: 'telegram:1', name: 'Ann' }, invitee: null, settings: { variant: 'short', ...settings } }, 0);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

const ratedButton = (rows: Button[][]) => rows.flat().find((b) => 'token' in b && (decodeToken(b.token)?.choice as { key?: string } | undefined)?.key === 'r');

describe('issue 17: the rated setting', () => {
  it('is on for a challenge between people and says so, off against the computer and not offered there', () => {
    const people = challenge({});
    expect(people.settings.rated).toBe(true);
    expect(settingsLine(people, 'en')).toContain('Rated.');
    expect(ratedButton(settingsMessage(people, 1, 'en').buttons)?.label).toBe('✓ Rated game');
    const computer = challenge({ computer: 'medium' });
    expect(computer.settings.rated).toBe(false);
    expect(ratedButton(settingsMessage(computer, 1, 'en').buttons)).toBeUndefined();
    expect(changedSettings(computer, 'r', '1')).toBeUndefined();
  });

  it('the keyboard turns it off and on, and choosing another variant keeps it', () => {
    const people = challenge({});
    const off = validateSettings(changedSettings(people, 'r', '0') as Parameters<typeof validateSettings>[0]);
    expect(off.ok && off.value.rated).toBe(false);
    const unrated = { ...people, settings: off.ok ? off.value : people.settings };
    expect(ratedButton(settingsMessage(unrated, 1, 'en').buttons)?.label).toBe('Rated game');
    const tavla = validateSettings(changedSettings(unrated, 'v', '7') as Parameters<typeof validateSettings>[0]);
    expect(tavla.ok && tavla.value.rated).toBe(false);
    const longOn = validateSettings(changedSettings(people, 'v', '0') as Parameters<typeof validateSettings>[0]);
    expect(longOn.ok && longOn.value).toMatchObject({ variant: 'long', rated: true });
  });

  it('a stored match without the setting stays as it was stored (unrated) and validates', () => {
    const people = challenge({});
    const { rated: _, ...old } = people.settings;
    const again = validateSettings(old);
    expect(again.ok && 'rated' in again.value).toBe(false);
  });
});
