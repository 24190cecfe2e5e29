/**
 * What a playground user types in the Discord channel, read as Discord's client would send it: a
 * line such as `/nardy challenge opponent:@Bob variant:short match:3` becomes the subcommand and its
 * typed options (a user, a string among the choices, an integer, a boolean), checked against the
 * registered definition (`NARDY_COMMANDS`), so the interaction the stand-in builds is one Discord
 * could send. Shorter forms are taken too: bare `@Bob` is the user option, a bare choice (`short`,
 * `ru`) or number fills the option it fits (`/nardy challenge @Bob short 3`, `/nardy lang ru`),
 * and the rest of the line is the free text option (`/nardy quiet 23-7 +3`).
 * Not a rule: local infrastructure.
 */
import { findVariant } from '../../engine/index.ts';
import { NARDY_COMMANDS } from '../../platforms/discord/index.ts';
import type { CommandOptions, DiscordPerson } from '../discord-api/index.ts';
import { BadRequest } from './people.ts';

const SUBCOMMAND = 1;
const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const USER = 6;

/** An option's definition, as much of it as the parser reads. */
interface Definition {
  readonly type: number;
  readonly name: string;
  readonly choices?: readonly { readonly name: string; readonly value: string | number }[];
  readonly min_value?: number;
  readonly max_value?: number;
  readonly max_length?: number;
  readonly options?: readonly Definition[];
}

/** A command as typed: the subcommand, its options, and the line as Discord shows it ("used /nardy …"). */
export interface TypedCommand {
  readonly sub: string;
  readonly options: CommandOptions;
  readonly shown: string;
}

const SUBCOMMANDS = (NARDY_COMMANDS[0].options as unknown as Definition[]).filter((o) => o.type === SUBCOMMAND);

/** The subcommands and their options, for an error message and the page's hint. */
export function commandSummary(): string {
  return SUBCOMMANDS.map((sub) => `/nardy ${sub.name}${(sub.options ?? []).map((o) => ` [${o.name}:${shape(o)}]`).join('')}`).join('\n');
}

/** Reads `text`; `person` finds a playground user by name (`@Bob`). Throws `BadRequest` saying what would be right. */
export function parseCommand(text: string, person: (name: string) => DiscordPerson | undefined): TypedCommand {
  const words = tokens(text.trim());
  if (words[0]?.toLowerCase() !== '/nardy') throw new BadRequest(`In Discord the bot hears its slash command only: ${SUBCOMMANDS.map((s) => `/nardy ${s.name}`).join(', ')}`);
  const sub = SUBCOMMANDS.find((s) => s.name === words[1]?.toLowerCase());
  if (sub === undefined) throw new BadRequest(`/nardy needs a subcommand: ${SUBCOMMANDS.map((s) => s.name).join(', ')}`);
  const definitions = sub.options ?? [];
  const options: Record<string, string | number | boolean | DiscordPerson> = {};
  const shown: string[] = [];
  const set = (definition: Definition, value: string) => {
    if (Object.hasOwn(options, definition.name)) throw new BadRequest(`${definition.name} is given twice`);
    const typed = convert(definition, value, person);
    options[definition.name] = typed;
    shown.push(`${definition.name}:${typeof typed === 'object' ? `@${typed.user.global_name ?? typed.user.username}` : String(typed)}`);
  };
  const free: string[] = [];
  const rest = words.slice(2);
  const namedOption = (word: string) => {
    const named = /^([a-z]+):(.*)$/i.exec(word);
    const definition = named === null ? undefined : definitions.find((d) => d.name === named[1].toLowerCase());
    return named === null || definition === undefined ? undefined : { definition, value: named[2] };
  };
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const named = namedOption(word);
    if (named !== undefined) {
      // A free-text option takes the words up to the next option, as Discord's client sends the
      // whole string (`/nardy move play:24/18 13/11`, `/nardy seed text:any words`; #48 item 7).
      const words = [named.value];
      if (isFreeText(named.definition)) while (i + 1 < rest.length && namedOption(rest[i + 1]!) === undefined) words.push(rest[++i]!);
      set(named.definition, unquote(words.join(' ')));
      continue;
    }
    const bare = unquote(word);
    const fits = definitions.find((d) => !Object.hasOwn(options, d.name) && fitsBare(d, bare));
    if (fits !== undefined) set(fits, bare);
    else free.push(bare);
  }
  if (free.length > 0) {
    const open = definitions.find((d) => isFreeText(d) && !Object.hasOwn(options, d.name));
    if (open === undefined) throw new BadRequest(`/nardy ${sub.name} does not take "${free.join(' ')}"; its options: ${describe(definitions)}`);
    set(open, free.join(' '));
  }
  return { sub: sub.name, options, shown: ['/nardy', sub.name, ...shown].join(' ') };
}

