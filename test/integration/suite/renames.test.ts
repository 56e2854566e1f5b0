// Issue 24 item 5, renames (F13): a published page whose id comes from its path, renamed or moved in the editor,
// keeps its id (front matter written, every other byte unchanged, the ledger following) or is published under its
// new path and its old document deleted at the local service, as docIngest.onRename or the writer's answer says.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { ledgerScope } from '../../../src/core/ledger';
import type { RenameOutcome } from '../../../src/extension/freshness/renames';
import { connect, ingestionRequests, openEditor, setSettings, until, useWorld, workspaceUri } from './helpers';

/** The settings these tests change (the shared helpers reset only their own). */
const OURS = ['onRename', 'include', 'exclude', 'linkTemplate', 'provenance', 'maxFileSizeMB'];

describe('renames (issue 24)', () => {
  const w = useWorld({ dialect: 'observed' });
  let folder = '';
  /** The test's folder on disk, taken before a test stubs the workspace folders (multi-root). */
  let base: vscode.Uri;
  let n = 0;

  beforeEach(async () => {
    folder = `renames-${process.pid}-${++n}`;
    base = workspaceUri(folder);
    await connect(w, 'admin');
    // Only this test's files: the fixture's other files must not be sent or claim ids.
    await setSettings({ include: [`${folder}/**/*.md`] });
  });
  afterEach(async () => {
    await setSettings(Object.fromEntries(OURS.map((k) => [k, undefined])));
    fs.rmSync(base.fsPath, { recursive: true, force: true });
  });

  const uri = (name: string) => vscode.Uri.joinPath(base, ...name.split('/'));
  const write = (name: string, text: string): vscode.Uri => {
    const u = uri(name);
    fs.mkdirSync(path.dirname(u.fsPath), { recursive: true });
    fs.writeFileSync(u.fsPath, text);
    return u;
  };
  const read = (name: string) => fs.readFileSync(uri(name).fsPath);
  const idOf = (name: string) => `${folder}~${name.replaceAll('/', '~')}`;
  const scope = () => ledgerScope(w.service.baseUrl, undefined);
  const entry = async (id: string) => (await w.api.ledger).entryFor(scope(), id);
  const deletes = () => w.service.requests.filter((r) => r.method === 'DELETE');

  /** Publishes the test's folder as a batch and checks the service holds `names`. */
  const publish = async (...names: string[]) => {
    await vscode.commands.executeCommand('docIngest.ingestFolder', base);
    for (const name of names) assert.ok(w.service.document(idOf(name)), `${idOf(name)} is at the service`);
  };

  /**
   * Renames through a workspace edit (as the Explorer and refactorings do) and waits for the rename to be handled.
   * The edit's renames are one event; `overwrite` lets one of them take a name another of them leaves (a chain).
   */
  const rename = async (pairs: [string, string][], options?: { overwrite: boolean }): Promise<RenameOutcome> => {
    const outcomes: RenameOutcome[] = [];
    const sub = w.api.freshness.renames.onDidSettle((o) => outcomes.push(o));
    try {
      const edit = new vscode.WorkspaceEdit();
      for (const [from, to] of pairs) edit.renameFile(uri(from), uri(to), options);
      assert.ok(await vscode.workspace.applyEdit(edit), 'the rename was applied');
      return await until(() => outcomes[0], 'the rename to be handled', 15_000);
    } finally {
      sub.dispose();
    }
  };

  it('keepId: writes doc-ingest-id: into the front matter of the moved page, every other byte unchanged (CRLF, comment), and the ledger follows it', async () => {
    const original = '---\r\n# reviewed\r\ntitle: Setup\r\n---\r\n# Setup\r\n\r\nInstall it.\r\n';
    // Without provenance nothing sent names the path (metadata source_path would: the page would count as changed).
    await setSettings({ provenance: false });
    write('setup.md', original);
    await publish('setup.md');
    await openEditor(`${folder}/setup.md`);
    await setSettings({ onRename: 'keepId' });
    const posts = ingestionRequests(w.service).length;

    const outcome = await rename([['setup.md', 'guide/install.md']]);

    assert.equal(outcome.choice, 'keepId');
    assert.deepEqual(outcome.kept.map((p) => p.publishedId), [idOf('setup.md')]);
    const expected = '---\r\n# reviewed\r\ntitle: Setup\r\ndoc-ingest-id: ' + idOf('setup.md') + '\r\n---\r\n# Setup\r\n\r\nInstall it.\r\n';
    assert.deepEqual(read('guide/install.md'), Buffer.from(expected, 'utf8'));
    // The editor that showed the page follows it and shows the line.
    const shown = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri('guide/install.md').toString());
    await until(() => shown?.getText().includes(`doc-ingest-id: ${idOf('setup.md')}`), 'the editor to show the new line');
    assert.equal(shown?.isDirty, false);

    assert.equal((await entry(idOf('setup.md')))?.sourcePath, `${folder}/guide/install.md`);
    assert.equal(await w.api.freshness.decorations.stateOf(uri('guide/install.md')), 'unchanged');
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.ok(w.messages.of('info').includes('Every file is as last ingested.'), JSON.stringify(w.messages.shown));
    assert.equal(ingestionRequests(w.service).length, posts, 'nothing sent');
    assert.deepEqual(deletes(), [], 'nothing deleted');
    assert.ok(w.service.document(idOf('setup.md')), 'the published document stays');
  });

  it('keepId with a link template: the published links name the old path, so the moved page counts as changed and Ingest Changed Files sends its new links', async () => {
    await setSettings({ linkTemplate: 'https://docs.example.com/{path}#{anchor}' });
    write('setup.md', '# Setup\n\nInstall it.\n');
    write('moved-with-id.md', '---\nid: chosen-id\n---\n# Chosen\n\nText.\n');
    await publish('setup.md');
    await setSettings({ onRename: 'keepId' });

    await rename([['setup.md', 'guide/install.md']]);
    await rename([['moved-with-id.md', 'guide/chosen.md']]);

    assert.equal(await w.api.freshness.decorations.stateOf(uri('guide/install.md')), 'changed', 'its links name setup');
    assert.equal(await w.api.freshness.decorations.stateOf(uri('guide/chosen.md')), 'changed', 'a page with its own id too');
    const posts = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    const sent = ingestionRequests(w.service).slice(posts).map((r) => (r.json as { document: { id: string; sections: { link?: string }[] } }).document);
    assert.deepEqual(sent.map((d) => d.id).sort(), ['chosen-id', idOf('setup.md')].sort(), 'both sent again under the ids they keep');
    const install = sent.find((d) => d.id === idOf('setup.md'));
    assert.equal(install?.sections[0]?.link, `https://docs.example.com/${folder}/guide/install#setup`);
    assert.equal(await w.api.freshness.decorations.stateOf(uri('guide/install.md')), 'unchanged');
    assert.deepEqual(deletes(), [], 'nothing deleted');
  });

  it('with provenance (the default): a page that keeps its id counts as changed after a move, since source_path names the old path', async () => {
    write('moved.md', '---\nid: provenance-kept\n---\n# Moved\n\nText.\n');
    await publish();
    assert.equal((w.service.document('provenance-kept')?.received as { metadata: Record<string, string> } | undefined)?.metadata.source_path, `${folder}/moved.md`);
    await setSettings({ onRename: 'keepId' });

    await rename([['moved.md', 'guide/moved.md']]);

    assert.equal(await w.api.freshness.decorations.stateOf(uri('guide/moved.md')), 'changed', 'source_path names the old path');
  });

  it('in a docs site (F15): a page that keeps its id counts as changed after a move, since its address follows the path', async () => {
    await setSettings({ provenance: false }); // the site alone decides here
    write('mkdocs.yml', 'site_url: https://handbook.test/\n');
    write('docs/page.md', '---\nid: site-chosen\n---\n# Chosen\n\nText.\n');
    await vscode.commands.executeCommand('docIngest.ingestFolder', base);
    assert.equal((w.service.document('site-chosen')?.received as { sections: { link?: string }[] } | undefined)?.sections[0]?.link, 'https://handbook.test/page/#chosen');

    await rename([['docs/page.md', 'docs/guide/page.md']]);

    assert.equal(await w.api.freshness.decorations.stateOf(uri('docs/guide/page.md')), 'changed', 'its address names the old path');
    const posts = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    const sent = ingestionRequests(w.service).slice(posts).map((r) => (r.json as { document: { id: string; sections: { link?: string }[] } }).document);
    assert.deepEqual(sent.map((d) => [d.id, d.sections[0]?.link]), [['site-chosen', 'https://handbook.test/guide/page/#chosen']]);
  });

  it('keepId in a Docusaurus site (issue 35): doc-ingest-id is written and the generator\'s id: stays, so the page keeps its address', async () => {
    await setSettings({ provenance: false }); // the site alone decides here
    write('docusaurus.config.js', "module.exports = { url: 'https://widgets.test', baseUrl: '/', presets: [['classic', { docs: { path: 'docs' } }]] };\n");
    write('docs/configure.md', '---\nid: configure\n---\n# Configure\n\nText.\n');
    await publish('docs/configure.md');
    const link = () => (w.service.document(idOf('docs/configure.md'))?.received as { sections: { link?: string }[] } | undefined)?.sections[0]?.link;
    assert.equal(link(), 'https://widgets.test/docs/configure#configure', 'published under its path id, at the address its Docusaurus id gives');
    await setSettings({ onRename: 'keepId' });

    const outcome = await rename([['docs/configure.md', 'docs/configure-widgets.md']]);

    assert.equal(outcome.choice, 'keepId');
    assert.equal(read('docs/configure-widgets.md').toString(), `---\nid: configure\ndoc-ingest-id: ${idOf('docs/configure.md')}\n---\n# Configure\n\nText.\n`);
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.equal(link(), 'https://widgets.test/docs/configure#configure', 'the same document, at the same address');
    assert.deepEqual(deletes(), []);
  });

  it('republish: the page is ingested under its new id, then the old document is deleted at the service and forgotten by the ledger', async () => {
    write('old-name.md', '# Page\n\nText.\n');
    await publish('old-name.md');
    await setSettings({ onRename: 'republish' });
    const before = w.service.requests.length;

    const outcome = await rename([['old-name.md', 'new-name.md']]);

    assert.equal(outcome.choice, 'republish');
    assert.deepEqual(outcome.deleted, [idOf('old-name.md')]);
    assert.ok(w.service.document(idOf('new-name.md')), 'the new id is at the service');
    assert.equal(w.service.document(idOf('old-name.md')), undefined, 'the old document is gone from the service');
    const after = w.service.requests.slice(before).filter((r) => r.method !== 'GET');
    assert.deepEqual(after.map((r) => `${r.method} ${r.status} ${decodeURIComponent(r.path)}`), [
      `POST 200 /api/${w.service.ingestionPath}`,
      `DELETE 200 /api/${w.service.ingestionPath}/${idOf('old-name.md')}`,
    ]);
    assert.equal((after[0]?.json as { document: { id: string } }).document.id, idOf('new-name.md'));
    assert.equal(await entry(idOf('old-name.md')), undefined, 'the ledger forgot the old id');
    assert.equal((await entry(idOf('new-name.md')))?.sourcePath, `${folder}/new-name.md`);
    assert.deepEqual([...read('new-name.md')], [...Buffer.from('# Page\n\nText.\n')], 'the file is as it was');
  });

  it('republish: a delete the service refuses is said in one sentence, and the ledger keeps the old id', async () => {
    write('a.md', '# A\n');
    await publish('a.md');
    await setSettings({ onRename: 'republish' });
    w.service.faults.inject({ method: 'DELETE', status: 403, body: { error_code: 'INSUFFICIENT_PERMISSIONS', detail: "Connection not found for current user's permissions" } });

    const outcome = await rename([['a.md', 'b.md']]);

    assert.deepEqual(outcome.deleted, []);
    assert.deepEqual(outcome.notDeleted.map((d) => d.id), [idOf('a.md')]);
    assert.ok(w.service.document(idOf('b.md')));
    assert.ok(w.service.document(idOf('a.md')), 'the old document is still there');
    assert.ok(await entry(idOf('a.md')), 'the ledger keeps the old id');
    const [error] = w.messages.of('error');
    assert.match(error ?? '', new RegExp(`^${folder}/b\\.md is published as “${idOf('b.md')}”, but “${idOf('a.md')}” is still on the service: This key may not delete "${idOf('a.md')}" \\(HTTP 403\\)`));
  });

  /** Whether the service's document `id` holds `text` (its last accepted ingestion). */
  const holds = (id: string, text: string) => JSON.stringify(w.service.document(id)?.received ?? null).includes(text);

  // Issue 34: one event may rename onto a name another rename of it left (a chain, a swap through a temporary
  // name). What to delete is decided by what every file builds after the whole event.
  it('republish, a chain in one event (b.md → c.md, a.md → b.md): b.md\'s old id is published again from the page now there, and only a.md\'s old id is deleted', async () => {
    write('a.md', '# A\n\nAlpha text.\n');
    write('b.md', '# B\n\nBeta text.\n');
    await publish('a.md', 'b.md');
    await setSettings({ onRename: 'republish' });

    const outcome = await rename([['b.md', 'c.md'], ['a.md', 'b.md']], { overwrite: true });

    assert.equal(outcome.choice, 'republish');
    assert.deepEqual(outcome.deleted, [idOf('a.md')]);
    assert.ok(holds(idOf('b.md'), 'Alpha text.'), 'b.md\'s id holds the page now at b.md');
    assert.ok(holds(idOf('c.md'), 'Beta text.'), 'c.md\'s id holds the page now at c.md');
    assert.equal(w.service.document(idOf('a.md')), undefined, 'no file builds a.md\'s id any more');
    assert.deepEqual(deletes().map((r) => decodeURIComponent(r.path)), [`/api/${w.service.ingestionPath}/${idOf('a.md')}`]);
    assert.equal((await entry(idOf('b.md')))?.sourcePath, `${folder}/b.md`);
    assert.equal((await entry(idOf('c.md')))?.sourcePath, `${folder}/c.md`);
    assert.equal(await entry(idOf('a.md')), undefined);
  });

  it('republish, a swap through a temporary name in one event: both ids are published again with the pages now at their paths, and nothing is deleted', async () => {
    write('a.md', '# A\n\nAlpha text.\n');
    write('b.md', '# B\n\nBeta text.\n');
    await publish('a.md', 'b.md');
    await setSettings({ onRename: 'republish' });

    const outcome = await rename([['a.md', 'tmp.md'], ['b.md', 'a.md'], ['tmp.md', 'b.md']], { overwrite: true });

    assert.deepEqual(outcome.pages.map((p) => `${p.oldKey} -> ${p.newKey}`).sort(), [`${folder}/a.md -> ${folder}/b.md`, `${folder}/b.md -> ${folder}/a.md`]);
    assert.deepEqual(outcome.deleted, []);
    assert.deepEqual(deletes(), [], 'both ids are still built');
    assert.ok(holds(idOf('a.md'), 'Beta text.'), 'a.md\'s id holds the page now at a.md');
    assert.ok(holds(idOf('b.md'), 'Alpha text.'), 'b.md\'s id holds the page now at b.md');
    assert.equal((await entry(idOf('a.md')))?.sourcePath, `${folder}/a.md`);
    assert.equal((await entry(idOf('b.md')))?.sourcePath, `${folder}/b.md`);
  });

  it('keepId, a swap in one event: each page keeps its published id, written into its front matter, and nothing is sent or deleted', async () => {
    await setSettings({ provenance: false }); // nothing sent names the path: the pages stay unchanged
    write('a.md', '# A\n\nAlpha text.\n');
    write('b.md', '# B\n\nBeta text.\n');
    await publish('a.md', 'b.md');
    await setSettings({ onRename: 'keepId' });
    const posts = ingestionRequests(w.service).length;

    const outcome = await rename([['a.md', 'tmp.md'], ['b.md', 'a.md'], ['tmp.md', 'b.md']], { overwrite: true });

    assert.deepEqual(outcome.kept.map((p) => p.publishedId).sort(), [idOf('a.md'), idOf('b.md')]);
    assert.equal(read('a.md').toString(), `---\ndoc-ingest-id: ${idOf('b.md')}\n---\n# B\n\nBeta text.\n`);
    assert.equal(read('b.md').toString(), `---\ndoc-ingest-id: ${idOf('a.md')}\n---\n# A\n\nAlpha text.\n`);
    assert.equal((await entry(idOf('a.md')))?.sourcePath, `${folder}/b.md`);
    assert.equal((await entry(idOf('b.md')))?.sourcePath, `${folder}/a.md`);
    assert.equal(ingestionRequests(w.service).length, posts, 'nothing sent');
    assert.deepEqual(deletes(), [], 'nothing deleted');
    assert.ok(holds(idOf('a.md'), 'Alpha text.') && holds(idOf('b.md'), 'Beta text.'), 'the documents are as published');
  });

  it('a swap in one event of pages with their own ids: each ledger entry follows its page, nothing is asked, sent or deleted', async () => {
    write('x.md', '---\nid: page-x\n---\n# X\n');
    write('y.md', '---\nid: page-y\n---\n# Y\n');
    await publish();
    await setSettings({ onRename: 'republish' });
    const before = w.service.requests.length;

    const outcome = await rename([['x.md', 'tmp.md'], ['y.md', 'x.md'], ['tmp.md', 'y.md']], { overwrite: true });

    assert.deepEqual(outcome.pages, []);
    assert.equal((await entry('page-x'))?.sourcePath, `${folder}/y.md`);
    assert.equal((await entry('page-y'))?.sourcePath, `${folder}/x.md`);
    assert.deepEqual(w.service.requests.slice(before).filter((r) => r.method !== 'GET'), []);
    assert.ok(w.service.document('page-x') && w.service.document('page-y'));
  });

  it('republish never deletes an old id another file of the workspace builds: a page naming it in its front matter, or a file the batch leaves out (excluded, over the size limit) at the old path', async () => {
    write('a.md', '# A\n\nAlpha text.\n');
    write('b.md', '# B\n\nBeta text.\n');
    write('c.md', '# C\n\nGamma text.\n');
    await publish('a.md', 'b.md', 'c.md');
    await setSettings({ onRename: 'republish', exclude: [`${folder}/b.md`] });
    // Written after publishing (two files building one id are refused): it builds a.md's id from now on.
    write('named.md', `---\nid: ${idOf('a.md')}\n---\n# Named\n`);
    write('left-out.md', '# Left out\n');
    write('big.md', `# Big\n\n${'x'.repeat(1024 * 1024 + 1)}\n`);
    await setSettings({ maxFileSizeMB: 1 });

    // a.md's id is named by named.md; b.md's and c.md's paths are taken by files no batch sends.
    const first = await rename([['a.md', 'a2.md']]);
    const second = await rename([['b.md', 'b2.md'], ['left-out.md', 'b.md']], { overwrite: true });
    const third = await rename([['c.md', 'c2.md'], ['big.md', 'c.md']], { overwrite: true });

    for (const [outcome, name] of [[first, 'a'], [second, 'b'], [third, 'c']] as const) {
      assert.equal(outcome.choice, 'republish');
      assert.ok(w.service.document(idOf(`${name}2.md`)), `${name}2.md is published`);
      assert.deepEqual(outcome.deleted, [], `${name}.md's id is still built`);
      assert.ok(w.service.document(idOf(`${name}.md`)), `${name}.md's id stays at the service`);
    }
    assert.deepEqual(deletes(), []);
  });

  it('ask: one modal question for a folder rename with two published pages; Publish Under the New Paths republishes both and deletes both old documents', async () => {
    write('docs/one.md', '# One\n');
    write('docs/two.md', '---\ntitle: Two\n---\nText.\n');
    write('docs/pinned.md', '---\nid: pinned-page\n---\n# Pinned\n');
    await publish('docs/one.md', 'docs/two.md');
    assert.ok(w.service.document('pinned-page'));
    w.messages.answer = (m) => (m.message.includes('renamed pages are published') ? 'Publish Under the New Paths' : undefined);

    const outcome = await rename([['docs', 'guide']]);

    const questions = w.messages.shown.filter((m) => m.message.includes('renamed pages are published'));
    assert.equal(questions.length, 1, 'asked once');
    assert.match(questions[0]?.message ?? '', /^2 renamed pages/);
    assert.equal((questions[0]?.options[0] as vscode.MessageOptions).modal, true);
    assert.deepEqual(outcome.pages.map((p) => p.newKey).sort(), [`${folder}/guide/one.md`, `${folder}/guide/two.md`]);
    assert.equal(outcome.choice, 'republish');
    assert.deepEqual([...outcome.deleted].sort(), [idOf('docs/one.md'), idOf('docs/two.md')]);
    for (const name of ['one.md', 'two.md']) {
      assert.ok(w.service.document(idOf(`guide/${name}`)), `${name} under its new id`);
      assert.equal(w.service.document(idOf(`docs/${name}`)), undefined, `${name}'s old document is gone`);
      assert.equal(await entry(idOf(`docs/${name}`)), undefined);
    }
    // The page with its own id needs nothing: its document stays, its ledger entry follows it.
    assert.ok(w.service.document('pinned-page'));
    assert.equal((await entry('pinned-page'))?.sourcePath, `${folder}/guide/pinned.md`);
    assert.ok(!deletes().some((r) => r.path.includes('pinned-page')));
  });

  it('ask: Keep the Published Id on a file without front matter creates it at the top, after the byte order mark', async () => {
    await setSettings({ provenance: false }); // nothing sent names the path: the moved page stays unchanged
    write('intro.md', '\uFEFF# Intro\n\nHello.\n');
    await publish('intro.md');
    w.messages.answer = (m) => (m.message.includes('is published on the service as') ? 'Keep the Published Id' : undefined);

    const outcome = await rename([['intro.md', 'start/intro.md']]);

    assert.equal(outcome.choice, 'keepId');
    const question = w.messages.shown.find((m) => m.message.includes('is published on the service as'));
    assert.equal(question?.message, `${folder}/start/intro.md is published on the service as “${idOf('intro.md')}”. Keep that id, or publish the page as “${idOf('start/intro.md')}” and delete “${idOf('intro.md')}”?`);
    assert.deepEqual(read('start/intro.md'), Buffer.from(`\uFEFF---\ndoc-ingest-id: ${idOf('intro.md')}\n---\n# Intro\n\nHello.\n`, 'utf8'));
    assert.equal(await w.api.freshness.decorations.stateOf(uri('start/intro.md')), 'unchanged');
    assert.deepEqual(deletes(), []);
  });

  it('nothing: no question, nothing sent or deleted, the file untouched', async () => {
    write('a.md', '# A\n');
    await publish('a.md');
    await setSettings({ onRename: 'nothing' });
    const before = w.service.requests.length;

    const outcome = await rename([['a.md', 'b.md']]);

    assert.equal(outcome.choice, 'nothing');
    assert.equal(outcome.pages.length, 1, 'the page was recognised as published');
    assert.deepEqual(w.service.requests.slice(before).filter((r) => r.method !== 'GET'), [], 'nothing sent');
    assert.ok(w.service.document(idOf('a.md')));
    assert.deepEqual([...read('b.md')], [...Buffer.from('# A\n')]);
    assert.deepEqual(w.messages.shown.filter((m) => m.level !== 'info' || m.message.includes('published on the service')), []);
  });

  it('a page never published, and a rename without a key, ask nothing', async () => {
    write('draft.md', '# Draft\n');
    const outcome = await rename([['draft.md', 'draft-2.md']]);
    assert.equal(outcome.choice, undefined);
    assert.deepEqual(outcome.pages, []);

    write('a.md', '# A\n');
    await publish('a.md');
    await vscode.commands.executeCommand('docIngest.clearApiKey');
    const before = w.service.requests.length;
    const noKey = await rename([['a.md', 'b.md']]);
    assert.equal(noKey.choice, undefined);
    assert.deepEqual(w.service.requests.slice(before).filter((r) => r.method !== 'GET'), []);
    assert.deepEqual(w.messages.shown.filter((m) => m.message.includes('published on the service')), []);
  });

  it('untrusted workspace: no question, nothing sent, the file untouched', async () => {
    write('a.md', '# A\n');
    await publish('a.md');
    await setSettings({ onRename: 'republish' });
    const trusted = Object.getOwnPropertyDescriptor(vscode.workspace, 'isTrusted');
    Object.defineProperty(vscode.workspace, 'isTrusted', { get: () => false, configurable: true });
    w.stubs.onRestore(() => (trusted ? Object.defineProperty(vscode.workspace, 'isTrusted', trusted) : delete (vscode.workspace as { isTrusted?: boolean }).isTrusted));
    const before = w.service.requests.length;

    const outcome = await rename([['a.md', 'b.md']]);

    assert.equal(outcome.choice, undefined);
    assert.deepEqual(w.service.requests.slice(before).filter((r) => r.method !== 'GET'), []);
    assert.ok(w.service.document(idOf('a.md')));
    assert.deepEqual([...read('b.md')], [...Buffer.from('# A\n')]);
  });

  it('keepId on a page with unsaved changes: the line goes into its editor, which keeps the changes and stays unsaved', async () => {
    write('a.md', '---\ntitle: A\n---\n# A\n');
    await publish('a.md');
    await setSettings({ onRename: 'keepId' });
    const editor = await openEditor(`${folder}/a.md`);
    assert.ok(await editor.edit((e) => e.insert(editor.document.positionAt(editor.document.getText().length), '\nNot saved yet.\n')));
    assert.ok(editor.document.isDirty);

    const outcome = await rename([['a.md', 'b.md']]);

    assert.deepEqual(outcome.kept.map((p) => p.publishedId), [idOf('a.md')]);
    const shown = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri('b.md').toString());
    assert.equal(shown?.getText(), `---\ntitle: A\ndoc-ingest-id: ${idOf('a.md')}\n---\n# A\n\nNot saved yet.\n`);
    assert.equal(shown?.isDirty, true, 'the writer saves it, with their changes');
    assert.equal((await entry(idOf('a.md')))?.sourcePath, `${folder}/b.md`);
  });

  it('multi-root: a page moved from one folder to another is found by its old folder\'s key and keeps that folder\'s id', async () => {
    const api = { uri: vscode.Uri.joinPath(base, 'api'), name: 'api', index: 0 };
    const web = { uri: vscode.Uri.joinPath(base, 'web'), name: 'web', index: 1 };
    const folders: vscode.WorkspaceFolder[] = [api, web];
    const of = (u: vscode.Uri) => folders.find((f) => u.toString().startsWith(`${f.uri.toString()}/`));
    for (const [name, value] of [['workspaceFolders', folders], ['getWorkspaceFolder', of]] as const) {
      const had = Object.getOwnPropertyDescriptor(vscode.workspace, name);
      Object.defineProperty(vscode.workspace, name, { get: () => value, configurable: true });
      w.stubs.onRestore(() => (had ? Object.defineProperty(vscode.workspace, name, had) : delete (vscode.workspace as unknown as Record<string, unknown>)[name]));
    }
    await setSettings({ include: ['**/*.md'], onRename: 'keepId' });
    const guide = write('api/guide.md', '# Guide\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', guide);
    assert.ok(w.service.document('api~guide.md'), JSON.stringify(w.service.documents().map((d) => d.id)));
    assert.equal((await entry('api~guide.md'))?.sourcePath, 'api/guide.md');

    const outcome = await rename([['api/guide.md', 'web/guide.md']]);

    assert.equal(outcome.pages[0]?.oldKey, 'api/guide.md');
    assert.equal(outcome.pages[0]?.newKey, 'web/guide.md');
    assert.deepEqual(read('web/guide.md'), Buffer.from('---\ndoc-ingest-id: api~guide.md\n---\n# Guide\n', 'utf8'));
    assert.equal((await entry('api~guide.md'))?.sourcePath, 'web/guide.md');
  });
});
