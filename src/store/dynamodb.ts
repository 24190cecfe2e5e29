/**
 * `GameStore` on DynamoDB (AWS or dynalite) through the store's client (`connection.ts`), on the
 * single-table layout of `layout.ts`. Every state change is one conditional write on the version
 * (an `UpdateItem` that sets the match's attributes and leaves the game's other notes alone): no
 * transactions (dynalite has none), no second item to keep in step. What a press needs besides
 * the game is read with it in one `BatchGetItem`.
 */
import { InvariantError, fail, ok, type Result } from '../lib/index.ts';
import type { DynamoDb, QueryInput } from './connection.ts';

import { ENDING_RESERVE_BYTES, GAME_ATTRIBUTES, LEGACY_INDEX_ATTRIBUTES, MAX_ITEM_BYTES, decodeGame, encodeAlarm, encodeGame, encodeNote, filedDue, isLegacyItem, isOpen, itemBytes, noteAttribute } from './codec.ts';
import { FILING_SORT_KEY, Filings, refiled } from './filing.ts';
import { Pages, storedPages } from './pages.ts';
import type { Item } from './codec.ts';
import { DynamoClubStore, type ClubStore } from './club.ts';
import { CLAIM_SORT_KEY, DUE_PARTITION, GAME_SORT_KEY, INDEX, MEMO_SORT_KEY, SETTINGS, SETTINGS_MOVED, SETTINGS_MOVING, settingsKey, TOURNAMENT_DUE_PARTITION, TOURNAMENT_SORT_KEY, chatKey, claimKey, gameKey, memoKey, overKey, playerKey, tournamentKey } from './layout.ts';
import type { Alarm, CorruptItem, GameNotes, GameRecord, GameStore, ListOptions, Listing, RateSpec, SaveOptions, StoreError, TournamentRecord } from './types.ts';
import { decodeTournament, encodeTournament } from './tournaments.ts';
import { conditionally, isConditionFailure } from './conditional.ts';
import { numberOf, parsed } from './attribute-values.ts';

const DEFAULT_LIST_LIMIT = 20;

/** The condition that a game item is not filed in the indexes itself (`isLegacyItem`). */
const NOT_LEGACY = LEGACY_INDEX_ATTRIBUTES.map((name) => `attribute_not_exists(${name})`).join(' AND ');

/** The games repository on one DynamoDB table created by `createTable`. */
export class DynamoGameStore implements GameStore {
  /** The club's items (ratings, weekly posts) on the same table: `club.ts`. */
  readonly club: ClubStore;
  /** Where each game stands in the indexes (`filing.ts`): the game item itself is in none. */
  private readonly filings: Filings;
  /** The beginnings of long stored matches, kept apart from their game items (`pages.ts`). */
  private readonly pages: Pages;
  /** Whether the table's settings are all in settings items (`SETTINGS_MOVED` seen): none is looked for the old way. */
  private settingsMoved = false;

  constructor(
    private readonly db: DynamoDb,
    private readonly tableName: string,
  ) {
    this.club = new DynamoClubStore(db, tableName);
    this.filings = new Filings(db, tableName);
    this.pages = new Pages(db, tableName);
  }

  async create(record: GameRecord): Promise<Result<GameRecord, StoreError>> {
    const item = encodeGame(record, record.version);
    const tooLarge = oversize(record.id, item);
    if (tooLarge !== undefined) return fail(tooLarge);
    // Filed first: a game item is never in the store without its filing (the lists and the sweep find games by it).
    if (!(await this.filings.create(record, record.version, record.dueAt))) return fail({ kind: 'already-exists', id: record.id });
    try {
      await this.db.put({ TableName: this.tableName, Item: { ...item, ...(record.dueAt === undefined ? {} : { filed: record.dueAt }) }, ConditionExpression: 'attribute_not_exists(pk)' });
    } catch (error) {
      if (isConditionFailure(error)) return fail({ kind: 'already-exists', id: record.id });
      throw error;
    }
    this.pages.saved(record.id, record.version, [], record.state);
    return ok({ ...record });
  }

  async load(id: string): Promise<Result<GameRecord, StoreError>> {
    const item = await this.readGame(id);
    return item === undefined ? fail({ kind: 'not-found', id }) : decodeGame(item);
  }

