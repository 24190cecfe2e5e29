/**
 * Issue 16, point 7: the command menu Telegram shows when "/" is typed, set with setMyCommands
 * against the Bot API stand-in — by the function, by the deploy script (`npm run
 * telegram:commands`) and by `npm start` with a real bot.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import { startLocal } from '../../../src/local/main.ts';
import { startTelegramApi, type TelegramApi } from '../../../src/local/telegram-api/index.ts';
import { setCommandMenus } from '../../../src/platforms/telegram/index.ts';

const TOKEN = '7016:menu-test';
const PRIVATE = { type: 'all_private_chats' };
const GROUP = { type: 'all_group_chats' };
const ROOT = join(import.meta.dirname, '../../..');

let api: TelegramApi;
beforeAll(async () => {
  api = await startTelegramApi({ token: TOKEN, bot: { id: 7016, username: 'nardy_menu_bot', first_name: 'Nardy' } });
});
afterAll(() => api.close());

const names = (scope: object, lang?: string) => api.commands(scope, lang).map((c) => c.command);

function expectMenus(): void {
  for (const lang of ['en', 'ru', 'ka'] as const) {
    expect(api.commands(PRIVATE, lang)[0]).toEqual({ command: 'start', description: t(lang, 'command.start') });
    expect(api.commands(GROUP, lang).find((c) => c.command === 'lang')?.description).toBe(t(lang, 'command.lang.group'));
  }
  expect(api.commands(PRIVATE)).toEqual(api.commands(PRIVATE, 'en'));
  expect(api.commands(GROUP)).toEqual(api.commands(GROUP, 'en'));
  expect(names(PRIVATE)).toEqual(['start', 'nardy', 'games', 'history', 'review', 'rules', 'confirm', 'vacation', 'remind', 'quiet', 'lang', 'help', 'seed', 'dice', 'privacy', 'forget', 'top', 'stats']);
  expect(names(GROUP)).toEqual(['nardy', 'games', 'resign', 'history', 'review', 'rules', 'tournament', 'lang', 'help', 'top', 'stats', 'weekly']);
}

describe('issue 16: the Telegram command menu', () => {
  it('private chats and groups each get their list, in en, ru, ka and by default; setting it again changes nothing', async () => {
    expect(await setCommandMenus({ token: TOKEN, apiRoot: api.apiRoot })).toBe(8);
    expectMenus();
    const first = api.callsOf('setMyCommands').length;
    await setCommandMenus({ token: TOKEN, apiRoot: api.apiRoot });
    expect(api.callsOf('setMyCommands').length).toBe(first + 8);
    expectMenus();
  });

  it('npm run telegram:commands sets it with the token from the environment', async () => {
    const run = promisify(execFile);
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: api.apiRoot };
    const before = api.callsOf('setMyCommands').length;
    const { stdout } = await run(join(ROOT, 'node_modules/.bin/tsx'), ['tools/telegram/set-commands.ts'], { cwd: ROOT, env });
    expect(stdout).toMatch(/set 8 command menus/);
    expect(api.callsOf('setMyCommands').length).toBe(before + 8);
    expectMenus();
  }, 60_000);

  it('npm start with a real bot sets it too', async () => {
    const real = await startTelegramApi({ token: TOKEN, bot: { id: 7016, username: 'nardy_menu_bot', first_name: 'Nardy' } });
    const dataDir = await mkdtemp(join(tmpdir(), 'nardy-menu-'));
    const lines: string[] = [];
    const local = await startLocal({ port: 0, dataDir, log: (line) => lines.push(line), sweepEveryMs: 0, polling: { token: TOKEN, botId: 7016, botUsername: 'nardy_menu_bot', apiRoot: real.apiRoot } });
    try {
      for (let i = 0; i < 100 && !lines.some((l) => l.includes('command menus')); i++) await new Promise((r) => setTimeout(r, 50));
      expect(lines).toContain('Telegram: set 8 command menus');
      expect(real.commands(PRIVATE, 'ka')[0]).toEqual({ command: 'start', description: t('ka', 'command.start') });
    } finally {
      await local.close();
      await real.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
