// Issue 38, item 7: the sentences the core builds reach the editor in the editor's language. The core words them
// through @vscode/l10n, which the extension hands the bundle of VS Code's display language (coreLanguage.ts) and the
// command line never configures. Here: a German bundle turns the core's sentences German, none turns them back to
// the command line's English, and no sentence of the core is written outside l10n.t, where no bundle could reach it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as l10n from '@vscode/l10n';
import ts from 'typescript';
import { buildDocument, DocumentError } from '../../../src/core/documents';
import type { LinkTarget } from '../../../src/core/documents';
import { withheldSentence } from '../../../src/core/files/publishRules';
import { imageProblemError } from '../../../src/core/ingest/images';

const root = path.resolve(__dirname, '../../../..');
const german = JSON.parse(fs.readFileSync(path.join(root, 'l10n/bundle.l10n.de.json'), 'utf8')) as Record<string, string>;
const NOW = new Date('2026-11-23T10:00:00Z');

/** What each front shows for the issue's four examples (issue 38: a German writer saw them in English). */
function issueSentences(): Record<string, string> {
  const targets = new Map<string, LinkTarget>([['docs/gone.md', { kind: 'missing' }]]);
  const linked = buildDocument('# Intro\n\n[gone](gone.md)\n', 'docs/intro.md', { now: NOW, linkTargets: targets });
  let empty = '';
  try {
    buildDocument('  \n', 'docs/empty.md', { now: NOW });
  } catch (e) {
    empty = (e as DocumentError).message;
  }
  return {
    brokenLink: linked.problems.find((p) => p.code === 'linkTargetMissing')?.message ?? '',
    image: imageProblemError('docs/intro.md', [{ path: 'docs/img/a.png', line: 3, message: 'the image docs/img/a.png (line 3) is missing' }]).message,
    publishRules: withheldSentence('docs/drafts/a.md', { reason: 'ignored', file: 'docs/.docingestignore', line: 3, pattern: 'drafts/', path: 'docs/drafts/' }),
    empty,
  };
}

describe('the core speaks the editor\'s language (issue 38, item 7)', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('without a bundle (the command line) the core\'s sentences are English, as before', () => {
    assert.deepEqual(issueSentences(), {
      brokenLink: 'The link “gone.md” leads to docs/gone.md, which does not exist; correct the path or remove the link.',
      image: 'docs/intro.md was not sent: the image docs/img/a.png (line 3) is missing. Fix the image reference, or set docIngest.images.onProblem to skipImage to send the text without it.',
      publishRules: 'docs/drafts/a.md is not published: docs/.docingestignore line 3 (drafts/) ignores the folder docs/drafts/; remove or change that line to publish it.',
      empty: '“empty.md” is empty or only whitespace; there is nothing to ingest.',
    });
  });

  it('with the German bundle the broken-link diagnostic, the image failure, the publish rule and an empty page are German', () => {
    l10n.config({ contents: german });
    assert.deepEqual(issueSentences(), {
      brokenLink: 'Der Link „gone.md“ führt zu docs/gone.md, das es nicht gibt; korrigieren Sie den Pfad oder entfernen Sie den Link.',
      image: 'docs/intro.md wurde nicht gesendet: the image docs/img/a.png (line 3) is missing. Korrigieren Sie den Bildverweis oder setzen Sie docIngest.images.onProblem auf skipImage, um den Text ohne das Bild zu senden.',
      publishRules: 'docs/drafts/a.md wird nicht veröffentlicht: docs/.docingestignore Zeile 3 (drafts/) ignoriert den Ordner docs/drafts/; entfernen oder ändern Sie diese Zeile, um es zu veröffentlichen.',
      empty: '„empty.md“ ist leer oder enthält nur Leerraum; es gibt nichts zu senden.',
    });
  });

  it('every sentence of the core is worded through l10n.t, so the bundle test (l10n.test.ts) holds it to a German translation', () => {
    const outside = coreFiles(path.join(root, 'src/core')).flatMap((file) => sentencesOutsideL10n(file));
    assert.deepEqual(outside, [], 'sentences a writer may see that no bundle can translate: wrap them in l10n.t (or list them below if no one sees them)');
  });

  it('no sentence of the core is worded when its module loads, before the editor hands over its bundle', () => {
    const early = coreFiles(path.join(root, 'src/core')).flatMap((file) => l10nAtLoad(file));
    assert.deepEqual(early, [], 'l10n.t outside a function: make the constant a function');
  });
});

/**
 * Strings of the core that look like a sentence (three words or more) but that no writer reads in the editor's words:
 * text sent to the server (the same bytes in every language), names of syntax, programmer errors. file:first words.
 */
const NOT_SHOWN = new Set<string>([
  'ingest/images.ts:<uploaded when sent:', // the preview's stand-in for an image id: the payload's bytes
  // The headings of what Mintlify generates from an OpenAPI spec: page text sent to the server, as its site shows it.
  'site/mintlifyApi.ts:Path parameters', 'site/mintlifyApi.ts:Query parameters',
  // A flaw's code, compared and worded by each front (transport.ts, setApiKey.ts, the command line's session.ts).
  'api/apiKey.ts:line break', 'api/apiKey.ts:control character', 'api/apiKey.ts:character outside ASCII',
  'api/transport.ts:line break', 'api/transport.ts:control character',
  // Names of markup and of settings, quoted in a translated sentence as they are written in a page or a config.
  'documents/markup/unrendered.ts:content tab', 'documents/markup/unrendered.ts:attribute list', 'documents/markup/unrendered.ts:directive line',
  'documents/markup/unrendered.ts:import line', 'documents/markup/unrendered.ts:::: admonition fence', 'site/docusaurus.ts:plugins docs',
  // The command line's words for Show Site Settings; the editor passes its own, translated (showSiteSettings.ts).
  'site/describe.ts:No docs site', 'site/describe.ts:(none: section', 'site/describe.ts:Files in no',
]);

function coreFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? coreFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Literal text of a string, a template or a `+` chain of them (what a reader would read, substitutions left out). */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literalText(node.left);
    return left === undefined ? undefined : `${left} ${literalText(node.right) ?? ''}`;
  }
  return undefined;
}

function sentencesOutsideL10n(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'l10n.t') return;
    // A programmer's error (a broken invariant, a wrong option) is for the log, not for the writer.
    if (ts.isNewExpression(node) && /^(Error|RangeError|TypeError)$/.test(node.expression.getText(source))) return;
    const text = literalText(node);
    if (text !== undefined) {
      // Two lower-case words in a row: a phrase such as "is missing" that ends up in a sentence ("the image a.png is
      // missing") as much as a sentence of its own.
      if (/^[^{}]*[a-z]{2,} [a-z]{2,}/.test(text)) {
        const key = `${path.relative(path.join(root, 'src/core'), file)}:${text.trim().split(/\s+/).slice(0, 3).join(' ')}`;
        if (![...NOT_SHOWN].some((k) => key.startsWith(k))) found.push(`${key} (line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** l10n.t calls that run when the module is imported: outside every function, they are worded before config. */
function l10nAtLoad(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'l10n.t') {
      found.push(`${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
