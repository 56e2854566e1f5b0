import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('architecture', () => {
  it('src/core never imports vscode at run time', () => {
    const files = tsFiles(path.join(root, 'src/core'));
    assert.ok(files.length > 0, 'src/core has TypeScript files');
    const runtimeImport = /^\s*(import\s+(?!type\b)[^;]*from\s+['"]vscode['"]|import\s+['"]vscode['"]|.*require\(\s*['"]vscode['"]\s*\))/m;
    const offenders = files.filter((f) => runtimeImport.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(root, f)), []);
  });

  it('src/cli is a front over the core: no vscode, nothing of the extension', () => {
    const files = tsFiles(path.join(root, 'src/cli'));
    assert.ok(files.length > 5);
    const offenders = files.filter((f) => /from\s+['"](vscode|\.\.\/(\.\.\/)?extension\/[^'"]*)['"]/.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(root, f)), []);
  });

  it('the check above recognises a run-time import', () => {
    const runtimeImport = /^\s*(import\s+(?!type\b)[^;]*from\s+['"]vscode['"]|import\s+['"]vscode['"]|.*require\(\s*['"]vscode['"]\s*\))/m;
    assert.ok(runtimeImport.test("import * as vscode from 'vscode';"));
    assert.ok(runtimeImport.test("const v = require('vscode');"));
    assert.ok(!runtimeImport.test("import type * as vscode from 'vscode';"));
  });
});
