/**
 * `npm run discord:register [-- --guild <id>]`: registers the `/nardy` slash command from the
 * definitions in code (src/platforms/discord/commands.ts) — in one guild, where it shows at once,
 * or globally (Discord may take a while to show a global change). Needs DISCORD_APPLICATION_ID
 * and DISCORD_BOT_TOKEN; DISCORD_API_ROOT points it at a stand-in.
 */
import { ConfigError, config } from '../../src/config.ts';
import { discordClient, registerCommands } from '../../src/platforms/discord/index.ts';

const guildAt = process.argv.indexOf('--guild');
const guildId = guildAt < 0 ? undefined : process.argv[guildAt + 1];
if (guildId !== undefined && !/^\d{17,20}$/.test(guildId)) throw new ConfigError(`--guild ${JSON.stringify(guildId)}: expected a guild id (a snowflake)`);
const { applicationId, botToken, apiRoot } = config.discord ?? {};
if (applicationId === undefined || botToken === undefined) throw new ConfigError('DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN must be set to register commands');

const client = discordClient({ applicationId, botToken, apiRoot: apiRoot ?? 'https://discord.com/api' });
const names = await registerCommands(client.api, applicationId, guildId);
console.log(`registered ${names.map((n) => `/${n}`).join(', ')} ${guildId === undefined ? 'globally' : `in guild ${guildId}`}`);
