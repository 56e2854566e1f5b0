// Localisation: the English bundle holds exactly the strings the code passes to vscode.l10n.t (as
// `npm run l10n:export` writes it), and the German translation covers it, keeping placeholders and links.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';
import { previewImageIds } from '../../../src/core/ingest/images';
import { sha256Hex } from '../../../src/core/ledger';

const root = path.resolve(__dirname, '../../../..');
const readJson = (f: string) => JSON.parse(fs.readFileSync(path.join(root, f), 'utf8')) as Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : (v as { message: string }).message);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** {0}, {1}... and the targets of Markdown links, which a translation must keep. */
function fixedParts(s: string): string[] {
  return [...s.matchAll(/\{\d+\}|\]\([^)]*\)/g)].map((m) => m[0]).sort();
}

describe('localisation', () => {
  const files = sourceFiles(path.join(root, 'src'));

  it('the manifest points at the l10n folder', () => {
    assert.equal(readJson('package.json').l10n, './l10n');
  });

  it('every l10n.t call passes its message as a literal, so that it can be extracted', () => {
    const dynamic = files.flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/l10n\.t\(\s*(?!['"`])([^)]{0,40})/g)].map((m) => `${path.relative(root, f)}: l10n.t(${m[1]}`));
    assert.deepEqual(dynamic, []);
  });

  it('l10n/bundle.l10n.json holds exactly the strings of the source (npm run l10n:export)', async function () {
    // The extractor parses every source file with a WebAssembly parser: seconds, more on a loaded 2-core runner.
    this.timeout(60_000);
    const extracted = await getL10nJson(files.map((f) => ({ contents: fs.readFileSync(f, 'utf8'), extension: '.ts' })));
    const inSource = Object.keys(extracted);
    assert.ok(inSource.length > 100, `${inSource.length} strings found`);
    const bundle = Object.keys(readJson('l10n/bundle.l10n.json'));
    assert.deepEqual(inSource.filter((k) => !bundle.includes(k)), [], 'in the source, missing from the bundle: run npm run l10n:export');
    assert.deepEqual(bundle.filter((k) => !inSource.includes(k)), [], 'in the bundle, no longer in the source: run npm run l10n:export');
  });

  it('a preview body has no translated part: the image placeholder is the core\'s, the same bytes in every display language (issue 23)', async () => {
    // The editor's body is built in previewBody.ts; a translated string there would make its bytes differ from the
    // command line's (which never translates) for a writer whose VS Code is in German.
    const editorBody = fs.readFileSync(path.join(root, 'src/extension/preview/previewBody.ts'), 'utf8');
    assert.doesNotMatch(editorBody, /l10n\.t\(/, 'previewBody.ts translates nothing');
    const ids = await previewImageIds('# Pictures\n\n![a](img/a.png)\n\n![b](img/b.png)\n', 'guide.md', { read: (p) => Promise.resolve(Buffer.from(p)) }, (hash) => (hash === sha256Hex('img/b.png') ? 'file-b' : undefined));
    assert.deepEqual([...ids], [['img/a.png', '<uploaded when sent: img/a.png>'], ['img/b.png', 'file-b']]);
  });

  for (const [english, german] of [['l10n/bundle.l10n.json', 'l10n/bundle.l10n.de.json'], ['package.nls.json', 'package.nls.de.json']] as const) {
    it(`${german} translates every string of ${english}, keeping placeholders and links`, () => {
      const en = readJson(english);
      const de = readJson(german);
      assert.deepEqual(Object.keys(de).filter((k) => !(k in en)), [], 'stale translations');
      assert.deepEqual(Object.keys(en).filter((k) => !(k in de)), [], 'untranslated');
      const broken = Object.keys(en).filter((k) => {
        const t = text(de[k]);
        return !t?.trim() || JSON.stringify(fixedParts(text(en[k]))) !== JSON.stringify(fixedParts(t));
      });
      assert.deepEqual(broken, [], 'translations that lose or change a placeholder or link');
      const same = Object.keys(en).filter((k) => text(en[k]) === text(de[k]));
      assert.ok(same.length < Object.keys(en).length / 10, `mostly translated (${same.length} left as in English)`);
    });
  }
});
