/**
 * `npm start` (issue 8): the whole local process over real HTTP — the playground's API drives the
 * production Telegram webhook through the Bot API stand-in, with the embedded dynalite keeping the
 * data under the data folder. Plays the beginning of a game, checks `POST /telegram`, a busy port,
 * and that a restart still has the game; then the real script: Ctrl-C stops it cleanly, and a busy
 * port makes it exit 1 with a clear message.
 */
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalPlays } from '../../src/engine/index.ts';
import { decodeMatch, positionOf, seatToAct, turnContextOf } from '../../src/game/index.ts';
import { DataDirBusyError, PortBusyError, startLocal, type LocalProcess } from '../../src/local/main.ts';

const GROUP = -1001000000001;
const ALICE = 101;
const BOB = 102;
/**
 * The script run by node itself with tsx's loader, not by the `tsx` command: that one relays a
 * signal to its child and, when the child has not reported back within 30 ms (a busy machine),
 * kills it and exits 130 — a test of the script's own Ctrl-C would then test tsx's timing.
 */
const TSX = process.execPath;
// `--import tsx` would look for tsx from the script's working folder (a temporary one): its loader by path.
const TSX_ARGS = ['--import', pathToFileURL(join(import.meta.dirname, '../../node_modules/tsx/dist/loader.mjs')).href];
const MAIN = join(import.meta.dirname, '../../src/local/main.ts');

type ButtonView = { text: string; data?: string };
type MessageView = { id: number; from: string; fromBot: boolean; text?: string; caption?: string; photo?: { src: string }; buttons: ButtonView[][] };

const folders: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nardy-start-'));
  folders.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

