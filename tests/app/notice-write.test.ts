/**
 * Issue #46: the turn notice of a press on the board rides on the move's own write — one write a
 * turn less — and a notice whose move then lost its write is taken back at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { handleIntent, loadMatch, NOTICE, noteOf, type AppDeps, type Button, type ChatUser, type MessageRef } from '../../src/app/index.ts';
import { cryptoDice } from '../../src/dice/index.ts';
import type { GameStore } from '../../src/store/index.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { transcript } from './transcript.ts';

const chat = { platform: 'telegram' as const, chatId: '-4646' };
const erin: ChatUser = { id: 'telegram:461', name: 'Erin', language: 'en' };
const frank: ChatUser = { id: 'telegram:462', name: 'Frank', language: 'en' };
let table: TestTable;
let clock = 1_900_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

/** The store, counting its `setNotes` writes; `beforeSave` runs once just before the next save (a rival's write, injected). */
function counting(store: GameStore): { store: GameStore; setNotes: string[][]; beforeSave?: () => Promise<void> } {
  const seen: { store: GameStore; setNotes: string[][]; beforeSave?: () => Promise<void> } = { store, setNotes: [] };
  seen.store = new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'setNotes') return (id: string, notes: Record<string, unknown>) => (seen.setNotes.push(Object.keys(notes)), target.setNotes(id, notes));
      if (name === 'save') {
        return async (...args: Parameters<GameStore['save']>) => {
          const rival = seen.beforeSave;
          seen.beforeSave = undefined;
          await rival?.();
          return target.save(...args);
        };
      }
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return seen;
}

async function startGame(tx: ReturnType<typeof transcript>, deps: AppDeps): Promise<{ boardId: string; gameId: string }> {
  await handleIntent(deps, { kind: 'challenge', chat, from: erin, opponent: frank, args: 'long' }, tx.emit);
  const challengeId = [...tx.messages.entries()].find(([, m]) => m.text.includes('Erin'))![0];
  const accept = tx.messages.get(challengeId)!.buttons[0]![0]! as Button & { token: string };
  await handleIntent(deps, { kind: 'press', chat, from: frank, token: accept.token, message: { chat, messageId: challengeId } }, tx.emit);
  const boardId = [...tx.messages.entries()].filter(([, m]) => m.board).at(-1)![0];
  return { boardId, gameId: accept.token.split(':')[1]! };
}

/** Presses a whole play (or else a step) for whoever is to move on the board. */
async function move(tx: ReturnType<typeof transcript>, deps: AppDeps, boardId: string, gameId: string): Promise<void> {
  const loaded = await loadMatch(table.store, gameId);
  if (!loaded.ok) throw new Error(loaded.error.kind);
  const state = loaded.value.state;
  const who = state.players[state.game!.turn.seat]!.id === erin.id ? erin : frank;
  const tokens = tx.messages.get(boardId)!.buttons.flat().flatMap((b) => ('token' in b ? [b.token] : []));
  const token = [/:r:[\w-]{8}$/, /:L\d+:[\w-]{8}$/, /:s[\d.]+:[\w-]{8}$/, /:f\d+:[\w-]{8}$/].map((re) => tokens.find((tk) => re.test(tk))).find((tk) => tk !== undefined)!;
  const message: MessageRef = { chat, messageId: boardId };
  await handleIntent(deps, { kind: 'press', chat, from: who, token, message }, tx.emit);
}

const notices = (tx: ReturnType<typeof transcript>) => tx.effects.flatMap((e, i) => (e.kind === 'text' && /your move/.test(e.text) ? [String(i)] : []));

describe('issue #46: the turn notice in the move\'s own write', () => {
  it('notes each notice of a press on the board with the move, never by a write of its own; the one before is deleted', async () => {
    const tx = transcript();
    const seen = counting(table.store);
    const deps: AppDeps = { store: seen.store, now: () => (clock += 5000), dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_test_bot') } };
    const { boardId, gameId } = await startGame(tx, deps);
    seen.setNotes.length = 0;
    const before = notices(tx).length;
    for (let i = 0; i < 40 && notices(tx).length < before + 4; i++) await move(tx, deps, boardId, gameId);
    expect(notices(tx).length).toBeGreaterThanOrEqual(before + 4);
    expect(seen.setNotes.filter((names) => names.includes(NOTICE.name))).toEqual([]);
    const stored = await loadMatch(table.store, gameId);
    const last = [...tx.messages.entries()].filter(([, m]) => /your move/.test(m.text));
    expect(last).toHaveLength(1);
    expect(stored.ok && noteOf(stored.value.record, NOTICE)?.messageId).toBe(last[0]![0]);
  });

  it('takes a notice back at once when its move lost the write to a rival', async () => {
    const tx = transcript();
    const seen = counting(table.store);
    const deps: AppDeps = { store: seen.store, now: () => (clock += 5000), dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_test_bot') } };
    const { boardId, gameId } = await startGame(tx, deps);
    const shown = () => [...tx.messages.values()].filter((m) => /your move/.test(m.text)).length;
    const noticed = shown();
    // Each press: a rival's save of the same game lands just before its own (the version moves on under it).
    for (let i = 0; i < 40; i++) {
      const sentBefore = notices(tx).length;
      seen.beforeSave = async () => {
        const loaded = await loadMatch(table.store, gameId);
        if (!loaded.ok) throw new Error(loaded.error.kind);
        await table.store.save(loaded.value.record, loaded.value.record.version);
      };
      await move(tx, deps, boardId, gameId);
      if (notices(tx).length > sentBefore) break;
    }
    expect(notices(tx).length).toBeGreaterThan(0);
    expect(shown()).toBe(noticed);
  });
});