  async save(record: GameRecord, expectedVersion: number, notes: GameNotes = {}, options: SaveOptions = {}): Promise<Result<GameRecord, StoreError>> {
    if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 0) {
      throw new InvariantError(`expected version ${expectedVersion} is not a non-negative integer`);
    }
    const { notes: _read, ...match } = record;
    const item = encodeGame(match, expectedVersion + 1);
    const text = item.state as string;
    // The match beyond its pages (`pages.ts`); a version this process has not read is read first.
    const paged = this.pages.plan(record.id, expectedVersion, match.state) ?? ((await this.readGame(record.id)) && this.pages.plan(record.id, expectedVersion, match.state)) ?? { pages: [], tail: text };
    const update = new Changes();
    for (const name of GAME_ATTRIBUTES) update.set(name, name === 'state' ? paged.tail : item[name]);
    update.set('pages', paged.pages.length === 0 ? undefined : storedPages(paged.pages));
    for (const [name, value] of Object.entries(notes)) update.set(noteAttribute(name), encodeNote(name, value));
    const tooLarge = oversize(record.id, { ...item, ...update.noted, state: text }, options.ends ? MAX_ITEM_BYTES : MAX_ITEM_BYTES - ENDING_RESERVE_BYTES);
    if (tooLarge !== undefined) return fail(tooLarge);
    if (paged.page !== undefined) await this.pages.write(record.id, paged.page);
    // One conditional write, which also holds only while the game's filing needs nothing first
    // (`filing.ts`): it is not an item filed in the indexes itself, and its filed deadline is not
    // after the new one. When it does, the filing is fixed and the write tried again.
    const filedInTime = match.dueAt === undefined ? '' : ' AND filed <= :due';
    for (let attempt = 0; ; attempt++) {
      try {
        const old = await this.db.update({
          TableName: this.tableName,
          Key: { pk: gameKey(record.id), sk: GAME_SORT_KEY },
          UpdateExpression: update.expression(),
          ConditionExpression: `#version = :expected AND ${NOT_LEGACY}${filedInTime}`,
          ExpressionAttributeNames: { ...update.names, '#version': 'version' },
          ExpressionAttributeValues: { ...update.values, ':expected': expectedVersion, ...(match.dueAt === undefined ? {} : { ':due': match.dueAt }) },
          ReturnValues: 'UPDATED_OLD',
        });
        this.pages.saved(record.id, expectedVersion + 1, paged.pages, match.state);
        if (paged.rewritten) await this.pages.dropBefore(record.id, expectedVersion + 1);
        if (refiled(old.Attributes ?? {}, match)) await this.filings.follow(match, expectedVersion + 1);
        break;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const stored = await this.readGame(record.id);
        const current = stored === undefined ? fail<StoreError>({ kind: 'not-found', id: record.id }) : decodeGame(stored);
        if (!current.ok) return fail(current.error);
        if (current.value.version !== expectedVersion || attempt === 3) return fail({ kind: 'stale-version', id: record.id, expected: expectedVersion, actual: current.value.version, current: current.value });
        await this.fileFirst(stored!, current.value, match.dueAt);
      }
    }
    const kept = { ...record.notes, ...notes };
    for (const [name, value] of Object.entries(notes)) if (value === undefined) delete kept[name];
    return ok({ ...match, version: expectedVersion + 1, ...(Object.keys(kept).length === 0 ? {} : { notes: kept }) });
  }

  async setNotes(id: string, notes: Readonly<Record<string, unknown | undefined>>): Promise<boolean> {
    const update = new Changes();
    for (const [name, value] of Object.entries(notes)) update.set(noteAttribute(name), encodeNote(name, value));
    if (update.empty) return true;
    return conditionally(this.db.update({
      TableName: this.tableName,
      Key: { pk: gameKey(id), sk: GAME_SORT_KEY },
      UpdateExpression: update.expression(),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: update.names,
      ...(Object.keys(update.values).length === 0 ? {} : { ExpressionAttributeValues: update.values }),
    }));
  }

  async loadWith(id: string, keys: readonly string[]): Promise<{ game: Result<GameRecord, StoreError>; values: Map<string, unknown> }> {
    const { items, values } = await this.readMemos(keys, [{ pk: gameKey(id), sk: GAME_SORT_KEY }]);
    const read = items.find((item) => item.pk === gameKey(id) && item.sk === GAME_SORT_KEY);
    const game = read === undefined ? undefined : (await this.pages.assemble([read]))[0]!;
    return { game: game === undefined ? fail({ kind: 'not-found', id }) : decodeGame(game), values };
  }

  async recallMany(keys: readonly string[]): Promise<Map<string, unknown>> {
    if (keys.length === 0) return new Map();
    return (await this.readMemos(keys)).values;
  }

  /**
   * Remembered values and any other `also` items in one batch. A player's settings are one item
   * (`placeOf`); on a table written before that (no `SETTINGS_MOVED` mark yet), the values kept
   * one item each are read in the same batch and stand in for a settings item not made yet, until
   * the sweep has moved them all (`moveOldSettings`). A read never writes.
   */
  private async readMemos(keys: readonly string[], also: readonly Item[] = []): Promise<{ items: Item[]; values: Map<string, unknown> }> {
    const unique = [...new Set(keys)];
    const places = unique.map(placeOf);
    const moving = !this.settingsMoved;
    const old = moving ? places.flatMap((p) => (p.field === undefined ? [] : [{ pk: memoKey(`${p.field}#${p.owner!}`), sk: MEMO_SORT_KEY }])) : [];
    const mark = moving ? [{ pk: SETTINGS_MOVED, sk: MEMO_SORT_KEY }] : [];
    const wanted = new Map([...also, ...places, ...old, ...mark].map((k) => [`${String(k.pk)}|${String(k.sk)}`, { pk: String(k.pk), sk: String(k.sk) }]));
    const items = await this.batchGet([...wanted.values()]);
    const byPk = new Map(items.filter((item) => item.sk === MEMO_SORT_KEY).map((item) => [item.pk as string, item]));
    if (byPk.has(SETTINGS_MOVED)) this.settingsMoved = true;
    const values = new Map<string, unknown>();
    for (const [i, key] of unique.entries()) {
      const place = placeOf(key);
      const item = byPk.get(places[i]!.pk);
      let value: unknown;
      if (place.field === undefined) value = item === undefined ? undefined : memoValue(item);
      else if (item?.moved === true) value = parsed(item[settingAttribute(place.field)]);
      else if (moving) value = parsed(byPk.get(memoKey(key))?.value);
      if (value !== undefined) values.set(key, value);
    }
    return { items, values };
  }

  /**
   * Moves players' settings kept the old way (one item a value) into their settings item: read in
   * one batch and written once, each only if nobody made it meanwhile.
   */
  private async moveSettings(owners: readonly string[]): Promise<void> {
    if (owners.length === 0) return;
    const old = await this.batchGet(owners.flatMap((owner) => SETTINGS.map((field) => ({ pk: memoKey(`${field}#${owner}`), sk: MEMO_SORT_KEY }))));
    const found = new Map(old.map((item) => [item.pk as string, item]));
    await Promise.all(owners.map(async (owner) => {
      const item: Item = { pk: settingsKey(owner), sk: MEMO_SORT_KEY, moved: true };
      for (const field of SETTINGS) {
        const json = found.get(memoKey(`${field}#${owner}`))?.value;
        if (typeof json === 'string') item[settingAttribute(field)] = json;
      }
      await conditionally(this.db.put({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(moved)' }));
    }));
  }

  async moveOldSettings(limit: number): Promise<'done' | number> {
    if (this.settingsMoved) return 'done';
    const [mark, cursor] = await this.batchGet([{ pk: SETTINGS_MOVED, sk: MEMO_SORT_KEY }, { pk: SETTINGS_MOVING, sk: MEMO_SORT_KEY }]).then((items) => [SETTINGS_MOVED, SETTINGS_MOVING].map((pk) => items.find((item) => item.pk === pk)));
    if (mark !== undefined) {
      this.settingsMoved = true;
      return 'done';
    }
    const from = parsed(cursor?.value) as Item | undefined;
    const prefixes = Object.fromEntries(SETTINGS.map((field, i) => [`:p${i}`, memoKey(`${field}#`)]));
    const page = await this.db.scan({
      TableName: this.tableName, Limit: limit,
      FilterExpression: `sk = :m AND (${SETTINGS.map((_, i) => `begins_with(pk, :p${i})`).join(' OR ')})`,
      ExpressionAttributeValues: { ':m': MEMO_SORT_KEY, ...prefixes },
      ...(from === undefined ? {} : { ExclusiveStartKey: from }),
    });
    const owners = [...new Set(page.Items.map((item) => { const pk = (item.pk as string).slice(memoKey('').length); return pk.slice(pk.indexOf('#') + 1); }))];
    await this.moveSettings(owners);
    if (page.LastEvaluatedKey === undefined) {
      await this.db.put({ TableName: this.tableName, Item: { pk: SETTINGS_MOVED, sk: MEMO_SORT_KEY, moved: true } });
      this.settingsMoved = true;
      return 'done';
    }
    await this.db.put({ TableName: this.tableName, Item: { pk: SETTINGS_MOVING, sk: MEMO_SORT_KEY, value: JSON.stringify(page.LastEvaluatedKey) } });
    return owners.length;
  }

  /** Strongly consistent batch read of up to 100 keys. */
  private async batchGet(keys: Record<string, string>[]): Promise<Item[]> {
    if (keys.length > 100) throw new InvariantError(`batch read of ${keys.length} keys (at most 100)`);
    return this.db.batchGet(this.tableName, keys);
  }

  /**
   * What a game's filing needs before its item may be written with the deadline `due`: an item
   * still in the indexes itself is filed (due at once, so the sweep files its deadline) and leaves
   * them; a filed deadline after `due` is brought forward, the filing first (`filing.ts`).
   */
  private async fileFirst(item: Item, stored: GameRecord, due: number | undefined): Promise<void> {
    const key = { pk: gameKey(stored.id), sk: GAME_SORT_KEY };
    if (isLegacyItem(item)) {
      await this.filings.create(stored, stored.version, 0);
      await conditionally(this.db.update({
        TableName: this.tableName, Key: key,
        UpdateExpression: `SET filed = :zero REMOVE ${LEGACY_INDEX_ATTRIBUTES.join(', ')}`,
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':zero': 0, ':version': stored.version },
      }));
      return;
    }
    const filed = filedDue(item);
    if (due === undefined || (filed !== undefined && filed <= due)) return;
    await this.filings.lowerDue(stored.id, due);
    await conditionally(this.db.update({
      TableName: this.tableName, Key: key,
      UpdateExpression: 'SET filed = :due',
      ConditionExpression: `#version = :version AND ${filed === undefined ? 'attribute_not_exists(filed)' : 'filed = :filed'}`,
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':due': due, ':version': stored.version, ...(filed === undefined ? {} : { ':filed': filed }) },
    }));
  }

  private async readGame(id: string): Promise<Item | undefined> {
    const out = await this.db.get({ TableName: this.tableName, Key: { pk: gameKey(id), sk: GAME_SORT_KEY }, ConsistentRead: true });
    return out.Item === undefined ? undefined : (await this.pages.assemble([out.Item]))[0];
  }

  async listByPlayer(player: string, options: ListOptions = {}): Promise<Listing> {
    const key = playerKey(player);
    return this.listFiled(filedUnder(key, options).flatMap((k) => [newestFirst(INDEX.player1, 'p1', k, options), newestFirst(INDEX.player2, 'p2', k, options)]), options);
  }

  async listByChat(platform: string, chatId: string, options: ListOptions = {}): Promise<Listing> {
    const key = chatKey(platform, chatId);
    return this.listFiled(filedUnder(key, options).map((k) => newestFirst(INDEX.chat, 'chatKey', k, options)), options);
  }

  /** The newest records of several index partitions, merged; a game found in two (both slots one identity) is kept once. */
  private async listFiled(queries: Omit<QueryInput, 'TableName'>[], options: ListOptions): Promise<Listing> {
    const limit = checkLimit(options.limit ?? DEFAULT_LIST_LIMIT);
    const wanted = statusWanted(options);
    const listings = await Promise.all(queries.map((query) => this.collect(query, limit, (r) => wanted(r.status))));
    const byId = new Map(listings.reverse().flatMap((l) => l.records).map((r) => [r.id, r]));
    const records = [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
    return { records, corrupt: listings.flatMap((l) => l.corrupt) };
  }

  async listDue(now: number, limit: number): Promise<Listing> {
    const query: Omit<QueryInput, 'TableName'> = {
      IndexName: INDEX.due,
      KeyConditionExpression: 'duePk = :due AND dueAt <= :now',
      ExpressionAttributeValues: { ':due': DUE_PARTITION, ':now': now },
      ScanIndexForward: true,
    };
    // A filing may be due before its game is (`filing.ts`): such a game is filed anew at its deadline, not listed.
    const later: Promise<void>[] = [];
    const listing = await this.collect(query, checkLimit(limit), (record, filing) => {
      if (record.dueAt !== undefined && record.dueAt <= now) return true;
      if (filing !== undefined) later.push(this.fileDueLater(filing, record, now));
      return false;
    });
    await Promise.all(later);
    listing.records.sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0));
    return listing;
  }

  /** The sweep found `filing` due before its game: files it at the game's deadline (none: off the due index). */
  private async fileDueLater(filing: Item, record: GameRecord, now: number): Promise<void> {
    const from = numberOf(filing.dueAt);
    if (from === undefined || !(await this.filings.raiseDue(record.id, from, record.dueAt))) return;
    const filed = record.dueAt;
    const moved = await conditionally(this.db.update({
      TableName: this.tableName,
      Key: { pk: gameKey(record.id), sk: GAME_SORT_KEY },
      UpdateExpression: filed === undefined ? 'REMOVE filed' : 'SET filed = :filed',
      ConditionExpression: filed === undefined ? '#version = :version' : '#version = :version AND dueAt = :filed',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': record.version, ...(filed === undefined ? {} : { ':filed': filed }) },
    }));
    // The game was saved meanwhile, perhaps with an earlier deadline: filed at once, it is looked at again.
    if (!moved) await this.filings.lowerDue(record.id, now);
  }

  /**
   * Reads an index page by page until `wanted` records were kept or the index is exhausted: a
   * filing stands for its game, read with the page's other games in one batch; an item filed in
   * the indexes itself (`isLegacyItem`) is its own game. Corrupt items are reported and do not
   * count, so they cannot crowd the good records out of a page; a filing whose game is gone (TTL)
   * is passed over.
   */
  private async collect(query: Omit<QueryInput, 'TableName'>, wanted: number, keep: (record: GameRecord, filing?: Item) => boolean): Promise<Listing> {
    const listing: Listing = { records: [], corrupt: [] };
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.query({
        ...query,
        TableName: this.tableName,
        Limit: Math.min(Math.max(wanted, 25), 100),
        ...(start === undefined ? {} : { ExclusiveStartKey: start }),
      });
      const filings = page.Items.filter((item) => item.sk === FILING_SORT_KEY && typeof item.pk === 'string');
      const read = filings.length === 0 ? [] : await this.batchGet(filings.map((f) => ({ pk: f.pk as string, sk: GAME_SORT_KEY })));
      const legacy = page.Items.filter((item) => item.sk === GAME_SORT_KEY);
      const games = new Map((await this.pages.assemble([...read, ...legacy])).map((item) => [item.pk, item]));
      for (const item of page.Items) {
        const filing = item.sk === FILING_SORT_KEY ? item : undefined;
        const game = games.get(item.pk);
        if (game === undefined) continue;
        const decoded = decodeGame(game);
        if (!decoded.ok) listing.corrupt.push(decoded.error);
        else if (keep(decoded.value, filing)) listing.records.push(decoded.value);
        if (listing.records.length === wanted) return listing;
      }
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    return listing;
  }

  async setAlarm(id: string, version: number, expected: Alarm | undefined, alarm: Alarm | undefined, dueAt: number | undefined): Promise<boolean> {
    if (dueAt !== undefined && (!Number.isSafeInteger(dueAt) || dueAt < 0)) throw new InvariantError(`dueAt ${dueAt} is not an epoch in ms`);
    const set: string[] = [];
    const remove: string[] = [];
    const values: Record<string, unknown> = { ':version': version };
    if (alarm === undefined) {
      remove.push('alarm');
    } else {
      set.push('alarm = :alarm');
      values[':alarm'] = encodeAlarm(alarm);
    }
    if (dueAt === undefined) {
      remove.push('dueAt');
    } else {
      set.push('dueAt = :dueAt');
      values[':dueAt'] = dueAt;
    }
    if (expected !== undefined) values[':expected'] = encodeAlarm(expected);
    const alarmAsExpected = expected === undefined ? 'attribute_not_exists(alarm)' : 'alarm = :expected';
    for (let attempt = 0; attempt < 4; attempt++) {
      const written = await conditionally(this.db.update({
        TableName: this.tableName,
        Key: { pk: gameKey(id), sk: GAME_SORT_KEY },
        UpdateExpression: [set.length > 0 ? `SET ${set.join(', ')}` : '', remove.length > 0 ? `REMOVE ${remove.join(', ')}` : ''].join(' ').trim(),
        ConditionExpression: `#version = :version AND ${alarmAsExpected} AND ${NOT_LEGACY}${dueAt === undefined ? '' : ' AND filed <= :dueAt'}`,
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: values,
      }));
      if (written) return true;
      // Refused: by the version or the alarm (the answer), or by the filing (fixed first, then tried again).
      const item = await this.readGame(id);
      const stored = item === undefined ? undefined : decodeGame(item);
      if (!stored?.ok || stored.value.version !== version || (item!.alarm ?? undefined) !== (expected === undefined ? undefined : values[':expected'])) return false;
      await this.fileFirst(item!, stored.value, dueAt);
    }
    return false;
  }

  async claimUpdate(key: string, now: number, ttlSeconds: number): Promise<boolean> {
    if (key === '' || !Number.isSafeInteger(now) || !Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) {
      throw new InvariantError(`claimUpdate(${JSON.stringify(key)}, ${now}, ${ttlSeconds}): bad arguments`);
    }
    const nowSeconds = Math.floor(now / 1000);
    return conditionally(this.db.put({
      TableName: this.tableName,
      Item: { pk: claimKey(key), sk: CLAIM_SORT_KEY, expiresAt: nowSeconds + ttlSeconds, claimedAt: now },
      // An expired claim counts as unseen: DynamoDB's TTL deletes late, dynalite never.
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
    }));
  }

  async releaseClaim(key: string): Promise<void> {
    await this.db.batchWrite(this.tableName, [{ DeleteRequest: { Key: { pk: claimKey(key), sk: CLAIM_SORT_KEY } } }]);
  }

  async remember(key: string, value: unknown, now: number): Promise<void> {
    const json = JSON.stringify(value);
    if (key === '' || json === undefined || json.length > 4096) throw new InvariantError(`remember(${JSON.stringify(key)}): bad key or value`);
    const place = placeOf(key);
    if (place.field === undefined) {
      await this.db.put({ TableName: this.tableName, Item: { pk: memoKey(key), sk: MEMO_SORT_KEY, value: json, updatedAt: now } });
      return;
    }
    // One setting of the player's item; on a table not moved yet, the player's old values are moved
    // first, or the item would hide them.
    for (let attempt = 0; attempt < 3; attempt++) {
      const set = await conditionally(this.db.update({
        TableName: this.tableName, Key: { pk: place.pk, sk: MEMO_SORT_KEY },
        UpdateExpression: 'SET #setting = :value, updatedAt = :now, moved = :moved',
        ...(this.settingsMoved ? {} : { ConditionExpression: 'moved = :moved' }),
        ExpressionAttributeNames: { '#setting': settingAttribute(place.field) },
        ExpressionAttributeValues: { ':value': json, ':now': now, ':moved': true },
      }));
      if (set) return;
      await this.moveSettings([place.owner!]);
    }
    throw new Error(`remember(${JSON.stringify(key)}): the settings item could not be moved`);
  }

  async forget(keys: readonly string[]): Promise<void> {
    const unique = [...new Set(keys)];
    const places = unique.map(placeOf);
    // Values kept the old way go whatever else happens; a player's settings item goes whole once every setting is forgotten.
    const gone = unique.map((key) => ({ DeleteRequest: { Key: { pk: memoKey(key), sk: MEMO_SORT_KEY } } }));
    const owners = [...new Set(places.filter((p) => p.field !== undefined).map((p) => p.owner!))];
    for (const owner of owners) {
      const fields = places.filter((p) => p.owner === owner).map((p) => p.field!);
      if (SETTINGS.every((f) => fields.includes(f))) gone.push({ DeleteRequest: { Key: { pk: settingsKey(owner), sk: MEMO_SORT_KEY } } });
      else {
        await conditionally(this.db.update({
          TableName: this.tableName, Key: { pk: settingsKey(owner), sk: MEMO_SORT_KEY },
          UpdateExpression: `REMOVE ${fields.map((_, i) => `#f${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, settingAttribute(f)])),
        }));
      }
    }
    await this.db.batchWrite(this.tableName, gone);
  }

  async rememberIf(key: string, value: unknown, expected: unknown, now: number, expiresAt: number): Promise<boolean> {
    const json = JSON.stringify(value);
    if (key === '' || json === undefined || json.length > 4096 || !Number.isSafeInteger(expiresAt)) throw new InvariantError(`rememberIf(${JSON.stringify(key)}): bad key, value or expiry`);
    const was = expected === undefined ? undefined : JSON.stringify(expected);
    return conditionally(this.db.put({
      TableName: this.tableName,
      Item: { pk: memoKey(key), sk: MEMO_SORT_KEY, value: json, updatedAt: now, expiresAt },
      // The value read back is the parsed JSON text, so it compares as that text written again.
      ConditionExpression: was === undefined ? 'attribute_not_exists(pk)' : '#value = :was',
      ...(was === undefined ? {} : { ExpressionAttributeNames: { '#value': 'value' }, ExpressionAttributeValues: { ':was': was } }),
    }));
  }

  /**
   * GCRA on one item: `tat`, the moment the bucket is full again (ms). A bucket found full (absent,
   * or `tat` past) is restarted at `now + refill` by a SET on that condition; one with tokens left
   * is charged by an `ADD` of one refill, on the condition that it stays within the capacity — an
   * atomic add, so any number of commands arriving together are all counted, none lost to a race
   * (issue #45: the chat's bucket is shared by everyone in it). One of the two fails only when the
   * other applies, so a third try settles any interleaving of restarts and charges.
   */
  async spendRate(key: string, spec: RateSpec, now: number, known?: unknown): Promise<'spent' | 'first-refusal' | 'refused'> {
    if (key === '' || !Number.isSafeInteger(now) || !(spec.capacity >= 1) || !(spec.refillMs > 0)) throw new InvariantError(`spendRate(${JSON.stringify(key)}): bad arguments`);
    const Key = { pk: memoKey(key), sk: MEMO_SORT_KEY };
    // Full again at the latest once every token spent now has come back: then the item may go.
    const expiresAt = Math.ceil((now + spec.capacity * spec.refillMs) / 1000) + 60;
    const restart = () => conditionally(this.db.update({
      TableName: this.tableName, Key,
      UpdateExpression: 'SET tat = :next, updatedAt = :now, expiresAt = :expires REMOVE warned, #value',
      ConditionExpression: 'attribute_not_exists(tat) OR tat <= :now',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':next': now + spec.refillMs, ':now': now, ':expires': expiresAt },
    }));
    const charge = () => conditionally(this.db.update({
      TableName: this.tableName, Key,
      UpdateExpression: 'ADD tat :refill SET updatedAt = :now, expiresAt = :expires',
      ConditionExpression: 'tat > :now AND tat <= :last',
      ExpressionAttributeValues: { ':refill': spec.refillMs, ':now': now, ':last': now + (spec.capacity - 1) * spec.refillMs, ':expires': expiresAt },
    }));
    const read = known as { tat?: unknown; warned?: unknown } | undefined;
    const tat = read?.tat;
    const full = typeof tat !== 'number' || tat <= now;
    // Dry as read: a refusal; once the user was told, it writes nothing (a flood costs reads only).
    if (!full && tat > now + (spec.capacity - 1) * spec.refillMs) return read?.warned === true ? 'refused' : this.refuseRate(key, now);
    const [first, second] = full ? [restart, charge] : [charge, restart];
    if ((await first()) || (await second()) || (await first())) return 'spent';
    return this.refuseRate(key, now);
  }

  /** A refusal: the first since the bucket was full marks it (`warned`), so the user is told once. */
  private async refuseRate(key: string, now: number): Promise<'first-refusal' | 'refused'> {
    const marked = await conditionally(this.db.update({
      TableName: this.tableName, Key: { pk: memoKey(key), sk: MEMO_SORT_KEY },
      UpdateExpression: 'SET warned = :now',
      ConditionExpression: 'tat > :now AND attribute_not_exists(warned)',
      ExpressionAttributeValues: { ':now': now },
    }));
    return marked ? 'first-refusal' : 'refused';
  }

  async createTournament(record: TournamentRecord): Promise<Result<TournamentRecord, StoreError>> {
    try {
      await this.db.put({ TableName: this.tableName, Item: encodeTournament(record, record.version), ConditionExpression: 'attribute_not_exists(pk)' });
    } catch (error) {
      if (isConditionFailure(error)) return fail({ kind: 'already-exists', id: record.id });
      throw error;
    }
    return ok({ ...record });
  }

  async loadTournament(id: string): Promise<Result<TournamentRecord, StoreError>> {
    const out = await this.db.get({ TableName: this.tableName, Key: { pk: tournamentKey(id), sk: TOURNAMENT_SORT_KEY }, ConsistentRead: true });
    return out.Item === undefined ? fail({ kind: 'not-found', id }) : decodeTournament(out.Item);
  }

  async saveTournament(record: TournamentRecord, expectedVersion: number): Promise<Result<TournamentRecord, StoreError>> {
    if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 1) throw new InvariantError(`expected version ${expectedVersion} is not a positive integer`);
    const item = encodeTournament(record, expectedVersion + 1);
    const tooLarge = oversize(record.id, item);
    if (tooLarge !== undefined) return fail(tooLarge);
    try {
      await this.db.put({
        TableName: this.tableName, Item: item, ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':expected': expectedVersion },
      });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const current = await this.loadTournament(record.id);
      if (!current.ok) return current;
      return fail({ kind: 'stale-version', id: record.id, expected: expectedVersion, actual: current.value.version });
    }
    return ok({ ...record, version: expectedVersion + 1 });
  }

  async listDueTournaments(now: number, limit: number): Promise<{ records: TournamentRecord[]; corrupt: CorruptItem[] }> {
    const out = await this.db.query({
      TableName: this.tableName, IndexName: INDEX.due, KeyConditionExpression: 'duePk = :due AND dueAt <= :now',
      ExpressionAttributeValues: { ':due': TOURNAMENT_DUE_PARTITION, ':now': now }, ScanIndexForward: true, Limit: checkLimit(limit),
    });
    const listing: { records: TournamentRecord[]; corrupt: CorruptItem[] } = { records: [], corrupt: [] };
    for (const item of out.Items) {
      const decoded = decodeTournament(item);
      if (decoded.ok) listing.records.push(decoded.value);
      else listing.corrupt.push(decoded.error);
    }
    return listing;
  }

  async recall(key: string): Promise<unknown> {
    return (await this.readMemos([key])).values.get(key);
  }
}

