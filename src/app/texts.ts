/**
 * The text messages around the boards: a challenge with its buttons, and the games list.
 */
import { VARIANTS, type VariantId } from '../engine/index.ts';
import { COMPUTER_LEVELS, cubeByDefault, type GameEnd, type MatchState } from '../game/index.ts';
import { t, variantButton, variantName, type Lang, type MessageKey } from '../i18n/index.ts';
import { timeLeft } from './reminders.ts';
import type { GameRecord } from '../store/index.ts';
import type { Button } from './ports.ts';
import { encodeToken, type Choice } from './tokens.ts';
import { chunk } from './board-buttons.ts';
import { playerName } from './player-name.ts';

/** The clock in words. */
function clockText(state: MatchState, lang: Lang): string {
  const c = state.settings.clock;
  switch (c.kind) {
    case 'none': return t(lang, 'clock.none');
    case 'fischer': return t(lang, 'clock.fischer', { minutes: c.bankMinutes, seconds: c.incrementSeconds });
    case 'compensation': return t(lang, 'clock.compensation', { minutes: c.bankMinutes, seconds: c.delaySeconds });
    case 'correspondence': return t(lang, 'clock.correspondence', { days: c.daysPerMove });
  }
}

/** A clock on its button, short enough for a row of three: `⏱ нет`, `15+15`, `3 дня`. */
function clockButton(clock: MatchState['settings']['clock'], lang: Lang): string {
  switch (clock.kind) {
    case 'none': return t(lang, 'button.clock.none');
    case 'fischer': return t(lang, 'button.clock.fischer', { minutes: clock.bankMinutes, seconds: clock.incrementSeconds });
    case 'compensation': return t(lang, 'clock.compensation', { minutes: clock.bankMinutes, seconds: clock.delaySeconds });
    case 'correspondence': return t(lang, 'button.clock.days', { days: clock.daysPerMove });
  }
}

/** The clocks the settings keyboard offers: none, a quick game, and correspondence. */
const CLOCKS: Record<string, MatchState['settings']['clock']> = {
  n: { kind: 'none' },
  f: { kind: 'fischer', bankMinutes: 15, incrementSeconds: 15 },
  // Correspondence players expect days off (DailyGammon, lichess): two weeks per player.
  d1: { kind: 'correspondence', daysPerMove: 1, poolDays: 0, vacationDays: 14 },
  d2: { kind: 'correspondence', daysPerMove: 2, poolDays: 0, vacationDays: 14 },
  d3: { kind: 'correspondence', daysPerMove: 3, poolDays: 0, vacationDays: 14 },
  d5: { kind: 'correspondence', daysPerMove: 5, poolDays: 0, vacationDays: 14 },
  d7: { kind: 'correspondence', daysPerMove: 7, poolDays: 0, vacationDays: 14 },
};

/** The clocks on the settings keyboard, in two rows (none and quick, then days); with every other row they fit 25 buttons (the smallest messenger grid, 5 × 5). */
const KEYBOARD_CLOCKS = ['n', 'f', 'd1', 'd3', 'd7'] as const;

/**
 * The settings keyboard names a variant by its place in the registry (one base-36 character), so
 * a variant added to the registry is offered with no change here.
 */
const VARIANT_IDS = Object.keys(VARIANTS) as VariantId[];
/** The variants on the keyboard's first page (the two nardy games); the rest are one press away. */
const FIRST_PAGE = 2;

/** Returns the clock a settings code stands for (`n`, `f`, `d1`, `d2`, `d3`, `d5`, `d7`), if any. Not a rule: a view's vocabulary. */
export function clockChoice(code: string): MatchState['settings']['clock'] | undefined {
  return Object.hasOwn(CLOCKS, code) ? CLOCKS[code] : undefined;
}

/** Returns the challenge's settings in one line ("Settings: long nardy, single game, …"). Not a rule: a view. */
export function settingsLine(state: MatchState, lang: Lang): string {
  const s = state.settings;
  return t(lang, 'settings.summary', {
    variant: variantName(lang, s.variant),
    match: s.matchLength > 0 ? t(lang, 'match.points', { n: s.matchLength }) : t(lang, 'match.single'),
    cube: t(lang, s.doubling ? 'cube.on' : 'cube.off'),
    clock: clockText(state, lang),
  }) + (s.rated === true ? ` ${t(lang, 'settings.ratedNote')}` : '');
}

