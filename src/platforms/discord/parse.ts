/**
 * What a Discord interaction means (STYLE.md §16): a `/nardy …` subcommand or a button press
 * becomes an `Intent` (`/nardy move play:24/18 13/11` a typed move); anything else is `undefined`. The app re-validates every intent (who
 * pressed, whose turn, which version), so a forged `custom_id` can only earn a polite answer.
 *
 * A player is `discord:<user id>`, named by their server nickname, else their display name, else
 * their username; their language is the Discord client's `locale`.
 */
import type { APIInteraction, APIUser } from 'discord-api-types/v10';
import { COMPUTER_LEVELS, isVariantId, languageOfToken, forgetterOfToken, tournamentOfToken, type ChallengeChoices, type ChatUser, type Intent, type MessageRef } from '../../app/index.ts';
import { withoutMarks } from './content.ts';

type ChatRef = MessageRef['chat'];
type VariantId = NonNullable<Extract<Intent, { kind: 'challenge' }>['variant']>;

/** An option as it arrives (a subcommand's options are nested one level). */
interface Option {
  readonly name: string;
  readonly type: number;
  readonly value?: string | number | boolean;
  readonly options?: readonly Option[];
}

/** What the command and component payloads carry that we read; the rest is ignored. */
interface Resolved {
  readonly users?: Readonly<Record<string, APIUser>>;
  readonly members?: Readonly<Record<string, { readonly nick?: string | null }>>;
}

const APPLICATION_COMMAND = 2;
const MESSAGE_COMPONENT = 3;
const BUTTON = 2;

/** The chat of a Discord channel (a guild text channel, a thread or a DM). */
export function discordChat(channelId: string): ChatRef {
  return { platform: 'discord', chatId: channelId };
}

/** A Discord user as the app sees them. */
export function discordUser(user: APIUser, nick?: string | null, locale?: string): ChatUser {
  const name = [nick, user.global_name, user.username].find((n): n is string => typeof n === 'string' && n.trim() !== '') ?? `#${user.id}`;
  return { id: `discord:${user.id}`, name, username: user.username, ...(locale === undefined ? {} : { language: locale }) };
}

