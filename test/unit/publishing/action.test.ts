// Issue 26, item 6: the GitHub Action. Its entry (dist/action.js, as the runner starts it: `node dist/action.js`
// with the inputs as INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files) runs the bundled command line
// against the local service; the step's outputs, summary table and report are checked, and the key is nowhere.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { INPUTS } from '../../../src/action/inputs';
import { OUTPUTS, summaryMarkdown } from '../../../src/action/summary';
import { IngestReportSchema } from '../../../src/cli/report';
import type { IngestReport } from '../../../src/cli/report';
import { useService } from '../../support/serviceHarness';
import { Folder, PNG, useFolder } from '../../support/batchFolder';
import { runProcess } from '../../support/runCli';
import type { CliRun } from '../../support/runCli';

const repoRoot = path.resolve(__dirname, '../../../..');
const ACTION = path.join(repoRoot, 'dist/action.js');

interface Step extends CliRun {
  outputs: Record<string, string>;
  summary: string;
}

/** `GITHUB_OUTPUT` as the runner reads it: `name<<DELIMITER`, lines, `DELIMITER`. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const end = lines.indexOf(m[2]!, i + 1);
    assert.ok(end > i, `the delimiter of ${m[1]} closes it`);
    outputs[m[1]!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}

/** Runs the action's entry as the runner does: a clean environment of GITHUB_* and INPUT_* variables. */
async function runStep(folder: Folder, inputs: Record<string, string>, extra: Record<string, string> = {}): Promise<Step> {
  const outputFile = path.join(folder.root, '..', `${path.basename(folder.root)}-output`);
  const summaryFile = path.join(folder.root, '..', `${path.basename(folder.root)}-summary`);
  fs.writeFileSync(outputFile, '');
  fs.writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '', HOME: folder.root, LANG: 'C.UTF-8',
    GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_WORKSPACE: folder.root, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile,
    ...extra,
  };
  // The runner sets every declared input, with its default when the workflow gives none.
  for (const name of INPUTS) env[`INPUT_${name.toUpperCase()}`] = inputs[name] ?? ({ changed: 'false', prune: 'false', 'dry-run': 'false', findable: 'false', report: 'doc-ingest-report.json' } as Record<string, string>)[name] ?? '';
  const run = await runProcess(process.execPath, [ACTION], { cwd: folder.root, env });
  const step = { ...run, outputs: parseOutputs(fs.readFileSync(outputFile, 'utf8')), summary: fs.readFileSync(summaryFile, 'utf8') };
  fs.rmSync(outputFile, { force: true });
  fs.rmSync(summaryFile, { force: true });
  return step;
}

