import assert from 'node:assert/strict';
import { IngestionDocumentSchema } from '../../../src/core/api/schemas';
import { buildSelectionDocument, selectionIdFor, titleSelection } from '../../../src/core/documents';
import type { DocumentOptions, SelectionBuildResult } from '../../../src/core/documents';
import { NOW, documentError } from '../../support/documents';

const guide = [
  '---',
  'title: Guide',
  'team: docs',
  'cc_pair_id: 4',
  '---',
  'Preface paragraph.',
  '',
  '# Guide',
  '',
  'Welcome.',
  '',
  '## Install',
  '',
  'Pick your platform.',
  '',
  '### Linux',
  '',
  'Run the installer.',
  '',
  'Then reboot.',
  '',
  '### macOS',
  '',
  'Use Homebrew.',
  '',
  '## Usage',
  '',
  'Run it.',
  '',
].join('\n');

const options: DocumentOptions = { now: NOW, linkTemplate: 'https://docs.example.com/{path}#{anchor}' };

function select(text: string, from: string, to: string | undefined, path = 'guide.md', opts = options): SelectionBuildResult {
  const start = text.indexOf(from);
  assert.ok(start >= 0, `“${from}” is in the text`);
  const end = to === undefined ? text.length : text.indexOf(to) + to.length;
  const result = buildSelectionDocument(text, path, start, end, opts);
  IngestionDocumentSchema.parse(result.document);
  return result;
}