function client(local: LocalProcess) {
  const post = async (path: string, body: object) => {
    const response = await fetch(`${local.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const messages = async (chatId: number): Promise<MessageView[]> => (await fetch(`${local.url}/api/chats/${chatId}/messages`)).json() as Promise<MessageView[]>;
  const say = async (userId: number, text: string, replyTo?: number) => {
    const answer = await post(`/api/chats/${GROUP}/messages`, { userId, text, replyTo });
    expect(answer).toEqual({ status: 200, body: { status: 200 } });
  };
  const press = async (userId: number, message: MessageView, data: string) => {
    const answer = await post(`/api/chats/${GROUP}/press`, { userId, messageId: message.id, data });
    expect(answer.status).toBe(200);
    expect(answer.body.status, 'the webhook answered 200').toBe(200);
    return answer.body.answer as { text?: string } | null;
  };
  return { post, messages, say, press };
}

describe('npm start: the local process', () => {
  let dataDir: string;
  let local: LocalProcess;
  const lines: string[] = [];
  let gameId: string;

  beforeAll(async () => {
    dataDir = await tempDir();
    local = await startLocal({ port: 0, dataDir, log: (line) => lines.push(line) });
  });
  afterAll(() => local?.close());

  it('serves the playground page and its state', async () => {
    const page = await fetch(`${local.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Nardy playground');
    for (const asset of ['/app.js', '/style.css']) expect((await fetch(`${local.url}${asset}`)).status).toBe(200);
    const state = (await (await fetch(`${local.url}/api/state`)).json()) as { users: { first_name: string }[]; chats: { id: number; title: string }[] };
    expect(state.users.map((u) => u.first_name)).toEqual(['Alice', 'Bob']);
    expect(state.chats[0]).toMatchObject({ id: GROUP, title: 'Nardy club' });
    expect(state.chats.map((c) => c.id)).toEqual([GROUP, ALICE, BOB]);
  });

  it('Alice challenges Bob by replying to him, Bob accepts, the board appears and a press moves it', async () => {
    const { messages, say, press } = client(local);
    await say(BOB, 'anyone for a game?');
    const bobs = (await messages(GROUP)).at(-1)!;
    await say(ALICE, '/nardy', bobs.id);
    const challenge = (await messages(GROUP)).at(-1)!;
    expect(challenge.fromBot).toBe(true);
    expect(challenge.text).toContain('Bob');
    const accept = challenge.buttons.flat().find((b) => /accept/i.test(b.text));
    expect(accept?.data, 'the challenge has an Accept button').toBeDefined();
    gameId = accept!.data!.split(':')[1]!;

    await press(BOB, challenge, accept!.data!);
    const board = (await messages(GROUP)).filter((m) => m.photo !== undefined).at(-1);
    expect(board, 'a board picture is in the group').toBeDefined();
    const picture = await fetch(`${local.url}${board!.photo!.src}`);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    const loaded = await local.store.load(gameId);
    if (!loaded.ok) throw new Error(loaded.error.kind);
    const state = decodeMatch(loaded.value.state);
    if (!state.ok) throw new Error(state.error.message);
    // npm start rolls checkable dice (issue #18): a committed server seed, the board saying so.
    expect(state.value.fair?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(board!.caption).toContain(state.value.fair!.commitment.slice(0, 16));
    const mover = state.value.players[seatToAct(state.value)!]!.id === `telegram:${ALICE}` ? ALICE : BOB;
    const move = board!.buttons.flat().find((b) => b.data !== undefined && !/resign/i.test(b.text));
    expect(move, 'the board has a move button').toBeDefined();
    await press(mover, board!, move!.data!);

    const after = await local.store.load(gameId);
    expect(after.ok && after.value.version).toBeGreaterThan(loaded.value.version);
    const shown = (await messages(GROUP)).find((m) => m.id === board!.id)!;
    expect({ src: shown.photo?.src, caption: shown.caption, buttons: shown.buttons }).not.toEqual({ src: board!.photo!.src, caption: board!.caption, buttons: board!.buttons });
    expect(lines.some((l) => l.includes('Alice in Nardy club: /nardy [challenge] → ok 200'))).toBe(true);
    expect(lines.some((l) => /Bob in Nardy club pressed "✅ Accept" \[press\] → ok 200 \(\d+ ms\)/.test(l))).toBe(true);
  });

  it('issue 16: a move typed in the group is played as a press would be, the board edited in place', async () => {
    const { messages, say } = client(local);
    for (let typed = 0; typed < 3; typed++) {
      const loaded = await local.store.load(gameId);
      if (!loaded.ok) throw new Error(loaded.error.kind);
      const state = decodeMatch(loaded.value.state);
      if (!state.ok) throw new Error(state.error.message);
      const game = state.value.game!;
      const mover = state.value.players[seatToAct(state.value)!]!.id === `telegram:${ALICE}` ? ALICE : BOB;
      const text = game.turn.stage === 'moving' ? legalPlays(positionOf(state.value.settings, game), game.turn.dice!, turnContextOf(game))[0].move : 'roll';
      const boards = (await messages(GROUP)).filter((m) => m.photo !== undefined).length;
      await say(mover, text);
      const after = await local.store.load(gameId);
      expect(after.ok && after.value.version, `${text} was played`).toBe(loaded.value.version + 1);
      expect((await messages(GROUP)).filter((m) => m.photo !== undefined).length, 'the board is edited, not posted anew').toBe(boards);
    }
  });

  it('POST /telegram is the webhook itself: the secret header is required', async () => {
    const update = { update_id: 1, message: { message_id: 1, date: 1, chat: { id: ALICE, type: 'private' }, from: { id: ALICE, is_bot: false, first_name: 'Alice' }, text: '/help', entities: [{ type: 'bot_command', offset: 0, length: 5 }] } };
    const send = (headers: Record<string, string>) => fetch(`${local.url}/telegram`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(update) });
    expect((await send({})).status).toBe(401);
    expect((await send({ 'x-telegram-bot-api-secret-token': 'wrong' })).status).toBe(401);
    const ok = await send({ 'x-telegram-bot-api-secret-token': local.webhookSecret });
    expect(ok.status).toBe(200);
    expect(local.telegram.messages(ALICE).some((m) => m.fromBot)).toBe(true);
  });

  it('streams a change event when something happens in a chat (the page refetches)', async () => {
    const controller = new AbortController();
    const response = await fetch(`${local.url}/api/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    let seen = '';
    const sawChange = (async () => {
      while (!seen.includes(`"chatId":${GROUP}`)) seen += new TextDecoder().decode((await reader.read()).value);
    })();
    await client(local).say(ALICE, 'hello everyone');
    await sawChange;
    expect(seen).toContain('event: change');
    controller.abort();
  });

  it('the API refuses what a client could not do', async () => {
    const { post } = client(local);
    expect((await post(`/api/chats/${BOB}/messages`, { userId: ALICE, text: 'hi' })).status).toBe(400);
    expect((await post(`/api/chats/${GROUP}/messages`, { userId: 999, text: 'hi' })).status).toBe(400);
    expect((await post(`/api/chats/${GROUP}/press`, { userId: ALICE, messageId: 99_999, data: 'x' })).status).toBe(400);
    const carol = await post('/api/users', { name: 'Carol', language: 'ka' });
    expect(carol).toMatchObject({ status: 201, body: { first_name: 'Carol', language_code: 'ka' } });
    expect((await post('/api/users', { name: 'carol' })).status).toBe(400);
  });

  it('a busy port is a clear error, and nothing is left running', async () => {
    const blocker = await occupy();
    const port = (blocker.address() as { port: number }).port;
    await expect(startLocal({ port, dataDir: await tempDir(), log: () => {} })).rejects.toThrow(PortBusyError);
    await expect(startLocal({ port, dataDir: await tempDir(), log: () => {} })).rejects.toThrow(/port \d+ .*already in use.*PORT=/);
    await new Promise((resolve) => blocker.close(resolve));
  });

  it('a second process on the same data folder is refused clearly (LevelDB allows one)', async () => {
    if (!local.persistent) return;
    await expect(startLocal({ port: 0, dataDir, log: () => {} })).rejects.toThrow(DataDirBusyError);
    expect((await fetch(`${local.url}/api/state`)).status, 'the first one still runs').toBe(200);
  });

  it('after a shutdown and a restart on the same data folder the game is still there', async () => {
    const before = await local.store.load(gameId);
    expect(before.ok).toBe(true);
    await local.close();
    local = await startLocal({ port: 0, dataDir, log: (line) => lines.push(line) });
    if (!local.persistent) {
      expect(lines.some((l) => l.includes('will NOT persist'))).toBe(true);
      return;
    }
    const after = await local.store.load(gameId);
    expect(after.ok && before.ok && after.value.version === before.value.version).toBe(true);
    const state = (await (await fetch(`${local.url}/api/state`)).json()) as { users: { first_name: string }[] };
    expect(state.users.map((u) => u.first_name), 'added users are kept too').toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('issue 16: after a restart the bot still answers every command (the stand-in\'s update ids keep increasing; the webhook remembers old ones for 48 h)', async () => {
    if (!local.persistent) return;
    const { say, messages } = client(local);
    // The first run's updates were numbered from the start; a restart must not reuse any of them.
    for (let i = 0; i < 12; i++) await say(ALICE, '/help');
    const answers = (await messages(GROUP)).filter((m) => m.fromBot && m.text?.includes('/nardy'));
    expect(answers.length, 'the bot answered every /help after the restart').toBe(12);
  });
  it('B12: after a restart the chats are as they were, the boards still played in place, later ids and pictures new', async () => {
    if (!local.persistent) return;
    const before = await client(local).messages(GROUP);
    const board = before.filter((m) => m.photo !== undefined).at(-1)!;
    expect(board, 'a board to find again').toBeDefined();
    const picture = Buffer.from(await (await fetch(`${local.url}${board.photo!.src}`)).arrayBuffer());
    await local.close();
    local = await startLocal({ port: 0, dataDir, log: (line) => lines.push(line) });
    const { messages, say } = client(local);

    expect(await messages(GROUP), 'the group as it was').toEqual(before);
    const served = await fetch(`${local.url}${board.photo!.src}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(picture), 'the same picture').toBe(true);

    // New messages are numbered after the kept ones.
    await say(ALICE, 'back again');
    const said = (await messages(GROUP)).find((m) => m.text === 'back again')!;
    expect(said.id).toBeGreaterThan(Math.max(...before.map((m) => m.id)));

    // The game's board is the kept one: a typed move edits it in place, with a picture of a new file id.
    const loaded = await local.store.load(gameId);
    if (!loaded.ok) throw new Error(loaded.error.kind);
    const state = decodeMatch(loaded.value.state);
    if (!state.ok) throw new Error(state.error.message);
    const game = state.value.game!;
    const mover = state.value.players[seatToAct(state.value)!]!.id === `telegram:${ALICE}` ? ALICE : BOB;
    const text = game.turn.stage === 'moving' ? legalPlays(positionOf(state.value.settings, game), game.turn.dice!, turnContextOf(game))[0].move : 'roll';
    await say(mover, text);
    const after = await local.store.load(gameId);
    expect(after.ok && after.value.version, `${text} was played`).toBe(loaded.value.version + 1);
    const now = await messages(GROUP);
    expect(now.filter((m) => m.photo !== undefined).length, 'no new board posted').toBe(before.filter((m) => m.photo !== undefined).length);
    const redrawn = now.find((m) => m.id === board.id)!;
    expect(redrawn.caption).not.toBe(board.caption);
    expect(before.map((m) => m.photo?.src), 'a new picture has a new file id (the page caches pictures by it)').not.toContain(redrawn.photo!.src);
  });
});

