// Checks the packaged CloudFormation template for what running in public needs (README, "Running
// it in public"): no secret in it or in the state uploaded beside it; one role a function, with
// only the table actions, indexes and parameters it uses; the table of games survives `osls
// remove` and a replacement, and a prod deploy protects it and keeps point-in-time recovery.
// Called by check-package.sh, after packaging, from the repository's root:
//   node tools/deploy/check-template.mjs <template.json> <serverless-state.json> <prod-config.json>
// (the last is `osls print --stage prod --format json`: the stage parameters of prod). The secrets
// the packaging shell exported (dummies, shaped like real tokens) must appear in neither file.
import { readFileSync } from 'node:fs';

const [templatePath, statePath, prodPath] = process.argv.slice(2);
const templateText = readFileSync(templatePath, 'utf8');
const stateText = readFileSync(statePath, 'utf8');
const template = JSON.parse(templateText);
const prod = JSON.parse(readFileSync(prodPath, 'utf8'));
const problems = [];
const expect = (ok, problem) => void (ok || problems.push(problem));

// The table: retained by CloudFormation whatever the stage; protected and recoverable in prod.
const table = template.Resources.GamesTable;
expect(table?.DeletionPolicy === 'Retain', 'GamesTable has no DeletionPolicy: Retain (`osls remove` would delete every game)');
expect(table?.UpdateReplacePolicy === 'Retain', 'GamesTable has no UpdateReplacePolicy: Retain (a replacement would delete every game)');
expect(typeof table?.Properties?.DeletionProtectionEnabled === 'boolean', 'GamesTable does not set DeletionProtectionEnabled');
const prodTable = prod.resources?.Resources?.GamesTable;
expect(prodTable?.DeletionPolicy === 'Retain', 'GamesTable is not retained in prod');
expect(prodTable?.Properties?.DeletionProtectionEnabled === true, 'prod: GamesTable has no deletion protection');
expect(prodTable?.Properties?.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled === true, 'prod: GamesTable has no point-in-time recovery');

// The public legal-plays URL has its own small concurrency, below the webhooks'.
const reserved = (name) => template.Resources[`${name}LambdaFunction`]?.Properties?.ReservedConcurrentExecutions;
expect(Number.isInteger(reserved('Legal')) && reserved('Legal') < reserved('Telegram'), `the legal function's reserved concurrency (${reserved('Legal')}) is not its own, below the webhooks' (${reserved('Telegram')})`);

// Secrets: a token's shape (Telegram `<id>:<35 characters>`, Discord's three base64url parts), or
// any secret value the packaging shell holds, in a file that is uploaded to the deployment bucket.
const TOKEN_SHAPES = [/\b\d{5,20}:[A-Za-z0-9_-]{30,}/, /\b[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}\b/];
for (const [file, text] of [['the template', templateText], ['serverless-state.json', stateText]]) {
  for (const shape of TOKEN_SHAPES) {
    const found = text.match(shape);
    expect(found === null, `${file} holds a token-shaped value (${found?.[0].slice(0, 12)}…): secrets belong in Parameter Store`);
  }
  for (const name of ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET', 'DISCORD_BOT_TOKEN', 'VK_TOKEN', 'VK_SECRET']) {
    const value = process.env[name];
    expect(value === undefined || value.length < 8 || !text.includes(value), `${file} holds the value of ${name}: secrets belong in Parameter Store`);
  }
}

// Roles: one a function, only what it uses.
const resources = template.Resources;
/** A template value as text: Fn::Join joined, Ref and Fn::GetAtt written as ${…}. */
const flat = (v) => typeof v === 'string' ? v
  : v?.['Fn::Join'] ? v['Fn::Join'][1].map(flat).join(v['Fn::Join'][0])
  : v?.Ref ? `\${${v.Ref}}` : v?.['Fn::GetAtt'] ? `\${${[].concat(v['Fn::GetAtt']).join('.')}}` : JSON.stringify(v);
