/**
 * Issue #18 end to end through the Telegram stand-in: the commitment on the challenge before any
 * roll, a player's `/seed` set after seeing it and taken by the acceptance, the board saying its
 * dice are committed, the server seed nowhere until the match ends and then in the result, 🔍
 * Verify's transcript that the verifier accepts, 🍀 Luck, and `/dice` counting the game once.
 */
import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../../../src/dice/fair.ts';
import { transcriptHash, verifyTranscript, verifyWhole } from '../../../src/dice/verify.ts';
import { t } from '../../../src/i18n/index.ts';
import type { TgChat, TgUser } from '../../../src/local/telegram-api/index.ts';
import { gameRolls } from '../../../src/app/luck.ts';
import { seatToAct } from '../../../src/game/index.ts';
import { ANNA, NODAR, USERS, api, buttonsOf, playFor, problems, setupE2e, stored, world } from './e2e-harness.ts';

setupE2e();

const SERVER_SEED = 'a1'.repeat(32);
const dm = (user: TgUser): TgChat => ({ id: user.id, type: 'private', first_name: user.first_name });

describe('issue 18 end to end: dice anyone can check', () => {
  it('commit, seeds, a committed board, the reveal, a transcript that verifies, luck and /dice', async () => {
    const w = world(-1018001, 1801, { serverSeed: () => SERVER_SEED });
    const commitment = commitmentOf(SERVER_SEED);
    const privately = async (user: TgUser, text: string) => {
      expect(await w.post(api.userMessage(user, dm(user), text))).toBe(200);
      return api.messages(user.id).filter((m) => m.fromBot).at(-1)!;
    };
    expect((await privately(NODAR, '/seed')).text).toContain(t('ru', 'dice.noSeed'));
    expect((await privately(NODAR, '/seed  слова Нодара ')).text).toBe(t('ru', 'seed.set', { seed: 'слова Нодара' }));

    await w.say(ANNA, 'shall we?');
    await w.say(NODAR, '/nardy short', api.messages(w.group.id).at(-1)!);
    const challenge = w.live().at(-1)!;
    expect(challenge.text, 'the challenge shows the whole commitment').toContain(commitment);
    const lock = buttonsOf(challenge).find((b) => b.token.choice.k === 'dice')!;
    expect(lock.label).toBe(t('ru', 'button.dice'));
    // 🔐 answers the presser alone, in an alert: nothing is posted into the group (#45).
    const posted = w.live().length;
    const alert = await w.press(ANNA, challenge, lock.data);
    expect(alert.show_alert).toBe(true);
    expect(alert.text).toContain(commitment);
    expect(alert.text).toContain('/seed');
    expect(alert.text).toContain(t('en', 'dice.seedBefore', { command: '/seed' }));
    expect(w.live().length).toBe(posted);
    // Anna sets her seed after seeing the commitment, then accepts.
    await privately(ANNA, '/seed 42 and a cat');
    await w.press(ANNA, challenge, buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!.data);
    const gameId = lock.token.gameId;
    const { state: begun } = await stored(gameId);
    expect(begun.fair!.seeds).toEqual(['слова Нодара', '42 and a cat']);
    expect(begun.fair!.rolls).toBeGreaterThan(0);
    expect(w.board().caption).toContain(t('ru', 'dice.committedShort', { short: commitment.slice(0, 16) }));
    const everything = () => api.messages(w.group.id).map((m) => `${m.text ?? ''}${m.caption ?? ''}`).join('\n');
    expect(everything()).not.toContain(SERVER_SEED);

    // A few turns, then whoever is to act resigns: an ending that reveals the seed like any other.
    await playFor(w, gameId, false, 6);
    for (let i = 0; i < 40 && !buttonsOf(w.board()).some((b) => b.token.choice.k === 'askResign'); i++) await playFor(w, gameId, false, 1);
    const { state: before } = await stored(gameId);
    const resigner = USERS.get(before.players[seatToAct(before)!]!.id)!;
    await w.press(resigner, w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === 'askResign')!.data);
    await w.press(resigner, w.board(), buttonsOf(w.board()).find((b) => b.token.choice.k === 'resign')!.data);
    const { state } = await stored(gameId);
    expect(state.phase).toBe('finished');
    expect(problems).toEqual([]);
    const result = w.live().filter((m) => m.text?.includes(t('ru', 'dice.revealed', { seed: SERVER_SEED }))).at(-1);
    expect(result, 'the result reveals the server seed').toBeDefined();
    const verify = buttonsOf(result!).find((b) => b.token.choice.k === 'verify')!;
    const luck = buttonsOf(result!).find((b) => b.token.choice.k === 'luck')!;
    await w.press(NODAR, result!, verify.data);
    const file = w.live().at(-1)!;
    expect(file.document!.filename).toBe(`nardy-dice-${gameId}.json`);
    const transcript = JSON.parse(file.document!.bytes.toString('utf8'));
    expect(transcript).toMatchObject({ match: gameId, commitment, serverSeed: SERVER_SEED, seeds: ['слова Нодара', '42 and a cat'] });
    expect(verifyTranscript(transcript)).toMatchObject({ ok: true, rolls: state.fair!.rolls });
    // #48: the result and the finished board show the file's roll count and hash, which verify compares.
    const whole = { rolls: transcript.rolls.length, hash: transcriptHash(transcript) };
    expect(result!.text).toContain(t('ru', 'dice.whole', { ...whole, verify: 'docs/dice.md' })); // the way to check, not a command (#49)
    expect(w.board().caption).toContain(t('ru', 'dice.wholeShort', whole));
    expect(verifyWhole(transcript, whole)).toMatchObject({ ok: true });

    // `/history` of the finished match sends the transcript too.
    await w.say(ANNA, '/history');
    expect(w.live().at(-1)!.document?.filename).toBe(`nardy-dice-${gameId}.json`);
    await w.press(ANNA, result!, luck.data);
    const luckText = w.live().at(-1)!.text!;
    expect(luckText).toContain(t('ru', 'luck.title', { number: 1, game: '' }).split(':')[0]);
    expect(luckText).toMatch(/[+−]\d,\d\d/); // Russian writes a decimal comma (#49)

    // The game was counted once in each player's lifetime dice, however often the ending was told.
    const nodarSeat = state.players[0]!.id === `telegram:${NODAR.id}` ? 0 : 1;
    const nodarRolls = gameRolls(state, 1).filter((r) => r.seat === nodarSeat).length;
    await privately(NODAR, '/dice');
    const picture = api.messages(NODAR.id).filter((m) => m.fromBot).at(-1)!;
    expect(picture.document!.filename).toBe('nardy-dice.png');
    expect(picture.document!.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(picture.caption).toContain(`${nodarRolls}`);
    const memo = await w.store.recall(`dice#telegram:${NODAR.id}`) as { rolls: number; faces: number[]; games: number };
    expect(memo.games).toBe(1);
    expect(memo.rolls).toBe(nodarRolls);
    expect(memo.faces.reduce((a, b) => a + b, 0)).toBe(2 * nodarRolls);
  });
});
