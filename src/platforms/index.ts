/**
 * The messenger registry: one line per messenger, loaded only when a process wires it (a Lambda of
 * one messenger never loads the other's libraries). A messenger is one folder here whose
 * `index.ts` exports `connect(parts, app)`, returning its `Messenger` (src/app/ports.ts) and its
 * edge; add its texts (its help key) to src/i18n/ and its configuration to src/config.ts.
 */
export const PLATFORMS = {
  telegram: () => import('./telegram/index.ts'),
  discord: () => import('./discord/index.ts'),
} as const;

export type PlatformName = keyof typeof PLATFORMS;
