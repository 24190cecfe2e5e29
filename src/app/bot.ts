/**
 * The conversation: every platform's intents handled the same way. A press is checked (token,
 * presser, turn, version), answered with a toast before the write, applied through the reducer,
 * stored with one conditional write, and the board is redrawn in place.
 */
import { randomBytes } from 'node:crypto';
import type { DiceSource } from '../dice/index.ts';
import { VARIANTS, legalPlays, type VariantId } from '../engine/index.ts';
import { COMPUTER_ID, positionOf, seatToAct, turnContextOf, type Command, type MatchState } from '../game/index.ts';
import { computerAcceptance, computerToAct, isComputerMatch, playComputer } from './computer.ts';
import { LANG_NAMES, errorText, isLang, pickLang, rulesText, t, variantName, type Lang } from '../i18n/index.ts';
import type { GameStore } from '../store/index.ts';
import type { Button, ChatUser, Emit, Intent, MessageRef } from './chat.ts';
import { boardLanguage, loadMatch, openChallenge, runCommand, type AppError, type Outcome } from './matches.ts';
import { challengeMessage, changedSettings, clockChoice, gamesList, settingsMessage } from './texts.ts';
import { bringBoardDown, handleReminderSettings, handleVacation } from './correspondence.ts';
import { isChatRef, isMessageRef, langOfPlayer } from './memo.ts';
import { decodeToken, encodeToken, type Choice, type Token } from './tokens.ts';
import { variantOfWord } from './variant-words.ts';
import { boardView, pressCheck, type ViewMode } from './views.ts';

/** What the conversation needs from the world. */
export interface AppDeps {
  readonly store: GameStore;
  readonly now: () => number;
  readonly dice: DiceSource;
  /** The bot's handle without `@` (deep links); empty when the platform has none. */
  readonly botUsername: string;
  /** New game ids; random by default. */
  readonly newId?: () => string;
  /** A link that opens a message in its chat, where the platform has one (`/games` links the boards). */
  readonly messageLink?: (message: MessageRef) => string | undefined;
  /** How a turn notice names the player so the platform notifies them (Discord: `<@id>`); default the name. */
  readonly mention?: (player: { readonly id: string; readonly name: string }) => string;
}

function newGameId(): string {
  return randomBytes(8).toString('hex').slice(0, 10);
}

/** A user's language: the one chosen with /lang, else the platform's. */
function langOf(deps: AppDeps, user: ChatUser): Promise<Lang> {
  return langOfPlayer(deps.store, user.id, user.language);
}

/** How long a platform update id is remembered: Telegram and Discord redeliver within hours. */
const UPDATE_TTL_SECONDS = 48 * 3600;

const VIEW_CHOICES = new Set<Choice['k']>(['pick', 'askPass', 'askResign', 'back']);

/** The match command a choice stands for (view-only choices have none). */
function commandOf(choice: Choice, by: ChatUser, state: MatchState): Command | undefined {
  const id = by.id;
  switch (choice.k) {
    case 'accept': return { type: 'accept', by: { id, name: by.name } };
    case 'decline': return { type: 'decline', by: id };
    case 'cancel': return { type: 'cancel', by: id };
    case 'roll': return { type: 'roll', by: id };
    case 'double': return { type: 'double', by: id };
    case 'detonate': return { type: 'detonate', by: id };
    case 'take': return { type: 'take', by: id };
    case 'beaver': return { type: 'beaver', by: id };
    case 'pass': return { type: 'pass', by: id };
    case 'resign': return { type: 'resign', by: id };
    case 'acceptResign': return { type: 'acceptResign', by: id };
    case 'declineResign': return { type: 'declineResign', by: id };
    case 'undo': return { type: 'undo', by: id };
    case 'confirm': return { type: 'confirm', by: id };
    case 'step': return { type: 'step', by: id, from: choice.from, to: choice.to, die: choice.die };
    case 'play': {
      const game = state.game;
      if (!game?.turn.dice) return { type: 'play', by: id, move: '?' };
      const plays = legalPlays(positionOf(state.settings, game), game.turn.dice, turnContextOf(game));
      return { type: 'play', by: id, move: plays[choice.i]?.move ?? '?' };
    }
    default: return undefined;
  }
}

function modeOf(choice: Choice): ViewMode {
  if (choice.k === 'pick') return { pick: choice.from };
  if (choice.k === 'askPass') return { confirm: 'pass' };
  if (choice.k === 'askResign') return { confirm: 'resign' };
  return {};
}

