/**
 * What became of one call to a messenger's API: its answer, or why it did not do its work (each
 * platform names its own failures). A failed call never throws out of an effect: the move is
 * already stored, the rest of the effects still run, and the next press shows the current board.
 */
export type Sent<T, Failure extends string> = { ok: true; value: T } | { ok: false; failure: Failure };

/** Cuts a text to a messenger's limit (UTF-16 units, as both platforms count), marking the cut; logged when `log` is given. */
export function clip(text: string, limit: number, log?: (entry: Readonly<Record<string, unknown>>) => void): string {
  if (text.length <= limit) return text;
  log?.({ level: 'warn', event: 'text-clipped', length: text.length, limit });
  return text.slice(0, limit - 1) + '…';
}
