/**
 * The contract between the messengers and the app (ARCHITECTURE.md, "Target shape"): what a chat
 * update means (`Intent`), what the app asks a messenger to do (`Effect`), what the app knows of
 * each messenger (`Messenger`) and what the app is built from (`AppDeps`). A messenger is one
 * folder under `src/platforms/` that implements `Messenger` and turns its updates into intents;
 * platforms translate, never decide (STYLE.md §16); a board's picture is drawn for them by the
 * app's `Painter` (painter.ts). Nothing here names a messenger.
 */
import type { DiceSource } from '../dice/index.ts';
import type { VariantId } from '../engine/index.ts';
import type { ComputerLevel } from '../game/index.ts';
import type { Lang, MessageKey } from '../i18n/index.ts';
import type { BoardPicture } from '../render/index.ts';
import type { GameStore } from '../store/index.ts';

/** A messenger's name, the key of its registry entry and the prefix of its identities (`<platform>:<id>`). */
export type ChatPlatform = string;

/** A chat (a group, a channel, a private chat) of a messenger. */
export interface ChatRef {
  readonly platform: ChatPlatform;
  readonly chatId: string;
}

/** A person in a chat, with a platform identity (`<platform>:<id>`). */
export interface ChatUser {
  readonly id: string;
  readonly name: string;
  /** The platform's language code (`ru`, `en-US`, …), when it tells. */
  readonly language?: string;
  /** The platform handle without `@`, when there is one. */
  readonly username?: string;
}

/** A message the platform sent, so the app can edit or delete it later. */
export interface MessageRef {
  readonly chat: ChatRef;
  readonly messageId: string;
}

/** A button: a press sends `token` back (≤ 64 bytes), or it opens `url`. */
export type Button = { readonly label: string; readonly token: string } | { readonly label: string; readonly url: string };

/** A board message: the picture, its caption (the position in words, for everyone) and its buttons. */
export interface BoardView {
  readonly gameId: string;
  readonly caption: string;
  readonly picture: BoardPicture;
  readonly buttons: readonly (readonly Button[])[];
}

/**
 * Challenge settings a platform can name up front (slash-command options); anything left
 * out keeps the default. `clock` is a code of the settings keyboard: `n`, `f`, `d1`, `d3`.
 */
export interface ChallengeChoices {
  readonly matchLength?: number;
  readonly doubling?: boolean;
  readonly clock?: string;
  /** A challenge to the computer at this level (a messenger without `/nardy vs computer`'s words). */
  readonly computer?: ComputerLevel;
}

