/**
 * The operator's view (docs/operate.md): the EMF lines and the log line of a typed command, a press
 * and a sweep through the real handlers (the webhook over the Bot API stand-in, the wiring's sweep),
 * DynamoDB calls counted at the connection layer, a DynamoDB throttle counted on its update.
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { AppDeps } from '../../../src/app/index.ts';
import { cryptoDice, fixedDice } from '../../../src/dice/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { JsonService } from '../../../src/aws/json-service.ts';
import { startTelegramApi, type TelegramApi, type TgChat, type TgUser } from '../../../src/local/telegram-api/index.ts';
import { emfMetrics } from '../../../src/platforms/shared/metrics.ts';
import { inUnit, noteDynamoDb, unitFields } from '../../../src/platforms/shared/observe.ts';
import { telegramMessenger } from '../../../src/platforms/telegram/index.ts';
import { createTelegramWebhook, type TelegramWebhook } from '../../../src/platforms/telegram/webhook.ts';
import { connectDynamoDb, createTable, DynamoGameStore } from '../../../src/store/index.ts';
import { wire } from '../../../src/wiring.ts';

const TOKEN = '7046:operate-test';
const BOT = { id: 7046, username: 'nardy_bot', first_name: 'Nardy' };
const SECRET = 'operate-secret';
const GROUP: TgChat = { id: -1007046, type: 'supergroup', title: 'Ops' };
const NODAR: TgUser = { id: 461, is_bot: false, first_name: 'Нодар', language_code: 'ru' };
const ANNA: TgUser = { id: 462, is_bot: false, first_name: 'Anna', language_code: 'en' };

type Emf = { _aws: { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] } } & Record<string, unknown>;

let api: TelegramApi;
let store: DynamoGameStore;
let lines: string[];
let logs: Record<string, unknown>[];

beforeAll(async () => {
  api = await startTelegramApi({ token: TOKEN, bot: BOT });
  // The store as the deployed functions build it: each attempt told to the unit it serves.
  const db = connectDynamoDb({ region: 'local', endpoint: inject('dynamoEndpoint'), credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }, noteDynamoDb);
  const tableName = `nardy-operate-${randomUUID().slice(0, 8)}`;
  await createTable(db, tableName, { pollMs: 20 });
  store = new DynamoGameStore(db, tableName);
});
afterAll(() => api.close());
beforeEach(() => {
  lines = [];
  logs = [];
});

const metrics = () => emfMetrics({ write: (line) => lines.push(line), namespace: 'nardy', service: 'nardy-test' });
const emf = (): Emf[] => lines.map((line) => JSON.parse(line) as Emf);
/** Every metric written, as `Name{Dim=value,…} Unit = values`. */
const written = () => emf().flatMap((e) => e._aws.CloudWatchMetrics.flatMap((d) => d.Metrics.map((m) => {
  const dims = d.Dimensions[0].filter((k) => k !== 'service').map((k) => `${k}=${String(e[k])}`).join(',');
  return { name: dims === '' ? m.Name : `${m.Name}{${dims}}`, unit: m.Unit, values: ([] as unknown[]).concat(e[m.Name]) as number[] };
})));
const named = (name: string) => written().filter((m) => m.name === name);

function webhook(app: AppDeps): TelegramWebhook {
  return createTelegramWebhook({ token: TOKEN, secret: SECRET, botInfo: BOT, apiRoot: api.apiRoot, app, log: (e) => logs.push({ ...e }), send: { sleep: async () => {}, serverRetryMs: [1] } });
}
const post = (hook: TelegramWebhook, update: unknown) => hook({ headers: { 'x-telegram-bot-api-secret-token': SECRET }, body: JSON.stringify(update) });

describe('emfMetrics: CloudWatch embedded metric format, one line per dimension set', () => {
  it('counts and times are written on flush, with the namespace, the service and the dimensions; a flush with nothing new writes nothing', () => {
    const m = metrics();
    m.count('Moves');
    m.count('Moves');
    m.time('AnswerLatency', 42, { Platform: 'telegram' });
    m.flush();
    m.flush();
    const [plain, latency] = emf();
    expect(lines).toHaveLength(2);
    expect(plain._aws.CloudWatchMetrics).toEqual([{ Namespace: 'nardy', Dimensions: [['service']], Metrics: [{ Name: 'Moves', Unit: 'Count' }] }]);
    expect(plain).toMatchObject({ service: 'nardy-test', Moves: [1, 1] });
    expect(latency._aws.CloudWatchMetrics[0]).toMatchObject({ Dimensions: [['service', 'Platform']], Metrics: [{ Name: 'AnswerLatency', Unit: 'Milliseconds' }] });
    expect(latency).toMatchObject({ Platform: 'telegram', AnswerLatency: 42 });
  });
});

