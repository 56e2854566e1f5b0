// UI e2e: the packaged extension in a German VS Code shows its German texts: command titles and welcome views
// from package.nls.de.json, and the texts of its own input boxes from l10n/bundle.l10n.de.json.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot, runCommand, screenshot, startVSCode, welcomeButton, type VSCodeInstance } from './vscode-e2e';

const vsix = process.env.DOC_INGEST_VSIX ?? path.join(repoRoot, 'dist/doc-ingest.vsix');
const workspace = path.join(repoRoot, 'test/fixtures/workspace');
const nls = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.nls.de.json'), 'utf8')) as Record<string, string>;
const bundle = JSON.parse(fs.readFileSync(path.join(repoRoot, 'l10n/bundle.l10n.de.json'), 'utf8')) as Record<string, string>;

describe('the extension in German (UI)', function () {
  let vs: VSCodeInstance | undefined;
  let page: Page;

  before(async function () {
    vs = await startVSCode({ vsix: [vsix], displayLanguage: 'de' });
    page = await vs.open(workspace);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) await screenshot(page, `failed-german-${this.currentTest.title}`).catch(() => undefined);
  });

  after(async function () {
    await vs?.close();
  });

  it('the welcome view and its button are German', async function () {
    await page.locator('.activitybar .action-item a[aria-label^="Doc Ingest"]').click();
    const label = /\[([^\]]+)\]\(command:docIngest\.setServerUrl\)/.exec(nls['welcome.needsServer']!)?.[1];
    assert.equal(label, 'Server-URL festlegen');
    await welcomeButton(page, 'docIngest', label).first().waitFor();
  });

  it('a German command title runs the command, whose input box speaks German', async function () {
    const title = `Doc Ingest: ${nls['docIngest.setApiKey']}`;
    assert.equal(title, 'Doc Ingest: API-Schlüssel festlegen');
    await runCommand(page, title);
    // No server yet: Set API Key asks for the server first.
    const box = page.locator('.quick-input-widget');
    await box.locator('.quick-input-title', { hasText: bundle['Doc Ingest: Server URL']! }).waitFor();
    await box.locator('.quick-input-message', { hasText: bundle['The address of the service\'s API, including /api, for example https://search.example.com/api']! }).waitFor();
    await screenshot(page, 'german-server-url');
    await page.keyboard.press('Escape');
  });
});
