// Issue 36, item 5: `doc-ingest findable` as a CI gate, run as a child process against the local service.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { QuestionRow } from '../../../src/cli/commands/findable';
import { usePruneService } from './pruneHarness';

interface Report { command: string; top: number; questions: number; found: number; notFound: number; exitCode: number; pages: { path: string; documentId: string; questions: QuestionRow[] }[] }

describe('doc-ingest findable (issue 36)', function () {
  this.timeout(60_000);
  const h = usePruneService('observed');
  const read = (file: string) => readFile(path.join(h.folder.root, file), 'utf8');

  /** A page with three questions, one of them outranked by another file of the workspace. */
  async function workspace(): Promise<void> {
    await h.folder.write('.doc-ingest.json', JSON.stringify({ linkTemplate: 'https://docs.example.com/{path}#{anchor}' }));
    await h.folder.write('docs/install.md', [
      '---', 'title: Installing', 'team: docs', 'questions:',
      '  - How do I unpack the tarball? -> #on-linux',
      '  - Which package do I get?',
      '  - How are invoices billed?',
      '---', '# Installing', '', 'Get the package from the download page.', '', '## On Linux', '', 'Unpack the tarball.', '',
    ].join('\n'));
    await h.folder.write('docs/old-install.md', '# Old tarball notes\n\nUnpack the tarball, then unpack the tarball again: tarball, tarball.\n');
    await h.folder.write('docs/faq.md', '# FAQ\n\n## Why Linux?\n\nLinux is where it runs.\n');
    assert.equal((await h.cli(['ingest'])).code, 0);
    h.service.clearRequests();
  }

  it('--json: each question with its page rank, section rank and what outranks it, by file; exit 6 when some miss', async () => {
    await workspace();
    const run = await h.cli(['findable', 'docs/install.md', '--json'], { DOC_INGEST_API_KEY: h.service.keys.basic });
    assert.equal(run.code, 6, run.stderr);
    const report = JSON.parse(run.stdout) as Report;
    assert.deepEqual([report.command, report.top, report.questions, report.found, report.notFound, report.exitCode], ['findable', 5, 3, 2, 1, 6]);
    const [tarball, pkg, invoices] = report.pages[0]!.questions;
    assert.deepEqual(tarball, {
      question: 'How do I unpack the tarball?', anchor: 'on-linux', file: 'docs/install.md', line: 5, origin: 'frontMatter', found: true,
      pageRank: 2, sectionRank: 2, above: [{ documentId: 'docs~old-install.md', title: 'Old tarball notes', path: 'docs/old-install.md' }],
    });
    assert.equal(pkg!.pageRank, 1);
    assert.deepEqual([invoices!.found, invoices!.pageRank, invoices!.line], [false, null, 7]);
    assert.ok(h.service.requests.every((r) => r.path === '/api/search/send-search-message' || r.path === '/api/version'), h.requestLines().join('\n'));
    assert.equal(h.service.requests.filter((r) => r.path.includes('search')).length, 3, 'one search per question');
    assert.ok(!h.service.document('docs~install.md')!.metadata.questions, 'questions were never sent as metadata');
  });

  it('text, GitHub annotations on the question\'s line, and exit 0 when all are found', async () => {
    await workspace();
    const run = await h.cli(['findable', 'docs/install.md'], { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: h.folder.root });
    assert.equal(run.code, 6, run.stderr);
    assert.match(run.stdout, /^ok {4}docs\/install\.md:5 {2}"How do I unpack the tarball\?" {2}page #2 of 5, section #on-linux #2; outranked by docs\/old-install\.md$/m);
    assert.match(run.stdout, /^MISS {2}docs\/install\.md:7 {2}"How are invoices billed\?" {2}not in the top 5/m);
    assert.match(run.stdout, /^::warning file=docs\/install\.md,line=7,title=Doc Ingest%3A not findable::"How are invoices billed\?": not in the top 5/m);
    assert.equal(run.stdout.match(/^::warning/gm)?.length, 1);
    const top1 = await h.cli(['findable', 'docs/faq.md', '--top', '1']);
    assert.equal(top1.code, 0, top1.stdout + top1.stderr);
    assert.match(top1.stdout, /^2 questions on 1 pages: 2 find their page in the top 1, 0 do not$/m, 'the title and the second-level heading');
  });

  it('a server without search, a key that may not: the sentence and the exit code of that kind; --top checked', async () => {
    await workspace();
    h.service.setSearch({ version: 'v2.1.0' });
    const basic = await h.cli(['findable', 'docs/faq.md'], { DOC_INGEST_API_KEY: h.service.keys.basic });
    assert.equal(basic.code, 3, basic.stderr);
    assert.match(basic.stderr, /^doc-ingest: This key may not search: this server searches only through POST admin\/search/);
    h.service.setSearch({ version: 'v4.6.1', vectorIndex: false });
    const off = await h.cli(['findable', 'docs/faq.md']);
    assert.equal(off.code, 4, off.stderr);
    assert.match(off.stderr, /without a vector index \(HTTP 501\)/);
    assert.equal((await h.cli(['findable', '--top', '0'])).code, 2);
  });

  it('ingest --findable: the pages sent are asked once the batch is over, again while the server indexes them; the report\'s findable; exit 6', async () => {
    await workspace();
    await h.folder.write('docs/install.md', (await read('docs/install.md')).replace('Get the package', 'Get the new package'));
    // The real server indexes a page about a second after its POST returned.
    h.service.setSearch({ searchableAfterMs: 500 });
    const { run, report } = await h.report(['ingest', '--findable']);
    assert.equal(run.code, 6, run.stderr);
    const f = report.findable!;
    assert.deepEqual([f.top, f.questions, f.found, f.notFound], [5, 3, 2, 1], 'only the page sent (the others were unchanged)');
    assert.deepEqual(f.pages.map((p) => p.path), ['docs/install.md']);
    const [tarball, , invoices] = f.pages[0]!.questions;
    assert.deepEqual([tarball!.pageRank, tarball!.above[0]?.path], [2, 'docs/old-install.md'], 'the file that outranks it, though not sent in this run');
    assert.deepEqual([invoices!.found, invoices!.line], [false, 7]);
    const searches = h.service.requests.filter((r) => r.path.endsWith('search/send-search-message')).length;
    assert.ok(searches > 3, `asked again while the server indexed the page (${searches} searches)`);
  });

  it('ingest --findable in text and in GitHub Actions: the answers after the table, a warning on the question\'s line; its refusals', async () => {
    await workspace();
    await h.folder.write('docs/faq.md', '# FAQ\n\n## Why Linux?\n\nLinux is where it runs, and always was.\n');
    const run = await h.cli(['ingest', '--findable', '--top', '1'], { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: h.folder.root });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^2 questions on 1 pages: 2 find their page in the top 1, 0 do not$/m);
    assert.doesNotMatch(run.stdout, /::warning/);
    await h.folder.write('docs/install.md', (await read('docs/install.md')) + '\nMore.\n');
    const miss = await h.cli(['ingest', '--findable'], { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: h.folder.root });
    assert.equal(miss.code, 6, miss.stdout + miss.stderr);
    assert.match(miss.stdout, /^::warning file=docs\/install\.md,line=7,title=Doc Ingest%3A not findable::"How are invoices billed\?"/m);
    assert.match(miss.stdout, /^MISS {2}docs\/install\.md:7 {2}"How are invoices billed\?"/m);
    assert.equal((await h.cli(['ingest', '--findable', '--dry-run'])).code, 2);
    assert.equal((await h.cli(['ingest', '--top', '3'])).code, 2);
    h.service.setSearch({ vectorIndex: false });
    await h.folder.write('docs/faq.md', '# FAQ\n\nChanged again.\n');
    const off = await h.cli(['ingest', '--findable']);
    assert.equal(off.code, 4, off.stderr);
    assert.match(off.stderr, /findability not checked: This server runs without a vector index/);
  });
});
