/**
 * Every inline keyboard the bot sends, built by the code that sends it, in one language: the
 * challenge (between people, to the computer, from an inline query, a tournament's pairing), the
 * settings (every variant, against a person and the computer, both pages), the board in every
 * state (decide, doubled, beavered, resign offered, the pass and resign confirmations, whole plays,
 * steps and picked checkers of random games of every variant, finished), a result's luck and
 * verify, the tournament (sign-up in every setting, under way, the remove list), /games, a typed
 * move's "which game", /lang, /forget and the reminder's link.
 *
 * A settings button is measured twice, with and without the "✓ " of the current choice: each of
 * them is the current one in some state of the challenge.
 */
import { boardButtons, type ViewMode } from '../../src/app/board-buttons.ts';
import { resultButtons } from '../../src/app/fair-dice.ts';
import { languageKeyboard } from '../../src/app/intents/lang.ts';
import { gamesKeyboard } from '../../src/app/intents/games.ts';
import type { Button } from '../../src/app/ports.ts';
import { challengeMessage, gamesList, settingsMessage } from '../../src/app/texts.ts';
import { decodeToken } from '../../src/app/tokens.ts';
import { CLOCKS, FORMATS, MATCH_LENGTHS, MAX_PLAYERS, join, openTournament, start, type Tournament } from '../../src/app/tournament/model.ts';
import { pairingButtons } from '../../src/app/tournament/pairings.ts';
import { removeKeyboard, tournamentMessage } from '../../src/app/tournament/views.ts';
import { VARIANTS, type VariantId } from '../../src/engine/index.ts';
import { apply, createChallenge, mayDetonate, mayDouble, seatToAct, type ChallengeInput, type Command, type MatchState } from '../../src/game/index.ts';
import { t, type Lang } from '../../src/i18n/index.ts';
import type { GameRecord } from '../../src/store/index.ts';
import { mulberry32, rollDie, type Rng } from '../arbitraries.ts';
import { playsOf } from '../../src/app/turn-answers.ts';

/** One keyboard as a phone shows it: its rows of labels; `tickable` labels may also carry "✓ ". */
export interface Keyboard {
  readonly where: string;
  readonly rows: readonly (readonly { readonly label: string; readonly tickable: boolean }[])[];
}

/** Names as players have them, a little longer than most, in each language's script. */
export const NAMES: Readonly<Record<Lang, readonly [string, string]>> = {
  en: ['Alexander', 'Nodar'],
  ru: ['Александр', 'Нодар'],
  ka: ['ალექსანდრე', 'ნოდარი'],
};

/** Names as long as a messenger lets a person have, as players pick them. */
const LONG_NAMES: Readonly<Record<Lang, string>> = {
  en: 'Alexander the Great of Macedonia',
  ru: 'Александр Константинович Великолепный',
  ka: 'ალექსანდრე კონსტანტინეს ძე ჯავახიშვილი',
};

const T0 = Date.UTC(2026, 0, 1);
const VARIANT_IDS = Object.keys(VARIANTS) as VariantId[];
const SERVER_SEED = 'a'.repeat(64);

function keyboard(where: string, rows: readonly (readonly Button[])[] | undefined): Keyboard {
  return {
    where,
    rows: (rows ?? []).filter((row) => row.length > 0).map((row) => row.map((b) => {
      const choice = 'token' in b ? decodeToken(b.token)?.choice : undefined;
      return { label: b.label.replace(/^✓ /, ''), tickable: choice?.k === 'set' };
    })),
  };
}

function challengeOf(lang: Lang, settings: ChallengeInput['settings'], opts: { invitee?: boolean; fair?: boolean } = {}): MatchState {
  const [a, b] = NAMES[lang];
  const r = createChallenge({
    id: 'kbd00001', by: { id: 'telegram:1', name: a }, invitee: opts.invitee ? 'telegram:2' : null, settings,
    ...(opts.fair ? { serverSeed: SERVER_SEED } : {}),
  }, T0);
  if (!r.ok) throw new Error(`${JSON.stringify(settings)}: ${r.error.message}`);
  return opts.invitee ? { ...r.value.state, players: [r.value.state.players[0], { id: 'telegram:2', name: b }] } : r.value.state;
}

