import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Ledger, jsonFileLedgerStorage, ledgerScope, sha256Hex } from '../../../src/core/ledger';
import type { LedgerFileSystem } from '../../../src/core/ledger';

const SCOPE = ledgerScope('https://search.example.com', 4);

function rec(documentId: string, text: string) {
  return { documentId, sourcePath: `${documentId}.md`, sourceHash: sha256Hex(text), payloadHash: sha256Hex(`p ${text}`) };
}

describe('ledger: JSON file storage', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-ledger-'));
    file = path.join(dir, 'state', 'ledger.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const leftovers = () => fs.readdirSync(path.dirname(file)).filter((n) => n !== 'ledger.json');

  it('writes a JSON file that reads back, through a temporary file and a rename', async () => {
    const renames: Array<[string, string]> = [];
    const spy: LedgerFileSystem = { ...fsp, rename: (from, to) => (renames.push([from, to]), fsp.rename(from, to)) };
    const ledger = await Ledger.open(jsonFileLedgerStorage(file, spy));
    assert.equal(ledger.problem, undefined, 'a missing file is an empty ledger, not a problem');
    ledger.record(SCOPE, rec('guide', 'v1'));
    await ledger.close();

    assert.equal(renames.length, 1);
    const [temp, target] = renames[0] ?? ['', ''];
    assert.equal(target, file);
    assert.equal(path.dirname(temp), path.dirname(file), 'the temporary file sits beside the target');
    assert.notEqual(temp, file);
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).version, 1);
    assert.deepEqual(leftovers(), []);

    const again = await Ledger.open(jsonFileLedgerStorage(file));
    assert.equal(again.entryFor(SCOPE, 'guide')?.sourcePath, 'guide.md');
  });

  async function writeOld(): Promise<string> {
    const ledger = await Ledger.open(jsonFileLedgerStorage(file));
    ledger.record(SCOPE, rec('old', 'v1'));
    await ledger.close();
    return fs.readFileSync(file, 'utf8');
  }

  it('an interrupted write (half the data, then a crash) leaves the old file whole', async () => {
    const before = await writeOld();
    const crashing: LedgerFileSystem = {
      ...fsp,
      writeFile: async (target, data, options) => {
        await fsp.writeFile(target, data.slice(0, data.length / 2), options);
        throw new Error('ENOSPC: no space left on device');
      },
    };
    const ledger = await Ledger.open(jsonFileLedgerStorage(file, crashing));
    ledger.record(SCOPE, rec('new', 'v2'));
    await assert.rejects(ledger.flush(), /ENOSPC/);

    assert.equal(fs.readFileSync(file, 'utf8'), before);
    assert.equal((await Ledger.open(jsonFileLedgerStorage(file))).entryFor(SCOPE, 'old')?.sourcePath, 'old.md');
    assert.deepEqual(leftovers(), [], 'the temporary file is removed');
  });

  it('a failed rename leaves the old file whole', async () => {
    const before = await writeOld();
    const failingRename: LedgerFileSystem = { ...fsp, rename: () => Promise.reject(new Error('EPERM')) };
    const ledger = await Ledger.open(jsonFileLedgerStorage(file, failingRename));
    ledger.record(SCOPE, rec('new', 'v2'));
    await assert.rejects(ledger.flush(), /EPERM/);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
    assert.deepEqual(leftovers(), []);
  });

  it('a file that is not JSON opens as an empty ledger with a problem naming the file', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"version": 1, "scopes": [');
    const ledger = await Ledger.open(jsonFileLedgerStorage(file));
    assert.match(ledger.problem ?? '', /ledger\.json is not valid JSON/);
    assert.deepEqual(ledger.entries(SCOPE), []);
  });
});
