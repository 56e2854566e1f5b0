// UI e2e: a writer ingests a docs folder from the Explorer's context menu with the packaged extension, against the
// local service (observed dialect): the progress notification, the summary, the Results view and its rows, and
// the image the folder's Markdown shows. The tests run in order and share one page (the API key lives in the
// browser's localStorage, code-server's SecretStorage).
//
// The folder (test/fixtures/docs-folder/docs): four files the default docIngest.include takes, one of them
// (troubleshooting.md) showing an image that is missing, so that it fails before anything is sent; one image
// (img/diagram.png) that architecture.md shows. Run: npm run test:e2e; README screenshots with
// DOC_INGEST_SCREENSHOTS=media/screenshots.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startService, type LocalService } from '../service';
import {
  docScreenshot, explorerContextMenu, explorerRows, notificationToast, plainText, repoRoot, runCommand, screenshotAfterEach, setSideBarWidth,
  startVSCode, viewPane, welcomeButton, type VSCodeInstance,
} from './vscode-e2e';

const vsix = process.env.DOC_INGEST_VSIX ?? path.join(repoRoot, 'dist/doc-ingest.vsix');
const fixture = path.join(repoRoot, 'test/fixtures/docs-folder');
const CONTAINER = 'docIngest';
/** The files of docs/ that docIngest.include takes, by path; img/diagram.png is not one. */
const FILES = ['docs/architecture.md', 'docs/configuration.md', 'docs/release-notes.txt', 'docs/troubleshooting.md'];
const FAILING = 'docs/troubleshooting.md';
/** Each ingestion request waits this long at the service, so that the progress notification stays up. */
const LATENCY_MS = 5000;

