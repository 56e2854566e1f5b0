// F14: what a document's links lead to, judged on disk before the build: docs of the include globs with their
// anchors, missing Markdown files, and everything else left alone; read inside the root only, once per run.
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildDocument } from '../../../src/core/documents';
import { linkedPaths, resolveLinkTargets } from '../../../src/core/ingest/linkTargets';
import { diskLinkTargets } from '../../../src/core/files/linkTargetSource';
import type { LinkTargetCache } from '../../../src/core/ingest/linkTargets';
import type { LinkTargetSource } from '../../../src/core/files/linkTargetSource';
import { makeTempFolder, removeFolder, writeIn } from '../../support/tempFolder';

describe('link targets: what links lead to, read inside the root once per run (F14)', () => {
  let base: string;
  let root: string;
  beforeEach(async () => {
    base = await makeTempFolder('doc-ingest-links-');
    root = path.join(base, 'repo');
    await mkdir(path.join(root, 'docs/guide'), { recursive: true });
  });
  afterEach(() => removeFolder(base));
  const write = (relative: string, text: string) => writeIn(root, relative, text);
  const markdownDocs = (p: string) => p.endsWith('.md') && !p.startsWith('drafts/');

  it('a doc of the globs gives its headings\' anchors (explicit ids too) and its front matter link', async () => {
    await write('docs/setup.md', '---\nlink: https://wiki.example.com/setup\n---\n# Setup\n\n## Install on Linux\n\n## Custom {#custom-id}\n\n```\n# not a heading\n```\n');
    await write('docs/faq.md', '# FAQ\n\n## Billing\n');
    const text = '# Guide\n\n[s](../setup.md#install-on-linux) [f](../faq.md) [again](../setup.md)\n';
    const targets = await resolveLinkTargets(text, 'docs/guide/intro.md', diskLinkTargets(root, markdownDocs));
    assert.deepEqual([...targets.keys()].sort(), ['docs/faq.md', 'docs/setup.md']);
    const setup = targets.get('docs/setup.md');
    assert.equal(setup?.kind, 'doc');
    assert.deepEqual(setup?.kind === 'doc' ? [[...setup.anchors], setup.link] : [], [['setup', 'install-on-linux', 'custom-id'], 'https://wiki.example.com/setup']);
    const faq = targets.get('docs/faq.md');
    assert.deepEqual(faq?.kind === 'doc' ? [[...faq.anchors], faq.link] : [], [['faq', 'billing'], undefined]);
  });

  it('a missing Markdown file is missing, whatever the globs; a missing image or an existing excluded doc is nothing to report', async () => {
    await write('drafts/wip.md', '# WIP\n');
    const text = '# Guide\n\n[gone](gone.md) [draft](../../drafts/wip.md) [pic](missing.png) [code](../../src/app.ts)\n';
    const targets = await resolveLinkTargets(text, 'docs/guide/intro.md', diskLinkTargets(root, markdownDocs));
    assert.deepEqual(Object.fromEntries(targets), {
      'docs/guide/gone.md': { kind: 'missing' },
      'drafts/wip.md': { kind: 'other' },
      'docs/guide/missing.png': { kind: 'other' },
      'src/app.ts': { kind: 'other' },
    });
  });

  it('nothing outside the root is read: not through a symbolic link to a file outside, nor to one inside', async () => {
    await writeFile(path.join(base, 'secret.md'), '# Secret\n\n## Token\n');
    await symlink(path.join(base, 'secret.md'), path.join(root, 'docs/leak.md'));
    await write('docs/real.md', '# Real\n');
    await symlink(path.join(root, 'docs/real.md'), path.join(root, 'docs/alias.md'));
    const text = '# Guide\n\n[leak](../leak.md#token) [alias](../alias.md) [up](../../../secret.md)\n';
    const targets = await resolveLinkTargets(text, 'docs/guide/intro.md', diskLinkTargets(root, () => true));
    assert.deepEqual(Object.fromEntries(targets), { 'docs/leak.md': { kind: 'other' }, 'docs/alias.md': { kind: 'other' } }, 'a path that climbs out is no target at all');
    const built = buildDocument(text, 'docs/guide/intro.md', { linkTemplate: 'https://d.example/{path}#{anchor}', linkTargets: targets });
    assert.equal(built.document.sections[0]?.text, text.trimEnd(), 'all stay as written');
    assert.deepEqual(built.problems, []);
  });

  it('each target is read once per run, however many documents and links name it', async () => {
    await write('docs/setup.md', '# Setup\n');
    const disk = diskLinkTargets(root, markdownDocs);
    const reads: string[] = [];
    const counting: LinkTargetSource = { included: disk.included, read: (p) => (reads.push(p), disk.read(p)) };
    const cache: LinkTargetCache = new Map();
    for (let i = 0; i < 50; i++) {
      const text = `# Page ${i}\n\n[a](../setup.md#setup) [b](../setup.md) [c](/docs/setup.md) [d](../gone.md) [e](../gone.md#x)\n`;
      const targets = await resolveLinkTargets(text, `docs/guide/page-${i}.md`, counting, { cache });
      assert.equal(targets.get('docs/setup.md')?.kind, 'doc');
      assert.equal(targets.get('docs/gone.md')?.kind, 'missing');
    }
    assert.deepEqual(reads.sort(), ['docs/gone.md', 'docs/setup.md']);
  });

  it('without a place to read from (an untitled editor), no target: links within the page are still checked', async () => {
    const text = '# Draft\n\n[x](other.md) [y](#nope)\n';
    const targets = await resolveLinkTargets(text, 'Untitled-1', undefined, { markdown: true });
    assert.equal(targets.size, 0);
    const built = buildDocument(text, 'Untitled-1', { markdown: true, linkTargets: targets });
    assert.deepEqual(built.problems.filter((p) => p.code.startsWith('link')).map((p) => p.code), ['linkAnchorMissing']);
  });

  it('linkedPaths names the other files of the text\'s links, each once, and none of text that is not Markdown', () => {
    const text = '---\nlink: x\n---\n# A\n\n[self](a.md#x) [b](b.md) [b again](./b.md#y) [c][c] `[code](d.md)`\n\n[c]: sub/c.md\n';
    assert.deepEqual(linkedPaths(text, 'docs/a.md'), ['docs/b.md', 'docs/sub/c.md']);
    assert.deepEqual(linkedPaths(text, 'docs/a.txt'), []);
  });
});
