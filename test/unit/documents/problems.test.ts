import assert from 'node:assert/strict';
import { buildSelectionDocument, problemsOf } from '../../../src/core/documents';
import type { DocumentProblem } from '../../../src/core/documents';
import { NOW, build, documentError } from '../../support/documents';

function places(problems: readonly DocumentProblem[]): [string, string, number | undefined, string | undefined][] {
  return problems.map((p) => [p.code, p.severity, p.line, p.key]);
}

describe('documents: problems', () => {
  it('gives each front matter warning its line, and keeps warnings as their messages', () => {
    const result = build('---\ntitle: T\nparams:\n  a: 1\n? [a, b]\n: x\nowner:\n---\n# T\n', 'a.md');
    assert.deepEqual(places(result.problems), [
      ['metadataSkipped', 'warning', 3, 'params'],
      ['keyNotText', 'warning', 5, undefined],
      ['metadataSkipped', 'warning', 7, 'owner'],
    ]);
    assert.deepEqual(result.warnings, result.problems.map((p) => p.message));
  });

  it('places an unclosed --- and TOML front matter on line 1', () => {
    assert.deepEqual(places(build('---\nText.\n\n# H\n', 'a.md').problems), [['unclosedFrontMatter', 'warning', 1, undefined]]);
    assert.deepEqual(places(build('+++\ntitle = "A"\n+++\n# H\n', 'a.md').problems), [['tomlFrontMatter', 'warning', 1, undefined]]);
  });

  it('says when a Markdown file has no heading, on its first line of text, without making it a warning', () => {
    const result = build('---\ntitle: T\n---\n\nJust text.\n', 'notes.md');
    assert.deepEqual(result.problems, [{ code: 'noHeadings', severity: 'info', line: 5, message: 'no headings: the whole file is one section' }]);
    assert.deepEqual(result.warnings, []);
    assert.deepEqual(build('Plain text.\n', 'notes.txt').problems, [], 'not for plain text files');
  });

  it('says when the id made from the path was changed or shortened', () => {
    assert.deepEqual(places(build('# T\n', 'docs/Getting Started.md').problems), [['idChanged', 'info', undefined, undefined]]);
    assert.match(build('# T\n', 'docs/Getting Started.md').problems[0]?.message ?? '', /docs~getting-started\.md/);
    assert.deepEqual(build('# T\n', 'docs/README.md').problems, [], 'lowercasing alone is no change');
    const long = `${'very-long-folder-name/'.repeat(12)}page.md`;
    const result = build('# T\n', long);
    assert.deepEqual(places(result.problems), [['idChanged', 'warning', undefined, undefined]]);
    assert.deepEqual(result.warnings, [result.problems[0]?.message]);
    assert.deepEqual(build('---\nid: chosen\n---\n# T\n', 'A B.md').problems, [], 'a front matter id is not made from the path');
  });

  it('places a shortened selection id on the front matter id line', () => {
    const text = `---\ntitle: T\nid: ${'x'.repeat(190)}\n---\n## ${'Long heading '.repeat(3)}\n\nText.\n`;
    const result = buildSelectionDocument(text, 'a.md', text.indexOf('Text.'), text.length, { now: NOW });
    assert.deepEqual(places(result.problems), [['idChanged', 'warning', 3, 'id']]);
  });

  it('turns build failures into error problems with the file line', () => {
    const cases: [string, number, string | undefined][] = [
      ['---\ntitle: T\nbad: [1, 2\n---\n# T\n', 4, undefined], // where yaml finds the flow list unclosed
      ['---\ntitle: T\nmetadata:\n  team: docs\n  size: 3\n---\n# T\n', 5, 'metadata.size'],
      ['---\ntitle: [a]\n---\n# T\n', 2, 'title'],
      ['---\nprimary_owners:\n  - 3\n---\n# T\n', 2, 'primary_owners[0]'],
      ['---\ntitle: T\ntags: *nowhere\n---\n# T\n', 3, undefined],
    ];
    for (const [text, line, key] of cases) {
      const [only, ...rest] = problemsOf(documentError(() => build(text, 'a.md')));
      assert.equal(rest.length, 0);
      assert.equal(only?.severity, 'error', text);
      assert.equal(only?.line, line, text);
      assert.equal(only?.key, key, text);
      assert.ok(only?.message, text);
    }
    assert.deepEqual(places(problemsOf(documentError(() => build('  \n', 'a.md')))), [['empty', 'error', undefined, undefined]]);
  });
});
