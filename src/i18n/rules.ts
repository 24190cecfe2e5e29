/**
 * The active rule set of a game in the player's language (`/rules`): docs/rules §1–§5 with the
 * options the game was set up with. Every sentence is a catalog text, so each language has them
 * all; this module only chooses which sentences apply.
 */
import { VARIANTS, type VariantId } from '../engine/index.ts';
import type { Lang } from './lang.ts';
import { isMessageKey, t, type MessageKey, type MessageParams } from './messages.ts';

/** The longest rules text: a chat message stays readable (and well under Telegram's 4,096). */
export const RULES_TEXT_LIMIT = 3000;

/** The match settings the rules text reads (a `MatchSettings` fits). */
export interface RulesSettings {
  /** Points to win the match; 0 for a single game. */
  readonly matchLength?: number;
  readonly doubling?: boolean;
  readonly crawford?: boolean;
  readonly jacoby?: boolean;
  readonly beaver?: boolean;
  /** Tied opening dice double the cube up to this value; 0 = off. */
  readonly autoDoubleLimit?: number;
  readonly clock?: RulesClock;
}

/** docs/rules/match.md §5 clocks, as the match settings store them. */
export interface RulesClock {
  readonly kind: string;
  readonly bankMinutes?: number;
  readonly incrementSeconds?: number;
  readonly delaySeconds?: number;
  readonly daysPerMove?: number;
  readonly poolDays?: number;
  readonly vacationDays?: number;
}

type Line = MessageKey | readonly [MessageKey, MessageParams];

/**
 * Returns the rules of a game as plain text (no markup, at most 3,000 characters): start
 * position, direction, movement, the head and six-block rules with the chosen options (long),
 * hitting, the bar and the Caucasian rule (short), each §6 variant's own rule, bearing off,
 * scoring, and — when settings are given — match, cube conventions, resignation and clock. An
 * option missing or outside its domain reads as the variant's default.
 * Implements the wording of docs/rules §1–§6.
 * @example rulesText('en', 'long', { sixBlock: 'never' })
 */
export function rulesText(lang: Lang, variant: VariantId, options: Readonly<Record<string, unknown>> = {}, settings?: RulesSettings): string {
  const o = chosenOptions(variant, options);
  const own = OWN_LINES[variant];
  const lines = [...(own ? own(o) : VARIANTS[variant]?.family === 'short' ? shortLines(variant, o) : longLines(o)), ...settingLines(variant, o, settings)];
  const [title, ...rest] = lines.map((line) => (typeof line === 'string' ? t(lang, line) : t(lang, line[0], line[1])));
  return [title, ...rest.map((text) => `• ${text}`)].join('\n');
}

/** Each option of the variant: the given value when it is one the variant allows, else the default. */
function chosenOptions(variant: VariantId, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const domain = (VARIANTS[variant] ?? VARIANTS.long).options as Readonly<Record<string, readonly unknown[]>>;
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(domain)) {
    out[key] = values.includes(given[key]) ? given[key] : values[0];
  }
  return out;
}

/** docs/rules/long.md §2: long nardy. */
function longLines(o: Record<string, unknown>): Line[] {
  const lines: Line[] = [
    'rules.long.title', 'rules.long.start', 'rules.long.opening', 'rules.dice', 'rules.long.noHit',
    'rules.long.head', `rules.long.head.${o.headException as 'listed' | 'computed' | 'anyDouble'}`,
    `rules.long.block.${o.sixBlock as 'ahead' | 'inHome' | 'never'}`,
    'rules.bearOff',
  ];
  if (o.lastRoll === true) lines.push('rules.long.lastRoll');
  if (o.withMars === false) lines.push('rules.score.noMars');
  else lines.push(o.longScoring === 'withKoks' ? 'rules.long.score.withKoks' : 'rules.long.score.oinMars');
  return lines;
}

/**
 * docs/rules §3 short nardy, international or Caucasian, and the §6 variants built on it. A variant
 * says what differs through its own catalog texts, found by name: `rules.<id>.title` (every
 * variant has one), and where they exist `.start`, `.opening`, `.rule` and `.score` in place of
 * short nardy's — so a new variant needs texts, not code here.
 */
function shortLines(variant: VariantId, o: Record<string, unknown>): Line[] {
  const own = (part: string): MessageKey | undefined => {
    const key = `rules.${variant}.${part}`;
    return isMessageKey(key) ? key : undefined;
  };
  const part = (name: 'title' | 'start' | 'opening' | 'score'): MessageKey => own(name) ?? `rules.short.${name}`;
  const lines: Line[] = [part('title'), part('start'), part('opening'), 'rules.dice', 'rules.short.hit', 'rules.short.bar'];
  if (o.gameType !== undefined) lines.push(o.gameType === 'caucasian' ? 'rules.short.caucasian' : 'rules.short.international');
  const rule = own('rule');
  if (rule) lines.push(rule);
  lines.push('rules.bearOff', 'rules.short.bearOffHit', o.withMars === false ? 'rules.score.noMars' : part('score'));
  return lines;
}

