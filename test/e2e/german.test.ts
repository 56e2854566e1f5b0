// UI e2e: the packaged extension in a German VS Code shows its German texts: command titles and welcome views
// from package.nls.de.json, the texts of its own input boxes from l10n/bundle.l10n.de.json, and the sentences the
// shared core builds (a broken link's diagnostic, an image failure, a .docingestignore refusal: issue 38, item 7).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startService, type LocalService } from '../service';
import { notificationToast, openFile, repoRoot, runCommand, screenshot, startVSCode, welcomeButton, type VSCodeInstance } from './vscode-e2e';

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

describe('the core\'s sentences in German (UI, issue 38 item 7)', function () {
  let service: LocalService;
  let vs: VSCodeInstance | undefined;
  let page: Page;
  let tmp: string;
  const ingestCurrentFile = `Doc Ingest: ${nls['docIngest.ingestCurrentFile']!}`;

  before(async function () {
    service = await startService({ dialect: 'observed', seed: 'test' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-e2e-german-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
      fs.writeFileSync(path.join(tmp, file), text);
    };
    write('docs/guide.md', '# Anleitung\n\nSiehe [die Einrichtung](setup.md).\n');
    write('docs/pictures.md', '# Bilder\n\n![Diagramm](img/missing.png)\n');
    write('docs/drafts/wip.md', '# Entwurf\n\nNoch nicht fertig.\n');
    write('.docingestignore', 'drafts/\n');
    vs = await startVSCode({ vsix: [vsix], displayLanguage: 'de', settings: { 'docIngest.baseUrl': service.baseUrl } });
    page = await vs.open(tmp);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) await screenshot(page, `failed-german-core-${this.currentTest.title}`).catch(() => undefined);
  });

  after(async function () {
    await vs?.close();
    await service?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('connects with the key through the German welcome button', async function () {
    await page.locator('.activitybar .action-item a[aria-label^="Doc Ingest"]').click();
    const label = /\[([^\]]+)\]\(command:docIngest\.setApiKey\)/.exec(nls['welcome.needsKey'] ?? '')?.[1] ?? bundle['Set API Key']!;
    await welcomeButton(page, 'docIngest', label).first().click();
    const password = page.locator('.quick-input-widget input[type="password"]');
    await password.waitFor();
    await password.fill(service.keys.admin);
    await page.keyboard.press('Enter');
    await password.waitFor({ state: 'hidden' });
    await welcomeButton(page, 'docIngest', label).first().waitFor({ state: 'hidden' });
    await page.locator('.activitybar .action-item a[aria-label^="Explorer"]').click();
  });

  it('a broken link\'s diagnostic is German', async function () {
    await openFile(page, 'guide.md');
    await page.locator('[id="status.problems"]').click();
    const problem = page.locator('.markers-panel .monaco-list-row', { hasText: 'setup.md' });
    await problem.waitFor();
    assert.match(await problem.innerText(), /Der Link „setup\.md“ führt zu docs\/setup\.md, das es nicht gibt; korrigieren Sie den Pfad oder entfernen Sie den Link\./);
    await screenshot(page, 'german-broken-link');
  });

  it('a page stopped by its image says so in German', async function () {
    await runCommand(page, 'Notifications: Clear All Notifications');
    await openFile(page, 'pictures.md');
    await runCommand(page, ingestCurrentFile);
    const toast = notificationToast(page, 'docs/pictures.md wurde nicht gesendet');
    await toast.waitFor();
    const text = (await toast.innerText()).replace(/\s+/g, ' ');
    assert.match(text, /docs\/pictures\.md wurde nicht gesendet: das Bild docs\/img\/missing\.png \(Zeile 3\) fehlt\. Korrigieren Sie den Bildverweis oder setzen Sie docIngest\.images\.onProblem auf skipImage/, text);
    assert.doesNotMatch(text, /was not sent|is missing|Fix the image reference/, text);
    await screenshot(page, 'german-image-failure');
  });

  it('a file .docingestignore keeps back says so in German', async function () {
    await runCommand(page, 'Notifications: Clear All Notifications');
    await openFile(page, 'wip.md');
    await runCommand(page, ingestCurrentFile);
    const toast = notificationToast(page, 'docs/drafts/wip.md wird nicht veröffentlicht');
    await toast.waitFor();
    assert.match(await toast.innerText(), /\.docingestignore Zeile 1 \(drafts\/\) ignoriert den Ordner docs\/drafts\/; entfernen oder ändern Sie diese Zeile/);
    await screenshot(page, 'german-publish-rules');
    assert.equal(service.documents().length, 0, 'neither page was sent');
  });
});