function fitsBare(definition: Definition, word: string): boolean {
  switch (definition.type) {
    case USER: return word.startsWith('@');
    case INTEGER: return /^\d+$/.test(word);
    case BOOLEAN: return false;
    case STRING: return definition.choices !== undefined && choiceOf(definition, word) !== undefined;
    default: return false;
  }
}

function convert(definition: Definition, value: string, person: (name: string) => DiscordPerson | undefined): string | number | boolean | DiscordPerson {
  switch (definition.type) {
    case USER: {
      const found = person(value.replace(/^@/, ''));
      if (found === undefined) throw new BadRequest(`${definition.name}: no user "${value}" here (write @Name)`);
      return found;
    }
    case INTEGER: {
      const n = /^-?\d+$/.test(value) ? Number(value) : NaN;
      const min = definition.min_value ?? -Infinity;
      const max = definition.max_value ?? Infinity;
      if (!(n >= min && n <= max)) throw new BadRequest(`${definition.name}: a whole number ${shape(definition)} expected`);
      return n;
    }
    case BOOLEAN: {
      const word = value.toLowerCase();
      if (['true', 'yes', 'on'].includes(word)) return true;
      if (['false', 'no', 'off'].includes(word)) return false;
      throw new BadRequest(`${definition.name}: true or false expected`);
    }
    default: {
      if (definition.choices === undefined) {
        if (value === '' || value.length > (definition.max_length ?? 100)) throw new BadRequest(`${definition.name}: 1–${definition.max_length ?? 100} characters expected`);
        return value;
      }
      const choice = choiceOf(definition, value);
      if (choice === undefined) throw new BadRequest(`${definition.name}: one of ${shape(definition)}`);
      return choice;
    }
  }
}

/** The choice a word names: its value or its English name, or (for a variant) any of the engine's aliases. */
function choiceOf(definition: Definition, word: string): string | undefined {
  const lower = word.toLowerCase();
  const choice = definition.choices?.find((c) => String(c.value).toLowerCase() === lower || c.name.toLowerCase() === lower);
  if (choice !== undefined) return String(choice.value);
  if (definition.name !== 'variant') return undefined;
  const variant = findVariant(word);
  return variant.ok && definition.choices?.some((c) => c.value === variant.value.id) ? variant.value.id : undefined;
}

function shape(definition: Definition): string {
  switch (definition.type) {
    case USER: return '@Name';
    case INTEGER: return `${definition.min_value ?? ''}–${definition.max_value ?? ''}`;
    case BOOLEAN: return 'true|false';
    default: return definition.choices === undefined ? 'text' : definition.choices.map((c) => c.value).join('|');
  }
}

function describe(definitions: readonly Definition[]): string {
  return definitions.length === 0 ? 'none' : definitions.map((d) => `${d.name}:${shape(d)}`).join(' ');
}

/** Words, keeping `name:"two words"` and `"two words"` whole. */
function tokens(text: string): string[] {
  return text.match(/[^\s"]+:"[^"]*"|"[^"]*"|\S+/g) ?? [];
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/** A string option without choices: free text, as many words as the user types. */
function isFreeText(definition: Definition): boolean {
  return definition.type === STRING && definition.choices === undefined;
}
