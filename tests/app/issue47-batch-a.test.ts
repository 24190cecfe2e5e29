/**
 * Issue #47 item 5, batch A: what a newcomer's review (reviews-2026-12-06/newcomer.md §8) found
 * confusing, each as the conversation it happened in — intents in, effects out, dynalite and the
 * reducer behind, no messenger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordApi } from '../../src/local/discord-api/index.ts';
import { discordMessenger, parseInteraction } from '../../src/platforms/discord/index.ts';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { boardView, handleIntent, loadMatch, type AppDeps, type Button, type ChatUser, type Effect, type MessageRef } from '../../src/app/index.ts';
import { cryptoDice, fixedDice, type DiceSource } from '../../src/dice/index.ts';
import { formatDice } from '../../src/engine/index.ts';
import { COMPUTER_ID, type MatchEvent } from '../../src/game/index.ts';
import { t } from '../../src/i18n/index.ts';
import { T0, challenge as fixtureChallenge, step as fixtureStep } from '../game/fixture.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { person as discordPerson } from '../platforms/discord/harness.ts';
import { transcript } from './transcript.ts';

const chat = { platform: 'telegram' as const, chatId: '-1047' };
const alice: ChatUser = { id: 'telegram:4711', name: 'Alice', language: 'en' };
const bob: ChatUser = { id: 'telegram:4722', name: 'Bob', language: 'en' };
let table: TestTable;
let clock = 1_950_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

function deps(dice: DiceSource = cryptoDice()): AppDeps {
  return { store: table.store, now: () => (clock += 5000), dice, messengers: { telegram: telegramMessenger('nardy_test_bot'), discord: discordMessenger() }, ticketKey: 'batch-a-test' };
}

async function press(tx: ReturnType<typeof transcript>, who: ChatUser, messageId: string, button: Button, d = deps()): Promise<Effect[]> {
  if (!('token' in button)) throw new Error('not a callback button');
  const before = tx.effects.length;
  const message: MessageRef = { chat, messageId };
  await handleIntent(d, { kind: 'press', chat, from: who, token: button.token, message }, tx.emit);
  return tx.since(before);
}

const gameOf = (button: Button) => ('token' in button ? button.token.split(':')[1] : '');
const lastBoard = (tx: ReturnType<typeof transcript>) => [...tx.messages.entries()].filter(([, m]) => m.board).at(-1)!;

/** Alice plays short nardy against the computer (no cube); returns the board's message id and the game id once it is her turn. */
async function againstComputer(tx: ReturnType<typeof transcript>, args = 'short vs computer', d = deps()) {
  await handleIntent(d, { kind: 'challenge', chat, from: alice, args }, tx.emit);
  const challengeId = [...tx.messages.keys()].at(-1)!;
  const gameId = gameOf(tx.find(challengeId, /Play/));
  await press(tx, alice, challengeId, tx.find(challengeId, /Play/), d);
  return { gameId, boardId: lastBoard(tx)[0] };
}

const hintEvents = async (gameId: string) => {
  const loaded = await loadMatch(table.store, gameId);
  if (!loaded.ok) throw new Error(loaded.error.kind);
  return loaded.value.state.history.filter((e) => e.type === 'hinted').length;
};

