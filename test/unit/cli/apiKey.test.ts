// Issue 34, item 7: an API key with a line break, a control character or a character outside ASCII is refused at
// once with exit 2 and a sentence that shows none of it, nothing sent; and a command whose promise never settles can
// never end the process with 0. Run as a pipeline runs it.
import assert from 'node:assert/strict';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { useService } from '../../support/serviceHarness';
import { useFolder, writeDocs } from '../../support/batchFolder';
import { BOUND_MS, CLI, runCliBounded, runProcess } from '../../support/runCli';

describe('doc-ingest command line: a key no key can be is refused at once and never shown (issue 34)', function () {
  this.timeout(BOUND_MS + 10_000);
  const h = useService('observed');
  const folder = useFolder(h);
  beforeEach(() => writeDocs(folder, 2));

  const KEYS: [string, string, RegExp][] = [
    ['a line break', 'on_SECRET\nPART', /a line break/], // was quoted whole in undici's header error
    ['\\x01', 'on_SECRET\x01PART', /a control character/], // undici never answered: check hung, then exited 0
    ['a tab', 'on_SECRET\tPART', /a control character/],
    ['a zero-width space', 'on_SECRET\u200bPART', /a character outside ASCII/],
  ];
  for (const command of ['check', 'ingest', 'documents']) {
    for (const [label, key, what] of KEYS) {
      it(`${command} with a key holding ${label}: exit 2 at once, one sentence without the key, nothing sent`, async () => {
        const run = await runCliBounded([command], { cwd: folder.root, env: { DOC_INGEST_BASE_URL: h.service.baseUrl, DOC_INGEST_API_KEY: key } });
        assert.equal(run.code, 2, `code ${run.code}: ${run.stderr}`);
        const lines = run.stderr.trim().split('\n');
        assert.equal(lines.length, 1, run.stderr);
        assert.match(lines[0]!, /^doc-ingest: DOC_INGEST_API_KEY has (a|an) .* in it, which no API key has: set it to the key alone/);
        assert.match(lines[0]!, what);
        for (const part of ['SECRET', 'PART']) assert.ok(!run.stderr.includes(part) && !run.stdout.includes(part), run.stderr);
        assert.equal(h.service.requests.length, 0, 'nothing sent');
      });
    }
  }

  it('a command whose work never ends (its promise pending, nothing left to wait for) exits 1 with a sentence, never 0', async () => {
    // The built entry with a main that never answers: what a request no socket or timer waits for any more looks like.
    const dir = path.join(folder.root, 'bin');
    await mkdir(path.join(dir, 'cli'), { recursive: true });
    await copyFile(CLI, path.join(dir, 'cli.js'));
    await writeFile(path.join(dir, 'cli', 'main.mjs'), 'export const main = () => new Promise(() => {});\nexport const processIo = () => ({});\n');
    const run = await runProcess(process.execPath, [path.join(dir, 'cli.js'), 'check'], { cwd: folder.root, env: { PATH: process.env.PATH ?? '' } });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /^doc-ingest: unexpected error: the command ended before it finished/);
  });
});
