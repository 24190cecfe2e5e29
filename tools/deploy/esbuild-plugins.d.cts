/** The esbuild plugins of the deployment bundles (esbuild-plugins.cjs). */
declare const plugins: import('esbuild').Plugin[];
export = plugins;