/** docs/rules/variants.md §6: plakoto, as completed in src/engine/variants/plakoto.ts. */
function plakotoLines(o: Record<string, unknown>): Line[] {
  return [
    'rules.plakoto.title', 'rules.plakoto.start', 'rules.long.opening', 'rules.dice', 'rules.plakoto.pin',
    'rules.plakoto.mother', 'rules.bearOff', 'rules.plakoto.bearOffPinned',
    o.withMars === false ? 'rules.score.noMars' : 'rules.plakoto.score',
  ];
}

/** docs/rules/variants.md §6: gul bara, as completed in src/engine/variants/gulbara.ts: long nardy with mad doubles. */
function gulbaraLines(o: Record<string, unknown>): Line[] {
  return [
    'rules.gulbara.title', 'rules.long.start', 'rules.long.opening', 'rules.dice', 'rules.gulbara.ladder', 'rules.gulbara.passed',
    'rules.long.noHit', 'rules.long.head', `rules.long.head.${o.headException as 'listed' | 'computed' | 'anyDouble'}`,
    `rules.long.block.${o.sixBlock as 'ahead' | 'inHome' | 'never'}`,
    'rules.gulbara.bearOff',
    o.withMars === false ? 'rules.score.noMars' : 'rules.long.score.oinMars',
  ];
}

/** The variants whose rules are told in their own order, not as their family's with a few texts swapped. */
const OWN_LINES: Partial<Readonly<Record<VariantId, (o: Record<string, unknown>) => Line[]>>> = { plakoto: plakotoLines, gulbara: gulbaraLines };

/**
 * docs/rules/match.md §4–§5: match, cube conventions, resignation, clock. A game without a cube (tavla) says
 * so once, in the cube's place, even when no settings are given.
 */
function settingLines(variant: VariantId, o: Record<string, unknown>, s: RulesSettings | undefined): Line[] {
  if (!s) return [...(VARIANTS[variant]?.noCube ? ['rules.cube.off' as const] : []), ...resignLines(variant, o)];
  const length = s.matchLength ?? 0;
  const lines: Line[] = [length > 0 ? ['rules.match.points', { n: length }] : 'rules.match.single'];
  if (length > 1) lines.push(`rules.next.${o.nextGameStarter as 'winner' | 'toss' | 'alternate'}`);
  lines.push(...cubeLines(s, length), ...resignLines(variant, o), ...clockLines(s.clock));
  return lines;
}

/** docs/rules/match.md §4 resign: an oin, or an offered mars (and koks where the game has it). */
function resignLines(variant: VariantId, o: Record<string, unknown>): Line[] {
  const top = VARIANTS[variant]?.topWinKind;
  if (o.withMars === false || top === 'oin') return ['rules.resign'];
  const koks = top === undefined && (o.longScoring === undefined || o.longScoring === 'withKoks');
  return ['rules.resign', koks ? 'rules.resign.offerKoks' : 'rules.resign.offerMars'];
}

/** docs/rules/match.md §4: the cube and its conventions; Crawford in matches, the rest in money play. */
function cubeLines(s: RulesSettings, length: number): Line[] {
  if (!s.doubling) return ['rules.cube.off'];
  const lines: Line[] = ['rules.cube.on'];
  if (s.crawford && length > 1) lines.push(['rules.cube.crawford', { n: length - 1 }]);
  if (length === 0) {
    if (s.jacoby) lines.push('rules.cube.jacoby');
    if (s.beaver) lines.push('rules.cube.beaver');
    if ((s.autoDoubleLimit ?? 0) > 0) lines.push(['rules.cube.autoDouble', { limit: s.autoDoubleLimit! }]);
  }
  return lines;
}

/** docs/rules/match.md §5: the clock, and what running out of time costs. */
function clockLines(clock: RulesClock | undefined): Line[] {
  switch (clock?.kind) {
    case 'fischer':
      return [['rules.clock.fischer', { minutes: clock.bankMinutes ?? 0, seconds: clock.incrementSeconds ?? 0 }], 'rules.clock.timeout'];
    case 'compensation':
      return [['rules.clock.compensation', { minutes: clock.bankMinutes ?? 0, seconds: clock.delaySeconds ?? 0 }], 'rules.clock.timeout'];
    case 'correspondence': {
      const lines: Line[] = [['rules.clock.correspondence', { days: clock.daysPerMove ?? 0 }]];
      if ((clock.poolDays ?? 0) > 0) lines.push(['rules.clock.pool', { pool: clock.poolDays! }]);
      if ((clock.vacationDays ?? 0) > 0) lines.push(['rules.clock.vacation', { vacation: clock.vacationDays! }]);
      return [...lines, 'rules.clock.timeout'];
    }
    default:
      return ['rules.clock.none'];
  }
}
