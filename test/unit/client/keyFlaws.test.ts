// Issue 34, item 7, in the client every front shares: a key with a line break, a control character or a character
// outside ASCII (one stored before the fronts refused it) fails at once as an authentication error that shows none of
// it, and nothing is sent. Before, fetch quoted it in its header error, or (\x01) never answered.
import assert from 'node:assert/strict';
import { AuthError } from '../../../src/core/api';
import { thrown, useService } from '../../support/serviceHarness';

describe('a key no key can be is refused by the client before sending (issue 34)', () => {
  const h = useService('observed');

  for (const key of ['on_SECRET\nPART', 'on_SECRET\x01PART', 'on_SECRET\x7fPART', 'on_SECRET\u00a0PART']) {
    it(`${JSON.stringify(key)}: an AuthError saying what is wrong, without the key; no request`, async () => {
      const e = await thrown(() => h.client('admin', { apiKey: key, timeoutMs: 2000 }).checkKey());
      assert.ok(e instanceof AuthError, `${e.name}: ${e.message}`);
      assert.match(e.message, /^The API key has a (line break|control character|character outside ASCII) in it, which no key has/);
      assert.ok(!e.message.includes('SECRET') && !e.message.includes('PART'), e.message);
      assert.equal(h.service.requests.length, 0);
    });
  }
});
