// Bundles the extension and the command line. `--production` minifies without source maps; otherwise linked
// source maps; `--watch` rebuilds on change.
//
// Layout (issue 27: start-up loads only what it needs):
//   dist/extension.mjs  the extension's entry (`main` in package.json; ESM, which VS Code loads since 1.100):
//                       what activation needs, in this one file (issue 37: `mergeStartup`)
//   dist/extension/*.mjs the rest of the extension, chunks loaded by `import()` when first used (a command, a
//                       view's first listing, the first document built), and in place of the chunks merged into
//                       the entry, one-line files re-exporting their bindings from it
//   dist/cli.js         the command line's entry (CommonJS, `bin`): answers --version and --help by itself
//   dist/cli/*.mjs      the command line proper, loaded by dist/cli.js when a command runs: main.mjs, one file
//                       per command and the chunks they share (ESM, so that esbuild can split it: a command
//                       loads its own code and the shared chunks, nothing of the others); markup.mjs, the kinds
//                       of unrendered markup, for scripts/trial-count.mjs
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

// ESM output that bundles CommonJS packages: they `require` Node's modules, and some read __dirname.
const esmRequireBanner = [
  "import { createRequire as __docIngestCreateRequire } from 'node:module';",
  "import { fileURLToPath as __docIngestFileURLToPath } from 'node:url';",
  'const require = __docIngestCreateRequire(import.meta.url);',
  'const __filename = __docIngestFileURLToPath(import.meta.url);',
  "const __dirname = require('node:path').dirname(__filename);",
].join('\n');

/**
 * The banner in the files that use it only (most chunks use neither `require` nor `__dirname`): its lines read
 * `import.meta` and build a require function, a cost each of the dozens of chunks start-up loads paid for nothing
 * (issue 37). Unused lines become empty lines, so that source maps keep their line numbers.
 */
function trimBanners(result) {
  const lines = esmRequireBanner.split('\n');
  for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.mjs'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.startsWith(esmRequireBanner)) continue;
    const body = text.slice(esmRequireBanner.length);
    const dirname = /\b__dirname\b/.test(body);
    const filename = dirname || /\b__filename\b/.test(body);
    const require = dirname || /\brequire\b/.test(body);
    const keep = [require, filename, require, filename, dirname];
    writeFileSync(file, lines.map((line, i) => (keep[i] ? line : '')).join('\n') + body);
  }
}

/**
 * Start-up in one file (issue 37): esbuild spreads what `entry` imports statically over dozens of chunks (one per
 * set of lazily loaded files sharing the code), and VS Code's extension host resolves each of them through its
 * module hooks, which cost more than the code they held. This bundles the entry's static chunks into the entry
 * itself (a second esbuild pass over the first pass's output, its `import()`s left as they are), and leaves in
 * each chunk's place a file that re-exports its bindings from the entry, for the chunks loaded later: they keep
 * importing the same module instances, now from the entry.
 */
