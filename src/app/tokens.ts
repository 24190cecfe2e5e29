/**
 * Button tokens: the opaque data under every button (≤ 64 bytes, the smallest messenger limit). A
 * token names the game, the state version the board was drawn at, and the choice; the server
 * re-checks all of it on every press, so a forged or old token can do nothing but get a polite
 * answer.
 *
 * Each token also carries a short MAC (8 base64url characters, 48 bits of HMAC-SHA256 over the
 * rest) under the process's button key (`useTokenKey`). A client can send any button data
 * (the messengers say so), but without the key it cannot make a token the server did not issue: no
 * game id it was never shown (no probing which games exist, or at what version), no choice the
 * board did not offer (a `set` value not on the keyboard, a `play` index or a point to `pick`
 * that no button had). What the MAC does not do: stop a genuine token being pressed again or under
 * another message — the version, presser, phase and chat checks answer that, as before. A token
 * from before the MAC (a board posted by an older version) is read as stale: its press redraws the
 * board with signed buttons, where `press.ts` allows a redraw.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The development key: public, so a MAC under it proves nothing; a deployment sets its own
 * (`BUTTON_TOKEN_KEY`, `src/config.ts`). Every process of one deployment must use the same key,
 * or each press would look forged to the others.
 */
const DEVELOPMENT_KEY = 'nardy-development-button-key';
let tokenKey = DEVELOPMENT_KEY;

/**
 * Sets the key every token is signed and checked with, once per process (`src/wiring.ts`,
 * `src/local/button-key.ts`); undefined: the public development key again.
 */
export function useTokenKey(key: string | undefined): void {
  tokenKey = key ?? DEVELOPMENT_KEY;
}