describe('the GitHub Action (action.yml, dist/action.js)', function () {
  this.timeout(30_000);
  const h = useService('observed');
  const folder = useFolder(h);

  const noKeyAnywhere = (step: Step, report = '') => {
    const key = h.service.keys.admin;
    const everywhere = [step.stderr, step.summary, JSON.stringify(step.outputs), report, step.stdout.replace(`::add-mask::${key}\n`, '')];
    assert.deepEqual(everywhere.map((t) => t.includes(key)), everywhere.map(() => false), 'the key is only in its ::add-mask:: line');
  };

  it('declares the inputs the entry reads and the outputs it writes, and runs dist/action.js', () => {
    const action = parseYaml(fs.readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { description: string }>; outputs: Record<string, { description: string }>; runs: { using: string; main: string };
    };
    assert.deepEqual(Object.keys(action.inputs), [...INPUTS]);
    assert.deepEqual(Object.keys(action.outputs), [...OUTPUTS]);
    assert.deepEqual(action.runs, { using: 'node24', main: 'dist/action.js' });
    assert.ok(fs.existsSync(ACTION), `${ACTION} exists (npm run build:dev)`);
  });

  it('sends the files, writes the report, the outputs and a summary table of what was sent; the key is masked first', async () => {
    await folder.write('docs/guide.md', '# Guide\n\nHow to start.\n');
    await folder.write('docs/img.png', PNG);
    await folder.write('docs/setup.md', '# Setup\n\n![Screen](img.png)\n\nInstall | configure.\n');
    await folder.write('docs/broken.md', '# Broken\n\nSee ![the dialog](missing.png).\n');
    await folder.write('notes/todo.md', '# Not included\n');
    const step = await runStep(folder, { server: h.service.baseUrl, key: h.service.keys.admin, include: 'docs/**/*.md\n', report: 'out/report.json' });
    assert.equal(step.code, 1, step.stderr);
    assert.equal(step.stdout.split('\n')[0], `::add-mask::${h.service.keys.admin}`, 'the key is masked before anything is printed');
    const reportPath = path.join(folder.root, 'out/report.json');
    const reportText = fs.readFileSync(reportPath, 'utf8');
    const report = IngestReportSchema.parse(JSON.parse(reportText));
    assert.deepEqual(report.files.map((f) => [f.path, f.outcome]), [['docs/broken.md', 'failed'], ['docs/guide.md', 'created'], ['docs/setup.md', 'created']]);
    assert.deepEqual(step.outputs, {
      'exit-code': '1', files: '3', created: '2', updated: '0', unchanged: '0', skipped: '0', failed: '1', 'not-sent': '0', 'would-send': '0',
      deleted: '0', 'would-delete': '0', report: reportPath,
    });
    assert.ok(h.service.requests.some((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath) && r.status === 200), 'the service got the documents');
    // The table: a header, then one row per file with its id, outcome and reason; a | in a cell does not split it.
    const rows = step.summary.split('\n').filter((l) => l.startsWith('| '));
    assert.deepEqual(rows.slice(0, 1), ['| File | Document id | Outcome | Why |']);
    assert.equal(rows.length, 4, step.summary);
    // A failed page names the id it builds (read before anything was sent): it keeps that document (issue 38).
    assert.match(rows[1]!, /^\| `docs\/broken\.md` \| `docs~broken\.md` \| \*\*failed\*\* \| .*missing\.png.* \|$/);
    assert.equal(rows[2], '| `docs/guide.md` | `docs~guide.md` | created |  |');
    assert.match(step.summary, /^3 files: 2 created, 1 failed\. Server `http:\/\/127\.0\.0\.1:\d+\/api`\. Report: `.*out\/report\.json`\.$/m);
    // The command line's annotation reaches the log: the failed file on the pull request.
    assert.match(step.stderr, /^::error file=docs\/broken\.md,line=3,/m);
    noKeyAnywhere(step, reportText);

    // Again with changed: the sent files are unchanged by the ledger, and the table lists what was sent only.
    const again = await runStep(folder, { server: h.service.baseUrl, key: h.service.keys.admin, include: 'docs/**/*.md', changed: 'true' });
    assert.equal(again.code, 1);
    assert.equal(again.outputs.files, '1', 'only the failed file is still changed');
    assert.equal(again.outputs.report, path.join(folder.root, 'doc-ingest-report.json'));
    noKeyAnywhere(again);
  });

  it('findable: the questions of the pages sent, as outputs, a summary section naming what outranks a miss, exit 6 (issue 36)', async () => {
    await folder.write('docs/install.md', [
      '---', 'title: Installing', 'questions:', '  - Which package do I get?', '  - How do I unpack the tarball?', '  - How are invoices billed?', '---',
      '# Installing', '', 'Get the package from the download page.', '', '## On Linux', '', 'Unpack it.', '',
    ].join('\n'));
    await folder.write('docs/old-install.md', '# Old tarball notes\n\nUnpack the tarball, then unpack the tarball again: tarball, tarball.\n');
    const step = await runStep(folder, { server: h.service.baseUrl, key: h.service.keys.admin, findable: 'true' });
    assert.equal(step.code, 6, step.stderr);
    // Both pages were sent: install.md's three questions, and old-install.md's title.
    assert.deepEqual([step.outputs.questions, step.outputs.found, step.outputs['not-found'], step.outputs['exit-code']], ['4', '3', '1', '6']);
    assert.match(step.summary, /^#### Is it findable\?$/m);
    assert.match(step.summary, /^3 of 4 questions find their page in the top 5\.$/m);
    assert.match(step.summary, /^\| How are invoices billed\? \| `docs\/install\.md:6` \| not in the top 5 \| .* \|$/m);
    assert.match(step.stderr, /^::warning file=docs\/install\.md,line=6,title=Doc Ingest%3A not findable::"How are invoices billed\?"/m);
    noKeyAnywhere(step, fs.readFileSync(path.join(folder.root, 'doc-ingest-report.json'), 'utf8'));
    const without = await runStep(folder, { server: h.service.baseUrl, key: h.service.keys.admin });
    assert.equal(without.outputs.questions, undefined, 'not asked: no count');
  });

  it('a dry run sends nothing and needs no key; it says so in the summary', async () => {
    await writeTwo(folder);
    const step = await runStep(folder, { server: h.service.baseUrl, 'dry-run': 'true' });
    assert.equal(step.code, 0, step.stderr);
    assert.equal(step.outputs['would-send'], '2');
    assert.match(step.summary, /^### Doc Ingest \(dry run: nothing sent\)$/m);
    assert.match(step.summary, /^\| `a\.md` \| `a\.md` \| would be sent \|  \|$/m);
    assert.ok(!h.service.requests.some((r) => r.method === 'POST'), 'nothing sent');
  });

  it('max-delete bounds a prune but never lifts the half rule: a mass rename is refused (issue 34, item 5)', async () => {
    for (const name of ['a', 'b', 'c', 'd']) await folder.write(`${name}.md`, `# ${name}\n\nText.\n`);
    const inputs = { server: h.service.baseUrl, key: h.service.keys.admin };
    assert.equal((await runStep(folder, inputs)).code, 0);
    for (const name of ['a', 'b', 'c', 'd']) fs.renameSync(path.join(folder.root, `${name}.md`), path.join(folder.root, `renamed-${name}.md`));
    const step = await runStep(folder, { ...inputs, prune: 'true', 'max-delete': '10' });
    assert.equal(step.code, 5, step.stderr);
    assert.equal(step.outputs.deleted, '0');
    assert.match(step.stderr, /not pruning: 4 of the 4 documents this repository held in pair 1 before the run would be deleted, more than half/);
    assert.ok(!h.service.requests.some((r) => r.method === 'DELETE'), 'nothing deleted');
    const bounded = await runStep(folder, { ...inputs, prune: 'true', 'max-delete': '2' });
    assert.equal(bounded.code, 5);
    assert.match(bounded.stderr, /more than --max-delete 2/, 'the input still bounds the number');
  });

  it('a missing key or a wrong input stops the step with exit 2, one sentence in the log and the summary, nothing sent', async () => {
    await writeTwo(folder);
    const noKey = await runStep(folder, { server: h.service.baseUrl });
    assert.equal(noKey.code, 2);
    assert.match(noKey.stdout, /^::error title=Doc Ingest::The input key is empty: pass the API key from a secret/m);
    assert.match(noKey.summary, /Nothing was sent \(exit code 2\)[\s\S]*The input key is empty/);
    assert.deepEqual(noKey.outputs, { 'exit-code': '2' });
    const flag = await runStep(folder, { server: h.service.baseUrl, key: h.service.keys.admin, changed: 'yes' });
    assert.equal(flag.code, 2);
    assert.match(flag.stdout, /The input changed is “yes”: write true or false\./);
    // A value the command line refuses: its own sentence, in the summary too.
    const pair = await runStep(folder, { server: h.service.baseUrl, key: h.service.keys.admin, 'cc-pair-id': 'two' });
    assert.equal(pair.code, 2);
    assert.match(pair.summary, /^- doc-ingest: .*cc-pair-id/m);
    assert.equal(pair.outputs.report, undefined);
    assert.equal(h.service.requests.filter((r) => r.method === 'POST').length, 0);
    for (const step of [noKey, flag, pair]) noKeyAnywhere(step);
  });

  it('summary cells keep to their cell, and a long run lists the first rows and says where the rest is', () => {
    const report: IngestReport = {
      version: 1, command: 'ingest', dryRun: false, exitCode: 1, durationMs: 1,
      totals: { files: 1002, created: 1001, updated: 0, unchanged: 0, skipped: 0, failed: 1, notSent: 0, cancelled: 0, wouldSend: 0 },
      files: [
        { path: 'a|b.md', outcome: 'failed', error: 'line one\nline <two>' },
        ...Array.from({ length: 1001 }, (_, i) => ({ path: `p${i}.md`, documentId: `p${i}.md`, outcome: 'created' as const })),
      ],
    };
    const md = summaryMarkdown(report, '/w/r.json');
    const rows = md.split('\n').filter((l) => l.startsWith('| `') || l.startsWith('| p'));
    assert.equal(rows.length, 1000);
    assert.equal(rows[0], '| `a\\|b.md` |  | **failed** | line one line &lt;two&gt; |');
    assert.match(md, /^2 more files are in the report\.$/m);
  });

  it('the summary counts the pages that carry markup readers do not see (issue 35, item 4)', () => {
    const report: IngestReport = {
      version: 1, command: 'ingest', dryRun: true, exitCode: 0, durationMs: 1,
      totals: { files: 2, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0, notSent: 0, cancelled: 0, wouldSend: 2 },
      files: [
        { path: 'a.md', outcome: 'wouldSend', markup: [{ kind: 'customInclude', line: 5, message: 'Line 5 carries markup ...' }] },
        { path: 'b.md', outcome: 'wouldSend' },
      ],
    };
    assert.match(summaryMarkdown(report, '/w/r.json'), /^1 page carries markup readers do not see \(sent as written\): each kind is in the report's `files\[\]\.markup` at its line/m);
  });
});

async function writeTwo(folder: Folder): Promise<void> {
  await folder.write('a.md', '# A\n\nText.\n');
  await folder.write('b.md', '# B\n\nText.\n');
}