/** Draws the board where it belongs: in place of the pressed board, or as a new message. */
async function showBoard(deps: AppDeps, emit: Emit, state: MatchState, version: number, lang: Lang, chat: Intent['chat'], replace?: MessageRef, mode?: ViewMode): Promise<void> {
  await emit({ kind: 'board', chat, view: boardView(state, version, lang, deps.now(), mode), replace });
}

/**
 * Shows the board of a game to its players. A game opened in a chat has one board there (the
 * pressed one is edited in place). A game from inline mode has no chat: each player who has
 * started the bot gets their own board in their private chat, edited in place from then on.
 */
async function publishBoard(deps: AppDeps, emit: Emit, state: MatchState, version: number, lang: Lang, gameChat: Intent['chat'] | undefined, pressed?: MessageRef): Promise<void> {
  if (gameChat) {
    const replace = pressed?.chat.chatId === gameChat.chatId ? pressed : undefined;
    const sent = await emit({ kind: 'board', chat: gameChat, view: boardView(state, version, lang, deps.now()), replace });
    // A new board message: remember it, so /games can link to it.
    if (sent && sent.messageId !== replace?.messageId) await deps.store.remember(`board#${state.id}`, sent, deps.now());
    return;
  }
  for (const player of state.players) {
    if (!player) continue;
    const dm = await deps.store.recall(`dm#${player.id}`);
    if (!isChatRef(dm)) continue;
    const key = `board#${state.id}#${player.id}`;
    const known = await deps.store.recall(key);
    const replace = pressed?.chat.chatId === dm.chatId ? pressed : isMessageRef(known) ? known : undefined;
    const sent = await emit({ kind: 'board', chat: dm, view: boardView(state, version, lang, deps.now()), replace });
    if (sent) await deps.store.remember(key, sent, deps.now());
  }
}

async function afterCommand(deps: AppDeps, emit: Emit, before: MatchState, after: MatchState, version: number, gameChat: Intent['chat'] | undefined, intent: Intent & { kind: 'press' }, token: Token, lang: Lang): Promise<void> {
  const fromText = token.surface === 'text';
  if (after.phase !== 'playing' && after.phase !== 'finished') {
    // A challenge declined, cancelled or expired: the challenge message says so.
    const key = after.phase === 'declined' ? 'challenge.declined' : after.phase === 'cancelled' ? 'challenge.cancelled' : 'challenge.expired';
    if (intent.message) await emit({ kind: 'editText', message: intent.message, text: t(lang, key) });
    return;
  }
  if (fromText && intent.message && before.phase === 'challenge') {
    await emit({ kind: 'editText', message: intent.message, text: t(lang, 'challenge.accepted') });
  }
  await publishBoard(deps, emit, after, version, lang, gameChat, fromText ? undefined : intent.message);
  const actor = seatToAct(after);
  if (actor !== null && actor !== seatToAct(before)) {
    const player = after.players[actor];
    if (player && player.id !== intent.from.id && player.id !== COMPUTER_ID) await noticeTurn(deps, emit, after.id, player, gameChat, lang);
  }
}

/**
 * Tells the player to move that it is their turn: one short notice in the game's chat (the
 * previous one deleted, to keep the chat clean) and a ping in their private chat when they have
 * started the bot there.
 */
async function noticeTurn(deps: AppDeps, emit: Emit, gameId: string, player: { id: string; name: string }, chat: Intent['chat'] | undefined, lang: Lang): Promise<void> {
  const [previous, dm] = await Promise.all([chat ? deps.store.recall(`notice#${gameId}`) : undefined, deps.store.recall(`dm#${player.id}`)]);
  if (chat) {
    if (isMessageRef(previous)) await emit({ kind: 'delete', message: previous });
    const sent = await emit({ kind: 'text', chat, text: t(lang, 'notify.yourMove', { name: deps.mention?.(player) ?? player.name }) });
    if (sent) await deps.store.remember(`notice#${gameId}`, sent, deps.now());
  }
  if (isChatRef(dm) && dm.chatId !== chat?.chatId) {
    await emit({ kind: 'text', chat: dm, text: t(await langOf(deps, { id: player.id, name: player.name }), 'notify.yourMove', { name: player.name }) });
  }
}

type Loading = ReturnType<typeof loadMatch>;

