import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { DEFAULT_CONCURRENCY, SILENT_TIMEOUTS_TO_STOP } from '../../../src/core/batch';
import type { IngestReport } from '../../../src/cli/report';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { makeFolder, useFolder, writeDocs } from '../../support/batchFolder';
import { assertNoKeyIn, CliRun, interruptWhen, runCli } from '../../support/runCli';
import { closedPort } from '../../support/closedPort';

describe('doc-ingest command line (F12)', function () {
  // Each test starts the command line a dozen times or more: seconds each on 2 busy cores.
  this.timeout(30_000);
  it('--version and --help answer with 0; no command, an unknown command or flag is a usage error (2)', async () => {
    const folder = await makeFolder();
    try {
      const cwd = folder.root;
      const version = await runCli(['--version'], { cwd });
      assert.equal(version.code, 0);
      assert.equal(version.stdout.trim(), (JSON.parse(await readFile(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as { version: string }).version);
      for (const command of ['ingest', 'preview', 'site', 'status', 'check']) {
        const help = await runCli([command, '--help'], { cwd });
        assert.equal(help.code, 0, command);
        assert.match(help.stdout, new RegExp(`^Usage: doc-ingest ${command}`), command);
        assert.match(help.stdout, /Exit codes/, `${command} --help documents its exit codes`);
      }
      const main = await runCli(['--help'], { cwd });
      assert.match(main.stdout, /130 {2}interrupted/);
      assert.equal((await runCli([], { cwd })).code, 2);
      const unknown = await runCli(['publish'], { cwd });
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /unknown command “publish”/);
      const flag = await runCli(['ingest', '--frobnicate'], { cwd });
      assert.equal(flag.code, 2);
      assert.match(flag.stderr, /Unknown option '--frobnicate'.*doc-ingest ingest --help/);
    } finally {
      await folder.remove();
    }
  });

  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);
      const folder = useFolder(h);
      let key: string;
      beforeEach(() => {
        key = h.service.keys.admin;
      });
      const env = (extra: Record<string, string | undefined> = {}) => ({ DOC_INGEST_BASE_URL: h.service.baseUrl, DOC_INGEST_API_KEY: key, ...extra });
      const cli = async (args: string[], extra: Record<string, string | undefined> = {}) => {
        const run = await runCli(args, { cwd: folder.root, env: env(extra) });
        assertNoKeyIn(run, Object.values(h.service.keys));
        return run;
      };
      const ingestions = () => h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath) && r.status === 200).length;

      it('exit 0: ingests the include globs under the root; the --json report has the schema\'s shape and matches the service', async () => {
        await writeDocs(folder, 5);
        await folder.write('notes/todo.txt', 'Plain text notes.\n');
        await folder.write('node_modules/pkg/readme.md', '# Not docs\n');
        const run = await cli(['ingest', '--json']);
        assert.equal(run.code, 0, run.stderr);
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        assert.equal(report.totals.files, 6, 'node_modules is excluded by default');
        assert.equal(report.totals.created, 6);
        assert.equal(report.exitCode, 0);
        for (const f of report.files) assert.ok(h.service.document(f.documentId ?? ''), `${f.path} held as ${f.documentId}`);
        assert.equal(ingestions(), 6);
        const again = await cli(['ingest', '--json']);
        assert.equal(IngestReportSchema.parse(JSON.parse(again.stdout)).totals.unchanged, 6, 'the ledger file remembers');
        assert.equal(ingestions(), 6, 'nothing sent twice');
        assert.ok(JSON.parse(await readFile(path.join(folder.root, '.doc-ingest/ledger.json'), 'utf8')), 'the ledger is JSON at the default place');
      });

      it('exit 1: a file that fails is reported with kind, sentence and line; the rest are sent; annotations on GitHub Actions', async () => {
        await writeDocs(folder, 3);
        await folder.write('guide/bad.md', '# Bad\n\nText.\n\n![shot](missing.png)\n');
        const run = await cli(['ingest', '--json'], { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: folder.root });
        assert.equal(run.code, 1, run.stderr);
        const report: IngestReport = IngestReportSchema.parse(JSON.parse(run.stdout));
        const bad = report.files.find((f) => f.path === 'guide/bad.md');
        assert.equal(bad?.outcome, 'failed');
        assert.equal(bad?.errorKind, 'document');
        assert.equal(bad?.line, 5);
        assert.match(bad?.error ?? '', /missing\.png.*--images-on-problem skip-image/, 'the fix is named as a flag, not an editor setting');
        assert.equal(report.totals.created + report.totals.updated, 3);
        assert.match(run.stderr, /^::error file=guide\/bad\.md,line=5,title=Doc Ingest::guide\/bad\.md was not sent/m, 'with --json the annotation goes to stderr');
        const text = await cli(['ingest', 'guide'], { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: folder.root });
        assert.equal(text.code, 1);
        assert.match(text.stdout, /^::error file=guide\/bad\.md,line=5,/m, 'without --json, on stdout');
        assert.match(text.stdout, /^guide\/bad\.md:5 +failed/m, 'the final table names the file and line');
        const plain = await cli(['ingest', 'guide']);
        assert.ok(!plain.stdout.includes('::error'), 'no annotations outside GitHub Actions');
      });

      it('exit 2: no key, a bad flag value, or a key in .doc-ingest.json (refused, never repeated); nothing is sent', async () => {
        await writeDocs(folder, 2);
        const noKey = await cli(['ingest'], { DOC_INGEST_API_KEY: undefined });
        assert.equal(noKey.code, 2);
        assert.match(noKey.stderr, /DOC_INGEST_API_KEY/);
        assert.equal((await cli(['ingest', '--concurrency', '99'])).code, 2);
        const secret = 'on_this-is-a-committed-key-123';
        await writeFile(path.join(folder.root, '.doc-ingest.json'), JSON.stringify({ idPrefix: 'kb~', apiKey: secret }));
        const refused = await cli(['ingest']);
        assert.equal(refused.code, 2);
        assert.match(refused.stderr, /holds “apiKey”, which looks like a key/);
        assert.ok(!refused.stderr.includes(secret) && !refused.stdout.includes(secret), 'the secret is not repeated');
        await writeFile(path.join(folder.root, '.doc-ingest.json'), JSON.stringify({ idPrefx: 'kb~' }));
        const typo = await cli(['ingest']);
        assert.equal(typo.code, 2);
        assert.match(typo.stderr, /unknown key “idPrefx”/);
        assert.equal(h.service.requests.length, 0, 'nothing reached the server');
      });

      it('exit 3: a key the server refuses stops the run; nothing sent', async () => {
        await writeDocs(folder, 6);
        const run = await cli(['ingest', '--json'], { DOC_INGEST_API_KEY: 'on_not-a-real-key' });
        assert.equal(run.code, 3, run.stderr);
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        assert.equal(report.stopped?.reason, 'failure');
        assert.equal(report.stopped?.errorKind, 'auth');
        assert.match(report.stopped?.error ?? '', /DOC_INGEST_API_KEY/);
        assert.equal(report.totals.created + report.totals.updated, 0);
        assert.ok(!run.stdout.includes('on_not-a-real-key') && !run.stderr.includes('on_not-a-real-key'));
        const basic = await cli(['ingest'], { DOC_INGEST_API_KEY: h.service.keys.basic });
        assert.equal(basic.code, 3, 'a key without the permission is exit 3 too');
      });

      it('exit 4: an unreachable server, a web page instead of the API, a route that is not there', async () => {
        await writeDocs(folder, 2);
        const unreachable = await cli(['ingest'], { DOC_INGEST_BASE_URL: `http://127.0.0.1:${await closedPort()}/api` });
        assert.equal(unreachable.code, 4, unreachable.stderr);
        const page = await cli(['ingest'], { DOC_INGEST_BASE_URL: h.service.baseUrl.replace(/\/api$/, '/docs') });
        assert.equal(page.code, 4, page.stderr);
        const route = await cli(['ingest', '--ingestion-path', 'no/such/ingestion']);
        assert.equal(route.code, 4, route.stderr);
        assert.match(route.stderr, /--ingestion-path/);
        const check = await cli(['check'], { DOC_INGEST_BASE_URL: h.service.baseUrl.replace(/\/api$/, '') });
        assert.equal(check.code, 4);
        assert.match(check.stdout, /FAIL +server .*Did you mean .*\/api/);
      });

      it('exit 4: a server that does not answer stops the run with one sentence on stderr naming --timeout; the ledger is unchanged', async function () {
        this.timeout(30_000);
        await folder.write('kept.md', '# Kept\n\nSent while the server answered.\n');
        assert.equal((await cli(['ingest'])).code, 0);
        const ledgerFile = path.join(folder.root, '.doc-ingest/ledger.json');
        const before = await readFile(ledgerFile, 'utf8');
        await writeDocs(folder, 20);
        h.service.clearRequests();
        h.service.faults.inject({ path: new RegExp(h.service.ingestionPath), delayMs: 600_000, times: Infinity });
        const run = await cli(['ingest', '--timeout', '0.3']);
        assert.equal(run.code, 4, run.stderr);
        const lines = run.stderr.trim().split('\n');
        assert.equal(lines.length, 1, run.stderr);
        assert.match(lines[0] ?? '', /^doc-ingest: stopped \(0 sent, \d+ failed, \d+ not sent\): The server is not answering: \d+ requests in a row got no answer within 0\.3 s each; check [^.]*--timeout[^.]*\.$/);
        assert.equal(await readFile(ledgerFile, 'utf8'), before, 'nothing confirmed, nothing recorded');
        const posts = h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath)).length;
        assert.ok(posts <= DEFAULT_CONCURRENCY + SILENT_TIMEOUTS_TO_STOP - 1, `${posts} requests for 20 files`);
      });

      it('--changed: of 300 files, after 7 edits and 2 new files, sends exactly those 9', async function () {
        this.timeout(60_000);
        await writeDocs(folder, 300);
        const first = await cli(['ingest', '--json', '--concurrency', '8']);
        assert.equal(first.code, 0, first.stderr);
        const t = IngestReportSchema.parse(JSON.parse(first.stdout)).totals;
        assert.equal(t.created + t.updated, 300);
        for (const i of [3, 50, 51, 120, 199, 250, 299]) await folder.write(`doc-${i}.md`, `# doc ${i}\n\nEdited.\n`);
        await writeDocs(folder, 2, 'new');
        h.service.clearRequests();
        const changed = await cli(['ingest', '--changed', '--json']);
        assert.equal(changed.code, 0, changed.stderr);
        const report = IngestReportSchema.parse(JSON.parse(changed.stdout));
        assert.deepEqual(report.files.map((f) => f.path).sort(), ['doc-120.md', 'doc-199.md', 'doc-250.md', 'doc-299.md', 'doc-3.md', 'doc-50.md', 'doc-51.md', 'new-0.md', 'new-1.md']);
        assert.equal(report.totals.updated + report.totals.created, 9);
        assert.ok(report.files.every((f) => JSON.stringify(h.service.document(f.documentId ?? '')?.received).includes(f.path.startsWith('new') ? 'Text of new' : 'Edited.')), 'the new text is held');
        assert.equal(ingestions(), 9, 'the service received exactly the changed files');
        h.service.clearRequests();
        const none = await cli(['ingest', '--changed']);
        assert.equal(none.code, 0);
        assert.match(none.stdout, /Every file is as last ingested/);
        assert.equal(ingestions(), 0);
      });

      it('Ctrl+C mid-batch: exit 130, in-flight requests aborted, the report adds up, the ledger keeps what was confirmed', async function () {
        this.timeout(60_000);
        await writeDocs(folder, 30);
        h.service.setIngestLatency(250);
        const ctrlC = interruptWhen(() => ingestions() >= 4);
        const run: CliRun = await runCli(['ingest', '--json', '--concurrency', '2'], {
          cwd: folder.root,
          env: env(),
          started: ctrlC.started,
        });
        assert.ok(ctrlC.interrupted(), 'interrupted while running');
        assert.equal(run.code, 130, run.stderr);
        assert.match(run.stderr, /interrupted: \d+ sent, \d+ not sent, \d+ under way/);
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        const t = report.totals;
        assert.equal(report.stopped?.reason, 'cancelled');
        const sent = t.created + t.updated;
        assert.equal(sent + t.notSent + t.cancelled + t.failed, 30, 'every file accounted for');
        assert.ok(sent >= 4 && t.notSent > 0, `stopped midway (${JSON.stringify(t)})`);
        const ledger = JSON.parse(await readFile(path.join(folder.root, '.doc-ingest/ledger.json'), 'utf8')) as { scopes: { documents: { sourcePath: string }[] }[] };
        const confirmed = ledger.scopes.flatMap((s) => s.documents.map((d) => d.sourcePath)).sort();
        assert.deepEqual(confirmed, report.files.filter((f) => f.outcome === 'created' || f.outcome === 'updated').map((f) => f.path).sort(), 'the ledger holds exactly the confirmed successes');
        h.service.setIngestLatency(0);
        const rest = await cli(['ingest', '--changed', '--json']);
        assert.equal(rest.code, 0, rest.stderr);
        assert.equal(IngestReportSchema.parse(JSON.parse(rest.stdout)).totals.files, 30 - sent, 'the next run sends the rest');
        for (const f of report.files) assert.ok(h.service.document(f.documentId ?? f.path), `${f.path} is held`);
      });

      it('--dry-run builds and checks every file and sends nothing', async () => {
        await writeDocs(folder, 4);
        await folder.write('a.md', '---\nid: same\n---\n# A\n');
        await folder.write('b.md', '---\nid: same\n---\n# B\n');
        const run = await cli(['ingest', '--dry-run', '--json']);
        assert.equal(run.code, 1, 'two files that would be one document fail');
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        assert.equal(report.dryRun, true);
        assert.equal(report.totals.wouldSend, 4);
        assert.equal(report.totals.failed, 2);
        assert.equal(h.service.requests.length, 0, 'nothing sent');
        const table = await cli(['ingest', '--dry-run', 'doc-0.md'], { DOC_INGEST_BASE_URL: undefined, DOC_INGEST_API_KEY: undefined });
        assert.equal(table.code, 0, 'a dry run needs no server');
        assert.match(table.stdout, /^doc-0\.md +would be sent +doc-0\.md/m);
      });

      it('preview prints the exact body that ingest then sends', async () => {
        await writeFile(path.join(folder.root, '.doc-ingest.json'), JSON.stringify({ idPrefix: 'kb~', linkTemplate: 'https://docs.example.com/{path}#{anchor}' }));
        await folder.write('guide/setup.md', '---\ntitle: Setting up\ntags: [install]\n---\n# Setup\n\nIntro.\n\n## Linux\n\nRun it.\n');
        const preview = await cli(['preview', 'guide/setup.md', '--compact', '--cc-pair-id', '2']);
        assert.equal(preview.code, 0, preview.stderr);
        const body = JSON.parse(preview.stdout) as { document: { id: string }; cc_pair_id: number };
        assert.equal(body.document.id, 'kb~guide~setup.md', '.doc-ingest.json applies');
        assert.equal(body.cc_pair_id, 2);
        const sent = await cli(['ingest', 'guide/setup.md', '--cc-pair-id', '2']);
        assert.equal(sent.code, 0, sent.stderr);
        const request = h.service.requests.find((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath));
        assert.equal(request?.body, preview.stdout.trimEnd(), 'byte for byte');
        const bad = await cli(['preview', 'nope.md']);
        assert.equal(bad.code, 2);
      });

      it('status: user-file statuses by id; exit 1 for a failed or unknown file, 2 for what is no id', async () => {
        const done = h.service.addUserFile('admin', { name: 'diagram.png', status: 'COMPLETED' });
        const failed = h.service.addUserFile('admin', { name: 'broken.pdf', status: 'FAILED' });
        const ok = await cli(['status', done.id, '--json']);
        assert.equal(ok.code, 0, ok.stderr);
        assert.deepEqual((JSON.parse(ok.stdout) as { files: unknown[] }).files, [{ id: done.id, status: 'COMPLETED', name: 'diagram.png', ...(done.fileId ? { fileId: done.fileId } : {}) }]);
        const both = await cli(['status', done.id, failed.id, '00000000-0000-4000-8000-000000000000']);
        assert.equal(both.code, 1);
        assert.match(both.stdout, new RegExp(`^${failed.id} +FAILED +broken\\.pdf$`, 'm'));
        assert.match(both.stdout, /^00000000-0000-4000-8000-000000000000 +not found$/m);
        assert.equal(h.service.requests.filter((r) => r.path.includes('statuses')).length, 2, 'one request per run');
        assert.equal((await cli(['status', 'not-an-id'])).code, 2);
      });

      it('status --help states how many ids go in one request, and the client sends exactly that many per request', async function () {
        this.timeout(30_000);
        const help = await cli(['status', '--help']);
        const stated = /one request per ([\d,]+) ids/.exec(help.stdout)?.[1];
        assert.ok(stated, help.stdout);
        const perRequest = Number(stated.replace(/,/g, ''));
        const ids = Array.from({ length: perRequest + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
        await cli(['status', ...ids]);
        assert.equal(h.service.requests.filter((r) => r.path.includes('statuses')).length, 2, `${perRequest + 1} ids take two requests of at most ${perRequest}`);
      });

      it('check: server, key, route and pair', async () => {
        const held = h.service.documents().length;
        const good = await cli(['check', '--cc-pair-id', '2', '--json']);
        assert.equal(good.code, 0, good.stdout);
        const checks = (JSON.parse(good.stdout) as { checks: { check: string; ok: boolean }[] }).checks;
        assert.deepEqual(checks.map((c) => [c.check, c.ok]), [['server', true], ['key', true], ['route', true], ['pair', true]]);
        assert.match((checks[0] as unknown as { detail: string }).detail, /is the service's API \(server version v4\.6\.1\)$/, 'named from GET version (issue 36)');
        assert.equal(h.service.documents().length, held, 'checking ingests nothing');
        const badKey = await cli(['check'], { DOC_INGEST_API_KEY: 'on_wrong' });
        assert.equal(badKey.code, 3);
        assert.match(badKey.stdout, /FAIL +key/);
        const pair = await cli(['check', '--cc-pair-id', '99']);
        if (dialect === 'observed') {
          assert.equal(pair.code, 2, 'the real server can say the pair does not exist');
          assert.match(pair.stdout, /FAIL +pair +there is no pair 99/);
        } else {
          assert.equal(pair.code, 0, 'the specification offers no pair lookup: said, not failed');
          assert.match(pair.stdout, /ok +pair +pair 99 not checked/);
        }
      });
    });
  }
});
