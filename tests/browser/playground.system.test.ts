/**
 * The playground in a real browser (issue 8): headless Debian chromium, driven by playwright-core,
 * opens the page of `startLocal` and two users play a COMPLETE short-nardy game through the page
 * only — messages typed in the input box, the "reply" link, "you are:", the inline buttons under the
 * board — then start a long-nardy game. Then the same two play a complete short game in the Discord
 * channel ("Discord · #nardy"): `/nardy …` typed, the buttons under the board, ephemeral replies seen by
 * the acting user only. Screenshots go to a temp folder whose path is printed.
 *
 * Deciding who acts reads the store (whose turn it is); every action is a click on the page. In
 * `npm run test:system`, not `npm test`: never skipped, without /usr/bin/chromium it fails with the install hint.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type Request, type Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMatch } from '../../src/app/index.ts';
import { seatToAct } from '../../src/game/index.ts';
import { startLocal, type LocalProcess } from '../../src/local/main.ts';
import { GROUP } from '../../src/local/playground/people.ts';

const GROUP_ID = String(GROUP.id);

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MAX_PRESSES = 1_500;
const GAME_TIME_MS = 8 * 60_000;
/** Past this many presses a game may be ended by resigning (a safety net; a normal game needs far fewer). */
const RESIGN_AFTER = 1_200;
const USERS = ['Alice', 'Bob'] as const;
type User = (typeof USERS)[number];

type Board = { id: string; caption: string; buttons: string[] };
/** The little of the DOM that the page functions below use (tsconfig has no DOM lib; they run in the page). */
type PageElement = {
  querySelector(selector: string): PageElement | null;
  decode?(): Promise<void>;
  scrollIntoView?(options: { block: string }): void;
  querySelectorAll(selector: string): Iterable<PageElement>;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  outerHTML: string;
};
declare const document: { querySelectorAll(selector: string): Iterable<PageElement> };