async function handlePress(deps: AppDeps, intent: Intent & { kind: 'press' }, emit: Emit, lang: Lang, token: Token | undefined, loading: Loading | undefined): Promise<void> {
  if (!token) return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  const loaded = await (loading ?? loadMatch(deps.store, token.gameId));
  if (!loaded.ok) return void (await emit({ kind: 'toast', text: errorText(lang, loaded.error) }));
  const { record, state } = loaded.value;
  const boardLang = pickLang(boardLanguage(record) ?? intent.from.language);
  const refresh = async () => {
    await emit({ kind: 'toast', text: t(lang, 'toast.stale') });
    if (token.surface === 'board' && intent.message && state.game) await showBoard(deps, emit, state, record.version, boardLang, intent.chat, intent.message);
  };
  if (token.choice.k === 'bringDown') return bringBoardDown(deps, intent, emit, record, state, lang);
  if (computerToAct(state) !== null) {
    // The computer's turn was left unplayed (a crash between writes): play it, then show the board.
    const played = await playComputer(deps, { record, state, events: [] }, (o) => showComputerMove(deps, emit, o, boardLang));
    if (!played.ok) return pressFailed(emit, played.error, lang, refresh);
    return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  }
  if (token.version !== record.version) return refresh();
  if (state.phase === 'challenge' && ['settings', 'variants', 'back', 'set'].includes(token.choice.k)) return handleSettings(deps, intent, emit, token, state, record.version, boardLang);
  if (VIEW_CHOICES.has(token.choice.k)) {
    const who = pressCheck(state, intent.from.id);
    if (who === 'not-your-game') return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
    if (who === 'not-your-turn') return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourTurn') }));
    await emit({ kind: 'toast', text: '' });
    return showBoard(deps, emit, state, record.version, boardLang, intent.chat, intent.message, modeOf(token.choice));
  }
  if (token.choice.k === 'accept' && !(await mayAccept(deps, state.id, intent.from))) return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
  // A challenge to the computer: its author's Play makes the computer accept.
  const computerAccepts = token.choice.k === 'accept' && isComputerMatch(state);
  if (computerAccepts && state.players[0]?.id !== intent.from.id) return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
  const command = computerAccepts ? computerAcceptance(state, boardLang) : commandOf(token.choice, intent.from, state);
  if (!command) return refresh();
  const outcome = await runCommand(deps, token.gameId, command, {
    loaded: loaded.value,
    beforeSave: async (next) => {
      // The toast stays the first effect; the next board is drawn while it and the write travel.
      const answered = emit({ kind: 'toast', text: '' });
      if (next.game) emit({ kind: 'prepare', view: boardView(next, record.version + 1, boardLang, deps.now()) }).catch(() => undefined);
      await answered;
    },
  });
  if (!outcome.ok) return pressFailed(emit, outcome.error, lang, refresh);
  await afterCommand(deps, emit, state, outcome.value.state, outcome.value.record.version, outcome.value.record.chat, intent, token, boardLang);
  // Against the computer: it answers at once, through the same reducer and conditional write;
  // the board is redrawn once when the human has something to do (or the match is over).
  await playComputer(deps, outcome.value, (o) => showComputerMove(deps, emit, o, boardLang, token.surface === 'board' ? intent.message : undefined));
}

/** Redraws the board after the computer's commands: the pressed board, else the last one sent. */
async function showComputerMove(deps: AppDeps, emit: Emit, o: Outcome, lang: Lang, pressed?: MessageRef): Promise<void> {
  const known = pressed ?? (await deps.store.recall(`board#${o.state.id}`));
  await publishBoard(deps, emit, o.state, o.record.version, lang, o.record.chat, isMessageRef(known) ? known : undefined);
}

/** A challenge to an `@handle` may be accepted only by that handle (the platform gave no id for it). */
async function mayAccept(deps: AppDeps, gameId: string, from: ChatUser): Promise<boolean> {
  const handle = await deps.store.recall(`invitee#${gameId}`);
  return typeof handle !== 'string' || handle === from.username?.toLowerCase();
}

/** A press the match refused: an old board is redrawn, anything else is explained in a toast. */
async function pressFailed(emit: Emit, error: AppError, lang: Lang, refresh: () => Promise<void>): Promise<void> {
  if (error.kind === 'stale-version') return refresh();
  const text = error.kind === 'not-a-player' ? t(lang, 'toast.notYourGame') : error.kind === 'not-your-turn' ? t(lang, 'toast.notYourTurn') : errorText(lang, error);
  await emit({ kind: 'toast', text, alert: error.kind === 'invalid-state' });
}

