import assert from 'node:assert/strict';
import { Ledger, LEDGER_VERSION, ledgerScope, memoryLedgerStorage, needsSending, sha256Hex } from '../../../src/core/ledger';
import type { LedgerChange, LedgerStorage } from '../../../src/core/ledger';

const SERVER = 'https://search.example.com/';
const OTHER_SERVER = 'https://other.example.com';
const A = ledgerScope(SERVER, undefined);

/** A clock that advances one second per call, so entries have distinct times. */
function steppingClock(start = Date.parse('2026-03-01T10:00:00Z')): () => Date {
  let t = start;
  return () => new Date((t += 1000));
}

function rec(documentId: string, sourcePath: string, text: string, payload = `payload of ${text}`) {
  return { documentId, sourcePath, sourceHash: sha256Hex(text), payloadHash: sha256Hex(payload) };
}

async function fresh() {
  const storage = memoryLedgerStorage();
  const ledger = await Ledger.open(storage, steppingClock(), { writeDelayMs: 10 });
  return { storage, ledger };
}

describe('ledger', () => {
  it('hashes strings as UTF-8 and bytes as given', () => {
    assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    assert.equal(sha256Hex('é'), sha256Hex(new Uint8Array([0xc3, 0xa9])));
  });

  it('names scopes by normalized server and pair', () => {
    assert.equal(ledgerScope('HTTPS://Search.Example.com//', undefined), 'https://search.example.com#default');
    assert.equal(ledgerScope('https://search.example.com', 7), 'https://search.example.com#7');
  });

  describe('decisions', () => {
    it('never, changed, unchanged and forced', async () => {
      const { ledger } = await fresh();
      const doc = { documentId: 'guide', sourcePath: 'docs/guide.md', payloadHash: sha256Hex('payload of v1') };
      assert.equal(ledger.decide(A, doc), 'never');
      assert.equal(ledger.decide(A, doc, { force: true }), 'never', 'force leaves never as never');

      ledger.record(A, rec('guide', 'docs/guide.md', 'v1'));
      assert.equal(ledger.decide(A, doc), 'unchanged');
      assert.equal(ledger.decide(A, doc, { force: true }), 'forced');

      const edited = { ...doc, payloadHash: sha256Hex('payload of v2') };
      assert.equal(ledger.decide(A, edited), 'changed');
      assert.equal(ledger.decide(A, edited, { force: true }), 'changed', 'force leaves changed as changed');

      // The same payload now built from another file: sent, so the ledger follows the file.
      assert.equal(ledger.decide(A, { ...doc, sourcePath: 'docs/moved.md' }), 'changed');

      assert.deepEqual(
        (['never', 'changed', 'unchanged', 'forced'] as const).map(needsSending),
        [true, true, false, true],
      );
      await ledger.close();
    });

    it('records only what it is given, with the clock time', async () => {
      const storage = memoryLedgerStorage();
      const ledger = await Ledger.open(storage, () => new Date('2026-04-05T06:07:08.000Z'));
      ledger.record(A, rec('guide', 'docs/guide.md', 'v1'));
      assert.deepEqual(ledger.entryFor(A, 'guide'), {
        sourcePath: 'docs/guide.md',
        sourceHash: sha256Hex('v1'),
        payloadHash: sha256Hex('payload of v1'),
        ingestedAt: '2026-04-05T06:07:08.000Z',
      });
      assert.equal(ledger.entryFor(A, 'other'), undefined);
      await ledger.close();
    });

    it('source state by path uses the newest entry of that path', async () => {
      const { ledger } = await fresh();
      assert.equal(ledger.sourceState(A, 'docs/guide.md', sha256Hex('v1')), 'never');
      ledger.record(A, rec('old-id', 'docs/guide.md', 'v1'));
      ledger.record(A, rec('new-id', 'docs/guide.md', 'v2'));
      assert.equal(ledger.findBySourcePath(A, 'docs/guide.md')?.documentId, 'new-id');
      assert.equal(ledger.sourceState(A, 'docs/guide.md', sha256Hex('v2')), 'unchanged');
      assert.equal(ledger.sourceState(A, 'docs/guide.md', sha256Hex('v1')), 'changed');

      // The newest id moves to another file: the path falls back to its older entry.
      ledger.record(A, rec('new-id', 'docs/renamed.md', 'v2'));
      assert.equal(ledger.findBySourcePath(A, 'docs/guide.md')?.documentId, 'old-id');
      assert.equal(ledger.sourceState(A, 'docs/renamed.md', sha256Hex('v2')), 'unchanged');

      assert.equal(ledger.forget(A, 'old-id'), true);
      assert.equal(ledger.sourceState(A, 'docs/guide.md', sha256Hex('v1')), 'never');
      assert.deepEqual(ledger.entries(A).map((e) => e.documentId), ['new-id']);
      await ledger.close();
    });

    it('confirmSource takes new bytes of the same payload, keeps the ingestion time, and says when it did', async () => {
      const storage = memoryLedgerStorage();
      let now = new Date('2026-04-05T06:07:08.000Z');
      const ledger = await Ledger.open(storage, () => now);
      const seen: string[][] = [];
      ledger.onDidChange((c) => { if (c.kind === 'documents') seen.push(c.sourcePaths); });
      ledger.record(A, rec('guide', 'docs/guide.md', 'v1'));
      now = new Date('2026-05-01T00:00:00.000Z');
      assert.equal(ledger.sourceState(A, 'docs/guide.md', sha256Hex('v1 ')), 'changed');
      assert.equal(ledger.confirmSource(A, 'guide', sha256Hex('v1 ')), true);
      assert.equal(ledger.sourceState(A, 'docs/guide.md', sha256Hex('v1 ')), 'unchanged');
      assert.equal(ledger.entryFor(A, 'guide')?.ingestedAt, '2026-04-05T06:07:08.000Z');
      assert.equal(ledger.entryFor(A, 'guide')?.payloadHash, sha256Hex('payload of v1'));
      assert.equal(ledger.confirmSource(A, 'guide', sha256Hex('v1 ')), false, 'nothing new');
      assert.equal(ledger.confirmSource(A, 'unknown', sha256Hex('x')), false, 'no entry');
      assert.deepEqual(seen, [['docs/guide.md'], ['docs/guide.md']]);
      await ledger.close();
    });

    it('moveSource: a renamed file that keeps its id takes the entry along, with its new bytes, payload hash and time kept', async () => {
      const storage = memoryLedgerStorage();
      let now = new Date('2026-04-05T06:07:08.000Z');
      const ledger = await Ledger.open(storage, () => now);
      const seen: string[][] = [];
      ledger.onDidChange((c) => { if (c.kind === 'documents') seen.push(c.sourcePaths); });
      ledger.record(A, rec('docs~setup.md', 'docs/setup.md', 'v1'));
      // An older document of the new path (a file deleted there long ago): the renamed file's entry wins the path.
      now = new Date('2026-01-01T00:00:00.000Z');
      ledger.record(A, rec('gone', 'guide/setup.md', 'old'));
      now = new Date('2026-05-01T00:00:00.000Z');

      assert.equal(ledger.moveSource(A, 'docs~setup.md', 'guide/setup.md', sha256Hex('id: docs~setup.md\nv1')), true);
      assert.equal(ledger.sourceState(A, 'guide/setup.md', sha256Hex('id: docs~setup.md\nv1')), 'unchanged');
      assert.equal(ledger.findBySourcePath(A, 'guide/setup.md')?.documentId, 'docs~setup.md');
      assert.equal(ledger.sourceState(A, 'docs/setup.md', sha256Hex('v1')), 'never', 'the old path has no entry left');
      const entry = ledger.entryFor(A, 'docs~setup.md');
      assert.equal(entry?.ingestedAt, '2026-04-05T06:07:08.000Z');
      assert.equal(entry?.payloadHash, sha256Hex('payload of v1'));
      assert.deepEqual(seen.at(-1), ['guide/setup.md', 'docs/setup.md']);
      assert.equal(ledger.moveSource(A, 'unknown', 'x.md', sha256Hex('x')), false, 'no entry');
      await ledger.close();
    });

    it('keeps scopes apart: two servers, two pairs', async () => {
      const { ledger } = await fresh();
      const pair1 = ledgerScope(SERVER, 1);
      const pair2 = ledgerScope(SERVER, 2);
      const other = ledgerScope(OTHER_SERVER, 1);
      ledger.record(pair1, rec('guide', 'guide.md', 'v1'));
      const doc = { documentId: 'guide', sourcePath: 'guide.md', payloadHash: sha256Hex('payload of v1') };
      assert.equal(ledger.decide(pair1, doc), 'unchanged');
      assert.equal(ledger.decide(ledgerScope('https://SEARCH.example.com/', 1), doc), 'unchanged', 'same server spelled differently');
      assert.equal(ledger.decide(pair2, doc), 'never');
      assert.equal(ledger.decide(other, doc), 'never');
      assert.equal(ledger.decide(A, doc), 'never');
      assert.equal(ledger.sourceState(other, 'guide.md', sha256Hex('v1')), 'never');
      await ledger.close();
    });

    it('treats a document id like __proto__ as data', async () => {
      const { storage, ledger } = await fresh();
      ledger.record(A, rec('__proto__', 'proto.md', 'v1'));
      await ledger.close();
      const again = await Ledger.open(storage);
      assert.equal(again.entryFor(A, '__proto__')?.sourcePath, 'proto.md');
      assert.equal(again.problem, undefined);
    });
  });

  it('remembers images per server and forgets them on request', async () => {
    const { storage, ledger } = await fresh();
    const hash = sha256Hex('png bytes');
    assert.equal(ledger.imageFileId(SERVER, hash), undefined);
    ledger.recordImage(SERVER, hash, { fileId: 'file-1', name: 'diagram.png' });
    assert.equal(ledger.imageFileId('https://search.example.com', hash), 'file-1');
    assert.equal(ledger.imageFileId(OTHER_SERVER, hash), undefined);
    ledger.recordImage(OTHER_SERVER, hash, { fileId: 'file-9', name: 'diagram.png' });
    await ledger.close();

    const again = await Ledger.open(storage);
    assert.equal(again.imageFileId(SERVER, hash), 'file-1');
    assert.equal(again.imageFileId(OTHER_SERVER, hash), 'file-9');
    again.forgetImage(SERVER, hash);
    assert.equal(again.imageFileId(SERVER, hash), undefined);
    assert.equal(again.imageFileId(OTHER_SERVER, hash), 'file-9');
    await again.close();
  });

  it('survives a round trip through storage', async () => {
    const { storage, ledger } = await fresh();
    ledger.record(ledgerScope(SERVER, 3), rec('a', 'a.md', 'A'));
    ledger.record(ledgerScope(SERVER, 3), rec('b', 'sub/b.md', 'B'));
    await ledger.close();
    const again = await Ledger.open(storage);
    assert.deepEqual(again.toData(), ledger.toData());
    assert.equal(again.sourceState(ledgerScope(SERVER, 3), 'sub/b.md', sha256Hex('B')), 'unchanged');
  });

  describe('unreadable storage gives an empty ledger and a problem, never an exception', () => {
    const cases: Array<[string, LedgerStorage, RegExp]> = [
      ['a storage that throws', { read: () => Promise.reject(new Error('disk on fire')), write: () => Promise.resolve() }, /could not be read \(disk on fire\)/],
      ['a string', memoryLedgerStorage('not a ledger'), /damaged/],
      ['another version', memoryLedgerStorage({ version: 2, scopes: [], images: [] }), /format version 2/],
      ['a wrong shape', memoryLedgerStorage({ version: 1, scopes: { a: 1 } }), /damaged/],
      // The outline is checked by hand (issue 37): each way it can be wrong is damage, as it was under zod.
      ['no version', memoryLedgerStorage({ scopes: [], images: [] }), /damaged/],
      ['the version as text', memoryLedgerStorage({ version: '1', scopes: [], images: [] }), /format version "1"/],
      ['no images', memoryLedgerStorage({ version: 1, scopes: [] }), /damaged/],
      ['a scope that is no object', memoryLedgerStorage({ version: 1, scopes: [null], images: [] }), /damaged/],
      ['a scope named by a number', memoryLedgerStorage({ version: 1, scopes: [{ scope: 3, documents: [] }], images: [] }), /damaged/],
      ['a scope without documents', memoryLedgerStorage({ version: 1, scopes: [{ scope: 'a' }], images: [] }), /damaged/],
      ['a server without uploads', memoryLedgerStorage({ version: 1, scopes: [], images: [{ server: 'https://x/api', uploads: {} }] }), /damaged/],
      ['an array', memoryLedgerStorage([1]), /damaged/],
    ];
    for (const [name, storage, problem] of cases) {
      it(name, async () => {
        const ledger = await Ledger.open(storage);
        assert.match(ledger.problem ?? '', problem);
        assert.deepEqual(ledger.toData(), { version: LEDGER_VERSION, scopes: [], images: [] });
      });
    }

    it('drops only the unreadable entries', async () => {
      const good = { ...rec('ok', 'ok.md', 'x'), ingestedAt: '2026-01-01T00:00:00.000Z' };
      const storage = memoryLedgerStorage({
        version: 1,
        scopes: [{ scope: A, documents: [good, { documentId: 'bad', sourcePath: 'bad.md', sourceHash: 'nope' }] }],
        images: [],
      });
      const ledger = await Ledger.open(storage);
      assert.match(ledger.problem ?? '', /^1 entries .* dropped/);
      assert.equal(ledger.entryFor(A, 'ok')?.sourcePath, 'ok.md');
      assert.equal(ledger.entryFor(A, 'bad'), undefined);
    });

    it('fields the outline does not know are left out, the entries read', async () => {
      const good = { ...rec('ok', 'ok.md', 'x'), ingestedAt: '2026-01-01T00:00:00.000Z' };
      const ledger = await Ledger.open(memoryLedgerStorage({ version: 1, extra: true, scopes: [{ scope: A, documents: [good], note: 'x' }], images: [] }));
      assert.equal(ledger.problem, undefined);
      assert.deepEqual(ledger.toData(), { version: LEDGER_VERSION, scopes: [{ scope: A, documents: [good] }], images: [] });
    });

    it('nothing stored yet is no problem', async () => {
      const ledger = await Ledger.open(memoryLedgerStorage());
      assert.equal(ledger.problem, undefined);
    });
  });

  describe('writes', () => {
    it('coalesces 5,000 records into a few writes', async () => {
      const { storage, ledger } = await fresh();
      for (let i = 0; i < 5000; i++) {
        ledger.record(A, rec(`doc-${i}`, `docs/${i}.md`, `text ${i}`));
        if (i % 100 === 0) await Promise.resolve();
      }
      assert.equal(storage.writes, 0, 'nothing written synchronously');
      await ledger.flush();
      assert.equal(storage.writes, 1);
      await ledger.flush();
      assert.equal(storage.writes, 1, 'a flush with nothing pending does not write');
      await ledger.close();
      assert.equal(storage.writes, 1);
      assert.equal((await Ledger.open(storage)).entries(A).length, 5000);
    });

    it('writes by itself after the delay', async () => {
      const { storage, ledger } = await fresh();
      ledger.record(A, rec('a', 'a.md', 'A'));
      ledger.record(A, rec('b', 'b.md', 'B'));
      await new Promise((r) => setTimeout(r, 60));
      assert.equal(storage.writes, 1);
      assert.equal((await Ledger.open(storage)).entries(A).length, 2);
    });

    it('keeps data pending after a failed write and writes it with the next', async () => {
      let fail = true;
      let writes = 0;
      const storage: LedgerStorage = {
        read: () => Promise.resolve(undefined),
        write: () => {
          writes++;
          return fail ? Promise.reject(new Error('full disk')) : Promise.resolve();
        },
      };
      const errors: unknown[] = [];
      const ledger = await Ledger.open(storage, steppingClock(), { writeDelayMs: 5, onWriteError: (e) => errors.push(e) });
      ledger.record(A, rec('a', 'a.md', 'A'));
      await new Promise((r) => setTimeout(r, 30));
      assert.equal(errors.length, 1);
      await assert.rejects(ledger.flush(), /full disk/);
      fail = false;
      await ledger.flush();
      assert.equal(writes, 3);
    });

    it('tells listeners what changed until they unsubscribe', async () => {
      const { ledger } = await fresh();
      const seen: LedgerChange[] = [];
      const stop = ledger.onDidChange((c) => seen.push(c));
      ledger.onDidChange(() => {
        throw new Error('a broken listener does not stop the record');
      });
      ledger.record(A, rec('a', 'a.md', 'A'));
      ledger.record(A, rec('a', 'b.md', 'A'));
      ledger.recordImage(SERVER, sha256Hex('img'), { fileId: 'f', name: 'i.png' });
      stop();
      ledger.record(A, rec('c', 'c.md', 'C'));
      assert.deepEqual(seen, [
        { kind: 'documents', scope: A, documentId: 'a', sourcePaths: ['a.md'] },
        { kind: 'documents', scope: A, documentId: 'a', sourcePaths: ['b.md', 'a.md'] },
        { kind: 'images', server: 'https://search.example.com', contentHash: sha256Hex('img') },
      ]);
      assert.equal(ledger.entryFor(A, 'c')?.sourcePath, 'c.md');
      await ledger.close();
    });
  });

  it('never stores a key, token or authorization', async () => {
    const { storage, ledger } = await fresh();
    for (const pair of [undefined, 1, 2]) {
      ledger.record(ledgerScope(SERVER, pair), rec('guide', 'docs/guide.md', 'v1'));
      ledger.record(ledgerScope(OTHER_SERVER, pair), rec('other', 'docs/other.md', 'v1'));
    }
    ledger.recordImage(SERVER, sha256Hex('img'), { fileId: 'file-1', name: 'img.png' });
    await ledger.close();
    const fieldNames = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          fieldNames.add(k);
          walk(v);
        }
      }
    };
    walk(storage.data);
    assert.ok(fieldNames.has('payloadHash') && fieldNames.has('fileId'), 'the walk saw the full ledger');
    const suspicious = [...fieldNames].filter((k) => /key|token|authori[sz]ation|secret|password|bearer/i.test(k));
    assert.deepEqual(suspicious, []);
  });
});