/** A remembered value's item read back: its JSON value, or undefined when it does not decode. */
function memoValue(item: Item): unknown {
  // A rate bucket (`spendRate`) keeps numbers, not JSON: read back as what `spendRate` is given.
  const tat = numberOf(item.tat);
  if (tat !== undefined) return { tat, ...(item.warned === undefined ? {} : { warned: true }) };
  return parsed(item.value);
}


/**
 * Where a remembered value lives: its own item (`MEMO#<key>`), or — one of a player's settings,
 * which every press reads — an attribute of the player's one settings item (issue #46: a press
 * read five items of the presser's where one does).
 */
function placeOf(key: string): { pk: string; sk: string; field?: string; owner?: string } {
  const hash = key.indexOf('#');
  const field = key.slice(0, Math.max(0, hash));
  if (hash <= 0 || !SETTINGS.includes(field)) return { pk: memoKey(key), sk: MEMO_SORT_KEY };
  const owner = key.slice(hash + 1);
  return { pk: settingsKey(owner), sk: MEMO_SORT_KEY, field, owner };
}

function settingAttribute(field: string): string {
  return `v:${field}`;
}

/** An `UpdateItem`'s SET and REMOVE clauses, built attribute by attribute (undefined: remove). */
class Changes {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  readonly noted: Item = {};
  private readonly sets: string[] = [];
  private readonly removes: string[] = [];

