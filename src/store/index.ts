/**
 * The store's one door (STYLE.md §1, §15): the `GameStore` interface, its DynamoDB implementation,
 * the connection and the table helper. Other layers import `../store/index.ts`, never a file inside.
 */

// common
export type {
  Alarm,
  CorruptItem,
  GameNotes,
  GameRecord,
  GameStatus,
  GameStore,
  ListOptions,
  Listing,
  RateSpec,
  SaveOptions,
  StoreError,
  StoredChat,
  TournamentRecord,
} from './types.ts';
export { GAME_STATUSES, MAX_APPLIED } from './types.ts';
export { isUpdate, wasApplied } from './compact.ts';
export { DynamoGameStore } from './dynamodb.ts';
export type { ClubStore, StoredRating, StoredWeekly } from './club.ts';
export { encodeRating } from './club.ts';
export { connectDynamoDb } from './connection.ts';
export { DynamoDb } from './connection.ts';
export type { AttemptReport, DynamoDbSettings } from './connection.ts';
export { NumberValue } from './attribute-values.ts';
export { createTable } from './table.ts';
export type { CreateTableOptions } from './table.ts';

// advanced: the item format, for tools and tests that inspect raw items
export { ENDING_RESERVE_BYTES, ITEM_SCHEMA, MAX_ITEM_BYTES, decodeGame, encodeGame, itemBytes } from './codec.ts';
export { INDEX, chatKey, claimKey, gameKey, overKey, playerKey } from './layout.ts';