/** Compares in constant time, so a MAC cannot be guessed a character at a time from answer times. */
function sameMac(given: string, expected: string): boolean {
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The MAC of a token's content: 6 bytes of HMAC-SHA256, 8 base64url characters. */
function macOf(content: string): string {
  return createHmac('sha256', tokenKey).update(content).digest().subarray(0, 6).toString('base64url');
}

/** What a button asks for. View choices (pick, ask…, back) change only the picture, not the match. */
export type Choice =
  | { readonly k: 'accept' } | { readonly k: 'decline' } | { readonly k: 'cancel' }
  | { readonly k: 'roll' } | { readonly k: 'double' } | { readonly k: 'take' } | { readonly k: 'beaver' }
  | { readonly k: 'detonate' }
  | { readonly k: 'askPass' } | { readonly k: 'pass' }
  | { readonly k: 'askResign' } | { readonly k: 'resign' }
  | { readonly k: 'acceptResign' } | { readonly k: 'declineResign' }
  | { readonly k: 'back' } | { readonly k: 'undo' } | { readonly k: 'confirm' }
  | { readonly k: 'settings' }
  /** The settings keyboard's page of every variant. */
  | { readonly k: 'variants' }
  /** From `/games`: post the game's board anew at the end of its chat, deleting the old one. */
  | { readonly k: 'bringDown' }
  /** On a finished board: a new challenge to the same opponent, same settings, colours swapped. */
  | { readonly k: 'rematch' }
  /** On a finished board: the match in notation, and its record as a file. */
  | { readonly k: 'history' }
  /** The computer's advice on the decision in hand, answered to the presser alone (`intents/hint.ts`). */
  | { readonly k: 'hint' }
  /** On a finished board: each player's error rate and biggest mistakes (`intents/review.ts`). */
  | { readonly k: 'review' }
  /** The dice's commitment and the presser's own seed (issue #18). */
  | { readonly k: 'dice' }
  /** After a match with checkable dice: its dice transcript as a file. */
  | { readonly k: 'verify' }
  /** After a game: each player's luck in game `n`. */
  | { readonly k: 'luck'; readonly n: number }
  /** Change one challenge setting: `key` is one letter (v variant, m match, c cube, g game type, w mars, p pips, k colour, l clock, a computer level, r rated). */
  | { readonly k: 'set'; readonly key: string; readonly value: string }
  | { readonly k: 'play'; readonly i: number }
  | { readonly k: 'pick'; readonly from: number }
  | { readonly k: 'step'; readonly from: number; readonly to: number; readonly die: number };

/** Where the button sits: under a board picture, or under a text message (challenge, confirmation). */
export type Surface = 'board' | 'text';

export interface Token {
  readonly surface: Surface;
  readonly gameId: string;
  readonly version: number;
  readonly choice: Choice;
  /** A token without a MAC, from a board posted before tokens were signed: good for a redraw only. */
  readonly unsigned?: true;
}

const SIMPLE: Record<string, Choice['k']> = {
  a: 'accept', x: 'decline', c: 'cancel', r: 'roll', d: 'double', t: 'take', b: 'beaver', p: 'askPass', P: 'pass',
  q: 'askResign', Q: 'resign', A: 'acceptResign', N: 'declineResign', n: 'back', u: 'undo', k: 'confirm', o: 'settings', v: 'bringDown',
  B: 'detonate', V: 'variants', R: 'rematch', H: 'history', K: 'dice', W: 'verify', I: 'hint', E: 'review',
};
const CODE = Object.fromEntries(Object.entries(SIMPLE).map(([code, k]) => [k, code])) as Record<string, string>;

function choiceCode(c: Choice): string {
  switch (c.k) {
    case 'play': return `L${c.i}`;
    case 'set': return `O${c.key}${c.value}`;
    case 'pick': return `f${c.from}`;
    case 'step': return `s${c.from}.${c.to}.${c.die}`;
    case 'luck': return `Y${c.n}`;
    default: return CODE[c.k];
  }
}

/** Returns a button token. Not a rule: a codec. */
export function encodeToken(token: Token): string {
  const content = `${token.surface === 'board' ? 'g' : 'm'}:${token.gameId}:${token.version.toString(36)}:${choiceCode(token.choice)}`;
  return `${content}:${macOf(content)}`;
}

function int(text: string | undefined, lo: number, hi: number): number | undefined {
  if (text === undefined || !/^\d{1,3}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= lo && n <= hi ? n : undefined;
}

function decodeChoice(code: string): Choice | undefined {
  const simple = SIMPLE[code];
  if (simple) return { k: simple } as Choice;
  const head = code[0];
  const rest = code.slice(1);
  if (head === 'O') {
    const key = rest[0];
    const value = rest.slice(1);
    return key && /^[vmcgwpklar]$/.test(key) && /^[a-z0-9]{1,2}$/.test(value) ? { k: 'set', key, value } : undefined;
  }
  if (head === 'L') { const i = int(rest, 0, 99); return i === undefined ? undefined : { k: 'play', i }; }
  if (head === 'Y') { const n = int(rest, 1, 999); return n === undefined ? undefined : { k: 'luck', n }; }
  if (head === 'f') { const from = int(rest, 1, 25); return from === undefined ? undefined : { k: 'pick', from }; }
  if (head === 's') {
    const [f, t, d] = rest.split('.');
    const from = int(f, 1, 25), to = int(t, 0, 24), die = int(d, 1, 6);
    return from === undefined || to === undefined || die === undefined ? undefined : { k: 'step', from, to, die };
  }
  return undefined;
}

/**
 * A language button (`/lang` with no code): `l:<code>`. It names no game, so a platform reads it
 * as a `lang` intent, not a press; the app checks the code like a typed one.
 */
export function languageToken(code: string): string {
  return `l:${code}`;
}

/** The language code a language button carried, or undefined when the data is not one. */
export function languageOfToken(data: string): string | undefined {
  return /^l:([a-z]{2})$/.exec(data)?.[1];
}

/**
 * The button under `/forget`'s question: `f:<user>`. It names no game (a platform reads it as a
 * `forget` intent), and it forgets only the user it names, so a press by anyone else is refused.
 */
export function forgetToken(user: string): string {
  return `f:${user}`;
}

/** The user a forget button names, or undefined when the data is not one. */
export function forgetterOfToken(data: string): string | undefined {
  return /^f:([a-z]{1,16}:[0-9A-Za-z_-]{1,40})$/.exec(data)?.[1];
}

/** Signs the content of a button of another kind (a tournament's): `<content>:<mac>`, the MAC as a game token's. */
export function signed(content: string): string {
  return `${content}:${macOf(content)}`;
}

/** The content of a button `signed` made, or undefined when it is not one (no MAC, or the wrong one). */
export function verified(data: string): string | undefined {
  const cut = data.lastIndexOf(':');
  if (cut <= 0 || data.length > 64) return undefined;
  const content = data.slice(0, cut);
  return sameMac(data.slice(cut + 1), macOf(content)) ? content : undefined;
}

/** Returns the token a button carried, or undefined for anything malformed. Not a rule: a codec. */
export function decodeToken(text: string): Token | undefined {
  if (typeof text !== 'string' || text.length > 64) return undefined;
  const [surface, gameId, version, code, mac, ...rest] = text.split(':');
  if (rest.length > 0 || (surface !== 'g' && surface !== 'm') || !gameId || !/^[a-z0-9]{4,24}$/.test(gameId)) return undefined;
  if (!version || !/^[0-9a-z]{1,8}$/.test(version) || code === undefined) return undefined;
  if (mac !== undefined && !sameMac(mac, macOf(`${surface}:${gameId}:${version}:${code}`))) return undefined;
  const choice = decodeChoice(code);
  if (!choice) return undefined;
  return { surface: surface === 'g' ? 'board' : 'text', gameId, version: parseInt(version, 36), choice, ...(mac === undefined ? { unsigned: true as const } : {}) };
}
