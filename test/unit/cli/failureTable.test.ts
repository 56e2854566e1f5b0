// Issue 26, item 4: every failure kind of src/cli/failureTable.ts made to happen for real (a local server, or no
// server at all) under the built command line: the sentence, the exit code, the requests per file (retried or not)
// and an unchanged ledger; and the table of docs/troubleshooting.md is that table.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { failureRow, failureRows, failureTableMarkdown, FAILURES, TABLE_BEGIN, TABLE_END, withFailureTable } from '../../../src/cli/failureTable';
import type { FailureCase, FailureRow } from '../../../src/cli/failureTable';
import { jsonFileLedgerStorage, Ledger, ledgerScope } from '../../../src/core/ledger';
import { forEachConcurrently } from '../../../src/core/pool';
import { startService } from '../../service';
import type { LocalService } from '../../service';
import { startProxy } from '../../net/proxy';
import { makeTestCa, startHttpsFront } from '../../net/tls';
import type { TestCa } from '../../net/tls';
import { makeFolder } from '../../support/batchFolder';
import { runCli } from '../../support/runCli';

const KEY = 'on_failure-table-test-key-0123456789';
const TIMEOUT_S = 0.3;
const FILES = ['guide.md', 'setup.md', 'faq.md'];

/** Where the run sends its requests, and how many each file's document got on each path (when a server counts). */
interface Target {
  baseUrl: string;
  /** More of the command line's environment (the proxy variables); the sentence is worked out with the same. */
  env?: Record<string, string>;
  /** The answer's headers as this target sends them (a redirect's Location), for the sentence. */
  headers?: Record<string, string>;
  /** Requests per document id and path; undefined where no server sees them (refused, DNS, TLS). */
  requests?: () => Map<string, number>;
  /**
   * Connections the server accepted where it sees no request (TLS spoken to a plain server, a certificate not
   * trusted), or tunnels the proxy refused.
   */
  connections?: () => number;
  /** Requests that must never be made: to the server behind a proxy that refuses, or to where a redirect points. */
  untouched?: () => number;
  close(): Promise<void>;
}

