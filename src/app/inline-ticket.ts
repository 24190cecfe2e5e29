/**
 * An inline challenge's ticket: everything needed to open the challenge an inline result offers,
 * carried by the result itself (its id, which comes back when the result is chosen) and by its
 * invite link (the deep link's payload), so that answering an inline query writes nothing. Who
 * challenges, the variant and when it was offered are in the ticket; the game id is a MAC of all
 * of them under the app's `ticketKey`, so a chosen result and a followed link land on the same
 * challenge, and nobody can make a ticket that opens a challenge in another player's name.
 *
 * Form (≤ 62 characters of A-Z a-z 0-9 _ -, the room of a deep link's payload after its prefix):
 * `<variant letter><series digit><minutes, base 36>-<challenger's id, base 36>-<game id>-<name, base64url>`.
 * The name is cut to what fits: whoever follows the link without a chosen result before it sees
 * no more of the challenger's name than that.
 */
import { createHmac } from 'node:crypto';
import type { VariantId } from '../engine/index.ts';
import type { ChatPlatform, ChatUser } from './ports.ts';

/** What a ticket says. `issuedAt`: when the result was offered (ms, whole minutes). */
export interface Ticket {
  readonly gameId: string;
  readonly challenger: { readonly id: string; readonly name: string };
  readonly variant: VariantId;
  /** Which of the challenger's inline challenges of this variant offered at `issuedAt` (0–35). */
  readonly series: number;
  readonly issuedAt: number;
}

const LETTER: Readonly<Record<string, VariantId>> = { l: 'long', s: 'short' };
const ROOM = 62;
const MINUTE = 60_000;
const FORM = /^([a-z])([0-9a-z])([0-9a-z]{1,9})-([0-9a-z]{1,14})-([0-9a-f]{12})-([A-Za-z0-9_-]*)$/;

/** The variants an inline ticket can name. */
export const TICKET_VARIANTS: readonly VariantId[] = Object.values(LETTER);

/** The ticket of `challenger`'s inline challenge, or undefined when their id has no number a ticket can carry. */
export function issueTicket(key: string, challenger: ChatUser, variant: VariantId, series: number, issuedAt: number): { text: string; ticket: Ticket } | undefined {
  const [platform, local] = splitIdentity(challenger.id);
  const letter = Object.keys(LETTER).find((l) => LETTER[l] === variant);
  if (local === undefined || letter === undefined || series < 0 || series > 35) return undefined;
  const minutes = Math.floor(issuedAt / MINUTE);
  const head = `${letter}${series.toString(36)}${minutes.toString(36)}-${BigInt(local).toString(36)}-`;
  const name = fitName(challenger.name, Math.floor(((ROOM - head.length - 13) * 3) / 4));
  const gameId = mac(key, platform, head, name);
  const ticket = { gameId, challenger: { id: challenger.id, name }, variant, series, issuedAt: minutes * MINUTE };
  return { text: `${head}${gameId}-${Buffer.from(name, 'utf8').toString('base64url')}`, ticket };
}

/** What a ticket from `platform` says, or undefined when it is not one this app issued. */
export function readTicket(key: string, platform: ChatPlatform, text: string): Ticket | undefined {
  const m = FORM.exec(text);
  const variant = m && LETTER[m[1]];
  if (!m || !variant) return undefined;
  const head = `${m[1]}${m[2]}${m[3]}-${m[4]}-`;
  const name = Buffer.from(m[6], 'base64url').toString('utf8');
  if (mac(key, platform, head, name) !== m[5]) return undefined;
  const id = `${platform}:${parseBase36(m[4])}`;
  return { gameId: m[5], challenger: { id, name }, variant, series: parseInt(m[2], 36), issuedAt: parseInt(m[3], 36) * MINUTE };
}

/** `<platform>:<id>` with a numeric id, the form of the identities a ticket can carry. */
function splitIdentity(identity: string): [string, string | undefined] {
  const m = /^([^:]+):(\d{1,20})$/.exec(identity);
  return m ? [m[1], m[2]] : [identity, undefined];
}

function parseBase36(text: string): bigint {
  let n = 0n;
  for (const c of text) n = n * 36n + BigInt(parseInt(c, 36));
  return n;
}

/** The longest start of `name` (whole characters, trimmed) within `bytes` bytes of UTF-8. */
function fitName(name: string, bytes: number): string {
  let fitted = '';
  for (const c of name.trim()) {
    if (Buffer.byteLength(fitted + c, 'utf8') > bytes) break;
    fitted += c;
  }
  return fitted.trim();
}

function mac(key: string, platform: string, head: string, name: string): string {
  return createHmac('sha256', key).update(`${platform}\n${head}\n${name}`).digest('hex').slice(0, 12);
}
