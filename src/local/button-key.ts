/**
 * The key `npm start` signs button tokens with (`src/app/tokens.ts`). A deployment sets
 * `BUTTON_TOKEN_KEY`; so may `npm start`. Without it, the public development key would let anyone
 * forge a token that a real bot's users then see applied (a setting no button offered), so when a
 * real bot runs the process makes a key of its own and keeps it in the data folder: a restart
 * reuses it, and the buttons already posted keep working. The playground alone talks to nobody
 * but its own stand-ins, where the development key is harmless. Not a rule: local infrastructure.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useTokenKey } from '../app/index.ts';

/** The file in the data folder that keeps the generated key. */
export const KEY_FILE = 'button-token-key';

/** What `BUTTON_TOKEN_KEY` accepts (`src/config.ts`); a kept key must read the same. */
const KEY_SHAPE = /^[\x21-\x7e]{32,256}$/;

/**
 * Chooses the process's button key and makes it the one tokens use; returns the log line that
 * says which it is. `configured` is `BUTTON_TOKEN_KEY`; `realBot`, whether a real Telegram or
 * Discord bot runs in this process.
 */
export async function useLocalButtonKey(options: { configured?: string; realBot: boolean; dataDir: string }): Promise<string> {
  if (options.configured !== undefined) {
    useTokenKey(options.configured);
    return 'buttons: signed with BUTTON_TOKEN_KEY';
  }
  if (!options.realBot) {
    useTokenKey(undefined);
    return 'buttons: signed with the public development key (the playground only; BUTTON_TOKEN_KEY sets a key, and a real bot gets its own)';
  }
  const file = join(options.dataDir, KEY_FILE);
  const kept = await keptKey(file);
  if (kept !== undefined) {
    useTokenKey(kept);
    return `buttons: signed with this machine's key, kept in ${file} (BUTTON_TOKEN_KEY is unset)`;
  }
  const made = randomBytes(32).toString('base64url');
  // `wx`: of two processes starting at once, one writes and the other reads what it wrote.
  const written = await writeFile(file, `${made}\n`, { flag: 'wx', mode: 0o600 }).then(() => true, (error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return false;
    throw error;
  });
  const key = written ? made : await keptKey(file);
  useTokenKey(key);
  return `buttons: signed with a new key of this machine, kept in ${file} (BUTTON_TOKEN_KEY is unset; never the public development key with a real bot)`;
}

/** The key kept in `file`, if there is one; a file that holds no key is an error, not something to overwrite silently. */
async function keptKey(file: string): Promise<string | undefined> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const key = text.trim();
  if (!KEY_SHAPE.test(key)) throw new Error(`${file} does not hold a button key (32–256 printable characters): delete it, and a new one is made`);
  return key;
}
