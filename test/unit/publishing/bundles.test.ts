// The bundle layout of esbuild.mjs keeps start-up small (issue 27): read from the bundles `npm run build:dev`
// wrote (the test:unit script builds them first), through their source maps, which name every module in a file.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempFolderSync, removeFolderSync } from '../../support/tempFolder';

const dist = path.resolve(__dirname, '../../../../dist');

/** The files `entry` loads before its code runs: its static imports, transitively (not its `import()`s). */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/^import\s(?:[^;]*?\sfrom\s*)?"(\.{1,2}\/[^"]+\.mjs)";/gms)) visit(path.resolve(path.dirname(file), m[1]!));
  };
  visit(path.join(dist, entry));
  return [...seen];
}

/** The modules bundled into `files`, as their source maps name them (paths relative to the repository). */
function modulesIn(files: string[]): string[] {
  return files.flatMap((file) => {
    const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    return map.sources.map((s) => path.relative(path.resolve(dist, '..'), path.resolve(path.dirname(file), s)));
  });
}

/** What only a command, a view's listing or a built document needs: never part of start-up. */
const HEAVY = /node_modules\/(markdown-it|yaml|parse5|acorn|@sveltejs|micromark|mdast-util|hast-util|undici)\/|src\/core\/documents\/build\/build\.ts|src\/core\/batch\/runner\.ts|src\/core\/ingest\/pipeline\.ts/;

describe('bundles: what start-up loads', () => {
  it('dist/cli.js answers --version and --help alone: nothing else of dist/ is there to load', () => {
    const dir = makeTempFolderSync('doc-ingest-cli-');
    try {
      fs.copyFileSync(path.join(dist, 'cli.js'), path.join(dir, 'cli.js'));
      const version = JSON.parse(fs.readFileSync(path.resolve(dist, '../package.json'), 'utf8')).version as string;
      assert.equal(execFileSync(process.execPath, [path.join(dir, 'cli.js'), '--version'], { encoding: 'utf8' }), `${version}\n`);
      const help = execFileSync(process.execPath, [path.join(dir, 'cli.js'), '--help'], { encoding: 'utf8' });
      assert.match(help, /^Usage: doc-ingest <command>/);
      for (const command of ['ingest', 'documents', 'preview', 'site', 'status', 'check']) assert.match(help, new RegExp(`^  ${command} `, 'm'));
      assert.match(help, /DOC_INGEST_API_KEY/);
    } finally {
      removeFolderSync(dir);
    }
  });

  it('doc-ingest check loads neither the document builder nor the batch', () => {
    const check = fs.readdirSync(path.join(dist, 'cli')).find((f) => /^check-.*\.mjs$/.test(f));
    assert.ok(check, 'dist/cli/ has a chunk of its own for check');
    const modules = modulesIn(staticClosure(`cli/${check}`));
    assert.ok(modules.includes('src/cli/commands/check.ts'), modules.join(', '));
    assert.deepEqual(modules.filter((m) => HEAVY.test(m)), []);
  });

  it('doc-ingest check loads no zod, no schema, no ledger and no project file parser: they load on first use (issue 37)', () => {
    const check = fs.readdirSync(path.join(dist, 'cli')).find((f) => /^check-.*\.mjs$/.test(f))!;
    const files = [...new Set([...staticClosure(`cli/${check}`), ...staticClosure('cli/main.mjs')])];
    const modules = modulesIn(files);
    assert.ok(modules.includes('src/core/api/client.ts') && modules.includes('src/core/api/classify.ts'), modules.join(', '));
    assert.deepEqual(modules.filter((m) => /node_modules\/zod\/|^src\/core\/(api\/(schemas|searchSchemas|routeSchemas)|ledger\/\w+|config\/projectConfig)\.ts$/.test(m)), []);
    // Nor Node's https, tls and crypto, which an http address does not need (the first https request loads them).
    const builtins = files.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/\bfrom\s*"(node:[\w/]+)"/g)].map((m) => m[1]!));
    assert.deepEqual(builtins.filter((b) => /^node:(https|tls|crypto)$/.test(b)), []);
  });

  it('doc-ingest ingest loads no document builder, batch, parser or client until a file must be read (issue 37, goal 4)', () => {
    const ingest = fs.readdirSync(path.join(dist, 'cli')).find((f) => /^ingest-.*\.mjs$/.test(f));
    assert.ok(ingest, 'dist/cli/ has a chunk of its own for ingest');
    const modules = modulesIn(staticClosure(`cli/${ingest}`));
    assert.ok(modules.includes('src/cli/commands/ingest.ts'), modules.join(', '));
    // A run with nothing to send needs the listing, the stamps and the ledger; the rest loads with ingestRun.ts.
    assert.deepEqual(modules.filter((m) => HEAVY.test(m) || /^src\/core\/(api\/(client|schemas)|site\/|ingest\/(freshness|includes|linkTargets))/.test(m)), []);
    const run = fs.readdirSync(path.join(dist, 'cli')).find((f) => /^ingestRun-.*\.mjs$/.test(f));
    assert.ok(run && modulesIn(staticClosure(`cli/${run}`)).includes('src/core/batch/runner.ts'));
  });

  it('activation loads no document builder, batch, parser or command: those load on first use', () => {
    const files = staticClosure('extension.mjs');
    const modules = modulesIn(files);
    assert.ok(modules.includes('src/extension/extension.ts'), modules.join(', '));
    assert.ok(modules.includes('src/extension/services/connection.ts'));
    assert.deepEqual(modules.filter((m) => HEAVY.test(m) || m.startsWith('src/extension/commands/') && !m.endsWith('showSiteSettings.ts')), []);
    // One file: the extension host resolves each file through its module hooks, which cost more than small chunks held (issue 37).
    assert.deepEqual(files.map((f) => path.relative(dist, f)), ['extension.mjs']);
    // The interface's schemas and the ledger load after activation returns (issue 37).
    assert.deepEqual(modules.filter((m) => /^src\/core\/(api\/schemas|ledger\/(ledger|schema))\.ts$/.test(m)), []);
    // zod is there for .doc-ingest.json, run on first use, and only what that uses: no namespace import keeps all of
    // it (its locales are a third of it).
    assert.deepEqual(modules.filter((m) => /node_modules\/zod\/v4\/locales\/(?!en\.js|index\.js)/.test(m)), []);
    // The rest is there, in chunks of their own.
    const all = modulesIn(fs.readdirSync(path.join(dist, 'extension')).filter((f) => f.endsWith('.mjs')).map((f) => path.join(dist, 'extension', f)));
    assert.ok(all.includes('src/core/documents/build/build.ts') && all.includes('src/extension/commands/findOrphans.ts'));
  });
});