describe('npm start: the scheduler (issue 7)', () => {
  it('a one-day-per-move game set up in the playground: the reminder and the time-out arrive through the stand-in', async () => {
    let now = Date.UTC(2026, 4, 4, 8);
    const lines: string[] = [];
    const local = await startLocal({ port: 0, dataDir: await tempDir(), log: (line) => lines.push(line), now: () => now, sweepEveryMs: 0 });
    try {
      const { messages, say, press } = client(local);
      await say(BOB, 'ready');
      await say(ALICE, '/nardy', (await messages(GROUP)).at(-1)!.id);
      const challenge = () => messages(GROUP).then((all) => all.filter((m) => m.fromBot && m.text !== undefined).at(-1)!);
      const button = async (label: RegExp) => (await challenge()).buttons.flat().find((b) => label.test(b.text))!.data!;
      await press(ALICE, await challenge(), await button(/Settings/));
      await press(ALICE, await challenge(), await button(/^1 day$/));
      await press(ALICE, await challenge(), await button(/Back/));
      await press(BOB, await challenge(), await button(/Accept/));
      expect((await messages(GROUP)).some((m) => m.photo !== undefined)).toBe(true);

      now += 12 * 3600_000;
      expect(await local.sweep()).toMatchObject({ reminded: 1 });
      expect((await messages(GROUP)).at(-1)!.text).toMatch(/your move in .*: 12 h 0 min left/);
      now += 12 * 3600_000;
      expect(await local.sweep()).toMatchObject({ timedOut: 1 });
      expect((await messages(GROUP)).at(-1)!.text).toMatch(/ran out of time/);
      expect(lines.some((l) => /scheduler: 1 due — timedOut 1/.test(l))).toBe(true);
    } finally {
      await local.close();
    }
  });
});

