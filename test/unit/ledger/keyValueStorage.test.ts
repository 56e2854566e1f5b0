// Issue 23: the editor's ledger (in VS Code's workspace state) keeps a record it cannot read whole, and says so.
import assert from 'node:assert/strict';
import { keyValueLedgerStorage, Ledger, LEDGER_VERSION, ledgerScope, sha256Hex } from '../../../src/core/ledger';
import type { KeyValueStore } from '../../../src/core/ledger';

const KEY = 'docIngest.ledger';
const SCOPE = ledgerScope('https://search.example.com', undefined);

/** A Memento as VS Code keeps one: JSON copies in, JSON copies out. */
function memento(initial: Record<string, unknown>): KeyValueStore & { values: Map<string, unknown> } {
  const values = new Map(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
  return {
    values,
    get: (key) => (values.has(key) ? JSON.parse(values.get(key) as string) : undefined),
    update: (key, value) => {
      values.set(key, JSON.stringify(value));
      return Promise.resolve();
    },
  };
}

describe('ledger in workspace state: a record it cannot read whole is kept, never replaced (issue 23)', () => {
  it('a newer version\'s record is kept as docIngest.ledger.v<N> and logged once; a second one beside it; the new ledger goes on', async () => {
    const newer = { version: LEDGER_VERSION + 1, sources: [{ folder: 'web', path: 'README.md' }] };
    const store = memento({ [KEY]: newer });
    const notices: string[] = [];
    const ledger = await Ledger.open(keyValueLedgerStorage(store, KEY, (n) => notices.push(n)));
    assert.equal(ledger.problem, undefined, 'said by the storage, not twice');
    assert.deepEqual(notices, [`The record of past ingestions has format version ${LEDGER_VERSION + 1}, which this version does not read: it is kept in this workspace's state as ${KEY}.v${LEDGER_VERSION + 1}, and a new ledger starts, so every file counts as never ingested.`]);
    ledger.record(SCOPE, { documentId: 'guide', sourcePath: 'guide.md', sourceHash: sha256Hex('a'), payloadHash: sha256Hex('b') });
    await ledger.close();
    assert.deepEqual(store.get(`${KEY}.v${LEDGER_VERSION + 1}`), newer, 'the old record, as it was');
    assert.equal((store.get(KEY) as { version: number }).version, LEDGER_VERSION);

    store.values.set(KEY, JSON.stringify({ ...newer, sources: [] }));
    await Ledger.open(keyValueLedgerStorage(store, KEY, (n) => notices.push(n)));
    const copies = [...store.values.keys()].filter((k) => k.startsWith(`${KEY}.v`));
    assert.equal(copies.length, 2, copies.join(', '));
    assert.deepEqual(store.get(`${KEY}.v${LEDGER_VERSION + 1}`), newer, 'the first copy is not overwritten');
  });

  it('a damaged record is kept as docIngest.ledger.damaged; a whole one is read as it is, with nothing kept', async () => {
    const store = memento({ [KEY]: { version: LEDGER_VERSION, scopes: 'not a list' } });
    const notices: string[] = [];
    await Ledger.open(keyValueLedgerStorage(store, KEY, (n) => notices.push(n)));
    assert.deepEqual(store.get(`${KEY}.damaged`), { version: LEDGER_VERSION, scopes: 'not a list' });
    assert.match(notices[0] ?? '', /^The record of past ingestions is damaged: it is kept in this workspace's state as docIngest\.ledger\.damaged/);
    const whole = memento({ [KEY]: { version: LEDGER_VERSION, scopes: [], images: [] } });
    await Ledger.open(keyValueLedgerStorage(whole, KEY, (n) => notices.push(n)));
    assert.deepEqual([...whole.values.keys()], [KEY]);
    assert.equal(notices.length, 1);
  });
});
