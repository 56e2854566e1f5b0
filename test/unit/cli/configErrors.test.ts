// Issue 23, item 14: a configuration value that every file would fail on is refused once, before any file is read,
// with exit 2 and one sentence naming where it came from (flag, variable or .doc-ingest.json key).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { useService } from '../../support/serviceHarness';
import { Folder, makeFolder, writeDocs } from '../../support/batchFolder';
import { runCli, serviceEnv } from '../../support/runCli';

interface Case {
  /** Flags after `ingest`. */
  args?: string[];
  env?: Record<string, string>;
  /** The content of .doc-ingest.json. */
  file?: Record<string, unknown>;
  /** The start of the sentence: where the value came from, and the value. */
  names: RegExp;
}

const CASES: Case[] = [
  { args: ['--id-prefix', 'hand book'], names: /^--id-prefix: “hand book” is not an id prefix: use letters, digits and \. _ ~ - only/ },
  { env: { DOC_INGEST_ID_PREFIX: 'hand book' }, names: /^DOC_INGEST_ID_PREFIX: “hand book” is not an id prefix/ },
  { file: { idPrefix: 'hand book' }, names: /^\S*\.doc-ingest\.json: idPrefix: "hand book" is not an id prefix/ },
  { args: ['--source', 'bogus'], names: /^--source: “bogus” is not a source kind the service accepts: use a lowercase kind such as file/ },
  { env: { DOC_INGEST_SOURCE: 'Confluence' }, names: /^DOC_INGEST_SOURCE: “Confluence” is not a source kind the service accepts: kinds are lowercase, use confluence\.$/ },
  { file: { source: 'bogus' }, names: /^\S*\.doc-ingest\.json: source: "bogus" is not a source kind/ },
  { args: ['--cc-pair-id', '0'], names: /^--cc-pair-id: “0” is not a connector-credential pair id: use a whole number of at least 1/ },
  { env: { DOC_INGEST_CC_PAIR_ID: '2.5' }, names: /^DOC_INGEST_CC_PAIR_ID: “2\.5” is not a connector-credential pair id/ },
  { file: { ccPairId: 0 }, names: /^\S*\.doc-ingest\.json: ccPairId: 0 is not a connector-credential pair id/ },
  { args: ['--link-template', 'https://docs.example.com/{pth}'], names: /^--link-template: “https:\/\/docs\.example\.com\/\{pth\}” has an unknown placeholder “\{pth\}”; use \{path\}/ },
  { env: { DOC_INGEST_LINK_TEMPLATE: 'https://d/{path}#{anker}' }, names: /^DOC_INGEST_LINK_TEMPLATE: “https:\/\/d\/\{path\}#\{anker\}” has an unknown placeholder/ },
  { file: { linkTemplate: 'https://d/{Path}' }, names: /^\S*\.doc-ingest\.json: linkTemplate: "https:\/\/d\/\{Path\}" has an unknown placeholder/ },
  { args: ['--include', ''], names: /^--include: “” is an empty glob, which matches nothing/ },
  { env: { DOC_INGEST_INCLUDE: ' , ' }, names: /^DOC_INGEST_INCLUDE: “ , ” is an empty list, which takes no file/ },
  { file: { include: [] }, names: /^\S*\.doc-ingest\.json: include: \[\] is an empty list, which takes no file/ },
  { args: ['--exclude', ' '], names: /^--exclude: “ ” is an empty glob/ },
  { file: { exclude: ['**/drafts/**', ''] }, names: /^\S*\.doc-ingest\.json: exclude\.1: "" is an empty glob/ },
  { args: ['--ledger', ''], names: /^--ledger: “” is not a file name/ },
  { env: { DOC_INGEST_LEDGER: '.' }, names: /^DOC_INGEST_LEDGER: “\.” is not a file name/ },
  { args: ['--root', 'no/such/folder'], names: /^--root: “no\/such\/folder” is not a folder/ },
  { args: ['--timeout', '3000000'], names: /^--timeout: “3000000” is not a positive number of at most 86400/ },
  { args: ['--prune', '--max-delete=-1'], names: /^--max-delete: “-1” is not a number of documents: use a whole number of at least 0, such as 25\.$/ },
  { args: ['--prune', '--max-delete', ''], names: /^--max-delete: “” is not a number of documents/ },
  { env: { DOC_INGEST_MAX_DELETE: 'all' }, names: /^DOC_INGEST_MAX_DELETE: “all” is not a number of documents/ },
  { env: { DOC_INGEST_BASE_URL: 'ftp://search.example.com/api' }, names: /^DOC_INGEST_BASE_URL: “ftp:\/\/search\.example\.com\/api” is not a server address/ },
];

describe('doc-ingest command line: a configuration error stops the run before any file is read (issue 23)', () => {
  const h = useService('observed');
  let folder: Folder;
  beforeEach(async () => {
    folder = await makeFolder();
    await writeDocs(folder, 3);
  });
  afterEach(() => folder.remove());

  for (const c of CASES) {
    const given = c.args ? c.args.join(' ') : c.env ? Object.keys(c.env).join(' ') : `.doc-ingest.json ${JSON.stringify(c.file)}`;
    it(`${given}: exit 2, one sentence naming where it came from and what is expected, no request, no raw JSON`, async () => {
      if (c.file) await writeFile(path.join(folder.root, '.doc-ingest.json'), JSON.stringify(c.file));
      const run = await runCli(['ingest', '--json', ...(c.args ?? [])], {
        cwd: folder.root,
        env: { ...serviceEnv(h.service), ...c.env },
      });
      assert.equal(run.code, 2, run.stderr + run.stdout);
      assert.equal(run.stdout, '', 'no report: nothing was tried');
      const sentence = /^doc-ingest: ([^\n]*[.?])\n$/.exec(run.stderr)?.[1];
      assert.ok(sentence, `one line, one sentence: ${run.stderr}`);
      assert.match(sentence, c.names);
      assert.doesNotMatch(run.stderr, /"code"|"path"|\[\s*\{|\bat \S+ \(/, 'no raw zod JSON, no stack');
      assert.equal(h.service.requests.length, 0, 'no request reached the server');
    });
  }
});