describe('the playground in chromium', () => {
  let local: LocalProcess;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  let shots: string;
  const saved: string[] = [];
  /** The process's latest log lines, shown when a press gets no answer. */
  const logTail: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nardy-browser-data-'));
    shots = await mkdtemp(join(tmpdir(), 'nardy-browser-shots-'));
    local = await startLocal({
      port: 0, dataDir,
      log: (line) => {
        logTail.push(line);
        if (logTail.length > 60) logTail.shift();
      },
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await local?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (saved.length > 0) console.log(`playground screenshots:\n  ${saved.join('\n  ')}`);
  });

  const shot = async (name: string) => {
    const path = join(shots, `${name}.png`);
    // The latest board picture loaded, then its caption and buttons scrolled into view (a re-render
    // puts new <img>s of no height until they load, so the page loses its scroll position).
    // Best effort: the page may re-render meanwhile.
    await page
      .evaluate(async () => {
        const last = [...document.querySelectorAll('#messages .msg')].filter((m) => m.querySelector('img')).at(-1);
        await last?.querySelector('img')?.decode?.().catch(() => {});
        last?.querySelector('.meta')?.scrollIntoView?.({ block: 'end' });
      })
      .catch(() => {});
    await page.screenshot({ path });
    saved.push(path);
  };

  /** The latest message with a board picture, as the page shows it. */
  const board = (): Promise<Board | null> =>
    page.evaluate(() => {
      const boards = [...document.querySelectorAll('#messages .msg')].filter((m) => m.querySelector('img'));
      const last = boards.at(-1);
      if (!last) return null;
      return {
        id: last.dataset.id ?? '',
        caption: last.querySelector('.body')?.textContent ?? '',
        // Every button's text (a pressed one is disabled until the page re-renders: not a change).
        buttons: [...last.querySelectorAll('.keyboard button')].map((b) => b.textContent ?? ''),
      };
    });
  const signature = (b: Board | null) => JSON.stringify(b);

  const be = async (user: User) => {
    if ((await page.locator('#me option:checked').textContent()) === user) return;
    await page.locator('#me').selectOption({ label: user });
    await expect.poll(() => page.locator('#users li.active').textContent()).toContain(user);
  };

  const lastMessageText = () => page.locator('#messages .msg').last().locator('.body').textContent();

  /** Types in the input box and presses Send; waits for the bot's answer to appear. */
  const send = async (text: string) => {
    const count = await page.locator('#messages .msg').count();
    await page.locator('#text').fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.locator('#messages .msg').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(count + 1);
  };

  /**
   * Clicks `text` under the latest board and waits for the page to show what the press did: the
   * press's answer, then a refetch of the messages that the page started after it, then a changed
   * board (the bot may edit the board more than once for one press, so an earlier refetch may show
   * a state in between).
   */
  const pressOnBoard = async (text: string) => {
    const before = signature(await board());
    const target = page.locator('#messages .msg').filter({ has: page.locator('img') }).last().locator('.keyboard button').filter({ hasText: new RegExp(`^${escape(text)}$`) }).first();
    let answered: (answer: { status?: number; answer?: { text?: string; show_alert?: boolean } | null; whispers?: string[] }) => void;
    const answer = new Promise<Parameters<typeof answered>[0]>((resolve) => (answered = resolve));
    let refetched: () => void;
    const refetch = new Promise<void>((resolve) => (refetched = resolve));
    let pressDone = false;
    let pressSent = false;
    const after = new Set<Request>();
    const onResponse = (response: Response) => {
      const request = response.request();
      if (request.method() === 'POST' && request.url().endsWith('/press')) {
        pressDone = true;
        response.json().then(answered, () => answered({}));
      }
    };
    const onRequest = (request: Request) => {
      if (request.method() === 'POST' && request.url().endsWith('/press')) pressSent = true;
      if (pressDone && request.method() === 'GET' && /\/api\/(chats\/-?\d+\/messages|discord\/channels\/\d+\/messages\/\d+)$/.test(request.url())) after.add(request);
    };
    const onFinished = (request: Request) => {
      if (after.has(request)) refetched();
    };
    page.on('response', onResponse);
    page.on('request', onRequest);
    page.on('requestfinished', onFinished);
    try {
      // A click is a press and a release on one node: one that the page replaced in between (the bot
      // edited a message meanwhile) sends nothing, as for a person, who clicks again. The page keeps
      // unchanged messages' nodes to make that rare; here a click that sent no press is made again.
      for (let clicks = 1; !pressSent; clicks++) {
        try {
          await target.click();
        } catch (error) {
          // Best effort: a page too busy to click may be too busy to be shot, and the click's error is the one to see.
          await shot('failed-click').catch(() => undefined);
          const html = await page.evaluate(() => [...document.querySelectorAll('#messages .msg')].filter((m) => m.querySelector('img')).at(-1)?.outerHTML).catch(() => '(the page did not answer)');
          throw new Error(`could not press "${text}" (${(error as Error).message.split('\n')[0]}); the latest board: ${html}`);
        }
        for (const until = Date.now() + 3_000; !pressSent && Date.now() < until;) await new Promise((done) => setTimeout(done, 20));
        // Sent but not yet seen (a disabled button, a changed board) is no reason to press again.
        if (pressSent || (await target.isDisabled().catch(() => true)) || signature(await board()) !== before) break;
        if (clicks === 3) throw new Error(`${clicks} clicks on "${text}" sent no press`);
        console.log(`a click on "${text}" sent no press (the page redrew the button under it?): clicking again`);
      }
      const got = await withTimeout(answer, 15_000, `no answer to pressing "${text}"`).catch((error: Error) => {
        throw new Error(`${error.message}; the process's latest log lines:\n${logTail.join('\n')}`);
      });
      // Telegram answers with a toast (`answer`), Discord with ephemeral replies (`whispers`).
      if (got.status !== 200 || got.answer?.show_alert || /not your turn/i.test(got.answer?.text ?? '') || got.whispers?.some((w) => /not your turn/i.test(w))) {
        throw new Error(`pressing "${text}" was refused: ${JSON.stringify(got)}`);
      }
      await withTimeout(refetch, 15_000, `the page did not refetch after pressing "${text}"`);
      await expect.poll(async () => signature(await board()), { timeout: 15_000, interval: 15 }).not.toBe(before);
    } finally {
      page.off('response', onResponse);
      page.off('request', onRequest);
      page.off('requestfinished', onFinished);
    }
  };

  /**
   * Who has to act now, read from the store (the caption can name the previous player, e.g.
   * "Bob rolled 6-6 and cannot move" above "Alice rolled 3-1"); every action still goes through the page.
   */
  const actor = async (platform: 'telegram' | 'discord' = 'telegram', chatId = GROUP_ID): Promise<User | undefined> => {
    const games = await local.store.listByChat(platform, chatId, { status: 'active', limit: 1 });
    const record = games.records[0];
    if (!record) return undefined;
    const loaded = await loadMatch(local.store, record.id);
    if (!loaded.ok) return undefined;
    const seat = seatToAct(loaded.value.state);
    return seat === null ? undefined : (loaded.value.state.players[seat]?.name as User | undefined);
  };

  const NEVER = /resign|double|pass|undo|back|cancel|decline|drop/i;
  const choose = (buttons: string[], allowResign: boolean): string | undefined => {
    const ok = buttons.filter((b) => !NEVER.test(b));
    return (
      ok.find((b) => /confirm/i.test(b)) ??
      ok.find((b) => /roll/i.test(b)) ??
      ok.find((b) => /take/i.test(b)) ??
      ok.find((b) => b.includes('/') && !/\(\d\)/.test(b)) ??
      ok.find((b) => /\d+\/(\d+|off)\s*\(\d\)/i.test(b)) ??
      ok.find((b) => /^\d+$/.test(b.trim())) ??
      ok[0] ??
      (allowResign ? buttons.find((b) => /resign|confirm|yes/i.test(b)) : undefined)
    );
  };

  /** Presses the buttons under the latest board, as whoever is to act (`who`), until a result; a screenshot after 60 presses. */
  const playToResult = async (who: () => Promise<User | undefined>, started: number, midShotName: string) => {
    let presses = 0;
    let result = '';
    let midShot = false;
    while (true) {
      const current = await board();
      expect(current, 'a board is on the page').not.toBeNull();
      if (/wins the (game|match)/.test(current!.caption)) {
        result = current!.caption;
        break;
      }
      const elapsed = Date.now() - started;
      if (presses >= MAX_PRESSES || elapsed > GAME_TIME_MS) throw new Error(`no result after ${presses} presses and ${Math.round(elapsed / 1000)} s; caption: ${current!.caption}`);
      const next = await who();
      if (next) await be(next);
      const pick = choose(current!.buttons, presses >= RESIGN_AFTER);
      if (!pick) throw new Error(`nothing to press: ${JSON.stringify(current)}`);
      await pressOnBoard(pick);
      presses++;
      if (!midShot && presses >= 60) {
        await shot(midShotName);
        midShot = true;
      }
    }
    return { presses, result };
  };

  it('two users play a complete short-nardy game through the page, then start a long one', async () => {
    // Fails (never skips) without Debian's chromium.
    if (!existsSync(CHROMIUM)) throw new Error('chromium not found: apt-get install -y chromium');
    // launch() gives chromium a new empty user-data-dir of its own (and removes it on close).
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(15_000);
    const started = Date.now();
    await page.goto(`${local.url}/`);
    await expect.poll(() => page.locator('#chat-title').textContent()).toBe('Nardy club');
    await shot('1-start');

    // Bob writes; Alice replies to him with /nardy short.
    await be('Bob');
    await send('anyone for short nardy?');
    await be('Alice');
    const bobs = page.locator('#messages .msg').filter({ hasText: 'anyone for short nardy?' }).last();
    await bobs.locator('.meta a', { hasText: 'reply' }).click();
    await page.locator('#replying').waitFor({ state: 'visible' });
    await send('/nardy short');
    await expect.poll(lastMessageText).toMatch(/Bob, Alice challenges you to short nardy/);

    // Bob accepts.
    await be('Bob');
    await page.locator('#messages .msg').last().getByRole('button', { name: /Accept/ }).click();
    await expect.poll(async () => (await board())?.buttons.length ?? 0).toBeGreaterThan(0);

    const { presses, result } = await playToResult(() => actor(), started, '2-mid-game');
    await shot('3-result');
    const gameMs = Date.now() - started;
    console.log(`short nardy: ${presses} presses, ${(gameMs / 1000).toFixed(1)} s; result: ${result.split('\n').find((l) => /wins/.test(l))}`);
    expect(result).toMatch(/(Alice|Bob) wins the (game|match)/);

    // A long-nardy game: Alice replies to Bob's message with /nardy, Bob accepts, three presses.
    await be('Bob');
    await send('a long one now?');
    await be('Alice');
    await page.locator('#messages .msg').filter({ hasText: 'a long one now?' }).last().locator('.meta a', { hasText: 'reply' }).click();
    await send('/nardy');
    await expect.poll(lastMessageText).toMatch(/Bob, Alice challenges you to long nardy/);
    await be('Bob');
    const firstLongBoard = (await board())?.id;
    await page.locator('#messages .msg').last().getByRole('button', { name: /Accept/ }).click();
    await expect.poll(async () => (await board())?.id).not.toBe(firstLongBoard);
    for (let i = 0; i < 3; i++) {
      const current = (await board())!;
      const who = await actor();
      if (who) await be(who);
      const pick = choose(current.buttons, false);
      if (!pick) throw new Error(`nothing to press on the long board: ${JSON.stringify(current)}`);
      await pressOnBoard(pick);
    }
    await shot('4-long-nardy');
    console.log(`whole browser test: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 10 * 60_000);

  it('two users play a complete short game in the Discord channel: slash commands typed, buttons pressed, ephemeral replies to the actor only', async () => {
    if (!browser) throw new Error('the Telegram part did not open the browser');
    const started = Date.now();
    const { channels } = (await (await fetch(`${local.url}/api/discord/state`)).json()) as { channels: { channelId: string; title: string }[] };
    const channelId = channels[0].channelId;
    await page.locator('#discord-chats li', { hasText: 'Discord · #nardy' }).click();
    await expect.poll(() => page.locator('#chat-title').textContent()).toBe('Discord · #nardy');
    await expect.poll(() => page.locator('body').getAttribute('data-platform')).toBe('discord');

    // An ephemeral reply: Alice sees her /nardy help, marked so; Bob does not see it.
    await be('Alice');
    await send('/nardy help');
    await expect.poll(lastMessageText).toMatch(/I run games of nardy in this channel/);
    await expect.poll(() => page.locator('#messages .msg').last().locator('.only-you').textContent()).toMatch(/only you can see this/);
    await be('Bob');
    await expect.poll(() => page.locator('#messages .msg').filter({ hasText: 'I run games of nardy' }).count()).toBe(0);

    // Alice challenges Bob to short nardy with the slash command's options; Discord shows who used it.
    await be('Alice');
    await send('/nardy challenge variant:short opponent:@Bob');
    await expect.poll(lastMessageText).toMatch(/Bob, Alice challenges you to short nardy/);
    await expect.poll(() => page.locator('#messages .msg').last().locator('.used').textContent()).toMatch(/Alice used \/nardy challenge variant:short opponent:@Bob/);
    await shot('5-discord-challenge');

    // Alice may not accept her own challenge: Discord tells her alone.
    const challenge = page.locator('#messages .msg').filter({ hasText: 'Bob, Alice challenges you' }).last();
    const whispersBefore = await page.locator('#messages .msg.ephemeral').count();
    await challenge.getByRole('button', { name: /Accept/ }).click();
    await expect.poll(() => page.locator('#messages .msg.ephemeral').count()).toBeGreaterThan(whispersBefore);
    await be('Bob');
    await expect.poll(() => page.locator('#messages .msg.ephemeral').count()).toBe(0);

    // Bob accepts; the board with its picture and buttons appears; they play to the end.
    await page.locator('#messages .msg').filter({ hasText: 'Bob, Alice challenges you' }).last().getByRole('button', { name: /Accept/ }).click();
    await expect.poll(async () => (await board())?.buttons.length ?? 0).toBeGreaterThan(0);
    const { presses, result } = await playToResult(() => actor('discord', channelId), started, '6-discord-mid-game');
    await shot('7-discord-result');
    console.log(`Discord short nardy: ${presses} presses, ${((Date.now() - started) / 1000).toFixed(1)} s; result: ${result.split('\n').find((l) => /wins/.test(l))}`);
    expect(result).toMatch(/(Alice|Bob) wins the (game|match)/);
  }, 10 * 60_000);
});

/**
 * The page on a phone (issue #47 item 4; review 2026-12-06 B1): at 360×760 the chat scrolls in its
 * own pane and opens at its latest message, a toast ("It is not your turn.") is drawn on screen,
 * the bot's reply to a command sent lands in view, and nothing is wider than the screen.
 */
describe('the playground on a phone (360×760)', () => {
  let local: LocalProcess;
  let browser: Browser;
  let dataDir: string;
  let shots: string;
  const saved: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nardy-phone-data-'));
    shots = await mkdtemp(join(tmpdir(), 'nardy-phone-shots-'));
    local = await startLocal({ port: 0, dataDir, log: () => {} });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await local?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (saved.length > 0) console.log(`phone screenshots:\n  ${saved.join('\n  ')}`);
  });

  type View = { id: number; text?: string; buttons: { text: string; data?: string }[][] };
  const post = async (path: string, body: object) => {
    const response = await fetch(`${local.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status, path).toBe(200);
    return response.json() as Promise<{ status: number }>;
  };
  const messages = async () => (await (await fetch(`${local.url}/api/chats/${GROUP_ID}/messages`)).json()) as View[];
  const say = (userId: number, text: string, replyTo?: number) => post(`/api/chats/${GROUP_ID}/messages`, { userId, text, replyTo });

  it('opens at the latest message, shows a toast on screen, a reply lands in view, the composer fits', async () => {
    if (!existsSync(CHROMIUM)) throw new Error('chromium not found: apt-get install -y chromium');
    // A chat many screens long, a board last: Alice challenges Bob by replying to him, Bob accepts.
    for (let i = 0; i < 6; i++) await say(101, '/help');
    await say(102, 'anyone for short nardy?');
    await say(101, '/nardy short', (await messages()).at(-1)!.id);
    const challenge = (await messages()).at(-1)!;
    const accept = challenge.buttons.flat().find((b) => /Accept/.test(b.text))!;
    await post(`/api/chats/${GROUP_ID}/press`, { userId: 102, messageId: challenge.id, data: accept.data });

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
    const phone = await browser.newPage({ viewport: { width: 360, height: 760 }, deviceScaleFactor: 2 });
    phone.setDefaultTimeout(15_000);
    const shot = async (name: string) => {
      const path = join(shots, `${name}.png`);
      await phone.screenshot({ path });
      saved.push(path);
    };
    const { width, height } = phone.viewportSize()!;
    /** Where the latest message is on the screen, and the top of the composer below the chat. */
    const latest = async () => {
      const box = await phone.locator('#messages .msg').last().boundingBox();
      const composer = await phone.locator('#composer').boundingBox();
      return { top: box?.y ?? NaN, bottom: (box?.y ?? NaN) + (box?.height ?? NaN), composerTop: composer?.y ?? NaN };
    };
    /** The latest message ends on the screen, above the composer (the chat is scrolled to its end). */
    const latestInView = async () => {
      const { top, bottom, composerTop } = await latest();
      return top < height && bottom > 0 && bottom <= Math.min(height, composerTop) + 1;
    };

    await phone.goto(`${local.url}/`);
    await expect.poll(() => phone.locator('#chat-title').textContent()).toBe('Nardy club');
    await expect.poll(() => phone.locator('#messages .msg img').count()).toBeGreaterThan(0);
    await expect.poll(latestInView, { message: 'the chat opens at its latest message' }).toBe(true);
    await shot('phone-1-open');

    // Whoever is not to act presses a button under the board: "It is not your turn." on the screen.
    const mover = await actorOf(local);
    const other = mover === 'Alice' ? 'Bob' : 'Alice';
    await phone.locator('#me').selectOption({ label: other });
    const boardButtons = phone.locator('#messages .msg').filter({ has: phone.locator('img') }).last().locator('.keyboard button');
    await boardButtons.filter({ hasNotText: /resign/i }).first().click();
    await expect.poll(() => phone.locator('#toast').textContent()).toMatch(/not your turn/i);
    const toast = await phone.locator('#toast').boundingBox();
    expect(toast, 'the toast is shown').not.toBeNull();
    expect(toast!.y, 'the toast is on the screen, not above it').toBeGreaterThanOrEqual(0);
    expect(toast!.y + toast!.height, 'the toast is on the screen, not below it').toBeLessThanOrEqual(height);
    expect(toast!.x).toBeGreaterThanOrEqual(0);
    expect(toast!.x + toast!.width).toBeLessThanOrEqual(width);
    await shot('phone-2-toast');

    // A command sent from the composer: its answer is on the screen.
    const count = await phone.locator('#messages .msg').count();
    await phone.locator('#text').fill('/games');
    await phone.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => phone.locator('#messages .msg').count()).toBeGreaterThanOrEqual(count + 2);
    await expect.poll(() => phone.locator('#messages .msg').last().textContent()).toMatch(/short nardy/);
    await expect.poll(latestInView, { message: "the bot's reply is in view" }).toBe(true);
    await shot('phone-3-after-send');

    // Nothing wider than the screen: the composer's input and Send button fit.
    expect(await phone.evaluate('document.documentElement.scrollWidth'), 'no sideways scrolling').toBeLessThanOrEqual(width);
    for (const part of ['#text', '#composer button[type=submit]']) {
      const box = (await phone.locator(part).boundingBox())!;
      expect(box.x + box.width, `${part} fits the width`).toBeLessThanOrEqual(width);
    }
  }, 3 * 60_000);
});

/** Who is to act in the group's game. */
async function actorOf(local: LocalProcess): Promise<User | undefined> {
  const games = await local.store.listByChat('telegram', GROUP_ID, { status: 'active', limit: 1 });
  const record = games.records[0];
  if (!record) return undefined;
  const loaded = await loadMatch(local.store, record.id);
  if (!loaded.ok) return undefined;
  const seat = seatToAct(loaded.value.state);
  return seat === null ? undefined : (loaded.value.state.players[seat]?.name as User | undefined);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}