/** What a chat update means, platform-neutral. `updateKey` (the platform's update id) makes a redelivered update a no-op. */
export type Intent = { readonly updateKey?: string } & (
  /**
   * `/nardy` or `/play`: a challenge to `opponent` (or to anyone when absent). `opponentUsername`:
   * the opponent is known only by handle (an `@username` mention), so only that handle may accept.
   */
  | { readonly kind: 'challenge'; readonly chat: ChatRef; readonly from: ChatUser; readonly opponent?: ChatUser; readonly opponentUsername?: string; readonly variant?: VariantId; readonly args?: string; readonly settings?: ChallengeChoices }
  /**
   * A button press; `message` is the message the button was under. `isAdmin`: the user administers
   * the chat, when the platform knows it from the press itself (else the app may ask, `Questions`).
   */
  | { readonly kind: 'press'; readonly chat: ChatRef; readonly from: ChatUser; readonly token: string; readonly message?: MessageRef; readonly isAdmin?: boolean }
  /**
   * A move typed as text instead of pressed (`24/18 13/11`, `roll`, `беру`); `replyTo`: the
   * message it replies to, which picks the game when it is a board. The app reads the text.
   */
  | { readonly kind: 'move'; readonly chat: ChatRef; readonly from: ChatUser; readonly text: string; readonly replyTo?: MessageRef }
  /** The bot opened in a private chat (`/start`): welcome and help; turn notices may come here from now on. */
  | { readonly kind: 'start'; readonly chat: ChatRef; readonly from: ChatUser }
  /** A challenge's invite link (posted under challenges before issue #47) followed from a private chat: accept it there. */
  | { readonly kind: 'join'; readonly chat: ChatRef; readonly from: ChatUser; readonly gameId: string }
  /** An inline challenge's link (`Messenger.ticketLink`) followed from a private chat: open the challenge if nobody has yet, and accept it. */
  | { readonly kind: 'join'; readonly chat: ChatRef; readonly from: ChatUser; readonly ticket: string }
  | { readonly kind: 'games'; readonly chat: ChatRef; readonly from: ChatUser }
  | { readonly kind: 'resign'; readonly chat: ChatRef; readonly from: ChatUser }
  /** `/history`: my game in this chat (the one in play, else the last finished) in notation; a finished one as a file too. */
  | { readonly kind: 'history'; readonly chat: ChatRef; readonly from: ChatUser }
  /** `/review`: my last finished game in this chat, reviewed by the computer (`intents/review.ts`). */
  | { readonly kind: 'review'; readonly chat: ChatRef; readonly from: ChatUser }
  | { readonly kind: 'help'; readonly chat: ChatRef; readonly from: ChatUser }
  | { readonly kind: 'rules'; readonly chat: ChatRef; readonly from: ChatUser; readonly variant?: VariantId }
  /**
   * `/lang [code]`. `shared`: said in a group or channel, which has one game language for everyone
   * there; `isAdmin`: the platform found the user administers that chat (it asks only when a code is given);
   * `message`: the language buttons pressed (from `/lang` with no code), answered in place.
   */
  | { readonly kind: 'lang'; readonly chat: ChatRef; readonly from: ChatUser; readonly lang?: string; readonly shared?: boolean; readonly isAdmin?: boolean; readonly message?: MessageRef }
  /** `/vacation [on|off]`: away (or back) in all my correspondence games; no word toggles. */
  | { readonly kind: 'vacation'; readonly chat: ChatRef; readonly from: ChatUser; readonly away?: boolean }
  /** `/confirm on|off`: whether my turns wait for a Confirm press; no word shows the setting. */
  | { readonly kind: 'confirm'; readonly chat: ChatRef; readonly from: ChatUser; readonly on?: boolean }
  /** `/remind off|default|frequent`: how often I am reminded to move; no word shows the usage. */
  | { readonly kind: 'remind'; readonly chat: ChatRef; readonly from: ChatUser; readonly mode?: string }
  /** `/quiet 23-7 +3` or `/quiet off`: hours without reminders, in my time zone. */
  | { readonly kind: 'quiet'; readonly chat: ChatRef; readonly from: ChatUser; readonly args: string }
  /** `/seed <text>`: my own dice seed for the matches accepted from now on; `off` clears it, no text shows it (issue #18). */
  | { readonly kind: 'seed'; readonly chat: ChatRef; readonly from: ChatUser; readonly text?: string }
  /** `/dice`: my dice over all my games with checkable dice, against what fair dice give. */
  | { readonly kind: 'dice'; readonly chat: ChatRef; readonly from: ChatUser }
  /** `/privacy`: what the bot keeps about the user, for how long, and who is responsible for it. */
  | { readonly kind: 'privacy'; readonly chat: ChatRef; readonly from: ChatUser }
  /**
   * `/forget`: asks, with a button; the button's press (`confirmedBy`: the user it names, `message`:
   * the question) deletes what the bot remembers of the user and takes them out of their games.
   */
  | { readonly kind: 'forget'; readonly chat: ChatRef; readonly from: ChatUser; readonly confirmedBy?: string; readonly message?: MessageRef }
  /**
   * `/tournament` (no `token`): a tournament's sign-up opened in this chat; `shared`: said in a
   * group or channel, where tournaments are played. With `token`: a tournament's button
   * (`tournamentToken`) pressed under `message`, its sign-up or standings; `isAdmin` as for a press.
   */
  | { readonly kind: 'tournament'; readonly chat: ChatRef; readonly from: ChatUser; readonly shared?: boolean; readonly token?: string; readonly message?: MessageRef; readonly isAdmin?: boolean }
  /**
   * `/top [variant]` (issue 17): the best rated players of the variant's family (of every family
   * without one); `shared`: said in a group or channel, whose own table it shows (else everyone's).
   */
  | { readonly kind: 'top'; readonly chat: ChatRef; readonly from: ChatUser; readonly variant?: VariantId; readonly shared?: boolean }
  /**
   * `/stats [@user]`: a player's ratings and record (`player`; the caller's own without one);
   * `playerUsername`: named by handle only, without an id; `shared` as for `top` (the series there).
   */
  | { readonly kind: 'stats'; readonly chat: ChatRef; readonly from: ChatUser; readonly player?: ChatUser; readonly playerUsername?: string; readonly shared?: boolean }
  /**
   * `/weekly on|off`: the chat's weekly post (no word shows whether it is on); `shared` and
   * `isAdmin` as for `lang` (the platform asks whether the user administers the chat when it matters).
   */
  | { readonly kind: 'weekly'; readonly chat: ChatRef; readonly from: ChatUser; readonly on?: boolean; readonly shared?: boolean; readonly isAdmin?: boolean }
  /** Inline mode (the bot's handle typed in any chat): `chat` is the user's private chat with the bot. */
  | { readonly kind: 'inline'; readonly chat: ChatRef; readonly from: ChatUser; readonly query: string }
  /** An inline result sent into a chat by the user (`resultId`: the `InlineResult` id): open the challenge it offered. */
  | { readonly kind: 'chosen'; readonly chat: ChatRef; readonly from: ChatUser; readonly resultId: string });

