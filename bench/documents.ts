/**
 * Section 4, document building: ms per file and MB/s for 10 KB, 100 KB, 256 KB and 1 MB of Markdown (front
 * matter, headings, fences, tables, images, relative links), whether the time grows linearly with the text, and
 * the 1 MB build against markdown-it's full parse of the same text (the floor a Markdown-aware build stands on), and
 * the 1 MB build as the fronts make it, its link targets known (F14).
 */
import MarkdownIt from 'markdown-it';
import { buildDocument } from '../src/core/documents';
import type { LinkTarget } from '../src/core/documents';
import { bigMarkdown } from './bigMarkdown';
import { mdxSection } from './mdx';
import type { Results } from './results';
import { figure, perCallMs, ratio } from './stats';

const SIZES = [
  { name: '10 KB', bytes: 10 * 1024, repeat: 40 },
  { name: '100 KB', bytes: 100 * 1024, repeat: 10 },
  { name: '256 KB', bytes: 256 * 1024, repeat: 5 },
  { name: '1 MB', bytes: 1024 * 1024, repeat: 5 },
] as const;

export async function documentsSection(results: Results, rounds: number): Promise<void> {
  const texts = SIZES.map((s) => ({ ...s, text: bigMarkdown(s.bytes).text }));
  const options = { linkTemplate: 'https://docs.example.com/{path}#{anchor}', now: new Date('2026-01-01T00:00:00Z') };
  const build = (text: string) => buildDocument(text, 'docs/guide/page.md', options);
  // As the fronts build it (F14): its links' targets known, so every paragraph with a relative link is parsed for
  // links and each link is rewritten.
  const linkTargets = new Map<string, LinkTarget>([['docs/setup.md', { kind: 'doc', anchors: new Set(['install']) }]]);
  const buildLinked = (text: string) => buildDocument(text, 'docs/guide/page.md', { ...options, linkTargets });
  const md = new MarkdownIt({ html: true });
  const big = texts[texts.length - 1]!.text;
  for (const t of texts) build(t.text); // warm up: the first call compiles
  md.parse(big, {});
  const ms = new Map<string, number[]>(texts.map((t) => [t.name, []]));
  const parse: number[] = [];
  const linked: number[] = [];
  buildLinked(big);
  for (let r = 0; r < rounds; r++) {
    for (const t of texts) ms.get(t.name)!.push(perCallMs(() => build(t.text), t.repeat));
    parse.push(perCallMs(() => md.parse(big, {}), 1));
    linked.push(perCallMs(() => buildLinked(big), 1));
  }
  for (const t of texts) {
    const samples = ms.get(t.name)!;
    results.add('documents', `build${t.name.replace(' ', '')}Ms`, { name: `build ${t.name}: ms per file`, figure: figure(samples, 'ms'), goal: t.name === '1 MB' ? '< 50' : undefined });
    const mb = t.text.length / (1024 * 1024);
    results.add('documents', `build${t.name.replace(' ', '')}MBps`, { name: `build ${t.name}: throughput`, figure: figure(samples.map((m) => mb / (m / 1000)), 'MB/s') });
  }
  results.add('documents', 'buildLinked1MBMs', { name: 'build 1 MB with its link targets (every relative link rewritten): ms per file', figure: figure(linked, 'ms') });
  results.add('documents', 'markdownItParse1MBMs', { name: 'markdown-it full parse of the 1 MB text', figure: figure(parse, 'ms') });
  results.add('documents', 'build1MBVsMarkdownItParse', {
    name: 'build 1 MB / markdown-it parse 1 MB',
    figure: ratio(ms.get('1 MB')!, parse, 'the build parses block structure only (inline for headings alone), so it can undercut a full parse'),
  });
  results.add('documents', 'build1MBVs256KB', {
    name: 'build 1 MB / build 256 KB (linear = 4)',
    figure: ratio(ms.get('1 MB')!, ms.get('256 KB')!),
    goal: '<= 4.5',
  });
  await mdxSection(results, rounds);
}
