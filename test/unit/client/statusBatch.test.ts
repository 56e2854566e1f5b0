import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { useService } from '../../support/serviceHarness';

describe('client: user file statuses in one request', () => {
  const h = useService('observed');
  it('asks about 2,000 tracked ids in one request (the real server sets no maximum)', async () => {
    const mine = h.service.addUserFile('basic', { name: 'a.md' }).id;
    const ids = [mine, ...Array.from({ length: 1999 }, () => randomUUID())];
    const records = await h.client('basic').getUserFileStatuses(ids);
    assert.deepEqual(records.map((r) => r.id), [mine]);
    assert.equal(h.seen('file/statuses'), 1);
  });
});
