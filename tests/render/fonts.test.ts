import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONTS_CONF } from '../../src/render/index.ts';
import { hasGlyph } from '../../src/render/text.ts';
import { FONT_SAMPLE_LINES } from './font-sample.ts';
import { TOLERANCE, pixelDiff } from './pixels.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const PROBE = join(import.meta.dirname, 'font-probe.ts');
const GOLDEN_SAMPLE = join(import.meta.dirname, 'golden', 'font-sample.png');

/**
 * Runs the probe with nothing from the machine's font setup: only PATH, the given fontconfig file,
 * and empty HOME and XDG folders (as on AWS Lambda, which has no fonts at all).
 */
function probe(fontsConf: string): { out: string; status: number | null; stderr: string } {
  const sandbox = mkdtempSync(join(tmpdir(), 'nardy-fonts-'));
  const out = join(sandbox, 'out');
  for (const d of ['home', 'config', 'data', 'cache', 'out']) mkdirSync(join(sandbox, d));
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    FONTCONFIG_FILE: fontsConf,
    HOME: join(sandbox, 'home'),
    XDG_CONFIG_HOME: join(sandbox, 'config'),
    XDG_DATA_HOME: join(sandbox, 'data'),
    XDG_CACHE_HOME: join(sandbox, 'cache'),
  };
  const r = spawnSync(TSX, [PROBE, out], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  return { out, status: r.status, stderr: r.stderr };
}

describe('issue 4: the bundled font alone draws every name (fontconfig sees only assets/fonts)', () => {
  const bundled = probe(FONTS_CONF);

  it('the probe runs with only the bundled fonts.conf', () => {
    expect(bundled.stderr).toBe('');
    expect(bundled.status).toBe(0);
  });

  it('every digit and Cyrillic, Georgian and Armenian letter of the sample is in the font', () => {
    const missing = FONT_SAMPLE_LINES.join('').split('').filter((ch) => ch !== ' ' && !hasGlyph(ch.codePointAt(0) as number));
    expect(missing).toEqual([]);
  });

  it('draws the sample exactly as the golden font-sample.png (digits, Cyrillic, Georgian, Armenian)', async () => {
    const diff = await pixelDiff(join(bundled.out, 'sample.png'), GOLDEN_SAMPLE);
    expect(diff.sameSize).toBe(true);
    expect(diff.differing).toBeLessThanOrEqual(TOLERANCE);
  });

  it('a name made only of characters the font lacks draws as no name at all, never as boxes', () => {
    const unsupported = readFileSync(join(bundled.out, 'unsupported-name.png'));
    const empty = readFileSync(join(bundled.out, 'empty-name.png'));
    expect(unsupported.equals(empty)).toBe(true);
  });

  it('the comparison would catch boxes: with no fonts at all the sample comes out different', async () => {
    const sandbox = mkdtempSync(join(tmpdir(), 'nardy-nofonts-'));
    mkdirSync(join(sandbox, 'empty'));
    const conf = join(sandbox, 'fonts.conf');
    writeFileSync(conf, `<?xml version="1.0"?><fontconfig><dir>${join(sandbox, 'empty')}</dir><cachedir>${join(sandbox, 'cache')}</cachedir></fontconfig>`);
    const none = probe(conf);
    if (none.status !== 0) return; // sharp may even fail without fonts (lovell/sharp#4409): also caught
    const diff = await pixelDiff(join(none.out, 'sample.png'), GOLDEN_SAMPLE);
    expect(diff.differing).toBeGreaterThan(0.01);
  });
});
