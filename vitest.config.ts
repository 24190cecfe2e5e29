import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The whole-game runs that take minutes: `npm run test:long` (vitest.long.config.ts), run by .ci/run.
    // The tests that need a Debian package (gnubg, chromium, fontconfig, the phone's fonts), `*.system.test.ts`:
    // `npm run test:system` (vitest.system.config.ts), run by .ci/run. `npm test` needs Node only.
    exclude: [...configDefaults.exclude, 'tests/long/**', 'tests/**/*.system.test.ts'],
    // One in-memory dynalite for the store tests (tests/setup/dynalite.ts).
    globalSetup: ['tests/setup/dynalite.ts'],
    // The AWS SDK warns once per worker that its 2027 releases need Node 22 (known: README,
    // anchors-ecosystem.md §0); in test output it is noise.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, so files ran
    // one after another. The end-to-end files wait on HTTP, dynalite (in the main process) and
    // sharp's thread pool a third of the time, so two workers on two cores finish the run about
    // 1.7 times sooner (measured on the full suite); on bigger machines the default stands.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Vitest's summary, then one plain closing line (tests/setup/closing-line.ts).
    reporters: ['default', './tests/setup/closing-line.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
