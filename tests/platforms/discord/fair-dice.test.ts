/**
 * Issue #18 on Discord through the interactions endpoint: `/nardy seed` (answered to the user
 * alone), the commitment on the challenge, the seeds taken at the acceptance, the seed revealed
 * when a resignation ends the match, 🔍 Verify's transcript attached and accepted by the verifier,
 * 🍀 Luck, and `/nardy dice` with its picture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf } from '../../../src/dice/fair.ts';
import { verifyTranscript } from '../../../src/dice/verify.ts';
import { t } from '../../../src/i18n/index.ts';
import { ANNA, buttonsOf, NODAR, PEOPLE, publicMessages, resignOnTurn, stored, whispersTo, world, type World } from './harness.ts';

const SERVER_SEED = '7c'.repeat(32);
let w: World;

beforeAll(async () => {
  w = await world(1801, { serverSeed: () => SERVER_SEED });
});
afterAll(() => w.discord.close());

describe('issue 18 on Discord: dice anyone can check', () => {
  it('/nardy seed, the commitment, the reveal, 🔍 Verify, 🍀 Luck and /nardy dice', async () => {
    const channel = w.discord.guildChannel();
    await w.act(w.discord.command(ANNA, channel, 'seed', { text: 'anna was here' }));
    expect(whispersTo(w, channel, ANNA).at(-1)?.content).toBe(t('en', 'seed.set', { seed: 'anna was here' }));
    await w.act(w.discord.command(NODAR, channel, 'challenge', { opponent: ANNA, variant: 'short' }));
    const challenge = publicMessages(w, channel).at(-1)!;
    expect(challenge.content).toContain(commitmentOf(SERVER_SEED));
    const lock = buttonsOf(challenge).find((b) => b.token.choice.k === 'dice')!;
    // 🔐 answers the presser alone (ephemeral), nothing public (#45).
    const posted = publicMessages(w, channel).length;
    await w.act(w.discord.press(NODAR, challenge, lock.customId));
    expect(whispersTo(w, channel, NODAR).at(-1)!.content).toContain('/nardy seed');
    expect(publicMessages(w, channel).length).toBe(posted);
    await w.act(w.discord.press(ANNA, challenge, buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!.customId));
    const gameId = lock.token.gameId;
    expect((await stored(w, gameId)).state.fair!.seeds).toEqual(['', 'anna was here']);
    expect(JSON.stringify(w.discord.messages(channel).map((m) => m.content))).not.toContain(SERVER_SEED);

    // The starter, who played the opening throw, resigns at once: theirs is the one roll of the match.
    const starter = PEOPLE.get((await stored(w, gameId)).state.players[(await stored(w, gameId)).state.game!.turn.seat]!.id)!;
    await resignOnTurn(w, gameId, channel);
    const { state } = await stored(w, gameId);
    expect(state.phase).toBe('finished');
    const result = publicMessages(w, channel).filter((m) => m.content.includes(SERVER_SEED)).at(-1)!;
    expect(result, 'the result reveals the server seed').toBeDefined();
    await w.act(w.discord.press(ANNA, result, buttonsOf(result).find((b) => b.token.choice.k === 'verify')!.customId));
    const file = publicMessages(w, channel).at(-1)!;
    expect(file.attachments.map((a) => a.filename)).toEqual([`nardy-dice-${gameId}.json`]);
    expect(verifyTranscript(JSON.parse(file.attachments[0].bytes.toString('utf8')))).toMatchObject({ ok: true, rolls: state.fair!.rolls });
    await w.act(w.discord.press(ANNA, result, buttonsOf(result).find((b) => b.token.choice.k === 'luck')!.customId));
    expect(publicMessages(w, channel).at(-1)!.content).toContain('🍀');

    await w.act(w.discord.command(starter, channel, 'dice'));
    const dice = whispersTo(w, channel, starter).at(-1)!;
    expect(dice.attachments.map((a) => a.filename)).toEqual(['nardy-dice.png']);
    expect(dice.content).toContain(t(starter === ANNA ? 'en' : 'ru', 'dice.fair'));
    expect(w.problems).toEqual([]);
  });
});