  set(attribute: string, value: unknown): void {
    const n = `#a${Object.keys(this.names).length}`;
    this.names[n] = attribute;
    if (value === undefined) {
      this.removes.push(n);
      return;
    }
    const v = `:v${Object.keys(this.values).length}`;
    this.values[v] = value;
    this.noted[attribute] = value;
    this.sets.push(`${n} = ${v}`);
  }

  get empty(): boolean {
    return this.sets.length + this.removes.length === 0;
  }

  expression(): string {
    return [this.sets.length > 0 ? `SET ${this.sets.join(', ')}` : '', this.removes.length > 0 ? `REMOVE ${this.removes.join(', ')}` : ''].join(' ').trim();
  }
}

/**
 * The partitions that may hold games of the status asked for: open games only under the open key;
 * games over under the over key and, written before the split, under the open key; any status, both.
 */
function filedUnder(key: string, options: ListOptions): string[] {
  if (options.status === undefined) return [key, overKey(key)];
  return options.status === 'open' || isOpen(options.status) ? [key] : [overKey(key), key];
}

/** Which statuses a list asks for. */
function statusWanted(options: ListOptions): (status: GameRecord['status']) => boolean {
  if (options.status === undefined) return () => true;
  if (options.status === 'open') return isOpen;
  return (status) => status === options.status;
}


