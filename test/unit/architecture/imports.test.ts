// The import rules of src/ (importRules.ts) hold, and each fires on an import planted to break it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importViolations } from './importRules';

const root = path.resolve(__dirname, '../../../..');

describe('architecture: imports', function () {
  // dependency-cruiser reads all of src/ (about 300 files) in a second or two; slower machines get room.
  this.timeout(60000);

  it('src/ has no import cycle between files or between rooms, type-only imports included, and every room imports only what it may', async () => {
    const violations = await importViolations(root, ['src']);
    if (violations.length) assert.fail(`${violations.length} import rule violations in src/:\n${violations.join('\n')}`);
  });

  describe('each rule fires on a planted violation', () => {
    let tree: string;
    beforeEach(() => {
      tree = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-imports-'));
    });
    afterEach(() => fs.rmSync(tree, { recursive: true, force: true }));

    /** Writes `files` (path under the tree -> text) and checks the tree's src/. */
    async function check(files: Record<string, string>): Promise<string[]> {
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.join(tree, path.dirname(name)), { recursive: true });
        fs.writeFileSync(path.join(tree, name), text);
      }
      return importViolations(tree, ['src']);
    }

    it('a cycle of two files', async () => {
      const found = await check({
        'src/core/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'src/core/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      });
      assert.deepEqual(found, ['no-cycle: src/core/a.ts -> src/core/b.ts -> src/core/a.ts']);
    });

    it('a cycle that only types make, across three files', async () => {
      const found = await check({
        'src/core/x/a.ts': "import type { B } from '../y/b';\nexport interface A { b: B }\n",
        'src/core/y/b.ts': "import type { C } from './c';\nexport interface B { c: C }\n",
        'src/core/y/c.ts': "import type { A } from '../x/a';\nexport interface C { a?: A }\n",
      });
      assert.deepEqual(found, [
        'no-cycle: src/core/x/a.ts -> src/core/y/b.ts -> src/core/y/c.ts -> src/core/x/a.ts',
        'no-room-cycle: src/core/x -> src/core/y -> src/core/x',
      ]);
    });

    it('two rooms importing each other, with no file in a cycle', async () => {
      const found = await check({
        'src/core/x/a.ts': "import { b } from '../y/b';\nexport const a = () => b;\n",
        'src/core/x/d.ts': 'export const d = 1;\n',
        'src/core/y/b.ts': 'export const b = 2;\n',
        'src/core/y/c.ts': "import { d } from '../x/d';\nexport const c = () => d;\n",
      });
      assert.deepEqual(found, ['no-room-cycle: src/core/x -> src/core/y -> src/core/x']);
    });

    it('the core importing a front, the command line importing the editor, http importing api', async () => {
      const found = await check({
        'src/core/run.ts': "import { main } from '../cli/main';\nexport const run = main;\n",
        'src/cli/main.ts': "import type { Log } from '../extension/services/log';\nexport const main = (l?: Log) => l;\n",
        'src/extension/services/log.ts': 'export interface Log { info(m: string): void }\n',
        'src/core/http/fetch.ts': "import type { Client } from '../api/client';\nexport type F = (c: Client) => void;\n",
        'src/core/api/client.ts': 'export interface Client { base: string }\n',
      });
      assert.deepEqual(found.sort(), [
        'cli-not-editor: src/cli/main.ts -> src/extension/services/log.ts',
        'core-below-fronts: src/core/run.ts -> src/cli/main.ts',
        'http-below-api: src/core/http/fetch.ts -> src/core/api/client.ts',
      ]);
    });

    it("the editor's rooms: extension.ts imported, services reaching up, a flow importing a view", async () => {
      const found = await check({
        'src/extension/extension.ts': "import { ResultsView } from './views/resultsView';\nexport const views = [ResultsView];\n",
        'src/extension/commands/retry.ts': "import type { views } from '../extension';\nexport type V = typeof views;\n",
        'src/extension/services/errors.ts': "import type { Batch } from '../batch/batch';\nexport type E = Batch;\n",
        'src/extension/batch/batch.ts': "import type { ResultsView } from '../views/resultsView';\nexport interface Batch { results: ResultsView }\n",
        'src/extension/views/resultsView.ts': 'export class ResultsView {}\n',
      });
      assert.deepEqual(found.sort(), [
        'editor-flows-below-views: src/extension/batch/batch.ts -> src/extension/views/resultsView.ts',
        'editor-root-alone: src/extension/commands/retry.ts -> src/extension/extension.ts',
        'editor-services-below: src/extension/services/errors.ts -> src/extension/batch/batch.ts',
      ]);
    });

    it('an import the check cannot follow', async () => {
      const found = await check({ 'src/core/a.ts': "import { gone } from './gone';\nexport const a = gone;\n" });
      assert.deepEqual(found, ['resolved: src/core/a.ts -> ./gone']);
    });
  });
});
