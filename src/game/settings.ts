/**
 * Match settings: the club conventions of docs/rules/match.md §4–§5 plus the variant's options, with
 * defaults and validation. An impossible combination is an error, never silently repaired.
 */
import { fail, ok, type Result } from '../lib/index.ts';
import { VARIANTS, findVariant, resolveOptions, type VariantId } from '../engine/index.ts';
import type { ClockSettings, ComputerLevel, GameError, MatchSettings } from './types.ts';

/** The computer opponent's levels, weakest first (the `computer` setting). */
export const COMPUTER_LEVELS: readonly ComputerLevel[] = ['beginner', 'medium', 'strong'];

/** Correspondence days per move offered by docs/rules/match.md §5. */
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7] as const;

/**
 * Returns the default settings of a variant: a single game (or the variant's own match length),
 * no clock, random colour, pips shown; the cube off in long nardy (docs/rules/long.md §2) and on in the
 * short family, except where the variant has none.
 * Implements docs/rules §4 (defaults), §2 (cube off by default in long nardy), §6 (tavla: match to 3, no cube).
 */
export function defaultSettings(variant: VariantId): MatchSettings {
  const v = VARIANTS[variant];
  return {
    variant,
    options: {},
    matchLength: v.defaultMatchLength ?? 0,
    doubling: v.family === 'short' && v.noCube !== true,
    crawford: false,
    jacoby: false,
    beaver: false,
    autoDoubleLimit: 0,
    colour: 'random',
    showPips: true,
    clock: { kind: 'none' },
  };
}

/**
 * Whether a challenge comes with the doubling cube when the challenger does not say: with a match
 * (to N points) in a variant that has a cube in its game (the short family), never with a single
 * game — the same however the game is asked for (a challenge's words or options, its settings
 * keyboard, a tournament), against a person or the computer (docs/rules/match.md §4 Defaults, #47 B4).
 * Not a rule of play: the club's default, which the challenger may change.
 */
export function cubeByDefault(variant: VariantId, matchLength: number): boolean {
  const v = VARIANTS[variant];
  return v.family === 'short' && v.noCube !== true && matchLength > 0;
}

type SettingsInput = Partial<Omit<MatchSettings, 'variant'>> & { variant?: string };

function invalid(message: string): Result<never, GameError> {
  return fail({ kind: 'invalid-settings', message });
}

function isInt(v: unknown, lo: number, hi: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
}

function checkClock(clock: ClockSettings): string | undefined {
  switch (clock.kind) {
    case 'none':
      return undefined;
    case 'fischer':
      if (!isInt(clock.bankMinutes, 1, 180)) return 'fischer bank must be 1..180 minutes';
      if (!isInt(clock.incrementSeconds, 0, 120)) return 'fischer increment must be 0..120 seconds';
      return undefined;
    case 'compensation':
      if (!isInt(clock.bankMinutes, 1, 180)) return 'compensation bank must be 1..180 minutes';
      if (!isInt(clock.delaySeconds, 1, 120)) return 'compensation delay must be 1..120 seconds';
      return undefined;
    case 'correspondence':
      if (!(DAYS_PER_MOVE as readonly number[]).includes(clock.daysPerMove)) return `days per move must be one of ${DAYS_PER_MOVE.join(', ')}`;
      if (!isInt(clock.poolDays, 0, 30)) return 'the time pool must be 0..30 days';
      if (!isInt(clock.vacationDays, 0, 60)) return 'vacation must be 0..60 days';
      return undefined;
    default:
      return `unknown clock ${JSON.stringify(clock)}`;
  }
}

/**
 * Returns complete, checked settings from a partial choice: the variant's defaults filled in,
 * then every rule of docs/rules/match.md §4–§5 checked — Jacoby, beaver and auto-double are money-play
 * options that need the cube; Crawford needs a match and the cube; match length 0 (single game)
 * or 1..25. Implements docs/rules/match.md §4 and §5.
 * @example validateSettings({ variant: 'short', matchLength: 5, crawford: true })
 */
export function validateSettings(input: SettingsInput): Result<MatchSettings, GameError> {
  const v = findVariant(input.variant ?? 'long');
  if (!v.ok) return invalid(v.error.message);
  const base = defaultSettings(v.value.id);
  const matchLength = input.matchLength ?? base.matchLength;
  const doubling = input.doubling ?? base.doubling;
  const s: MatchSettings = {
    ...base,
    ...input,
    variant: v.value.id,
    options: input.options ?? {},
    matchLength,
    doubling,
    crawford: input.crawford ?? (doubling && matchLength > 1),
    clock: input.clock ?? base.clock,
  };
  const options = resolveOptions(v.value, s.options);
  if (!options.ok) return invalid(options.error.message);
  if (!isInt(s.matchLength, 0, 25)) return invalid('match length must be 0 (single game) or 1..25 points');
  if (s.doubling && v.value.noCube) return invalid(`${v.value.name} is played without the doubling cube`);
  const money = s.matchLength === 0;
  if (s.crawford && (money || !s.doubling)) return invalid('the Crawford rule needs a match with the doubling cube');
  if (s.jacoby && (!money || !s.doubling)) return invalid('the Jacoby rule is for single games (money play) with the cube');
  if (s.beaver && (!money || !s.doubling)) return invalid('beavers are for single games (money play) with the cube');
  if (s.autoDoubleLimit !== 0) {
    if (!money || !s.doubling) return invalid('auto-doubles are for single games (money play) with the cube');
    if (![2, 4, 8, 16, 32, 64].includes(s.autoDoubleLimit)) return invalid('the auto-double limit is a cube value 2..64');
  }
  if (!['random', 'white', 'black'].includes(s.colour)) return invalid('colour must be random, white or black');
  for (const key of ['doubling', 'crawford', 'jacoby', 'beaver', 'showPips'] as const) {
    if (typeof s[key] !== 'boolean') return invalid(`${key} must be true or false`);
  }
  if (s.rated !== undefined && typeof s.rated !== 'boolean') return invalid('rated must be true or false');
  if (s.rated === true && s.computer !== undefined) return invalid('a match against the computer is not rated');
  if (s.computer !== undefined && !COMPUTER_LEVELS.includes(s.computer)) return invalid(`the computer's level must be one of ${COMPUTER_LEVELS.join(', ')}`);
  const clockProblem = checkClock(s.clock);
  if (clockProblem) return invalid(clockProblem);
  return ok(s);
}
