// Issue 26, item 5: `npm pack` at the repository root makes a package whose `doc-ingest` runs with no build step,
// no repository and no run-time dependency to install. The tarball is installed into an empty prefix with an empty
// npm cache and --offline, so anything it would have to fetch fails the install; the installed command then runs
// against the local service and builds what the repository's own dist/cli.js builds.
//
// The tarball is packed from what `npm run test:unit` built (dist/, development build): `--ignore-scripts` skips the
// `prepack` production build, which would replace the bundles other tests run. What is packed (.npmignore, `bin`, no
// `dependencies`) is the same either way.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useService } from '../../support/serviceHarness';
import { assertNoKeyIn, CLI, runProcess, serviceEnv } from '../../support/runCli';
import type { CliRun } from '../../support/runCli';
import { makeTempFolderSync, removeFolderSync } from '../../support/tempFolder';

const repoRoot = path.resolve(__dirname, '../../../..');
const fixtures = path.join(repoRoot, 'test/fixtures');

type Run = CliRun;

/**
 * Runs `command` with none of the outer npm's variables (npm_config_* would point npm at the repository's own
 * prefix, cache and settings) and a HOME of the test's own, so no user .npmrc applies.
 */
function run(command: string, args: readonly string[], options: { cwd: string; home: string; env?: Record<string, string> }): Promise<Run> {
  // No update check: it would ask the registry.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: options.home, LANG: 'C.UTF-8', npm_config_update_notifier: 'false', ...options.env };
  return runProcess(command, args, { cwd: options.cwd, env });
}

/** The relative `require("./x")` of a bundle: another file of the package it needs at run time. */
function relativeRequires(source: string): string[] {
  return [...source.matchAll(/require\(\s*["'](\.\.?\/[^"']+)["']\s*\)/g)].map((m) => m[1]!);
}

describe('the packed command line (npm pack, installed offline into an empty prefix)', function () {
  this.timeout(120_000);
  const h = useService('observed');
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string; bin: Record<string, string>; dependencies?: object; optionalDependencies?: object; peerDependencies?: object; bundleDependencies?: object;
  };
  let tmp: string;
  let home: string;
  let packed: string[];
  let tarball: string;
  let bin: string;
  let docs: string;

  before(async function () {
    assert.ok(fs.existsSync(CLI), `${CLI} exists (npm run build:dev)`);
    tmp = makeTempFolderSync('doc-ingest-pack-');
    home = path.join(tmp, 'home');
    fs.mkdirSync(home);
    const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], { cwd: repoRoot, home });
    assert.equal(pack.code, 0, pack.stderr);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    assert.ok(info);
    packed = info.files.map((f) => f.path);
    tarball = path.join(tmp, info.filename);
    // An empty cache and --offline: a dependency to fetch fails the install (ENOTCACHED) instead of being fetched.
    const prefix = path.join(tmp, 'prefix');
    const install = await run('npm', ['install', '--global', '--prefix', prefix, '--offline', '--cache', path.join(tmp, 'cache'), '--no-audit', '--no-fund', tarball], { cwd: tmp, home });
    assert.equal(install.code, 0, `npm install of the tarball: ${install.stderr}`);
    bin = path.join(prefix, 'bin', 'doc-ingest');
    // A folder of docs outside any repository: Markdown, MDX with a partial, an HTML page and a notebook, so the
    // parsers loaded only when a file needs them are in the package too.
    docs = path.join(tmp, 'docs');
    fs.mkdirSync(path.join(docs, 'formats'), { recursive: true });
    for (const f of ['install.mdx', '_setup.mdx', 'guide.md']) fs.copyFileSync(path.join(fixtures, 'mdx/docs', f), path.join(docs, f));
    for (const f of ['exported.html', 'counting.ipynb']) fs.copyFileSync(path.join(fixtures, 'formats', f), path.join(docs, 'formats', f));
  });

  after(() => {
    if (tmp) removeFolderSync(tmp);
  });

  const installed = (args: string[], env: Record<string, string> = {}) => run(bin, args, { cwd: docs, home, env });
  const inRepository = (args: string[], env: Record<string, string> = {}) => run(process.execPath, [CLI, ...args], { cwd: docs, home, env });

  it('packs the bundle and the manifest only, and asks for nothing to install', () => {
    assert.deepEqual(
      [pkg.dependencies, pkg.optionalDependencies, pkg.peerDependencies, pkg.bundleDependencies],
      [undefined, undefined, undefined, undefined],
      'both bundles are self-contained: every package is a devDependency (esbuild bundles it)',
    );
    assert.equal((pkg as { files?: unknown }).files, undefined, 'vsce refuses `files` beside .vscodeignore: .npmignore says what npm packs');
    assert.ok(packed.includes(pkg.bin['doc-ingest']!.replace(/^\.\//, '')), `the bin ${pkg.bin['doc-ingest']} is packed: ${packed.join(', ')}`);
    // The entry and the chunks it loads when a command runs (esbuild.mjs).
    assert.deepEqual(packed.filter((f) => !/^(dist\/cli\.js|dist\/cli\/[^/]+\.mjs|package\.json|README\.md|LICENSE|CHANGELOG\.md)$/.test(f)), [], 'nothing but the bundle and what npm always ships');
    assert.ok(!packed.includes('dist/extension.js'), 'the extension is the .vsix\'s, not the command line\'s');
    const missing = packed.filter((f) => f.endsWith('.js')).flatMap((f) => {
      const dir = path.posix.dirname(f);
      return relativeRequires(fs.readFileSync(path.join(repoRoot, f), 'utf8'))
        .map((r) => path.posix.join(dir, r))
        .filter((r) => !packed.includes(r) && !packed.includes(`${r}.js`));
    });
    assert.deepEqual(missing, [], 'every file a packed bundle requires is packed');
  });

  it('doc-ingest --version prints the package\'s version', async () => {
    const version = await installed(['--version']);
    assert.equal(version.code, 0, version.stderr);
    assert.equal(version.stdout.trim(), pkg.version);
  });

  it('doc-ingest check reaches the local service with the key from the environment', async () => {
    const check = await installed(['check'], serviceEnv(h.service));
    assert.equal(check.code, 0, check.stdout + check.stderr);
    const lines = check.stdout.trim().split('\n');
    assert.ok(lines.length >= 3 && lines.every((l) => l.startsWith('ok  ')), check.stdout);
    assertNoKeyIn(check, [h.service.keys.admin]);
    assert.ok(h.service.requests.some((r) => r.status === 200), 'the service answered it');
  });

  it('doc-ingest ingest --dry-run builds every file as the repository\'s dist/cli.js does, parsers included', async () => {
    const args = ['ingest', '--dry-run', '--json', '--include', '**/*.md', '--include', '**/*.mdx', '--include', '**/*.html', '--include', '**/*.ipynb'];
    const [got, want] = [await installed(args), await inRepository(args)];
    assert.equal(got.code, 0, got.stderr);
    const report = (r: Run) => ({ ...(JSON.parse(r.stdout) as Record<string, unknown>), durationMs: 0 });
    assert.deepEqual(report(got), report(want));
    assert.deepEqual((JSON.parse(got.stdout) as { totals: Record<string, number> }).totals.wouldSend, 5);
    for (const file of ['install.mdx']) {
      const [a, b] = [await installed(['preview', '--compact', file]), await inRepository(['preview', '--compact', file])];
      assert.equal(a.code, 0, a.stderr);
      assert.equal(a.stdout, b.stdout, `${file}: the same payload bytes`);
    }
  });
});
