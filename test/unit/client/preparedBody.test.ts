import assert from 'node:assert/strict';
import type { IngestionRequest } from '../../../src/core/api';
import { requestBody } from '../../../src/core/ingest/pipeline';
import { DIALECTS, useService } from '../../support/serviceHarness';

describe('client: an ingestion request with its prepared body', () => {
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);
      const request: IngestionRequest = {
        document: { id: 'prepared-1', semantic_identifier: 'Prepared', title: 'Prepared', sections: [{ text: '# Prepared\n\nÜber “quotes”.', link: 'https://d.example/p#prepared' }], source: 'file', metadata: { tags: ['a', 'b'] } },
        cc_pair_id: 2,
      };
      const sentBodies = () => h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath)).map((r) => r.body);

      it('sends the same bytes, with the same headers and outcome, as the request serialised by the client', async () => {
        const plain = await h.client().ingestDocument(request);
        const prepared = await h.client().ingestDocument(request, { body: requestBody(request) });
        assert.equal(plain.outcome, 'created');
        assert.equal(prepared.outcome, 'updated');
        assert.equal(prepared.documentId, plain.documentId);
        const [first, second] = sentBodies();
        assert.equal(second, first);
        const types = h.service.requests.filter((r) => r.method === 'POST').map((r) => r.headers['content-type']);
        assert.deepEqual(types, ['application/json', 'application/json']);
      });
    });
  }
});
