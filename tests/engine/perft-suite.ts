/**
 * Perft suites are data (STYLE.md §18): `tests/engine/data/*.perft`, blocks of `id`, `variant`,
 * optional `position` (gnubg ID) or `board` (JSON) and `options` (JSON), then `perft <depth>
 * <count>` lines, with `# source:` comments. One reader serves `npm test` (capped) and `bench/`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseBoardJson } from '../../src/engine/codecs/board-json.ts';
import { parsePositionId } from '../../src/engine/codecs/position-id.ts';
import { VARIANTS, startBoard, type Position, type VariantId } from '../../src/engine/index.ts';

export interface PerftCase {
  file: string;
  id: string;
  position: Position;
  counts: { depth: number; count: number }[];
}

export const PERFT_DIR = join(import.meta.dirname, 'data');

export function readPerftSuites(dir = PERFT_DIR): PerftCase[] {
  const cases: PerftCase[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.perft')).sort()) {
    const blocks = readFileSync(join(dir, file), 'utf8').split(/\n\s*\n/);
    for (const block of blocks) {
      const fields = new Map<string, string>();
      const counts: { depth: number; count: number }[] = [];
      for (const raw of block.split('\n')) {
        const line = raw.trim();
        if (line === '' || line.startsWith('#')) continue;
        const [key, ...rest] = line.split(/\s+/);
        if (key === 'perft') counts.push({ depth: Number(rest[0]), count: Number(rest[1]) });
        else fields.set(key, rest.join(' '));
      }
      if (!fields.has('id')) continue;
      const variantId = fields.get('variant') as VariantId;
      const variant = VARIANTS[variantId];
      if (!variant) throw new Error(`${file}: unknown variant ${variantId}`);
      let board = startBoard(variant);
      const pos = fields.get('position');
      const json = fields.get('board');
      if (pos) {
        const r = parsePositionId(pos, variant.checkers);
        if (!r.ok) throw new Error(`${file} ${fields.get('id')}: ${r.error.message}`);
        board = r.value;
      } else if (json) {
        const r = parseBoardJson(JSON.parse(json), variant);
        if (!r.ok) throw new Error(`${file} ${fields.get('id')}: ${r.error.message}`);
        board = r.value;
      }
      const options = fields.has('options') ? JSON.parse(fields.get('options')!) : undefined;
      cases.push({ file, id: fields.get('id')!, position: { variant: variantId, board, options }, counts });
    }
  }
  return cases;
}