describe('npm start: the script', () => {
  it('starts, serves the page, and stops on SIGINT with exit code 0, keeping .data', async () => {
    const cwd = await tempDir();
    const child = spawn(TSX, [...TSX_ARGS, MAIN], { cwd, env: { ...process.env, PORT: '0', DYNAMODB_ENDPOINT: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await waitFor(() => output.match(/Open (http:\/\/\S+?)\/ in a browser/)?.[1], 30_000, () => output);
    expect((await fetch(`${url}/`)).status).toBe(200);
    // A challenge first, as a newcomer would: the database then has files to close.
    const state = (await (await fetch(`${url}/api/state`)).json()) as { chats: { id: number }[]; users: { id: number }[] };
    const said = await fetch(`${url}/api/chats/${state.chats[0]!.id}/messages`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: state.users[0]!.id, text: '/nardy' }),
    });
    expect(said.ok).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    // Said only once the database has closed its files (its thread must not be left behind).
    expect(output).toContain('the games are kept');
    expect(existsSync(join(cwd, '.data', 'dynamodb'))).toBe(true);
  });

  // B11 (review 2026-12-06): `npm start` run in the background from a script (SIGINT ignored, as
  // a non-interactive shell leaves it) and signalled by its own pid: npm forwards the signal to the
  // script's shell, which must not be left between npm and node. Run in a copy of the package (its
  // package.json and src) so that its .data is a temporary one.
  // Ctrl-C in a terminal signals the whole group: node gets SIGINT twice (from the terminal and from
  // npm), which must not count as a second Ctrl-C (an exit at once, without closing the data).
  const cases = [['SIGINT', 'npm'], ['SIGTERM', 'npm'], ['SIGINT', 'group']] as const;
  for (const [signal, target] of cases) {
    it(`npm start: ${signal} to ${target === 'npm' ? 'the pid of npm' : 'its process group (Ctrl-C)'} stops it cleanly`, async () => {
      const cwd = await tempDir();
      const root = join(import.meta.dirname, '../..');
      await copyFile(join(root, 'package.json'), join(cwd, 'package.json'));
      // src copied (a script run through a link is not the main module for main.ts's check), the rest linked.
      await cp(join(root, 'src'), join(cwd, 'src'), { recursive: true });
      for (const name of ['node_modules', 'assets', 'tsconfig.json']) await symlink(join(root, name), join(cwd, name));
      const script = `trap '' INT; exec npm start`;
      // Its own process group, so that whatever is left running after a failure can be stopped.
      const child = spawn('sh', ['-c', script], { cwd, detached: true, env: { ...process.env, PORT: '0', DYNAMODB_ENDPOINT: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const url = await waitFor(() => output.match(/Open (http:\/\/\S+?)\/ in a browser/)?.[1], 60_000, () => output);
      expect((await fetch(`${url}/`)).status).toBe(200);
      if (target === 'npm') child.kill(signal);
      else process.kill(-child.pid!, signal);
      try {
        const code = await Promise.race([exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
        expect(code, output).toBe(0);
        expect(output).toContain(`${signal}: shutting down`);
        expect(output).toContain('the games are kept');
        await expect(fetch(`${url}/`), 'nothing serves the page any more').rejects.toThrow();
      } finally {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // the group is gone: nothing was left behind
        }
      }
    }, 90_000);
  }

  it('exits 1 with a clear message when the port is busy', async () => {
    const blocker = await occupy();
    const port = (blocker.address() as { port: number }).port;
    const child = spawn(TSX, [...TSX_ARGS, MAIN], { cwd: await tempDir(), env: { ...process.env, PORT: String(port), DYNAMODB_ENDPOINT: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    await new Promise((resolve) => blocker.close(resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`Cannot start: port ${port} on 127.0.0.1 is already in use`);
  });
});

function occupy(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, context: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out; output so far:\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
