// UI e2e: a writer publishes a docs folder, deletes a page in the repository, and removes its document from the
// service with "Doc Ingest: Find Orphans", by keyboard: the list with the reason, Space and Enter, the modal
// confirmation, the summary. The packaged extension against the local service (observed dialect). The tests run
// in order and share one page (the API key lives in the browser's localStorage, code-server's SecretStorage).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startService, type LocalService } from '../service';
import { allNotifications, docScreenshot, notificationToast, repoRoot, runCommand, screenshotAfterEach, startVSCode, type VSCodeInstance } from './vscode-e2e';

const vsix = process.env.DOC_INGEST_VSIX ?? path.join(repoRoot, 'dist/doc-ingest.vsix');
const GONE_ID = 'guide~old-setup.md';

describe('a writer removes the document of a deleted page with Find Orphans (UI)', function () {
  let service: LocalService;
  let vs: VSCodeInstance | undefined;
  let page: Page;
  let tmp: string;
  let workspace: string;

  const box = () => page.locator('.quick-input-widget');

  before(async function () {
    assert.ok(fs.existsSync(vsix), `${vsix} exists (npm run package)`);
    service = await startService({ dialect: 'observed', seed: 'test' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-e2e-orphans-'));
    workspace = path.join(tmp, 'product-docs');
    fs.mkdirSync(path.join(workspace, 'guide'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'guide/install.md'), '# Install\n\nRun the installer.\n');
    fs.writeFileSync(path.join(workspace, 'guide/old-setup.md'), '# Old Setup\n\nThe way it was done before 2.0.\n');
    vs = await startVSCode({ vsix: [vsix], settings: { 'docIngest.baseUrl': service.baseUrl } });
    page = await vs.open(workspace);
  });

  afterEach(screenshotAfterEach('orphans', () => page));

  after(async function () {
    await vs?.close();
    await service?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('publishes the workspace', async function () {
    await runCommand(page, 'Doc Ingest: Set API Key');
    const password = page.locator('.quick-input-widget input[type="password"]');
    await password.waitFor();
    await password.fill(service.keys.admin);
    await page.keyboard.press('Enter');
    await notificationToast(page, `API key stored for ${service.baseUrl}.`).waitFor();
    await runCommand(page, 'Doc Ingest: Ingest Workspace');
    await notificationToast(page, 'Ingested the workspace: 2 created').waitFor({ timeout: 30000 });
    assert.ok(service.document(GONE_ID), 'published');
    await runCommand(page, 'Notifications: Clear All Notifications');
  });

  it('lists the deleted page\'s document with its reason, nothing preselected', async function () {
    fs.rmSync(path.join(workspace, 'guide/old-setup.md'));
    service.clearRequests();
    await runCommand(page, 'Doc Ingest: Find Orphans');
    await box().locator('.quick-input-title', { hasText: `Doc Ingest: Orphans at ${service.baseUrl} (1)` }).waitFor({ timeout: 30000 });
    const row = box().locator('.monaco-list-row', { hasText: 'Old Setup' });
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /Old Setup/);
    assert.match(text, new RegExp(GONE_ID.replace(/[.]/g, '\\.')));
    assert.match(text, /guide\/old-setup\.md is gone/);
    assert.equal(await row.getAttribute('aria-checked'), 'false', 'nothing preselected');
    // The search's progress notification closes once the list is there.
    await notificationToast(page, 'looking for orphans').waitFor({ state: 'hidden', timeout: 10000 });
    await docScreenshot(page, 'find-orphans-list');
    assert.deepEqual(service.requests.filter((r) => r.method === 'DELETE'), [], 'nothing deleted by listing');
  });

  it('Space with the cursor in the box picks the highlighted row (issue 38), Enter asks once in a modal dialog naming the count and the server, Delete deletes it', async function () {
    // The filter box has the focus (typing filters by title, id or reason); the first row is highlighted. VS Code's
    // own list took this Space for the filter ("0 Selected"); the extension's list picks the row with it.
    await page.keyboard.press('Space');
    await box().locator('.monaco-list-row[aria-checked="true"]', { hasText: 'Old Setup' }).waitFor();
    assert.equal(await box().locator('.quick-input-box input').first().inputValue(), '', 'the Space stays out of the filter');
    await page.keyboard.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), new RegExp(`Delete 1 document from ${service.baseUrl.replace(/[.]/g, '\\.')}\\?`));
    assert.match(await dialog.innerText(), /guide~old-setup\.md: guide\/old-setup\.md is gone/);
    await docScreenshot(page, 'find-orphans-confirm');
    await dialog.locator('.monaco-button', { hasText: 'Delete' }).click();
    await notificationToast(page, `Orphans deleted from ${service.baseUrl}: 1.`).waitFor({ timeout: 30000 });
    assert.deepEqual(service.requests.filter((r) => r.method === 'DELETE').map((r) => r.path), [`/api/onyx-api/ingestion/${GONE_ID}`]);
    assert.equal(service.document(GONE_ID), undefined, 'gone from the service');
    assert.ok(service.document('guide~install.md'), 'the other page stays');
  });

  it('a second run finds nothing', async function () {
    await runCommand(page, 'Notifications: Clear All Notifications');
    service.clearRequests();
    await runCommand(page, 'Doc Ingest: Find Orphans');
    // The toast may hide before it is seen (an information message without buttons): read the notifications center.
    const deadline = Date.now() + 30000;
    let shown: string[] = [];
    while (!shown.some((m) => m.startsWith(`No orphans at ${service.baseUrl}:`)) && Date.now() < deadline) shown = await allNotifications(page);
    assert.ok(shown.some((m) => m.startsWith(`No orphans at ${service.baseUrl}:`)), JSON.stringify(shown));
    assert.deepEqual(service.requests.filter((r) => r.method === 'DELETE'), []);
  });
});
