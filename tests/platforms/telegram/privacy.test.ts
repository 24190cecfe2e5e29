/**
 * Issue 20, item 9: `/privacy` says what is kept, and `/forget` removes it — through the real
 * webhook, the Bot API stand-in and dynalite: the remembered values are gone from the table, the
 * forgetter's open challenge is cancelled, and their game in play shows a neutral name, keeps no
 * note of how to reach them, and goes on.
 */
import { describe, expect, it } from 'vitest';
import { decodeMatch } from '../../../src/game/index.ts';
import { LANGS, t } from '../../../src/i18n/index.ts';
import { privateChatOf } from '../../../src/local/telegram-api/index.ts';
import { ANNA, NODAR, api, buttonsOf, challengeAndAccept, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

const nodar = `telegram:${NODAR.id}`;

describe('issue 20: privacy', () => {
  it('/privacy says what is kept, for how long, and who is responsible for it', async () => {
    const w = world(-1020001, 1);
    expect(await w.post(api.userMessage(NODAR, privateChatOf(NODAR), '/privacy'))).toBe(200);
    expect(api.messages(NODAR.id).at(-1)!.text).toBe(t('ru', 'privacy.text'));
  });

  it('/forget asks first; only the asker\'s press deletes their values, cancels their challenge and takes their name out of their games', async () => {
    const w = world(-1020002, 2);
    const dm = privateChatOf(NODAR);
    for (const text of ['/start', '/quiet 23-7 +3', '/confirm on', '/lang en']) expect(await w.post(api.userMessage(NODAR, dm, text))).toBe(200);
    const keys = ['dm', 'quiet', 'confirm', 'lang'].map((k) => `${k}#${nodar}`);
    for (const key of keys) expect(await w.store.recall(key), key).toBeDefined();
    const playing = await challengeAndAccept(w, '/nardy');
    expect((await stored(playing)).record.notes).toHaveProperty(`reach@${nodar}`);
    await w.say(NODAR, '/nardy short');
    const challenge = w.live().at(-1)!;
    const open = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!.token.gameId;

    await w.say(NODAR, '/forget');
    const question = w.live().at(-1)!;
    expect(question.text).toBe(t('en', 'forget.ask', { games: 1, challenges: 1 }));
    const data = String(question.reply_markup?.inline_keyboard.flat()[0]?.callback_data);
    // Anyone else's press forgets nobody.
    expect((await w.press(ANNA, question, data)).text).toBe(t('en', 'forget.notYours'));
    for (const key of keys) expect(await w.store.recall(key), key).toBeDefined();

    await w.press(NODAR, question, data);
    expect(api.message(w.group.id, question.message_id)!.text).toBe(t('en', 'forget.done', { games: 1, challenges: 1 }));
    for (const key of keys) expect(await w.store.recall(key), key).toBeUndefined();
    expect((await stored(open)).state.phase).toBe('cancelled');
    expect(api.message(w.group.id, challenge.message_id)!.text).toBe(t('en', 'challenge.cancelled'));
    const { record, state } = await stored(playing);
    expect(state.phase).toBe('playing');
    const seat = state.players.findIndex((p) => p!.id === nodar);
    expect(LANGS.map((l) => t(l, 'privacy.player', { n: seat + 1 }))).toContain(state.players[seat]!.name);
    expect(state.players[1 - seat]!.name).toBe(ANNA.first_name);
    expect(record.notes).not.toHaveProperty(`reach@${nodar}`);
    expect(JSON.stringify([record.state, record.summary])).not.toContain(NODAR.first_name);
    expect(decodeMatch(record.state).ok).toBe(true);
    // Forgetting again finds nothing left to change.
    await w.say(NODAR, '/forget');
    const again = w.live().at(-1)!;
    await w.press(NODAR, again, String(again.reply_markup?.inline_keyboard.flat()[0]?.callback_data));
    expect((await stored(playing)).record.version).toBe(record.version);
    expect(problems).toEqual([]);
  }, 120_000);
});
