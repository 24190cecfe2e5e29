import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// `npm run test:system`: the tests that need a Debian package besides Node — gnubg (the oracle the
// `.mat` exports are imported into), chromium (the playground in a browser), fontconfig (`fc-query`,
// the font's characters), fonts-roboto and fonts-noto-core (button labels measured as a phone draws
// them) — named `*.system.test.ts` and kept out of `npm test`, which needs only `npm ci`. They never
// skip: without the package they fail saying what to install (`apt-get install -y gnubg chromium
// fontconfig fonts-roboto fonts-noto-core`). `.ci/run` installs the packages and runs them.
export default defineConfig({
  test: {
    ...base.test,
    include: ['tests/**/*.system.test.ts'],
    exclude: [...configDefaults.exclude, 'tests/long/**'],
  },
});
