/**
 * Command-line options of the training tools, read strictly: `--help`, a misspelt option or a
 * missing value prints the usage and exits before anything is trained or written — a typo must
 * never start a run that rewrites a committed net.
 */
import { parseArgs } from 'node:util';

export function readArgs<const O extends Record<string, { type: 'string' | 'boolean' }>>(usage: string, options: O) {
  try {
    const { values } = parseArgs({ options: { ...options, help: { type: 'boolean' } }, strict: true, allowPositionals: false }) as { values: Record<string, string | boolean | undefined> };
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    return values as { [K in keyof O]?: O[K]['type'] extends 'string' ? string : boolean };
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

/** A number option: its value, or `fallback` when absent; anything else than a number is an error. */
export function numberArg(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) {
    console.error(`--${name}: expected a number, got "${value}"`);
    process.exit(2);
  }
  return n;
}

/**
 * A 2-ply's limits written plays/window/budget/reduced/prune (`DeepLimits`, e.g. 3/0.05/30000/1/0,
 * the long family's); an error for anything else.
 */
export function deepArg(value: string, name: string): { plays: number; window: number; budget: number; reduced: boolean; prune: number } {
  const xs = value.split('/').map(Number);
  if (xs.length !== 5 || xs.some(Number.isNaN)) {
    console.error(`${name}=${value}: expected plays/window/budget/reduced/prune, e.g. 3/0.05/30000/1/0`);
    process.exit(2);
  }
  return { plays: xs[0], window: xs[1], budget: xs[2], reduced: xs[3] === 1, prune: xs[4] };
}
