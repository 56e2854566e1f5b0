import assert from 'node:assert/strict';
import { hasCredentials, isInsecureRemote, normalizeBaseUrl } from '../../../src/core/api/baseUrl';

describe('base URL', () => {
  it('normalises spelling so one server has one key', () => {
    assert.equal(normalizeBaseUrl(' HTTPS://Search.Example.com/api/ '), 'https://search.example.com/api');
    assert.equal(normalizeBaseUrl('http://127.0.0.1:8080/api///'), 'http://127.0.0.1:8080/api');
    assert.equal(normalizeBaseUrl('https://x.example/api?q=1#frag'), 'https://x.example/api');
  });

  it('refuses what is not an http(s) URL', () => {
    assert.equal(normalizeBaseUrl(''), undefined);
    assert.equal(normalizeBaseUrl(undefined), undefined);
    assert.equal(normalizeBaseUrl('search.example.com/api'), undefined);
    assert.equal(normalizeBaseUrl('ftp://x.example/api'), undefined);
  });

  it('refuses an address with a user name or password, however the URL parser would read it (issue 34)', () => {
    for (const url of ['https://bob:hunter2@x.example/api', 'https://bob@x.example/api', 'https://bob:hunt/er2@x.example/api', 'https://bob:12?x@x.example/api']) {
      assert.equal(hasCredentials(url), true, url);
      assert.equal(normalizeBaseUrl(url), undefined, url);
    }
    assert.equal(hasCredentials('https://x.example/api'), false);
  });

  it('flags plain http only when it leaves this machine', () => {
    assert.equal(isInsecureRemote('http://search.example.com/api'), true);
    assert.equal(isInsecureRemote('http://10.0.0.5/api'), true);
    assert.equal(isInsecureRemote('https://search.example.com/api'), false);
    assert.equal(isInsecureRemote('http://localhost:8080/api'), false);
    assert.equal(isInsecureRemote('http://127.0.0.1:8080/api'), false);
    assert.equal(isInsecureRemote('http://[::1]:8080/api'), false);
  });
});
