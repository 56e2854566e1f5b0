/**
 * An MDX corpus modelled on real docs sites (issue 37, goal 1), in words of our own: the pages are generated, never
 * copied, and deterministic (seeded), so every run measures the same bytes.
 *
 * The densities below were measured on 2026-11-27 by counting lines outside code fences (the front matter left out)
 * on the trial sites of the real-sites issue: the Mintlify docs (1,131 pages, 7.07 MB: median page 3.8 KB, 90th
 * percentile 12.4 KB, largest 171 KB for the English changelog) and three Docusaurus sites (Jest, Redux,
 * Prettier: 782 pages, 5.8 MB). Figures are per 10 KB of page text.
 *
 * | per 10 KB | Mintlify | Docusaurus (Jest / Redux / Prettier) |
 * |---|---:|---:|
 * | components opening a line (with 2.5 attributes each on Mintlify, 0.5-2 on Docusaurus) | 12.0 | 0.2 / 0.2 / 0.7 |
 * | components inside a line | 0.3 | 0 / 0 / 0.1 |
 * | lower-case HTML tags (`<img>`, `<br />`, `<a>`) | 9.7 | 0.5 / 1.7 / 1.5 |
 * | `{expressions}` (names, numbers, `{" "}`, comments) | 1.25 | 0.1 / 0.03 / 1.9 |
 * | `import` / `export` lines | 0.2 / 0.04 | 0.2 / 0.2 / 0.24 + 0.1 |
 * | admonitions (`:::note`) | 0 | 2.5 / 1.2 / 0.3 |
 * | code fences (lines inside) | 5.2 (54) | 11 (118) / 5.3 (104) / 13.6 (182) |
 * | table rows | 7.6 | 1.0 / 0 / 1.6 |
 * | headings | 5.5 | 13.9 / 8.3 / 17.6 |
 * | list items | 25 | 17.8 / 14.4 / 12.8 |
 * | prose lines (not a tag, heading or fence) | 66 | 45 / 44 / 57 |
 *
 * Mintlify's components by frequency: ResponseField, Step (in Steps), Accordion (in AccordionGroup), Card (in
 * CardGroup or Columns), Note, Frame, Tip, Update, Badge, CodeGroup, Expandable, Warning, ParamField, Tab (in
 * Tabs), Info, Tree; they open at column 0 (69%), 2 (31%) or 4 and more (20%) spaces in. Docusaurus admonitions:
 * tip, info, note, caution, warning. The largest page is a changelog: `<Update label tags={[...]}>` blocks, each
 * holding a few headings over lists of one-line items with bold leads, links and code.
 */
import { seededRandom } from '../test/service/random';

export interface MdxCorpusPage {
  /** Relative path, `.mdx`. */
  path: string;
  text: string;
  /** Which site it is modelled on. */
  kind: 'mintlify' | 'docusaurus' | 'changelog';
}

type Random = () => number;

const WORDS = (
  'ingest publish section document reader writer service search index pair connector batch ledger change preview ' +
  'payload heading anchor link image upload status poll retry key server client request answer question page site ' +
  'folder workspace command setting option value token chunk embed rank citation source path commit branch draft ' +
  'release version config navigation sidebar breadcrumb title summary detail field type default required field list ' +
  'table column row cell block fence prose text word sentence paragraph note warning tip caution step guide topic'
).split(' ');
const VERBS = 'sends builds reads checks keeps finds shows splits names marks skips waits asks lists counts opens'.split(' ');
const CODE_WORDS = 'docIngest.baseUrl cc_pair_id --dry-run .doc-ingest.json linkTemplate idPrefix --changed maxDocumentChars'.split(' ');

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function words(random: Random, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(i % 5 === 2 ? pick(random, VERBS) : pick(random, WORDS));
  return out.join(' ');
}

