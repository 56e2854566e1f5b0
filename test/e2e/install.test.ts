// UI e2e: the packaged .vsix (npm run package -> dist/doc-ingest.vsix) installs into a fresh code-server and
// the workbench shows it next to the fixture workspace. Run: npm run test:e2e (screenshots: test-results/e2e/).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  explorerRows, extensionRows, openFile, plainText, repoRoot, runCommand, screenshot, startVSCode, type VSCodeInstance,
} from './vscode-e2e';

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  name: string; publisher: string; version: string; displayName: string;
};
const extensionId = `${manifest.publisher}.${manifest.name}`;
const vsix = process.env.DOC_INGEST_VSIX ?? path.join(repoRoot, 'dist/doc-ingest.vsix');
const workspace = path.join(repoRoot, 'test/fixtures/workspace');

describe('packaged extension in VS Code (UI)', function () {
  let vs: VSCodeInstance | undefined;
  let page: Page | undefined;

  before(async function () {
    assert.ok(fs.existsSync(vsix), `${vsix} exists (npm run package)`);
    vs = await startVSCode({ vsix: [vsix] });
    page = await vs.open(workspace);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      const file = await screenshot(page, `failed-${this.currentTest.fullTitle()}`).catch(() => undefined);
      if (file) console.log(`      screenshot: ${path.relative(repoRoot, file)}`);
    }
  });

  after(async function () {
    await vs?.close();
  });

  it('the .vsix is installed with the version from package.json', function () {
    assert.ok(vs);
    assert.ok(vs.listExtensions().includes(`${extensionId}@${manifest.version}`), vs.listExtensions().join(', '));
  });

  it('the workbench opens the fixture workspace', async function () {
    assert.ok(page);
    const rows = explorerRows(page);
    await rows.first().waitFor();
    const expected = fs.readdirSync(workspace).filter((n) => !n.startsWith('.')).sort();
    assert.ok(expected.includes('guide') && expected.includes('README.md'), expected.join(', '));
    await rows.nth(expected.length - 1).waitFor();
    assert.deepEqual((await rows.allInnerTexts()).map((t) => t.trim()).sort(), expected);
  });

  it('opens a fixture Markdown file in the editor', async function () {
    assert.ok(page);
    const text = await openFile(page, 'getting-started.md');
    await text.filter({ hasText: '# Getting started' }).waitFor();
    assert.match(await plainText(text), /^title: Getting started$/m);
  });

  it('the Extensions view lists the extension as installed and enabled', async function () {
    assert.ok(page);
    await runCommand(page, 'Extensions: Show Installed Extensions');
    const row = extensionRows(page).filter({ hasText: manifest.displayName });
    await row.waitFor();
    const label = (await row.getAttribute('aria-label')) ?? '';
    assert.match(label, new RegExp(`^${manifest.displayName}, ${manifest.version.replace(/\./g, '\\.')}, Publisher ${manifest.publisher}\\b`));
    // a disabled extension's row has the class "disabled" and the footer text "Disabled" (checked by disabling it)
    assert.doesNotMatch((await row.getAttribute('class')) ?? '', /\bdisabled\b/);
    assert.doesNotMatch(await row.innerText(), /\bDisabled\b|Restart Required|Incompatible/);
    const file = await screenshot(page, 'installed-extension');
    assert.ok(fs.statSync(file).size > 10000, 'screenshot written');
  });
});
