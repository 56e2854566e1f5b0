// Issue 23: the ledger's part of identity. An entry stops saying "unchanged" once something else was sent under its
// id (item 5), and an image upload the server lost can be forgotten by the id the status route knows (item 6).
import assert from 'node:assert/strict';
import { Ledger, ledgerScope, memoryLedgerStorage, sha256Hex } from '../../../src/core/ledger';

const SERVER = 'https://search.example.com/api';
const SCOPE = ledgerScope(SERVER, undefined);

describe('ledger: identity (issue 23)', () => {
  it('a superseded entry keeps naming its file but matches neither its bytes nor its payload, so the file is sent again', async () => {
    const ledger = await Ledger.open(memoryLedgerStorage());
    const entry = { documentId: 'guide.md', sourcePath: 'guide.md', sourceHash: sha256Hex('saved'), payloadHash: sha256Hex('body') };
    ledger.record(SCOPE, entry);
    assert.equal(ledger.sourceState(SCOPE, 'guide.md', sha256Hex('saved')), 'unchanged');
    assert.equal(ledger.decide(SCOPE, { documentId: 'guide.md', sourcePath: 'guide.md', payloadHash: sha256Hex('body') }), 'unchanged');
    assert.equal(ledger.supersede(SCOPE, 'guide.md'), true);
    assert.equal(ledger.sourceState(SCOPE, 'guide.md', sha256Hex('saved')), 'changed', 'the badge shows the file as changed');
    assert.equal(ledger.decide(SCOPE, { documentId: 'guide.md', sourcePath: 'guide.md', payloadHash: sha256Hex('body') }), 'changed', 'a batch sends it');
    assert.equal(ledger.findBySourcePath(SCOPE, 'guide.md')?.documentId, 'guide.md');
    assert.equal(ledger.supersede(SCOPE, 'other.md'), false);
  });

  it('forgets every image recorded as a lost upload, by its user file id or its file_id in any UUID spelling, on that server only', async () => {
    const ledger = await Ledger.open(memoryLedgerStorage());
    const userFileId = '0F8E5B4C-1D2A-4B3C-9E8F-7A6B5C4D3E2F';
    ledger.recordImage(SERVER, sha256Hex('a'), { fileId: 'file-a', name: 'a.png', userFileId });
    ledger.recordImage(SERVER, sha256Hex('b'), { fileId: 'file-b', name: 'b.png' });
    ledger.recordImage('https://other.example.com/api', sha256Hex('a'), { fileId: 'file-a', name: 'a.png', userFileId });
    assert.equal(ledger.forgetImageFile(SERVER, '0f8e5b4c1d2a4b3c9e8f7a6b5c4d3e2f'), 1);
    assert.equal(ledger.imageFileId(SERVER, sha256Hex('a')), undefined);
    assert.equal(ledger.imageFileId('https://other.example.com/api', sha256Hex('a')), 'file-a');
    assert.equal(ledger.forgetImageFile(SERVER, 'file-b'), 1);
    assert.equal(ledger.imageFileId(SERVER, sha256Hex('b')), undefined);
    assert.equal(ledger.forgetImageFile(SERVER, 'file-b'), 0);
  });

  it('keeps an upload\'s user file id across a write and a read', async () => {
    const storage = memoryLedgerStorage();
    const ledger = await Ledger.open(storage);
    ledger.recordImage(SERVER, sha256Hex('a'), { fileId: 'file-a', name: 'a.png', userFileId: 'u-1' });
    await ledger.close();
    assert.equal((await Ledger.open(storage)).imageUpload(SERVER, sha256Hex('a'))?.userFileId, 'u-1');
  });
});
