/**
 * The command line: `npm run -s nardy -- <command>`. A stable interface others script against;
 * the contract of `legal` is documented in README.md and must not change.
 */
import { parseArgs } from 'node:util';
import { VARIANTS } from '../engine/index.ts';
import { legalCommand, legalBatch } from './legal.ts';
import { perftCommand } from './perft.ts';
import { renderCommand } from './render.ts';
import { playCommand, showCommand } from './replay.ts';
import { verifyCommand } from './verify.ts';

const USAGE = `usage: nardy <command> [options]
  legal --variant V (--position ID | --board JSON) --dice a-b [--first-turn] [--options JSON]
  legal --batch [--variant V]          JSON lines on stdin, one answer line each
  perft --variant V --depth D [--divide] [--options JSON]
  show  --variant V (--position ID | --board JSON)
  play  --variant V [--options JSON] "3-1: 8/5 6/5" "6-4: 24/14" ...
  render --variant V (--position ID | --board JSON) [--dice a-b] [--spec JSON] [--out file.png]
  verify transcript.json [--rolls N] [--hash H] [--record match.txt]
                                       every roll of a finished match's dice transcript, recomputed;
                                       the result's roll count and hash compared; the record's dice checked
variants: ${Object.keys(VARIANTS).join(', ')}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      variant: { type: 'string' },
      position: { type: 'string' },
      board: { type: 'string' },
      dice: { type: 'string' },
      'first-turn': { type: 'boolean' },
      options: { type: 'string' },
      batch: { type: 'boolean' },
      depth: { type: 'string' },
      divide: { type: 'boolean' },
      out: { type: 'string' },
      spec: { type: 'string' },
      rolls: { type: 'string' },
      hash: { type: 'string' },
      record: { type: 'string' },
    },
  });
  switch (command) {
    case 'legal':
      return values.batch ? legalBatch(values, process.stdin, process.stdout) : legalCommand(values, process.stdout);
    case 'perft':
      return perftCommand(values, process.stdout);
    case 'show':
      return showCommand(values, process.stdout);
    case 'play':
      return playCommand(values, positionals, process.stdout);
    case 'render':
      return renderCommand(values, process.stdout);
    case 'verify':
      return verifyCommand(positionals[0], process.stdout, values);
    default:
      process.stderr.write(`${command ? `unknown command "${command}"\n` : ''}${USAGE}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