/** One result offered in inline mode: a text message with buttons (inline messages cannot carry uploads). */
export interface InlineResult {
  /** Comes back in a `chosen` intent: an inline challenge's ticket (src/app/inline-ticket.ts), ≤ 62 characters. */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly text: string;
  readonly buttons: readonly (readonly Button[])[];
}

/**
 * Questions the app may put to the messenger about one update, when the update does not answer
 * them itself: each may cost the messenger a call to its API, so the app asks only when the answer
 * decides something. A question that cannot be answered answers no.
 */
export interface Questions {
  /** Whether the update's user administers its chat (a group's admin may cancel anyone's challenge or tournament sign-up, issue #45). */
  readonly isChatAdmin?: () => Promise<boolean>;
}

/** What the app asks the platform to do, in order. */
export type Effect =
  /** The answer to a press: a short toast (or an alert the user must close). Always first for a press. */
  | { readonly kind: 'toast'; readonly text: string; readonly alert?: boolean }
  /** A text message, with optional buttons. */
  | { readonly kind: 'text'; readonly chat: ChatRef; readonly text: string; readonly buttons?: readonly (readonly Button[])[] }
  /**
   * A board about to be shown, once the move is written: the platform may start drawing it now, so
   * the drawing overlaps the write. Nothing is sent; a platform may ignore it.
   */
  | { readonly kind: 'prepare'; readonly picture: BoardPicture }
  /** A board: edit `replace` in place when given (photo message), otherwise send a new one. */
  | { readonly kind: 'board'; readonly chat: ChatRef; readonly view: BoardView; readonly replace?: MessageRef }
  /** Change a text message (a challenge that was accepted, declined or expired). */
  | { readonly kind: 'editText'; readonly message: MessageRef; readonly text: string; readonly buttons?: readonly (readonly Button[])[] }
  | { readonly kind: 'delete'; readonly message: MessageRef }
  /** A file (a match record): `name` with its extension, `content` its text (UTF-8), `caption` a line under it. */
  | { readonly kind: 'document'; readonly chat: ChatRef; readonly name: string; readonly content: string | Uint8Array; readonly caption?: string }
  /** The answer to an inline query: the results, personal to the user, not cached. */
  | { readonly kind: 'inlineAnswer'; readonly results: readonly InlineResult[] };

/** The languages the product speaks. */
export type { Lang };

/** What a messenger allows, so texts and keyboards fit (the platform clips what does not). */
export interface MessengerLimits {
  readonly buttonsPerRow: number;
  readonly rows: number;
  /** Characters of a picture's caption. */
  readonly caption: number;
  /** Characters of a text message. */
  readonly text: number;
}

/**
 * The platform's side of a conversation: it performs one effect and, for a message it sent,
 * returns where it went. The app emits effects as soon as it knows them — a press's toast before
 * the write and the render — so the platform answers within its deadline.
 */
export type Emit = (effect: Effect) => Promise<MessageRef | undefined>;

/**
 * What the app knows of one messenger. Each platform folder builds one (`src/platforms/<name>/index.ts`)
 * and the composition root (`src/wiring.ts`) puts it in the registry under its `platform` name.
 */