describe('a writer ingests a docs folder (UI)', function () {
  let service: LocalService;
  let vs: VSCodeInstance | undefined;
  let page: Page;
  let tmp: string;

  const results = () => viewPane(page, CONTAINER, 'Results');
  const resultRows = () => results().locator('.monaco-list-row');
  const resultRow = (file: string) => resultRows().filter({ has: page.locator('.label-name', { hasText: file }) });

  before(async function () {
    assert.ok(fs.existsSync(vsix), `${vsix} exists (npm run package)`);
    service = await startService({ dialect: 'observed', seed: 'test', ingestLatencyMs: LATENCY_MS, processingMs: 500 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-e2e-folder-'));
    const workspace = path.join(tmp, 'product-docs'); // the window title shows this name
    fs.cpSync(fixture, workspace, { recursive: true });
    // The server URL is no secret: set beforehand (writer.test.ts sets it through its box); the key goes through the UI.
    vs = await startVSCode({
      vsix: [vsix],
      settings: {
        'docIngest.baseUrl': service.baseUrl,
        'workbench.view.alwaysShowHeaderActions': true, // the Results view's title actions show in the screenshot
      },
    });
    page = await vs.open(workspace);
  });

  afterEach(screenshotAfterEach('folder', () => page));

  after(async function () {
    await vs?.close();
    await service?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('connects with the API key from the Doc Ingest view', async function () {
    await page.locator('.activitybar .action-item a[aria-label^="Doc Ingest"]').click();
    await welcomeButton(page, CONTAINER, 'Set API Key').first().click();
    const password = page.locator('.quick-input-widget input[type="password"]');
    await password.waitFor();
    await password.fill(service.keys.admin);
    await page.keyboard.press('Enter');
    await password.waitFor({ state: 'hidden' });
    await notificationToast(page, `API key stored for ${service.baseUrl}.`).waitFor();
    await welcomeButton(page, CONTAINER, 'Set API Key').first().waitFor({ state: 'hidden' });
  });

  it('Ingest Folder... from the Explorer\'s context menu shows its progress in a notification', async function () {
    // Back to the Explorer, where the writer keeps the docs; the "key stored" toast goes first.
    await page.locator('.activitybar .action-item a[aria-label^="Explorer"]').click();
    await runCommand(page, 'Notifications: Clear All Notifications');
    await setSideBarWidth(page, 470);
    const docs = explorerRows(page).filter({ hasText: 'docs' }).first();
    await docs.click(); // open, so that the screenshot shows what the folder holds
    await explorerRows(page).filter({ hasText: 'troubleshooting.md' }).waitFor();
    service.clearRequests();
    await explorerContextMenu(page, 'docs', 'Ingest Folder...');

    // troubleshooting.md fails at once (its image is missing); the others wait LATENCY_MS at the service.
    const progress = notificationToast(page, /of 4 files/);
    await progress.waitFor();
    const text = await progress.locator('.notification-list-item-message').innerText();
    assert.match(text, /^Doc Ingest: docs: \d of 4 files, 1 failed$/, text);
    assert.ok(await progress.locator('.monaco-button, .action-label', { hasText: 'Cancel' }).count() > 0 ||
      await progress.locator('[aria-label^="Cancel"]').count() > 0, 'the progress notification can be cancelled');
    await page.mouse.move(700, 400);
    await docScreenshot(page, 'ingest-folder-progress');
  });

  it('the summary counts what the service holds', async function () {
    const summary = notificationToast(page, 'Ingested docs:');
    await summary.waitFor({ timeout: 4 * LATENCY_MS + 30000 });
    const created = service.documents();
    const message = await summary.locator('.notification-list-item-message').innerText();
    assert.equal(message, `Ingested docs: ${created.length} created, 0 updated, 0 unchanged, 0 skipped, 1 failed.`);
    assert.equal(created.length, FILES.length - 1);
    assert.deepEqual(await summary.locator('.notification-list-item-buttons-container .monaco-button').allInnerTexts(),
      ['Show Results', 'Retry Failed']);
    // Only the folder: the workspace's README.md stays behind.
    const sent = created.map((d) => JSON.stringify(d.received));
    assert.ok(sent.every((d) => !d.includes('Docs folder fixture')), 'README.md outside docs/ was not sent');
    assert.equal(service.documents().filter((d) => /troubleshooting/i.test(d.id)).length, 0, 'the failing file was not sent');
  });

  it('the Results view lists each file with its outcome, the failed one first, with Retry Failed on its title', async function () {
    await notificationToast(page, 'Ingested docs:').locator('.monaco-button', { hasText: 'Show Results' }).click();
    await resultRows().nth(FILES.length - 1).waitFor();
    const rows = await resultRows().evaluateAll((els) => els.map((e) => [
      e.querySelector('.label-name')?.textContent ?? '',
      e.querySelector('.label-description')?.textContent ?? '',
    ]));
    // Each row: the file's path in the workspace, its outcome as description.
    assert.equal(rows.length, FILES.length, JSON.stringify(rows));
    assert.deepEqual(rows[0], [FAILING, 'failed'], 'the failed row first');
    assert.deepEqual(rows.slice(1).map((r) => r.join(' ')).sort(), FILES.filter((f) => f !== FAILING).map((f) => `${f} created`).sort());

    // The error sentence: in the row's accessible name, and as its tooltip.
    const failed = resultRow(FAILING);
    const label = await failed.getAttribute('aria-label') ?? '';
    assert.match(label, /^docs\/troubleshooting\.md, failed: .*img\/error-dialog\.png.*missing/, label);
    const hover = page.locator('.monaco-hover').filter({ hasText: 'error-dialog.png' });
    // The tooltip shows once the pointer has rested on the label for the hover delay: point again if it did not.
    for (let attempt = 1; ; attempt++) {
      const box = await failed.locator('.label-name').boundingBox();
      assert.ok(box);
      await page.mouse.move(900, 400);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
      if (await hover.waitFor({ timeout: 5000 }).then(() => true, () => attempt === 3)) break;
    }
    await hover.waitFor({ timeout: 1000 });
    assert.match(await hover.innerText(), /the image docs\/img\/error-dialog\.png \(line 7\) is missing/);

    const retry = results().locator('.pane-header .actions .action-label[aria-label^="Retry Failed"]');
    await retry.waitFor();
    assert.ok(await retry.isVisible(), 'Retry Failed shows on the view title');
    // The side bar and the tooltip, which reaches past it.
    const [bar, tip] = [await page.locator('.part.sidebar').boundingBox(), await hover.boundingBox()];
    assert.ok(bar && tip);
    await docScreenshot(page, 'results-view', { x: 0, y: 0, width: Math.ceil(Math.max(bar.x + bar.width, tip.x + tip.width)) + 12, height: 900 });
    await page.mouse.move(900, 400);
    await hover.waitFor({ state: 'hidden' });
  });

  it('a click on a row opens its file', async function () {
    await resultRow(FAILING).click();
    const active = page.locator('.tabs-container .tab.active');
    await active.filter({ hasText: path.basename(FAILING) }).waitFor();
    await resultRow('docs/architecture.md').click();
    await active.filter({ hasText: 'architecture.md' }).waitFor();
    assert.equal(await active.count(), 1);
    assert.equal((await active.innerText()).replace(/\s+/g, ''), 'architecture.md'); // name and extension are two spans
  });

  it('the image was uploaded first, stands in its document as an image section, and shows in User Files', async function () {
    const uploads = service.userFiles();
    assert.deepEqual(uploads.map((f) => f.name), ['diagram.png']);
    const [image] = uploads;
    const expected = fs.readFileSync(path.join(fixture, 'docs/img/diagram.png'));
    assert.equal(image!.size, expected.length, 'the PNG as it is on disk');
    const doc = service.documents().find((d) => d.semanticIdentifier === 'Architecture');
    assert.ok(doc, `the architecture page: ${service.documents().map((d) => d.semanticIdentifier).join(', ')}`);
    const images = doc.sections.filter((s) => s.type === 'image');
    assert.deepEqual(images.map((s) => [s.imageFileId, s.text]), [[image!.fileId, 'Editor and search service']]);
    assert.deepEqual(doc.missingImageFileIds, []);
    // Uploaded before the document that shows it.
    const upload = service.requests.findIndex((r) => r.path.endsWith('/user/projects/file/upload'));
    const ingest = service.requests.findIndex((r) => r.path.endsWith('/onyx-api/ingestion') && JSON.stringify(r.json ?? '').includes('Architecture'));
    assert.ok(upload >= 0 && ingest > upload, `upload #${upload} before the ingestion of architecture.md #${ingest}`);

    // The writer sees the upload in User Files, processed by the server.
    // Still in the Doc Ingest container since the Results view: a click on its icon now would close the side bar.
    if (!(await viewPane(page, CONTAINER, 'User Files').isVisible())) await page.locator('.activitybar .action-item a[aria-label^="Doc Ingest"]').click();
    const userFile = viewPane(page, CONTAINER, 'User Files').locator('.monaco-list-row', { hasText: 'diagram.png' });
    await userFile.filter({ hasText: 'completed' }).waitFor();
    await page.mouse.move(900, 400);
    const bar = await page.locator('.part.sidebar').boundingBox();
    assert.ok(bar);
    await docScreenshot(page, 'images-user-files', { x: 0, y: 0, width: Math.ceil(bar.x + bar.width) + 4, height: 900 });
  });

  it('Explorer badges mark files never ingested (N) and changed since (~); ingested files have none', async function () {
    const workspace = path.join(tmp, 'product-docs');
    fs.writeFileSync(path.join(workspace, 'docs/whats-new.md'), '# What is new\n\nA page written after the batch.\n');
    fs.appendFileSync(path.join(workspace, 'docs/configuration.md'), '\nOne more line, saved after the batch.\n');
    await page.locator('.activitybar .action-item a[aria-label^="Explorer"]').click();
    const badge = (name: string) => explorerRows(page).filter({ has: page.locator('.label-name', { hasText: name }) }).first()
      .locator('.monaco-icon-label').evaluate((e) => getComputedStyle(e, '::after').content.replace(/^"|"$/g, '').replace(/^none$/, ''));
    const expected: Record<string, string> = {
      'whats-new.md': 'N', // never ingested
      'configuration.md': '~', // changed since
      'troubleshooting.md': 'N', // it failed: only confirmed ingestions count
      'architecture.md': '',
      'release-notes.txt': '',
    };
    const seen = async () => Object.fromEntries(await Promise.all(Object.keys(expected).map(async (n) => [n, await badge(n).catch(() => '?')])));
    const end = Date.now() + 15000;
    let now = await seen();
    while (JSON.stringify(now) !== JSON.stringify(expected) && Date.now() < end) {
      await page.waitForTimeout(250);
      now = await seen();
    }
    assert.deepEqual(now, expected);
    const bar = await page.locator('.part.sidebar').boundingBox();
    assert.ok(bar);
    await docScreenshot(page, 'freshness-badges', { x: 0, y: 0, width: Math.ceil(bar.x + bar.width) + 4, height: 360 });
  });

  it('Preview Ingestion Payload shows the body beside the editor, the uploaded image as an image section; a missing image is a warning', async function () {
    // Open from the Explorer (a double click keeps each tab): diagnostics are for open files.
    for (const name of ['troubleshooting.md', 'architecture.md']) {
      await explorerRows(page).filter({ has: page.locator('.label-name', { hasText: name }) }).first().dblclick();
      await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
    }
    await runCommand(page, 'Doc Ingest: Preview Ingestion Payload');
    await page.locator('.tabs-container .tab', { hasText: 'architecture.md.payload.json' }).waitFor();
    const preview = page.locator('.editor-group-container', { has: page.locator('.tab.active', { hasText: 'architecture.md.payload.json' }) })
      .locator('.monaco-editor .view-lines').first();
    await preview.filter({ hasText: 'image_file_id' }).waitFor();
    const text = (await plainText(preview)).replace(/\s+/g, ' ');
    assert.match(text, /"id": "docs~architecture\.md"/, text);
    // The batch uploaded the image: the preview shows its file id, as Ingest Current File would send it.
    const [upload] = service.userFiles();
    assert.ok(upload?.fileId);
    assert.ok(text.includes(`"type": "image", "image_file_id": "${upload.fileId}", "text": "Editor and search service"`), text);
    assert.doesNotMatch(text, new RegExp(service.keys.admin), 'never the key');

    await page.locator('[id="status.problems"]').click(); // the status bar's problem counts open the Problems panel
    const problem = page.locator('.markers-panel .monaco-list-row', { hasText: 'error-dialog.png' });
    await problem.waitFor();
    assert.match(await problem.innerText(), /The image docs\/img\/error-dialog\.png does not exist\./);
    await page.mouse.move(700, 400);
    await docScreenshot(page, 'payload-preview');
  });
});