function dice(rng: Rng) {
  return { die: () => rollDie(rng) };
}

function applied(state: MatchState, command: Command, rng: Rng): MatchState {
  const r = apply(state, command, T0, dice(rng));
  if (!r.ok) throw new Error(`${command.type}: ${r.error.message}`);
  return r.value.state;
}

/** The challenges: an open one, one to a person, against the computer, each with and without checkable dice, and an inline one with its link. */
function challenges(lang: Lang): Keyboard[] {
  const out: Keyboard[] = [];
  for (const fair of [false, true]) {
    for (const [name, settings, invitee] of [['open', {}, false], ['to a person', {}, true], ['computer', { computer: 'medium' }, false]] as const) {
      const state = challengeOf(lang, settings, { invitee, fair });
      out.push(keyboard(`challenge ${name}${fair ? ' 🔐' : ''}`, challengeMessage(state, 1, lang, undefined, invitee ? NAMES[lang][1] : undefined).buttons));
    }
  }
  out.push(keyboard('inline challenge', challengeMessage(challengeOf(lang, {}), 1, lang, 'https://t.me/nardy_bot?start=x').buttons));
  return out;
}

/** The settings keyboards: both pages, every variant, against a person and the computer. */
function settings(lang: Lang): Keyboard[] {
  const out: Keyboard[] = [];
  for (const variant of VARIANT_IDS) {
    for (const computer of [undefined, 'strong'] as const) {
      const state = challengeOf(lang, { variant, ...(computer ? { computer } : {}) });
      for (const page of ['main', 'variants'] as const) {
        out.push(keyboard(`settings ${page}, ${variant}${computer ? ', computer' : ''}`, settingsMessage(state, 1, lang, page).buttons));
      }
    }
  }
  return out;
}

/** A match under way between the two names, with these settings. */
function started(lang: Lang, settings: ChallengeInput['settings'], rng: Rng, fair = false): MatchState {
  const challenge = challengeOf(lang, { colour: 'white', ...settings }, { invitee: true, fair });
  // The players' seeds, as the acceptance takes them (src/app/matches.ts).
  const state = challenge.fair ? { ...challenge, fair: { ...challenge.fair, seeds: ['seed-a', 'seed-b'] as const } } : challenge;
  return applied(state, { type: 'accept', by: state.players[1]! }, rng);
}

/**
 * Random games of a variant to their end, every board's keyboard on the way (with each checker
 * that may be picked, picked), and the finished board's. The player to move doubles now and then,
 * takes, beavers; plays a random legal play, or a single step of one.
 */
