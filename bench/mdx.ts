/**
 * F15, the reader text, per byte against Markdown building in the same run:
 * - issue 25's goal (within 1.5x): the Docusaurus site in miniature (test/fixtures/sites/docusaurus), each page
 *   built as the fronts build it (its includes read before the clock starts), against the same files built as
 *   Markdown (an `.mdx` page named `.md`: no MDX parser, no includes);
 * - the worst case: a 100 KB MDX page with MDX in every block (imports, Tabs, admonitions, a partial, expressions)
 *   against its Markdown twin (the MDX page's text without its MDX, what a reader sees: the same sections);
 * - a 100 KB page of prose with a component now and then, where only the blocks around the components are parsed
 *   as MDX (readerText/mdxRegions.ts), against its Markdown twin.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildDocument } from '../src/core/documents';
import type { DocumentOptions } from '../src/core/documents';
import { resolveIncludes } from '../src/core/ingest/includes';
import { diskLinkTargets } from '../src/core/files/linkTargetSource';
import { mdxEdits } from '../src/core/documents/readerText/mdx';
import { mdxCompileSection } from './mdxCompile';
import type { Results } from './results';
import { figure, perCallMs, ratio } from './stats';

/** One part of a docs page, in MDX and as the Markdown a reader sees; `i` makes headings unique. */
function part(i: number): { mdx: string; md: string } {
  const prose = `Doc Ingest ${i} sends [the page](./setup.md#install) to the service, with **bold** text, \`code\` and a list:\n\n- one item\n- another item with more words in it\n`;
  const code = '```bash\nnpm install --save-dev doc-ingest\nnpx doc-ingest ingest docs --changed\n```\n';
  const mdx = [
    `## Step ${i}`, '', prose, `It runs on <kbd>Linux</kbd> and macOS{/* not yet Windows */} in version {props.version}.`, '',
    ':::note Before you start', 'Read the guide first; it takes a minute.', ':::', '',
    '<Tabs groupId="os">', '  <TabItem value="linux" label="Linux">', `    ### On Linux ${i}`, '',
    '    Install it with the package manager:', '', ...code.trimEnd().split('\n').map((l) => `    ${l}`),
    '  </TabItem>', '  <TabItem value="mac" label="macOS">', '    Use Homebrew.', '  </TabItem>', '</Tabs>', '',
    '<Setup />', '',
  ].join('\n');
  const md = [
    `## Step ${i}`, '', prose, 'It runs on Linux and macOS in version .', '',
    '**Before you start**', '', 'Read the guide first; it takes a minute.', '',
    '**Linux**', '', `### On Linux ${i}`, '', 'Install it with the package manager:', '', code.trimEnd(), '',
    '**macOS**', '', 'Use Homebrew.', '',
    'Set up a key first.', '',
  ].join('\n');
  return { mdx, md };
}

/** An MDX page and its Markdown twin of about `bytes` each. */
export function mdxPages(bytes: number): { mdx: string; md: string } {
  let mdx = "---\ntitle: Install\n---\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nimport Setup from './_setup.mdx';\n\n# Install\n\n";
  let md = '---\ntitle: Install\n---\n# Install\n\n';
  for (let i = 0; mdx.length < bytes; i++) {
    const p = part(i);
    mdx += `${p.mdx}\n`;
    md += `${p.md}\n`;
  }
  return { mdx, md };
}

const DOCUSAURUS = path.resolve(__dirname, '../../test/fixtures/sites/docusaurus');
const OUTCOMES = path.resolve(__dirname, '../../test/fixtures/sites/expected/docusaurus/outcomes.json');

/** The fixture's pages (those its checked-in outcomes say are sent), each with what the fronts read beside it. */
async function fixturePages(): Promise<Array<{ path: string; text: string; options: DocumentOptions }>> {
  const outcomes = JSON.parse(readFileSync(OUTCOMES, 'utf8')) as Record<string, string>;
  const files = diskLinkTargets(DOCUSAURUS, (p) => /\.mdx?$/.test(p));
  const now = new Date('2026-01-01T00:00:00Z');
  const pages = [];
  for (const page of Object.keys(outcomes).filter((p) => outcomes[p] === 'created')) {
    const text = readFileSync(path.join(DOCUSAURUS, page), 'utf8');
    pages.push({ path: page, text, options: { now, includes: await resolveIncludes(text, page, files) } });
  }
  return pages;
}

/** A page of prose with a component between its parts, and its Markdown twin. */
export function prosePages(bytes: number): { mdx: string; md: string } {
  let mdx = "import Note from '@site/src/Note';\n\n# Guide\n\n";
  let md = '# Guide\n\n';
  for (let i = 0; mdx.length < bytes; i++) {
    const prose = `## Part ${i}\n\n${'A paragraph of plain prose with **bold**, `code` and [a link](./setup.md#install). '.repeat(12)}\n\n- a list\n- of items\n\n\`\`\`bash\nnpx doc-ingest ingest docs\n\`\`\`\n\n`;
    mdx += `${prose}<Note title="Mind part ${i}">\n  It matters.\n</Note>\n\n`;
    md += `${prose}**Mind part ${i}**\n\nIt matters.\n\n`;
  }
  return { mdx, md };
}

export async function mdxSection(results: Results, rounds: number): Promise<void> {
  await fixtureFigure(results, rounds);
  proseFigure(results, rounds);
  denseFigure(results, rounds);
  await mdxCompileSection(results, rounds);
}