const list = (v) => [].concat(v ?? []);
const statementsOf = (role) => list(resources[role]?.Properties?.Policies).flatMap((p) => list(p.PolicyDocument?.Statement));
const FUNCTIONS = ['Legal', 'Telegram', 'Discord', 'Vk', 'Scheduler'];
const roleOf = (fn) => resources[`${fn}LambdaFunction`]?.Properties?.Role?.['Fn::GetAtt']?.[0];
expect(resources.IamRoleLambdaExecution === undefined, 'a shared role (IamRoleLambdaExecution) exists: every function has its own');
expect(new Set(FUNCTIONS.map(roleOf)).size === FUNCTIONS.length && FUNCTIONS.every(roleOf), `the functions do not each have their own role: ${FUNCTIONS.map((f) => `${f}=${roleOf(f)}`).join(' ')}`);
const tableArn = '${GamesTable.Arn}';
// What the store calls (src/store/dynamodb.ts, and club.ts for ratings) and which indexes it names (src/store/layout.ts).
const storeText = ['src/store/dynamodb.ts', 'src/store/club.ts', 'src/store/filing.ts', 'src/store/pages.ts', 'src/store/table.ts'].map((file) => readFileSync(file, 'utf8')).join('\n');
const ACTION_OF = { Get: 'GetItem', Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', Query: 'Query', Scan: 'Scan', BatchGet: 'BatchGetItem', BatchWrite: 'BatchWriteItem', TransactWrite: 'TransactWriteItems', TransactGet: 'TransactGetItems' };
// The store's own client (src/store/connection.ts): `db.get(…)`, `db.batchGet(…)`, …; `db.table(…)` is table management (createTable), not a function's.
const used = new Set([
  ...[...storeText.matchAll(/new (\w+?)Command\(/g)].map((m) => `dynamodb:${ACTION_OF[m[1]] ?? m[1]}`),
  ...[...storeText.matchAll(/\bdb\.(get|put|update|query|scan|batchGet|batchWrite)\(/g)].map((m) => `dynamodb:${ACTION_OF[m[1][0].toUpperCase() + m[1].slice(1)]}`),
]);
const layout = readFileSync('src/store/layout.ts', 'utf8');
const indexes = [...(layout.match(/export const INDEX = \{([^}]*)\}/)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
expect(indexes.length > 0, 'no index names found in src/store/layout.ts (INDEX)');
const granted = new Set();
const grantedIndexes = new Set();
for (const fn of FUNCTIONS) {
  const role = roleOf(fn);
  const env = resources[`${fn}LambdaFunction`]?.Properties?.Environment?.Variables ?? {};
  const wantedParameters = Object.entries(env).filter(([k]) => k.endsWith('_PARAMETER')).map(([, v]) => v).sort();
  const grantedParameters = [];
  for (const st of statementsOf(role)) {
    const actions = list(st.Action);
    const targets = list(st.Resource).map(flat);
    expect(st.Effect === 'Allow' && actions.every((a) => !a.includes('*')), `${role}: an action with a wildcard or a Deny: ${actions}`);
    expect(targets.every((t) => !t.endsWith('*') && t !== '*'), `${role}: a resource with a wildcard: ${targets}`);
    for (const action of actions.filter((a) => a.startsWith('dynamodb:'))) {
      granted.add(action);
      for (const t of targets) {
        const index = t.startsWith(`${tableArn}/index/`) ? t.slice(`${tableArn}/index/`.length) : undefined;
        expect(t === tableArn || index !== undefined, `${role}: ${action} on something other than the table: ${t}`);
        if (index !== undefined) {
          expect(indexes.includes(index), `${role}: ${action} on an index the store does not have: ${index}`);
          grantedIndexes.add(index);
        }
      }
    }
    for (const action of actions.filter((a) => a.startsWith('ssm:'))) {
      expect(action === 'ssm:GetParameters', `${role}: ${action} (the functions only read parameters)`);
      for (const t of targets) grantedParameters.push(t.replace(/^arn:\$\{AWS::Partition\}:ssm:\$\{AWS::Region\}:\$\{AWS::AccountId\}:parameter/, ''));
    }
    expect(actions.every((a) => /^(logs|dynamodb|ssm):/.test(a)), `${role}: an action of another service: ${actions}`);
  }
  expect(JSON.stringify(grantedParameters.sort()) === JSON.stringify(wantedParameters),
    `${role} may read parameters [${grantedParameters}] but ${fn} names [${wantedParameters}]: each role reads its own parameters only`);
}
for (const action of used) expect(granted.has(action), `the store calls ${action} (src/store/dynamodb.ts) but no role may`);
// A function that saves games (UpdateItem on the table) may have to delete a game's old pages: a
// save that rewrites a history (a name forgotten, or faded by the scheduler) finds them with a
// Query of the table and deletes them in a batch (src/store/pages.ts, dropBefore).
for (const fn of FUNCTIONS) {
  const onTable = statementsOf(roleOf(fn)).filter((st) => list(st.Resource).map(flat).includes(tableArn)).flatMap((st) => list(st.Action));
  if (!onTable.includes('dynamodb:UpdateItem')) continue;
  for (const action of ['dynamodb:Query', 'dynamodb:BatchWriteItem']) expect(onTable.includes(action), `${fn} saves games but may not ${action} on the table (a rewritten history deletes its pages: src/store/pages.ts)`);
}
for (const index of indexes) expect(grantedIndexes.has(index), `no role may query the index ${index} (src/store/layout.ts)`);
const scheduler = resources.SchedulerLambdaFunction?.Properties?.Environment?.Variables ?? {};
expect(!Object.keys(scheduler).some((k) => k.startsWith('TELEGRAM_WEBHOOK_SECRET')), 'the scheduler is given the webhook secret it does not need');

// The operator's view (docs/operate.md): each function has its error, throttle and p99-duration
// alarms; the table its throttling alarm; the scheduler an alarm on the EMF metric of a finished
// sweep; a dashboard; and the alarms' mail topic only when an address is given (none here).
const alarms = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm');
const onFunction = (fn, metric) => alarms.some(([, { Properties: p }]) => p.Namespace === 'AWS/Lambda' && p.MetricName === metric
  && list(p.Dimensions).some((d) => d.Name === 'FunctionName' && d.Value?.Ref === `${fn}LambdaFunction`)
  && (metric !== 'Duration' || p.ExtendedStatistic === 'p99'));
// Each messenger's function: an alarm on the bugs its updates hit (the EMF metric Errors, Kind=bug).
for (const fn of FUNCTIONS.filter((f) => f !== 'Legal' && f !== 'Scheduler')) {
  const platform = fn.toLowerCase();
  expect(alarms.some(([, { Properties: p }]) => p.MetricName === 'Errors' && list(p.Dimensions).some((d) => d.Name === 'Platform' && d.Value === platform)
    && list(p.Dimensions).some((d) => d.Name === 'Kind' && d.Value === 'bug')), `${fn} has no alarm on the bugs its updates hit (Errors, Platform=${platform}, Kind=bug)`);
}
for (const fn of FUNCTIONS) {
  for (const metric of ['Errors', 'Throttles', 'Duration']) expect(onFunction(fn, metric), `${fn} has no alarm on its ${metric}${metric === 'Duration' ? ' (p99)' : ''} (AWS/Lambda)`);
}
expect(alarms.some(([, { Properties: p }]) => list(p.Metrics).some((m) => m.MetricStat?.Metric?.Namespace === 'AWS/DynamoDB' && m.MetricStat.Metric.MetricName === 'ThrottledRequests'
  && list(m.MetricStat.Metric.Dimensions).some((d) => d.Name === 'TableName' && d.Value?.Ref === 'GamesTable'))), 'no alarm on the games table\'s throttled requests');
const namespace = resources.TelegramLambdaFunction?.Properties?.Environment?.Variables?.POWERTOOLS_METRICS_NAMESPACE;
expect(typeof namespace === 'string' && alarms.some(([, { Properties: p }]) => p.Namespace === namespace && p.MetricName === 'SweepSucceeded' && p.ComparisonOperator === 'LessThanThreshold' && p.TreatMissingData === 'breaching'),
  'no alarm fires when no sweep finishes (SweepSucceeded, missing data breaching, in the functions\' POWERTOOLS_METRICS_NAMESPACE)');
expect(Object.values(resources).some((r) => r.Type === 'AWS::CloudWatch::Dashboard'), 'no CloudWatch dashboard');
const topics = Object.values(resources).filter((r) => r.Type === 'AWS::SNS::Topic');
expect(topics.every((topic) => topic.Condition !== undefined), 'an SNS topic without a condition: the alarm topic exists only when alarmEmail is given');
const optional = (actions) => actions?.['Fn::If'] !== undefined && template.Conditions?.[actions['Fn::If'][0]] !== undefined;
expect(alarms.every(([, { Properties: p }]) => optional(p.AlarmActions)), 'an alarm whose actions are not the optional alarm topic (!If on a condition)');

if (problems.length > 0) {
  for (const problem of problems) console.error(`check-template: ${problem}`);
  process.exit(1);
}
console.log('check-template: no secret in the template or the state; one role a function, only what it uses; the table is retained (prod: deletion protection, PITR); legal has its own concurrency; every function has its alarms (errors, throttles, p99), the table and the scheduler theirs, a dashboard');
