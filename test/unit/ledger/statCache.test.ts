/**
 * The ledger's stat cache (`core/ledger/stat.ts`, `core/ingest/freshness.ts`): a file is taken as unchanged on its
 * stamp only while size, modification time, change time and inode are all as recorded, never when it changed just
 * before it was read, never for a page that includes other files; and it never calls a changed file unchanged.
 *
 * A change time cannot be set back, so a file written by a test is always "just changed". Where a test needs a stamp
 * recorded, it says the check ran later than it did (`statAt` in the future) and then waits past the file system's
 * tick before writing again: what the racy rule guarantees in real use by waiting RACY_MS.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { checkSource } from '../../../src/core/ingest/freshness';
import type { SourceCheck } from '../../../src/core/ingest/freshness';
import { includedSourceHash } from '../../../src/core/ingest/includes';
import { jsonFileLedgerStorage, Ledger, ledgerScope, memoryLedgerStorage, memoryStamp, parseLedgerData, RACY_MS, sha256Hex, statStamp, trustedStamp } from '../../../src/core/ledger';
import { makeFolder } from '../../support/batchFolder';
import type { Folder } from '../../support/batchFolder';

const SCOPE = ledgerScope('https://search.example.com', undefined);
/** An hour ago: a modification time far from any racy window. */
const OLD = new Date(Date.now() - 3_600_000);
/** Longer than any file system's tick for the change time (ext4's coarse clock: a few ms). */
const TICK_MS = 30;

async function fresh(): Promise<Ledger> {
  return Ledger.open(memoryLedgerStorage(), () => new Date(), { writeDelayMs: 10 });
}