async function fixtureFigure(results: Results, rounds: number): Promise<void> {
  const pages = await fixturePages();
  const bytes = pages.reduce((n, p) => n + p.text.length, 0);
  const asSite = () => pages.map((p) => buildDocument(p.text, p.path, p.options));
  const asMarkdown = () => pages.map((p) => buildDocument(p.text, p.path.replace(/\.mdx$/, '.md'), { now: p.options.now }));
  for (let i = 0; i < 20; i++) {
    asSite();
    asMarkdown();
  }
  const site: number[] = [];
  const markdown: number[] = [];
  for (let r = 0; r < rounds; r++) {
    site.push((perCallMs(asSite, 20) * 1e6) / bytes);
    markdown.push((perCallMs(asMarkdown, 20) * 1e6) / bytes);
  }
  const mdx = pages.filter((p) => p.path.endsWith('.mdx')).length;
  results.add('documents', 'buildDocusaurusFixtureNsPerByte', { name: `build the Docusaurus fixture page by page (${pages.length} pages, ${mdx} MDX, ${bytes} bytes): ns per byte`, figure: figure(site, 'ns/B') });
  results.add('documents', 'buildDocusaurusFixtureAsMarkdownNsPerByte', { name: 'the same files built as Markdown: ns per byte', figure: figure(markdown, 'ns/B') });
  results.add('documents', 'buildDocusaurusFixtureVsMarkdownPerByte', {
    name: 'build the Docusaurus fixture / the same files as Markdown, per byte (issue 25)',
    // Issue 37 replaced this goal with MDX against its compiler on a corpus modelled on real sites (mdxCompile.ts).
    figure: ratio(site, markdown, 'micromark with the MDX extensions: about a microsecond per character, as long again for its tree; the fixture\'s one <Tabs> block costs about what the whole fixture costs as Markdown'),
  });
}

function proseFigure(results: Results, rounds: number): void {
  const { mdx, md } = prosePages(100 * 1024);
  const now = new Date('2026-01-01T00:00:00Z');
  const buildMdx = () => buildDocument(mdx, 'docs/guide.mdx', { now });
  const buildMd = () => buildDocument(md, 'docs/guide.md', { now });
  const context = { include: () => '' };
  const inRegions = () => mdxEdits(mdx, context);
  const whole = () => mdxEdits(mdx, context, false);
  buildMdx();
  buildMd();
  whole();
  const mdxNs: number[] = [];
  const mdNs: number[] = [];
  const regionMs: number[] = [];
  const wholeMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    mdxNs.push((perCallMs(buildMdx, 5) * 1e6) / mdx.length);
    mdNs.push((perCallMs(buildMd, 5) * 1e6) / md.length);
    regionMs.push(perCallMs(inRegions, 3));
    wholeMs.push(perCallMs(whole, 1));
  }
  results.add('documents', 'mdxStageRegionsVsWholePage', {
    name: `the MDX stage of that page: only its blocks with MDX parsed / the whole page parsed`,
    figure: ratio(regionMs, wholeMs, 'readerText/mdxRegions.ts: prose and code are never given to the MDX parser'),
  });
  results.add('documents', 'buildProseMdxVsMarkdownPerByte', {
    name: `build a ${Math.round(mdx.length / 1024)} KB MDX page of prose with a component per part / its Markdown twin, per byte`,
    figure: ratio(mdxNs, mdNs, 'only the blocks around the components go through the MDX parser'),
  });
}

function denseFigure(results: Results, rounds: number): void {
  const { mdx, md } = mdxPages(100 * 1024);
  const options = { linkTemplate: 'https://docs.example.com/{path}#{anchor}', now: new Date('2026-01-01T00:00:00Z') };
  const includes = new Map([['docs/_setup.mdx', 'Set up a key first.\n']]);
  const buildMdx = () => buildDocument(mdx, 'docs/install.mdx', { ...options, includes });
  const buildMd = () => buildDocument(md, 'docs/install.md', options);
  const same = JSON.stringify(buildMdx().document.sections.map((s) => s.heading)) === JSON.stringify(buildMd().document.sections.map((s) => s.heading));
  if (!same) throw new Error('the MDX page and its Markdown twin should build the same sections');
  const mdxNsPerByte: number[] = [];
  const mdNsPerByte: number[] = [];
  for (let r = 0; r < rounds; r++) {
    mdxNsPerByte.push((perCallMs(buildMdx, 5) * 1e6) / mdx.length);
    mdNsPerByte.push((perCallMs(buildMd, 5) * 1e6) / md.length);
  }
  results.add('documents', 'buildMdx100KBNsPerByte', { name: `build a ${Math.round(mdx.length / 1024)} KB MDX page (F15): ns per byte`, figure: figure(mdxNsPerByte, 'ns/B') });
  results.add('documents', 'buildMd100KBNsPerByte', { name: `build its ${Math.round(md.length / 1024)} KB Markdown twin: ns per byte`, figure: figure(mdNsPerByte, 'ns/B') });
  results.add('documents', 'buildMdxVsMarkdownPerByte', {
    name: 'build MDX / build Markdown, per byte',
    figure: ratio(mdxNsPerByte, mdNsPerByte, 'the MDX parse (micromark with acorn) comes on top of the Markdown build of the reader text'),
    goal: '<= 1.5',
  });
}
