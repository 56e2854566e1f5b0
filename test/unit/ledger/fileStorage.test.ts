import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import { Ledger, jsonFileLedgerStorage, ledgerScope, sha256Hex } from '../../../src/core/ledger';
import type { LedgerData, LedgerFileSystem } from '../../../src/core/ledger';
import { makeTempFolderSync, removeFolderSync } from '../../support/tempFolder';

const SCOPE = ledgerScope('https://search.example.com', 4);

function rec(documentId: string, text: string) {
  return { documentId, sourcePath: `${documentId}.md`, sourceHash: sha256Hex(text), payloadHash: sha256Hex(`p ${text}`) };
}

describe('ledger: JSON file storage', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = makeTempFolderSync('doc-ingest-ledger-');
    file = path.join(dir, 'state', 'ledger.json');
  });
  afterEach(() => removeFolderSync(dir));

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

  describe('two processes on one file (issue 23)', () => {
    const at = (iso: string) => () => new Date(iso);
    const ids = () => (JSON.parse(fs.readFileSync(file, 'utf8')) as LedgerData).scopes.flatMap((sc) => sc.documents.map((d) => d.documentId)).sort();

    it('two ledgers on one file: each write keeps what the other recorded meanwhile (the union, not the last writer)', async () => {
      const a = await Ledger.open(jsonFileLedgerStorage(file));
      const b = await Ledger.open(jsonFileLedgerStorage(file));
      a.record(SCOPE, rec('from-a', 'a'));
      b.record(SCOPE, rec('from-b', 'b'));
      await a.flush();
      await b.flush();
      assert.deepEqual(ids(), ['from-a', 'from-b']);
      a.record(SCOPE, rec('again-a', 'a2'));
      await a.close();
      await b.close();
      assert.deepEqual(ids(), ['again-a', 'from-a', 'from-b'], 'a second write of one keeps the other\'s too');
    });

    it('ten ledgers writing at once on one file: no record is lost (the writes take turns under a lock)', async () => {
      const ledgers = await Promise.all(Array.from({ length: 10 }, () => Ledger.open(jsonFileLedgerStorage(file))));
      const expected: string[] = [];
      for (const [i, ledger] of ledgers.entries()) {
        for (let j = 0; j < 20; j++) {
          ledger.record(SCOPE, rec(`doc-${i}-${j}`, `${i} ${j}`));
          expected.push(`doc-${i}-${j}`);
        }
      }
      await Promise.all(ledgers.map((l) => l.close()));
      assert.deepEqual(ids(), expected.sort());
      assert.deepEqual(leftovers(), [], 'no lock or temporary file left');
    });

    it('one document recorded by both: the newer ingestion wins, whichever writes last', async () => {
      for (const newerWritesFirst of [true, false]) {
        fs.rmSync(file, { force: true });
        const older = await Ledger.open(jsonFileLedgerStorage(file), at('2026-05-01T10:00:00Z'));
        const newer = await Ledger.open(jsonFileLedgerStorage(file), at('2026-05-01T11:00:00Z'));
        older.record(SCOPE, rec('same', 'older text'));
        newer.record(SCOPE, rec('same', 'newer text'));
        for (const l of newerWritesFirst ? [newer, older] : [older, newer]) await l.close();
        const again = await Ledger.open(jsonFileLedgerStorage(file));
        assert.equal(again.entryFor(SCOPE, 'same')?.sourceHash, sha256Hex('newer text'), `newer writes ${newerWritesFirst ? 'first' : 'last'}`);
        assert.equal(again.entryFor(SCOPE, 'same')?.ingestedAt, '2026-05-01T11:00:00.000Z');
      }
    });

    it('a document one forgets stays forgotten when the other, which did not touch it, writes later', async () => {
      await writeOld();
      const a = await Ledger.open(jsonFileLedgerStorage(file));
      const b = await Ledger.open(jsonFileLedgerStorage(file));
      assert.equal(a.forget(SCOPE, 'old'), true);
      await a.close();
      b.record(SCOPE, rec('new', 'v2'));
      await b.close();
      assert.deepEqual(ids(), ['new']);
    });
  });

  describe('a file it cannot read whole is kept, never replaced (issue 23)', () => {
    const setAside = () => fs.readdirSync(path.dirname(file)).filter((n) => n !== 'ledger.json').sort();
    const open = async () => {
      const notices: string[] = [];
      const ledger = await Ledger.open(jsonFileLedgerStorage(file, undefined, { onSetAside: (n) => notices.push(n) }));
      return { ledger, notices };
    };

    it('not JSON: moved to ledger.json.damaged-<time>, said once with both paths, and a new ledger is written beside it', async () => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const damaged = '{"version": 1, "scopes": [';
      fs.writeFileSync(file, damaged);
      const { ledger, notices } = await open();
      assert.deepEqual(ledger.entries(SCOPE), []);
      const [kept] = setAside();
      assert.match(kept ?? '', /^ledger\.json\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/);
      assert.equal(fs.readFileSync(path.join(path.dirname(file), kept ?? ''), 'utf8'), damaged, 'the bytes as they were');
      assert.equal(notices.length, 1);
      assert.equal(notices[0], `The ledger ${file} is not valid JSON: it is kept as ${path.join(path.dirname(file), kept ?? '')}, and a new ledger starts, so every file counts as never ingested.`);
      ledger.record(SCOPE, rec('new', 'v1'));
      await ledger.close();
      assert.equal(fs.readFileSync(path.join(path.dirname(file), kept ?? ''), 'utf8'), damaged, 'the write did not touch it');
      assert.equal((await open()).notices.length, 0, 'said once: the next run reads the new ledger');
    });

    it('a newer format version: kept as ledger.json.v2, and a second one beside it, never over it', async () => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const newer = (n: number) => JSON.stringify({ version: 2, documents: { [`doc-${n}`]: { folder: 'docs' } } });
      fs.writeFileSync(file, newer(1));
      const first = await open();
      assert.deepEqual(setAside(), ['ledger.json.v2']);
      assert.match(first.notices[0] ?? '', /has format version 2, which this version does not read: it is kept as \S+ledger\.json\.v2, and a new ledger starts/);
      fs.writeFileSync(file, newer(2));
      await open();
      const copies = setAside();
      assert.equal(copies.length, 2);
      assert.match(copies[1] ?? '', /^ledger\.json\.v2-\d{4}-/);
      assert.equal(fs.readFileSync(path.join(path.dirname(file), 'ledger.json.v2'), 'utf8'), newer(1), 'the first copy untouched');
      assert.equal(fs.readFileSync(path.join(path.dirname(file), copies[1] ?? ''), 'utf8'), newer(2));
    });

    it('some unreadable entries: the file as it was is kept, the readable entries go on', async () => {
      await writeOld();
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as LedgerData;
      (data.scopes[0]?.documents as unknown[]).push({ documentId: 'broken', sourcePath: 3 });
      const before = JSON.stringify(data);
      fs.writeFileSync(file, before);
      const { ledger, notices } = await open();
      assert.equal(ledger.entryFor(SCOPE, 'old')?.sourcePath, 'old.md');
      assert.match(notices[0] ?? '', /has 1 unreadable entries: it is kept as \S+damaged-\S+, and the entries that could be read are kept/);
      assert.equal(fs.readFileSync(path.join(path.dirname(file), setAside()[0] ?? ''), 'utf8'), before);
      assert.equal((await Ledger.open(jsonFileLedgerStorage(file))).entryFor(SCOPE, 'old')?.sourcePath, 'old.md', 'the readable part is in the ledger file');
    });
  });
});