/** The challenge's settings keyboard: only the challenger may open it or change a setting. */
async function handleSettings(deps: AppDeps, intent: Intent & { kind: 'press' }, emit: Emit, token: Token, state: MatchState, version: number, lang: Lang): Promise<void> {
  const own = await langOf(deps, intent.from);
  if (state.players[0]?.id !== intent.from.id) return void (await emit({ kind: 'toast', text: t(own, 'toast.notYourGame') }));
  if (!intent.message) return void (await emit({ kind: 'toast', text: t(own, 'toast.stale') }));
  const choice = token.choice;
  if (choice.k !== 'set') {
    await emit({ kind: 'toast', text: '' });
    const view = choice.k === 'settings' || choice.k === 'variants' ? settingsMessage(state, version, lang, choice.k === 'variants' ? 'variants' : 'main') : challengeMessage(state, version, lang, deps.botUsername);
    return void (await emit({ kind: 'editText', message: intent.message, text: view.text, buttons: view.buttons }));
  }
  const settings = changedSettings(state, choice.key, choice.value);
  if (!settings) return void (await emit({ kind: 'toast', text: t(own, 'toast.stale') }));
  const outcome = await runCommand(deps, state.id, { type: 'configure', by: intent.from.id, settings }, {
    expectedVersion: version,
    beforeSave: async () => { await emit({ kind: 'toast', text: '' }); },
  });
  if (!outcome.ok) return void (await emit({ kind: 'toast', text: errorText(own, outcome.error) }));
  const view = settingsMessage(outcome.value.state, outcome.value.record.version, lang);
  await emit({ kind: 'editText', message: intent.message, text: view.text, buttons: view.buttons });
}

/** Words that make a challenge one against the computer (`/nardy vs computer`). */
const COMPUTER_WORDS = new Set(['computer', 'cpu', 'ai', 'bot', 'компьютер', 'компьютером', 'компьютера', 'бот', 'ботом', 'კომპიუტერი', 'კომპიუტერთან']);

/**
 * Reads a challenge's few words (`/nardy short 3`, `/nardy vs computer`) and the settings the
 * platform named (Discord's options). The cube comes with a match in the short family, where the
 * variant has one, and in a money game against the computer; without a length the variant's
 * default applies (a single game, tavla a match to 3).
 */
function challengeSettings(intent: Intent & { kind: 'challenge' }) {
  let variant: VariantId = intent.variant ?? 'long';
  let matchLength: number | undefined;
  let computer = false;
  for (const word of (intent.args ?? '').split(/\s+/)) {
    if (COMPUTER_WORDS.has(word.toLowerCase())) computer = true;
    variant = variantOfWord(word) ?? variant;
    if (/^\d{1,2}$/.test(word) && Number(word) >= 1 && Number(word) <= 25) matchLength = Number(word);
  }
  const v = VARIANTS[variant];
  const chosen = intent.settings ?? {};
  const length = chosen.matchLength ?? matchLength ?? v.defaultMatchLength ?? 0;
  const mayCube = v.family === 'short' && !v.noCube;
  const doubling = mayCube && (chosen.doubling ?? (length > 0 || computer));
  const clock = chosen.clock === undefined ? undefined : clockChoice(chosen.clock);
  return {
    variant, matchLength: length, doubling, crawford: doubling && length > 1,
    ...(clock === undefined ? {} : { clock }), ...(computer ? { computer: 'strong' as const } : {}),
  };
}

async function handleChallenge(deps: AppDeps, intent: Intent & { kind: 'challenge' }, emit: Emit): Promise<void> {
  const lang = await langOf(deps, intent.from);
  const settings = challengeSettings(intent);
  const opened = await openChallenge(deps, {
    id: (deps.newId ?? newGameId)(),
    by: { id: intent.from.id, name: intent.from.name },
    invitee: settings.computer ? null : intent.opponent?.id ?? null,
    settings,
  }, intent.chat, lang);
  if (!opened.ok) return void (await emit({ kind: 'text', chat: intent.chat, text: errorText(lang, opened.error) }));
  const handle = intent.opponent || settings.computer ? undefined : intent.opponentUsername?.toLowerCase();
  if (handle) await deps.store.remember(`invitee#${opened.value.state.id}`, handle, deps.now());
  const message = challengeMessage(opened.value.state, opened.value.record.version, lang, deps.botUsername, intent.opponent?.name ?? (handle ? `@${intent.opponentUsername}` : undefined));
  const sent = await emit({ kind: 'text', chat: intent.chat, text: message.text, buttons: message.buttons });
  // The scheduler marks the message expired if nobody accepts in time.
  if (sent) await deps.store.remember(`challenge#${opened.value.state.id}`, sent, deps.now());
}