describe('the Telegram webhook: a typed command and a press', () => {
  it('each update writes its log line (kind, game, cold start, DynamoDB calls, phases) and its EMF lines', async () => {
    const app: AppDeps = { store, now: () => 1_800_000_000_000, dice: cryptoDice(), messengers: { telegram: telegramMessenger(BOT.username) }, metrics: metrics() };
    const hook = webhook(app);
    api.addChat(GROUP);
    expect((await post(hook, api.userMessage(NODAR, GROUP, '/nardy'))).status).toBe(200);
    const typed = logs.at(-1)!;
    expect(typed).toMatchObject({ event: 'telegram-update', intent: 'challenge', outcome: 'ok', game: expect.any(String), coldStart: expect.any(Boolean) });
    expect((typed.dynamodb as { calls: number }).calls).toBeGreaterThan(0);
    expect(Object.keys(typed.phases as object)).toEqual(expect.arrayContaining(['app', 'finish']));
    expect(named('AnswerLatency{Platform=telegram}')).toEqual([{ name: 'AnswerLatency{Platform=telegram}', unit: 'Milliseconds', values: [expect.any(Number)] }]);
    expect(named('DynamoDbCalls')[0].values[0]).toBe((typed.dynamodb as { calls: number }).calls);
    expect(named('Errors{Platform=telegram,Kind=bug}')).toEqual([]);

    lines = [];
    const challenge = api.messages(GROUP.id).at(-1)!;
    const press = api.userPressButton(ANNA, { chat: { id: GROUP.id }, message_id: challenge.message_id }, t('ru', 'button.accept'));
    expect((await post(hook, press)).status).toBe(200);
    expect(logs.at(-1), JSON.stringify(logs.at(-1))).toMatchObject({ intent: 'press', outcome: 'ok', game: typed.game, coldStart: false });
    expect(named('GamesStarted')).toEqual([{ name: 'GamesStarted', unit: 'Count', values: [1] }]);
    expect(named('AnswerLatency{Platform=telegram}')).toHaveLength(1);
    expect(named('ColdStarts{Function=telegram}')).toEqual([]);
  });

  it('a bug in the app → Errors{Kind=bug}, still 200', async () => {
    const broken = { ...store, load: () => Promise.reject(new TypeError('a bug')) } as unknown as DynamoGameStore;
    const app: AppDeps = { store: broken, now: () => 1_800_000_000_000, dice: fixedDice([]), messengers: { telegram: telegramMessenger(BOT.username) }, metrics: metrics() };
    const hook = webhook(app);
    const challenge = api.messages(GROUP.id).at(-1)!;
    const press = api.userPress(ANNA, { chat: { id: GROUP.id }, message_id: challenge.message_id }, 'g:abcd1234:1:r');
    expect((await post(hook, press)).status).toBe(200);
    expect(named('Errors{Platform=telegram,Kind=bug}')).toEqual([{ name: 'Errors{Platform=telegram,Kind=bug}', unit: 'Count', values: [1] }]);
  });
});

describe('DynamoDB throttling, counted at the connection layer on its unit', () => {
  it('every throttled attempt counts, retries included', async () => {
    const server = createServer((_, res) => res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' })
      .end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'slow down' })));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const service = new JsonService({
      service: 'dynamodb', targetPrefix: 'DynamoDB_20120810', contentType: 'application/x-amz-json-1.0', region: 'local', maxAttempts: 2,
      endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`, credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      requestTimeoutMs: 2000, connectionTimeoutMs: 1000, onAttempt: noteDynamoDb,
    });
    try {
      const fields = await inUnit(async (unit) => {
        await expect(service.call('GetItem', {})).rejects.toMatchObject({ name: 'ProvisionedThroughputExceededException' });
        return unitFields(unit);
      });
      expect(fields).toMatchObject({ dynamodb: { calls: 2, throttled: 2 }, throttles: { dynamodb: 2 } });
    } finally {
      service.destroy();
      server.close();
    }
  });
});

describe('the scheduler: a sweep through the wiring', () => {
  it('writes SweepDuration, GamesDue and SweepSucceeded, and one log line with its cold start and DynamoDB calls', async () => {
    const wired = await wire({ store, platforms: {}, messengers: {}, log: (e) => logs.push({ ...e }), metrics: metrics() }, {});
    const report = await wired.sweep();
    expect(named('SweepDuration')).toEqual([{ name: 'SweepDuration', unit: 'Milliseconds', values: [expect.any(Number)] }]);
    expect(named('GamesDue')).toEqual([{ name: 'GamesDue', unit: 'Count', values: [report.due] }]);
    expect(named('SweepSucceeded')).toEqual([{ name: 'SweepSucceeded', unit: 'Count', values: [1] }]);
    const line = logs.find((e) => e.event === 'sweep')!;
    expect(line).toMatchObject({ level: 'info', due: report.due, ms: expect.any(Number), coldStart: false });
    expect((line.dynamodb as { calls: number }).calls).toBeGreaterThan(0);
  });

  it('a sweep that throws counts Errors{Platform=scheduler} and no SweepSucceeded', async () => {
    const broken = { ...store, listDue: () => Promise.reject(Object.assign(new Error('throttled'), { $metadata: { httpStatusCode: 400 } })) } as unknown as DynamoGameStore;
    const wired = await wire({ store: broken, platforms: {}, messengers: {}, log: () => {}, metrics: metrics() }, {});
    await expect(wired.sweep()).rejects.toThrow('throttled');
    expect(named('Errors{Platform=scheduler,Kind=retry}')).toEqual([{ name: 'Errors{Platform=scheduler,Kind=retry}', unit: 'Count', values: [1] }]);
    expect(named('SweepSucceeded')).toEqual([]);
  });
});
