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
