import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// `npm run test:long`: the whole-game runs that take minutes (tests/long/), kept out of `npm test`
// so that it stays a few minutes on two cores; `.ci/run` runs both.
export default defineConfig({
  test: {
    ...base.test,
    include: ['tests/long/**/*.test.ts'],
    exclude: [...configDefaults.exclude],
  },
});
