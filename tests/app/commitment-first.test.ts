/**
 * Issue #48, item 1: every way a match with checkable dice can start shows its whole commitment
 * (64 hex digits) with the 🔐 button before the seeds are taken and before any die is rolled —
 * a challenge, one to a handle, one by reply, an open one, against the computer, a rematch, an
 * inline one, a tournament pairing and a Discord challenge. Each is then started, and its first
 * rolls are drawn under that same commitment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handleIntent, type AppDeps, type Button, type ChatRef, type ChatUser, type Effect } from '../../src/app/index.ts';
import { loadMatch } from '../../src/app/matches.ts';
import { postNewRounds } from '../../src/app/tournament/pairings.ts';
import * as model from '../../src/app/tournament/model.ts';
import { createTournament } from '../../src/app/tournament/stored.ts';
import { decodeToken } from '../../src/app/tokens.ts';
import { fixedDice } from '../../src/dice/index.ts';
import { newServerSeed } from '../../src/dice/fair.ts';
import { seatToAct, type MatchState } from '../../src/game/index.ts';
import { t } from '../../src/i18n/index.ts';
import { discordMessenger } from '../../src/platforms/discord/index.ts';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { transcript } from './transcript.ts';

const chat = { platform: 'telegram' as const, chatId: '-4801' };
const alice: ChatUser = { id: 'telegram:48011', name: 'Alice', language: 'en', username: 'alice_48' };
const bob: ChatUser = { id: 'telegram:48012', name: 'Bob', language: 'en', username: 'bob_48' };
const DICE = t('en', 'button.dice');
let table: TestTable;
let clock = 1_970_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

// The process's own dice are never used for a committed match: they would fail at once.
function deps(): AppDeps {
  return { store: table.store, now: () => (clock += 1000), dice: fixedDice([]), serverSeed: newServerSeed, ticketKey: 'k48-ticket-key', messengers: { telegram: telegramMessenger('nardy_test_bot'), discord: discordMessenger() } };
}

const tokenOf = (b: Button) => ('token' in b ? b.token : '');

/** The stored match of a game id. */
async function stateOf(id: string): Promise<MatchState> {
  const loaded = await loadMatch(table.store, id);
  if (!loaded.ok) throw new Error(loaded.error.kind);
  return loaded.value.state;
}

/**
 * The challenge message of a game among the effects so far: it must show the whole commitment and
 * carry 🔐, while the match has taken no seed and drawn no roll. Returns the game's id.
 */
async function committedFirst(effects: readonly Effect[], withButton = true): Promise<string> {
  const texts = effects.flatMap((e) => (e.kind === 'text' || e.kind === 'editText' ? [{ text: e.text, buttons: (e.buttons ?? []) as Button[][] }] : []));
  const shown = texts.filter((m) => /[0-9a-f]{64}/.test(m.text)).at(-1);
  expect(shown, 'a message shows a 64-hex commitment').toBeDefined();
  const commitment = /([0-9a-f]{64})/.exec(shown!.text)![1];
  const dice = shown!.buttons.flat().find((b) => b.label === DICE);
  if (withButton) expect(dice, `🔐 on ${shown!.text}`).toBeDefined();
  const anyToken = shown!.buttons.flat().map(tokenOf).find((x) => decodeToken(x)?.gameId);
  const id = decodeToken(anyToken ?? '')?.gameId;
  expect(id).toBeDefined();
  const state = await stateOf(id!);
  expect(state.phase).toBe('challenge');
  expect(state.fair).toMatchObject({ commitment, seeds: null, rolls: 0 });
  // No board (no die) was shown for it yet.
  expect(effects.some((e) => e.kind === 'board' && e.view.gameId === id)).toBe(false);
  return id!;
}

/** After the start: the match rolled under the commitment it showed. */
async function rolledUnder(id: string, commitment: string) {
  const state = await stateOf(id);
  expect(state.phase).toBe('playing');
  expect(state.fair!.commitment).toBe(commitment);
  expect(state.fair!.seeds).not.toBeNull();
  expect(state.fair!.rolls).toBeGreaterThan(0);
}

/** Presses the button labelled `label` on the message `id` of a transcript. */
async function press(tx: ReturnType<typeof transcript>, id: string, label: RegExp, from: ChatUser, where: ChatRef = chat) {
  await handleIntent(deps(), { kind: 'press', chat: where, from, token: tokenOf(tx.find(id, label)), message: { chat: where, messageId: id } }, tx.emit);
}

const messageOf = (tx: ReturnType<typeof transcript>, gameId: string) =>
  [...tx.messages.entries()].find(([, m]) => m.buttons.flat().some((b) => decodeToken(tokenOf(b))?.gameId === gameId))![0];

