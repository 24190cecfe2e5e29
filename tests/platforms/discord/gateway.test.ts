/**
 * The self-hosted process's gateway path (issue 6): recorded `INTERACTION_CREATE` dispatches are
 * fed to a real `discord.js` client (no login, no network) as its websocket would hand them over
 * (`Events.Raw`); each is acknowledged through the stand-in's callback endpoint and answered by
 * the same app as the Lambda endpoint.
 */
import { discordMessenger } from '../../../src/platforms/discord/index.ts';
import { readFileSync } from 'node:fs';
import type { APIInteraction } from 'discord-api-types/v10';
import { Events } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import { discordGateway, type DiscordGateway } from '../../../src/local/discord-gateway.ts';
import { answerInteractions, discordClient } from '../../../src/platforms/discord/index.ts';
import { mulberry32, rollDie } from '../../arbitraries.ts';
import { boardIn, buttonsOf, NOW, publicMessages, stored, world, type World } from './harness.ts';

const RECORDED = readFileSync(new URL('./data/gateway-packets.json', import.meta.url), 'utf8');

let w: World;
let gateway: DiscordGateway;
const lines: string[] = [];

beforeAll(async () => {
  w = await world(5);
  const rng = mulberry32(5);
  const rest = discordClient({ botToken: w.discord.botToken, applicationId: w.discord.applicationId, apiRoot: w.discord.apiRoot, log: (e) => void w.logs.push({ ...e }) });
  const work = answerInteractions({ store: w.table.store, now: () => NOW, dice: { die: () => rollDie(rng) }, messengers: { discord: discordMessenger(rest) } }, rest);
  gateway = discordGateway({ apiRoot: w.discord.apiRoot, rest, work, log: (line) => void lines.push(line) });
});
afterAll(async () => {
  await gateway.stop();
  await w.discord.close();
});

/** A recorded packet with this world's ids filled in, adopted by the stand-in; returns it. */
function recorded(name: 'challenge' | 'press', fill: Record<string, string>): { t: string; d: APIInteraction } {
  let text = JSON.stringify(JSON.parse(RECORDED)[name]);
  for (const [key, value] of Object.entries({ APP: w.discord.applicationId, GUILD: w.discord.guildId, ...fill })) text = text.replaceAll(`"${key}"`, JSON.stringify(value));
  const packet = JSON.parse(text) as { t: string; d: APIInteraction };
  w.discord.adopt(packet.d);
  return packet;
}

describe('discord-gateway.ts: interactions over the gateway feed the same app', () => {
  it('a recorded slash command is acknowledged through the callback endpoint and answered with the challenge', async () => {
    const channel = '1312000000000000777';
    const packet = recorded('challenge', { CHANNEL: channel });
    gateway.client.emit(Events.Raw, packet, 0);
    await gateway.settled();
    expect(w.discord.interaction(packet.d.id)?.ack).toMatchObject({ type: 5, via: 'callback' });
    const challenge = publicMessages(w, channel).at(-1)!;
    expect(challenge.content).toContain('Нодар');
    expect(buttonsOf(challenge).map((b) => b.token.choice.k)).toContain('accept');
  });

  it('a recorded button press accepts it: a deferred update, then the board', async () => {
    const channel = '1312000000000000777';
    const challenge = publicMessages(w, channel).at(-1)!;
    const accept = buttonsOf(challenge).find((b) => b.token.choice.k === 'accept')!;
    const packet = recorded('press', { CHANNEL: channel, MESSAGE: challenge.id, CUSTOM_ID: accept.customId });
    gateway.client.emit(Events.Raw, packet, 0);
    await gateway.settled();
    expect(w.discord.interaction(packet.d.id)?.ack).toMatchObject({ type: 6, via: 'callback' });
    const { state } = await stored(w, accept.token.gameId);
    expect(state.phase).toBe('playing');
    // The server nickname names the player.
    expect(state.players.map((p) => p?.name).sort()).toEqual(['Annie', 'Нодар']);
    expect(publicMessages(w, channel).find((m) => m.id === challenge.id)?.content).toBe(t('ru', 'challenge.accepted'));
    expect(boardIn(w, channel).attachments[0].bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('other dispatches are ignored: no API call', async () => {
    const calls = w.discord.calls.length;
    gateway.client.emit(Events.Raw, { t: 'MESSAGE_CREATE', s: 11, op: 0, d: { id: '1', content: '/nardy' } }, 0);
    await gateway.settled();
    expect(w.discord.calls.length).toBe(calls);
    expect(lines).toEqual([]);
  });
});
