/**
 * `nardy verify <transcript.json> [--rolls N] [--hash H] [--record match.txt]`: recomputes every
 * roll of a finished match's dice transcript (the 🔍 button on a result, or `/history`). Prints
 * "all N rolls match", the transcript's hash to compare with the result of the match, and exits 0;
 * or the first mismatch and exits 1. With `--rolls` and `--hash` (as the result of the match shows
 * them, issue #48) it checks the file is the whole transcript; with `--record` (the match's record,
 * 📜 History's `.txt`) it replays the moves and checks each used the derived dice.
 */
import { readFile } from 'node:fs/promises';
import { verifyWhole, type Expected } from '../dice/verify.ts';
import { recordDiceProblem } from './verify-record.ts';

export interface VerifyFlags {
  readonly rolls?: string;
  readonly hash?: string;
  readonly record?: string;
}

const USAGE = 'usage: nardy verify <transcript.json> [--rolls N] [--hash H] [--record match.txt]\n';

export async function verifyCommand(file: string | undefined, out: NodeJS.WritableStream, flags: VerifyFlags = {}): Promise<number> {
  if (file === undefined) {
    out.write(USAGE);
    return 2;
  }
  if (flags.rolls !== undefined && !/^\d+$/.test(flags.rolls)) return void out.write(`--rolls takes a number of rolls, not "${flags.rolls}"\n${USAGE}`), 2;
  if (flags.hash !== undefined && !/^[0-9a-fA-F]{12}$/.test(flags.hash)) return void out.write(`--hash takes the 12 hex digits the result shows, not "${flags.hash}"\n${USAGE}`), 2;
  let parsed: unknown;
  let record: string | undefined;
  let reading = file;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
    if (flags.record !== undefined) record = await readFile((reading = flags.record), 'utf8');
  } catch (err) {
    out.write(`cannot read ${reading}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const expected: Expected = { ...(flags.rolls === undefined ? {} : { rolls: Number(flags.rolls) }), ...(flags.hash === undefined ? {} : { hash: flags.hash }) };
  const verdict = verifyWhole(parsed, expected);
  if (!verdict.ok) {
    out.write(`mismatch: ${verdict.problem}\n`);
    return 1;
  }
  if (record !== undefined) {
    const problem = recordDiceProblem(parsed as Parameters<typeof recordDiceProblem>[0], record);
    if (problem !== undefined) {
      out.write(`mismatch: ${problem}\n`);
      return 1;
    }
  }
  out.write(`all ${verdict.rolls} rolls match\n`);
  const compared = [expected.rolls === undefined ? undefined : 'roll count', expected.hash === undefined ? undefined : 'hash', record === undefined ? undefined : 'the record\'s dice'].filter((x) => x !== undefined);
  out.write(compared.length > 0
    ? `${verdict.rolls} rolls, hash ${verdict.hash}: ${compared.join(', ')} as the match gave them\n`
    : `${verdict.rolls} rolls, hash ${verdict.hash}: compare them with the result of the match (or pass --rolls ${verdict.rolls} --hash <its hash>)\n`);
  return 0;
}
