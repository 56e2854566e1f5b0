/**
 * `npm run bench`: each figure is a ratio against a baseline measured in the same run on the same machine,
 * so it means the same on a laptop and on a loaded CI machine.
 */
import MarkdownIt from 'markdown-it';
import { Agent, fetch as undiciFetch } from 'undici';
import { ServiceClient } from '../src/core/api';
import { buildDocument } from '../src/core/documents';
import { createNodeFetch } from '../src/core/http/nodeFetch';
import { bigMarkdown } from './bigMarkdown';
import { startServiceOnThread } from './serviceThread';

function medianMs(run: () => void, times: number): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function timeMs(run: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}

function report(name: string, value: number, baseline: number, unit: string, note: string): void {
  console.log(`${name.padEnd(44)} ${(value / baseline).toFixed(2).padStart(6)}x  (${value.toFixed(1)} ${unit} vs ${baseline.toFixed(1)} ${unit}; ${note})`);
}

async function documents(): Promise<void> {
  const big = bigMarkdown(1024 * 1024).text;
  const quarter = bigMarkdown(256 * 1024).text;
  const md = new MarkdownIt({ html: true });
  medianMs(() => buildDocument(big, 'big.md'), 3); // warm up
  const parse = medianMs(() => md.parse(big, {}), 7);
  const build = medianMs(() => buildDocument(big, 'big.md', { linkTemplate: 'https://d.example/{path}#{anchor}' }), 7);
  report('build 1 MB Markdown / markdown-it parse', build, parse, 'ms', 'baseline: the parse alone');
  const small = medianMs(() => buildDocument(quarter, 'q.md'), 7);
  report('build 1 MB / build 256 KB (linear = 4)', build, small, 'ms', 'baseline: a quarter of the text');
}

async function ingestion(): Promise<void> {
  const service = await startServiceOnThread();
  const count = 400;
  const concurrency = 8;
  const docOf = (i: number, run: string) => ({
    id: `bench-${run}-${i}`, semantic_identifier: `Doc ${i}`, sections: [{ text: `# Doc ${i}\n\nText ${i}.` }], source: 'file' as const, metadata: {},
  });
  const url = `${service.baseUrl}/${service.ingestionPath}`;
  const agent = new Agent({ connections: concurrency, keepAliveTimeout: 10000 });
  const raw = async (run: string) => pool(count, concurrency, async (i) => {
    const res = await undiciFetch(url, {
      method: 'POST', dispatcher: agent,
      headers: { authorization: `Bearer ${service.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document: docOf(i, run), cc_pair_id: 2 }),
    });
    await res.text();
  });
  const http = createNodeFetch(concurrency);
  const client = new ServiceClient({ fetch: http.fetch, baseUrl: service.baseUrl, apiKey: service.adminKey, ingestionPath: service.ingestionPath });
  const viaClient = (run: string, c: number) => pool(count, c, async (i) => { await client.ingestDocument({ document: docOf(i, run), cc_pair_id: 2 }); });
  await raw('warm');
  // Interleaved rounds, median of each: a burst of load on the machine hits all three alike.
  const rounds: Record<'raw' | 'client' | 'seq', number[]> = { raw: [], client: [], seq: [] };
  for (let r = 0; r < 5; r++) {
    rounds.raw.push(await timeMs(() => raw(`raw${r}`)));
    rounds.client.push(await timeMs(() => viaClient(`client${r}`, concurrency)));
    rounds.seq.push(await timeMs(() => viaClient(`seq${r}`, 1)));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [rawMs, clientMs, sequentialMs] = [median(rounds.raw), median(rounds.client), median(rounds.seq)];
  report(`ingest ${count} docs: client / raw keep-alive loop`, clientMs, rawMs, 'ms', `both at concurrency ${concurrency}`);
  report(`ingest ${count} docs: sequential / concurrent client`, sequentialMs, clientMs, 'ms', 'how much concurrency buys');
  await agent.close();
  await http.close();
  await service.stop();
}

async function main(): Promise<void> {
  await documents();
  await ingestion();
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