function playedBoards(lang: Lang, settings: ChallengeInput['settings'], seed: number, fair = false): Keyboard[] {
  const rng = mulberry32(seed);
  let state = started(lang, settings, rng, fair);
  const out: Keyboard[] = [];
  const variant = settings.variant ?? 'long';
  const show = (what: string, mode: ViewMode = {}) => out.push(keyboard(`board ${variant}: ${what}`, boardButtons(state, 1, lang, mode)));
  for (let i = 0; i < 3000 && state.phase === 'playing'; i++) {
    const game = state.game!;
    const turn = game.turn;
    const seat = seatToAct(state);
    if (seat === null || seat === undefined) break;
    const by = state.players[seat]!.id;
    show(turn.stage);
    let command: Command;
    switch (turn.stage) {
      case 'decide':
        show('confirm resign', { confirm: 'resign' });
        // No cube past 64 here: a long chain of beavers would ask the pass to lose 288230376151711740 points.
        command = mayDetonate(state) && rng() < 0.3 ? { type: 'detonate', by } : mayDouble(state) && game.cube.value < 64 && rng() < 0.15 ? { type: 'double', by } : { type: 'roll', by };
        break;
      case 'doubled':
        show('confirm pass', { confirm: 'pass' });
        command = state.settings.beaver && game.cube.value < 64 && rng() < 0.3 ? { type: 'beaver', by } : { type: rng() < 0.9 ? 'take' : 'pass', by };
        break;
      case 'beavered':
        show('confirm pass', { confirm: 'pass' });
        command = { type: 'take', by };
        break;
      case 'resignOffered':
        command = { type: 'declineResign', by };
        break;
      case 'moving': {
        for (const row of boardButtons(state, 1, lang, {})) {
          for (const b of row) {
            const choice = 'token' in b ? decodeToken(b.token)?.choice : undefined;
            if (choice?.k === 'pick') show(`picked ${choice.from}`, { pick: choice.from });
          }
        }
        const plays = playsOf(state.settings, game);
        const play = plays[Math.floor(rng() * plays.length)];
        if (!play) throw new Error('a moving turn without a play');
        const first = /^(bar|\d+)\/(off|\d+)/.exec(play.move);
        command = turn.steps.length === 0 && first && rng() < 0.3
          ? { type: 'step', by, from: first[1] === 'bar' ? 25 : Number(first[1]), to: first[2] === 'off' ? 0 : Number(first[2]) }
          : turn.steps.length > 0 ? { type: 'undo', by } : { type: 'play', by, move: play.move };
        break;
      }
      default:
        throw new Error(`stage ${turn.stage}`);
    }
    const next = apply(state, command, T0, dice(rng));
    // A step that is not the first of any play is refused, and so is an Undo of steps the rules made
    // (#47 B10: a forced start): play the whole play instead.
    state = next.ok ? next.value.state : command.type === 'step' || command.type === 'undo' ? applied(state, { type: 'play', by, move: playsOf(state.settings, game)[0]!.move }, rng) : applied(state, command, rng);
  }
  show('finished');
  return out;
}

/** The board's keyboards: random games of every variant, as an unrated money game with the cube and beavers, and as an unrated match with checkable dice; a resignation offered; the pass of a high cube. */
function boards(lang: Lang, seeds: number): Keyboard[] {
  const out: Keyboard[] = [];
  for (const [i, variant] of VARIANT_IDS.entries()) {
    const cube = !VARIANTS[variant].noCube;
    for (let s = 0; s < seeds; s++) {
      // Unrated, so the hint is offered: the rows are at their fullest.
      out.push(...playedBoards(lang, { variant, matchLength: 0, rated: false, ...(cube ? { doubling: true, beaver: true } : {}) }, 1000 * i + s));
    }
    out.push(...playedBoards(lang, { variant, matchLength: 3, rated: false }, 1000 * i + 500, true));
  }
  const rng = mulberry32(7);
  const state = started(lang, { variant: 'short', matchLength: 0, doubling: true }, rng);
  const game = state.game!;
  const offered = { ...state, game: { ...game, turn: { ...game.turn, stage: 'resignOffered' as const } } };
  out.push(keyboard('board: resignation offered', boardButtons(offered, 1, lang, {})));
  for (const value of [1, 2, 4, 64]) {
    const doubled = { ...state, game: { ...game, cube: { ...game.cube, value }, turn: { ...game.turn, stage: 'doubled' as const } } };
    out.push(keyboard(`board: pass of a cube at ${value}`, boardButtons(doubled, 1, lang, { confirm: 'pass' })));
  }
  return out;
}

/** A result's buttons with checkable dice: luck, and verify once the seed is out. */
function results(lang: Lang): Keyboard[] {
  const rng = mulberry32(11);
  const state = started(lang, { variant: 'short', matchLength: 0 }, rng, true);
  const record = { id: state.id, version: 3, status: 'finished', players: [], updatedAt: T0 } as unknown as GameRecord;
  const finished = { ...state, phase: 'finished' as const };
  return [keyboard('result with checkable dice', resultButtons(record, finished, lang))];
}