/** A query of one index partition, newest filed first, of one status for games over. */
function newestFirst(
  index: string,
  keyName: string,
  keyValue: string,
  options: ListOptions,
): Omit<QueryInput, 'TableName'> {
  // Only games over are filtered in the index: their filing's status is final. An open game's
  // filing may lag its game's status (`filing.ts`), so open partitions are read whole and the
  // games' own status decides (`statusWanted`).
  const statuses = keyValue.startsWith(overKey('')) && options.status !== undefined && options.status !== 'open' ? [options.status] : [];
  const byStatus = statuses.length > 0;
  const values = Object.fromEntries(statuses.map((s, i) => [`:status${i}`, s]));
  return {
    IndexName: index,
    KeyConditionExpression: '#key = :key',
    ExpressionAttributeNames: { '#key': keyName, ...(byStatus ? { '#status': 'status' } : {}) },
    ExpressionAttributeValues: { ':key': keyValue, ...values },
    // The status filter runs after the key condition (it drops games over filed before the split
    // under the open key); `collect` pages on until enough match.
    ...(byStatus ? { FilterExpression: `#status IN (${Object.keys(values).join(', ')})` } : {}),
    ScanIndexForward: false,
  };
}

function oversize(id: string, item: Item, limit = MAX_ITEM_BYTES): StoreError | undefined {
  const bytes = itemBytes(item);
  return bytes > limit ? { kind: 'too-large', id, bytes, limit } : undefined;
}

function checkLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new InvariantError(`list limit ${limit} is not a positive integer`);
  return limit;
}

