/**
 * The conversation end to end without a messenger: intents in, effects out, DynamoDB (dynalite)
 * and the reducer behind. Players press only buttons the app actually offered.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { handleIntent, loadMatch, type AppDeps, type Button, type ChatUser, type Effect, type MessageRef } from '../../src/app/index.ts';
import { cryptoDice } from '../../src/dice/index.ts';
import { t } from '../../src/i18n/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { transcript } from './transcript.ts';

const chat = { platform: 'telegram' as const, chatId: '-1001' };
const alice: ChatUser = { id: 'telegram:11', name: 'Alice', language: 'en' };
const bob: ChatUser = { id: 'telegram:22', name: 'Bob', language: 'ru' };
let table: TestTable;
let clock = 1_900_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

function deps(): AppDeps {
  return { store: table.store, now: () => (clock += 5000), dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_test_bot') }, ticketKey: 'conversation-test' };
}

async function press(tx: ReturnType<typeof transcript>, who: ChatUser, messageId: string, button: Button): Promise<Effect[]> {
  if (!('token' in button)) throw new Error('not a callback button');
  const before = tx.effects.length;
  const message: MessageRef = { chat, messageId };
  await handleIntent(deps(), { kind: 'press', chat, from: who, token: button.token, message }, tx.emit);
  return tx.effects.slice(before);
}

describe('the conversation: challenge, accept and a whole game by buttons (issue 5, platform-neutral)', () => {
  it('two players finish a long-nardy game pressing only offered buttons; every press is answered with a toast first', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: bob }, tx.emit);
    const challenge = [...tx.messages.entries()].find(([, m]) => !m.board)!;
    expect(challenge[1].text).toContain('Alice');
    const accept = challenge[1].buttons[0][0];
    const accepted = await press(tx, bob, challenge[0], accept);
    expect(accepted[0].kind).toBe('toast');
    const boardId = [...tx.messages.entries()].find(([, m]) => m.board)![0];
    const rnd = mulberry32(5);
    let gameId = '';
    for (let presses = 0; presses < 3000; presses++) {
      const board = tx.messages.get(boardId)!;
      const buttons = board.buttons.flat().filter((b): b is Button & { token: string } => 'token' in b);
      gameId = buttons[0]?.token.split(':')[1] ?? gameId;
      // The finished board offers only Rematch, History and Review: the game is over.
      if (buttons.every((b) => /:[RHE]:[\w-]{8}$/.test(b.token))) break;
      const loaded = await loadMatch(table.store, gameId);
      if (!loaded.ok) throw new Error(loaded.error.kind);
      const { state } = loaded.value;
      const seat = state.game!.turn.stage === 'doubled' ? 1 - state.game!.turn.seat : state.game!.turn.seat;
      const who = state.players[seat]!.id === alice.id ? alice : bob;
      // Prefer moving on: never resign, confirm when possible, else a random offered button.
      const resign = ['Resign', 'Сдаться'];
      const useful = buttons.filter((b) => !resign.some((r) => b.label.includes(r)) && !b.token.endsWith(':q') && !b.token.endsWith(':n'));
      const confirm = useful.find((b) => b.token.endsWith(':k'));
      const choice = confirm ?? useful[Math.floor(rnd() * useful.length)];
      const out = await press(tx, who, boardId, choice);
      expect(out[0]?.kind, `press ${choice.label}`).toBe('toast');
      expect(out.some((e) => e.kind === 'toast' && /not your|stale|устар/i.test(e.text)), `press ${choice.label}: ${JSON.stringify(out[0])}`).toBe(false);
    }
    const final = await loadMatch(table.store, gameId);
    if (!final.ok) throw new Error(final.error.kind);
    expect(final.value.state.phase).toBe('finished');
    expect(tx.messages.get(boardId)!.text).toMatch(/wins the game/);
  });

  it('a spectator\'s press gets a toast and changes nothing', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: bob, args: 'short' }, tx.emit);
    const [challengeId, challenge] = [...tx.messages.entries()][0];
    await press(tx, bob, challengeId, challenge.buttons[0][0]);
    const [boardId, board] = [...tx.messages.entries()].find(([, m]) => m.board)!;
    const button = board.buttons.flat()[0];
    const carol: ChatUser = { id: 'telegram:33', name: 'Carol', language: 'en' };
    const out = await press(tx, carol, boardId, button);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'toast' });
    expect((out[0] as { text: string }).text).toMatch(/not your game/i);
  });

  it('the challenger sets the game up with the settings buttons; nobody else can', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: bob }, tx.emit);
    const id = [...tx.messages.keys()][0];
    const find = (label: RegExp) => {
      const b = tx.messages.get(id)!.buttons.flat().find((x) => label.test(x.label));
      if (!b) throw new Error(`no button ${label} in ${JSON.stringify(tx.messages.get(id))}`);
      return b;
    };
    const carolTry = await press(tx, { id: 'telegram:33', name: 'Carol', language: 'en' }, id, find(/Settings/));
    expect(carolTry).toEqual([expect.objectContaining({ kind: 'toast' })]);
    await press(tx, alice, id, find(/Settings/));
    await press(tx, alice, id, find(/^short/));
    await press(tx, alice, id, find(/to 3$/));
    await press(tx, alice, id, find(/Caucasian/));
    await press(tx, alice, id, find(/^1 day$/));
    expect(tx.messages.get(id)!.text).toMatch(/short/i);
    await press(tx, alice, id, find(/Back/));
    await press(tx, bob, id, find(/Accept/));
    const game = [...tx.effects].reverse().find((e) => e.kind === 'board');
    const gameId = game && game.kind === 'board' ? game.view.gameId : '';
    const loaded = await loadMatch(table.store, gameId);
    if (!loaded.ok) throw new Error(loaded.error.kind);
    expect(loaded.value.state.settings).toMatchObject({ variant: 'short', matchLength: 3, doubling: true, crawford: true, options: { gameType: 'caucasian' }, clock: { kind: 'correspondence', daysPerMove: 1 } });
  });

  it('issue 9: the settings pick plakoto or gul bara, the challenge names it, and /rules explains it', async () => {
    for (const [label, variant, rule] of [[/^plakoto$/, 'plakoto', /mother/], [/^gul bara/, 'gulbara', /Mad doubles/]] as const) {
      const tx = transcript();
      await handleIntent(deps(), { kind: 'challenge', chat, from: alice, opponent: bob }, tx.emit);
      const id = [...tx.messages.keys()][0];
      const find = (l: RegExp) => tx.messages.get(id)!.buttons.flat().find((x) => l.test(x.label))!;
      await press(tx, alice, id, find(/Settings/));
      // Every variant beyond the two nardy games is on the keyboard's page of all games.
      await press(tx, alice, id, find(/Other games/));
      await press(tx, alice, id, find(label));
      expect(tx.messages.get(id)!.text).toMatch(label.source.includes('gul') ? /gul bara/ : /plakoto/);
      await press(tx, alice, id, find(/Back/));
      await press(tx, bob, id, find(/Accept/));
      const game = [...tx.effects].reverse().find((e) => e.kind === 'board');
      const loaded = await loadMatch(table.store, game && game.kind === 'board' ? game.view.gameId : '');
      if (!loaded.ok) throw new Error(loaded.error.kind);
      expect(loaded.value.state.settings.variant).toBe(variant);
      await handleIntent(deps(), { kind: 'rules', chat, from: alice }, tx.emit);
      expect(tx.effects.at(-1)).toMatchObject({ kind: 'text', text: expect.stringMatching(rule) });
    }
  });

  it('/lang is remembered: later answers come in the chosen language', async () => {
    const tx = transcript();
    const dave: ChatUser = { id: 'telegram:44', name: 'Dave', language: 'en' };
    await handleIntent(deps(), { kind: 'lang', chat, from: dave, lang: 'ka' }, tx.emit);
    await handleIntent(deps(), { kind: 'help', chat, from: dave }, tx.emit);
    const texts = tx.effects.map((e) => (e.kind === 'text' ? e.text : ''));
    expect(texts[1]).toMatch(/[\u10D0-\u10FF]/);
  });

  it('turn notices: one at a time in the group (the previous one deleted), and a ping in the private chat of a player who started the bot', async () => {
    const tx = transcript();
    const erin: ChatUser = { id: 'telegram:55', name: 'Erin', language: 'en' };
    const frank: ChatUser = { id: 'telegram:66', name: 'Frank', language: 'en' };
    const franksChat = { platform: 'telegram' as const, chatId: '66' };
    await handleIntent(deps(), { kind: 'start', chat: franksChat, from: frank }, tx.emit);
    await handleIntent(deps(), { kind: 'challenge', chat, from: erin, opponent: frank, args: 'short' }, tx.emit);
    const challengeId = [...tx.messages.entries()].find(([, m]) => m.text.includes('Erin'))![0];
    await press(tx, frank, challengeId, tx.messages.get(challengeId)!.buttons[0][0]);
    const boardId = [...tx.messages.entries()].filter(([, m]) => m.board).at(-1)![0];
    const groupNotices = () => tx.effects.filter((e) => e.kind === 'text' && e.chat.chatId === chat.chatId && /your move/.test(e.text)).length;
    for (let i = 0; i < 60 && groupNotices() < 3; i++) {
      const tokens = tx.messages.get(boardId)!.buttons.flat().flatMap((x) => ('token' in x ? [x.token] : []));
      const gameId = tokens[0].split(':')[1];
      const loaded = await loadMatch(table.store, gameId);
      if (!loaded.ok) throw new Error(loaded.error.kind);
      const st = loaded.value.state;
      const seat = st.game!.turn.stage === 'doubled' ? 1 - st.game!.turn.seat : st.game!.turn.seat;
      const who = st.players[seat]!.id === erin.id ? erin : frank;
      // Move the game on: confirm, roll, take, a whole play, a step, else pick a checker (each token ends in its MAC).
      const order = [/:k:[\w-]{8}$/, /:r:[\w-]{8}$/, /:t:[\w-]{8}$/, /:L\d+:[\w-]{8}$/, /:s[\d.]+:[\w-]{8}$/, /:f\d+:[\w-]{8}$/];
      const token = order.map((re) => tokens.find((tk) => re.test(tk))).find((tk) => tk !== undefined)!;
      await press(tx, who, boardId, { label: '', token });
    }
    const notices = tx.effects.filter((e) => e.kind === 'text' && e.chat.chatId === chat.chatId && /your move/.test(e.text));
    const deletes = tx.effects.filter((e) => e.kind === 'delete');
    expect(notices.length).toBeGreaterThan(1);
    expect(deletes.length).toBe(notices.length - 1);
    const pings = tx.effects.filter((e) => e.kind === 'text' && e.chat.chatId === '66' && /Frank, your move/.test(e.text));
    expect(pings.length).toBeGreaterThan(0);
  });

  it('inline mode offers long and short challenges with a deep link; a friend accepts from a private chat and each player plays on a board in their own private chat', async () => {
    const tx = transcript();
    const gina: ChatUser = { id: 'telegram:77', name: 'Gina', language: 'en' };
    const hank: ChatUser = { id: 'telegram:88', name: 'Hank', language: 'en' };
    const ginaDm = { platform: 'telegram' as const, chatId: '77' };
    const hankDm = { platform: 'telegram' as const, chatId: '88' };
    await handleIntent(deps(), { kind: 'inline', chat: ginaDm, from: gina, query: '' }, tx.emit);
    await handleIntent(deps(), { kind: 'inline', chat: ginaDm, from: gina, query: 'na' }, tx.emit);
    const answers = tx.effects.filter((e) => e.kind === 'inlineAnswer');
    expect(answers).toHaveLength(2);
    const [first, second] = answers.map((a) => (a.kind === 'inlineAnswer' ? a.results : []));
    expect(first.map((r) => r.title)).toHaveLength(2);
    expect(second.map((r) => r.id)).toEqual(first.map((r) => r.id));
    const link = first[1].buttons.flat()[0];
    expect('url' in link && link.url).toMatch(/^https:\/\/t\.me\/nardy_test_bot\?start=i_[A-Za-z0-9_-]+$/);
    const payload = 'url' in link ? link.url.split('start=')[1] : '';
    await handleIntent(deps(), { kind: 'start', chat: ginaDm, from: gina }, tx.emit);
    const before = tx.effects.length;
    // The Telegram edge reads `/start i_<ticket>` as joining that inline challenge (tests/platforms/telegram/parse.test.ts).
    expect(payload.slice(2)).toBe(first[1].id);
    await handleIntent(deps(), { kind: 'join', chat: hankDm, from: hank, ticket: payload.slice(2) }, tx.emit);
    const boards = tx.effects.slice(before).filter((e) => e.kind === 'board');
    expect(boards.map((b) => (b.kind === 'board' ? b.chat.chatId : '')).sort()).toEqual(['77', '88']);
    // The player to move presses on their own board; both boards follow.
    const gameId = boards[0].kind === 'board' ? boards[0].view.gameId : '';
    const loaded = await loadMatch(table.store, gameId);
    if (!loaded.ok) throw new Error(loaded.error.kind);
    expect(loaded.value.state.settings.variant).toBe('short');
    const seat = loaded.value.state.game!.turn.seat;
    const mover = loaded.value.state.players[seat]!.id === gina.id ? gina : hank;
    const moverDm = mover === gina ? ginaDm : hankDm;
    const boardId = [...tx.messages.entries()].filter(([, m]) => m.board).find(([id]) => tx.effects.some((e) => e.kind === 'board' && e.chat.chatId === moverDm.chatId && !e.replace && tx.messages.get(id)?.text === e.view.caption))![0];
    const tokens = () => tx.messages.get(boardId)!.buttons.flat().flatMap((b) => ('token' in b ? [b.token] : []));
    const pressToken = (token: string) => handleIntent(deps(), { kind: 'press', chat: moverDm, from: mover, token, message: { chat: moverDm, messageId: boardId } }, tx.emit);
    // A whole play or a roll changes the match; picking a checker first only changes the mover's view.
    let command = tokens().find((tk) => /:(L\d+|r):[\w-]{8}$/.test(tk));
    if (!command) {
      await pressToken(tokens().find((tk) => /:f\d+:[\w-]{8}$/.test(tk))!);
      command = tokens().find((tk) => /:s[\d.]+:[\w-]{8}$/.test(tk))!;
    }
    const pressedAt = tx.effects.length;
    await pressToken(command);
    const redrawn = tx.effects.slice(pressedAt).filter((e) => e.kind === 'board');
    expect(redrawn.map((b) => (b.kind === 'board' ? [b.chat.chatId, b.replace !== undefined] : [])).sort()).toEqual([['77', true], ['88', true]]);
  });

  it('/games lists my games, my turn first, with a link to each board where the platform has links', async () => {
    const tx = transcript();
    const ivy: ChatUser = { id: 'telegram:99', name: 'Ivy', language: 'en' };
    const jo: ChatUser = { id: 'telegram:100', name: 'Jo', language: 'en' };
    await handleIntent(deps(), { kind: 'challenge', chat, from: ivy, opponent: jo, args: 'short' }, tx.emit);
    const [challengeId, challenge] = [...tx.messages.entries()].find(([, m]) => m.text.includes('Ivy'))!;
    await press(tx, jo, challengeId, challenge.buttons[0][0]);
    const base = deps();
    const linked: AppDeps = { ...base, messengers: { telegram: { ...base.messengers.telegram!, messageLink: (ref) => `https://example.test/${ref.chat.chatId}/${ref.messageId}` } } };
    const before = tx.effects.length;
    await handleIntent(linked, { kind: 'games', chat, from: ivy }, tx.emit);
    const reply = tx.effects[before];
    if (reply.kind !== 'text') throw new Error('no games list');
    expect(reply.text).toContain('Jo');
    const boardId = [...tx.messages.entries()].filter(([, m]) => m.board).at(-1)![0];
    expect(reply.buttons?.flat()).toContainEqual(expect.objectContaining({ url: `https://example.test/${chat.chatId}/${boardId}` }));
  });

  it('a challenge to an @handle can be accepted only by the user with that handle', async () => {
    const tx = transcript();
    const kim: ChatUser = { id: 'telegram:110', name: 'Kim', language: 'en', username: 'kim_plays' };
    const lou: ChatUser = { id: 'telegram:120', name: 'Lou', language: 'en', username: 'lou_k' };
    const max: ChatUser = { id: 'telegram:130', name: 'Max', language: 'en' };
    await handleIntent(deps(), { kind: 'challenge', chat, from: kim, opponentUsername: 'Lou_K' }, tx.emit);
    const [id, challenge] = [...tx.messages.entries()].find(([, m]) => m.text.includes('Kim'))!;
    expect(challenge.text).toContain('@Lou_K');
    const accept = challenge.buttons[0][0];
    const refused = await press(tx, max, id, accept);
    // Refused, and told whose challenge it is (#47, B3): the handle as it was stored.
    expect(refused).toEqual([{ kind: 'toast', text: t('en', 'toast.forHandle', { handle: 'lou_k' }), alert: true }]);
    const accepted = await press(tx, lou, id, accept);
    expect(accepted.some((e) => e.kind === 'board')).toBe(true);
  });

  it('help, rules, games and lang answer in the user\'s language', async () => {
    const tx = transcript();
    await handleIntent(deps(), { kind: 'help', chat, from: bob }, tx.emit);
    await handleIntent(deps(), { kind: 'rules', chat, from: alice, variant: 'short' }, tx.emit);
    await handleIntent(deps(), { kind: 'games', chat, from: alice }, tx.emit);
    const texts = tx.effects.map((e) => (e.kind === 'text' ? e.text : ''));
    expect(texts[0]).toMatch(/[а-я]/);
    expect(texts[1].length).toBeGreaterThan(100);
    expect(texts[2]).toContain('Bob');
  });
});
