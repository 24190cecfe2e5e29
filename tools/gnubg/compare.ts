/**
 * Compares our legal plays with gnubg's on oracle vectors (JSON lines written by oracle.py):
 * for each (position, dice), the set of final positions must be identical. Used by the test on
 * the committed fixture and by live-check.sh on a fresh gnubg sample.
 * Usage: npx tsx tools/gnubg/compare.ts FILE.jsonl [VARIANT]   (short, nackgammon or hypergammon)
 */
import { readFileSync } from 'node:fs';
import { VARIANTS, findVariant, formatPositionId, legalPlays, parsePositionId, type VariantId } from '../../src/engine/index.ts';

export interface OracleVector {
  position: string;
  dice: [number, number];
  plays: string[];
  moves?: string[];
}

export interface Comparison {
  vectors: number;
  onBar: number;
  bearingOff: number;
  noPlay: number;
  mismatches: { position: string; dice: [number, number]; missing: string[]; extra: string[] }[];
}

export function readOracle(file: string): OracleVector[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as OracleVector);
}

export function compareWithGnubg(vectors: OracleVector[], variant: VariantId = 'short'): Comparison {
  const result: Comparison = { vectors: 0, onBar: 0, bearingOff: 0, noPlay: 0, mismatches: [] };
  for (const v of vectors) {
    const board = parsePositionId(v.position, VARIANTS[variant].checkers);
    if (!board.ok) throw new Error(board.error.message);
    const me = board.value[0];
    result.vectors++;
    if (me[25] > 0) result.onBar++;
    if (me.slice(7, 26).every((n) => n === 0)) result.bearingOff++;
    if (v.plays.length === 0) result.noPlay++;
    const ours = new Set(legalPlays({ variant, board: board.value }, v.dice).map((p) => formatPositionId(p.board)));
    const theirs = new Set(v.plays);
    const missing = [...theirs].filter((id) => !ours.has(id));
    const extra = [...ours].filter((id) => !theirs.has(id));
    if (missing.length > 0 || extra.length > 0 || ours.size !== v.plays.length) {
      result.mismatches.push({ position: v.position, dice: v.dice, missing, extra });
    }
  }
  return result;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const [file, name = 'short'] = process.argv.slice(2);
  const variant = findVariant(name);
  if (!file || !variant.ok) {
    console.error('usage: tsx tools/gnubg/compare.ts FILE.jsonl [short|nackgammon|hypergammon]');
    process.exit(2);
  }
  const r = compareWithGnubg(readOracle(file), variant.value.id);
  for (const m of r.mismatches.slice(0, 20)) console.log('MISMATCH', JSON.stringify(m));
  console.log(`GNUBG-COMPARE variant=${variant.value.id} vectors=${r.vectors} bar=${r.onBar} bearoff=${r.bearingOff} noplay=${r.noPlay} mismatches=${r.mismatches.length}`);
  process.exit(r.mismatches.length === 0 && r.vectors > 0 ? 0 : 1);
}
