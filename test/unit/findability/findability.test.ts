// Issue 36, items 2 and 3: the questions of a page, and where the server ranks the page and its section for each.
import assert from 'node:assert/strict';
import { buildDocument } from '../../../src/core/documents';
import {
  answerOf, checkFindability, defaultQuestions, describeAnswer, frontMatterQuestions, parseQuestion, readQuestionsFile, bodyOf,
} from '../../../src/core/findability';
import type { SearchHit } from '../../../src/core/api';
import { useService } from '../../support/serviceHarness';

const hit = (documentId: string, link?: string, title = documentId): SearchHit =>
  ({ documentId, link, chunk: 0, score: 1, title, blurb: '', highlights: [], sourceType: 'ingestion_api' });

describe('findability: questions (issue 36)', () => {
  it('a question may name the section it expects', () => {
    assert.deepEqual(parseQuestion('How do I install on Linux?  -> #linux', 'typed'), { text: 'How do I install on Linux?', anchor: 'linux', origin: 'typed' });
    assert.deepEqual(parseQuestion('What is -> not an anchor?', 'typed'), { text: 'What is -> not an anchor?', origin: 'typed' });
    assert.equal(parseQuestion('   ', 'typed'), undefined);
  });

  it('front matter questions: each with its line; a value that is no list is one sentence at the key', () => {
    const page = '---\ntitle: Install\nquestions:\n  - How do I install? -> #linux\n  - "Why root? -> #root"\n  - Any section?\n---\n# Install\n';
    assert.deepEqual(frontMatterQuestions(page), { questions: [
      { text: 'How do I install?', anchor: 'linux', origin: 'frontMatter', line: 4 },
      { text: 'Why root?', anchor: 'root', origin: 'frontMatter', line: 5 },
      { text: 'Any section?', origin: 'frontMatter', line: 6 },
    ] });
    assert.deepEqual(frontMatterQuestions('---\nquestions: why\n---\nx\n'), { error: 'Front matter “questions” must be a list of questions, one per line starting with “- ”.', line: 2 });
    assert.equal(frontMatterQuestions('---\ntitle: x\n---\nx\n'), undefined);
  });

  it('without any: the title, and each second-level heading expecting its own section', () => {
    const text = '---\ntitle: T\n---\n# Install\n\n## On Linux\n\n```\n## not a heading\n```\n\n### Deeper\n\n## On macOS\n';
    const { body, bodyLine } = bodyOf(text);
    assert.deepEqual(defaultQuestions('Install', body, bodyLine), [
      { text: 'Install', origin: 'title' },
      { text: 'On Linux', origin: 'heading', line: 6, anchor: 'on-linux' },
      { text: 'On macOS', origin: 'heading', line: 14, anchor: 'on-macos' },
    ]);
  });

  it('the questions file maps pages to questions, each with its line there', () => {
    const read = readQuestionsFile('docs/install.md:\n  - How do I install? -> #linux\n./docs/faq.md:\n  - Is it free?\nbroken: 3\n');
    assert.deepEqual(read.pages.get('docs/install.md'), [{ text: 'How do I install?', anchor: 'linux', origin: 'questionsFile', line: 2, file: '.doc-ingest-questions.yml' }]);
    assert.equal(read.pages.get('docs/faq.md')?.[0]?.text, 'Is it free?');
    assert.deepEqual(read.problems.map((p) => p.line), [5]);
  });

  it('front matter questions are never sent as metadata', () => {
    const built = buildDocument('---\nteam: docs\nquestions:\n  - How do I install?\n---\n# Install\n\nText.\n', 'install.md');
    assert.equal(built.document.metadata?.team, 'docs');
    assert.ok(!('questions' in (built.document.metadata ?? {})), JSON.stringify(built.document.metadata));
  });
});

