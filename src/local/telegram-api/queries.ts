/**
 * The stand-in's methods about the bot itself and the queries users send it: getMe,
 * answerCallbackQuery, answerInlineQuery, the webhook, the command list and getFile.
 * Not a rule: test and playground infrastructure.
 */
import { badRequest, QUERY_TOO_OLD } from './errors.ts';
import { commandsKey, type Method } from './state.ts';
import type { BotCommand } from './types.ts';

const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const COMMAND = /^[a-z0-9_]{1,32}$/;
const MAX_INLINE_RESULTS = 50;
const MAX_ALERT = 200;

const getMe: Method = (state) => ({
  result: {
    ...state.bot,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: true,
    can_connect_to_business: false,
    has_main_web_app: false,
  },
});

/** A callback query may be answered once; a second answer, or an unknown id, is "too old". */
const answerCallbackQuery: Method = (state, { params }) => {
  const query = state.callbackQueries.get(String(params.callback_query_id ?? ''));
  if (!query || query.answer) throw badRequest(QUERY_TOO_OLD);
  const text = params.text === undefined || params.text === null ? undefined : String(params.text);
  if (text !== undefined && text.length > MAX_ALERT) throw badRequest('MESSAGE_TOO_LONG');
  query.answer = { show_alert: params.show_alert === true };
  if (text !== undefined) query.answer.text = text;
  if (typeof params.url === 'string') query.answer.url = params.url;
  if (typeof params.cache_time === 'number') query.answer.cache_time = params.cache_time;
  return { result: true };
};

const answerInlineQuery: Method = (state, { params }) => {
  const query = state.inlineQueries.get(String(params.inline_query_id ?? ''));
  if (!query || query.answer) throw badRequest(QUERY_TOO_OLD);
  const results = params.results;
  if (!Array.isArray(results)) throw badRequest('field "results" must be an Array');
  if (results.length > MAX_INLINE_RESULTS) throw badRequest('RESULTS_TOO_MUCH');
  const ids = new Set<string>();
  for (const item of results as unknown[]) {
    const result = item as Record<string, unknown> | null;
    if (!result || typeof result !== 'object' || typeof result.type !== 'string') throw badRequest("can't parse InlineQueryResult: Field \"type\" must be of type String");
    if (typeof result.id !== 'string' || result.id === '' || Buffer.byteLength(result.id) > 64) throw badRequest('RESULT_ID_INVALID');
    if (ids.has(result.id)) throw badRequest('RESULT_ID_DUPLICATE');
    ids.add(result.id);
  }
  query.answer = { results: results as Record<string, unknown>[] };
  if (typeof params.cache_time === 'number') query.answer.cache_time = params.cache_time;
  if (typeof params.is_personal === 'boolean') query.answer.is_personal = params.is_personal;
  return { result: true };
};

/** Unlike Telegram, plain-HTTP and local URLs are accepted: the bot under test listens on localhost. */
const setWebhook: Method = (state, { params }) => {
  const url = typeof params.url === 'string' ? params.url : '';
  if (url === '') return deleteWebhook(state, { params, files: {} });
  if (!/^https?:\/\/[^\s/]+/i.test(url)) throw badRequest('bad webhook: invalid webhook URL specified');
  const secret = params.secret_token;
  if (secret !== undefined && (typeof secret !== 'string' || !SECRET_TOKEN.test(secret))) {
    throw badRequest('secret token contains unallowed characters');
  }
  const previous = state.webhook;
  state.webhook = { url, max_connections: typeof params.max_connections === 'number' ? params.max_connections : 40 };
  if (typeof secret === 'string') state.webhook.secret_token = secret;
  if (Array.isArray(params.allowed_updates)) state.webhook.allowed_updates = params.allowed_updates.map(String);
  const same = previous?.url === url && previous.secret_token === state.webhook.secret_token;
  return { result: true, description: same ? 'Webhook is already set' : 'Webhook was set' };
};

const deleteWebhook: Method = (state) => {
  const had = state.webhook !== null;
  state.webhook = null;
  return { result: true, description: had ? 'Webhook was deleted' : 'Webhook is already deleted' };
};

const getWebhookInfo: Method = (state) => {
  const info: Record<string, unknown> = { url: state.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0 };
  if (state.webhook) info.max_connections = state.webhook.max_connections;
  if (state.webhook?.allowed_updates) info.allowed_updates = state.webhook.allowed_updates;
  return { result: info };
};

const setMyCommands: Method = (state, { params }) => {
  if (!Array.isArray(params.commands)) throw badRequest('field "commands" must be an Array');
  const commands: BotCommand[] = (params.commands as unknown[]).map((item) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    if (typeof entry.command !== 'string' || !COMMAND.test(entry.command)) throw badRequest('BOT_COMMAND_INVALID');
    if (typeof entry.description !== 'string' || entry.description.trim() === '' || entry.description.length > 256) {
      throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
    }
    return { command: entry.command, description: entry.description };
  });
  state.commands.set(commandsKey(params.scope, params.language_code), commands);
  return { result: true };
};

const getMyCommands: Method = (state, { params }) => ({
  result: state.commands.get(commandsKey(params.scope, params.language_code)) ?? [],
});

const deleteMyCommands: Method = (state, { params }) => {
  state.commands.delete(commandsKey(params.scope, params.language_code));
  return { result: true };
};

/** The file a file id names, with the path its bytes are served at (`/file/bot<token>/<path>`). */
const getFile: Method = (state, { params }) => {
  const photo = typeof params.file_id === 'string' ? state.photos.get(params.file_id) : undefined;
  if (!photo) throw badRequest('invalid file_id');
  const size = photo.sizes.find((candidate) => candidate.file_id === params.file_id) ?? photo.sizes[0];
  return { result: { file_id: params.file_id, file_unique_id: size?.file_unique_id, file_size: photo.size, file_path: photo.file_path } };
};

export const queryMethods: Record<string, Method> = {
  getMe, answerCallbackQuery, answerInlineQuery, setWebhook, deleteWebhook, getWebhookInfo,
  setMyCommands, getMyCommands, deleteMyCommands, getFile,
};
