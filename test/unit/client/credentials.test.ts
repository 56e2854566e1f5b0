// What a credential update did, read from the answer, and who the key belongs to, against both dialects.
import assert from 'node:assert/strict';
import { CredentialUpdate, ownerInAnswer, unappliedCredentialFields } from '../../../src/core/api';
import { DIALECTS, useService } from '../../support/serviceHarness';

for (const dialect of DIALECTS) {
  describe(`credential updates (${dialect} dialect)`, () => {
    const h = useService(dialect, { autoProcess: false });

    const body = (extra: Partial<CredentialUpdate> = {}): CredentialUpdate => ({
      credential_json: { api_token: 'sk_live_replacement_0123456789' },
      admin_public: false,
      source: 'file',
      name: 'Docs portal token',
      ...extra,
    });

    it('an unchanged body: nothing is named as not applied', async () => {
      const sent = body();
      assert.deepEqual(unappliedCredentialFields(sent, await h.client('basic').updateCredential(1, sent)), []);
    });

    it(dialect === 'observed' ? 'a rename and admin_public are named: the real server ignores them' : 'a rename and admin_public are applied', async () => {
      const sent = body({ name: 'Renamed', admin_public: true, groups: [1] });
      const answer = await h.client('basic').updateCredential(1, sent);
      const expected = dialect === 'observed' ? ['name', 'admin_public'] : [];
      // groups are not compared: the real server always answers [].
      assert.deepEqual(unappliedCredentialFields(sent, answer), expected);
      assert.equal(h.service.credential(1)?.name, dialect === 'observed' ? 'Docs portal token' : 'Renamed');
    });

    it('whoAmI names the key\'s user where the server has GET /me', async () => {
      const me = await h.client('basic').whoAmI();
      if (dialect === 'spec') assert.equal(me, undefined);
      else assert.equal(me?.id, h.service.users.basic.id);
    });

    if (dialect === 'observed') {
      it('an admin who saves another user\'s credential becomes its owner, as the answer shows', async () => {
        assert.equal(h.service.credential(2)?.userId, h.service.users.basic2.id);
        const answer = await h.client('admin').updateCredential(2, { credential_json: { username: 'bob', password: 'new-password-0123456789' }, admin_public: false, source: 'web' });
        assert.equal(ownerInAnswer(answer), h.service.users.admin.id);
        assert.equal(h.service.credential(2)?.userId, h.service.users.admin.id);
      });
    }
  });
}
