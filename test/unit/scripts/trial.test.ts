// scripts/trial.mjs (`npm run trial`, issue 35) over a fixture site of ours through the built command line (dist/):
// the counts it takes from our own reports, as it prints them. Real sites are never in the repository.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const script = path.join(root, 'scripts/trial.mjs');
const site = path.join(root, 'test/fixtures/sites/docusaurus');

function trial(...args: string[]) {
  const run = spawnSync(process.execPath, [script, ...args, site], { cwd: root, encoding: 'utf8', env: { ...process.env, INIT_CWD: root } });
  assert.equal(run.status, 0, run.stderr);
  return run;
}

describe('scripts/trial.mjs', function () {
  this.timeout(60000);

  it('counts the Docusaurus fixture: published pages, taken, skips by reason, no leftover markup, addresses', () => {
    const [result] = JSON.parse(trial('--json').stdout).sites;
    assert.deepEqual(result.configs, [{ generator: 'docusaurus', configFile: 'docusaurus.config.js', published: 9, notPages: 1 }]);
    assert.equal(result.listed, 10);
    assert.equal(result.taken, 8);
    assert.equal(result.wouldSend, 8);
    assert.equal(result.secondWouldSend, 8);
    assert.equal(result.built, 8);
    assert.deepEqual(result.publishedOutcomes.skipped.examples, ['docs/guides/draft-feature.md']);
    assert.deepEqual(result.skipped.map((s: { reason: string; count: number }) => [s.reason.split(':')[0], s.count]).sort(), [['draft', 1], ['site', 1]]);
    assert.deepEqual(result.failures, []);
    for (const [kind, found] of Object.entries(result.markup)) assert.equal((found as { count: number }).count, 0, kind);
    assert.equal(result.withoutAddress.count, 0);
    assert.equal(result.emptyBreadcrumbLabel.count, 0);
    assert.ok(result.peakRssMB > 0 && result.filesPerSecond > 0);
  });

  it('prints the same as a table', () => {
    const text = trial().stdout;
    assert.match(text, /^== docusaurus /);
    assert.match(text, /published pages \(all configs\) +9\n/);
    assert.match(text, /would send \(sendable\) +8 +100\.0% of taken\n/);
    assert.match(text, / 1 {2}draft: <file> is not published: its front matter says draft: true \(line N\)/);
  });

  it('finds markup outside code only, with the build\'s own kinds (a heading\'s {#id} is its anchor)', async () => {
    // A path in a variable: the module is plain ESM with no types, loaded as the script loads it.
    const count = path.join(root, 'scripts/trial-count.mjs');
    const { markupOf } = await import(count);
    const sections = [
      { text: '# Intro { #intro }\n\nA lead. { .lead }\n\n=== "Tab"\n\n    text\n\n```md\n<!-- an example -->\n:::note\n```\n\nUse `{{ x }}` here.' },
      { text: '<Tabs>\n\nimport data from a CSV file\n\n::: fastapi.FastAPI\n\n:::tip\n' },
    ];
    assert.deepEqual(markupOf(sections), ['contentTabs', 'attrList', 'mkdocstrings', 'jsx', 'docusaurusFence']);
    // An example whose inner fence, indented 4, does not close the outer one.
    assert.deepEqual(markupOf([{ text: '# Intro { #intro }\n' }]), []);
    const { MARKUP_KINDS } = await import(count);
    assert.ok(MARKUP_KINDS.some((k: { id: string }) => k.id === 'directive'), 'the kinds are the build\'s');
    assert.deepEqual(markupOf([{ text: '```mdx\n<Steps>\n  <Step>\n    ```bash\n    npm i\n    ```\n  </Step>\n</Steps>\n```\n' }]), []);
  });
});