/**
 * Returns a challenge message: who challenges whom, the settings, and Accept / Decline / Cancel
 * buttons (plus the messenger's invite link, to join from a private chat), and the series of the
 * two players when they have one. Not a rule: a view.
 */
export function challengeMessage(state: MatchState, version: number, lang: Lang, invite: string | undefined, opponentName?: string, series?: string): { text: string; buttons: Button[][] } {
  const challenger = state.players[0]?.name ?? '?';
  const settings = settingsLine(state, lang);
  const variant = variantName(lang, state.settings.variant);
  if (state.settings.computer) {
    // Against the computer: the challenger starts the game with Play; nobody else can accept.
    const token = (k: 'accept' | 'cancel' | 'settings') => encodeToken({ surface: 'text', gameId: state.id, version, choice: { k } });
    return {
      text: withCommitment(state, lang, t(lang, 'challenge.computer', { challenger, variant, level: t(lang, `computer.${state.settings.computer}`), settings })),
      buttons: [[{ label: t(lang, 'button.playComputer'), token: token('accept') }, { label: t(lang, 'button.cancel'), token: token('cancel') }], [{ label: t(lang, 'button.settings'), token: token('settings') }, ...diceButton(state, version, lang)]],
    };
  }
  const invitation = opponentName
    ? t(lang, 'challenge.to', { challenger, opponent: opponentName, variant, settings })
    : t(lang, 'challenge.open', { challenger, variant, settings });
  // Between two who have played here before: their series so far (`series.ts`).
  const text = withCommitment(state, lang, series ? `${invitation}\n${series}` : invitation);
  const token = (k: 'accept' | 'decline' | 'cancel') => encodeToken({ surface: 'text', gameId: state.id, version, choice: { k } });
  const row: Button[] = [{ label: t(lang, 'button.accept'), token: token('accept') }];
  // Addressed to someone (by id, or by a handle alone: `opponentName` names them): they may decline (#48).
  if (state.invitee || opponentName !== undefined) row.push({ label: t(lang, 'button.decline'), token: token('decline') });
  row.push({ label: t(lang, 'button.cancel'), token: token('cancel') });
  const buttons: Button[][] = [row, [{ label: t(lang, 'button.settings'), token: encodeToken({ surface: 'text', gameId: state.id, version, choice: { k: 'settings' } }) }, ...diceButton(state, version, lang)]];
  // An inline challenge (`inline.ts`) carries the link that stores it when first followed. A chat's
  // own challenge does not (issue #47, B9): Accept is here already, and "Join the game" took whoever
  // followed it out of the chat, to a private chat where a challenge to someone else is a dead end.
  if (invite) buttons.push([{ label: t(lang, 'inline.join'), url: invite }]);
  return { text, buttons };
}

/** A challenge with checkable dice shows its whole commitment before anyone rolls (src/dice/fair.ts). */
export function withCommitment(state: MatchState, lang: Lang, text: string): string {
  return state.fair ? `${text}\n${t(lang, 'dice.commitment', { commitment: state.fair.commitment })}` : text;
}

/** 🔐: the commitment and the presser's seed (`fair-dice.ts`), on a challenge with checkable dice. */
export function diceButton(state: MatchState, version: number, lang: Lang, surface: 'text' | 'board' = 'text'): Button[] {
  return state.fair ? [{ label: t(lang, 'button.dice'), token: encodeToken({ surface, gameId: state.id, version, choice: { k: 'dice' } }) }] : [];
}

/**
 * What each setting button sets: the settings input after the change. A variant change resets
 * the rest to the new variant's defaults, keeping the match length unless the variant has its own
 * (tavla: a match to 3).
 */
