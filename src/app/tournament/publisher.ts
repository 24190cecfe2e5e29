/**
 * Where a tournament's notices are written: the app's dependencies, an emitter (a press's, or a
 * messenger's unprompted one for the scheduler) and the messenger. The same shape as `publish.ts`'s
 * `Publisher`, named here so that the match-end hook, which `publish.ts` calls, imports nothing back.
 */
import type { AppDeps, Emit, Messenger } from '../ports.ts';

export interface Teller {
  readonly deps: AppDeps;
  readonly emit: Emit;
  readonly messenger: Messenger;
}
