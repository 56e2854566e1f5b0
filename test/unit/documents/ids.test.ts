import assert from 'node:assert/strict';
import { DOCUMENT_ID_PATTERN } from '../../../src/core/api/schemas';
import { MAX_ID_LENGTH, buildDocument, documentIdFromPath, encodeIdSegment, proposeChosenId, validateExplicitId, workspaceIdPrefix } from '../../../src/core/documents';
import { seededRandom } from '../../service';
import { documentError } from '../../support/documents';

/**
 * Ids of ASCII paths as every earlier build made them: published documents are keyed by these, so not one byte
 * may change (taken from the code before non-ASCII names got their own encoding).
 */
const PUBLISHED_ASCII_IDS: readonly (readonly [string, string])[] = [
  ['docs/Getting Started/Intro.md', 'docs~getting-started~intro.md'],
  ['README.md', 'readme.md'],
  ['CHANGELOG.MD', 'changelog.md'],
  ['notes/todo.txt', 'notes~todo.txt'],
  ['Release Notes (v2).md', 'release-notes-v2.md'],
  ['a - b (draft).md', 'a-b-draft.md'],
  ['notes/file~name.md', 'notes~file-name.md'],
  ['C++ & C#/!!!/x.md', 'c-c~_~x.md'],
  ['Q&A.md', 'q-a.md'],
  ['a+b=c.md', 'a-b-c.md'],
  ['#hash tag.md', 'hash-tag.md'],
  ['100%.md', '100.md'],
  ['my_notes/snake_case.md', 'my_notes~snake_case.md'],
  ['__init__.md', '__init__.md'],
  ['.github/CONTRIBUTING.md', '.github~contributing.md'],
  ['v1.2.3/release notes.txt', 'v1.2.3~release-notes.txt'],
  ['..hidden/..md', '..hidden~..md'],
  ['file...name.md', 'file...name.md'],
  ['-dash-/--double--.md', 'dash~double.md'],
  ['a.-b.md', 'a.b.md'],
  ['_/___.md', '_~___.md'],
  ['  padded  .md', 'padded.md'],
  ['tab\tname.md', 'tab-name.md'],
  ['quote"s/\'single\'.md', 'quote-s~single.md'],
  ['we?ird#name&.md', 'we-ird-name.md'],
  ['x.tar.gz', 'x.tar.gz'],
  ['Makefile', 'makefile'],
  ['docs/api/v2/endpoints.mdx', 'docs~api~v2~endpoints.mdx'],
  ['CamelCaseName.Markdown', 'camelcasename.markdown'],
  ['a~b~c/d.md', 'a-b-c~d.md'],
  ['%20/100%.md', '20~100.md'],
  ['semi;colon,comma.md', 'semi-colon-comma.md'],
  ['[brackets]{braces}.md', 'brackets-braces.md'],
  ['at@sign$dollar.md', 'at-sign-dollar.md'],
  ['docs\\Getting Started\\Intro.md', 'docs~getting-started~intro.md'],
  [
    `${Array.from({ length: 30 }, (_, i) => `Section Number ${i}`).join('/')}/Intro.md`,
    'section-number-0~section-number-1~section-number-2~section-number-3~section-number-4~section-number-5~'
      + 'section-number-6~section-number-7~section-number-8~section-number-9~section-nu~cd3161ba81~intro.md',
  ],
  [`${'a'.repeat(400)}.md`, `${'a'.repeat(128)}~3a9afde597~${'a'.repeat(57)}.md`],
  [
    `${'Very Long Folder Name/'.repeat(12)}The Final File Name With Many Words In It (draft 3).md`,
    `${'very-long-folder-name~'.repeat(6)}very~b2b9b176f5~the-final-file-name-with-many-words-in-it-draft-3.md`,
  ],
];

/** A name as ids tell names apart: only case and the Unicode normal form may be lost. */
function caseFolded(name: string): string {
  return name.normalize('NFC').toLowerCase().normalize('NFC');
}

const ASCII = /^[\x00-\x7f]*$/;

