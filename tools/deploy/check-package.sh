#!/usr/bin/env bash
# Packages the service offline (`npx osls package --stage ci`: no AWS account, no credentials, no
# AWS call) and checks the zips: each holds its handler, the telegram, discord, vk and scheduler ones
# also sharp's linux-x64 binaries (its JavaScript is bundled) and the bundled font; checks the template (check-template.mjs:
# no secret, one role a function, the table retained); then imports the bundled handlers under
# Node from the unzipped package (telegram's top-level await and INIT render included, secrets read
# from a Parameter Store stand-in) and prints the cold import times.
# The npm registry (or npm's cache) is used: serverless-esbuild installs sharp's binaries into the
# zip (its JavaScript is bundled).
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "check-package: $*" >&2; exit 1; }
command -v unzip >/dev/null 2>&1 || fail "unzip is missing: apt-get install -y unzip"

# No credentials of any kind, so nothing can reach AWS even by mistake.
unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN AWS_PROFILE AWS_DEFAULT_PROFILE
export AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null AWS_EC2_METADATA_DISABLED=true
# serverless.yml reads the bot's public settings from the environment. The secrets are exported too,
# as dummies shaped like real ones: a template that took them from the environment again would hold
# them, and check-template.mjs fails on that (they belong in Parameter Store).
export TELEGRAM_BOT_USERNAME=nardy_ci_bot DISCORD_APPLICATION_ID=100000000000000001
export DISCORD_PUBLIC_KEY=0000000000000000000000000000000000000000000000000000000000000000
export TELEGRAM_BOT_TOKEN=1234567890:AAci-dummy_token-not-real-0123456789 TELEGRAM_WEBHOOK_SECRET=ci-dummy-webhook-secret-0123456789
export DISCORD_BOT_TOKEN=MTAwMDAwMDAwMDAwMDAwMDAx.GciDum.ci-dummy-discord-bot-token-not-real
export VK_GROUP_ID=200000001 VK_CONFIRMATION=ci0dummy VK_TOKEN=vk1.a.ci-dummy-vk-community-token-not-real-0123456789 VK_SECRET=ciDummyVkSecret0123456789
export npm_config_update_notifier=false npm_config_audit=false npm_config_fund=false

rm -rf .serverless .esbuild
npx osls package --stage ci

# (grep -c, not -q: -q would stop reading early and fail the pipeline with unzip's SIGPIPE.)
has() { # zip, pattern (extended regex on the listed names), what
  unzip -Z1 "$1" | grep -Ec "$2" >/dev/null || fail "$(basename "$1") lacks $3 (no entry matching /$2/)"
}
for fn in legal telegram discord vk scheduler; do
  zip=".serverless/$fn.zip"
  [ -f "$zip" ] || fail "$zip was not produced"
  has "$zip" "^functions/$fn\.mjs$" "its handler functions/$fn.mjs"
done
tg=.serverless/telegram.zip
for zip in "$tg" .serverless/discord.zip .serverless/vk.zip .serverless/scheduler.zip; do
  has "$zip" '^node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64-.*\.node$' "sharp's linux-x64 binding (@img/sharp-linux-x64)"
  has "$zip" '^node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp\.so' "libvips (@img/sharp-libvips-linux-x64)"
  has "$zip" '^assets/fonts/DejaVuSans\.ttf$' "the font assets/fonts/DejaVuSans.ttf"
  has "$zip" '^assets/fonts/fonts\.conf$' "assets/fonts/fonts.conf"
  has "$zip" '^assets/backgrounds/right-short-true\.bin$' "the shipped backgrounds (assets/backgrounds/)"
  has "$zip" '^assets/sprites/pieces\.bin$' "the shipped pieces (assets/sprites/)"
  if unzip -Z1 "$zip" | grep -Ec '^node_modules/@img/sharp-(darwin|win32|linuxmusl)' >/dev/null; then
    fail "$(basename "$zip") holds sharp binaries for another platform"
  fi
done
if unzip -Z1 .serverless/legal.zip | grep -Ec '^(node_modules|assets)/' >/dev/null; then
  fail "legal.zip holds node_modules/ or assets/ it does not need"
fi

# The template as deployed (ci) and prod's stage parameters (resolved offline, nothing deployed).
npx osls print --stage prod --format json > .serverless/prod-config.json
node tools/deploy/check-template.mjs .serverless/cloudformation-template-update-stack.json .serverless/serverless-state.json .serverless/prod-config.json \
  || fail "the template is not fit to run in public (see above)"