describe('findability: the answer (issue 36)', () => {
  const fileOf = (id: string) => ({ 'old-install': 'docs/old-install.md' } as Record<string, string>)[id];

  it('a document appearing twice counts once for the page, its best section for the section', () => {
    const hits = [hit('old-install', 'https://x/old#a', 'Old install'), hit('old-install', 'https://x/old#b'), hit('crawled', 'https://w/p', 'Wiki page'), hit('page', 'https://x/page#macos'), hit('page', 'https://x/page#linux')];
    const a = answerOf({ text: 'q', anchor: 'linux', origin: 'typed' }, 'page', hits, 5, fileOf);
    assert.equal(a.pageRank, 3);
    assert.equal(a.sectionRank, 5);
    assert.deepEqual(a.above, [{ documentId: 'old-install', title: 'Old install', path: 'docs/old-install.md' }, { documentId: 'crawled', title: 'Wiki page' }]);
    assert.equal(a.found, true);
    assert.deepEqual(a.ranked.map((r) => [r.documentId, r.link, r.path]), [['old-install', 'https://x/old#a', 'docs/old-install.md'], ['crawled', 'https://w/p', undefined], ['page', 'https://x/page#macos', undefined]], 'the top documents, each at its best section');
    assert.equal(describeAnswer(a, 5), 'page #3 of 5, section #linux #5; outranked by docs/old-install.md, "Wiki page"');
    const tight = answerOf({ text: 'q', anchor: 'linux', origin: 'typed' }, 'page', hits, 4, fileOf);
    assert.equal(tight.found, false, 'the page is in the top 4, its section is not');
    assert.equal(describeAnswer(tight, 4), 'page #3 of 4, section #linux not in the top 4; outranked by docs/old-install.md, "Wiki page"');
  });

  it('outside the top K: not found, with what is there instead', () => {
    const a = answerOf({ text: 'q', origin: 'title' }, 'page', [hit('a'), hit('b'), hit('page')], 2, fileOf);
    assert.equal(a.found, false);
    assert.equal(a.pageRank, undefined);
    assert.equal(describeAnswer(a, 2), 'not in the top 2; the top is "a", "b"');
  });
});

describe('findability: against the local service (issue 36)', function () {
  this.timeout(30_000);
  const h = useService('observed');

  before(async () => {
    const admin = h.client('admin');
    const ingest = (id: string, title: string, sections: { text: string; link?: string }[]) =>
      admin.ingestDocument({ document: { id, semantic_identifier: title, source: 'file', metadata: {}, sections }, cc_pair_id: 2 });
    await ingest('docs~install.md', 'Install', [
      { text: 'Install\n\nGet the package.', link: 'https://d/install#install' },
      { text: 'On Linux\n\nUnpack the tarball with tar.', link: 'https://d/install#on-linux' },
    ]);
    await ingest('docs~old-install.md', 'Old tarball notes', [{ text: 'The tarball: unpack the tarball with tar, then unpack the tarball again.', link: 'https://d/old-install' }]);
    await ingest('docs~faq.md', 'FAQ', [{ text: 'Billing questions go to finance.', link: 'https://d/faq' }]);
  });

  it('ranks each question, names the workspace file that outranks it, and bounds the searches under way', async () => {
    const client = h.client('basic');
    let inFlight = 0;
    let peak = 0;
    const pages = [{ path: 'docs/install.md', documentId: 'docs~install.md', questions: [
      { text: 'unpack the tarball', anchor: 'on-linux', origin: 'frontMatter' as const, line: 4 },
      { text: 'get the package', origin: 'frontMatter' as const },
      { text: 'billing finance', origin: 'frontMatter' as const },
      { text: 'install', origin: 'title' as const },
    ] }];
    const results = await checkFindability(pages, {
      async search(q, o) {
        inFlight++;
        peak = Math.max(peak, inFlight);
        try { return await client.search(q, o); } finally { inFlight--; }
      },
      fileOf: (id) => (id.startsWith('docs~') ? id.slice(5).replace(/~/g, '/') : undefined),
      top: 5,
      concurrency: 2,
    });
    const [tarball, pkg, billing, title] = results[0]!.answers;
    assert.equal(tarball!.pageRank, 2);
    assert.deepEqual(tarball!.above, [{ documentId: 'docs~old-install.md', title: 'Old tarball notes', path: 'old-install.md' }]);
    assert.equal(tarball!.sectionRank, 2);
    assert.equal(pkg!.pageRank, 1);
    assert.equal(billing!.found, false);
    assert.equal(title!.pageRank, 1);
    assert.ok(peak <= 2 && peak >= 1, `peak ${peak}`);
    assert.equal(h.seen('search/send-search-message'), 4, 'one search per question');
  });
});
