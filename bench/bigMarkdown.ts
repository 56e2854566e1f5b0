/** Realistic large Markdown for benchmarks and the large-input unit test. */

/**
 * About `bytes` of varied Markdown: front matter, prose, relative links, images, code fences with `#` lines,
 * tables, lists, nested headings.
 */
export function bigMarkdown(bytes: number): { text: string; chapters: number } {
  const parts = ['---\ntitle: Big\ntags: [a, b]\n---\n\n# Big document\n\n'];
  let size = parts[0]?.length ?? 0;
  let i = 0;
  while (size < bytes) {
    const part = [
      `## Chapter ${i}`, '',
      `Some *prose* with [a link](https://example.com/${i}) and \`code\`, written the way documentation is written.`,
      'A second sentence with **bold** words and a reference to [setup](../setup.md#install).', '',
      `![Diagram ${i}](images/diagram-${i % 7}.png)`, '',
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

