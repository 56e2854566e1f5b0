/**
 * A docs repository on disk for the batch figures: N Markdown files of a few KB each (front matter, a title,
 * sections and subsections, code fences, lists, tables, relative links, image references), in folders of 50.
 * Deterministic, so every run measures the same bytes.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededRandom } from '../test/service';
import { pagePath } from './corpusPaths';

export { pagePath } from './corpusPaths';

export interface Corpus {
  root: string;
  /** Relative paths, `/`-separated, in a stable order. */
  files: string[];
  /** Total bytes written. */
  bytes: number;
  remove(): Promise<void>;
}

/** The text of file `i`: 2 to 8 KB. */
export function pageText(i: number, edit = 0): string {
  const random = seededRandom(1000 + i);
  const sections = 3 + Math.floor(random() * 6);
  const parts = [
    '---',
    `title: Page ${i}`,
    `description: What page ${i} explains, in one sentence for the search results.`,
    `tags: [guide, topic-${i % 13}]`,
    'sidebar_position: 3',
    '---',
    '',
    `# Page ${i}`,
    '',
    `This page explains topic ${i % 13} in some detail. See [the overview](../index.md) and [setup](../setup.md#install) first.`,
    '',
  ];
  for (let s = 0; s < sections; s++) {
    parts.push(
      `## Section ${s} of page ${i}`, '',
      'Documentation prose: sentences that explain a feature, with **bold** words, `inline code` and a [link](https://example.com/docs).',
      'A second paragraph line continues the thought, as writers wrap their text at a comfortable width.', '',
      '```bash', `# configure step ${s}`, `tool configure --page ${i} --section ${s}`, '```', '',
      `![Diagram ${s}](../images/diagram-${s}.png)`, '',
      '- first point of the list', '- second point, a little longer than the first', '- third point', '',
    );
    if (random() < 0.5) parts.push(`### Details ${s}`, '', '| option | meaning |', '|---|---|', `| --page | page ${i} |`, `| --section | section ${s} |`, '');
    if (random() < 0.5) parts.push('> Note: a block quote with a hint for the reader, as docs sites render callouts.', '');
  }
  if (edit) parts.push(`Edited in round ${edit}.`, '');
  return parts.join('\n');
}


export async function writeCorpus(count: number): Promise<Corpus> {
  const root = await mkdtemp(path.join(tmpdir(), 'doc-ingest-bench-'));
  const files: string[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const relative = pagePath(i);
    const text = pageText(i);
    if (i % 50 === 0) await mkdir(path.join(root, path.dirname(relative)), { recursive: true });
    await writeFile(path.join(root, relative), text);
    files.push(relative);
    bytes += Buffer.byteLength(text);
  }
  return { root, files, bytes, remove: () => rm(root, { recursive: true, force: true }) };
}
