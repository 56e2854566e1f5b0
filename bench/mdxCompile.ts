/**
 * Issue 37, goal 1: reading an MDX page to the text a reader sees against compiling it, in the same run on the same
 * pages. Ours: the batch's build of each page (`buildFile`, as `ingest` runs it: front matter, reader text, sections,
 * the request's checks). Theirs: `@mdx-js/mdx` `compile` with the remark plugins docs sites use (remark-frontmatter,
 * remark-gfm), what a site generator pays per page before it renders anything. Goal: ours <= 1/5 of theirs, for the
 * corpus (bench/mdxCorpus.ts, modelled on the Mintlify and Docusaurus sites) and for its largest page alone.
 */
import { buildFile } from '../src/core/ingest/pipeline';
import type { IngestConfig } from '../src/core/ingest/pipeline';
import { mdxCorpus } from './mdxCorpus';
import type { MdxCorpusPage } from './mdxCorpus';
import type { Results } from './results';
import { figure, perCallMs, ratio } from './stats';

type CompileSync = (text: string, options: { remarkPlugins: unknown[] }) => unknown;

/** The compiler and its plugins (ES modules only: imported, once, when the section runs). */
async function compiler(): Promise<(text: string) => unknown> {
  const { compileSync } = (await import('@mdx-js/mdx')) as unknown as { compileSync: CompileSync };
  const { default: remarkGfm } = await import('remark-gfm');
  const { default: remarkFrontmatter } = await import('remark-frontmatter');
  const remarkPlugins = [remarkFrontmatter, remarkGfm];
  return (text) => compileSync(text, { remarkPlugins });
}

const CONFIG: IngestConfig = { idPrefix: '', linkTemplate: 'https://docs.example.com/{path}#{anchor}' };
const NOW = new Date('2026-01-01T00:00:00Z');

/** Our build of every page; throws when a page does not build (the figure would measure an error path). */
function readAll(pages: readonly MdxCorpusPage[]): void {
  for (const page of pages) buildFile({ relativePath: page.path, input: page.text, modifiedTime: NOW }, CONFIG);
}

export async function mdxCompileSection(results: Results, rounds: number): Promise<void> {
  const compile = await compiler();
  const pages = mdxCorpus();
  const largest = pages.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  const bytes = pages.reduce((n, p) => n + p.text.length, 0);
  const compileAll = () => pages.forEach((p) => compile(p.text));
  // Warm both up: the first calls compile the code and load the parsers.
  readAll(pages);
  compileAll();
  const ours: number[] = [];
  const theirs: number[] = [];
  const oursLargest: number[] = [];
  const theirsLargest: number[] = [];
  for (let r = 0; r < rounds; r++) {
    ours.push(perCallMs(() => readAll(pages), 1));
    theirs.push(perCallMs(compileAll, 1));
    oursLargest.push(perCallMs(() => readAll([largest]), 3));
    theirsLargest.push(perCallMs(() => compile(largest.text), 3));
  }
  const count = (kind: string) => pages.filter((p) => p.kind === kind).length;
  const corpus = `${pages.length} pages (${count('mintlify')} Mintlify-like, ${count('docusaurus')} Docusaurus-like, 1 changelog), ${Math.round(bytes / 1024)} KB`;
  results.note('documents', 'mdxCorpus', { pages: pages.length, bytes, largestBytes: largest.text.length, generator: 'bench/mdxCorpus.ts' });
  results.add('documents', 'mdxCorpusReadMs', { name: `read the MDX corpus to reader text, as the batch builds it: ${corpus}`, figure: figure(ours, 'ms') });
  results.add('documents', 'mdxCorpusCompileMs', { name: 'compile the same pages with @mdx-js/mdx (remark-frontmatter, remark-gfm)', figure: figure(theirs, 'ms') });
  results.add('documents', 'mdxCorpusReadVsCompile', {
    name: 'read the MDX corpus / compile it (issue 37, goal 1)',
    figure: ratio(ours, theirs, 'the same pages in the same round; 0.40 before plain Markdown in components was cut out of the parse (readerText/mdxSkeleton.ts)'),
    goal: '<= 0.2',
  });
  results.add('documents', 'mdxLargestReadMs', { name: `read its largest page (a ${Math.round(largest.text.length / 1024)} KB changelog of <Update> blocks)`, figure: figure(oursLargest, 'ms') });
  results.add('documents', 'mdxLargestCompileMs', { name: 'compile that page with @mdx-js/mdx', figure: figure(theirsLargest, 'ms') });
  results.add('documents', 'mdxLargestReadVsCompile', {
    name: 'read the largest page / compile it (issue 37, goal 1)',
    figure: ratio(oursLargest, theirsLargest, '0.87 before plain Markdown in components was cut out of the parse'),
    goal: '<= 0.2',
  });
}