/** The tournament: its sign-up in every value of every setting, under way, the remove list. */
function tournaments(lang: Lang): Keyboard[] {
  const [a, b] = NAMES[lang];
  const out: Keyboard[] = [];
  const chat = { platform: 'telegram', chatId: '-100' } as const;
  let tm: Tournament = openTournament('tour0001', chat, lang, { id: 'telegram:1', name: a }, T0);
  const joined = join(tm, { id: 'telegram:2', name: b });
  if (!joined.ok) throw new Error(joined.error);
  tm = joined.value;
  const settingsOf = (change: Partial<Tournament['settings']>): Tournament => ({ ...tm, settings: { ...tm.settings, ...change } });
  for (const format of FORMATS) out.push(keyboard(`tournament sign-up, ${format}`, tournamentMessage(settingsOf({ format }), lang).buttons));
  for (const variant of VARIANT_IDS) out.push(keyboard(`tournament sign-up, ${variant}`, tournamentMessage(settingsOf({ variant }), lang).buttons));
  for (const matchLength of MATCH_LENGTHS) out.push(keyboard(`tournament sign-up, match to ${matchLength}`, tournamentMessage(settingsOf({ matchLength }), lang).buttons));
  for (const clock of CLOCKS) out.push(keyboard(`tournament sign-up, clock ${clock}`, tournamentMessage(settingsOf({ clock }), lang).buttons));
  for (const maxPlayers of MAX_PLAYERS) out.push(keyboard(`tournament sign-up, ${maxPlayers} players`, tournamentMessage(settingsOf({ maxPlayers }), lang).buttons));
  const started = start(tm, tm.organiser.id);
  if (!started.ok) throw new Error(started.error);
  out.push(keyboard('tournament under way', tournamentMessage(started.value, lang).buttons));
  for (const fair of [false, true]) out.push(keyboard(`tournament pairing${fair ? ' 🔐' : ''}`, pairingButtons(challengeOf(lang, {}, { invitee: true, fair }), 1, lang)));
  out.push(keyboard('tournament: remove a player', removeKeyboard(started.value, lang, { rows: 100, buttonsPerRow: 8 }).buttons));
  // A player's name is theirs, of any length (#49: '❌ {name}' was cut by the phone): the list cuts it to fit.
  const long = { ...started.value, players: [...started.value.players, { id: 'telegram:3', name: LONG_NAMES[lang] }] };
  out.push(keyboard('tournament: remove a player with a long name', removeKeyboard(long, lang, { rows: 100, buttonsPerRow: 8 }).buttons));
  return out;
}

/** /games: a game of every variant between the two names, each with its board's link; a typed move's "which game". */
function games(lang: Lang): Keyboard[] {
  const [a, b] = NAMES[lang];
  const records = VARIANT_IDS.map((variant, i) => ({
    id: `game${i}abc`, version: 1, status: 'active', players: ['telegram:1', 'telegram:2'], updatedAt: T0,
    summary: { variant, names: [a, b], score: [0, 0], toAct: 'telegram:1' },
  })) as unknown as GameRecord[];
  const list = gamesList(records, 'telegram:1', lang, T0);
  const link = 'https://t.me/c/100/200';
  return [
    keyboard('/games', gamesKeyboard(list.games.map((g) => ({ ...g, version: 1, url: link })), lang)),
    keyboard('a typed move: which game', list.games.map((g) => [{ label: g.label, url: link }])),
  ];
}

/** The language picker, /forget's confirmation, the reminder's link to the board. */
function others(lang: Lang): Keyboard[] {
  return [
    keyboard('/lang', languageKeyboard()),
    keyboard('/forget', [[{ label: t(lang, 'forget.button'), token: 'x' }]]),
    keyboard('reminder', [[{ label: t(lang, 'sweep.openBoard'), url: 'https://t.me/c/100/200' }]]),
  ];
}

/** Every keyboard the bot sends in `lang`; `seeds` random money games per variant (more: more boards). */
export function allKeyboards(lang: Lang, seeds = 2): Keyboard[] {
  return [...challenges(lang), ...settings(lang), ...boards(lang, seeds), ...results(lang), ...tournaments(lang), ...games(lang), ...others(lang)];
}
