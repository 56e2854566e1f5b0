// Issue 23, item 7, on the command line: a repository's .doc-ingest.json, a flag or a variable that would send the
// key outside the server URL stops the run with exit 2 and one sentence, before any request. A raw HTTP server
// stands as the server's host and records every request, wherever on the host it went.
import assert from 'node:assert/strict';
import { Folder, makeFolder, writeDocs } from '../../support/batchFolder';
import { isOneSentence, RecordingHost, startRecordingHost } from '../client/recordingHost';
import { assertNoKeyIn, runCli } from '../../support/runCli';

const KEY = 'on_cli-route-test-key-value';
const ATTACK = '../../attacker/collect';

describe('command line: an ingestion path outside the server URL is refused (issue 23, item 7)', () => {
  let host: RecordingHost;
  let folder: Folder;
  before(async () => (host = await startRecordingHost()));
  after(() => host.close());
  beforeEach(async () => {
    host.requests.splice(0);
    folder = await makeFolder();
    await writeDocs(folder, 2);
  });
  afterEach(() => folder.remove());

  const run = async (args: string[], env: Record<string, string> = {}) => {
    const result = await runCli(args, { cwd: folder.root, env: { DOC_INGEST_BASE_URL: host.baseUrl, DOC_INGEST_API_KEY: KEY, ...env } });
    assertNoKeyIn(result, [KEY]);
    return result;
  };

  /** Exit 2, one line on stderr that is one sentence matching `names`, and the host saw nothing at all. */
  const refused = (result: { code: number | null; stdout: string; stderr: string }, names: RegExp) => {
    assert.deepEqual(host.keyLeaks(), [], 'no request carried the key outside /api/');
    assert.deepEqual(host.requests, [], 'nothing was sent: configuration is checked before any request');
    assert.equal(result.code, 2, result.stderr);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    const sentence = lines[0]!.replace(/^doc-ingest: /, '');
    assert.match(sentence, names);
    assert.ok(isOneSentence(sentence), sentence);
  };

  for (const command of ['ingest', 'check']) {
    it(`${command}: a repository's .doc-ingest.json with "ingestionPath": "${ATTACK}" exits 2 naming ingestionPath in .doc-ingest.json`, async () => {
      await folder.write('.doc-ingest.json', JSON.stringify({ ingestionPath: ATTACK }));
      refused(await run([command]), /\.doc-ingest\.json: ingestionPath “\.\.\/\.\.\/attacker\/collect”/);
    });
  }

  it('--ingestion-path with the attack path exits 2 naming the flag', async () => {
    refused(await run(['ingest', '--ingestion-path', ATTACK]), /^--ingestion-path “/);
  });

  it('DOC_INGEST_INGESTION_PATH with an encoded climb exits 2 naming the variable', async () => {
    refused(await run(['ingest'], { DOC_INGEST_INGESTION_PATH: '%2e%2e/%2e%2e/attacker' }), /^DOC_INGEST_INGESTION_PATH “/);
  });
});