async function handleStart(deps: AppDeps, intent: Intent & { kind: 'start' }, emit: Emit): Promise<void> {
  const lang = await langOf(deps, intent.from);
  // /start comes from the player's private chat with the bot: turn notices may go there now.
  await deps.store.remember(`dm#${intent.from.id}`, intent.chat, deps.now());
  const match = /^a_([a-z0-9]{4,24})$/.exec(intent.payload ?? '');
  if (!match) return void (await emit({ kind: 'text', chat: intent.chat, text: t(lang, 'start.welcome') + '\n\n' + t(lang, 'help') }));
  if (!(await mayAccept(deps, match[1], intent.from))) return void (await emit({ kind: 'text', chat: intent.chat, text: t(lang, 'toast.notYourGame') }));
  const outcome = await runCommand(deps, match[1], { type: 'accept', by: { id: intent.from.id, name: intent.from.name } });
  if (!outcome.ok) return void (await emit({ kind: 'text', chat: intent.chat, text: errorText(lang, outcome.error) }));
  await emit({ kind: 'text', chat: intent.chat, text: t(lang, 'challenge.accepted') });
  const { state, record } = outcome.value;
  await publishBoard(deps, emit, state, record.version, pickLang(boardLanguage(record) ?? intent.from.language), record.chat);
  const actor = seatToAct(state);
  const player = actor === null ? null : state.players[actor];
  if (player && player.id !== intent.from.id) await noticeTurn(deps, emit, state.id, player, record.chat, lang);
}

async function handleResign(deps: AppDeps, intent: Intent & { kind: 'resign' }, emit: Emit): Promise<void> {
  const lang = await langOf(deps, intent.from);
  const games = await deps.store.listByChat(intent.chat.platform, intent.chat.chatId, { status: 'active' });
  const mine = games.records.find((r) => r.players.includes(intent.from.id));
  if (!mine) return void (await emit({ kind: 'text', chat: intent.chat, text: t(lang, 'games.none') }));
  const loaded = await loadMatch(deps.store, mine.id);
  if (!loaded.ok) return void (await emit({ kind: 'text', chat: intent.chat, text: errorText(lang, loaded.error) }));
  await showBoard(deps, emit, loaded.value.state, loaded.value.record.version, lang, intent.chat, undefined, { confirm: 'resign' });
}

/** The open inline challenge of a user for a variant: reused while open, else a new one. */
async function inlineChallenge(deps: AppDeps, from: ChatUser, variant: VariantId, lang: Lang): Promise<MatchState | undefined> {
  const key = `inline#${from.id}#${variant}`;
  const known = await deps.store.recall(key);
  if (typeof known === 'string') {
    const loaded = await loadMatch(deps.store, known);
    if (loaded.ok && loaded.value.state.phase === 'challenge' && loaded.value.state.challengeExpiresAt > deps.now()) return loaded.value.state;
  }
  const opened = await openChallenge(deps, { id: (deps.newId ?? newGameId)(), by: { id: from.id, name: from.name }, invitee: null, settings: { variant } }, undefined, lang);
  if (!opened.ok) return undefined;
  await deps.store.remember(key, opened.value.state.id, deps.now());
  return opened.value.state;
}

/**
 * Inline mode: "challenge to long / short nardy" results, each a text message with a deep link
 * that accepts the challenge from a private chat (inline messages cannot carry the board picture).
 */
async function handleInline(deps: AppDeps, intent: Intent & { kind: 'inline' }, emit: Emit): Promise<void> {
  const lang = await langOf(deps, intent.from);
  const results = [];
  for (const variant of deps.botUsername ? (['long', 'short'] as const) : []) {
    const state = await inlineChallenge(deps, intent.from, variant, lang);
    if (!state) continue;
    const message = challengeMessage(state, 1, lang, deps.botUsername);
    results.push({
      id: `${variant}-${state.id}`,
      title: t(lang, variant === 'long' ? 'inline.challengeLong' : 'inline.challengeShort'),
      description: variantName(lang, variant),
      text: message.text,
      buttons: message.buttons.map((row) => row.filter((b) => 'url' in b)).filter((row) => row.length > 0),
    });
  }
  await emit({ kind: 'inlineAnswer', results });
}

/**
 * `/games`: my open games and challenges in every chat, my turn first, with the time left; under
 * it a "bring board down" button per game with a board (and a link to it where the platform has one).
 */
