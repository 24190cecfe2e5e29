/**
 * The rule book lives in the repository (docs/rules/) and the code's citations of it stay precise:
 * every `docs/rules/<file>.md §n` names a file that exists and has a heading for each section the
 * citation names, every `docs/rules §n` (a citation across files) names sections the book has, and
 * nothing cites the old out-of-repository rule book any more.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BOOK = join(ROOT, 'docs', 'rules');
const CITING = ['src', 'tests', 'tools', 'bench', 'docs'];
const TEXT = /\.(ts|js|mjs|md|json|perft|txt|sh|py)$/;
const OLD = ['RULES', 'md'].join('.');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (TEXT.test(name)) out.push(path);
  }
  return out;
}

/** The sections each book file has a heading for: `§2`, `§1.3`, and both of `§4–§5`. */
function headings(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const file of readdirSync(BOOK).filter((f) => f.endsWith('.md'))) {
    const found = new Set<string>();
    for (const line of readFileSync(join(BOOK, file), 'utf8').split('\n')) {
      if (!line.startsWith('#')) continue;
      for (const m of line.matchAll(/§(\d+(?:\.\d+)?)/g)) found.add(m[1]);
    }
    out.set(file, found);
  }
  return out;
}

/** The sections a citation names: `§1.1–§1.5, §2 (head) and §3` gives 1.1, 1.5, 2, 3 (range ends only). */
function citedSections(list: string): string[] {
  return [...list.matchAll(/§(\d+(?:\.\d+)?)/g)].map((m) => m[1]);
}

const files = CITING.flatMap((d) => walk(join(ROOT, d)));
const book = headings();
const everySection = new Set([...book.values()].flatMap((s) => [...s]));

describe('docs/rules: the rule book and its citations', () => {
  it('has a file for every section §0–§6, each listed in its index', () => {
    const index = readFileSync(join(BOOK, 'README.md'), 'utf8');
    for (const n of ['0', '1', '2', '3', '4', '5', '6']) expect(everySection.has(n), `§${n}`).toBe(true);
    for (const file of book.keys()) if (file !== 'README.md') expect(index).toContain(`](${file})`);
  });

  it('nothing in src, tests, tools, bench or docs cites the old rule book', () => {
    const left = files.filter((f) => readFileSync(f, 'utf8').includes(OLD)).map((f) => relative(ROOT, f));
    expect(left).toEqual([]);
  });

  it('every citation names a book file that exists and sections that file has', () => {
    const bad: string[] = [];
    let count = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      // A citation: the file (or the book), then its section list, up to the first word that is not part of it.
      for (const m of text.matchAll(/docs\/rules(?:\/([A-Za-z]+)\.md)?((?: ?(?:§\d+(?:\.\d+)?|[–,/]|and))+)/g)) {
        count++;
        const sections = citedSections(m[2]);
        const where = `${relative(ROOT, f)}: ${m[0]}`;
        if (m[1] === undefined) {
          for (const s of sections) if (!everySection.has(s)) bad.push(`${where} (no §${s} in the book)`);
        } else if (!book.has(`${m[1]}.md`)) {
          bad.push(`${where} (no such file)`);
        } else {
          for (const s of sections) if (!book.get(`${m[1]}.md`)!.has(s)) bad.push(`${where} (no §${s} heading in ${m[1]}.md)`);
        }
      }
    }
    expect(count).toBeGreaterThan(200);
    expect(bad).toEqual([]);
  });
});
