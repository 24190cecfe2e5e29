/** A structured log line; the default writes one JSON object per line (CloudWatch). */
export type Log = (entry: Readonly<Record<string, unknown>>) => void;

/** Writes a log entry as one JSON line on stdout. */
export const jsonLog: Log = (entry) => console.log(JSON.stringify(entry));
