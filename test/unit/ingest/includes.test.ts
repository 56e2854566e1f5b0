// F15: the files a page includes, read before the build: recursively, inside the root only (no symbolic link out),
// each once per run; and the ledger's source hash of a page that covers them.
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildDocument } from '../../../src/core/documents';
import { includedSourceHash, resolveIncludes } from '../../../src/core/ingest/includes';
import type { IncludeCache } from '../../../src/core/ingest/includes';
import { diskLinkTargets } from '../../../src/core/files/linkTargetSource';
import { sha256Hex } from '../../../src/core/ledger';
import { makeTempFolder, removeFolder, writeIn } from '../../support/tempFolder';

describe('includes: read before the build, inside the root only (F15)', () => {
  let base: string;
  let root: string;
  beforeEach(async () => {
    base = await makeTempFolder('doc-ingest-includes-');
    root = path.join(base, 'repo');
    await mkdir(path.join(root, 'docs'), { recursive: true });
  });
  afterEach(() => removeFolder(base));
  const write = (relative: string, text: string) => writeIn(root, relative, text);
  const disk = () => diskLinkTargets(root, () => true);

  it('reads what a page includes and what those include, each by the first path that exists', async () => {
    await write('docs/_setup.mdx', "import Key from './_key.md';\n\nSet up.\n\n<Key />\n");
    await write('docs/_key.md', 'Get a key.\n\n--8<-- "snippets/more.md"\n');
    await write('snippets/more.md', 'More.\n');
    await write('docs/note.md', '# Note\n');
    const page = "import Setup from './_setup.mdx';\n\n# Page\n\n<Setup />\n\n![[note]]\n";
    const includes = await resolveIncludes(page, 'docs/page.mdx', disk());
    assert.deepEqual([...includes.keys()].sort(), ['docs/_key.md', 'docs/_setup.mdx', 'docs/note.md', 'snippets/more.md']);
    const built = buildDocument(page, 'docs/page.mdx', { includes });
    assert.deepEqual(built.document.sections.map((s) => s.text), ['# Page\n\nSet up.\n\nGet a key.\n\nMore.', '# Note']);
    assert.deepEqual(built.problems.filter((p) => p.severity !== 'info'), []);
  });

  it('an include through a symbolic link, or up out of the root, is not read: a warning at its line', async () => {
    await writeFile(path.join(base, 'secret.md'), 'The secret.\n');
    await symlink(path.join(base, 'secret.md'), path.join(root, 'docs/leak.md'));
    const page = '# Page\n\n--8<-- "docs/leak.md"\n\n--8<-- "../secret.md"\n';
    const includes = await resolveIncludes(page, 'page.md', disk());
    assert.deepEqual([...includes.keys()], []);
    const built = buildDocument(page, 'page.md', { includes });
    assert.equal(JSON.stringify(built.document).includes('secret'), false);
    assert.deepEqual(built.problems.map((p) => [p.code, p.line]), [['includeMissing', 3], ['includeOutside', 5]]);
  });

  it('each included file is read once per run, however many pages include it', async () => {
    await write('snippets/common.md', 'Common.\n');
    const reads: string[] = [];
    const source = disk();
    const counting = { read: (p: string) => (reads.push(p), source.read(p)) };
    const cache: IncludeCache = new Map();
    for (let i = 0; i < 5; i++) await resolveIncludes(`# ${i}\n\n--8<-- "snippets/common.md"\n`, `docs/p${i}.md`, counting, { cache });
    // Looked for next to the page first (docs/snippets/common.md: not there), then from the root.
    assert.deepEqual(reads.sort(), ['docs/snippets/common.md', 'snippets/common.md']);
  });

  it('nothing is read for a page without includes, for text that is not Markdown, or without a source', async () => {
    const never = { read: (): Promise<Uint8Array> => assert.fail('nothing should be read') };
    assert.equal((await resolveIncludes('# Page\n\nText [x](y.md).\n', 'a.md', never)).size, 0);
    assert.equal((await resolveIncludes('--8<-- "x.md"\n', 'a.txt', never)).size, 0);
    assert.equal((await resolveIncludes('--8<-- "x.md"\n', 'a.md', undefined)).size, 0);
  });

  it('the source hash is the bytes\' hash without includes, and changes with any included text', () => {
    const bytes = new TextEncoder().encode('# Page\n');
    assert.equal(includedSourceHash(bytes, new Map()), sha256Hex(bytes));
    assert.equal(includedSourceHash(bytes, undefined), sha256Hex(bytes));
    const one = includedSourceHash(bytes, new Map([['a.md', 'A'], ['b.md', 'B']]));
    assert.notEqual(one, sha256Hex(bytes));
    assert.equal(includedSourceHash(bytes, new Map([['b.md', 'B'], ['a.md', 'A']])), one, 'the order read does not matter');
    assert.notEqual(includedSourceHash(bytes, new Map([['a.md', 'A'], ['b.md', 'B2']])), one);
    assert.notEqual(includedSourceHash(bytes, new Map([['a.md', 'A']])), one);
  });
});
