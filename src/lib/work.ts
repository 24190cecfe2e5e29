/**
 * Long computations written as generators (each `yield` a place where they may pause), run either
 * straight through or patiently: a review or a game's luck is seconds of CPU, and in one process
 * (`npm start`) no other update would be answered while it runs (issue #45).
 */

/** Runs the work to its end without pausing: its value. */
export function finish<T>(work: Generator<void, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Runs the work to its end, letting other work run every `sliceMs` milliseconds. */
export async function finishPatiently<T>(work: Generator<void, T>, sliceMs = 10): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - since < sliceMs) continue;
    await new Promise((resume) => setImmediate(resume));
    since = performance.now();
  }
}
