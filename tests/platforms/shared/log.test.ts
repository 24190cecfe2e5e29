/** src/platforms/shared/log.ts (#20): bot tokens never reach a log line, and nothing else is masked. */
import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../../src/platforms/shared/log.ts';

describe('maskSecrets: a bot token in any logged text', () => {
  it('masks a Telegram token in a Bot API URL and alone, keeping the public bot id', () => {
    expect(maskSecrets('invalid json response body at https://api.telegram.org/bot123456789:AAH-x_y/sendPhoto reason: …'))
      .toBe('invalid json response body at https://api.telegram.org/bot123456789:***/sendPhoto reason: …');
    expect(maskSecrets('token 1234567890:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0 set')).toBe('token 1234567890:*** set');
  });

  it('masks a Discord bot token (three base64url parts)', () => {
    expect(maskSecrets('Bot MTAwMDAwMDAwMDAwMDAwMDAx.GciDum.ci-dummy-discord-bot-token-not-real failed')).toBe('Bot *** failed');
  });

  it('leaves moves, clock times, ids and URLs without a token as they are', () => {
    const plain = '13/8 24/18 at 14:48:26.522Z, game g-1a2b3c4d, update telegram:7002:15, chat -1007005, https://discord.com/api/v10/channels/1';
    expect(maskSecrets(plain)).toBe(plain);
  });
});
