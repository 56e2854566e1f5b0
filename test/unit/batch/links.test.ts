// F14 in a batch: every document's links between docs are published links in what the service receives, and a
// target linked from every page is read once for the whole run (both passes), not once per link or page.
import assert from 'node:assert/strict';
import { runBatch } from '../../../src/core/batch';
import { diskLinkTargets } from '../../../src/core/files/linkTargetSource';
import { useService } from '../../support/serviceHarness';
import { diskBatch, useFolder } from '../../support/batchFolder';

describe('batch runner: links between docs (F14)', () => {
  const h = useService('observed');
  const folder = useFolder(h);

  it('sends each page with its links published, reading each linked file once per run', async () => {
    const pages = 40;
    for (let i = 0; i < pages; i++) {
      await folder.write(`guide/page-${i}.md`, `# Page ${i}\n\nSee [setup](../setup.md#install), [setup again](../setup.md) and [next](page-${(i + 1) % pages}.md).\n`);
    }
    await folder.write('setup.md', '# Setup\n\n## Install\n');
    const disk = diskLinkTargets(folder.root, (p) => p.endsWith('.md'));
    const reads = new Map<string, number>();
    const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, {
      config: () => ({ idPrefix: '', linkTemplate: 'https://docs.example.com/{path}#{anchor}' }),
      links: {
        included: (_f, p) => disk.included(p),
        read: (_f, p) => {
          reads.set(p, (reads.get(p) ?? 0) + 1);
          return disk.read(p);
        },
      },
    }));
    assert.equal(summary.counts.created, pages + 1, JSON.stringify(summary.results.map((r) => r.error)));
    const page = h.service.document('guide~page-7.md')?.received as { sections: { text?: string }[] };
    assert.equal(page.sections[0]?.text, '# Page 7\n\nSee [setup](https://docs.example.com/setup#install), [setup again](https://docs.example.com/setup) and [next](https://docs.example.com/guide/page-8).');
    assert.equal(reads.get('setup.md'), 1, 'linked from every page, read once');
    assert.ok([...reads.values()].every((n) => n === 1), JSON.stringify([...reads]));
  });
});