describe('#47 B2: a hint asked again for the same decision counts once', () => {
  it('💡 pressed three times on one roll: three answers, "used hints: 1", one hint in the history; the next roll counts again', async () => {
    const tx = transcript();
    const { gameId } = await againstComputer(tx);
    const toasts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const [id] = lastBoard(tx);
      const out = await press(tx, alice, id, tx.find(id, /💡/));
      toasts.push(...out.flatMap((e) => (e.kind === 'toast' && e.alert ? [e.text] : [])));
    }
    expect(toasts).toHaveLength(3);
    expect(new Set(toasts).size, 'the same advice each time').toBe(1);
    expect(await hintEvents(gameId)).toBe(1);
    const [id, board] = lastBoard(tx);
    expect(board.text).toContain(t('en', 'caption.hints', { name: 'Alice', n: 1 }));
    // Alice plays her roll (any offered play or step) and the computer answers; then a hint is a new one.
    const plays = async () => {
      const loaded = await loadMatch(table.store, gameId);
      if (!loaded.ok) throw new Error(loaded.error.kind);
      return loaded.value.state.history.filter((e) => e.type === 'played' && e.seat === loaded.value.state.game!.turn.seat).length;
    };
    const before = await plays();
    for (let i = 0; i < 8 && (await plays()) === before; i++) {
      const [bid, b] = lastBoard(tx);
      await press(tx, alice, bid, b.buttons.flat().find((x) => /\//.test(x.label))!);
    }
    expect(await plays()).toBeGreaterThan(before);
    const [next] = lastBoard(tx);
    await press(tx, alice, next, tx.find(next, /💡/));
    expect(await hintEvents(gameId)).toBe(2);
    expect(lastBoard(tx)[1].text).toContain(t('en', 'caption.hints', { name: 'Alice', n: 2 }));
  });
});

describe('#47 B4: short nardy comes with the cube in a match and without it in a single game, however it is asked for', () => {
  const discord = startDiscordApi();
  afterAll(async () => (await discord).close());
  const settingsOf = async (gameId: string) => {
    const loaded = await loadMatch(table.store, gameId);
    if (!loaded.ok) throw new Error(loaded.error.kind);
    return loaded.value.state.settings;
  };
  /** The game id of the challenge `/nardy <args>` posts. */
  const nardy = async (tx: ReturnType<typeof transcript>, args: string) => {
    await handleIntent(deps(), { kind: 'challenge', chat, from: alice, args }, tx.emit);
    const id = [...tx.messages.keys()].at(-1)!;
    return { id, gameId: gameOf(tx.messages.get(id)!.buttons.flat()[0]) };
  };

  it('/nardy short, /nardy short vs computer: a single game, no cube; /nardy short 3 (and vs computer): a match with the cube', async () => {
    const tx = transcript();
    for (const [args, doubling] of [['short', false], ['short vs computer', false], ['short 3', true], ['short 3 vs computer', true]] as const) {
      const { id, gameId } = await nardy(tx, args);
      expect(await settingsOf(gameId), args).toMatchObject({ doubling });
      expect(tx.messages.get(id)!.text, args).toContain(doubling ? t('en', 'cube.on') : t('en', 'cube.off'));
    }
  });

  it('⚙️ Settings → short nardy: a single game without the cube; a match to 3: the cube comes; back to a single game: it goes; a cube set by hand stays', async () => {
    const tx = transcript();
    const { id, gameId } = await nardy(tx, '');
    await press(tx, alice, id, tx.find(id, /Settings/));
    await press(tx, alice, id, tx.find(id, /^(✓ )?short nardy$/i));
    expect(await settingsOf(gameId)).toMatchObject({ variant: 'short', matchLength: 0, doubling: false });
    await press(tx, alice, id, tx.find(id, /^(✓ )?match to 3$/));
    expect(await settingsOf(gameId)).toMatchObject({ matchLength: 3, doubling: true, crawford: true });
    await press(tx, alice, id, tx.find(id, /^(✓ )?single game$/));
    expect(await settingsOf(gameId)).toMatchObject({ matchLength: 0, doubling: false });
    await press(tx, alice, id, tx.find(id, /^(✓ )?Cube$/));
    expect(await settingsOf(gameId)).toMatchObject({ matchLength: 0, doubling: true });
    await press(tx, alice, id, tx.find(id, /^(✓ )?match to 5$/));
    expect(await settingsOf(gameId)).toMatchObject({ matchLength: 5, doubling: true });
  });

  it('Discord /nardy challenge variant: short: no cube; with match: 3: the cube', async () => {
    const api = await discord;
    const channel = api.guildChannel();
    const person = discordPerson('100000000000004733', 'alice', 'en-US', 'Alice');
    for (const [options, doubling] of [[{ variant: 'short' }, false], [{ variant: 'short', match: 3 }, true]] as const) {
      const intent = parseInteraction(api.command(person, channel, 'challenge', options));
      expect(intent?.kind).toBe('challenge');
      const tx = transcript();
      await handleIntent(deps(), intent!, tx.emit);
      const sent = [...tx.messages.values()].at(-1)!;
      expect(sent.text, JSON.stringify(options)).toContain(doubling ? t('en', 'cube.on') : t('en', 'cube.off'));
    }
  });

  it('an inline challenge to short nardy is a single game without the cube', async () => {
    const tx = transcript();
    const gina: ChatUser = { id: 'telegram:4744', name: 'Gina', language: 'en' };
    const ginaDm = { platform: 'telegram' as const, chatId: '4744' };
    await handleIntent(deps(), { kind: 'inline', chat: ginaDm, from: gina, query: '' }, tx.emit);
    const answer = tx.effects.find((e) => e.kind === 'inlineAnswer');
    if (answer?.kind !== 'inlineAnswer') throw new Error('no inline answer');
    const short = answer.results.find((r) => r.title === t('en', 'inline.challengeShort'))!;
    expect(short.text).toContain(t('en', 'cube.off'));
  });
});

describe('#47 B13: the human\'s own forced plays stay in the caption when the computer played between them', () => {
  const opened = () => fixtureStep(fixtureChallenge({ variant: 'short', computer: 'strong' }, undefined, null), { type: 'accept', by: { id: COMPUTER_ID, name: 'Computer' } }, [6, 1]);
  const played = (seat: 0 | 1, dice: [number, number], move: string, forced: boolean): MatchEvent => ({ type: 'played', at: T0, seat, dice, move, forced });
  const line = (name: string, dice: [number, number], move: string, forced: boolean) =>
    t('en', 'caption.lastPlay', { name, move: `${formatDice(dice)}: ${move}` }) + (forced ? ` ${t('en', 'caption.forced')}` : '');

  it('Ann 6-1 chosen, then computer 5-4, Ann\'s forced 5-5, computer 2-1, Ann\'s forced 6-4, computer 2-1: every one since Ann\'s choice is listed', () => {
    const s = opened();
    const history = [...s.history,
      played(0, [6, 1], '13/7 8/7', false), played(1, [5, 4], '24/20 13/8', false), played(0, [5, 5], '24/4', true),
      played(1, [2, 1], '13/11 6/5', false), played(0, [6, 4], '24/14', true), played(1, [2, 1], '8/6 6/5', false)];
    const caption = boardView({ ...s, history }, 1, 'en', T0).caption;
    // The computer is named in the caption's language (#49), whatever name its seat was stored with.
    const computer = t('en', 'computer.name', { level: t('en', 'computer.strong') });
    for (const l of [line('Ann', [6, 1], '13/7 8/7', false), line(computer, [5, 4], '24/20 13/8', false), line('Ann', [5, 5], '24/4', true), line(computer, [2, 1], '13/11 6/5', false), line('Ann', [6, 4], '24/14', true), line(computer, [2, 1], '8/6 6/5', false)]) {
      expect(caption).toContain(l);
    }
    expect(caption).not.toContain(t('en', 'caption.earlierPlays', { n: 1 }).slice(0, 4));
  });

  it('more than fit: the oldest are counted and the caption points at 📜 History, in every language', () => {
    const s = opened();
    const history = [...s.history, played(0, [6, 1], '13/7 8/7', false)];
    for (let i = 0; i < 4; i++) history.push(played(1, [2, 1], '13/11 6/5', false), played(0, [6, 6], 'Ø', true));
    for (const lang of ['en', 'ru', 'ka'] as const) {
      const caption = boardView({ ...s, history }, 1, lang, T0).caption;
      expect(caption, lang).toContain(t(lang, 'caption.earlierPlays', { n: 3 }));
      expect(caption.split('\n').filter((l) => l === t(lang, 'caption.noPlay', { name: 'Ann', dice: formatDice([6, 6]) }))).toHaveLength(3);
    }
    expect(t('en', 'caption.earlierPlays', { n: 3 })).toBe('…3 earlier plays of this game: see 📜 History');
    expect(t('ru', 'caption.earlierPlays', { n: 3 })).toBe('…и ещё 3 хода раньше в этой партии: см. 📜 История');
  });
});
