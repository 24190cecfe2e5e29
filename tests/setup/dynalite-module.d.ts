// dynalite 4.0.0 ships no types; this is the part the test setup uses.
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** How long a new table stays CREATING (default 500 ms). */
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    /** A LevelDB folder; in memory when absent. */
    path?: string;
  }

  function dynalite(options?: DynaliteOptions): Server;
  export = dynalite;
}
