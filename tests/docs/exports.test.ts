/**
 * STYLE.md §1 and §19: each layer has one door, and every exported function says which rule it
 * implements (`docs/rules/….md §…`, or `docs/rules §…` across files) or why it implements none
 * (`Not a rule:`).
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOORS = ['src/engine/index.ts', 'src/game/index.ts'];

function exportedFunctions(door: string): { name: string; doc: string }[] {
  const file = join(ROOT, door);
  const program = ts.createProgram([file], { allowImportingTsExtensions: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022 });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const moduleSymbol = checker.getSymbolAtLocation(source)!;
  const out: { name: string; doc: string }[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = symbol.declarations?.[0];
    if (!decl || !ts.isFunctionDeclaration(decl)) continue;
    const doc = ts.getJSDocCommentsAndTags(decl).map((d) => d.getFullText()).join('\n');
    out.push({ name: exported.name, doc });
  }
  return out;
}

describe('STYLE.md §19: documented exports', () => {
  for (const door of DOORS) {
    const fns = exportedFunctions(door);
    it(`${door} exports functions`, () => expect(fns.length).toBeGreaterThan(5));
    it(`every function exported by ${door} names its rule or says "Not a rule:"`, () => {
      const missing = fns.filter((f) => !/docs\/rules(\/[A-Za-z]+\.md)? §|Not a rule:/.test(f.doc)).map((f) => f.name);
      expect(missing).toEqual([]);
    });
  }
});
