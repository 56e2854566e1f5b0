/**
 * F15, the reader text: building an MDX page (imports, Tabs, admonitions, a partial, expressions), per byte, against
 * building a Markdown page of the same text in the same run. The goal: within 1.5x of Markdown per byte.
 * The Markdown page is the MDX page's text without its MDX (what a reader sees), so both build the same sections.
 */
import { buildDocument } from '../src/core/documents';
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

export function mdxSection(results: Results, rounds: number): void {
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
