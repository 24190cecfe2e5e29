/**
 * What every intent handler is given: the app's dependencies, the intent, the emitter answering
 * it, the messenger it came from and what the app knows of the user — read before the handler
 * runs, in one batch with the game a press is about.
 */
import type { Lang } from '../../i18n/index.ts';
import type { GameRecord, StoreError } from '../../store/index.ts';
import type { Result } from '../../lib/index.ts';
import type { AppDeps, Emit, Intent, Messenger, Questions } from '../ports.ts';
import type { Publisher } from '../publish.ts';
import type { PlayerMemory } from '../remembered.ts';

export interface Update<I extends Intent = Intent> extends Publisher {
  readonly deps: AppDeps;
  readonly intent: I;
  readonly emit: Emit;
  readonly messenger: Messenger;
  /** What the app may ask the messenger about this update (`chat-admin.ts`). */
  readonly questions?: Questions;
  /** What the app remembers of the user who sent the update. */
  readonly me: PlayerMemory;
  /** The user's language: chosen with `/lang`, else the platform's. */
  readonly lang: Lang;
  /** The game language of the chat the intent came from, when one was set there (`CHAT_LANGUAGE`). */
  readonly chatLang?: Lang;
  /** Every remembered value read in the update's first batch (the user's, the chat's, its budgets), by key. */
  readonly values: ReadonlyMap<string, unknown>;
  /** The game a press is about, read with the user's values (absent for other intents). */
  readonly game?: Result<GameRecord, StoreError>;
}

/** Handles one kind of intent. */
export type Handler<K extends Intent['kind']> = (update: Update<Extract<Intent, { kind: K }>>) => Promise<void>;

/** A text message in the chat the intent came from. */
export async function say(u: Update, text: string): Promise<void> {
  await u.emit({ kind: 'text', chat: u.intent.chat, text });
}