echo "zip sizes:"
for zip in .serverless/*.zip; do
  printf '  %-14s %6s KB zipped, %6s KB unzipped\n' "$(basename "$zip")" \
    "$(( $(stat -c %s "$zip") / 1024 ))" "$(( $(unzip -l "$zip" | tail -1 | awk '{print $1}') / 1024 ))"
done

# Smoke: the bundles load as Lambda would load them (ESM, from the package's own node_modules).
task=$(mktemp -d)
trap 'rm -rf "$task"' EXIT
unzip -q "$tg" -d "$task/telegram"
unzip -q .serverless/legal.zip -d "$task/legal"
unzip -q .serverless/discord.zip -d "$task/discord"
unzip -q .serverless/scheduler.zip -d "$task/scheduler"
unzip -q .serverless/vk.zip -d "$task/vk"
(
  cd "$task"
  # An unused local port: nothing is called at import, and a call would fail fast, never reach AWS.
  export DYNAMODB_ENDPOINT=http://127.0.0.1:9 TABLE_NAME=nardy-ci AWS_REGION=eu-central-1
  export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true   # CI runs Node 20; Lambda runs 22
  export FONTCONFIG_FILE="$task/telegram/assets/fonts/fonts.conf"
  # The secrets come from Parameter Store, as deployed: a stand-in below answers GetParameters.
  unset TELEGRAM_BOT_TOKEN TELEGRAM_WEBHOOK_SECRET DISCORD_BOT_TOKEN VK_TOKEN VK_SECRET
  # VK only for its own bundle (set below, before it is imported): the others run as a deployment without VK.
  unset VK_GROUP_ID VK_CONFIRMATION
  export TELEGRAM_BOT_TOKEN_PARAMETER=/nardy/ci/telegram-bot-token TELEGRAM_WEBHOOK_SECRET_PARAMETER=/nardy/ci/telegram-webhook-secret
  export DISCORD_BOT_TOKEN_PARAMETER=/nardy/ci/discord-bot-token BUTTON_TOKEN_KEY_PARAMETER=/nardy/ci/button-token-key
  node --input-type=module -e '
    const { createServer } = await import("node:http");
    const secrets = { "/nardy/ci/telegram-bot-token": "123456:ci-smoke-token", "/nardy/ci/telegram-webhook-secret": "ci-smoke-secret", "/nardy/ci/discord-bot-token": "ci.smoke.discord-bot-token", "/nardy/ci/button-token-key": "ci-smoke-button-token-key-of-32-chars-at-least", "/nardy/ci/vk-token": "vk1.a.ci-smoke-vk-community-token-0123", "/nardy/ci/vk-secret": "ciSmokeVkSecret" };
    const asked = [];
    const ssm = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c)).on("end", () => {
        const { Names } = JSON.parse(body);
        asked.push(Names);
        res.writeHead(200, { "content-type": "application/x-amz-json-1.1" });
        res.end(JSON.stringify({ Parameters: Names.filter((n) => n in secrets).map((n) => ({ Name: n, Type: "SecureString", Value: secrets[n] })), InvalidParameters: [] }));
      });
    });
    await new Promise((resolve) => ssm.listen(0, "127.0.0.1", resolve));
    process.env.SSM_ENDPOINT = `http://127.0.0.1:${ssm.address().port}`;
    const t0 = performance.now();
    const telegram = await import("./telegram/functions/telegram.mjs");
    const t1 = performance.now();
    const legal = await import("./legal/functions/legal.mjs");
    const t2 = performance.now();
    // The streaming helpers the Lambda Node.js runtime provides as a global.
    let streamed;
    globalThis.awslambda = {
      streamifyResponse: (h) => h,
      HttpResponseStream: { from: (_s, prelude) => ({ write: (b) => (streamed = { ...prelude, body: b }), end: () => {} }) },
    };
    const discord = await import("./discord/functions/discord.mjs");
    const t3 = performance.now();
    const scheduler = await import("./scheduler/functions/scheduler.mjs");
    const t4 = performance.now();
    Object.assign(process.env, { VK_GROUP_ID: "200000001", VK_CONFIRMATION: "ci0smoke", VK_TOKEN_PARAMETER: "/nardy/ci/vk-token", VK_SECRET_PARAMETER: "/nardy/ci/vk-secret" });
    const vk = await import("./vk/functions/vk.mjs");
    const t5 = performance.now();
    if ([telegram, legal, discord, scheduler, vk].some((m) => typeof m.handler !== "function")) throw new Error("a handler is not exported");
    await vk.handler({ headers: {}, body: "{\"type\":\"message_new\",\"group_id\":200000001,\"secret\":\"guess\",\"object\":{}}" }, {});
    if (streamed?.statusCode !== 403) throw new Error(`vk accepted an event without the secret key: ${streamed?.statusCode}`);
    await vk.handler({ headers: {}, body: "{\"type\":\"confirmation\",\"group_id\":200000001}" }, {});
    if (streamed?.body !== "ci0smoke") throw new Error(`vk did not confirm its address: ${streamed?.body}`);
    await discord.handler({ headers: {}, body: "{\"type\":1}" }, {});
    if (streamed?.statusCode !== 401) throw new Error(`discord accepted an unsigned interaction: ${streamed?.statusCode}`);
    const denied = await telegram.handler({ headers: {}, body: "{}" });
    if (denied.statusCode < 400) throw new Error(`telegram accepted an update without the secret: ${denied.statusCode}`);
    const empty = await legal.handler({ body: "" });
    if (empty.statusCode !== 400) throw new Error(`legal answered ${empty.statusCode} to an empty body`);
    const large = await legal.handler({ body: "{}\n".repeat(40000) });
    if (large.statusCode !== 413) throw new Error(`legal answered ${large.statusCode} to a 117 KB body`);
    ssm.close();
    // One call at each cold start that reads secrets: telegram, scheduler (discord only reads after an acknowledgement), vk (6: its own two besides).
    if (asked.length !== 3 || asked.slice(0, 2).some((names) => names.length !== 4) || asked[2].length !== 6) throw new Error(`the bundles read ${JSON.stringify(asked)} from Parameter Store (expected one call of 4 names from telegram and from the scheduler, 6 from vk)`);
    console.log(`cold import (INIT; the renderer starts loading, unawaited): telegram ${(t1 - t0).toFixed(0)} ms, legal ${(t2 - t1).toFixed(0)} ms, discord ${(t3 - t2).toFixed(0)} ms, scheduler ${(t4 - t3).toFixed(0)} ms, vk ${(t5 - t4).toFixed(0)} ms`);
    console.log(`telegram without the secret header -> ${denied.statusCode}; legal with an empty body -> ${empty.statusCode}, a 117 KB one -> ${large.statusCode}; discord unsigned -> ${streamed.statusCode}; Parameter Store calls at INIT: ${asked.length}`);
  '
) || fail "a bundled handler does not load or answer (see the error above)"
echo "check-package: ok"