export function changedSettings(state: MatchState, key: string, value: string): Record<string, unknown> | undefined {
  const s = state.settings;
  const base = { variant: s.variant, matchLength: s.matchLength, doubling: s.doubling, options: { ...s.options }, colour: s.colour, showPips: s.showPips, clock: s.clock, computer: s.computer, rated: s.rated };
  switch (key) {
    case 'v': {
      const variant = /^[0-9a-z]$/.test(value) ? VARIANT_IDS[parseInt(value, 36)] : undefined;
      if (!variant) return undefined;
      const matchLength = VARIANTS[variant].defaultMatchLength ?? s.matchLength;
      // The cube as `/nardy` would set it for this variant and length (#47 B4); the cube row changes it after.
      return { variant, matchLength, doubling: cubeByDefault(variant, matchLength), colour: s.colour, showPips: s.showPips, clock: s.clock, computer: s.computer, rated: s.rated };
    }
    case 'a': {
      const level = COMPUTER_LEVELS.find((l) => l[0] === value);
      return s.computer && level ? { ...base, computer: level } : undefined;
    }
    case 'l': return CLOCKS[value] ? { ...base, clock: CLOCKS[value] } : undefined;
    // While the cube is at its default it follows the length (#47 B4): on for a match, off for a single game; a cube the challenger set stays.
    case 'm': {
      if (!/^\d{1,2}$/.test(value)) return undefined;
      const atDefault = s.doubling === cubeByDefault(s.variant, s.matchLength);
      return { ...base, matchLength: Number(value), doubling: atDefault ? cubeByDefault(s.variant, Number(value)) : s.doubling };
    }
    case 'c': return { ...base, doubling: value === '1' };
    case 'g': return { ...base, options: { ...base.options, gameType: value === 'c' ? 'caucasian' : 'international' } };
    case 'w': return { ...base, options: { ...base.options, withMars: value === '1' } };
    case 'p': return { ...base, showPips: value === '1' };
    // Not offered against the computer, where a match is never rated (validation refuses it).
    case 'r': return s.computer ? undefined : { ...base, rated: value === '1' };
    case 'k': return { ...base, colour: value === 'w' ? 'white' : value === 'b' ? 'black' : 'random' };
    default: return undefined;
  }
}

/**
 * Returns the challenge message turned into its settings keyboard: a row or two per setting, the
 * current value ticked; only legal combinations are offered — a setting the variant does not have
 * (the cube in tavla, mars in sudden death, the Caucasian rule outside short nardy) is not shown.
 * The `variants` page lists every variant of the registry instead. Not a rule: a view.
 */
