// UI e2e: the packaged .vsix (npm run package -> dist/doc-ingest.vsix) installs into a fresh code-server and
// the workbench shows it next to the fixture workspace. Run: npm run test:e2e (screenshots: test-results/e2e/).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
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

// The Extensions view shows an installed extension's README with images from https addresses only, so packaging
// rewrites the README's image links under the address the images are published at (scripts/package.mjs). Here
// that address is a local https server holding the repository's files.
describe('the README in the Extensions view (UI)', function () {
  let site: HttpsSite | undefined;
  let vs: VSCodeInstance | undefined;
  let page: Page | undefined;
  let tmp: string;

  before(async function () {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-readme-'));
    site = await serveOverHttps(repoRoot, tmp);
    const packaged = path.join(tmp, 'readme-test.vsix');
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/package.mjs'), '--out', packaged], {
      cwd: repoRoot, env: { ...process.env, DOC_INGEST_IMAGES_BASE_URL: `${site.url}/` }, stdio: 'pipe',
    });
    vs = await startVSCode({ vsix: [packaged], browserArgs: ['--ignore-certificate-errors'] });
    page = await vs.open(workspace);
  });

  after(async function () {
    await vs?.close();
    await site?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the extension\'s page shows every README image', async function () {
    assert.ok(page && site);
    const base = site.url;
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    // Image syntax quoted in code (a fence, a code span such as `![Data flow](flow.gif)`) is text, not an image.
    const prose = readme.replace(/^```[\s\S]*?^```/gm, '').replace(/(`+)(?:(?!\n\s*\n)[\s\S])*?\1/g, '');
    const expected = [...prose.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map((m) => ({ alt: m[1]!, file: m[2]! }));
    assert.ok(expected.length >= 3, 'the README has screenshots');
    await runCommand(page, 'Extensions: Show Installed Extensions');
    await extensionRows(page).filter({ hasText: manifest.displayName }).click();
    await page.locator('.extension-editor .name', { hasText: manifest.displayName }).waitFor();
    // The README renders in a webview (nested frames): find the frame holding its images and wait for them.
    let images: { alt: string; src: string; loaded: boolean }[] = [];
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline) {
      for (const frame of page.frames()) {
        const found = await frame.evaluate(() => [...document.images].map((i) => ({ alt: i.alt, src: i.src, loaded: i.complete && i.naturalWidth > 0 }))).catch(() => []);
        if (found.some((i) => expected.some((e) => e.alt === i.alt))) images = found;
      }
      if (images.length >= expected.length && images.every((i) => i.loaded)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await screenshot(page, 'extension-page');
    assert.deepEqual(images.map((i) => [i.alt, i.src]), expected.map((e) => [e.alt, `${base}/${e.file}`]), 'every README image, from the published address');
    assert.deepEqual(images.filter((i) => !i.loaded).map((i) => i.alt), [], 'images that did not load');
    assert.deepEqual([...new Set(site.served)].sort(), expected.map((e) => `/${e.file}`).sort());
  });
});

interface HttpsSite { url: string; served: string[]; close(): Promise<void> }

/** Serves the files under `dir` over https on 127.0.0.1 with a self-signed certificate made by openssl. */
async function serveOverHttps(dir: string, tmp: string): Promise<HttpsSite> {
  const key = path.join(tmp, 'key.pem');
  const cert = path.join(tmp, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'pipe' });
  const served: string[] = [];
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const file = path.join(dir, url);
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    served.push(url);
    res.writeHead(200, { 'content-type': file.endsWith('.png') ? 'image/png' : 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    served,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
