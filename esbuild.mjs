// Bundles the extension and the command line, each into one CommonJS file. `--production` minifies without
// source maps; otherwise linked source maps; `--watch` rebuilds on change.
import { readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // ESM builds first: they tree-shake (zod's CommonJS entry alone pulls in every locale).
  mainFields: ['module', 'main'],
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  metafile: true,
};

const builds = [
  { ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  // No `vscode` at all: the architecture test keeps src/cli and src/core free of it.
  {
    ...common,
    entryPoints: ['src/cli/index.ts'],
    outfile: 'dist/cli.js',
    // ESM builds (tinyglobby's) read import.meta.url, which CommonJS lacks: give them this file's URL.
    banner: { js: "#!/usr/bin/env node\nconst __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { DOC_INGEST_VERSION: JSON.stringify(version), 'import.meta.url': '__importMetaUrl' },
  },
  // The GitHub Action's entry (action.yml): a few KiB that run dist/cli.js beside it.
  { ...common, entryPoints: ['src/action/index.ts'], outfile: 'dist/action.js' },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
  console.log('esbuild: watching for changes');
} else {
  for (const options of builds) {
    const result = await esbuild.build(options);
    const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
    console.log(`esbuild: ${options.outfile} ${(bytes / 1024).toFixed(1)} KiB${production ? ' (production)' : ''}`);
  }
}