export function settingsMessage(state: MatchState, version: number, lang: Lang, page: 'main' | 'variants' = 'main'): { text: string; buttons: Button[][] } {
  const s = state.settings;
  const variant = VARIANTS[s.variant];
  const press = (choice: Choice): string => encodeToken({ surface: 'text', gameId: state.id, version, choice });
  const set = (key: string, value: string, label: string, on: boolean): Button => ({ label: on ? `✓ ${label}` : label, token: press({ k: 'set', key, value }) });
  const pickVariant = (id: VariantId) => set('v', VARIANT_IDS.indexOf(id).toString(36), variantButton(lang, id), s.variant === id);
  const text = `${t(lang, 'settings.title', { name: state.players[0]?.name ?? '?' })}\n${settingsLine(state, lang)}`;
  if (page === 'variants') {
    const rows = chunk(VARIANT_IDS.map(pickVariant), 2);
    rows.push([{ label: t(lang, 'button.back'), token: press({ k: 'settings' }) }]);
    return { text: `${text}\n${t(lang, 'settings.chooseVariant')}`, buttons: rows };
  }
  const firstPage = VARIANT_IDS.slice(0, FIRST_PAGE);
  const mars = s.options.withMars ?? true;
  // Rows of two and three wherever a label with its "✓ " would not fit a narrower button on a
  // 360-dp phone in a group (docs/testing.md, "Button labels"): the chosen other variant shares the
  // row of "Other games", the lengths go two by two, the clocks two and three, the game types one a
  // row ('✓ Международные'), Random on a row above White and Black ('✓ შემთხვევით'), the
  // computer's levels two and one, without a 🤖 ('✓ დამწყები', '✓ საშუალო').
  const rows: Button[][] = [
    firstPage.map(pickVariant),
    [...(firstPage.includes(s.variant) ? [] : [pickVariant(s.variant)]), { label: t(lang, 'settings.variants'), token: press({ k: 'variants' }) }],
    ...chunk([0, 3, 5, 7].map((n) => set('m', String(n), n === 0 ? t(lang, 'match.single') : t(lang, 'match.points', { n }), s.matchLength === n)), 2),
  ];
  if (variant.options.gameType) {
    const caucasian = s.options.gameType === 'caucasian';
    rows.push([set('g', 'i', t(lang, 'settings.international'), !caucasian)], [set('g', 'c', t(lang, 'settings.caucasian'), caucasian)]);
  }
  rows.push([
    ...(variant.noCube ? [] : [set('c', s.doubling ? '0' : '1', t(lang, 'settings.cube'), s.doubling)]),
    ...(variant.options.withMars ? [set('w', mars ? '0' : '1', t(lang, 'settings.withMars'), mars)] : []),
    set('p', s.showPips ? '0' : '1', t(lang, 'settings.showPips'), s.showPips),
  ]);
  const sameClock = (c: MatchState['settings']['clock']) => JSON.stringify(c) === JSON.stringify(s.clock);
  const clock = (code: (typeof KEYBOARD_CLOCKS)[number]) => set('l', code, clockButton(CLOCKS[code], lang), sameClock(CLOCKS[code]));
  rows.push(KEYBOARD_CLOCKS.slice(0, 2).map(clock), KEYBOARD_CLOCKS.slice(2).map(clock));
  if (s.computer) rows.push(...chunk(COMPUTER_LEVELS.map((level) => set('a', level[0], t(lang, `computer.${level}`), s.computer === level)), 2));
  rows.push([set('k', 'r', t(lang, 'settings.random'), s.colour === 'random')], [set('k', 'w', t(lang, 'side.white'), s.colour === 'white'), set('k', 'b', t(lang, 'side.black'), s.colour === 'black')]);
  // Rated or not (issue 17): between people only; a match against the computer is never rated.
  if (!s.computer) rows.push([set('r', s.rated === true ? '0' : '1', t(lang, 'settings.rated'), s.rated === true)]);
  rows.push([{ label: t(lang, 'button.back'), token: press({ k: 'back' }) }]);
  return { text, buttons: rows };
}

/** A stretch of time in words: `2 d 5 h`, `3 h 10 min`, `7 min`. */
export function leftText(lang: Lang, ms: number): string {
  const { days, hours, minutes } = timeLeft(ms);
  if (days > 0) return t(lang, 'time.days', { days, hours });
  return hours > 0 ? t(lang, 'time.hours', { hours, minutes }) : t(lang, 'time.minutes', { minutes });
}

/** A game in a few words, for notices sent outside its chat: `long nardy: Anna — Nodar`. */
export function gameLabel(state: MatchState, lang: Lang): string {
  const names = state.players.map((p, seat) => (p ? playerName(state, seat, lang) : undefined)).filter((n): n is string => !!n).join(' — ');
  return `${variantName(lang, state.settings.variant)}: ${names}`;
}

/** A match's score as its winner's words read it: the winner's points first ("Bob wins the match 3:1", #48). */
export function winnerFirst(score: readonly [number, number], winner: number): { sa: number; sb: number } {
  return winner === 1 ? { sa: score[1], sb: score[0] } : { sa: score[0], sb: score[1] };
}

/**
 * How a game ended, in words (the result message and the finished board's caption alike): how it
 * was decided — a pass, a resignation, a time-out — then who won it, as what and for how much.
 * The English words name the kinds as backgammon players know them too (issue #47, B5).
 */
export function endingLines(state: MatchState, ended: GameEnd | undefined, lang: Lang): string[] {
  const name = (seat: number | null | undefined) => playerName(state, seat, lang);
  if (!ended || ended.winner === null) return [t(lang, 'result.draw')];
  const loser = name(ended.winner === 0 ? 1 : 0);
  const how = ended.reason === 'timeout' ? 'result.timeout' : ended.reason === 'passed' ? 'result.passed' : ended.reason === 'resigned' ? 'result.resigned' : undefined;
  const won = ended.reason === 'hit'
    ? t(lang, 'result.hit', { winner: name(ended.winner), points: ended.points })
    : t(lang, 'result.game', { winner: name(ended.winner), kind: t(lang, `result.kind.${ended.kind === 'draw' ? 'oin' : ended.kind}` as MessageKey), points: ended.points });
  return how === undefined ? [won] : [t(lang, how, { name: loser }), won];
}

