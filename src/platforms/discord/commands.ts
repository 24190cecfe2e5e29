/**
 * The `/nardy` slash command as Discord registers it (`npm run discord:register`): one command
 * with subcommands, so the bot takes one name in a server's command list. Names and choices are
 * what `parse.ts` reads; descriptions carry Russian localisations beside English (Discord has no Georgian).
 */
import type { API } from '@discordjs/core/http-only';
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { VARIANT_IDS } from '../../app/index.ts';
import { t } from '../../i18n/index.ts';

const SUBCOMMAND = 1;
const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const USER = 6;

/**
 * Discord localises command names and descriptions only into its own locales: Russian is one,
 * Georgian is not (its API refuses a `ka` key: Discord's locale list, discord.com/developers/docs/reference#locales,
 * has no Georgian), so Georgian players see English here and choose `/nardy lang` for the rest. The
 * Russian words are the catalog's (ru.ts header): сид, not зерно.
 */
type Text = { en: string; ru: string };

function described(text: Text) {
  return { description: text.en, description_localizations: { ru: text.ru } };
}

/** Every variant of the engine's registry, named as the chats name it. */
const VARIANT_CHOICES = VARIANT_IDS.map((id) => ({
  name: t('en', `variant.${id}`), name_localizations: { ru: t('ru', `variant.${id}`) }, value: id,
}));

const variantOption = { type: STRING, name: 'variant', ...described({ en: 'Which game', ru: 'Какая игра' }), choices: VARIANT_CHOICES };

