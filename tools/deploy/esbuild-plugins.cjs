/**
 * The esbuild plugins of the deployment bundles (serverless.yml, custom.esbuild.plugins; bench/local.ts
 * bundles the same way).
 *
 * bundledSharp: sharp's JavaScript goes into the bundle. Loaded from node_modules (some thirty small
 * modules, semver's among them) a fresh node took 223 ms to import sharp and draw a first tiny
 * picture, bundled 77 ms (median of 9, the shared machine under load); at a cold start that load
 * runs beside the first update's DynamoDB read, so bench/local.ts's first answer gains less. Its
 * native binding and libvips cannot be bundled: the bundled sharp finds them with require() at run
 * time (the bundle's banner provides one), so they are left outside. They still reach the zip the
 * way they did: serverless-esbuild installs `external: [sharp]` and zips it, with its binaries, into
 * each bundle that names it, so a bundle with sharp in it names it once more, in a call that never
 * runs (a bundle without sharp, the legal one, names nothing and zips no node_modules).
 */
const { readFile } = require('node:fs/promises');
const { dirname, join } = require('node:path');

/** sharp's ECMAScript entry (its exports' "import" condition), what `import 'sharp'` loads under Node. */
const SHARP_ENTRY = join(require.resolve('sharp'), '..', 'index.mjs');

/** @type {import('esbuild').Plugin} */
const bundledSharp = {
  name: 'bundled-sharp',
  setup(build) {
    // sharp's own entry naming sharp is the one name left in the bundle; every other import is sharp's JavaScript.
    build.onResolve({ filter: /^sharp$/ }, (args) => (args.importer === SHARP_ENTRY ? { path: 'sharp', external: true } : { path: SHARP_ENTRY }));
    build.onResolve({ filter: /^@img\/sharp-/ }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /sharp[\\/]dist[\\/]index\.mjs$/ }, async (args) => ({
      contents: `${await readFile(args.path, 'utf8')}\n// Names sharp for the packager (see tools/deploy/esbuild-plugins.cjs); never true.\nif (globalThis.__nardyNeverSet) import('sharp');\n`,
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

module.exports = [bundledSharp];
