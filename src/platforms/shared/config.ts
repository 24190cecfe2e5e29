/**
 * What a messenger brings of its own to a process's configuration (its entry in the registry,
 * `src/platforms/index.ts`): its variables read and validated with the rest (`src/config.ts`),
 * which of them may come from Parameter Store, and how its parts are made for a deployed function
 * — so that `src/config.ts`, `src/wiring.ts` and the scheduler name no messenger.
 */
import type { Env } from '../../lib/index.ts';

/** What a deployed function does with a messenger: receives its updates (and answers), or only writes to it (the scheduler). */
export type Role = 'receive' | 'send';

/** One messenger's configuration: settings `S` as its variables set them, parts `P` its `connect` is built from. */
export interface MessengerConfig<S, P> {
  /** Its variables as an operator would look for them (`TELEGRAM_*`), for an error that names them. */
  readonly variables: string;
  /** Its secret variables: each may name a Parameter Store parameter instead (`<VARIABLE>_PARAMETER`). */
  readonly secrets: readonly string[];
  /**
   * A variable without which its secrets' parameters are not read: a function's template may then
   * name them for every deployment, with or without this messenger (VK's on the scheduler).
   */
  readonly requires?: string;
  /** Its settings as `env` sets them, each validated (`ConfigError` naming the variable); undefined when none is set. */
  read(env: Env): S | undefined;
  /** Its parts for a deployed function in `role`; a `ConfigError` names the first variable missing. */
  parts(settings: S | undefined, role: Role): P;
  /** The secret inline challenges' tickets are signed from (`AppDeps.ticketKey`), when this messenger has one. */
  ticketSecret?(parts: P): string | undefined;
  /** How its tokens look in an error's text, each with what it is masked to (`shared/log.ts`: no token reaches a log). */
  readonly tokenShapes?: readonly (readonly [RegExp, string])[];
}
