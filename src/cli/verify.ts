/**
 * `nardy verify <transcript.json>`: recomputes every roll of a finished match's dice transcript
 * (the 🔍 button on a result, or `/history`). Prints "all N rolls match" and exits 0, or the first
 * mismatch and exits 1.
 */
import { readFile } from 'node:fs/promises';
import { verifyTranscript } from '../dice/verify.ts';

export async function verifyCommand(file: string | undefined, out: NodeJS.WritableStream): Promise<number> {
  if (file === undefined) {
    out.write('usage: nardy verify <transcript.json>\n');
    return 2;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    out.write(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const verdict = verifyTranscript(parsed);
  out.write(verdict.ok ? `all ${verdict.rolls} rolls match\n` : `mismatch: ${verdict.problem}\n`);
  return verdict.ok ? 0 : 1;
}
