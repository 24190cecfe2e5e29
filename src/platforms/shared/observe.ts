/**
 * One unit of work as the operator sees it (docs/operate.md): an update, an interaction, a sweep.
 * What happens inside it — DynamoDB calls counted at the connection layer (src/store/connection.ts
 * tells `noteDynamoDb` of each attempt), a messenger's or DynamoDB's "slow down", the game it was
 * about, the time of its phases — is gathered on the unit it runs in (AsyncLocalStorage, so
 * concurrent updates of `npm start` keep theirs apart), then written into its log line and its
 * metrics (`unitFields`, `countUnit`). Nothing is gathered outside a unit.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Metrics } from '../../app/index.ts';

/** What one unit of work gathered. */
export interface Unit {
  /** The first unit of this process: its time includes the process's start (a Lambda cold start). */
  readonly coldStart: boolean;
  game?: string;
  readonly dynamodb: { calls: number; ms: number; throttled: number };
  /** "Slow down" answers by source (`dynamodb`, a messenger's name). */
  readonly throttles: Record<string, number>;
  /** Milliseconds spent in each named phase (`phase`). */
  readonly phases: Record<string, number>;
}

const units = new AsyncLocalStorage<Unit>();
let started = false;

/** Runs `work` as one unit, and hands it to `done` when it is over (thrown or not). */
export async function inUnit<T>(work: (unit: Unit) => Promise<T>): Promise<T> {
  const unit: Unit = { coldStart: !started, dynamodb: { calls: 0, ms: 0, throttled: 0 }, throttles: {}, phases: {} };
  started = true;
  return units.run(unit, () => work(unit));
}

/** The unit the caller runs in, if any. */
export function currentUnit(): Unit | undefined {
  return units.getStore();
}

/** One attempt of a DynamoDB call (the connection's `onAttempt`). */
export function noteDynamoDb(attempt: { readonly ms: number; readonly throttled: boolean }): void {
  const unit = units.getStore();
  if (unit === undefined) return;
  unit.dynamodb.calls++;
  unit.dynamodb.ms += attempt.ms;
  if (attempt.throttled) {
    unit.dynamodb.throttled++;
    noteThrottle('dynamodb');
  }
}

/** A "slow down" from `source` (a 429 from a messenger's API, DynamoDB's throttling). */
export function noteThrottle(source: string): void {
  const unit = units.getStore();
  if (unit !== undefined) unit.throttles[source] = (unit.throttles[source] ?? 0) + 1;
}

/** The game the current unit is about (`Metrics.about`). */
export function noteGame(gameId: string): void {
  const unit = units.getStore();
  if (unit !== undefined) unit.game ??= gameId;
}

/** Runs `work` and adds its time to the current unit's phase `name`. */
export async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const unit = units.getStore();
  const from = Date.now();
  try {
    return await work();
  } finally {
    if (unit !== undefined) unit.phases[name] = (unit.phases[name] ?? 0) + Date.now() - from;
  }
}

/** The fields a unit adds to its log line. */
export function unitFields(unit: Unit): Record<string, unknown> {
  return {
    ...(unit.game === undefined ? {} : { game: unit.game }),
    coldStart: unit.coldStart,
    dynamodb: { calls: unit.dynamodb.calls, ms: unit.dynamodb.ms, ...(unit.dynamodb.throttled > 0 ? { throttled: unit.dynamodb.throttled } : {}) },
    phases: unit.phases,
    ...(Object.keys(unit.throttles).length > 0 ? { throttles: unit.throttles } : {}),
  };
}

/** Counts a unit's cold start, DynamoDB calls and throttles (by source) under the function `fn` (`telegram`, `scheduler`, …). */
export function countUnit(metrics: Metrics | undefined, unit: Unit, fn: string): void {
  if (metrics === undefined) return;
  if (unit.coldStart) metrics.count('ColdStarts', 1, { Function: fn });
  metrics.count('DynamoDbCalls', unit.dynamodb.calls);
  for (const [source, n] of Object.entries(unit.throttles)) metrics.count('Throttles', n, { Source: source });
}
