/**
 * The `/nardy` slash command as Discord registers it (`npm run discord:register`): one command
 * with subcommands, so the bot takes one name in a server's command list. Names and choices are
 * what `parse.ts` reads; descriptions carry ru and ka localisations beside English.
 */
import type { API } from '@discordjs/core/http-only';
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';

const SUBCOMMAND = 1;
const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const USER = 6;

type Text = { en: string; ru: string; ka: string };

function described(text: Text) {
  return { description: text.en, description_localizations: { ru: text.ru, ka: text.ka } };
}

const VARIANTS = [
  { name: 'long nardy', name_localizations: { ru: 'длинные нарды', ka: 'გრძელი ნარდი' }, value: 'long' },
  { name: 'short nardy (backgammon)', name_localizations: { ru: 'короткие нарды (бэкгеммон)', ka: 'მოკლე ნარდი (ნარდი)' }, value: 'short' },
];

const variantOption = { type: STRING, name: 'variant', ...described({ en: 'Which game', ru: 'Какая игра', ka: 'რომელი თამაში' }), choices: VARIANTS };

/** The command definitions, ready for `PUT /applications/{id}/commands`. */
export const NARDY_COMMANDS: RESTPostAPIChatInputApplicationCommandsJSONBody[] = [{
  name: 'nardy',
  type: 1,
  ...described({ en: 'Play nardy and backgammon in this channel', ru: 'Играть в нарды в этом канале', ka: 'ნარდის თამაში ამ არხში' }),
  options: [
    {
      type: SUBCOMMAND, name: 'challenge', ...described({ en: 'Challenge someone (or anyone) to a game', ru: 'Вызвать на игру (кого-то или любого)', ka: 'თამაშში გამოწვევა' }),
      options: [
        { type: USER, name: 'opponent', ...described({ en: 'Who may accept (empty: anyone)', ru: 'Кто может принять (пусто: любой)', ka: 'ვინ მიიღებს (ცარიელი: ნებისმიერი)' }) },
        variantOption,
        { type: INTEGER, name: 'match', ...described({ en: 'Match to N points (0: a single game)', ru: 'Матч до N очков (0: одна партия)', ka: 'მატჩი N ქულამდე (0: ერთი პარტია)' }), min_value: 0, max_value: 25 },
        { type: BOOLEAN, name: 'cube', ...described({ en: 'Play with the doubling cube', ru: 'Играть с кубом удвоения', ka: 'გაორმაგების კუბით' }) },
        {
          type: STRING, name: 'clock', ...described({ en: 'Time control', ru: 'Контроль времени', ka: 'დროის კონტროლი' }),
          choices: [
            { name: 'none', name_localizations: { ru: 'без часов', ka: 'საათის გარეშე' }, value: 'n' },
            { name: '15 min + 15 s', name_localizations: { ru: '15 мин + 15 с', ka: '15 წთ + 15 წმ' }, value: 'f' },
            { name: '1 day per move', name_localizations: { ru: '1 день на ход', ka: '1 დღე სვლაზე' }, value: 'd1' },
            { name: '3 days per move', name_localizations: { ru: '3 дня на ход', ka: '3 დღე სვლაზე' }, value: 'd3' },
          ],
        },
      ],
    },
    { type: SUBCOMMAND, name: 'games', ...described({ en: 'Your games and challenges', ru: 'Ваши партии и вызовы', ka: 'თქვენი თამაშები' }) },
    { type: SUBCOMMAND, name: 'resign', ...described({ en: 'Resign your game in this channel', ru: 'Сдаться в партии этого канала', ka: 'დანებება ამ არხის თამაშში' }) },
    { type: SUBCOMMAND, name: 'rules', ...described({ en: 'The rules', ru: 'Правила', ka: 'წესები' }), options: [variantOption] },
    {
      type: SUBCOMMAND, name: 'vacation', ...described({ en: 'Vacation in your correspondence games', ru: 'Отпуск в партиях по переписке', ka: 'შვებულება მიმოწერის პარტიებში' }),
      options: [{ type: BOOLEAN, name: 'on', ...described({ en: 'On or off (empty: show)', ru: 'Включить или выключить (пусто: показать)', ka: 'ჩართვა ან გამორთვა' }) }],
    },
    {
      type: SUBCOMMAND, name: 'remind', ...described({ en: 'Reminders to move', ru: 'Напоминания о ходе', ka: 'შეხსენებები სვლაზე' }),
      options: [{
        type: STRING, name: 'mode', ...described({ en: 'How often', ru: 'Как часто', ka: 'რამდენად ხშირად' }),
        choices: [
          { name: 'off', name_localizations: { ru: 'выкл', ka: 'გამორთული' }, value: 'off' },
          { name: 'default', name_localizations: { ru: 'обычно', ka: 'ჩვეულებრივ' }, value: 'default' },
          { name: 'frequent', name_localizations: { ru: 'часто', ka: 'ხშირად' }, value: 'frequent' },
        ],
      }],
    },
    {
      type: SUBCOMMAND, name: 'quiet', ...described({ en: 'Quiet hours for reminders', ru: 'Тихие часы для напоминаний', ka: 'მშვიდი საათები' }),
      options: [{ type: STRING, name: 'hours', ...described({ en: 'e.g. 23-7 +3 (hours, UTC offset) or off', ru: 'напр. 23-7 +3 (часы, сдвиг от UTC) или off', ka: 'მაგ. 23-7 +4 ან off' }), max_length: 20 }],
    },
    { type: SUBCOMMAND, name: 'help', ...described({ en: 'How to play with the bot', ru: 'Как играть с ботом', ka: 'როგორ ვითამაშოთ' }) },
    {
      type: SUBCOMMAND, name: 'lang', ...described({ en: 'The bot\'s language for you', ru: 'Язык бота для вас', ka: 'ბოტის ენა' }),
      options: [{
        type: STRING, name: 'language', ...described({ en: 'Language', ru: 'Язык', ka: 'ენა' }),
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