describe('ledger stat cache', () => {
  let folder: Folder;
  let reads: number;
  beforeEach(async () => {
    folder = await makeFolder();
    reads = 0;
  });
  afterEach(() => folder.remove());

  const abs = (relativePath: string) => path.join(folder.root, relativePath);
  /** Checks `relativePath` as `ingest --changed` does; `later` pretends the check ran that long after now. */
  const check = async (ledger: Ledger, relativePath: string, later = 0): Promise<SourceCheck> => {
    const statAt = Date.now() + later;
    const s = await stat(abs(relativePath));
    return checkSource(ledger, SCOPE, { source: relativePath, relativePath }, {
      stat: { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino },
      statAt,
      read: async () => {
        reads++;
        return readFile(abs(relativePath));
      },
      includes: { read: (p) => readFile(abs(p)) },
    });
  };
  /** An ingestion of the file as it is now. */
  const ingested = async (ledger: Ledger, relativePath: string, text: string) => {
    await writeFile(abs(relativePath), text);
    await utimes(abs(relativePath), OLD, OLD);
    ledger.record(SCOPE, { documentId: relativePath, sourcePath: relativePath, sourceHash: sha256Hex(text), payloadHash: sha256Hex(`payload ${text}`) });
  };

  it('stamps: the change time and inode are needed, a recent change is racy, memory stamps fall back to size and time', () => {
    const now = Date.now();
    const old = { size: 10, mtimeMs: now - 60_000, ctimeMs: now - 60_000, ino: 42 };
    assert.equal(statStamp(old), `10:${old.mtimeMs}:${old.ctimeMs}:42`);
    assert.equal(trustedStamp(old, now), statStamp(old));
    assert.equal(statStamp({ size: 10, mtimeMs: old.mtimeMs }), undefined, 'no change time or inode: no stamp');
    assert.equal(trustedStamp({ ...old, ctimeMs: now - RACY_MS + 5 }, now), undefined, 'changed within RACY_MS of the stat: racy');
    assert.equal(trustedStamp({ ...old, mtimeMs: now + 5_000 }, now), undefined, 'a modification time ahead of the clock: racy');
    assert.equal(memoryStamp({ size: 10, mtimeMs: old.mtimeMs }, now), `10:${old.mtimeMs}`);
    assert.equal(memoryStamp({ size: 10, mtimeMs: now - 10 }, now), undefined);
  });

  it('an unchanged file read once is then taken on its stamp, without reading it', async () => {
    const ledger = await fresh();
    await ingested(ledger, 'a.md', '# A\n\nText.\n');
    const first = await check(ledger, 'a.md', 10_000);
    assert.equal(first.state, 'unchanged');
    assert.equal(reads, 1, 'no stamp yet: read and hashed');
    assert.ok(ledger.findBySourcePath(SCOPE, 'a.md')?.sourceStat, 'the stamp is kept');
    const second = await check(ledger, 'a.md');
    assert.deepEqual(second, { state: 'unchanged', documentId: 'a.md' });
    assert.equal(reads, 1, 'taken on its stamp');
  });

  it('a write that keeps the size and sets the modification time back is found changed (the change time moved)', async () => {
    const ledger = await fresh();
    await ingested(ledger, 'a.md', '# A\n\nText one.\n');
    assert.equal((await check(ledger, 'a.md', 10_000)).state, 'unchanged');
    const before = await stat(abs('a.md'));
    await sleep(TICK_MS);
    await writeFile(abs('a.md'), '# A\n\nText two.\n');
    await utimes(abs('a.md'), before.atime, before.mtime);
    const after = await stat(abs('a.md'));
    assert.equal(after.size, before.size);
    assert.equal(after.mtimeMs, before.mtimeMs, 'same size and modification time');
    assert.equal((await check(ledger, 'a.md')).state, 'changed');
    assert.equal(reads, 2, 'read again');
  });

  it('a file replaced by another of the same size and times is found changed (another inode)', async () => {
    const ledger = await fresh();
    await ingested(ledger, 'a.md', '# A\n\nText one.\n');
    assert.equal((await check(ledger, 'a.md', 10_000)).state, 'unchanged');
    await writeFile(abs('b.md'), '# A\n\nText two.\n');
    await utimes(abs('b.md'), OLD, OLD);
    await rename(abs('b.md'), abs('a.md'));
    assert.equal((await check(ledger, 'a.md')).state, 'changed');
  });

  it('a file that changed just before it was read records no stamp (the racy rule), so it is read next time', async () => {
    const ledger = await fresh();
    await writeFile(abs('a.md'), '# A\n');
    ledger.record(SCOPE, { documentId: 'a.md', sourcePath: 'a.md', sourceHash: sha256Hex('# A\n'), payloadHash: sha256Hex('p') });
    assert.equal((await check(ledger, 'a.md')).state, 'unchanged');
    assert.equal(ledger.findBySourcePath(SCOPE, 'a.md')?.sourceStat, undefined);
    await check(ledger, 'a.md');
    assert.equal(reads, 2);
  });

  it('a page that includes a file is never taken on its stamp: a change in the included file is found', async () => {
    const ledger = await fresh();
    const page = '# Page\n\n--8<-- "part.md"\n';
    await writeFile(abs('part.md'), 'Part one.\n');
    await writeFile(abs('page.md'), page);
    await utimes(abs('page.md'), OLD, OLD);
    const hash = includedSourceHash(Buffer.from(page), new Map([['part.md', 'Part one.\n']]));
    ledger.record(SCOPE, { documentId: 'page.md', sourcePath: 'page.md', sourceHash: hash, payloadHash: sha256Hex('p') });
    assert.equal((await check(ledger, 'page.md', 10_000)).state, 'unchanged');
    assert.equal(ledger.findBySourcePath(SCOPE, 'page.md')?.sourceStat, undefined, 'no stamp for a page with includes');
    await writeFile(abs('part.md'), 'Part two.\n');
    assert.equal((await check(ledger, 'page.md', 10_000)).state, 'changed', 'the page is unchanged on disk, its include is not');
  });

  it('a stamp goes with its bytes: a new hash, a move or a supersede drops it; noting one needs the recorded hash', async () => {
    const ledger = await fresh();
    const changes: unknown[] = [];
    ledger.onDidChange((c) => changes.push(c));
    ledger.record(SCOPE, { documentId: 'a', sourcePath: 'a.md', sourceHash: sha256Hex('1'), payloadHash: sha256Hex('p'), sourceStat: '1:2:3:4' });
    assert.deepEqual(ledger.stampedState(SCOPE, 'a.md', '1:2:3:4'), { state: 'unchanged', documentId: 'a' });
    assert.equal(ledger.stampedState(SCOPE, 'a.md', '1:2:3:5'), undefined);
    ledger.noteStamp(SCOPE, 'a.md', sha256Hex('other bytes'), '9:9:9:9');
    assert.equal(ledger.findBySourcePath(SCOPE, 'a.md')?.sourceStat, '1:2:3:4', 'another hash: not noted');
    const heard = changes.length;
    ledger.noteStamp(SCOPE, 'a.md', sha256Hex('1'), '5:6:7:8');
    assert.equal(ledger.findBySourcePath(SCOPE, 'a.md')?.sourceStat, '5:6:7:8');
    assert.equal(changes.length, heard, 'a new stamp changes no file state: no listener hears of it');
    assert.equal(ledger.confirmSource(SCOPE, 'a', sha256Hex('2')), true);
    assert.equal(ledger.findBySourcePath(SCOPE, 'a.md')?.sourceStat, undefined, 'other bytes without a stamp: none');
    ledger.confirmSource(SCOPE, 'a', sha256Hex('2'), '1:1:1:1');
    assert.equal(ledger.findBySourcePath(SCOPE, 'a.md')?.sourceStat, '1:1:1:1');
    ledger.supersede(SCOPE, 'a');
    assert.equal(ledger.stampedState(SCOPE, 'a.md', '1:1:1:1'), undefined, 'superseded: never unchanged on its stamp');
    ledger.record(SCOPE, { documentId: 'b', sourcePath: 'b.md', sourceHash: sha256Hex('1'), payloadHash: sha256Hex('p'), sourceStat: '1:2:3:4' });
    ledger.moveSource(SCOPE, 'b', 'c.md', sha256Hex('1'));
    assert.equal(ledger.stampedState(SCOPE, 'c.md', '1:2:3:4'), undefined, 'moved: the stamp was of the other file');
  });

  it('a ledger file without stamps (written before they were kept) still reads, and gets them as files are found unchanged', async () => {
    const file = abs('.doc-ingest/ledger.json');
    const text = '# A\n\nText.\n';
    await writeFile(abs('a.md'), text);
    await utimes(abs('a.md'), OLD, OLD);
    const old = {
      version: 1,
      scopes: [{ scope: SCOPE, documents: [{ documentId: 'a.md', sourcePath: 'a.md', sourceHash: sha256Hex(text), payloadHash: sha256Hex('p'), ingestedAt: '2026-01-01T00:00:00.000Z' }] }],
      images: [],
    };
    assert.equal(parseLedgerData(old).problem, undefined);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(old));
    const ledger = await Ledger.open(jsonFileLedgerStorage(file));
    assert.equal(ledger.problem, undefined);
    assert.equal((await check(ledger, 'a.md', 10_000)).state, 'unchanged');
    assert.equal(reads, 1);
    await ledger.close();
    const again = await Ledger.open(jsonFileLedgerStorage(file));
    assert.ok(again.findBySourcePath(SCOPE, 'a.md')?.sourceStat, 'the stamp was written');
    assert.equal((await check(again, 'a.md')).state, 'unchanged');
    assert.equal(reads, 1, 'the next check takes it on its stamp');
    assert.equal(parseLedgerData(JSON.parse(JSON.stringify(again.toData()))).problem, undefined, 'a ledger with stamps reads whole');
  });
});
