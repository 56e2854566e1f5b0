// UI e2e: is it findable? (F17, issue 36) with the packaged extension against the local service: a page with three
// questions, one of them outranked by another page of the workspace. Check Findability from the command palette;
// the Findability view's rows, the CodeLens above each question, and the warning in the Problems panel naming the
// page that outranks it. Run: npm run test:e2e; README screenshot with DOC_INGEST_SCREENSHOTS=media/screenshots.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startService, type LocalService } from '../service';
import {
  docScreenshot, notificationToast, openFile, repoRoot, runCommand, screenshotAfterEach, setSideBarWidth, startVSCode, viewPane, welcomeButton,
  type VSCodeInstance,
} from './vscode-e2e';

const vsix = process.env.DOC_INGEST_VSIX ?? path.join(repoRoot, 'dist/doc-ingest.vsix');
const fixtureWorkspace = path.join(repoRoot, 'test/fixtures/workspace');
const CONTAINER = 'docIngest';

// The page with three questions and the tarball page that outranks it for the second (shared with the integration suite).
const PAGE = fs.readFileSync(path.join(repoRoot, 'test/fixtures/findability/install.md'), 'utf8');
const OLD = fs.readFileSync(path.join(repoRoot, 'test/fixtures/findability/old-install.md'), 'utf8');

describe('a writer asks whether a page is findable (UI)', function () {
  let service: LocalService;
  let vs: VSCodeInstance | undefined;
  let page: Page;
  let tmp: string;

  before(async function () {
    assert.ok(fs.existsSync(vsix), `${vsix} exists (npm run package)`);
    service = await startService({ dialect: 'observed', seed: 'test' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-e2e-findability-'));
    const workspace = path.join(tmp, 'product-docs');
    fs.cpSync(fixtureWorkspace, workspace, { recursive: true });
    fs.mkdirSync(path.join(workspace, 'widget'));
    fs.writeFileSync(path.join(workspace, 'widget/install.md'), PAGE);
    fs.writeFileSync(path.join(workspace, 'widget/old-install.md'), OLD);
    vs = await startVSCode({
      vsix: [vsix],
      settings: {
        'docIngest.baseUrl': service.baseUrl,
        'docIngest.linkTemplate': 'https://docs.example.com/{path}#{anchor}',
        'docIngest.findability.top': 1,
        'workbench.view.alwaysShowHeaderActions': true,
      },
    });
    page = await vs.open(workspace);
  });

  afterEach(screenshotAfterEach('findability', () => page));

  after(async function () {
    await vs?.close();
    await service?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('Check Findability: the view ranks each question, the CodeLens shows it, the Problems panel names the page above', async function () {
    await page.locator('.activitybar .action-item a[aria-label^="Doc Ingest"]').click();
    await welcomeButton(page, CONTAINER, 'Set API Key').first().click();
    const password = page.locator('.quick-input-widget input[type="password"]');
    await password.waitFor();
    await password.fill(service.keys.admin);
    await page.keyboard.press('Enter');
    await notificationToast(page, `API key stored for ${service.baseUrl}.`).waitFor();
    await setSideBarWidth(page, 520);

    // The page first: Quick Open would rank the recently opened old-install.md above it.
    await openFile(page, 'install.md');
    await runCommand(page, 'Doc Ingest: Ingest Current File');
    await expectHeld(service, 'widget~install.md');
    await openFile(page, 'old-install.md');
    await runCommand(page, 'Doc Ingest: Ingest Current File');
    await expectHeld(service, 'widget~old-install.md');
    await page.locator('.tabs-container .tab', { hasText: /^install\.md/ }).click();
    await page.locator('.tabs-container .tab.active', { hasText: /^install\.md/ }).waitFor();
    const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();

    await runCommand(page, 'Doc Ingest: Check Findability');
    const view = viewPane(page, CONTAINER, 'Findability');
    const rows = view.locator('.monaco-list-row');
    await rows.filter({ hasText: 'not in the top 1' }).waitFor();
    const shown = await rows.evaluateAll((els) => els.map((e) => [e.querySelector('.label-name')?.textContent ?? '', e.querySelector('.label-description')?.textContent ?? '']));
    assert.deepEqual(shown, [
      ['Which packages does the widget need?', '#1 of 1, section #1'],
      ['How do I unpack the widget tarball?', 'not in the top 1'],
      ['How do I configure the widget proxy?', '#1 of 1'],
    ]);
    // Below the question that misses: the page that outranks it, by its file.
    await rows.filter({ hasText: 'How do I unpack the widget tarball?' }).click();
    await rows.filter({ hasText: '1. Old tarball notes' }).waitFor();
    assert.match(await rows.filter({ hasText: '1. Old tarball notes' }).innerText(), /widget\/old-install\.md/);

    // A CodeLens above each question of the front matter. In one of three runs on a loaded machine the lenses of the
    // open editor did not redraw on the provider's change event within 30 s (the integration test asks the provider
    // itself); the page shown again (another tab, then back) always shows them.
    const lenses = page.locator('.editor-group-container.active .codelens-decoration');
    if (!(await lenses.filter({ hasText: 'not in the top 1' }).waitFor({ timeout: 15_000 }).then(() => true, () => false))) {
      await page.locator('.tabs-container .tab', { hasText: /^old-install\.md/ }).click();
      await page.locator('.tabs-container .tab', { hasText: /^install\.md/ }).click();
      await lenses.filter({ hasText: 'not in the top 1' }).waitFor();
    }
    assert.deepEqual((await lenses.allInnerTexts()).map((t) => t.trim()), ['#1 of 1, section #1', 'not in the top 1', '#1 of 1']);
    await editor.click();
    await docScreenshot(page, 'findability');

    // The Problems panel: one warning, naming the file that outranks the page.
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    const problem = page.locator('.markers-panel .monaco-list-row', { hasText: 'outranked by widget/old-install.md' });
    await problem.waitFor();
    assert.match(await problem.first().innerText(), /How do I unpack the widget tarball\?/);
  });
});

/** Waits until the service holds `id` (the ingestion's notification is no signal a test can wait on alone). */
async function expectHeld(service: LocalService, id: string): Promise<void> {
  for (let i = 0; i < 900 && !service.document(id); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(service.document(id), `the service holds ${id}`);
}