/** The command definitions, ready for `PUT /applications/{id}/commands`. */
export const NARDY_COMMANDS: RESTPostAPIChatInputApplicationCommandsJSONBody[] = [{
  name: 'nardy',
  type: 1,
  ...described({ en: 'Play nardy and backgammon in this channel', ru: 'Играть в нарды в этом канале' }),
  options: [
    {
      type: SUBCOMMAND, name: 'challenge', ...described({ en: 'Challenge someone (or anyone) to a game', ru: 'Вызвать на игру (кого-то или любого)' }),
      options: [
        { type: USER, name: 'opponent', ...described({ en: 'Who may accept (empty: anyone)', ru: 'Кто может принять (пусто: любой)' }) },
        variantOption,
        { type: INTEGER, name: 'match', ...described({ en: 'Match to N points (0: a single game)', ru: 'Матч до N очков (0: одна партия)' }), min_value: 0, max_value: 25 },
        { type: BOOLEAN, name: 'cube', ...described({ en: 'Play with the doubling cube', ru: 'Играть с кубом удвоения' }) },
        {
          type: STRING, name: 'computer', ...described({ en: 'Play the computer at this level', ru: 'Играть с компьютером этого уровня' }),
          choices: [
            { name: 'beginner', name_localizations: { ru: 'новичок' }, value: 'beginner' },
            { name: 'medium', name_localizations: { ru: 'средний' }, value: 'medium' },
            { name: 'strong', name_localizations: { ru: 'сильный' }, value: 'strong' },
          ],
        },
        {
          type: STRING, name: 'clock', ...described({ en: 'Time control', ru: 'Контроль времени' }),
          choices: [
            { name: 'none', name_localizations: { ru: 'без часов' }, value: 'n' },
            { name: '15 min + 15 s', name_localizations: { ru: '15 мин + 15 с' }, value: 'f' },
            { name: '1 day per move', name_localizations: { ru: '1 день на ход' }, value: 'd1' },
            { name: '2 days per move', name_localizations: { ru: '2 дня на ход' }, value: 'd2' },
            { name: '3 days per move', name_localizations: { ru: '3 дня на ход' }, value: 'd3' },
            { name: '5 days per move', name_localizations: { ru: '5 дней на ход' }, value: 'd5' },
            { name: '7 days per move', name_localizations: { ru: '7 дней на ход' }, value: 'd7' },
          ],
        },
      ],
    },
    {
      // A typed move needs no message-content intent: it comes as this option.
      type: SUBCOMMAND, name: 'move', ...described({ en: 'Your move in words: 24/18 13/11, roll, double, take, pass', ru: 'Ход словами: 24/18 13/11, бросок, удвоить, беру, пас' }),
      options: [{ type: STRING, name: 'play', ...described({ en: 'e.g. 24/18 13/11, bar/22, 6/off, roll, take', ru: 'напр. 24/18 13/11, bar/22, 6/off, бросок, беру' }), required: true, max_length: 100 }],
    },
    { type: SUBCOMMAND, name: 'games', ...described({ en: 'Your games and challenges', ru: 'Ваши партии и вызовы' }) },
    { type: SUBCOMMAND, name: 'resign', ...described({ en: 'Resign your game in this channel', ru: 'Сдаться в партии этого канала' }) },
    { type: SUBCOMMAND, name: 'history', ...described({ en: 'Your game in this channel in notation', ru: 'Запись вашей партии в этом канале' }) },
    { type: SUBCOMMAND, name: 'review', ...described({ en: 'The computer reviews your last finished game here', ru: 'Компьютер разбирает вашу последнюю партию здесь' }) },
    { type: SUBCOMMAND, name: 'rules', ...described({ en: 'The rules', ru: 'Правила' }), options: [variantOption] },
    {
      type: SUBCOMMAND, name: 'vacation', ...described({ en: 'Vacation in your correspondence games', ru: 'Отпуск в партиях по переписке' }),
      options: [{ type: BOOLEAN, name: 'on', ...described({ en: 'On or off (empty: show)', ru: 'Включить или выключить (пусто: показать)' }) }],
    },
    {
      type: SUBCOMMAND, name: 'confirm', ...described({ en: 'Whether your turns wait for a Confirm press', ru: 'Подтверждать ли каждый ход' }),
      options: [{ type: BOOLEAN, name: 'on', ...described({ en: 'On or off (empty: show)', ru: 'Включить или выключить (пусто: показать)' }) }],
    },
    {
      type: SUBCOMMAND, name: 'remind', ...described({ en: 'Reminders to move', ru: 'Напоминания о ходе' }),
      options: [{
        type: STRING, name: 'mode', ...described({ en: 'How often', ru: 'Как часто' }),
        choices: [
          { name: 'off', name_localizations: { ru: 'выкл' }, value: 'off' },
          { name: 'default', name_localizations: { ru: 'обычно' }, value: 'default' },
          { name: 'frequent', name_localizations: { ru: 'часто' }, value: 'frequent' },
        ],
      }],
    },
    {
      type: SUBCOMMAND, name: 'quiet', ...described({ en: 'Quiet hours for reminders', ru: 'Тихие часы для напоминаний' }),
      options: [{ type: STRING, name: 'hours', ...described({ en: 'e.g. 23-7 +3 (hours, UTC offset) or off', ru: 'напр. 23-7 +3 (часы, сдвиг от UTC) или off' }), max_length: 20 }],
    },
    { type: SUBCOMMAND, name: 'tournament', ...described({ en: 'Open a tournament in this channel (knockout or round robin)', ru: 'Открыть турнир в этом канале (на выбывание или круговой)' }) },
    { type: SUBCOMMAND, name: 'help', ...described({ en: 'How to play with the bot', ru: 'Как играть с ботом' }) },
    {
      type: SUBCOMMAND, name: 'seed', ...described({ en: 'Your own dice seed, mixed into your next matches\' rolls', ru: 'Ваш сид для бросков в следующих матчах' }),
      options: [{ type: STRING, name: 'text', ...described({ en: 'Any text; off for none; empty shows yours', ru: 'Любой текст; off — без сида; пусто — показать' }), max_length: 64 }],
    },
    { type: SUBCOMMAND, name: 'dice', ...described({ en: 'Your dice over all your games, against fair dice', ru: 'Ваши кости за все партии в сравнении с честными' }) },
    { type: SUBCOMMAND, name: 'privacy', ...described({ en: 'What the bot keeps about you', ru: 'Что бот хранит о вас' }) },
    { type: SUBCOMMAND, name: 'forget', ...described({ en: 'Delete what the bot keeps about you', ru: 'Удалить то, что бот хранит о вас' }) },
    { type: SUBCOMMAND, name: 'top', ...described({ en: 'This channel\'s table of rated players', ru: 'Таблица рейтинга этого канала' }), options: [variantOption] },
    {
      type: SUBCOMMAND, name: 'stats', ...described({ en: 'Ratings and record of a player', ru: 'Рейтинг и результаты игрока' }),
      options: [{ type: USER, name: 'player', ...described({ en: 'Whose (empty: yours)', ru: 'Чьи (пусто: ваши)' }) }],
    },
    {
      type: SUBCOMMAND, name: 'weekly', ...described({ en: 'The weekly post in this channel', ru: 'Недельная сводка в этом канале' }),
      options: [{ type: BOOLEAN, name: 'on', ...described({ en: 'On or off (empty: show)', ru: 'Включить или выключить (пусто: показать)' }) }],
    },
    {
      type: SUBCOMMAND, name: 'lang', ...described({ en: 'The bot\'s language for you', ru: 'Язык бота для вас' }),
      options: [{
        type: STRING, name: 'language', ...described({ en: 'Language', ru: 'Язык' }),
        choices: [{ name: 'Русский', value: 'ru' }, { name: 'English', value: 'en' }, { name: 'ქართული', value: 'ka' }],
      }],
    },
  ],
}];

/**
 * Registers `/nardy` (bulk overwrite, so a rerun replaces it): in one guild, where it appears at
 * once (for trying the bot), or globally. Returns the registered commands' names.
 */
export async function registerCommands(api: API, applicationId: string, guildId?: string): Promise<string[]> {
  const registered = guildId === undefined
    ? await api.applicationCommands.bulkOverwriteGlobalCommands(applicationId, NARDY_COMMANDS)
    : await api.applicationCommands.bulkOverwriteGuildCommands(applicationId, guildId, NARDY_COMMANDS);
  return registered.map((c) => c.name);
}
