/**
 * Commands arrive from the outside (button tokens, typed text, stored data), so their shape is
 * checked before the reducer reads them: a malformed command is `unknown-command`, never a crash.
 */

import { fail, ok, type Result } from '../lib/index.ts';
import type { Command, GameError } from './types.ts';

const BY_ID = ['cancel', 'roll', 'double', 'detonate', 'take', 'pass', 'beaver', 'undo', 'confirm', 'acceptResign', 'declineResign', 'hint'];
const KINDS = ['oin', 'mars', 'koks'];

function isText(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= 200;
}

function isPoint(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 25;
}

/**
 * Returns the command if its shape is one the reducer knows, or an `unknown-command` error
 * saying what is wrong. Not a rule: input validation.
 * @example checkCommand({ type: 'roll', by: 'chat:1' }) // ok
 */
export function checkCommand(value: unknown): Result<Command, GameError> {
  const bad = (message: string) => fail({ kind: 'unknown-command' as const, message });
  if (typeof value !== 'object' || value === null) return bad('a command must be an object');
  const c = value as Record<string, unknown>;
  const type = c.type;
  if (typeof type !== 'string') return bad('a command needs a type');
  if (type === 'tick') return ok({ type: 'tick' });
  if (type === 'accept') {
    const by = c.by as Record<string, unknown> | null | undefined;
    if (typeof by !== 'object' || by === null || !isText(by.id) || typeof by.name !== 'string') return bad('accept needs the player (id and name)');
    return ok({ type, by: { id: by.id, name: by.name } });
  }
  if (!isText(c.by)) return bad(`${type} needs the player's id`);
  const by = c.by;
  if (BY_ID.includes(type)) return ok({ type, by } as Command);
  switch (type) {
    case 'decline':
      if (c.named !== undefined && c.named !== true) return bad('decline named is true or absent');
      return ok({ type, by, ...(c.named ? { named: true as const } : {}) });
    case 'play':
      if (c.pending !== undefined && typeof c.pending !== 'boolean') return bad('play pending is true or false');
      return typeof c.move === 'string' && c.move.length <= 200 ? ok({ type, by, move: c.move, ...(c.pending ? { pending: true } : {}) }) : bad('play needs a move in notation');
    case 'step':
      if (!isPoint(c.from) || !isPoint(c.to)) return bad('step needs from and to points');
      if (c.die !== undefined && !(typeof c.die === 'number' && Number.isInteger(c.die) && c.die >= 1 && c.die <= 6)) return bad('a step die is 1..6');
      if (c.rest !== undefined && c.rest !== 'play' && c.rest !== 'fill') return bad('a step rest is play or fill');
      return ok({ type, by, from: c.from, to: c.to, ...(c.die === undefined ? {} : { die: c.die as number }), ...(c.rest === undefined ? {} : { rest: c.rest as 'play' | 'fill' }) });
    case 'resign':
      if (c.kind !== undefined && !KINDS.includes(c.kind as string)) return bad('resign kind must be oin, mars or koks');
      return ok({ type, by, ...(c.kind === undefined ? {} : { kind: c.kind as 'oin' | 'mars' | 'koks' }) });
    case 'configure':
      return typeof c.settings === 'object' && c.settings !== null && !Array.isArray(c.settings)
        ? ok({ type, by, settings: c.settings as Extract<Command, { type: 'configure' }>['settings'] })
        : bad('configure needs settings');
    case 'vacation':
      return typeof c.away === 'boolean' ? ok({ type, by, away: c.away }) : bad('vacation needs away: true or false');
    default:
      return bad(`unknown command "${type}"`);
  }
}