async function handleGames(deps: AppDeps, intent: Intent & { kind: 'games' }, emit: Emit): Promise<void> {
  const lang = await langOf(deps, intent.from);
  // Open games only: finished ones must not crowd them out of the page.
  const [active, challenges] = await Promise.all((['active', 'challenge'] as const).map((status) => deps.store.listByPlayer(intent.from.id, { status, limit: 20 })));
  const listing = { records: [...active.records, ...challenges.records] };
  const list = gamesList(listing.records, intent.from.id, lang, deps.now());
  const buttons: Button[][] = [];
  for (const game of list.games) {
    const ref = await deps.store.recall(`board#${game.id}`);
    if (!isMessageRef(ref)) continue;
    const url = deps.messageLink?.(ref);
    const version = listing.records.find((r) => r.id === game.id)?.version ?? 0;
    const down: Button = { label: t(lang, 'games.bringDown', { game: game.label }), token: encodeToken({ surface: 'text', gameId: game.id, version, choice: { k: 'bringDown' } }) };
    buttons.push(url ? [down, { label: '↗', url }] : [down]);
  }
  const text = buttons.length > 0 ? `${list.text}\n\n${t(lang, 'games.bringDownHint')}` : list.text;
  await emit({ kind: 'text', chat: intent.chat, text, buttons });
}

/** `/rules`: the rule set of the game being played in this chat, or of the variant asked for. */
async function handleRules(deps: AppDeps, intent: Intent & { kind: 'rules' }, emit: Emit): Promise<void> {
  const lang = await langOf(deps, intent.from);
  if (!intent.variant) {
    const games = await deps.store.listByChat(intent.chat.platform, intent.chat.chatId, { status: 'active', limit: 5 });
    const game = games.records.find((r) => r.players.includes(intent.from.id)) ?? games.records[0];
    const loaded = game ? await loadMatch(deps.store, game.id) : undefined;
    if (loaded?.ok) {
      const s = loaded.value.state.settings;
      return void (await emit({ kind: 'text', chat: intent.chat, text: rulesText(lang, s.variant, s.options, s) }));
    }
  }
  await emit({ kind: 'text', chat: intent.chat, text: rulesText(lang, intent.variant ?? 'long') });
}

/**
 * Handles one intent from any platform, emitting effects as they are known. Deterministic
 * problems become polite texts or toasts; only infrastructure failures throw (the platform may
 * then retry). Not a rule: the conversation around the rules.
 */
export async function handleIntent(deps: AppDeps, intent: Intent, emit: Emit): Promise<void> {
  // Independent reads in one round trip: every update pays for them before anything else (a
  // press's match too: read alongside, and only used once the update is known to be new).
  const token = intent.kind === 'press' ? decodeToken(intent.token) : undefined;
  const loading = token === undefined ? undefined : loadMatch(deps.store, token.gameId);
  loading?.catch(() => undefined);
  const [lang, first] = await Promise.all([
    langOf(deps, intent.from),
    intent.updateKey === undefined || deps.store.claimUpdate(intent.updateKey, deps.now(), UPDATE_TTL_SECONDS),
  ]);
  if (!first) return;
  switch (intent.kind) {
    case 'press': return handlePress(deps, intent, emit, lang, token, loading);
    case 'challenge': return handleChallenge(deps, intent, emit);
    case 'start': return handleStart(deps, intent, emit);
    case 'resign': return handleResign(deps, intent, emit);
    case 'games': return await handleGames(deps, intent, emit);
    case 'inline': return handleInline(deps, intent, emit);
    case 'vacation': return handleVacation(deps, intent, emit);
    case 'remind':
    case 'quiet': return handleReminderSettings(deps, intent, emit);
    // Discord has one /nardy command with subcommands, so its help names them.
    case 'help': return void (await emit({ kind: 'text', chat: intent.chat, text: t(lang, intent.chat.platform === 'discord' ? 'help.discord' : 'help') }));
    case 'rules': return handleRules(deps, intent, emit);
    case 'lang': {
      const chosen = intent.lang && isLang(intent.lang) ? intent.lang : undefined;
      if (chosen) await deps.store.remember(`lang#${intent.from.id}`, chosen, deps.now());
      return void (await emit({ kind: 'text', chat: intent.chat, text: chosen ? t(chosen, 'lang.changed', { lang: LANG_NAMES[chosen] }) : t(lang, 'lang.choose') }));
    }
  }
}
