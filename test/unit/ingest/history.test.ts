import assert from 'node:assert/strict';
import { IngestionHistory, IngestionRecord } from '../../../src/core/ingest/history';

function record(history: IngestionHistory, title: string): IngestionRecord {
  return history.add({
    requestId: history.nextRequestId(0),
    sourceUri: `file:///ws/${title}.md`,
    documentId: title,
    title,
    ccPairId: 2,
    server: 'http://127.0.0.1/api',
    outcome: 'running',
    startedAt: new Date(0),
  });
}

describe('ingestion history', () => {
  it('keeps the newest first and at most its capacity', () => {
    const h = new IngestionHistory(3);
    for (const t of ['a', 'b', 'c', 'd']) record(h, t);
    assert.deepEqual(h.all().map((r) => r.title), ['d', 'c', 'b']);
    assert.equal(h.latest()?.title, 'd');
  });

  it('gives every request its own id', () => {
    const h = new IngestionHistory();
    const ids = new Set([record(h, 'a'), record(h, 'b'), record(h, 'c')].map((r) => r.requestId));
    assert.equal(ids.size, 3);
  });

  it('records the outcome and when it finished', () => {
    const h = new IngestionHistory();
    const r = record(h, 'a');
    h.finish(r, { outcome: 'failed', error: 'The server failed (HTTP 500).', errorKind: 'server' }, new Date(5000));
    assert.equal(h.latest()?.outcome, 'failed');
    assert.equal(h.latest()?.errorKind, 'server');
    assert.equal(h.latest()?.finishedAt?.getTime(), 5000);
  });
});