describe('#48: the whole commitment before the seeds and the first roll', () => {
  const ways: [string, (tx: ReturnType<typeof transcript>) => Promise<void>, ChatUser, RegExp][] = [
    ['a challenge with settings', (tx) => handleIntent(deps(), { kind: 'challenge', chat, from: alice, args: 'short 3' }, tx.emit), bob, /Accept/],
    ['a challenge to a handle', (tx) => handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponentUsername: 'bob_48' }, tx.emit), bob, /Accept/],
    ['a challenge by reply', (tx) => handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: bob }, tx.emit), bob, /Accept/],
    ['an open challenge', (tx) => handleIntent(deps(), { kind: 'challenge', chat, from: alice }, tx.emit), bob, /Accept/],
    ['a match against the computer', (tx) => handleIntent(deps(), { kind: 'challenge', chat, from: alice, args: 'vs computer' }, tx.emit), alice, /Play/],
  ];
  for (const [name, open, acceptor, start] of ways) {
    it(name, async () => {
      const tx = transcript();
      await open(tx);
      const id = await committedFirst(tx.effects);
      const commitment = (await stateOf(id)).fair!.commitment;
      await press(tx, messageOf(tx, id), start, acceptor);
      await rolledUnder(id, commitment);
    });
  }

  it('a rematch', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: bob, args: 'long' }, tx.emit);
    const first = await committedFirst(tx.effects);
    await press(tx, messageOf(tx, first), /Accept/, bob);
    const playing = await stateOf(first);
    const mover = [alice, bob].find((p) => p.id === playing.players[seatToAct(playing)!]!.id)!;
    await handleIntent(deps(), { kind: 'press', chat, from: mover, token: tokenOf(tx.find(messageOf(tx, first), /Resign/)), message: { chat, messageId: messageOf(tx, first) } }, tx.emit);
    await press(tx, messageOf(tx, first), /Yes|Resign/, mover);
    expect((await stateOf(first)).phase).not.toBe('playing');
    const before = tx.effects.length;
    await press(tx, messageOf(tx, first), /Rematch|New match/, bob);
    const id = await committedFirst(tx.since(before));
    expect(id).not.toBe(first);
    const commitment = (await stateOf(id)).fair!.commitment;
    await press(tx, messageOf(tx, id), /Accept/, alice);
    await rolledUnder(id, commitment);
  });

  it('an inline challenge: the offer shows the commitment the stored challenge has', async () => {
    const tx = transcript();
    const dm = { platform: 'telegram' as const, chatId: '48011' };
    await handleIntent(deps(), { kind: 'inline', chat: dm, from: alice, query: '' }, tx.emit);
    const answer = tx.effects.find((e) => e.kind === 'inlineAnswer');
    const offer = answer?.kind === 'inlineAnswer' ? answer.results[0]! : undefined;
    const commitment = /([0-9a-f]{64})/.exec(offer!.text)?.[1];
    expect(commitment, offer!.text).toBeDefined();
    // The result is chosen (the challenge is stored, no seed taken), then the link followed.
    await handleIntent(deps(), { kind: 'chosen', chat: dm, from: alice, resultId: offer!.id }, tx.emit);
    const ticket = offer!.id;
    await handleIntent(deps(), { kind: 'join', chat: { platform: 'telegram', chatId: '48012' }, from: bob, ticket }, tx.emit);
    const board = tx.effects.find((e) => e.kind === 'board');
    expect(board).toBeDefined();
    await rolledUnder(board?.kind === 'board' ? board.view.gameId : '', commitment!);
  });

  it('a tournament pairing', async () => {
    const tx = transcript();
    const people = [alice, bob, { id: 'telegram:48013', name: 'Carol' }, { id: 'telegram:48014', name: 'Dave' }];
    let tm = model.openTournament('t48commit', chat, 'en', people[0]!, clock);
    for (const p of people.slice(1)) tm = (model.join(tm, p) as { value: model.Tournament }).value;
    tm = (model.start(tm, people[0]!.id) as { value: model.Tournament }).value;
    expect(await createTournament(table.store, tm, clock)).toBe(true);
    await postNewRounds({ deps: deps(), emit: tx.emit, messenger: telegramMessenger('nardy_test_bot') }, undefined, tm);
    for (const pairing of tm.rounds[0]!.pairings) {
      const id = messageOf(tx, pairing.match);
      const state = await stateOf(pairing.match);
      expect(state.phase).toBe('challenge');
      expect(state.fair!.seeds).toBeNull();
      expect(tx.messages.get(id)!.text).toContain(t('en', 'dice.commitment', { commitment: state.fair!.commitment }));
      expect(tx.find(id, /🔐/).label).toBe(DICE);
      // 🔐 answers the presser alone with the whole commitment.
      const before = tx.effects.length;
      await press(tx, id, /🔐/, people.find((p) => p.id === pairing.b)!);
      expect(tx.since(before)).toEqual([expect.objectContaining({ kind: 'toast', text: expect.stringContaining(state.fair!.commitment) })]);
      await press(tx, id, /Accept/, people.find((p) => p.id === pairing.b)!);
      await rolledUnder(pairing.match, state.fair!.commitment);
    }
  });

  it('a Discord challenge', async () => {
    const tx = transcript();
    const channel = { platform: 'discord' as const, chatId: '4848' };
    const ann: ChatUser = { id: 'discord:481', name: 'Ann', language: 'en' };
    const ben: ChatUser = { id: 'discord:482', name: 'Ben', language: 'en' };
    await handleIntent(deps(), { kind: 'challenge', chat: channel, from: ann, opponent: ben, args: 'short' }, tx.emit);
    const id = await committedFirst(tx.effects);
    const commitment = (await stateOf(id)).fair!.commitment;
    await press(tx, messageOf(tx, id), /Accept/, ben, channel);
    await rolledUnder(id, commitment);
  });
});