export interface Messenger {
  readonly platform: ChatPlatform;
  /** The help text of this messenger's commands (they are typed differently on each). */
  readonly helpKey: MessageKey;
  /** How a user types one of the bot's commands here (`/seed`, or a subcommand of one command); `/<name>` when absent. */
  commandText?(name: string): string;
  readonly limits: MessengerLimits;
  /**
   * Whether the sender of a typed command can be answered alone (a messenger's ephemeral replies): a
   * refusal is then theirs only; where it cannot, it is a message in the chat.
   */
  readonly whispers: boolean;
  /**
   * How a notice names a player so that the messenger notifies them; the name where it has no
   * mentions. Only this messenger's emitter need read it: it may be a mark that the emitter turns
   * into the message's one live mention, escaping every other part of the text (names included).
   */
  mention(player: { readonly id: string; readonly name: string }): string;
  /** A link that opens a message in its chat, where the messenger has one. */
  messageLink(message: MessageRef): string | undefined;
  /** A link that opens a private chat with the bot with an inline challenge's ticket (`join` intent with `ticket`); absent without inline mode. */
  ticketLink?(ticket: string): string | undefined;
  /** Effects the app sends on its own, outside any update (the scheduler); absent when this process cannot. */
  readonly unprompted?: Emit;
}

/** The registry: every messenger this process speaks, by platform name. */
export type Messengers = Readonly<Record<ChatPlatform, Messenger>>;

/** A token bucket's size and how fast it fills: `capacity` commands at once, then one every `refillMs`. */
export interface BucketSpec {
  readonly capacity: number;
  readonly refillMs: number;
}

/** The limits a process applies (`limits.ts`, `DEFAULT_LIMITS` unless its deps say otherwise). */
export interface Limits {
  readonly user: BucketSpec;
  readonly chat: BucketSpec;
  /** A user's refused typed lines that are answered (`REFUSALS`). */
  readonly refusals: BucketSpec;
  readonly openChallengesPerUser: number;
  /** Challenges to anyone only (`open-challenges.ts`). */
  readonly openChallengesPerChat: number;
  /** One user's share of a chat's challenges to anyone. */
  readonly openChallengesInChatPerUser: number;
  /** One user's challenges to the same member. */
  readonly openChallengesPerPair: number;
}

/**
 * The operator's figures (docs/operate.md): the app counts what happens in games (moves, games
 * started and finished, the sweep's work) and the messengers' edges what happens to updates
 * (answer time, errors, throttles). Where they go is the process's business: CloudWatch's embedded
 * metric format in a log line when deployed, the same line in `npm start`'s log
 * (src/platforms/shared/metrics.ts). Nothing here knows of either.
 */
export interface Metrics {
  /** Adds `value` (default 1) to the count `name`, with extra dimensions when given. */
  count(name: string, value?: number, dimensions?: Readonly<Record<string, string>>): void;
  /** Records a duration of `ms` milliseconds under `name`. */
  time(name: string, ms: number, dimensions?: Readonly<Record<string, string>>): void;
  /** Names the game the update being handled is about, for its log line. */
  about?(gameId: string): void;
  /** Writes out what was counted: the messengers' edges call it when a unit of work is over, the app never does. */
  flush?(): void;
}

/** What the app is built from, once per process (`src/wiring.ts`); tests inject fixed dice and time. */
export interface AppDeps {
  readonly store: GameStore;
  readonly now: () => number;
  /** The dice of matches without a server seed (stored before checkable dice, or tests' fixed dice). */
  readonly dice: DiceSource;
  /** New matches' secret server seeds (src/dice/fair.ts); absent, new matches roll with `dice`. */
  readonly serverSeed?: () => string;
  readonly messengers: Messengers;
  /** New game ids; random by default. */
  readonly newId?: () => string;
  /**
   * The secret that signs inline challenges' tickets (src/app/inline-ticket.ts), so that nobody
   * opens a challenge in another player's name; without it inline mode offers no challenge.
   */
  readonly ticketKey?: string;
  /** How often a user and a chat may command the bot, and how many challenges they may have open (`limits.ts`); the defaults when absent. */
  readonly limits?: Limits;
  /** Where the operator's figures go; none counted when absent. */
  readonly metrics?: Metrics;
}
