// UI e2e: a writer's first session with the packaged extension, driven only through the workbench (activity bar,
// welcome buttons, input boxes, command palette, simple file dialog, settings editor) against the local service
// (observed dialect) started here. The tests run in order and share one page: the API key lives in the
// browser's localStorage (code-server's SecretStorage), so a new browser context would start without it.
//
// Run: npm run test:e2e. Each test leaves test-results/e2e/writer-<n>-<title>.png; with
// DOC_INGEST_SCREENSHOTS=media/screenshots (npm run screenshots) the README screenshots are written there too.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startService, type LocalService } from '../service';
import {
  allNotifications, chooseInFileDialog, docScreenshot, notificationToast, openFile, repoRoot, runCommand, screenshotAfterEach,
  setSideBarWidth, startVSCode, statusItem, treeRows, viewPane, waitForStableDom, welcomeButton, type VSCodeInstance,
} from './vscode-e2e';

const vsix = process.env.DOC_INGEST_VSIX ?? path.join(repoRoot, 'dist/doc-ingest.vsix');
const fixtureWorkspace = path.join(repoRoot, 'test/fixtures/workspace');
const CONTAINER = 'docIngest';
const STATUS_ID = ['doc-ingest.doc-ingest', 'docIngest.status'] as const;

describe('a writer connects, ingests and uploads (UI)', function () {
  let service: LocalService;
  let vs: VSCodeInstance | undefined;
  let page: Page;
  let tmp: string;
  let workspace: string;

  const settingsFile = () => path.join(vs!.userDataDir, 'User/settings.json');
  const userSettings = (): Record<string, unknown> => JSON.parse(fs.readFileSync(settingsFile(), 'utf8')) as Record<string, unknown>;
  const rows = () => treeRows(page, CONTAINER);
  const row = (name: string) => rows().filter({ has: page.locator('.label-name', { hasText: name }) });
  const status = () => statusItem(page, ...STATUS_ID);

  /** Waits until `check` holds (polled; for state outside the page, such as files and the service). */
  async function until(what: string, check: () => boolean, timeoutMs = 15000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async function () {
    assert.ok(fs.existsSync(vsix), `${vsix} exists (npm run package)`);
    // processingMs: long enough to see "processing", short enough to wait for "completed"
    service = await startService({ dialect: 'observed', seed: 'test', processingMs: 2500 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-e2e-'));
    workspace = path.join(tmp, 'product-docs'); // the window title shows this name
    fs.cpSync(fixtureWorkspace, workspace, { recursive: true });
    fs.writeFileSync(path.join(workspace, 'release-notes.txt'), 'Release notes\n\nVersion 1.0 adds uploads.\n');
    fs.writeFileSync(path.join(workspace, 'export-fail.txt'), 'The local service fails files whose name contains "fail".\n');
    // No docIngest settings: the writer sets the server URL through the UI; the ingestion path starts at its
    // default (the specification's), which this observed-dialect server does not have.
    vs = await startVSCode({ vsix: [vsix], settings: { 'docIngest.userFiles.pollIntervalSeconds': 1 } });
    page = await vs.open(workspace);
  });

  afterEach(screenshotAfterEach('writer', () => page));

  after(async function () {
    await vs?.close();
    await service?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the Doc Ingest view asks for the server URL, then for the key', async function () {
    await page.locator(`.activitybar .action-item a[aria-label^="Doc Ingest"]`).click();
    // One welcome block (Connector Files) asks for the server; the other views point up to it (issue 38, item 8).
    await welcomeButton(page, CONTAINER, 'Set Server URL').first().waitFor();
    assert.equal(await welcomeButton(page, CONTAINER, 'Set Server URL').count(), 1);
    await setSideBarWidth(page, 470); // room for the tree rows' descriptions (sizes, statuses)

    await welcomeButton(page, CONTAINER, 'Set Server URL').first().click();
    const box = page.locator('.quick-input-widget');
    const input = box.locator('.quick-input-box input');
    await box.locator('.quick-input-title', { hasText: 'Doc Ingest: Server URL' }).waitFor();
    await input.fill('search.example.com'); // no scheme: refused in the box
    await box.locator('.quick-input-message', { hasText: 'Enter an http:// or https:// address' }).waitFor();
    // The address of the web app, as a writer copies it from the browser: the box offers the API address.
    const origin = service.baseUrl.replace(/\/api$/, '');
    await input.fill(origin);
    await page.keyboard.press('Enter');
    await box.locator('.quick-input-message', { hasText: `${service.baseUrl} is: press Enter to use it.` }).waitFor();
    assert.equal(await input.inputValue(), service.baseUrl);
    await docScreenshot(page, 'server-url');
    await page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden' });
    assert.ok(service.requests.every((r) => r.headers.authorization === undefined), 'no key was sent while checking addresses');

    await welcomeButton(page, CONTAINER, 'Set API Key').first().waitFor();
    assert.equal(await welcomeButton(page, CONTAINER, 'Set Server URL').count(), 0);
    assert.equal(userSettings()['docIngest.baseUrl'], service.baseUrl);
  });

  it('a wrong key is refused in the password box and the key welcome stays', async function () {
    await welcomeButton(page, CONTAINER, 'Set API Key').first().click();
    const box = page.locator('.quick-input-widget');
    const password = box.locator('input[type="password"]');
    await password.waitFor();
    assert.match(await box.innerText(), new RegExp(`API key for ${service.baseUrl.replace(/[.]/g, '\\.')}`));
    await password.fill('on_this-key-was-revoked-last-week');
    await page.keyboard.press('Enter');
    const message = box.locator('.quick-input-message');
    await message.filter({ hasText: 'did not accept' }).waitFor();
    assert.equal(await message.innerText(), 'The server did not accept this key. Check that it is complete and not revoked or expired.');
    assert.ok(await password.isVisible(), 'the box stays open to correct the key');
    await docScreenshot(page, 'wrong-key');

    await page.keyboard.press('Escape');
    await password.waitFor({ state: 'hidden' });
    assert.equal(await welcomeButton(page, CONTAINER, 'Set API Key').count(), 1, 'still asks for a key');
    assert.equal(await rows().count(), 0);
  });

  it('the right key connects, and Connector Files lists the files with their sizes', async function () {
    await welcomeButton(page, CONTAINER, 'Set API Key').first().click();
    const password = page.locator('.quick-input-widget input[type="password"]');
    await password.waitFor();
    await password.fill(service.keys.admin);
    await page.keyboard.press('Enter');
    await password.waitFor({ state: 'hidden' });
    await notificationToast(page, `API key stored for ${service.baseUrl}.`).waitFor();

    await row('Product docs').waitFor();
    assert.deepEqual(await viewPane(page, CONTAINER, 'Connector Files').locator('.monaco-list-row .label-name').allInnerTexts(), ['Product docs', 'Handbook']);
    assert.equal(await row('Product docs').locator('.label-description').innerText(), 'connector 2 · pair 2');
    await welcomeButton(page, CONTAINER, 'Upload File...').waitFor(); // User Files: ready, nothing tracked yet

    await row('Product docs').click();
    await row('legacy-notes.txt').waitFor();
    await row('Handbook').click();
    await row('employee-handbook.pdf').waitFor();
    const shown = () => rows().evaluateAll((els) => els
      .filter((e) => e.getAttribute('aria-level') === '2')
      .map((e) => [e.querySelector('.label-name')?.textContent, e.querySelector('.label-description')?.textContent?.split(' · ')[0]]));
    // The tree renders only the rows in sight (five views share the side bar): the writer scrolls to the last one.
    const files = await shown();
    await page.keyboard.press('End');
    await row('onboarding-checklist.md').waitFor();
    for (const f of await shown()) if (!files.some((seen) => seen[0] === f[0])) files.push(f);
    assert.deepEqual(files, [
      ['getting-started.md', '2.0 KB'],
      ['api-reference.md', '10 KB'],
      ['legacy-notes.txt', 'size unknown'],
      ['employee-handbook.pdf', '512 KB'],
      ['onboarding-checklist.md', '4.0 KB'],
    ]);
  });

  it('Ingest Current File creates the document, then updates it, finding the server\'s ingestion route', async function () {
    await runCommand(page, 'Notifications: Clear All Notifications'); // "API key stored..." and the like
    await openFile(page, 'getting-started.md');
    // No ingestion path is set. The Documents view, listing pair 1 once the key was set, found the server's route
    // beside the ingestion route: the specification's is missing on this (Onyx-like) server, Onyx's answers.
    await viewPane(page, CONTAINER, 'Documents').locator('.monaco-list-row', { hasText: 'The service holds no documents in pair 1 (default).' }).waitFor();
    assert.deepEqual(service.requests.filter((r) => r.path.includes('/connector-docs/')).map((r) => `${r.method} ${r.path} ${r.status}`),
      ['GET /api/service-api/connector-docs/1 404', 'GET /api/onyx-api/connector-docs/1 200']);
    service.clearRequests();
    await runCommand(page, 'Doc Ingest: Ingest Current File');
    await status().filter({ hasText: 'Created' }).waitFor();
    assert.deepEqual(service.requests.filter((r) => r.path.endsWith('/ingestion')).map((r) => `${r.path} ${r.status}`),
      ['/api/onyx-api/ingestion 200'], 'the route the listing found');
    await runCommand(page, 'Doc Ingest: Ingest Current File');
    await status().filter({ hasText: 'Updated' }).waitFor();
    assert.equal(await status().getAttribute('aria-label'), 'Doc Ingest: Getting started updated');

    const docs = service.documents();
    assert.equal(docs.length, 1, 'one document, updated in place');
    const [doc] = docs;
    assert.equal(doc!.id, 'guide~getting-started.md');
    assert.equal(doc!.upserts, 2);
    assert.equal(doc!.semanticIdentifier, 'Getting started');
    assert.equal(doc!.source, 'file');
    // A copy outside any repository: of the provenance, the path only (issue 25 item 4).
    assert.deepEqual(doc!.metadata, { description: 'Install the tool and push your first page.', tags: ['guide', 'setup'], source_path: 'guide/getting-started.md' });
    assert.deepEqual(doc!.sections.map((s) => s.heading), ['Getting started', 'Install', 'Push your first page', 'Troubleshooting']);
    assert.match(doc!.sections[1]?.text ?? '', /^## Install\n\nRun the installer:\n\n```bash\n\.\/install\.sh --prefix ~\/\.local\n```$/);
    assert.deepEqual(doc!.ccPairIds, [1], 'the server default pair');

    // the tooltip tells which document went where
    await status().hover();
    const hover = page.locator('.monaco-hover').filter({ hasText: 'Document id' });
    await hover.waitFor();
    const tip = await hover.innerText();
    assert.match(tip, /^Updated: Getting started/);
    assert.match(tip, /Document id\s+guide~getting-started\.md/);
    assert.match(tip, new RegExp(`Server\\s+${service.baseUrl.replace(/[.]/g, '\\.')}`));
    await docScreenshot(page, 'status-bar', { x: 0, y: 640, width: 700, height: 260 });
    await page.mouse.move(700, 400);
    await hover.waitFor({ state: 'hidden' });
    assert.equal(service.requests.filter((r) => r.path.startsWith('/api/service-api/')).length, 0, 'the missing route was not asked again');
  });

  it('an ingestion path set by the writer that the server lacks is reported, and leads back to the setting', async function () {
    await runCommand(page, 'Notifications: Clear All Notifications');
    await page.locator('.notifications-toasts .notification-list-item').first().waitFor({ state: 'hidden' });
    await runCommand(page, 'Preferences: Open User Settings');
    const settings = page.locator('.settings-editor');
    await settings.locator('.settings-header .suggest-input-container .monaco-editor.focused').waitFor(); // the search box has the focus
    await page.keyboard.type('docIngest.ingestionPath');
    const ingestionPath = settings.locator('.monaco-list-row[aria-label^="Doc Ingest Ingestion Path"]');
    await ingestionPath.waitFor();
    await waitForStableDom(page, '.settings-editor .settings-tree-container');
    const pathInput = ingestionPath.locator('input');
    assert.equal(await pathInput.inputValue(), '', 'empty by default: found by the extension');
    await pathInput.fill('api/v2/ingestion');
    await until('docIngest.ingestionPath in User/settings.json', () => {
      try { return userSettings()['docIngest.ingestionPath'] === 'api/v2/ingestion'; } catch { return false; } // mid-write
    });
    await page.locator('.modal-editor-action-container a[aria-label^="Close Modal Editor"]').click();
    await settings.waitFor({ state: 'hidden' });

    await openFile(page, 'getting-started.md');
    await runCommand(page, 'Doc Ingest: Ingest Current File');
    await status().filter({ hasText: 'Failed' }).waitFor();
    const toast = notificationToast(page, 'Could not ingest "Getting started".');
    await toast.waitFor();
    assert.match(await toast.locator('.notification-list-item-message').innerText(),
      /The server has no route POST api\/v2\/ingestion \(HTTP 404\)\. Check the ingestion path setting \(docIngest\.ingestionPath\)/);
    assert.deepEqual(await toast.locator('.notification-list-item-buttons-container .monaco-button').allInnerTexts(),
      ['Ingest Again', 'Open Settings', 'Show Log']);
    await docScreenshot(page, 'ingest-failed');

    // "Open Settings" opens the settings editor on the one setting the error names; emptying the path fixes it.
    await toast.locator('.monaco-button', { hasText: 'Open Settings' }).click();
    await ingestionPath.waitFor();
    // Typing while the settings list re-renders can land in another setting's row (see waitForStableDom).
    await waitForStableDom(page, '.settings-editor .settings-tree-container');
    const shown = await settings.locator('.settings-tree-container .monaco-list-row').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    assert.ok(shown.length === 1 && shown[0]!.startsWith('Doc Ingest Ingestion Path'), `only docIngest.ingestionPath: ${shown.join(' | ')}`);
    await page.mouse.move(700, 890); // no hover highlight in the screenshot
    await docScreenshot(page, 'settings');
    await pathInput.fill('');
    await until('docIngest.ingestionPath gone from User/settings.json', () => {
      try { return !userSettings()['docIngest.ingestionPath']; } catch { return false; }
    });
    assert.equal(userSettings()['docIngest.baseUrl'], service.baseUrl, 'the server URL is untouched');
    // The settings editor opens as a modal editor. Its close button, not Escape: Escape first moves the focus
    // out of the setting's input (sometimes it takes two or three).
    await page.locator('.modal-editor-action-container a[aria-label^="Close Modal Editor"]').click();
    await settings.waitFor({ state: 'hidden' });

    await runCommand(page, 'Doc Ingest: Ingest Current File');
    await status().filter({ hasText: 'Updated' }).waitFor();
    assert.equal(service.documents().length, 1);
  });

  it('an uploaded file shows in User Files as processing, then completed', async function () {
    await runCommand(page, 'Doc Ingest: Upload File...');
    await chooseInFileDialog(page, path.join(workspace, 'release-notes.txt'));
    const uploaded = row('release-notes.txt');
    await uploaded.filter({ hasText: 'processing' }).waitFor();
    await uploaded.filter({ hasText: 'completed' }).waitFor();
    const files = service.userFiles();
    assert.deepEqual(files.map((f) => [f.name, f.status]), [['release-notes.txt', 'COMPLETED']]);
  });

  it('a file the server fails to process gives exactly one notification', async function () {
    await runCommand(page, 'Doc Ingest: Upload File...');
    await chooseInFileDialog(page, path.join(workspace, 'export-fail.txt'));
    await row('export-fail.txt').filter({ hasText: 'failed' }).waitFor();
    await notificationToast(page, 'The server failed to process "export-fail.txt".').waitFor();

    // Another status request after the failure was shown must not repeat it.
    const seen = service.requests.length;
    await runCommand(page, 'Doc Ingest: Refresh User Files');
    await until('a status request after the refresh', () =>
      service.requests.slice(seen).some((r) => r.path.endsWith('/user/projects/file/statuses') && r.status === 200));
    await row('release-notes.txt').filter({ hasText: 'completed' }).waitFor();
    const messages = (await allNotifications(page)).filter((m) => m.includes('export-fail.txt'));
    assert.deepEqual(messages, ['The server failed to process "export-fail.txt".']);

    // README: both views populated
    await page.mouse.move(700, 400);
    await docScreenshot(page, 'views');
  });
});
