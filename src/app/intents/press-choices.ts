/**
 * What each button's choice is, one row per `Choice['k']`, as `dispatch.ts` has one handler per
 * `Intent['kind']`: a look aside from the match (answered whatever the board's version), a view
 * (the picture only), a challenge's setting, the hint, or the match command it stands for. The
 * press handler (`press.ts`) reads a row; whether a press is worth delivering again, or claims its
 * update on its own, is read from the same row.
 */
import type { Command, MatchState } from '../../game/index.ts';
import type { Lang } from '../../i18n/index.ts';
import { boardLangOf } from '../board-language.ts';
import type { Loaded } from '../play.ts';
import type { ChatUser, Intent } from '../ports.ts';
import { bringBoardDown } from '../publish.ts';
import { claimPost } from '../posted.ts';
import { BOARD, noteOf } from '../remembered.ts';
import type { Choice, Token } from '../tokens.ts';
import { playsOf } from '../turn-answers.ts';
import type { ViewMode } from '../views.ts';
import { t } from '../../i18n/index.ts';
import { sendLuck, sendTranscript, showDice } from './dice-buttons.ts';
import { hint } from './hint.ts';
import { history } from './history.ts';
import { review } from './review.ts';
import { rematch } from './rematch.ts';
import type { Update } from './update.ts';

export type Press = Update<Intent & { kind: 'press' }>;

/** What one choice is for the press handler; a row has one of `aside`, `current`, `view`, `setting`, `command`. */
export interface ChoiceNature<C extends Choice = Choice> {
  /** A look at the match, or something posted about it: answered whatever the board's version, and writes nothing in the match. */
  readonly aside?: (u: Press, loaded: Loaded, choice: C, boardLang: Lang) => Promise<void>;
  /** Its own answer, on the current board only (the hint). */
  readonly current?: (u: Press, loaded: Loaded, boardLang: Lang) => Promise<void>;
  /** Only the picture changes: the board redrawn in this mode, nothing written. */
  readonly view?: (choice: C) => ViewMode;
  /** In a challenge, a setting of its keyboard: another keyboard shown only, or a setting changed (`settings.ts`). */
  readonly setting?: 'keyboard' | 'change';
  /**
   * The match command it stands for. A player who confirms each turn (`/confirm on`) gets a step's
   * forced rest and a whole play laid out as steps; otherwise a step that leaves one way to end the turn ends it.
   */
  readonly command?: (choice: C, by: ChatUser, state: MatchState, confirmTurns: boolean) => Command | undefined;
  /**
   * Whether the press must claim its update on its own before it is handled (at most once): a
   * rematch, which opens a challenge. A press that changes the match claims nothing: its update id
   * is stored by the match's own write (`commitCommand`), exactly once; what a press posts for
   * everyone (a review, a record, the luck, a board brought down) is claimed once a while per chat
   * instead (`posted.ts`), which covers a redelivery too; a view, and 🔐 answered to the presser,
   * write nothing, and showing them twice is harmless.
   */
  readonly claimsAlone?: true;
}

/** A match command of the choice's own name, given by the presser alone. */
const plain: ChoiceNature = { command: (choice, by) => ({ type: choice.k, by: by.id }) as Command };

const CHOICES: { readonly [K in Choice['k']]: ChoiceNature<Extract<Choice, { k: K }>> } = {
  accept: { command: (_, by) => ({ type: 'accept', by: { id: by.id, name: by.name } }) },
  decline: plain, cancel: plain, roll: plain, double: plain, detonate: plain, take: plain, beaver: plain,
  pass: plain, resign: plain, acceptResign: plain, declineResign: plain, undo: plain, confirm: plain,
  step: { command: (c, by, _, confirmTurns) => ({ type: 'step', by: by.id, from: c.from, to: c.to, die: c.die, rest: confirmTurns ? 'fill' : 'play' }) },
  play: {
    command: (c, by, state, confirmTurns) => {
      const game = state.game;
      if (!game?.turn.dice) return { type: 'play', by: by.id, move: '?' };
      const plays = playsOf(state.settings, game);
      return { type: 'play', by: by.id, move: plays[c.i]?.move ?? '?', ...(confirmTurns ? { pending: true } : {}) };
    },
  },
  pick: { view: (c) => ({ pick: c.from }) },
  askPass: { view: () => ({ confirm: 'pass' }) },
  askResign: { view: () => ({ confirm: 'resign' }) },
  back: { view: () => ({}), setting: 'keyboard' },
  settings: { setting: 'keyboard' },
  variants: { setting: 'keyboard' },
  set: { setting: 'change' },
  hint: { current: (u, { record, state }, boardLang) => hint(u, record, state, boardLang) },
  bringDown: { aside: (u, loaded) => bringDown(u, loaded) },
  rematch: { aside: (u, { record, state }) => rematch(u, record, state), claimsAlone: true },
  history: { aside: (u, { record, state }) => history(u, record, state) },
  dice: { aside: (u, { state }) => showDice(u, state, u.lang) }, // to the presser alone: in their language
  verify: { aside: (u, { record, state }, _, boardLang) => sendTranscript(u, record, state, boardLang) },
  luck: { aside: (u, { state }, c, boardLang) => sendLuck(u, state, c.n, boardLang) },
  review: { aside: (u, { record, state }) => review(u, record, state) },
};

/** The row of a choice. */
export function natureOf(choice: Choice): ChoiceNature {
  return CHOICES[choice.k] as ChoiceNature;
}

/** Whether a press would change something (not a view, not a keyboard shown): worth delivering again if it failed. */
export function changesSomething(token: Token | undefined): boolean {
  if (token === undefined) return false;
  const nature = natureOf(token.choice);
  return nature.view === undefined && nature.setting !== 'keyboard';
}

/** Whether a press must claim its update on its own before it is handled (`ChoiceNature.claimsAlone`). */
export function claimsAlone(token: Token | undefined): boolean {
  return token !== undefined && natureOf(token.choice).claimsAlone === true;
}

/** "Bring the board down" (from `/games`): a player's, once a minute per version (each repost is a notification in the game's chat). */
async function bringDown(u: Press, { record, state }: Loaded): Promise<void> {
  const { deps, intent, emit, lang } = u;
  if (!state.players.some((p) => p?.id === intent.from.id)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.notYourGame') }));
  if (!record.chat || !state.game || !noteOf(record, BOARD)) return void (await emit({ kind: 'toast', text: t(lang, 'toast.stale') }));
  if (!(await claimPost(u, record.id, 'bringDown', record.version))) return;
  await emit({ kind: 'toast', text: '' });
  return bringBoardDown(u, record, state, await boardLangOf(deps.store, record, { chat: intent.chat, chatLang: u.chatLang }, lang));
}