function count(bodies: { path: string; body: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { path: p, body } of bodies) {
    let id = '?';
    try {
      id = String((JSON.parse(body) as { document?: { id?: unknown } }).document?.id);
    } catch {
      // not an ingestion
    }
    const k = `${id} ${p}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function stop(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A plain server that answers every request with the head of a JSON answer, then drops the connection. */
async function resettingServer(): Promise<Target> {
  const seen: { path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => (body += d));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '60' });
      res.write('{"document_id": "gui');
      setTimeout(() => res.socket?.destroy(), 5);
    });
  });
  const port = await listen(server);
  return { baseUrl: `http://127.0.0.1:${port}/api`, requests: () => count(seen), close: () => stop(server) };
}

/** The local service, whose ingestion requests are counted per document and path. */
async function service(): Promise<{ service: LocalService; requests: () => Map<string, number> }> {
  const s = await startService({ dialect: 'observed' });
  return { service: s, requests: () => count(s.requests.filter((r) => r.method === 'POST' && /ingestion/.test(r.path))) };
}

/** The service behind the counting proxy (test/net/proxy.ts) named by HTTP_PROXY, which refuses every tunnel. */
async function throughRefusingProxy(refuse: 403 | 407 | 502): Promise<Target> {
  const { service: s } = await service();
  const proxy = await startProxy({ refuse });
  return {
    baseUrl: s.baseUrl,
    env: { HTTP_PROXY: proxy.url },
    connections: () => proxy.refused,
    untouched: () => s.requests.length + proxy.requests.length,
    close: async () => {
      await proxy.close();
      await s.close();
    },
  };
}

let ca: TestCa | undefined;

/**
 * Rows whose failure needs more than the answer says (a proxy, a certificate, another origin): their own set-up, by
 * row id. The others get a server that gives the answer, or no server, by the answer's kind (`target` below).
 */
const TARGETS: Record<string, (row: FailureCase) => Promise<Target>> = {
  'proxy-407': () => throughRefusingProxy(407),
  'proxy-403': () => throughRefusingProxy(403),
  'proxy-502': () => throughRefusingProxy(502),
  'proxy-unreachable': async () => {
    const { service: s } = await service();
    const proxy = await startProxy();
    await proxy.close(); // nothing listens at its address any more
    return { baseUrl: s.baseUrl, env: { HTTP_PROXY: proxy.url }, untouched: () => s.requests.length, close: () => s.close() };
  },
  // The service behind TLS whose certificate the test's own authority signed; the command line is not told of it
  // (runCli's environment has no NODE_EXTRA_CA_CERTS).
  'untrusted-ca': async () => {
    const { service: s } = await service();
    ca ??= await makeTestCa();
    const front = await startHttpsFront(ca, s.port);
    return {
      baseUrl: `${front.origin}/api`,
      connections: () => front.attempts,
      untouched: () => s.requests.length + front.connections,
      close: async () => {
        await front.close();
        await s.close();
      },
    };
  },
  // The Location points at a server of its own, which must never see a request.
  'redirect-elsewhere': async (row) => {
    if (!('http' in row.answer)) throw new Error(`${row.id}: an HTTP answer`);
    const elsewhere: string[] = [];
    const other = http.createServer((req, res) => {
      elsewhere.push(req.url ?? '');
      res.end('{}');
    });
    const otherPort = await listen(other);
    const { service: s, requests } = await service();
    const location = new URL(row.answer.http.headers?.location ?? '/');
    const headers = { ...row.answer.http.headers, location: `http://127.0.0.1:${otherPort}${location.pathname}${location.search}` };
    s.faults.inject({ path: /ingestion/, status: row.answer.http.status, body: row.answer.http.body, headers, times: Infinity });
    return {
      baseUrl: s.baseUrl,
      headers,
      requests,
      untouched: () => elsewhere.length,
      close: async () => {
        await stop(other);
        await s.close();
      },
    };
  },
};

async function target(row: FailureCase): Promise<Target> {
  const own = TARGETS[row.id];
  if (own) return own(row);
  const a = row.answer;
  if ('connection' in a) {
    if (a.connection === 'dns') return { baseUrl: 'https://doc-ingest-failure-table.invalid/api', close: async () => undefined };
    if (a.connection === 'reset') return resettingServer();
    const server = http.createServer((_req, res) => res.end('{}'));
    const port = await listen(server);
    let connections = 0;
    server.on('connection', () => (connections += 1));
    if (a.connection === 'tls') return { baseUrl: `https://127.0.0.1:${port}/api`, connections: () => connections, close: () => stop(server) };
    await stop(server); // refused: the port was just free
    return { baseUrl: `http://127.0.0.1:${port}/api`, close: async () => undefined };
  }
  if ('proxy' in a) throw new Error(`${row.id}: a proxy's failure needs its own set-up in TARGETS`);
  const { service: s, requests } = await service();
  if ('silent' in a) s.faults.inject({ path: /ingestion/, delayMs: 600_000, times: Infinity });
  else s.faults.inject({ path: /ingestion/, status: a.http.status, body: a.http.body, headers: { ...testHeaders(row), 'content-type': a.http.headers?.['content-type'] ?? 'application/json' }, times: Infinity });
  return { baseUrl: s.baseUrl, requests, close: () => s.close() };
}

/** The answer's headers as the test sends them: a Retry-After of 0, so that the run does not wait. */
function testHeaders(c: (typeof FAILURES)[number]): Record<string, string> | undefined {
  if (!('http' in c.answer)) return undefined;
  const h = c.answer.http.headers;
  return h?.['retry-after'] && Number(h['retry-after']) <= 60 ? { ...h, 'retry-after': '0' } : h;
}

interface Outcome {
  row: FailureRow;
  code: number | null;
  stdout: string;
  stderr: string;
  requests: Map<string, number> | undefined;
  connections: number | undefined;
  untouched: number | undefined;
  ledgerBefore: string;
  ledgerAfter: string;
}

/**
 * A folder of FILES with a ledger that records an earlier document on this server, then one `ingest` run; and the
 * row as the table works it out for this server URL, proxy and headers (the sentences name them).
 */
async function run(c: FailureCase): Promise<Outcome> {
  const t = await target(c);
  const folder = await makeFolder();
  try {
    const row = await failureRow(c, { timeoutMs: TIMEOUT_S * 1000, headers: () => t.headers ?? testHeaders(c), baseUrl: t.baseUrl, env: t.env ?? {} });
    for (const f of FILES) await folder.write(f, `# ${f}\n\nText of ${f}.\n`);
    const ledgerFile = path.join(folder.root, '.doc-ingest', 'ledger.json');
    const ledger = await Ledger.open(jsonFileLedgerStorage(ledgerFile));
    ledger.record(ledgerScope(t.baseUrl, undefined), { documentId: 'earlier', sourcePath: 'earlier.md', sourceHash: 'a'.repeat(64), payloadHash: 'b'.repeat(64) });
    await ledger.close();
    const ledgerBefore = await readFile(ledgerFile, 'utf8');
    const args = ['ingest', ...('silent' in row.answer ? ['--timeout', String(TIMEOUT_S)] : [])];
    const out = await runCli(args, { cwd: folder.root, env: { ...t.env, DOC_INGEST_BASE_URL: t.baseUrl, DOC_INGEST_API_KEY: KEY } });
    return { row, ...out, requests: t.requests?.(), connections: t.connections?.(), untouched: t.untouched?.(), ledgerBefore, ledgerAfter: await readFile(ledgerFile, 'utf8') };
  } finally {
    await folder.remove();
    await t.close();
  }
}

describe('every failure kind in one table (issue 26)', () => {
  const outcomes = new Map<string, Outcome>();

  after(() => ca?.remove());

  before(async function () {
    // The runs that retry wait the command line's real backoff (up to 3.5 s a round, three rounds): they start
    // first, side by side, while the others pass through the remaining places.
    this.timeout(120_000);
    const rows = await failureRows({ timeoutMs: TIMEOUT_S * 1000, headers: testHeaders });
    const slow = rows.filter((r) => r.retry.attempts > 1);
    const order = [...slow, ...rows.filter((r) => !slow.includes(r))];
    await forEachConcurrently(order, slow.length + 4, async (row) => void outcomes.set(row.id, await run(FAILURES.find((c) => c.id === row.id)!)));
  });

  for (const c of FAILURES) {
    it(`${c.id}: ${c.failure}`, () => {
      const o = outcomes.get(c.id);
      assert.ok(o, 'ran');
      const { row } = o;
      const said = `${o.stdout}\n${o.stderr}`;
      const context = `\n--- stdout\n${o.stdout}--- stderr\n${o.stderr}`;
      assert.equal(o.code, row.exitCode, `exit code${context}`);
      if (row.retry.stops) {
        assert.ok(o.stderr.includes(`: ${row.sentence}\n`), `stderr says: ${row.sentence}${context}`);
        assert.match(o.stderr, /^doc-ingest: stopped \(0 sent, \d+ failed, \d+ not sent\): /m);
      } else {
        for (const f of FILES) {
          const line = o.stdout.split('\n').find((l) => l.startsWith(`${f} `)) ?? '';
          assert.match(line, /^\S+ +failed +\S+ +/, `${f} failed${context}`);
          assert.ok(line.endsWith(`  ${row.sentence}`), `${f}'s line ends in: ${row.sentence}${context}`);
        }
      }
      assert.ok(!said.includes(KEY), 'never the key');
      assert.doesNotMatch(said, /\n\s+at [\w.<]+ \(|node:internal|unexpected error/, 'no stack, nothing unexplained');
      assert.equal(o.ledgerAfter, o.ledgerBefore, 'the ledger is unchanged');
      if (o.connections !== undefined) {
        assert.ok(o.connections >= 1 && o.connections <= FILES.length * row.requestsPerFile, `${o.connections} connections for ${FILES.length} files`);
      }
      if (o.untouched !== undefined) assert.equal(o.untouched, 0, 'nothing reached the server behind the proxy, or where the redirect points');
      if (o.requests) {
        const most = Math.max(...o.requests.values());
        assert.equal(most, row.requestsPerFile, `requests per file and path: ${JSON.stringify([...o.requests])}`);
        if (!row.retry.stops) {
          for (const id of FILES) {
            const sent: number[] = [...o.requests].filter(([k]) => k.startsWith(`${id} `)).map(([, n]) => n);
            assert.deepEqual(sent, [row.requestsPerFile], `${id}: ${JSON.stringify([...o.requests])}`);
          }
        }
      }
    });
  }

  it('each sentence is one sentence that says what to do, and every row has a distinct failure', async () => {
    const rows = await failureRows();
    assert.equal(new Set(rows.map((r) => r.failure)).size, rows.length);
    for (const r of rows) {
      assert.doesNotMatch(r.sentence, /\n/, r.id);
      assert.match(r.sentence, /[.)]$/, `${r.id}: ends as a sentence`);
      assert.ok(!r.sentence.includes('docIngest.'), `${r.id}: names flags, not editor settings: ${r.sentence}`);
    }
  });

  it('the troubleshooting page\'s table is this table (npm run docs:failures writes it)', async () => {
    const readme = await readFile(path.resolve(__dirname, '../../../../docs/troubleshooting.md'), 'utf8');
    const table = await failureTableMarkdown();
    const now = readme.slice(readme.indexOf(TABLE_BEGIN), readme.indexOf(TABLE_END) + TABLE_END.length);
    assert.ok(withFailureTable(readme, table) !== undefined, `docs/troubleshooting.md has the markers ${TABLE_BEGIN} ... ${TABLE_END}`);
    assert.equal(now, table, 'docs/troubleshooting.md\'s failure table differs from src/cli/failureTable.ts: run npm run docs:failures');
  });

  it('the sentences quoted in "Behind a proxy or a private CA" (docs/proxies.md) are the table\'s, and those rows stop with exit 4', async () => {
    const section = await readFile(path.resolve(__dirname, '../../../../docs/proxies.md'), 'utf8');
    assert.ok(section.startsWith('# Behind a proxy or a private CA\n'), 'the page is the section');
    // Each item of its list of what you see: "- `<the sentence, or its start>` what to do about it".
    const quoted = [...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]!.replace(/\s+/g, ' '));
    assert.ok(quoted.length >= 3, `quoted sentences: ${quoted.length}`);
    const rows = await failureRows({ systemCaFlag: false }); // the page's wording is Node 20's, as the table's
    for (const q of quoted) {
      const row = rows.find((r) => r.sentence.startsWith(q));
      assert.ok(row, `no row of the table says: ${q}`);
      assert.equal(row.exitCode, 4, row.id);
      assert.ok(row.retry.stops && row.retry.attempts === 1, `${row.id}: stops, not tried again`);
    }
  });
});