function title(random: Random, count: number): string {
  const w = words(random, count);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** One sentence of prose with the inline markup writers use: bold, code, links. */
function sentence(random: Random): string {
  const r = random();
  const lead = title(random, 4 + Math.floor(random() * 6));
  if (r < 0.2) return `${lead} **${words(random, 2)}** ${words(random, 5)}.`;
  if (r < 0.4) return `${lead} \`${pick(random, CODE_WORDS)}\` ${words(random, 4)}.`;
  if (r < 0.55) return `${lead} [${words(random, 2)}](/${pick(random, WORDS)}/${pick(random, WORDS)}#${pick(random, WORDS)}) ${words(random, 3)}.`;
  return `${lead} ${words(random, 6)}.`;
}

function paragraph(random: Random, indent = ''): string {
  const n = 1 + Math.floor(random() * 3);
  return indent + Array.from({ length: n }, () => sentence(random)).join(' ');
}

function list(random: Random, indent = ''): string {
  const n = 2 + Math.floor(random() * 6);
  const ordered = random() < 0.3;
  return Array.from({ length: n }, (_, i) => `${indent}${ordered ? `${i + 1}.` : '-'} ${random() < 0.4 ? `**${title(random, 2)}:** ` : ''}${sentence(random)}`).join('\n');
}

function fence(random: Random, indent = ''): string {
  const language = pick(random, ['bash', 'json', 'ts', 'yaml', 'python']);
  const lines = 3 + Math.floor(random() * 14);
  const body = Array.from({ length: lines }, (_, i) => {
    if (language === 'json') return `  "${pick(random, WORDS)}_${i}": "${words(random, 2)}",`;
    if (language === 'bash') return `doc-ingest ${pick(random, ['ingest', 'check', 'preview'])} ${pick(random, CODE_WORDS)} # ${words(random, 3)}`;
    return `${pick(random, WORDS)}${i} = ${pick(random, ['"', "'"])}${words(random, 2)}${pick(random, ['"', "'"])} // { not an expression }`;
  });
  return [`\`\`\`${language}${random() < 0.3 ? ` title="${pick(random, WORDS)}.${language}"` : ''}`, ...body, '```'].map((l) => indent + l).join('\n');
}

function table(random: Random): string {
  const rows = 2 + Math.floor(random() * 6);
  return ['| Name | Type | Meaning |', '| --- | --- | --- |', ...Array.from({ length: rows }, () => `| \`${pick(random, WORDS)}\` | ${pick(random, ['string', 'number', 'boolean'])} | ${sentence(random)} |`)].join('\n');
}

function heading(random: Random, depth: number, indent = ''): string {
  return `${indent}${'#'.repeat(depth)} ${title(random, 2 + Math.floor(random() * 4))}`;
}

const CALLOUTS = ['Note', 'Tip', 'Warning', 'Info', 'Check'];
const ICONS = ['rocket', 'book', 'gear', 'code', 'key', 'globe'];

/** A block of Mintlify components, as its pages nest them (a group holding items that hold Markdown). */
function mintlifyComponent(random: Random): string {
  const r = random();
  if (r < 0.22) {
    // API fields, sometimes with an Expandable of nested fields.
    const tag = random() < 0.85 ? 'ResponseField' : 'ParamField';
    const nameAttribute = tag === 'ParamField' ? pick(random, ['path', 'query', 'body']) : 'name';
    const fields = 1 + Math.floor(random() * 4);
    return Array.from({ length: fields }, () => {
      const open = `<${tag} ${nameAttribute}="${pick(random, WORDS)}_${pick(random, WORDS)}" type="${pick(random, ['string', 'number', 'boolean', 'object'])}"${random() < 0.4 ? ' required' : ''}${random() < 0.2 ? ` default="${pick(random, WORDS)}"` : ''}>`;
      if (random() < 0.2) {
        return [open, `  ${sentence(random)}`, '', '  <Expandable title="properties">', `    <ResponseField name="${pick(random, WORDS)}" type="string">`, `      ${sentence(random)}`, '    </ResponseField>', '  </Expandable>', `</${tag}>`].join('\n');
      }
      return [open, `  ${sentence(random)}`, `</${tag}>`].join('\n');
    }).join('\n\n');
  }
  if (r < 0.4) {
    const steps = 2 + Math.floor(random() * 4);
    return ['<Steps>', ...Array.from({ length: steps }, () => [`  <Step title="${title(random, 3)}">`, paragraph(random, '    '), ...(random() < 0.4 ? ['', fence(random, '    ')] : []), '  </Step>'].join('\n')), '</Steps>'].join('\n');
  }
  if (r < 0.52) {
    const items = 2 + Math.floor(random() * 3);
    return ['<AccordionGroup>', ...Array.from({ length: items }, () => [`  <Accordion title="${title(random, 4)}"${random() < 0.3 ? ` icon="${pick(random, ICONS)}"` : ''}>`, paragraph(random, '    '), ...(random() < 0.3 ? ['', list(random, '    ')] : []), '  </Accordion>'].join('\n')), '</AccordionGroup>'].join('\n');
  }
  if (r < 0.63) {
    const cards = 2 + Math.floor(random() * 3);
    const group = random() < 0.5 ? 'CardGroup' : 'Columns';
    return [`<${group} cols={2}>`, ...Array.from({ length: cards }, () => [`  <Card title="${title(random, 3)}" icon="${pick(random, ICONS)}" href="/${pick(random, WORDS)}/${pick(random, WORDS)}">`, `    ${sentence(random)}`, '  </Card>'].join('\n')), `</${group}>`].join('\n');
  }
  if (r < 0.8) {
    const callout = pick(random, CALLOUTS);
    return random() < 0.6 ? `<${callout}>\n  ${paragraph(random)}\n</${callout}>` : `<${callout}>${sentence(random)}</${callout}>`;
  }
  if (r < 0.88) {
    return `<Frame${random() < 0.5 ? ` caption="${title(random, 4)}"` : ''}>\n  <img src="/images/${pick(random, WORDS)}-${Math.floor(random() * 50)}.png" alt="${title(random, 3)}" />\n</Frame>`;
  }
  if (r < 0.94) {
    return ['<CodeGroup>', fence(random), '', fence(random), '</CodeGroup>'].join('\n');
  }
  const tabs = 2 + Math.floor(random() * 2);
  return ['<Tabs>', ...Array.from({ length: tabs }, () => [`  <Tab title="${title(random, 1)}">`, paragraph(random, '    '), '', fence(random, '    '), '  </Tab>'].join('\n')), '</Tabs>'].join('\n');
}

/** A paragraph with what Mintlify pages put inside lines: an expression, an inline component, lower-case HTML. */
function mintlifyParagraph(random: Random): string {
  const r = random();
  const text = paragraph(random);
  // The expressions the Mintlify pages write most: names, numbers, a space, comments (a string holding a brace,
  // `{'{'}`, occurs 3 times in the 1,900 pages measured: left out).
  if (r < 0.06) return `${text} Use {${pick(random, ['projectId', '2', '" "', '/* a comment */', "'<'"])}} here.`;
  if (r < 0.09) return `${text} <Tooltip tip="${title(random, 3)}">${pick(random, WORDS)}</Tooltip> ${words(random, 3)}.`;
  if (r < 0.12) return `<Icon icon="${pick(random, ICONS)}" /> ${text}`;
  if (r < 0.3) return `${text}<br />\n${sentence(random)}`;
  if (r < 0.5) return `<img src="/images/${pick(random, WORDS)}.png" alt="${title(random, 2)}" className="rounded-lg" />`;
  return text;
}

function frontMatter(random: Random, name: string): string {
  return ['---', `title: "${name}"`, `description: "${sentence(random).replace(/"/g, '')}"`, ...(random() < 0.3 ? [`icon: "${pick(random, ICONS)}"`] : []), '---'].join('\n');
}

/** Block kinds and their weights, from the Mintlify densities per 10 KB (a component block holds 2.5 components). */
function mintlifyBlock(random: Random): string {
  const r = random() * 25;
  if (r < 5.5) return heading(random, random() < 0.7 ? 2 : 3);
  if (r < 9) return mintlifyComponent(random);
  if (r < 19) return mintlifyParagraph(random);
  if (r < 22) return list(random);
  if (r < 24.2) return fence(random);
  return table(random);
}

function docusaurusBlock(random: Random): string {
  const r = random() * 36;
  if (r < 11) return heading(random, random() < 0.6 ? 2 : 3);
  if (r < 23) return random() < 0.04 ? `${paragraph(random)} It is {${pick(random, ['props.name', "' '"])}} here.` : paragraph(random);
  if (r < 26.5) return list(random);
  if (r < 34.3) return fence(random);
  if (r < 34.6) return table(random);
  if (r < 35.6) return [`:::${pick(random, ['tip', 'info', 'note', 'caution', 'warning'])}${random() < 0.3 ? ` ${title(random, 2)}` : ''}`, '', paragraph(random), '', ':::'].join('\n');
  return ['<Tabs>', '  <TabItem value="npm" label="npm">', '', fence(random, '  '), '', '  </TabItem>', '  <TabItem value="yarn" label="Yarn">', '', fence(random, '  '), '', '  </TabItem>', '</Tabs>'].join('\n');
}

/** A page size drawn as the Mintlify sizes fall (log-normal: median 3.8 KB, 90th percentile 12.4 KB), 0.4 to 60 KB. */
function pageBytes(random: Random): number {
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.min(60_000, Math.max(400, Math.round(3776 * Math.exp(0.928 * normal))));
}

function mintlifyPage(random: Random, i: number): string {
  const bytes = pageBytes(random);
  const blocks = [frontMatter(random, title(random, 3))];
  // 0.2 imports and 0.04 exports per 10 KB: a snippet import on one page in 12.
  if (random() < 0.08) blocks.push(`import ${title(random, 1).replace(/\s/g, '')}Snippet from "/snippets/${pick(random, WORDS)}.mdx";`);
  if (random() < 0.015) blocks.push(`export const version = "${i}.0";`);
  let size = blocks.join('\n\n').length;
  while (size < bytes) {
    const block = mintlifyBlock(random);
    blocks.push(block);
    size += block.length + 2;
  }
  return `${blocks.join('\n\n')}\n`;
}

function docusaurusPage(random: Random, i: number): string {
  const bytes = pageBytes(random) * 1.5;
  const blocks = [frontMatter(random, title(random, 3)), `# ${title(random, 3)}`];
  if (random() < 0.1) blocks.push("import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';");
  if (i % 20 === 0) blocks.push(`export const since = '${i}.1';`);
  let size = blocks.join('\n\n').length;
  while (size < bytes) {
    const block = docusaurusBlock(random);
    blocks.push(block);
    size += block.length + 2;
  }
  return `${blocks.join('\n\n')}\n`;
}

/** The large page: a changelog of `<Update>` blocks of about 2.5 KB each, as long as `bytes`. */
export function changelogPage(bytes: number, seed = 7): string {
  const random = seededRandom(seed);
  const blocks = [['---', 'title: "Product updates"', `description: "${sentence(random)}"`, 'rss: true', '---'].join('\n')];
  let size = blocks[0]!.length;
  for (let week = 0; size < bytes; week++) {
    const parts = [`<Update label="Week ${1000 - week}" tags={["New releases", "${title(random, 1)}"]}${random() < 0.3 ? ` rss={{ title: "${title(random, 5)}" }}` : ''}>`];
    const groups = 1 + Math.floor(random() * 3);
    for (let g = 0; g < groups; g++) {
      parts.push('', heading(random, 2, '  '), '');
      if (random() < 0.3) parts.push(paragraph(random, '  '), '');
      parts.push(Array.from({ length: 3 + Math.floor(random() * 6) }, () => `  - **${title(random, 3)}:** ${sentence(random)} ${sentence(random)}`).join('\n'));
      if (random() < 0.15) parts.push('', `  <Frame>\n    <img src="/images/week-${week}.png" alt="${title(random, 2)}" />\n  </Frame>`);
    }
    parts.push('', '</Update>');
    const block = parts.join('\n');
    blocks.push(block);
    size += block.length + 2;
  }
  return `${blocks.join('\n\n')}\n`;
}

/**
 * The corpus: `mintlify` pages modelled on the Mintlify docs, `docusaurus` pages on the Docusaurus sites, and the
 * large changelog page (`largeBytes`, 170 KB as the Mintlify changelog).
 */
export function mdxCorpus(options: { mintlify?: number; docusaurus?: number; largeBytes?: number; seed?: number } = {}): MdxCorpusPage[] {
  const { mintlify = 160, docusaurus = 40, largeBytes = 170 * 1024, seed = 37 } = options;
  const random = seededRandom(seed);
  const pages: MdxCorpusPage[] = [];
  for (let i = 0; i < mintlify; i++) pages.push({ path: `docs/${pick(random, WORDS)}/page-${i}.mdx`, text: mintlifyPage(random, i), kind: 'mintlify' });
  for (let i = 0; i < docusaurus; i++) pages.push({ path: `website/docs/guide-${i}.mdx`, text: docusaurusPage(random, i), kind: 'docusaurus' });
  pages.push({ path: 'docs/changelog.mdx', text: changelogPage(largeBytes, seed + 1), kind: 'changelog' });
  return pages;
}
