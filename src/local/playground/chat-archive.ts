/**
 * The playground's Telegram chats kept across restarts of `npm start` (review 2026-12-06 B12): the
 * stand-in's messages, as they look now, in `<dataDir>/playground-chats/messages.json`, the photos
 * they show and the documents they carry as files beside it. On start they are put back under their
 * own ids, so the boards are in the chat again and the bot, whose games name their boards' message
 * ids, edits them in place; later messages are numbered after them (as Telegram's go on
 * increasing), and new photos get new file ids (the page caches pictures by file id).
 * Written a moment after each change, and on close. Not a rule: local infrastructure.
 */
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredDocument, StoredMessage, StoredPhoto, TelegramApi } from '../telegram-api/index.ts';

const VERSION = 1;
/** How long after a change the chats are written (changes come in bursts: a press edits, answers, posts). */
const WRITE_AFTER_MS = 300;
/** The methods that change a chat; the others (getMe, answerCallbackQuery, getChatMember…) do not. */
const CHANGES = /^(send|edit|delete|copy|forward|stop)/;

/** A message as written: its photo's and document's bytes in files of their own. */
type KeptMessage = Omit<StoredMessage, 'photo' | 'document'> & {
  photo?: Omit<StoredPhoto, 'bytes'> & { file: string };
  document?: Omit<StoredDocument, 'bytes'> & { file: string };
};

export type ChatArchive = {
  /** Writes what is not yet written; stops watching the stand-in. */
  close(): Promise<void>;
};

/** Puts back the chats of the last run (if any) into `telegram`, then keeps them as they change. */
export async function keepChats(telegram: TelegramApi, dataDir: string, log: (line: string) => void): Promise<ChatArchive> {
  const folder = join(dataDir, 'playground-chats');
  const index = join(folder, 'messages.json');
  const files = join(folder, 'files');
  await mkdir(files, { recursive: true });
  /** The files written for the messages kept (the others in the folder go at the next write). */
  const written = new Set<string>();
  try {
    const restored = await readKept(index, files, written);
    telegram.restore(restored);
    if (restored.length > 0) log(`playground: ${restored.length} messages of the last run are back in their chats (${folder})`);
  } catch (error) {
    log(`WARNING playground: the chats of the last run could not be read (${String(error)}); they start empty`);
  }

  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const write = async () => {
    const kept: KeptMessage[] = [];
    const wanted = new Set<string>();
    for (const message of telegram.allMessages()) {
      const { photo, document, ...rest } = message;
      const entry: KeptMessage = { ...rest };
      if (photo !== undefined) {
        const { bytes, ...meta } = photo;
        const file = photo.file_path.replace(/[^\w.-]/g, '_');
        if (!written.has(file)) await writeFile(join(files, file), bytes);
        written.add(file);
        wanted.add(file);
        entry.photo = { ...meta, file };
      }
      if (document !== undefined) {
        const { bytes, ...meta } = document;
        const file = `document_${message.chat.id}_${message.message_id}`;
        if (!written.has(file)) await writeFile(join(files, file), bytes);
        written.add(file);
        wanted.add(file);
        entry.document = { ...meta, file };
      }
      kept.push(entry);
    }
    await writeFile(`${index}.tmp`, JSON.stringify({ version: VERSION, messages: kept }));
    await rename(`${index}.tmp`, index);
    // Pictures no message shows any more (a board redrawn) go.
    for (const file of await readdir(files)) {
      if (wanted.has(file)) continue;
      written.delete(file);
      await unlink(join(files, file)).catch(() => undefined);
    }
  };
  const schedule = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      writing = writing.then(write).catch((error: unknown) => log(`WARNING playground: the chats were not kept (${String(error)})`));
    }, WRITE_AFTER_MS);
  };
  const unsubscribe = telegram.subscribe((event) => {
    if (event.kind === 'update' || CHANGES.test(event.call.method)) schedule();
  });
  return {
    async close() {
      unsubscribe();
      if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
        writing = writing.then(write).catch((error: unknown) => log(`WARNING playground: the chats were not kept (${String(error)})`));
      }
      await writing;
    },
  };
}

async function readKept(index: string, files: string, written: Set<string>): Promise<StoredMessage[]> {
  const text = await readFile(index, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return [];
  const saved = JSON.parse(text) as { version?: number; messages?: KeptMessage[] };
  if (saved.version !== VERSION || !Array.isArray(saved.messages)) throw new Error(`unknown format (version ${String(saved.version)})`);
  const messages: StoredMessage[] = [];
  for (const { photo, document, ...rest } of saved.messages) {
    const message: StoredMessage = { ...rest };
    if (photo !== undefined) {
      const { file, ...meta } = photo;
      message.photo = { ...meta, bytes: await readFile(join(files, file)).catch(() => Buffer.alloc(0)) };
      written.add(file);
    }
    if (document !== undefined) {
      const { file, ...meta } = document;
      message.document = { ...meta, bytes: await readFile(join(files, file)).catch(() => Buffer.alloc(0)) };
      written.add(file);
    }
    messages.push(message);
  }
  return messages;
}
