import assert from 'node:assert/strict';
import { DateTexts, fileRowFacts, firstPage, matchingFiles, scaledSize } from '../../../src/extension/views/fileRows';

describe('connector file rows without vscode', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const offsets = [0, 5, 59, 61, 3600 * 3, 86400 * 2, 86400 * 9, 86400 * 40, 86400 * 400].flatMap((s) => [s, -s]);

  for (const language of ['en', 'de', 'ja', 'fr-CA']) {
    it(`formats dates as the per-row Intl formatters did (${language})`, () => {
      const dates = new DateTexts(language);
      for (const seconds of offsets) {
        const date = new Date(now + seconds * 1000);
        assert.equal(dates.exact(date), date.toLocaleString(language));
        const steps: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31536000], ['month', 2592000], ['week', 604800], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
        const s = Math.round((date.getTime() - now) / 1000);
        const [unit, size] = steps.find(([, n]) => Math.abs(s) >= n) ?? ['second', 1];
        assert.equal(dates.relative(date, now), new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(Math.round(s / size), unit));
      }
    });
  }

  it('scales sizes from 1 KB on, and leaves smaller and unknown sizes to the view', () => {
    assert.deepEqual([0, 1023, 1024, 1536, 10 * 1024 * 1024 + 1, 5 * 2 ** 40].map(scaledSize), [undefined, undefined, '1.0 KB', '1.5 KB', '10 MB', '5.0 TB']);
    assert.equal(scaledSize(null), undefined);
  });

  it('pages and filters files, and gives a row its id, label, size, dates and resource', () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ file_id: `f${i}`, file_name: i % 2 ? `Guide ${i}.md` : `note ${i}.txt`, file_size: 2048 * i, upload_date: '2026-03-09T12:00:00' }));
    assert.deepEqual(firstPage(files, 2).remaining, 3);
    assert.deepEqual(matchingFiles(files, 'GUIDE').map((f) => f.file_id), ['f1', 'f3']);
    const row = fileRowFacts(7, files[1]!, new DateTexts('en'), now);
    assert.deepEqual(row, { id: 'file-7-f1', label: 'Guide 1.md', size: '2.0 KB', bytes: 2048, uploaded: { relative: 'yesterday', exact: new Date('2026-03-09T12:00:00Z').toLocaleString('en') }, fileId: 'f1', resourceUri: 'doc-ingest-file:/Guide%201.md' });
  });
});
