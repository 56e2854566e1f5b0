// The extension as VS Code sees it: present, activates, and its manifest's contributions are backed by code.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'doc-ingest.doc-ingest';
const root = path.resolve(__dirname, '../../../..');

interface MenuItem { command?: string; submenu?: string; when?: string }
interface Manifest {
  name: string;
  publisher: string;
  main?: string;
  contributes?: {
    commands?: { command: string; title: string }[];
    menus?: Record<string, MenuItem[]>;
    submenus?: { id: string }[];
    walkthroughs?: { id: string; steps: { id: string; description: string; completionEvents?: string[] }[] }[];
    views?: Record<string, { id: string }[]>;
  };
}

function getExtension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  return ext;
}

describe('extension activation', () => {
  it('the workspace is the fixture folder', () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 1, 'one workspace folder is open');
    assert.equal(folders[0]!.uri.fsPath, path.join(root, 'test/fixtures/workspace'));
    assert.ok(fs.existsSync(path.join(folders[0]!.uri.fsPath, 'guide/getting-started.md')));
  });

  it('is loaded from this checkout with this package.json', () => {
    const ext = getExtension();
    const manifest = ext.packageJSON as Manifest;
    assert.equal(manifest.name, 'doc-ingest');
    assert.equal(manifest.publisher, 'doc-ingest');
    assert.equal(ext.extensionUri.fsPath, root, 'the development copy, not an installed one');
    const onDisk = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
    // The loaded manifest has its %nls% titles resolved, so compare what is not translated: the command ids.
    const ids = (m: Manifest) => (m.contributes?.commands ?? []).map((c) => c.command);
    assert.deepEqual(ids(manifest), ids(onDisk));
    assert.ok(ids(onDisk).length > 0);
    assert.ok(onDisk.main && fs.existsSync(path.join(root, onDisk.main)), `${onDisk.main} is built (npm run build:dev)`);
  });

  it('activates, and records how long that took (test-results/activation.json: the development bundle; npm run bench measures the packaged .vsix)', async () => {
    const ext = getExtension();
    // The first activation of the run: nothing before this test opens a view or runs a command of the extension.
    assert.equal(ext.isActive, false, 'not activated before this test, so the time measured is a whole activation');
    const started = performance.now();
    await ext.activate();
    const activationMs = performance.now() - started;
    assert.equal(ext.isActive, true);
    const file = path.join(root, 'test-results', 'activation.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const record = { activationMs: Math.round(activationMs * 10) / 10, recordedAt: new Date().toISOString(), vscode: vscode.version, bundle: 'dist/extension.mjs and its chunks as npm run build:dev makes them (unminified)' };
    fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), record);
  });

  it('activates without error', async () => {
    const ext = getExtension();
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it('registers every command declared in contributes.commands', async () => {
    const ext = getExtension();
    await ext.activate();
    const declared = ((ext.packageJSON as Manifest).contributes?.commands ?? []).map((c) => c.command);
    assert.equal(new Set(declared).size, declared.length, 'command ids are unique');
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(registered.has('workbench.action.files.save'), 'getCommands sees built-in commands');
    const missing = declared.filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], 'declared but not registered by activate()');
  });

  it('the Get Started walkthrough: each step has a command button that exists and an event that can complete it', async () => {
    const contributes = (getExtension().packageJSON as Manifest).contributes ?? {};
    const [walkthrough, ...others] = contributes.walkthroughs ?? [];
    assert.ok(walkthrough && others.length === 0, 'one walkthrough');
    assert.deepEqual(walkthrough.steps.map((s) => s.id), ['setServer', 'setKey', 'ingest', 'views']);
    const registered = new Set(await vscode.commands.getCommands(true));
    const views = new Set(Object.values(contributes.views ?? {}).flat().map((v) => v.id));
    for (const step of walkthrough.steps) {
      // The loaded manifest has the %nls% texts resolved: the buttons are Markdown links to command: URIs.
      const buttons = [...step.description.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1]!);
      assert.equal(buttons.length, 1, `${step.id}: one command button in ${JSON.stringify(step.description)}`);
      assert.ok(registered.has(buttons[0]!), `${step.id}: ${buttons[0]} is a registered command`);
      const events = step.completionEvents ?? [];
      assert.ok(events.length > 0, `${step.id}: has a completion event`);
      for (const event of events) {
        const [kind, arg = ''] = event.split(/:(.*)/s);
        if (kind === 'onCommand') assert.ok(registered.has(arg), `${step.id}: ${event}`);
        else if (kind === 'onView') assert.ok(views.has(arg), `${step.id}: ${event} names a contributed view`);
        else if (kind === 'onSettingChanged') assert.notEqual(vscode.workspace.getConfiguration().inspect(arg)?.defaultValue, undefined, `${step.id}: ${event} names a setting`);
        else assert.equal(kind, 'onContext', `${step.id}: ${event}`);
      }
    }
  });

  it('every contributes.menus entry names a declared command or submenu', () => {
    const contributes = (getExtension().packageJSON as Manifest).contributes ?? {};
    const commands = new Set((contributes.commands ?? []).map((c) => c.command));
    const submenus = new Set((contributes.submenus ?? []).map((s) => s.id));
    const problems: string[] = [];
    for (const [menu, items] of Object.entries(contributes.menus ?? {})) {
      for (const item of items) {
        if (item.command !== undefined && !commands.has(item.command)) problems.push(`${menu}: unknown command ${item.command}`);
        else if (item.submenu !== undefined && !submenus.has(item.submenu)) problems.push(`${menu}: unknown submenu ${item.submenu}`);
        else if (item.command === undefined && item.submenu === undefined) problems.push(`${menu}: entry without command or submenu`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