/** The intent of an interaction, or `undefined` when it is nothing the bot answers. */
export function parseInteraction(received: APIInteraction): Intent | undefined {
  // No name or word a user sends may carry what our own mentions are marked with (`content.ts`).
  const interaction = withoutMarks(received);
  const user = interaction.member?.user ?? interaction.user;
  const channelId = interaction.channel?.id ?? interaction.channel_id;
  if (user === undefined || channelId === undefined || user.bot === true) return undefined;
  const locale = 'locale' in interaction ? interaction.locale : undefined;
  const base = { chat: discordChat(channelId), from: discordUser(user, interaction.member?.nick, locale), updateKey: `discord:${interaction.id}` };
  if (interaction.type === MESSAGE_COMPONENT) {
    const data = interaction.data as { custom_id?: unknown; component_type?: unknown };
    if (data.component_type !== BUTTON || typeof data.custom_id !== 'string') return undefined;
    const message = { chat: base.chat, messageId: interaction.message.id };
    const lang = languageOfToken(data.custom_id);
    if (lang !== undefined) {
      const shared = interaction.guild_id !== undefined;
      return { kind: 'lang', ...base, lang, shared, ...(shared ? { isAdmin: managesGuild(interaction.member?.permissions) } : {}), message };
    }
    const forgetter = forgetterOfToken(data.custom_id);
    if (forgetter !== undefined) return { kind: 'forget', ...base, confirmedBy: forgetter, message };
    // In a server the member's own bits say whether they manage it: an admin may cancel anyone's challenge or sign-up (issue #45).
    const admin = interaction.guild_id === undefined ? {} : { isAdmin: managesGuild(interaction.member?.permissions) };
    if (tournamentOfToken(data.custom_id) !== undefined) return { kind: 'tournament', ...base, token: data.custom_id, message, ...admin };
    return { kind: 'press', ...base, token: data.custom_id, message, ...admin };
  }
  if (interaction.type !== APPLICATION_COMMAND) return undefined;
  const data = interaction.data as { name?: string; options?: readonly Option[]; resolved?: Resolved };
  if (data.name !== 'nardy') return undefined;
  const sub = data.options?.[0];
  const option = (name: string) => sub?.options?.find((o) => o.name === name)?.value;
  switch (sub?.name) {
    case 'challenge': return { kind: 'challenge', ...base, ...challengeOptions(option, data.resolved) };
    case 'move': {
      const play = option('play');
      return typeof play === 'string' ? { kind: 'move', ...base, text: play } : undefined;
    }
    case 'games':
    case 'resign':
    case 'history':
    case 'review':
    case 'help':
    case 'privacy':
    case 'forget':
    case 'dice':
      return { kind: sub.name, ...base };
    case 'seed': {
      const text = option('text');
      return typeof text === 'string' ? { kind: 'seed', ...base, text } : { kind: 'seed', ...base };
    }
    case 'rules': {
      const variant = variantOf(option('variant'));
      return variant === undefined ? { kind: 'rules', ...base } : { kind: 'rules', ...base, variant };
    }
    case 'vacation': {
      const on = option('on');
      return typeof on === 'boolean' ? { kind: 'vacation', ...base, away: on } : { kind: 'vacation', ...base };
    }
    case 'confirm': {
      const on = option('on');
      return typeof on === 'boolean' ? { kind: 'confirm', ...base, on } : { kind: 'confirm', ...base };
    }
    case 'remind': {
      const mode = option('mode');
      return typeof mode === 'string' ? { kind: 'remind', ...base, mode } : { kind: 'remind', ...base };
    }
    case 'quiet': {
      const hours = option('hours');
      return { kind: 'quiet', ...base, args: typeof hours === 'string' ? hours : '' };
    }
    case 'tournament':
      return { kind: 'tournament', ...base, shared: interaction.guild_id !== undefined };
    case 'top': {
      // In a server's channel its own table; in a DM everyone's.
      const variant = variantOf(option('variant'));
      return { kind: 'top', ...base, shared: interaction.guild_id !== undefined, ...(variant === undefined ? {} : { variant }) };
    }
    case 'stats': {
      const id = option('player');
      const user = typeof id === 'string' ? data.resolved?.users?.[id] : undefined;
      const player = user === undefined || user.bot === true ? undefined : discordUser(user, data.resolved?.members?.[user.id]?.nick);
      return { kind: 'stats', ...base, shared: interaction.guild_id !== undefined, ...(player === undefined ? {} : { player }) };
    }
    case 'weekly': {
      const on = option('on');
      const shared = interaction.guild_id !== undefined;
      return { kind: 'weekly', ...base, shared, ...(shared ? { isAdmin: managesGuild(interaction.member?.permissions) } : {}), ...(typeof on === 'boolean' ? { on } : {}) };
    }
    case 'lang': {
      // In a server's channel `/nardy lang` sets the channel's game language: the member's own bits say whether they manage it.
      const lang = option('language');
      const shared = interaction.guild_id !== undefined;
      const place = { shared, ...(shared ? { isAdmin: managesGuild(interaction.member?.permissions) } : {}) };
      return typeof lang === 'string' ? { kind: 'lang', ...base, ...place, lang } : { kind: 'lang', ...base, ...place };
    }
    default: return undefined;
  }
}

/** ADMINISTRATOR or MANAGE_GUILD in a member's permission bits (a decimal string). */
const MANAGING = (1n << 3n) | (1n << 5n);

function managesGuild(permissions: string | undefined): boolean {
  if (permissions === undefined || !/^\d+$/.test(permissions)) return false;
  return (BigInt(permissions) & MANAGING) !== 0n;
}

function variantOf(value: unknown): VariantId | undefined {
  return isVariantId(value) ? value : undefined;
}

function challengeOptions(option: (name: string) => Option['value'], resolved: Resolved | undefined): { opponent?: ChatUser; variant?: VariantId; settings?: ChallengeChoices } {
  const opponentId = option('opponent');
  const user = typeof opponentId === 'string' ? resolved?.users?.[opponentId] : undefined;
  const variant = variantOf(option('variant'));
  const match = option('match');
  const cube = option('cube');
  const clock = option('clock');
  const computer = COMPUTER_LEVELS.find((level) => level === option('computer'));
  const settings: ChallengeChoices = {
    ...(typeof match === 'number' ? { matchLength: match } : {}),
    ...(typeof cube === 'boolean' ? { doubling: cube } : {}),
    ...(typeof clock === 'string' ? { clock } : {}),
    ...(computer === undefined ? {} : { computer }),
  };
  return {
    // A bot cannot play; challenging one is an open challenge.
    ...(user === undefined || user.bot === true ? {} : { opponent: discordUser(user, resolved?.members?.[user.id]?.nick) }),
    ...(variant === undefined ? {} : { variant }),
    ...(Object.keys(settings).length === 0 ? {} : { settings }),
  };
}
