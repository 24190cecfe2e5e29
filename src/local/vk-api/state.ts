/**
 * What the VK API stand-in remembers: users, peers (private chats and conversations, with their
 * members and admins), every message of each peer by its `conversation_message_id` (text,
 * keyboard, attachments), uploaded photos and documents with their bytes, the press events it made
 * and how each was answered, every call, and who listens for changes. Not a rule: test infrastructure.
 */

export interface VkPerson {
  readonly id: number;
  readonly first_name: string;
  readonly last_name?: string;
  /** `client_info.lang_id`: 0 Russian, 3 English; absent: not told. */
  readonly langId?: number;
}

export interface StoredAttachment {
  readonly type: 'photo' | 'doc';
  readonly id: number;
  readonly ownerId: number;
  readonly accessKey?: string;
  readonly name: string;
  readonly bytes: Buffer;
}

export interface StoredVkMessage {
  readonly peerId: number;
  readonly cmid: number;
  /** The author: a user id, or minus the community's id for the bot. */
  readonly fromId: number;
  text: string;
  attachments: StoredAttachment[];
  /** The inline keyboard as sent (`buttons` rows), absent without one. */
  keyboard?: { inline: boolean; buttons: { action: { type: string; label: string; payload?: string; link?: string }; color?: string }[][] };
  readonly replyTo?: number;
  readonly date: number;
  edits: number;
  deleted: boolean;
}

/** A press event the stand-in made, and its answer when the bot gave one. */
export interface StoredPress {
  readonly eventId: string;
  readonly userId: number;
  readonly peerId: number;
  readonly cmid: number;
  answer?: { readonly type?: string; readonly text?: string };
  answeredAt?: number;
}

export interface RecordedCall {
  readonly method: string;
  readonly params: Readonly<Record<string, string>>;
  readonly error?: number;
  readonly at: number;
}

export interface Failure {
  readonly code: number;
  readonly message?: string;
}

export class VkState {
  readonly users = new Map<number, VkPerson>();
  readonly peers = new Map<number, { title?: string; members: Set<number>; admins: Set<number>; nextCmid: number; randomIds: Map<number, number> }>();
  readonly messages = new Map<string, StoredVkMessage>();
  readonly files = new Map<string, StoredAttachment>();
  /** Uploads not yet saved: the upload server's answer → the bytes. */
  readonly pending = new Map<string, { type: 'photo' | 'doc'; name: string; bytes: Buffer }>();
  readonly presses = new Map<string, StoredPress>();
  readonly calls: RecordedCall[] = [];
  readonly failures: { method: string; failure: Failure }[] = [];
  readonly listeners = new Set<(change: { peerId?: number }) => void>();
  private nextId = 456_239_000;

  id(): number {
    return ++this.nextId;
  }

  peer(peerId: number) {
    let peer = this.peers.get(peerId);
    if (peer === undefined) this.peers.set(peerId, (peer = { members: new Set(peerId < 2e9 ? [peerId] : []), admins: new Set(), nextCmid: 1, randomIds: new Map() }));
    return peer;
  }

  addMessage(message: Omit<StoredVkMessage, 'cmid' | 'edits' | 'deleted' | 'date'>): StoredVkMessage {
    const peer = this.peer(message.peerId);
    const stored: StoredVkMessage = { ...message, cmid: peer.nextCmid++, edits: 0, deleted: false, date: Math.floor(Date.now() / 1000) };
    this.messages.set(`${stored.peerId}:${stored.cmid}`, stored);
    return stored;
  }

  message(peerId: number, cmid: number): StoredVkMessage | undefined {
    return this.messages.get(`${peerId}:${cmid}`);
  }

  peerMessages(peerId: number): StoredVkMessage[] {
    return [...this.messages.values()].filter((m) => m.peerId === peerId).sort((a, b) => a.cmid - b.cmid);
  }

  changed(peerId?: number): void {
    for (const listener of this.listeners) listener(peerId === undefined ? {} : { peerId });
  }
}
