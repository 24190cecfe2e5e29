// Checks the packaged CloudFormation template for what running in public needs (README, "Running
// it in public"): the table of games survives `osls remove` and a replacement, and a prod deploy
// protects it and keeps point-in-time recovery. Called by check-package.sh, after packaging:
//   node tools/deploy/check-template.mjs <template.json> <prod-config.json>
// (the second file is `osls print --stage prod --format json`: the stage parameters of prod).
import { readFileSync } from 'node:fs';

const [templatePath, prodPath] = process.argv.slice(2);
const template = JSON.parse(readFileSync(templatePath, 'utf8'));
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

if (problems.length > 0) {
  for (const problem of problems) console.error(`check-template: ${problem}`);
  process.exit(1);
}
console.log('check-template: the table is retained (prod: deletion protection, PITR); legal has its own concurrency');