describe('documents: ids derived from paths', () => {
  it('keeps the id of every ASCII path byte for byte, so nothing published moves', () => {
    for (const [path, id] of PUBLISHED_ASCII_IDS) assert.equal(documentIdFromPath(path), id, path);
    assert.equal(documentIdFromPath('docs/Intro.md', 'handbook'), 'handbook~docs~intro.md');
  });

  it('gives a Windows-looking path and a messy POSIX path the same id', () => {
    const expected = 'docs~getting-started~intro.md';
    assert.equal(documentIdFromPath('docs\\Getting Started\\Intro.md'), expected);
    assert.equal(documentIdFromPath('./docs//Getting Started/./Intro.md'), expected);
    assert.equal(documentIdFromPath('/docs/Getting Started/Intro.md'), expected);
  });

  it('keeps the id when only the case of the file name changes, in every script', () => {
    assert.equal(documentIdFromPath('Docs/INTRO.md'), documentIdFromPath('docs/intro.md'));
    assert.equal(documentIdFromPath('ÜBER/ПРИВЕТ.md'), documentIdFromPath('über/привет.md'));
  });

  it('gives different ids to names that differ in a mark of a non-Latin script (が/か, й/и, ё/е, कि/क)', () => {
    for (const [a, b] of [['が', 'か'], ['й', 'и'], ['ё', 'е'], ['कि', 'क'], ['ぱ', 'は'], ['ば', 'は']]) {
      assert.notEqual(documentIdFromPath(`${a}.md`), documentIdFromPath(`${b}.md`), `${a} / ${b}`);
      assert.notEqual(documentIdFromPath(`docs/${a}/x.md`), documentIdFromPath(`docs/${b}/x.md`), `${a} / ${b} as folders`);
    }
  });

  it('never gives a non-ASCII name the id of a plain ASCII name, not even one spelled like its id', () => {
    const pairs: [string, string][] = [['指南.md', 'u6307-u5357.md'], ['über.md', 'uber.md'], ['Café Menü.md', 'cafe-menu.md'], ['Straße.md', 'strasse.md']];
    for (const [unicode, ascii] of pairs) {
      const id = documentIdFromPath(unicode);
      assert.notEqual(id, documentIdFromPath(ascii), `${unicode} / ${ascii}`);
      assert.notEqual(id, documentIdFromPath(id), `${unicode} / a file named ${id}`);
    }
  });

  it('keeps the readable spelling of non-ASCII names, NFC and NFD alike, and a stable mark after it', () => {
    assert.equal(documentIdFromPath('指南.md'), 'u6307-u5357--748a73a3.md', 'published ids of non-ASCII names never move either');
    assert.equal(documentIdFromPath('über.md'), 'uber--8bb68049.md');
    assert.match(documentIdFromPath('Über/Café Menü.md'), /^uber--[0-9a-f]{8}~cafe-menu--[0-9a-f]{8}\.md$/);
    assert.equal(documentIdFromPath('U\u0308ber/Cafe\u0301 Menu\u0308.md'), documentIdFromPath('Über/Café Menü.md'));
    assert.match(documentIdFromPath('Straße/Ærø.md'), /^strasse--[0-9a-f]{8}~aero--[0-9a-f]{8}\.md$/);
    assert.match(documentIdFromPath('docs/Привет.md'), /^docs~u43f-u440-u438-u432-u435-u442--[0-9a-f]{8}\.md$/);
    assert.match(documentIdFromPath('🚀 Launch.md'), /^u1f680-launch--[0-9a-f]{8}\.md$/);
    assert.match(documentIdFromPath('कि.md'), /^u915-u93f--[0-9a-f]{8}\.md$/);
  });

  it('gives different names different ids: generated Unicode names lose only case', () => {
    const random = seededRandom(23);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    // Pieces that earlier builds folded together: accents and marks (precomposed and combining), letters spelled
    // out, punctuation runs, full-width and ligature forms, code points typed as text, case in several scripts.
    const pieces = [
      'a', 'b', 'E', 'u', 'x', '1', '9', ' ', '-', '_', '.', '~', '(', ')', '&', '+', '#', '!', '--',
      'ä', 'Ä', 'ü', 'é', 'è', 'ê', 'ñ', 'ç', 'å', 'ø', 'ß', 'ẞ', 'æ', 'œ', 'ł', 'ı', 'İ', '\u0301', '\u0308', '\u0303', '\u0307',
      'й', 'и', 'ё', 'е', 'Й', 'Ё', 'σ', 'ς', 'Σ', 'ο', 'か', 'が', 'は', 'ば', 'ぱ', '\u3099', '\u309a',
      'क', 'ि', 'ी', '्', 'ं', '指', '南', '北', '한', '국', '🚀', '😄', '\u00a0', '\u200b', 'Ａ', '！', 'ﬁ', '½', '²',
      'u304b', 'u6307', 'u6307-u5357', 'u1f680',
    ];
    const extensions = ['.md', '.md', '.MD', '.txt', ''];
    const name = (): string => {
      let text = '';
      for (let n = 1 + Math.floor(random() * 5); n > 0; n--) text += pick(pieces);
      text += pick(extensions);
      return text === '.' || text === '..' ? 'dot' : text;
    };
    const folders = Array.from({ length: 12 }, name);
    const paths: string[] = [];
    for (let i = 0; i < 6000; i++) paths.push(random() < 0.3 ? `${pick(folders)}/${name()}` : name());
    // ASCII names typed to look like the ids of non-ASCII ones, with and without the mark.
    for (const p of paths.slice(0, 1000)) {
      const id = documentIdFromPath(p);
      paths.push(id.replace(/~/g, '/'), id.replace(/--[0-9a-f]{8}/g, '').replace(/~/g, '/'));
    }

    const byId = new Map<string, string>();
    let nonAscii = 0;
    for (const p of paths) {
      const key = p.split('/').map(caseFolded).join('/');
      const id = documentIdFromPath(p);
      assert.match(id, DOCUMENT_ID_PATTERN, `${p} → ${id}`);
      if (!ASCII.test(key)) nonAscii++;
      const other = byId.get(id);
      byId.set(id, key);
      if (other === undefined || other === key) continue;
      // Two ASCII names that differ in punctuation runs may share an id: the batch's duplicate check refuses them.
      const segments = key.split('/');
      const otherSegments = other.split('/');
      const asciiFold = segments.length === otherSegments.length
        && segments.every((s, i) => s === otherSegments[i] || (ASCII.test(s) && ASCII.test(otherSegments[i] ?? '')));
      assert.ok(asciiFold, `“${other}” and “${key}” both give ${id}`);
    }
    assert.ok(nonAscii > 4000, `${nonAscii} non-ASCII names`);
  });

  it('always matches the document id pattern', () => {
    const paths = [
      'docs/Getting Started/Intro.md', 'a\\b\\c.MD', '指南/🚀.md', '%20/100%.md', 'we?ird#name&.md', ' space .md',
      '..hidden/..md', 'tab\tname.md', 'quote"s/\'single\'.md', 'x'.repeat(300), `${'指南'.repeat(40)}/über ${'ü'.repeat(80)}.md`,
    ];
    for (const p of paths) {
      const id = documentIdFromPath(p);
      assert.match(id, DOCUMENT_ID_PATTERN, `${p} → ${id}`);
      assert.ok(id.length <= MAX_ID_LENGTH, `${p} → ${id.length} characters`);
      assert.ok(id !== '.' && id !== '..');
    }
  });

  it('shortens very long paths with a hash, keeping the start and the file name', () => {
    const long = `${Array.from({ length: 30 }, (_, i) => `Section Number ${i}`).join('/')}/Intro.md`;
    const id = documentIdFromPath(long);
    assert.ok(id.length <= MAX_ID_LENGTH, `${id.length}`);
    assert.ok(id.startsWith('section-number-0~section-number-1~'), id);
    assert.match(id, /~[0-9a-f]{10}~intro\.md$/);
    assert.equal(documentIdFromPath(long), id, 'stable');
    const other = documentIdFromPath(long.replace('Section Number 29', 'Section Number 31'));
    assert.notEqual(other, id, 'a different long path gets a different id');
    assert.equal(other.slice(0, 150), id.slice(0, 150));
  });

  it('shortens a single very long file name too', () => {
    const id = documentIdFromPath(`${'a'.repeat(400)}.md`);
    assert.equal(id.length, MAX_ID_LENGTH);
    assert.match(id, /^a+~[0-9a-f]{10}~a+\.md$/);
  });

  it('puts the id prefix in front, adding ~ unless it ends in a separator', () => {
    assert.equal(documentIdFromPath('docs/Intro.md', 'handbook'), 'handbook~docs~intro.md');
    assert.equal(documentIdFromPath('docs/Intro.md', 'handbook-'), 'handbook-docs~intro.md');
    assert.equal(documentIdFromPath('docs/Intro.md', 'team.handbook~'), 'team.handbook~docs~intro.md');
    assert.equal(documentIdFromPath('docs/Intro.md', ''), 'docs~intro.md');
  });

  it('refuses an id prefix with characters outside the id alphabet', () => {
    const error = documentError(() => documentIdFromPath('docs/Intro.md', 'my handbook/'));
    assert.equal(error.code, 'invalidOption');
    assert.equal(error.key, 'idPrefix');
    assert.match(error.message, /id prefix “my handbook\/” may only contain letters, digits and \. _ ~ -/);
  });

  it('refuses an empty path', () => {
    const error = documentError(() => documentIdFromPath('./'));
    assert.equal(error.code, 'invalidPath');
    assert.match(error.message, /save it in the workspace/);
  });

  it('encodes a heading anchor the same way as a path segment, telling non-ASCII anchors apart', () => {
    assert.equal(encodeIdSegment('über-uns'), documentIdFromPath('über-uns'));
    assert.notEqual(encodeIdSegment('über-uns'), encodeIdSegment('uber-uns'));
    assert.equal(encodeIdSegment('install-1'), 'install-1');
    assert.equal(encodeIdSegment('???'), '_');
  });

  it('validates explicit ids and suggests a valid one', () => {
    assert.equal(validateExplicitId('guide_v2.md~linux', 'id'), 'guide_v2.md~linux');
    const error = documentError(() => validateExplicitId('my guide/v2', 'id', 2));
    assert.equal(error.code, 'invalidField');
    assert.equal(error.key, 'id');
    assert.equal(error.line, 2);
    assert.match(error.message, /for example “my-guide-v2”/);
    assert.match(documentError(() => validateExplicitId('über uns', 'id')).message, /for example “uber-uns”/, 'a chosen id needs no mark');
    assert.equal(documentError(() => validateExplicitId('..', 'id')).key, 'id');
  });
});