describe('documents: selections', () => {
  it('titles the selection with the nearest heading and derives the id from the heading path', () => {
    const result = select(guide, 'Run the installer.', 'Then reboot.');
    assert.equal(result.suggestedTitle, 'Linux');
    assert.equal(result.document.title, 'Linux');
    assert.equal(result.document.semantic_identifier, 'Linux');
    assert.deepEqual(result.headingPath, ['Guide', 'Install', 'Linux']);
    assert.equal(result.document.id, 'guide.md~install~linux');
    // Selected below its heading: the text starts with the heading path (the title heading kept: the title is Linux).
    assert.deepEqual(result.document.sections, [{
      text: 'Guide › Install › Linux\n\nRun the installer.\n\nThen reboot.',
      link: 'https://docs.example.com/guide#linux',
      heading: 'Linux',
    }]);
  });

  it('keeps the id stable across runs and edits elsewhere in the file', () => {
    const first = select(guide, 'Run the installer.', 'Then reboot.');
    const again = select(guide, 'Run the installer.', 'Then reboot.');
    assert.deepEqual(again.document, first.document);
    const edited = guide.replace('Welcome.', 'Welcome, with a much longer introduction.\n\nAnd a second paragraph.');
    assert.equal(select(edited, 'Run the installer.', 'Then reboot.').document.id, first.document.id);
  });

  it('splits a selection that spans headings into sections linked to their anchors', () => {
    const result = select(guide, 'Pick your platform.', 'Use Homebrew.');
    assert.equal(result.suggestedTitle, 'Install');
    assert.equal(result.document.id, 'guide.md~install');
    assert.deepEqual(result.document.sections, [
      { text: 'Guide › Install\n\nPick your platform.', link: 'https://docs.example.com/guide#install', heading: 'Install' },
      { text: '### Guide › Install › Linux\n\nRun the installer.\n\nThen reboot.', link: 'https://docs.example.com/guide#linux', heading: 'Linux' },
      { text: '### Guide › Install › macOS\n\nUse Homebrew.', link: 'https://docs.example.com/guide#macos', heading: 'macOS' },
    ]);
  });

  it('takes a heading at the selection start (after blank lines) as the nearest heading', () => {
    const text = guide;
    const start = text.indexOf('\n\n### macOS');
    const end = text.indexOf('Use Homebrew.') + 'Use Homebrew.'.length;
    const result = buildSelectionDocument(text, 'guide.md', start, end, options);
    assert.equal(result.suggestedTitle, 'macOS');
    assert.equal(result.document.id, 'guide.md~install~macos');
    assert.deepEqual(result.document.sections.map((s) => s.text), ['### Guide › Install › macOS\n\nUse Homebrew.']);
  });

  it('keeps the title heading in the id only when there is no deeper heading', () => {
    const result = select(guide, 'Welcome.', 'Welcome.');
    assert.deepEqual(result.headingPath, ['Guide']);
    assert.equal(result.document.id, 'guide.md~guide');
  });

  it('without a heading above, titles it with its first line and names the id after the title', () => {
    const result = select(guide, 'Preface', 'paragraph.');
    assert.equal(result.suggestedTitle, 'Preface paragraph.');
    assert.deepEqual(result.headingPath, []);
    assert.equal(result.document.id, 'guide.md~preface-paragraph.');
    assert.deepEqual(result.document.sections, [{ text: 'Preface paragraph.', link: 'https://docs.example.com/guide' }]);
  });

  it('without a heading above, an edited selection under the same confirmed title stays one document', () => {
    const text = 'Some notes without any heading.\n\nA second paragraph.\n';
    const first = titleSelection(buildSelectionDocument(text, 'notes.md', 0, text.length, options), 'Release notes');
    const edited = text.replace('A second paragraph.', 'A second paragraph, edited.');
    const again = titleSelection(buildSelectionDocument(edited, 'notes.md', 0, edited.length, options), 'Release notes');
    assert.equal(first.document.id, 'notes.md~release-notes');
    assert.equal(again.document.id, first.document.id, 'the same title, the same document');
    assert.equal(again.document.title, 'Release notes');
    assert.equal(again.document.semantic_identifier, 'Release notes');
    const other = titleSelection(buildSelectionDocument(edited, 'notes.md', 0, edited.length, options), 'Other notes');
    assert.equal(other.document.id, 'notes.md~other-notes', 'another title, another document');
    assert.equal(selectionIdFor(first, 'Other notes'), 'notes.md~other-notes', 'the title box can show the id before sending');
  });

  it('under a heading, the confirmed title changes the title but not the id', () => {
    const result = titleSelection(select(guide, 'Run the installer.', 'Then reboot.'), '  Installing on Linux ');
    assert.equal(result.document.id, 'guide.md~install~linux');
    assert.equal(result.document.title, 'Installing on Linux');
    assert.equal(selectionIdFor(result, 'Anything'), 'guide.md~install~linux');
    assert.equal(documentError(() => titleSelection(result, '  ')).code, 'invalidSelection');
  });

  it('strips Markdown markers and shortens a long first line used as title', () => {
    const text = `- ${'word '.repeat(30)}\n`;
    const result = buildSelectionDocument(text, 'notes.md', 0, text.length, { now: NOW });
    assert.equal(result.suggestedTitle.length, 80);
    assert.ok(result.suggestedTitle.startsWith('word word'));
    assert.ok(result.suggestedTitle.endsWith('…'));
  });

  it('carries the file front matter: metadata, pair id and front matter id', () => {
    const result = select(guide, 'Run the installer.', 'Then reboot.');
    assert.deepEqual(result.document.metadata, { team: 'docs', source_path: 'guide.md' });
    assert.equal(result.ccPairId, 4);
    const withId = guide.replace('title: Guide', 'title: Guide\nid: guide-v2');
    assert.equal(select(withId, 'Run the installer.', 'Then reboot.').document.id, 'guide-v2~install~linux');
  });

  it('maps editor offsets correctly with a BOM and CRLF line endings', () => {
    const crlf = `\uFEFF${guide.replace(/\n/g, '\r\n')}`;
    const start = crlf.indexOf('Run the installer.');
    const end = crlf.indexOf('Then reboot.') + 'Then reboot.'.length;
    const result = buildSelectionDocument(crlf, 'guide.md', start, end, options);
    assert.equal(result.document.id, 'guide.md~install~linux');
    assert.deepEqual(result.document.sections.map((s) => s.text), ['Guide › Install › Linux\n\nRun the installer.\n\nThen reboot.']);
  });

  it('accepts the offsets in either order', () => {
    const start = guide.indexOf('Use Homebrew.');
    const end = start + 'Use Homebrew.'.length;
    const result = buildSelectionDocument(guide, 'guide.md', end, start, options);
    assert.deepEqual(result.document.sections.map((s) => s.text), ['Guide › Install › macOS\n\nUse Homebrew.']);
  });

  it('leaves front matter out of a selection that starts in it', () => {
    const result = buildSelectionDocument(guide, 'guide.md', 0, guide.indexOf('Preface') + 'Preface paragraph.'.length, options);
    assert.deepEqual(result.document.sections.map((s) => s.text), ['Preface paragraph.']);
  });

  it('refuses an empty selection, one inside the front matter, and offsets outside the text', () => {
    const blank = guide.indexOf('\n\n');
    const empty = documentError(() => buildSelectionDocument(guide, 'guide.md', blank, blank + 2, options));
    assert.equal(empty.code, 'invalidSelection');
    assert.equal(empty.message, 'The selection has no text to ingest; select some text first.');
    const inFrontMatter = documentError(() => buildSelectionDocument(guide, 'guide.md', 0, 10, options));
    assert.equal(inFrontMatter.message, 'The selection covers only front matter; select some of the text below it.');
    assert.equal(documentError(() => buildSelectionDocument(guide, 'guide.md', 0, guide.length + 1, options)).code, 'invalidSelection');
    assert.equal(documentError(() => buildSelectionDocument(guide, 'guide.md', -1, 3, options)).code, 'invalidSelection');
  });

  it('gives a selection of a text file one section and an id named after its title', () => {
    const text = 'line one\n# not a heading\nline three\n';
    const result = buildSelectionDocument(text, 'notes/todo.txt', text.indexOf('# not'), text.length, options);
    assert.equal(result.suggestedTitle, 'not a heading');
    assert.equal(result.document.id, 'notes~todo.txt~not-a-heading');
    assert.deepEqual(result.document.sections, [{ text: '# not a heading\nline three', link: 'https://docs.example.com/notes/todo.txt' }]);
  });

  it('encodes unicode and explicit anchors in the id', () => {
    const text = '# Handbuch\n\n## Über uns {#about}\n\nText.\n\n## Größen\n\nMehr.\n';
    assert.equal(select(text, 'Text.', 'Text.', 'de/handbuch.md').document.id, 'de~handbuch.md~about');
    assert.match(select(text, 'Mehr.', 'Mehr.', 'de/handbuch.md').document.id ?? '', /^de~handbuch\.md~grossen--[0-9a-f]{8}$/);
  });
});