async function mergeStartup(result, entry) {
  const outputs = result.metafile.outputs;
  const entryKey = Object.keys(outputs).find((f) => path.resolve(f) === path.resolve(entry));
  const chunks = [];
  const visit = (file) => {
    for (const i of outputs[file].imports) {
      if (i.kind !== 'import-statement' || !outputs[i.path] || chunks.includes(i.path)) continue;
      chunks.push(i.path);
      visit(i.path);
    }
  };
  visit(entryKey);
  const dir = path.dirname(entry);
  const firstPass = path.join(dir, `.${path.basename(entry)}.first-pass.mjs`);
  const joined = path.join(dir, `.${path.basename(entry)}.joined.mjs`);
  renameSync(entry, firstPass);
  if (outputs[`${entryKey}.map`]) {
    renameSync(`${entry}.map`, `${firstPass}.map`);
    const code = readFileSync(firstPass, 'utf8');
    writeFileSync(firstPass, code.replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=${path.basename(firstPass)}.map\n`));
  }
  const local = (file) => `./${path.relative(dir, file).split(path.sep).join('/')}`;
  const alias = (chunk, name) => `${path.basename(chunk, '.mjs').replace(/\W/g, '_')}$${name}`;
  writeFileSync(joined, [
    `export * from ${JSON.stringify(local(firstPass))};`,
    ...chunks.map((c) => `export { ${outputs[c].exports.map((n) => `${n} as ${alias(c, n)}`).join(', ')} } from ${JSON.stringify(local(c))};`),
  ].join('\n'));
  await esbuild.build({
    ...common,
    format: 'esm',
    entryPoints: [joined],
    outfile: entry,
    external: ['vscode'],
    plugins: [{
      name: 'keep-lazy-imports',
      setup(build) {
        // What the first pass left to load on first use stays a file of its own, named from the entry's folder.
        build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: local(path.resolve(args.resolveDir, args.path)), external: true } : undefined));
      },
    }],
  });
  for (const c of chunks) {
    const names = outputs[c].exports;
    writeFileSync(c, names.length ? `export { ${names.map((n) => `${alias(c, n)} as ${n}`).join(', ')} } from ${JSON.stringify(`./${path.relative(path.dirname(c), entry).split(path.sep).join('/')}`)};\n` : '');
    rmSync(`${c}.map`, { force: true });
    if (outputs[`${c}.map`]) writeFileSync(`${c}.map`, JSON.stringify({ version: 3, sources: [], names: [], mappings: '' }));
  }
  for (const f of [firstPass, `${firstPass}.map`, joined]) rmSync(f, { force: true });
}

/** An ESM build that esbuild splits: `entryPoints` and what `import()` loads become files of their own under `outdir`. */
const split = (options) => ({
  ...common,
  format: 'esm',
  splitting: true,
  outExtension: { '.js': '.mjs' },
  banner: { js: esmRequireBanner },
  ...options,
});

const builds = [
  split({ entryPoints: { extension: 'src/extension/extension.ts' }, outdir: 'dist', chunkNames: 'extension/[name]-[hash]', external: ['vscode'] }),
  // No `vscode` at all: the architecture test keeps src/cli and src/core free of it.
  {
    ...common,
    entryPoints: ['src/cli/index.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    define: { DOC_INGEST_VERSION: JSON.stringify(version), DOC_INGEST_MAIN: JSON.stringify('./cli/main.mjs') },
  },
  // markup.mjs: the one definition of unrendered markup (issue 35), which `npm run trial` counts with.
  split({ entryPoints: { main: 'src/cli/main.ts', markup: 'src/core/documents/markup/unrendered.ts' }, outdir: 'dist/cli', chunkNames: '[name]-[hash]', define: { DOC_INGEST_VERSION: JSON.stringify(version) } }),
  // The GitHub Action's entry (action.yml): a few KiB that run dist/cli.js beside it.
  { ...common, entryPoints: ['src/action/index.ts'], outfile: 'dist/action.js' },
];

// Chunk names carry a hash: without this, every build would leave the previous chunks beside the new ones.
for (const dir of ['dist/cli', 'dist/extension']) rmSync(dir, { recursive: true, force: true });

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
  console.log('esbuild: watching for changes');
} else {
  for (const options of builds) {
    const result = await esbuild.build(options);
    if (options.splitting) trimBanners(result);
    if (options.entryPoints.extension) await mergeStartup(result, 'dist/extension.mjs');
    const outputs = Object.entries(result.metafile.outputs).filter(([file]) => !file.endsWith('.map'));
    const bytes = outputs.reduce((n, [, o]) => n + o.bytes, 0);
    const name = options.outfile ?? `${Object.keys(options.entryPoints).map((e) => `${options.outdir}/${e}.mjs`).join(', ')} and chunks (${outputs.length} files)`;
    console.log(`esbuild: ${name} ${(bytes / 1024).toFixed(1)} KiB${production ? ' (production)' : ''}`);
  }
}