describe('documents: ids of files without a single workspace folder', () => {
  const one = [{ name: 'docs', index: 0 }];
  const two = [{ name: 'API Docs', index: 0 }, { name: 'web', index: 1 }];

  it('keeps today\'s ids in a single-folder workspace', () => {
    assert.equal(workspaceIdPrefix('', one[0]!, one), '');
    assert.equal(workspaceIdPrefix('handbook', one[0]!, one), 'handbook');
    assert.equal(buildDocument('# A\n', 'guide/a.md', { idPrefix: workspaceIdPrefix('', one[0]!, one) }).document.id, 'guide~a.md');
  });

  it('puts the folder name in front in a multi-root workspace, after the configured prefix', () => {
    const api = buildDocument('# A\n', 'README.md', { idPrefix: workspaceIdPrefix('', two[0]!, two) }).document.id;
    const web = buildDocument('# A\n', 'README.md', { idPrefix: workspaceIdPrefix('', two[1]!, two) }).document.id;
    assert.equal(api, 'api-docs~readme.md');
    assert.equal(web, 'web~readme.md');
    assert.equal(workspaceIdPrefix('handbook', two[1]!, two), 'handbook~web~');
  });

  it('tells folders with the same name apart by their position', () => {
    const same = [{ name: 'docs', index: 0 }, { name: 'Docs', index: 1 }];
    assert.notEqual(workspaceIdPrefix('', same[0]!, same), workspaceIdPrefix('', same[1]!, same));
    assert.equal(workspaceIdPrefix('', same[1]!, same), 'docs-2~');
    const accented = [{ name: 'Über', index: 0 }, { name: 'Uber', index: 1 }, { name: 'über', index: 2 }];
    const prefixes = accented.map((f) => workspaceIdPrefix('', f, accented));
    assert.equal(new Set(prefixes).size, 3, prefixes.join(' '));
  });

  it('proposes parent folder and name for a file outside every folder, and the title for an untitled editor', () => {
    assert.equal(proposeChosenId('', { path: '/home/alice/Notes/README.md' }), 'notes~readme.md');
    assert.equal(proposeChosenId('handbook', { path: 'C:\\Users\\bob\\README.md' }), 'handbook~bob~readme.md');
    assert.equal(proposeChosenId('', { title: 'Alice draft' }), 'alice-draft');
    assert.equal(proposeChosenId('', { title: '' }), 'draft');
    assert.equal(proposeChosenId('', { title: 'A memo.' }), 'a-memo');
  });

  it('a chosen id replaces the path-derived one, and front matter still wins over it', () => {
    const chosen = buildDocument('# A\n', 'Untitled-1', { documentId: 'alice-draft' });
    assert.equal(chosen.document.id, 'alice-draft');
    assert.equal(chosen.idSource, 'chosen');
    const pinned = buildDocument('---\nid: pinned\n---\n# A\n', 'README.md', { documentId: 'alice-draft' });
    assert.equal(pinned.document.id, 'pinned');
    assert.equal(pinned.idSource, 'frontMatter');
    assert.equal(buildDocument('# A\n', 'README.md').idSource, 'path');
    assert.equal(documentError(() => buildDocument('# A\n', 'README.md', { documentId: 'a b' })).code, 'invalidField');
  });
});
