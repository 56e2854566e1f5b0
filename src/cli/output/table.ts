import type { BatchSummary, FileOutcome, FileResult } from '../../core/batch';

const LABEL: Record<FileOutcome, string> = {
  created: 'created',
  updated: 'updated',
  unchanged: 'unchanged',
  skipped: 'skipped',
  failed: 'failed',
  notSent: 'not sent',
  cancelled: 'cancelled, may still be applied',
  wouldSend: 'would be sent',
};

/** Rows for these by default: what needs the reader; `all` lists every file. */
const ATTENTION = new Set<FileOutcome>(['failed', 'skipped', 'notSent', 'cancelled', 'wouldSend']);

/** The final table: one row per file that needs attention (or every file), then the totals. Plain text, aligned. */
export function summaryTable(summary: BatchSummary, options: { all?: boolean; colour?: boolean } = {}): string {
  const rows = summary.results.filter((r) => options.all || ATTENTION.has(r.outcome));
  const lines: string[] = [];
  if (rows.length) {
    const cells = rows.map((r) => [where(r), r.reason ? `${LABEL[r.outcome]}: ${r.reason}` : LABEL[r.outcome], r.documentId ?? '', r.error ?? '']);
    const width = [0, 1, 2].map((i) => Math.max(...cells.map((c) => c[i]!.length), ['file', 'outcome', 'document id'][i]!.length));
    const row = (c: string[], outcome?: FileOutcome) => {
      const text = [c[0]!.padEnd(width[0]!), c[1]!.padEnd(width[1]!), c[2]!.padEnd(width[2]!), c[3]!].join('  ').trimEnd();
      return options.colour && outcome ? paint(text, outcome) : text;
    };
    lines.push(row(['file', 'outcome', 'document id', 'what to do']));
    rows.forEach((r, i) => lines.push(row(cells[i]!, r.outcome)));
    lines.push('');
  }
  const c = summary.counts;
  const parts = (Object.keys(LABEL) as FileOutcome[]).filter((o) => c[o] > 0 || o === 'failed').map((o) => `${c[o]} ${LABEL[o]}`);
  const withheld = summary.results.filter((r) => r.reason).length;
  lines.push(`${summary.results.length} ${summary.results.length === 1 ? 'file' : 'files'}: ${parts.join(', ')}${withheld ? ` (${withheld} not to be published)` : ''}`);
  const held = alreadyHeldLine(summary);
  if (held) lines.push(held);
  const markup = markupLine(summary);
  if (markup) lines.push(markup);
  return lines.join('\n') + '\n';
}

/** How many pages carry markup readers of the site never see (issue 35): counted, never silent. */
export function markupLine(summary: BatchSummary): string | undefined {
  const pages = summary.results.filter((r) => r.markup?.length).length;
  if (!pages) return undefined;
  return `${pages} ${pages === 1 ? 'page carries' : 'pages carry'} markup readers do not see (sent as written; --verbose or --json lists each at its line; dropPatterns in .doc-ingest.json leaves a site's own syntax out)`;
}

/** `path:line: warning: sentence` for each kind of unrendered markup and each image left out of each page (`--verbose`). */
export function markupWarnings(summary: BatchSummary): string {
  return summary.results
    .flatMap((r) => [...(r.markup ?? []), ...(r.imagesLeftOut ?? [])].map((m) => `doc-ingest: ${r.file.relativePath}${m.line ? `:${m.line}` : ''}: warning: ${m.message}\n`))
    .join('');
}

/**
 * The documents the server said it already held although this ledger never recorded sending them: sent from
 * another clone or pipeline, or dropped by the server's pipeline (which answers the same).
 */
export function alreadyHeldLine(summary: BatchSummary): string | undefined {
  const held = summary.results.filter((r) => r.alreadyHeld);
  if (!held.length) return undefined;
  return `already held: sent from elsewhere? The server already held ${held.length === 1 ? 'this document' : 'these documents'} although this ledger never sent ${held.length === 1 ? 'it' : 'them'}: ${held.map((r) => r.documentId ?? r.file.relativePath).join(', ')}`;
}

function where(r: FileResult): string {
  return r.line ? `${r.file.relativePath}:${r.line}` : r.file.relativePath;
}

function paint(text: string, outcome: FileOutcome): string {
  const code = outcome === 'failed' ? 31 : outcome === 'created' || outcome === 'updated' ? 32 : outcome === 'unchanged' ? 2 : 33;
  return `\x1b[${code}m${text}\x1b[0m`;
}
