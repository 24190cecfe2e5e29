/**
 * Issue #51 item 4 end to end below the messengers (intents in, effects out, dynalite behind): the
 * 📊 Review of a finished long-nardy match names, under each of its biggest mistakes that has one,
 * the idea behind the better play — in the review's text and in the mistake's picture caption —
 * and a mistake whose idea is known (the better play takes the head's checker, the play made none)
 * says so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeToken, handleIntent, recordOf, type AppDeps, type ChatUser, type Effect } from '../../src/app/index.ts';
import { mistakeIdea, reviewFromKept } from '../../src/app/review.ts';
import { ideaText } from '../../src/app/review-ideas.ts';
import { cryptoDice } from '../../src/dice/index.ts';
import { parsePlay } from '../../src/engine/index.ts';
import { t } from '../../src/i18n/index.ts';
import { telegramMessenger } from '../../src/platforms/telegram/index.ts';
import { mulberry32 } from '../arbitraries.ts';
import { randomFairMatch } from '../dice/fixture.ts';
import { freshTable, type TestTable } from '../store/fixture.ts';
import { transcript } from './transcript.ts';

let table: TestTable;
const clock = 1_960_000_000_000;

beforeAll(async () => {
  table = await freshTable();
});

const deps = (): AppDeps => ({ store: table.store, now: () => clock, dice: cryptoDice(), messengers: { telegram: telegramMessenger('nardy_test_bot') } });

describe('#51: a long-nardy review says why the better play is better', () => {
  it('📊 Review: each biggest mistake with an idea has it on the line below, in the text and on its picture', async () => {
    const chat = { platform: 'telegram' as const, chatId: '-51401' };
    const state = randomFairMatch(mulberry32(5104), 'long', 'white');
    expect(state.phase).toBe('finished');
    expect((await table.store.create(recordOf(state, 1, clock, chat, 'en'))).ok).toBe(true);
    const reader: ChatUser = { id: 'telegram:51401', name: 'Frank', language: 'en' };
    const tx = transcript();
    await handleIntent(deps(), {
      kind: 'press', chat, from: reader, updateKey: 'ideas-1', message: { chat, messageId: '1' },
      token: encodeToken({ surface: 'board', gameId: state.id, version: 1, choice: { k: 'review' } }),
    }, tx.emit);

    const texts = tx.effects.flatMap((e: Effect) => (e.kind === 'text' || e.kind === 'editText' ? [e.text] : []));
    const text = texts.find((x) => x.startsWith('📊 Review — '))!;
    expect(text, texts.join('\n---\n')).toBeDefined();
    const captions = tx.effects.flatMap((e: Effect) => (e.kind === 'board' ? [e.view.caption] : []));
    const review = reviewFromKept(state, await table.store.recall(`review#${state.id}`))!;
    expect(review.mistakes).toHaveLength(3);
    expect(captions).toHaveLength(3);

    const ideas = review.mistakes.map((m) => mistakeIdea(m));
    expect(ideas.filter(Boolean).length, 'at least one of the three has an idea').toBeGreaterThan(0);
    review.mistakes.forEach((m, i) => {
      const idea = ideas[i];
      const lines = captions[i]!.split('\n');
      expect(lines[0]).toMatch(/played .* better .* lost \d\.\d{3}$/);
      if (!idea) return expect(lines).toHaveLength(1);
      expect(lines[1]).toBe(ideaText(idea, 'en'));
      expect(text).toContain(captions[i]);
    });

    // A known idea, checked on the boards themselves: the better play takes a checker off the head, the play made none.
    const head = review.mistakes.find((_, i) => ideas[i]?.kind === 'head')!;
    expect(head, 'one mistake is about the head').toBeDefined();
    const { position, dice, context, move } = head.at;
    const played = parsePlay(move, position, dice, context), better = parsePlay(head.better, position, dice, context);
    expect(played.ok && better.ok).toBe(true);
    if (!played.ok || !better.ok) return;
    expect(played.value.board[0][24]).toBe(position.board[0][24]);
    expect(better.value.board[0][24]).toBe(position.board[0][24] - 1);
    expect(text).toContain(`${head.better} — lost`);
    expect(text).toContain(t('en', 'review.idea.head'));
  }, 120_000);
});
