import assert from 'node:assert/strict';
import { rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { resolveConfig, splitGlobs } from '../../../src/cli/config';
import { UsageError } from '../../../src/cli/usageError';
import { forCommandLine } from '../../../src/cli/wording';
import { parseProjectConfig, ProjectConfigError } from '../../../src/core/config/projectConfig';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from '../../../src/core/config/defaults';
import { DEFAULT_CONCURRENCY } from '../../../src/core/batch';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

describe('command-line configuration (F12)', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTempFolder('doc-ingest-config-');
    await mkdir(path.join(root, '.git'));
  });
  afterEach(() => removeFolder(root));

  it('first found wins: flags, then the environment, then .doc-ingest.json, then the extension\'s defaults', async () => {
    await writeFile(path.join(root, '.doc-ingest.json'), JSON.stringify({ ccPairId: 3, idPrefix: 'file~', source: 'web', include: ['docs/**/*.md'] }));
    const cwd = path.join(root, 'docs', 'deep');
    await mkdir(cwd, { recursive: true });
    const fromFile = await resolveConfig({}, {}, cwd);
    assert.equal(fromFile.root, root, 'the folder of .doc-ingest.json, found upwards');
    assert.deepEqual([fromFile.ccPairId, fromFile.idPrefix, fromFile.source, fromFile.include], [3, 'file~', 'web', ['docs/**/*.md']]);
    assert.deepEqual(fromFile.exclude, DEFAULT_EXCLUDE, 'what the file does not name keeps the default');
    assert.equal(fromFile.ledger, path.join(root, '.doc-ingest', 'ledger.json'));
    const fromEnv = await resolveConfig({}, { DOC_INGEST_CC_PAIR_ID: '4', DOC_INGEST_ID_PREFIX: 'env~', DOC_INGEST_INCLUDE: 'a/*.{md,txt}, b/**' }, cwd);
    assert.deepEqual([fromEnv.ccPairId, fromEnv.idPrefix, fromEnv.source, fromEnv.include], [4, 'env~', 'web', ['a/*.{md,txt}', 'b/**']]);
    const fromFlags = await resolveConfig({ 'cc-pair-id': '5', 'id-prefix': 'flag~', include: ['c/*.md'] }, { DOC_INGEST_CC_PAIR_ID: '4', DOC_INGEST_ID_PREFIX: 'env~' }, cwd);
    assert.deepEqual([fromFlags.ccPairId, fromFlags.idPrefix, fromFlags.include], [5, 'flag~', ['c/*.md']]);
    await rm(path.join(root, '.doc-ingest.json'));
    const defaults = await resolveConfig({}, {}, cwd);
    assert.equal(defaults.root, root, 'without a file: the repository root');
    assert.deepEqual([defaults.ccPairId, defaults.idPrefix, defaults.source, defaults.include, defaults.concurrency], [undefined, '', 'file', DEFAULT_INCLUDE, DEFAULT_CONCURRENCY]);
  });

  it('the key comes from the environment only, and bad values are usage errors that name where they came from', async () => {
    assert.equal((await resolveConfig({}, { DOC_INGEST_API_KEY: ' on_k ' }, root)).apiKey, 'on_k');
    const bad = (f: () => Promise<unknown>, pattern: RegExp) => assert.rejects(f, (e: unknown) => e instanceof UsageError && pattern.test(e.message));
    await bad(() => resolveConfig({ concurrency: '0' }, {}, root), /--concurrency: “0” is not a whole number from 1 to 16/);
    await bad(() => resolveConfig({}, { DOC_INGEST_CC_PAIR_ID: 'two' }, root), /DOC_INGEST_CC_PAIR_ID: “two”/);
    await bad(() => resolveConfig({ server: 'ftp://x' }, {}, root), /^--server: “ftp:\/\/x” is not a server address/);
    await bad(() => resolveConfig({ 'images-on-problem': 'ignore' }, {}, root), /not stop or skip-image/);
  });

  it('.doc-ingest.json: a key under any secret-like name is refused without repeating it; unknown keys and wrong types are named', () => {
    for (const name of ['apiKey', 'api_key', 'token', 'DOC_INGEST_API_KEY', 'password']) {
      const e = assert.throws(() => parseProjectConfig(JSON.stringify({ [name]: 'on_secret' })), (x: unknown) => x instanceof ProjectConfigError && x.secret && !x.message.includes('on_secret') && x.message.includes(name));
      void e;
    }
    assert.throws(() => parseProjectConfig(JSON.stringify({ nested: { bearer: 'x' } })), /nested\.bearer/);
    assert.throws(() => parseProjectConfig('{"ccPairId": "2"}'), /ccPairId: .*Expected: a whole number/);
    assert.throws(() => parseProjectConfig('{"include": "*.md"}'), /include: .*a list of globs/);
    assert.throws(() => parseProjectConfig('{ nope'), /not valid JSON/);
    assert.deepEqual(parseProjectConfig('\uFEFF{"linkTemplate": "https://d/{path}#{anchor}", "ingestionPath": "onyx-api/ingestion"}'), { linkTemplate: 'https://d/{path}#{anchor}', ingestionPath: 'onyx-api/ingestion' });
  });

  it('.doc-ingest.json: dropPatterns is a list of regular expressions; one that is none is named with the fix (issue 35)', () => {
    assert.deepEqual(parseProjectConfig('{"dropPatterns": ["^\\\\{\\\\*.*\\\\*\\\\}$"]}'), { dropPatterns: ['^\\{\\*.*\\*\\}$'] });
    assert.throws(() => parseProjectConfig('{"dropPatterns": ["^{* ("]}'), /^ProjectConfigError: \.doc-ingest\.json: dropPatterns\.0: "\^\{\* \(" is not a regular expression \(.+\): write one in JavaScript's syntax/);
    assert.throws(() => parseProjectConfig('{"dropPatterns": [".*"]}'), /dropPatterns\.0: "\.\*" matches an empty line/);
    assert.throws(() => parseProjectConfig('{"dropPatterns": "^x"}'), /dropPatterns: .*Expected: a list of regular expressions/);
  });

  it('splits comma-separated globs, keeping commas inside braces', () => {
    assert.deepEqual(splitGlobs('**/*.{md,mdx},docs/**\n notes/*.txt ,'), ['**/*.{md,mdx}', 'docs/**', 'notes/*.txt']);
  });

  it('says the command-line form of every setting a core sentence names', () => {
    assert.equal(forCommandLine('Check the connector-credential pair id (setting docIngest.ccPairId).'), 'Check the connector-credential pair id (--cc-pair-id or DOC_INGEST_CC_PAIR_ID).');
    assert.match(forCommandLine('or set the ingestion route your server uses in the setting docIngest.ingestionPath.'), /--ingestion-path \(DOC_INGEST_INGESTION_PATH\)\.$/);
    assert.match(forCommandLine('a.md is 12.0 MB, over the limit of 10.0 MB (setting maxFileSizeMB): skipped.'), /\(--max-file-size-mb\)/);
    assert.match(forCommandLine('or raise the ingestion timeout (setting docIngest.ingestTimeoutSeconds) if it is only slow.'), /timeout \(--timeout or DOC_INGEST_TIMEOUT_SECONDS\) if/);
    assert.equal(forCommandLine('Set a valid API key for this server.'), 'Set DOC_INGEST_API_KEY to a valid key for this server.');
  });
});