/**
 * The result message of a game: who won it and how (oin, mars, koks; the first hit; a pass or a
 * time-out), the points, then the match — its winner and score, or the score and the game that
 * follows — and, once a match is over, the series between the two players (`series`, in words).
 * `ended` is the game's end (the next game of a match may already have started: `state.game` is then that one).
 */
export function resultText(state: MatchState, ended: GameEnd | undefined, lang: Lang, series?: string): string {
  const lines = [gameLabel(state, lang)];
  const result = state.result;
  const n = state.settings.matchLength;
  const name = (seat: number | null | undefined) => playerName(state, seat, lang);
  lines.push(...endingLines(state, ended, lang));
  if (n > 0 && state.phase === 'finished' && result?.winner != null) {
    lines.push(t(lang, 'result.match', { winner: name(result.winner), ...winnerFirst(state.score, result.winner) }));
  } else if (n > 0 && state.game && !state.game.ended) {
    lines.push(t(lang, 'result.next', { a: name(0), sa: state.score[0], sb: state.score[1], b: name(1), n, number: state.game.number }));
  }
  if (series) lines.push(series);
  return lines.join('\n');
}

interface Summary { variant?: string; names?: (string | null)[]; score?: number[]; toAct?: string | null; deadline?: number | null; away?: string[] }

/**
 * Returns the games list of a player: their turn first (least time left first), then the
 * challenges addressed to them, then their other games, then their own open challenges; each with
 * the time left on the clock when one runs, and a label for its button ("Nodar · long nardy").
 * Not a rule: a view.
 */
export function gamesList(records: readonly GameRecord[], playerId: string, lang: Lang, now: number): { text: string; games: { id: string; label: string }[] } {
  const open = records.filter((r) => r.status === 'active' || r.status === 'challenge');
  if (open.length === 0) return { text: t(lang, 'games.none'), games: [] };
  // A challenge not of mine is one addressed to me (`games.ts`): an answer waits from me, after my moves.
  const toMe = (r: GameRecord) => r.status === 'challenge' && !r.players.includes(playerId);
  const rank = (r: GameRecord) => (toMe(r) ? 1 : r.status === 'challenge' ? 3 : (r.summary as Summary | undefined)?.toAct === playerId ? 0 : 2);
  const deadline = (r: GameRecord) => (r.summary as Summary | undefined)?.deadline ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...open].sort((a, b) => rank(a) - rank(b) || deadline(a) - deadline(b));
  const lines = sorted.map((r) => {
    const s = (r.summary ?? {}) as Summary;
    const names = (s.names ?? []).filter((n): n is string => !!n).join(' — ');
    const variant = variantName(lang, s.variant ?? 'long');
    const opponent = (s.names ?? []).find((n, i) => n && r.players[i] !== playerId) ?? '';
    const status = toMe(r) ? t(lang, 'games.challengeToYou') : r.status === 'challenge' ? t(lang, 'games.challenge') : s.toAct === playerId ? t(lang, 'games.yourTurn') : t(lang, 'games.theirTurn', { name: opponent });
    const left = r.status === 'active' && typeof s.deadline === 'number' ? `, ${t(lang, 'games.left', { left: leftText(lang, s.deadline - now) })}` : '';
    const away = (s.away ?? []).map((name) => `, ${t(lang, 'games.away', { name })}`).join('');
    // A button's label: the opponent and the game, short enough for a phone's row (the variant's button name: 'гюльбара').
    return { id: r.id, line: `• ${variant}: ${names} (${s.score?.join(':') ?? '0:0'}) — ${status}${left}${away}`, label: `${opponent || names} · ${variantButton(lang, s.variant ?? 'long')}` };
  });
  return { text: [t(lang, 'games.header'), ...lines.map((l) => l.line)].join('\n'), games: lines.map(({ id, label }) => ({ id, label })) };
}
