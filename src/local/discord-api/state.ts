/**
 * What the Discord API stand-in remembers: channels and their messages (with the PNG bytes of
 * each attachment), the interactions it handed out (token → where they were made, how they were
 * acknowledged), DM channels, registered commands, every request, and who listens for changes. Snowflakes count up from a
 * fixed start, so they look like Discord's (17–20 digits). Not a rule: test infrastructure.
 */
import type { APIActionRowComponent, APIButtonComponent } from 'discord-api-types/v10';

/** An attachment as stored: its bytes, so tests can compare pictures. */
export interface StoredAttachment {
  readonly id: string;
  readonly filename: string;
  readonly contentType?: string;
  readonly bytes: Buffer;
}

/** A message as it looks now. `ephemeralFor`: only that user sees it. */
export interface StoredMessage {
  readonly id: string;
  readonly channelId: string;
  content: string;
  components: APIActionRowComponent<APIButtonComponent>[];
  attachments: StoredAttachment[];
  flags: number;
  readonly fromBot: boolean;
  readonly ephemeralFor?: string;
  /**
   * Whom Discord would notify for this message's content, by its `allowed_mentions` (all parsed
   * mentions without one), over its creation and edits: user ids, `role:<id>`, `@everyone`, `@here`.
   */
  pings: string[];
  /** The `allowed_mentions` of the last create or edit that set the content (absent: none sent). */
  allowedMentions?: unknown;
  /** The interaction whose deferred reply this is, while Discord shows "thinking…". */
  thinking: boolean;
  deleted: boolean;
  edits: number;
}

/** An interaction the stand-in made for a user, and what the app did with it. */
export interface StoredInteraction {
  readonly id: string;
  readonly token: string;
  readonly type: number;
  readonly channelId: string;
  readonly userId: string;
  /** The pressed message (a button press). */
  readonly messageId?: string;
  readonly createdAt: number;
  /** The callback type the app answered with, when it did, and how long after it was made (ms). */
  ack?: { readonly type: number; readonly ms: number; readonly via: 'http' | 'callback' };
  /** The message `@original` stands for once there is one. */
  originalId?: string;
  expired: boolean;
}

/** One request to the stand-in and its answer. */
export interface RecordedCall {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly at: number;
}

/** A failure to serve instead of the next matching request. */
export interface Failure {
  readonly status: 401 | 403 | 404 | 429 | 500;
  /** Seconds, for a 429. */
  readonly retryAfter?: number;
}

export class StandInState {
  private next = 1_300_000_000_000_000_000n;
  readonly channels = new Map<string, { id: string; type: number; guildId?: string; recipientId?: string }>();
  readonly messages = new Map<string, StoredMessage>();
  readonly interactions = new Map<string, StoredInteraction>();
  readonly commands = new Map<string, unknown[]>();
  readonly calls: RecordedCall[] = [];
  /** Who hears of each change (`subscribe`): the channel it touched, when known. */
  readonly listeners = new Set<(change: { channelId?: string }) => void>();

  snowflake(): string {
    this.next += 1n;
    return this.next.toString();
  }

  addMessage(message: Omit<StoredMessage, 'id' | 'deleted' | 'edits' | 'thinking'> & { thinking?: boolean }): StoredMessage {
    const stored: StoredMessage = { ...message, id: this.snowflake(), deleted: false, edits: 0, thinking: message.thinking ?? false };
    this.messages.set(stored.id, stored);
    return stored;
  }

  /** Tells every listener that something changed (in `channelId`, when known). */
  changed(channelId: string | undefined): void {
    for (const listener of this.listeners) listener(channelId === undefined ? {} : { channelId });
  }

  channelMessages(channelId: string): StoredMessage[] {
    return [...this.messages.values()].filter((m) => m.channelId === channelId);
  }
}
