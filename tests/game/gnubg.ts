/**
 * gnubg as the oracle of exported `.mat` files: a text imported by the real gnubg
 * (tools/gnubg/import-mat.py) and read back as games, winners and points. gnubg is required (CI
 * installs it); a missing gnubg fails the tests that use it, it never skips them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, expect } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** gnubg on PATH, or where Debian puts it (/usr/games is not on root's PATH). */
function findGnubg(): string | undefined {
  return [...(process.env.PATH ?? '').split(delimiter), '/usr/games'].map((d) => join(d, 'gnubg')).find((f) => existsSync(f));
}

/** A game as gnubg holds it: the score before it (read from the file), then winner and points as gnubg replayed them. */
export interface GnubgGame { 'score-X': number; 'score-O': number; winner: 'X' | 'O' | null; 'points-won'?: number; resigned: boolean }
export interface GnubgMatch { info: { X: { name: string }; O: { name: string }; 'match-length': number; variation: string }; games: GnubgGame[] }

const work = mkdtempSync(join(tmpdir(), 'nardy-mat-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Imports a .mat text into gnubg (tools/gnubg/import-mat.py); fails on any complaint gnubg prints. */
export function gnubgImport(mat: string, name: string, setup: string[] = []): GnubgMatch {
  const gnubg = findGnubg();
  if (!gnubg) throw new Error('gnubg not found: apt-get install -y gnubg (Debian installs it in /usr/games)');
  const file = join(work, `${name}.mat`);
  writeFileSync(file, mat);
  const run = spawnSync(gnubg, ['-t', '-q', '-r', '-p', join(ROOT, 'tools/gnubg/import-mat.py')], {
    env: { ...process.env, MAT: file, SETUP: setup.join(';') }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000,
  });
  const out = run.stdout ?? '';
  expect(run.status, `gnubg failed:\n${out}\n${run.stderr}`).toBe(0);
  const complaints = out.split('\n').filter((l) => /warning|invalid|unrecogni[sz]ed|not a valid|record found|no game in progress|error/i.test(l));
  expect(complaints, `gnubg complained importing ${file}`).toEqual([]);
  const line = out.split('\n').find((l) => l.startsWith('IMPORT '));
  if (!line) throw new Error(`gnubg printed no IMPORT line:\n${out}\n${run.stderr}`);
  return JSON.parse(line.slice('IMPORT '.length)) as GnubgMatch;
}

