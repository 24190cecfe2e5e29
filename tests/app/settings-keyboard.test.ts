/**
 * The challenge's settings keyboard with every variant of the registry (docs/rules/variants.md §6): a page of
 * all variants, and on the main page only the settings the chosen variant has.
 */
import { describe, expect, it } from 'vitest';
import { decodeToken, type Button } from '../../src/app/index.ts';
import { changedSettings, settingsMessage } from '../../src/app/texts.ts';
import { VARIANTS, type VariantId } from '../../src/engine/index.ts';
import { createChallenge, validateSettings, type MatchState } from '../../src/game/index.ts';
import { t, variantButton, variantName } from '../../src/i18n/index.ts';
import { fitGrid } from '../../src/platforms/discord/components.ts';

function challengeOf(variant: VariantId): MatchState {
  const r = createChallenge({ id: 'abcd1234', by: { id: 'telegram:1', name: 'Ann' }, invitee: null, settings: { variant } }, 0);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

const choices = (rows: Button[][]) => rows.flat().flatMap((b) => ('token' in b ? [decodeToken(b.token)!.choice] : []));
const setKeys = (rows: Button[][]) => new Set(choices(rows).flatMap((c) => (c.k === 'set' ? [c.key] : [])));

describe('settings keyboard: the variants come from the registry', () => {
  it('the variants page offers every variant by name, the current one ticked, and a way back', () => {
    const view = settingsMessage(challengeOf('nuclear'), 1, 'en', 'variants');
    const labels = view.buttons.flat().map((b) => b.label);
    for (const id of Object.keys(VARIANTS) as VariantId[]) {
      expect(labels).toContain(id === 'nuclear' ? `✓ ${variantButton('en', id)}` : variantButton('en', id));
    }
    expect(choices(view.buttons)).toContainEqual({ k: 'settings' });
  });

  it('every variant button chooses its variant, and the result validates', () => {
    const state = challengeOf('long');
    for (const c of choices(settingsMessage(state, 1, 'en', 'variants').buttons)) {
      if (c.k !== 'set') continue;
      const input = changedSettings(state, c.key, c.value)!;
      const settings = validateSettings(input as Parameters<typeof validateSettings>[0]);
      expect(settings.ok, JSON.stringify(input)).toBe(true);
    }
  });

  it('the main page shows the two nardy games, then the chosen other variant beside a button to the rest', () => {
    const rows = settingsMessage(challengeOf('hypergammon'), 1, 'ru').buttons;
    expect(rows[0].map((b) => b.label)).toEqual([variantName('ru', 'long'), variantName('ru', 'short')]);
    expect(rows[1].map((b) => b.label)).toEqual([`✓ ${variantName('ru', 'hypergammon')}`, t('ru', 'settings.variants')]);
    expect(choices([rows[1]])[1]).toEqual({ k: 'variants' });
    const long = settingsMessage(challengeOf('long'), 1, 'ru').buttons;
    expect(long[0].map((b) => b.label)).toEqual([`✓ ${variantName('ru', 'long')}`, variantName('ru', 'short')]);
    expect(choices([long[1]])).toEqual([{ k: 'variants' }]);
  });

  it('only the settings a variant has: no cube in tavla, no mars in sudden death, the Caucasian rule only in short nardy', () => {
    expect(setKeys(settingsMessage(challengeOf('short'), 1, 'en').buttons)).toEqual(new Set(['v', 'm', 'g', 'c', 'w', 'p', 'l', 'k', 'r']));
    expect(setKeys(settingsMessage(challengeOf('tavla'), 1, 'en').buttons)).toEqual(new Set(['v', 'm', 'w', 'p', 'l', 'k', 'r']));
    expect(setKeys(settingsMessage(challengeOf('suddenDeath'), 1, 'en').buttons)).toEqual(new Set(['v', 'm', 'c', 'p', 'l', 'k', 'r']));
  });

  it('choosing tavla takes its match to 3 and leaves the cube off', () => {
    const state = challengeOf('short');
    const code = (Object.keys(VARIANTS) as VariantId[]).indexOf('tavla').toString(36);
    const settings = validateSettings(changedSettings(state, 'v', code) as Parameters<typeof validateSettings>[0]);
    expect(settings).toMatchObject({ ok: true, value: { variant: 'tavla', matchLength: 3, doubling: false } });
    expect(changedSettings(state, 'v', 'z')).toBeUndefined();
  });
});

describe('settings keyboard: clocks, and Discord\'s 25 buttons', () => {
  it('the correspondence clocks on the keyboard set 1, 3 or 7 days per move, with vacation days', () => {
    const state = challengeOf('short');
    const days = choices(settingsMessage(state, 1, 'en').buttons)
      .flatMap((c) => (c.k === 'set' && c.key === 'l' ? [validateSettings(changedSettings(state, c.key, c.value) as Parameters<typeof validateSettings>[0])] : []))
      .flatMap((r) => (r.ok && r.value.clock.kind === 'correspondence' ? [[r.value.clock.daysPerMove, r.value.clock.vacationDays]] : []));
    expect(days).toEqual([[1, 14], [3, 14], [7, 14]]);
  });

  it('every page of every variant, also against the computer, fits Discord\'s 5 × 5 components', () => {
    for (const variant of Object.keys(VARIANTS) as VariantId[]) {
      for (const computer of variant === 'long' || variant === 'short' ? [false, true] : [false]) {
        const base = challengeOf(variant);
        const state = computer ? { ...base, settings: { ...base.settings, computer: 'strong' as const } } : base;
        for (const page of ['main', 'variants'] as const) {
          const rows = settingsMessage(state, 1, 'en', page).buttons;
          expect(fitGrid(rows), `${variant}${computer ? ' vs computer' : ''}, ${page} page: ${rows.flat().length} buttons`).toBeDefined();
        }
      }
    }
  });
});
