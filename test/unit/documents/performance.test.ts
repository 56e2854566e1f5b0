import assert from 'node:assert/strict';
import { buildDocument, buildSelectionDocument } from '../../../src/core/documents';
import { NOW } from './helpers';

/** About `bytes` of varied Markdown: prose, links, code fences with `#` lines, tables, lists, nested headings. */
function bigMarkdown(bytes: number): { text: string; chapters: number } {
  const parts = ['---\ntitle: Big\ntags: [a, b]\n---\n\n# Big document\n\n'];
  let size = parts[0]?.length ?? 0;
  let i = 0;
  while (size < bytes) {
    const part = [
      `## Chapter ${i}`, '',
      `Some *prose* with [a link](https://example.com/${i}) and \`code\`, written the way documentation is written.`,
      'A second sentence with **bold** words and a reference to [setup](../setup.md#install).', '',
      '```bash', `# not a heading ${i}`, `echo ${i}`, '```', '',
      ...(i % 4 === 0 ? ['| key | value |', '|-----|-------|', `| k${i} | v${i} |`, ''] : []),
      '- first item', '- second item', '',
      `### Details ${i % 9}`, '',
      'More text follows here.', '', '',
    ].join('\n');
    parts.push(part);
    size += part.length;
    i++;
  }
  return { text: parts.join(''), chapters: i };
}

function medianMs(run: () => void, times: number): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Infinity;
}

describe('documents: performance', function () {
  this.timeout(60_000);
  const { text, chapters } = bigMarkdown(1024 * 1024);

  it('builds a 1 MB Markdown file in tens of milliseconds (linear, no re-splitting per section)', () => {
    const options = { now: NOW, linkTemplate: 'https://docs.example.com/{path}#{anchor}' };
    const result = buildDocument(text, 'docs/big.md', options);
    assert.equal(result.document.sections.length, 1 + 2 * chapters);
    assert.equal(result.document.sections[1]?.link, 'https://docs.example.com/docs/big#chapter-0');
    // Warm the JIT, then take the median. The bound is generous for a loaded 2-core CI machine; a quadratic
    // slicing bug takes seconds at this size. The `bench/` suite measures the real number.
    const ms = medianMs(() => buildDocument(text, 'docs/big.md', options), 7);
    assert.ok(ms < 400, `building took ${ms.toFixed(1)} ms`);
  });

  it('builds a selection of most of a 1 MB file as fast', () => {
    const ms = medianMs(() => buildSelectionDocument(text, 'docs/big.md', 1000, text.length - 1000, { now: NOW }), 5);
    assert.ok(ms < 400, `building took ${ms.toFixed(1)} ms`);
  });

  it('grows linearly: four times the text takes far less than sixteen times as long', () => {
    const small = bigMarkdown(256 * 1024).text;
    const smallMs = medianMs(() => buildDocument(small, 'small.md', { now: NOW }), 7);
    const largeMs = medianMs(() => buildDocument(text, 'large.md', { now: NOW }), 5);
    assert.ok(largeMs < smallMs * 10 + 20, `256 KB: ${smallMs.toFixed(1)} ms, 1 MB: ${largeMs.toFixed(1)} ms`);
  });
});
