// UI e2e: what the service holds, with the packaged extension against the local service (observed dialect): the
// Documents view and its rows, Delete from Service from a row's trash icon (a modal dialog, then Delete) and from
// the Explorer's context menu (Cancel sends nothing). The tests run in order and share one page (the API key lives
// in the browser's localStorage, code-server's SecretStorage). Run: npm run test:e2e; README screenshots with
// DOC_INGEST_SCREENSHOTS=media/screenshots.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { startService, type LocalService } from '../service';
import {
  docScreenshot, explorerContextMenu, explorerRows, notificationToast, repoRoot, screenshotAfterEach, setSideBarWidth, startVSCode, viewPane,
  welcomeButton, type VSCodeInstance,
} from './vscode-e2e';

const vsix = process.env.DOC_INGEST_VSIX ?? path.join(repoRoot, 'dist/doc-ingest.vsix');
const fixtureWorkspace = path.join(repoRoot, 'test/fixtures/workspace');
const CONTAINER = 'docIngest';

describe('a writer sees what the service holds and deletes a page (UI)', function () {
  let service: LocalService;
  let vs: VSCodeInstance | undefined;
  let page: Page;
  let tmp: string;

  const documents = () => viewPane(page, CONTAINER, 'Documents');
  const rows = () => documents().locator('.monaco-list-row');
  const row = (title: string): Locator => rows().filter({ has: page.locator('.label-name', { hasText: title }) });
  const dialog = () => page.locator('.monaco-dialog-box');

  /** Publishes a page straight through the service, as CI would: the editor's ledger knows nothing of it. */
  async function publish(id: string, title: string): Promise<void> {
    const res = await fetch(`${service.baseUrl}/${service.ingestionPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.keys.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document: { id, semantic_identifier: title, sections: [{ text: `${title}.`, link: `https://docs.example.com/${id}` }], metadata: {} } }),
    });
    assert.equal(res.status, 200, await res.text());
  }

  before(async function () {
    assert.ok(fs.existsSync(vsix), `${vsix} exists (npm run package)`);
    service = await startService({ dialect: 'observed', seed: 'test' });
    // What CI published from this repository (the ids its paths build), and a page of a file deleted since.
    await publish('guide~getting-started.md', 'Getting started');
    await publish('guide~faq.md', 'FAQ');
    await publish('guide~old-setup.md', 'Old setup');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-e2e-documents-'));
    const workspace = path.join(tmp, 'product-docs');
    fs.cpSync(fixtureWorkspace, workspace, { recursive: true });
    vs = await startVSCode({ vsix: [vsix], settings: { 'docIngest.baseUrl': service.baseUrl, 'workbench.view.alwaysShowHeaderActions': true } });
    page = await vs.open(workspace);
  });

  afterEach(screenshotAfterEach('documents', () => page));

  after(async function () {
    await vs?.close();
    await service?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the Documents view lists what the service holds, each page with its file or "not in this workspace"', async function () {
    await page.locator('.activitybar .action-item a[aria-label^="Doc Ingest"]').click();
    await welcomeButton(page, CONTAINER, 'Set API Key').first().click();
    const password = page.locator('.quick-input-widget input[type="password"]');
    await password.waitFor();
    await password.fill(service.keys.admin);
    await page.keyboard.press('Enter');
    await notificationToast(page, `API key stored for ${service.baseUrl}.`).waitFor();
    await setSideBarWidth(page, 520);

    await row('Old setup').waitFor();
    const shown = await rows().evaluateAll((els) => els.map((e) => [
      e.querySelector('.label-name')?.textContent ?? '',
      e.querySelector('.label-description')?.textContent ?? '',
    ]));
    assert.deepEqual(shown, [
      ['FAQ', 'guide~faq.md · published elsewhere'],
      ['Getting started', 'guide~getting-started.md · published elsewhere'],
      ['Old setup', 'guide~old-setup.md · not in this workspace'],
    ]);
    await docScreenshot(page, 'documents-view');

    // A click opens the page's file.
    await row('FAQ').click();
    await page.locator('.tab.active', { hasText: 'faq.md' }).waitFor();
  });

  it('Delete from Service on a row asks in a modal dialog naming title, id and server, then deletes the page', async function () {
    await row('Old setup').hover();
    await row('Old setup').locator('.action-label[aria-label="Delete from Service"]').click();
    await dialog().waitFor();
    const message = await dialog().locator('.dialog-message-text').innerText();
    assert.equal(message, `Delete "Old setup" (id guide~old-setup.md) from ${service.baseUrl}?`);
    await docScreenshot(page, 'delete-from-service');
    service.clearRequests();
    await dialog().locator('.monaco-button', { hasText: /^Delete$/ }).click();
    await row('Old setup').waitFor({ state: 'hidden' });
    assert.equal(service.document('guide~old-setup.md'), undefined);
    assert.deepEqual(service.requests.filter((r) => r.method === 'DELETE').map((r) => r.status), [200]);
  });

  it('Delete from Service on an Explorer file whose page the service holds: Cancel sends nothing', async function () {
    await page.locator('.activitybar .action-item a[aria-label^="Explorer"]').click();
    // The Explorer revealed guide/faq.md, opened by the last test; else the folder is opened here.
    const gettingStarted = explorerRows(page).filter({ hasText: 'getting-started.md' });
    if (!(await gettingStarted.waitFor({ timeout: 5000 }).then(() => true, () => false))) await explorerRows(page).filter({ hasText: 'guide' }).first().click();
    await gettingStarted.waitFor();
    service.clearRequests();
    await explorerContextMenu(page, 'getting-started.md', 'Delete from Service');
    await dialog().waitFor();
    assert.equal(await dialog().locator('.dialog-message-text').innerText(), `Delete "Getting started" (id guide~getting-started.md) from ${service.baseUrl}?`);
    await dialog().locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    await dialog().waitFor({ state: 'hidden' });
    assert.deepEqual(service.requests.filter((r) => r.method === 'DELETE'), [], 'no DELETE reached the service');
    assert.ok(service.document('guide~getting-started.md'), 'still held');

    // A file the service holds nothing of is not offered the command.
    await explorerRows(page).filter({ has: page.locator('.label-name', { hasText: /^README\.md$/ }) }).first().click({ button: 'right' });
    await page.locator('.monaco-menu .action-item .action-label', { hasText: /^Ingest Current File$/ }).waitFor();
    assert.equal(await page.locator('.monaco-menu .action-item .action-label', { hasText: /^Delete from Service$/ }).count(), 0);
    await page.keyboard.press('Escape');
  });
});
